// From a sign-up request to the confirmation mail in the outbox: the time from sending the
// request until the development mailbox lists the mail, one sign-up at a time on the built server
// (PGlite, outbox mail). Run: npm run build && npm run bench:signup-mail
import { performance } from 'node:perf_hooks';
import { mailedCode, signUp, summary, uniqueEmail } from './accounts.mjs';
import { startBuiltServer } from './server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const server = await startBuiltServer({ port: 3904, env: { TRUST_PROXY: 'on' } });
try {
  for (let i = 0; i < 3; i += 1) await signUp(server.url, uniqueEmail()); // warm-up
  const samples = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const email = uniqueEmail();
    const start = performance.now();
    await signUp(server.url, email);
    while (!(await mailedCode(server.url, email))) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    samples.push(performance.now() - start);
  }
  console.log(`sign-up request to mail in the outbox: ${summary(samples)} over ${ROUNDS} sign-ups`);
} finally {
  await server.stop();
}
