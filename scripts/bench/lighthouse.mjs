// Lighthouse performance score of the landing page, default mobile emulation, in the system
// Chromium (or CHROMIUM_PATH). Target: at least 95. Needs `npm run build` first.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer } from './server.mjs';

const TARGET = 95;
const server = await startBuiltServer({ port: 3904 });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const runs = [];
  for (let run = 0; run < 4; run += 1) {
    const result = await lighthouse(`${server.url}/`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) {
      console.log(`run ${run + 1} failed: ${lhr.runtimeError.message}`);
      continue;
    }
    runs.push(Math.round(lhr.categories.performance.score * 100));
    if (runs.length === 1) {
      for (const id of [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]) {
        console.log(`${lhr.audits[id].title}: ${lhr.audits[id].displayValue}`);
      }
      if (process.env.LIGHTHOUSE_DETAILS) {
        for (const audit of Object.values(lhr.audits)) {
          if (audit.score !== null && audit.score < 0.9)
            console.log(`- ${audit.title}: ${audit.displayValue ?? ''}`);
        }
      }
    }
  }
  runs.sort((a, b) => a - b);
  console.log(
    `performance score, 3 runs: ${runs.join(', ')} (median ${runs[1]}, target ${TARGET})`,
  );
  if (runs[1] < TARGET) process.exitCode = 1;
} finally {
  chrome.kill();
  await server.stop();
}
