// @vitest-environment node
// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The admin portal and the chrome of edit mode are drawn in the tokens of
// web/src/styles.css (docs/DESIGN.md, "The admin's tokens"): a colour of
// Tailwind's palette here, such as text-slate-500 or bg-blue-600, would
// follow neither the brand colour of the settings nor the system.
const src = fileURLToPath(new URL('..', import.meta.url));
const scanned = [
  'admin',
  'features/editable-text',
  'app/layout/edit-toolbar.tsx',
  'app/layout/image-slot-controls.tsx',
  'app/layout/sharing-image.tsx',
  'components/ui',
];
// The primitives of the public site, drawn in its own palette.
const publicSite = new Set(['components/ui/button.tsx', 'components/ui/card.tsx', 'components/ui/load-from-server.tsx', 'components/ui/responsive-image.tsx']);

// What must stay: a testimonial's avatar colour is stored as one of the
// class names the home page maps to its own (content/home.ts).
const allowed: Record<string, string[]> = {
  'admin/resources/testimonials.tsx': ['bg-blue-600'],
};

const hues = 'slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
// A class with its variants (hover:bg-blue-700), or a theme variable (var(--color-amber-400)).
const palette = new RegExp(`[\\w:\\-\\[\\]&>*.=@]*-(?:${hues})-(?:50|[1-9]00|950)(?:/\\d+)?\\b`, 'g');

function sources(path: string): string[] {
  const full = join(src, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => relative(src, join(full, f)));
}

/** Each palette class in a file, as "file: class", less the allowed ones. */
function paletteClasses(file: string): string[] {
  const found = readFileSync(join(src, file), 'utf8').match(palette) ?? [];
  return found.filter((c) => !allowed[file]?.includes(c.replace(/^.*:/, ''))).map((c) => `${file}: ${c}`);
}

describe('the admin and edit mode', () => {
  const files = scanned.flatMap(sources).filter((f) => !publicSite.has(f));

  it('scans the admin portal and the edit mode chrome', () => {
    expect(files).toContain('admin/dashboard-page.tsx');
    expect(files).toContain('components/ui/admin-button.tsx');
    expect(files).toContain('components/ui/toaster.tsx');
    expect(files).not.toContain('components/ui/button.tsx');
    expect(files).toContain('features/editable-text/inline-editor.tsx');
    expect(files).toContain('app/layout/edit-toolbar.tsx');
  });

  it('use the tokens, not the colours of the palette', () => {
    expect(files.flatMap(paletteClasses)).toEqual([]);
  });

  it('allow a palette class only where it is still used', () => {
    for (const [file, classes] of Object.entries(allowed)) {
      const text = readFileSync(join(src, file), 'utf8');
      for (const c of classes) expect(text, `${file} no longer needs ${c}: take it off the list`).toContain(`'${c}'`);
    }
  });
});
