import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';

// A page printed, or saved as a PDF, after its first screen was read: all
// of its content on the pages, none of them blank (sections the scroll
// reveal had hidden included), without the site's header and footer, and
// with a link's address beside it. The PDF's text is read by pdftotext.

/** The text of each page of a PDF. */
function pagesOf(pdf: Buffer): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'print-')), 'page.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return text.split('\f').slice(0, -1);
}

for (const path of ['/', '/about-us']) {
  test(`${path} printed: no blank page, no header or footer, links with their address`, async ({ page }) => {
    await page.goto(path);
    // The sections below the first screen are hidden until scrolled to.
    await page.waitForFunction(() => document.querySelectorAll('[data-reveal="hidden"]').length > 0);
    const pages = pagesOf(await page.pdf({ format: 'A4' }));
    expect(pages.length).toBeGreaterThan(2);
    const letters = pages.map((p) => (p.match(/[A-Za-z0-9]/g) ?? []).length);
    // Every page carries text, the last one's end of the content included.
    for (const n of letters.slice(0, -1)) expect(n).toBeGreaterThan(150);
    expect(letters.at(-1)).toBeGreaterThan(20);
    const all = pages.join('\n');
    expect(all).not.toContain('Skip to content');
    expect(all).not.toMatch(/All rights reserved/);
    // A call to action prints where it leads.
    expect(all).toContain('(/ai-journey)');
  });
}
