// /api/health requests per second, as a share of a bare node:http server that answers the same
// JSON, both measured in one run with autocannon (20 connections, 10 s each, after a warm-up).
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { startBuiltServer } from './server.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const body = JSON.stringify({ status: 'ok', database: 'ok' });

async function measure(url) {
  await autocannon({ url, connections: 20, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections: 20, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
}).listen(3903);
const server = await startBuiltServer({ port: 3902 });
try {
  const baseline = await measure('http://localhost:3903/api/health');
  const ours = await measure(`${server.url}/api/health`);
  console.log(`bare node:http: ${Math.round(baseline.rps)} req/s (p99 ${baseline.p99} ms)`);
  console.log(
    `StarPrep /api/health (runs select 1 on PGlite): ${Math.round(ours.rps)} req/s (p99 ${ours.p99} ms)`,
  );
  console.log(`ratio: ${(ours.rps / baseline.rps).toFixed(2)}`);
} finally {
  bare.close();
  await server.stop();
}
