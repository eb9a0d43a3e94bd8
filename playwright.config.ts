import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from '@playwright/test';

/**
 * The Chromium features the tests run without: Playwright's own, and the
 * omnibox popup that Chromium draws in WebUI. Headless Chromium opens a
 * window per browser context, and each window starts two renderers for
 * that popup, which no test shows: about 0.4 s of CPU per context, a
 * third of what a context and its page cost on this project's two cores.
 * Chromium keeps only the last --disable-features of its command line, so
 * the list repeats Playwright's (read from the installed version, which
 * keeps it in its chromium switches) rather than replace it.
 */
function disabledFeatures(): string {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = bundle.match(/disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/)?.[1];
  const playwrights = [...(list ?? '').matchAll(/^\s*"([A-Za-z0-9]+)"/gm)].map((m) => m[1]);
  if (!playwrights.includes('PaintHolding')) {
    throw new Error("playwright.config.ts: Playwright's list of disabled Chromium features was not found; see disabledFeatures()");
  }
  return [...playwrights, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',');
}

// Browser tests run Debian's Chromium against the real binary (bin/site),
// which each test worker starts on a free port with a fresh data directory.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Three workers on two cores: a browser test waits on the site, the
  // database and timers more than it computes.
  workers: 3,
  retries: 0,
  // A test's time, not an assertion's: the longest take about 28 s on an
  // idle machine and over 30 when the machine is busy.
  timeout: 60_000,
  // A lazy chunk (the editor, the admin) may take a few seconds to arrive
  // while three workers share two cores; an assertion waits up to 10 s.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--disable-features=${disabledFeatures()}`,
      ],
    },
  },
});
