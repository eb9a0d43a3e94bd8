import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const url of process.argv.slice(2)) {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
  console.log(url, lhr.categories.performance.score);
  for (const id of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','cumulative-layout-shift','speed-index','largest-contentful-paint-element','lcp-lazy-loaded','render-blocking-resources','critical-request-chains'])
    { const a = lhr.audits[id]; if (!a) continue; console.log(' ', id, a.displayValue ?? '', a.score, id.includes('element')||id.includes('render-blocking')||id.includes('chains')? JSON.stringify(a.details).slice(0,1500):''); }
}
await chrome.kill();
