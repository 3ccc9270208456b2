// Landing page initial JavaScript, gzipped: every script and modulepreload that index.html
// loads before the first render. Budget: 120 KB. Needs `npm run build` first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const html = readFileSync('dist/client/index.html', 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((match) => match[1]);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
  (m) => m[1],
);

const gzipKb = (path) =>
  gzipSync(readFileSync(join('dist/client', path)), { level: 9 }).length / 1024;
const jsKb = scripts.reduce((sum, path) => sum + gzipKb(path), 0);
const cssKb = styles.reduce((sum, path) => sum + gzipKb(path), 0);

console.log(
  `initial JavaScript: ${jsKb.toFixed(1)} KB gzipped in ${scripts.length} file(s) (budget ${BUDGET_KB} KB)`,
);
console.log(`initial CSS: ${cssKb.toFixed(1)} KB gzipped`);
if (jsKb > BUDGET_KB) {
  console.error(`over budget by ${(jsKb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
