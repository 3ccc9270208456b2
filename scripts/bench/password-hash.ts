// Argon2id hashing cost at the parameters StarPrep uses (src/server/lib/password-hashing.ts):
// time per hash and per verify, one at a time, after a warm-up. Run: npm run bench:password
import { performance } from 'node:perf_hooks';
import {
  ARGON2_OPTIONS,
  hashPassword,
  verifyPassword,
} from '../../src/server/lib/password-hashing';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
}

async function timed(work: () => Promise<unknown>) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

for (let i = 0; i < 3; i += 1) await hashPassword(`warm-up-${i}`);
const hashTimes: number[] = [];
const verifyTimes: number[] = [];
let stored = '';
for (let i = 0; i < ROUNDS; i += 1) {
  hashTimes.push(
    await timed(async () => {
      stored = await hashPassword(`Analytical${i}`);
    }),
  );
  verifyTimes.push(await timed(() => verifyPassword({ hash: stored, password: `Analytical${i}` })));
}
console.log(
  `Argon2id m=${ARGON2_OPTIONS.memoryCost} KiB (${(ARGON2_OPTIONS.memoryCost / 1024).toFixed(0)} MiB), ` +
    `t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism} (OWASP minimum: m=19 MiB, t=2, p=1)`,
);
console.log(`hash:   ${summary(hashTimes)} over ${ROUNDS} rounds`);
console.log(`verify: ${summary(verifyTimes)} over ${ROUNDS} rounds`);
