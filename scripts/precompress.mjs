// Writes .br and .gz beside every text asset of the client build, so the server sends them
// compressed without compressing on each request (serveStatic's `precompressed`).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const folder = 'dist/client/assets';
for (const name of readdirSync(folder)) {
  if (!/\.(js|css|svg|vtt|json|txt)$/.test(name)) continue;
  const content = readFileSync(join(folder, name));
  writeFileSync(join(folder, `${name}.gz`), gzipSync(content, { level: 9 }));
  writeFileSync(
    join(folder, `${name}.br`),
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
