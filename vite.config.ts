import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { minifySync, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./web/src', import.meta.url));

/**
 * The page first, then its code: the built index.html gets, instead of the
 * entry's module script and module preloads, one small classic script
 * (web/boot/after-paint.js, at a hashed address) that adds them once the
 * page has painted in its web font. Lighthouse's simulated slow 4G counts
 * every request started before the first paint against it; real phones
 * share their bandwidth the same way.
 */
function startAfterPaint(): Plugin {
  const source = minifySync('after-paint.js', readFileSync(new URL('./web/boot/after-paint.js', import.meta.url), 'utf8'), { compress: true, mangle: true }).code;
  const fileName = `assets/after-paint-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
  return {
    name: 'start-after-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('start-after-paint: index.html has no module script');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], '');
        for (const p of preloads) out = out.replace(p[0], '');
        const tag = `<script defer src="/${fileName}" data-load="${[...preloads.map((p) => p[1]), entry[1]].join(' ')}"></script>`;
        return out.replace('</head>', `  ${tag}\n  </head>`);
      },
    },
  };
}

// The browser build. The server bundle that runs inside Go is built by
// web/scripts/build-server.mjs from the same sources.
export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss(), startAfterPaint()],
  resolve: { alias: { '@': src } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    assetsInlineLimit: 0,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The small modules that the first visit and the editing code
        // share travel as one chunk: each file of a first visit costs its
        // own request and compression overhead.
        codeSplitting: {
          groups: [{ name: 'site-core', test: /web\/src\/(lib\/(site-data|cx\b)|features\/editable-text\/(saved-texts|group-order|content-scope|edit-mode))/ }],
        },
      },
    },
  },
  test: {
    root: '.',
    include: ['web/src/**/*.test.{ts,tsx}'],
    // Tests that need no DOM say so in their first line
    // (`@vitest-environment node`); jsdom is the default for the rest.
    environment: 'jsdom',
    // Worker threads rather than processes: a fifth less time on two cores.
    pool: 'threads',
    setupFiles: ['web/src/test/setup.ts'],
    // Room for the 5 s waits of web/src/test/setup.ts.
    testTimeout: 15_000,
  },
});
