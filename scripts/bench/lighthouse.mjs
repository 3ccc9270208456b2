// Lighthouse performance score of the landing page, default mobile emulation, in the system
// Chromium (or CHROMIUM_PATH). Target: at least 95. Needs `npm run build` first.
// LIGHTHOUSE_DETAILS=1 also lists the audits that scored under 90.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { OFFLINE_CHROMIUM_FLAGS } from '../chromium-flags.mjs';
import { startBuiltServer } from './server.mjs';

const TARGET = 95;
const COUNTED_RUNS = 3;
const metrics = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

const server = await startBuiltServer({ port: 3904 });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', ...OFFLINE_CHROMIUM_FLAGS],
});
try {
  const scores = [];
  // One warm-up run first (it starts Chromium's and the server's caches); it is not counted.
  for (let run = 0; run <= COUNTED_RUNS; run += 1) {
    const { lhr } = await lighthouse(`${server.url}/`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    if (lhr.runtimeError) throw new Error(`Lighthouse failed: ${lhr.runtimeError.message}`);
    if (run === 0) continue;
    scores.push(Math.round(lhr.categories.performance.score * 100));
    if (run === 1) {
      for (const id of metrics)
        console.log(`${lhr.audits[id].title}: ${lhr.audits[id].displayValue}`);
      if (process.env.LIGHTHOUSE_DETAILS) {
        for (const audit of Object.values(lhr.audits)) {
          if (audit.score !== null && audit.score < 0.9) {
            console.log(`- ${audit.title}: ${audit.displayValue ?? ''}`);
          }
        }
      }
    }
  }
  scores.sort((a, b) => a - b);
  const median = scores[Math.floor(scores.length / 2)];
  console.log(
    `performance score, ${scores.length} runs: ${scores.join(', ')} (median ${median}, target ${TARGET})`,
  );
  if (median < TARGET) process.exitCode = 1;
} finally {
  chrome.kill();
  await server.stop();
}
