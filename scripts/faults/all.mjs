// `npm run faults`: every fault script of issue 13 one after another (each in its own process,
// which cleans up after itself), then the webhook storm at a size CI can afford. Exits 1 when
// any of them lost something or failed.
// Run: npm run build && npm run faults
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const STORM_EVENTS = '100';

const runs = [
  ['kill -9 under writes', 'scripts/faults/kill.mjs'],
  ['database restart', 'scripts/faults/db-restart.mjs'],
  ['SIGTERM drain', 'scripts/faults/drain.mjs'],
  ['Redis down', 'scripts/faults/redis-down.mjs'],
  [
    'webhook storm',
    'scripts/bench/webhook-storm.mjs',
    { BENCH_EVENTS: STORM_EVENTS, BENCH_PORT: '4350' },
  ],
];

const started = performance.now();
const failed = [];
for (const [name, script, env = {}] of runs) {
  const scriptStarted = performance.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [script], {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? signal));
  });
  console.log(`(${name}: ${Math.round((performance.now() - scriptStarted) / 1000)} s)`);
  if (code !== 0) failed.push(`${name} (exit ${code})`);
}
const seconds = Math.round((performance.now() - started) / 1000);
console.log(
  failed.length === 0
    ? `faults: all ${runs.length} passed in ${seconds} s`
    : `faults: ${failed.length} of ${runs.length} failed in ${seconds} s: ${failed.join(', ')}`,
);
if (failed.length > 0) process.exitCode = 1;
