import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
try {
  for (const url of process.argv.slice(2)) {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const m = (id) => `${id}=${Math.round(lhr.audits[id].numericValue)}(${lhr.audits[id].score})`;
    console.log(url, Math.round(lhr.categories.performance.score*100), ['first-contentful-paint','largest-contentful-paint','total-blocking-time','cumulative-layout-shift','speed-index'].map(m).join(' '));
    const lcpEl = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
    console.log('  lcp el:', lcpEl?.slice(0,150));
  }
} finally { await chrome.kill(); }
