// The admin CSV export at scale: GET /api/admin/registrations.csv with no filter (every
// registration of the database `npm run seed:scale` filled, about 1,100,000 rows), streamed and
// counted here, while the server's resident memory is sampled every 100 ms from /proc. Twice: as
// a browser asks for it (gzip, which the server compresses with zlib), and uncompressed.
// Goal (admin dashboard issue): at least 100,000 rows/s, server RSS at most 256 MB.
// Exits non-zero only on errors (a missed goal is printed, not an error).
// Run: npm run build && npm run seed:scale && npm run bench:admin-csv
// BENCH_DATABASE_URL picks the database (default the seed's, starprep_scale on 127.0.0.1).
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { startAdminBench } from './admin-api.mjs';

const GOAL_ROWS_PER_SECOND = 100_000;
const GOAL_RSS_MB = 256;
const SAMPLE_MS = 100;
const NEWLINE = 0x0a;

/** VmRSS (now) and VmHWM (the peak since the process started) of a process, in MB. */
async function memory(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const mb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024;
  return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
}

/**
 * Reads the whole body and counts its lines. The seeded names, e-mails and addresses have no line
 * breaks, so each newline ends one record (a quoted field with a newline would count twice).
 */
async function download(url, cookie, encoding) {
  const started = performance.now();
  // fetch decompresses a gzip body itself; bytes and lines are counted on the CSV.
  const response = await fetch(url, { headers: { cookie, 'accept-encoding': encoding } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByte;
  for await (const chunk of response.body) {
    firstByte ??= performance.now() - started;
    bytes += chunk.length;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) {
      lines += 1;
    }
  }
  return {
    seconds: (performance.now() - started) / 1000,
    firstByteMs: firstByte ?? 0,
    bytes,
    rows: lines - 1, // the header line
    contentType: response.headers.get('content-type'),
    contentEncoding: response.headers.get('content-encoding') ?? 'identity',
    disposition: response.headers.get('content-disposition'),
  };
}

/** One download, with the server's RSS sampled while it runs; returns the peak seen. */
async function measure(server, cookie, counts, encoding) {
  let peakSampled = (await memory(server.pid)).rss;
  const sampler = setInterval(() => {
    memory(server.pid).then(
      ({ rss }) => (peakSampled = Math.max(peakSampled, rss)),
      () => {},
    );
  }, SAMPLE_MS);
  let result;
  try {
    result = await download(`${server.url}/api/admin/registrations.csv`, cookie, encoding);
  } finally {
    clearInterval(sampler);
  }
  const rate = result.rows / result.seconds;
  console.log(`\n${result.disposition} (${result.contentType}, ${result.contentEncoding})`);
  console.log(
    `rows: ${result.rows.toLocaleString('en-US')} ` +
      `(database: ${counts.registrations.toLocaleString('en-US')} registrations), ` +
      `${(result.bytes / 1024 / 1024).toFixed(1)} MB of CSV, first byte after ${result.firstByteMs.toFixed(0)} ms`,
  );
  console.log(
    `time: ${result.seconds.toFixed(2)} s, ${Math.round(rate).toLocaleString('en-US')} rows/s ` +
      `(goal ≥ ${GOAL_ROWS_PER_SECOND.toLocaleString('en-US')}: ${rate >= GOAL_ROWS_PER_SECOND ? 'met' : 'missed'})`,
  );
  console.log(`server RSS: peak ${peakSampled.toFixed(1)} MB sampled every ${SAMPLE_MS} ms`);
  if (result.rows !== counts.registrations) {
    console.log(
      `note: the export has ${result.rows} rows, the database ${counts.registrations} registrations`,
    );
  }
}

const { server, cookie, counts } = await startAdminBench(3932);
let failed = false;
try {
  const before = await memory(server.pid);
  console.log(`server RSS before: ${before.rss.toFixed(1)} MB`);
  await measure(server, cookie, counts, 'gzip, deflate, br');
  await measure(server, cookie, counts, 'identity');
  const after = await memory(server.pid);
  console.log(
    `\nserver RSS: VmHWM ${after.hwm.toFixed(1)} MB over both downloads, ${after.rss.toFixed(1)} MB after ` +
      `(goal ≤ ${GOAL_RSS_MB} MB: ${after.hwm <= GOAL_RSS_MB ? 'met' : 'missed'})`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
