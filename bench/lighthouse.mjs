// Runs Lighthouse in its default (mobile) mode against each URL given on the
// command line, one after another in one Chromium, and prints one JSON line
// per URL with the four category scores (0-100).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const url of process.argv.slice(2)) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const lhr = result.lhr;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    console.log(
      JSON.stringify({
        url,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        failed,
        runtimeError: lhr.runtimeError?.message,
      }),
    );
  }
} finally {
  await chrome.kill();
}
