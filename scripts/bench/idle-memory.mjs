// Idle server memory on PGlite: start the built server on a fresh database, load the landing
// page and the API once, wait for things to settle, then read its RSS. Budget: 200 MB.
import { rssMegabytes, startBuiltServer } from './server.mjs';

const BUDGET_MB = 200;
const server = await startBuiltServer({ port: Number(process.env.BENCH_PORT ?? 3901) });
try {
  for (const path of ['/', '/api/health', '/api/config'])
    await (await fetch(server.url + path)).text();
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const rss = await rssMegabytes(server.pid);
  console.log(`idle RSS on PGlite: ${rss} MB (budget ${BUDGET_MB} MB)`);
  if (rss > BUDGET_MB) process.exitCode = 1;
} finally {
  await server.stop();
}
