// Sign-ins per second on the built server (PGlite) under autocannon with 20 connections: 200
// confirmed students, each request the next student's e-mail and password (every sign-in runs
// an Argon2id verify and writes a session). Run: npm run build && npm run bench:login
import autocannon from 'autocannon';
import { confirm, signUp, uniqueEmail } from './accounts.mjs';
import { startBuiltServer } from './server.mjs';

const STUDENTS = 200;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);
const server = await startBuiltServer({ port: 3905, env: { TRUST_PROXY: 'on' } });
try {
  const emails = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    const email = uniqueEmail();
    await signUp(server.url, email);
    await confirm(server.url, email);
    emails.push(email);
  }
  let next = 0;
  const options = {
    url: `${server.url}/api/auth/login`,
    connections: 20,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Round-robin over the students, so no student has more than one sign-in in flight.
    requests: [
      {
        setupRequest: (request) => {
          const email = emails[next % emails.length];
          next += 1;
          // Each sign-in from its own client address, as many students would come: the per-IP
          // cap (100 per 5 minutes) would otherwise stop one benchmarking machine.
          const address = `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': address },
            body: JSON.stringify({ email, password: 'Analytical1843' }),
          };
        },
      },
    ],
  };
  await autocannon({ ...options, duration: 3 }); // warm-up
  const result = await autocannon({ ...options, duration: DURATION_S });
  if (result.errors > 0 || result.non2xx > 0) {
    console.log(`warning: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  console.log(
    `login: ${Math.round(result.requests.average)} req/s with 20 connections ` +
      `(p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} sign-ins)`,
  );
} finally {
  await server.stop();
}
