import { defineConfig } from '@playwright/test';

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
      ],
    },
  },
});
