// Prerenders the landing page at build time: the first paint then needs only HTML and CSS, and
// the JavaScript takes the page over when it arrives (hydrateRoot in src/client/main.tsx).
// Writes dist/client/index.prerendered.html; dist/client/index.html stays the empty shell that
// every other path is served with.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const outDir = 'dist/prerender';
await build({
  logLevel: 'warn',
  build: {
    ssr: 'prerender.tsx',
    outDir: `../../${outDir}`,
    emptyOutDir: true,
    copyPublicDir: false,
  },
});
const { render } = await import(pathToFileURL(`${outDir}/prerender.js`).href);
const shell = readFileSync('dist/client/index.html', 'utf8');
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) throw new Error(`index.html has no ${marker}`);
writeFileSync(
  'dist/client/index.prerendered.html',
  shell.replace(marker, `<div id="root">${render('/')}</div>`),
);
rmSync(outDir, { recursive: true, force: true });
