// The dashboard benchmark's reference (issue 17): a bare node:http + pg server that runs exactly
// the statements StarPrep ran for one GET /api/dashboard (captured on the wire by pg-capture.mjs:
// same SQL text, same statement names, same parameters, same pool size) and answers with the
// JSON StarPrep sent that student. Per request it takes the session token from the cookie, runs
// the session lookup, then the dashboard statement with the user id the lookup returned.
// Run by dashboard-rps.mjs as its own process: node same-sql-server.mjs <config.json>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';

const config = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const pool = new pg.Pool({
  connectionString: config.databaseUrl,
  max: config.poolSize,
  connectionTimeoutMillis: 5_000,
});
const cookiePrefix = `${config.cookieName}=`;

/** The session token of a signed session cookie (the part before the signature). */
function tokenOf(cookieHeader) {
  const start = cookieHeader?.indexOf(cookiePrefix) ?? -1;
  if (start < 0) return undefined;
  const end = cookieHeader.indexOf(';', start);
  const signed = decodeURIComponent(
    cookieHeader.slice(start + cookiePrefix.length, end < 0 ? undefined : end),
  );
  return signed.slice(0, signed.lastIndexOf('.'));
}

function valuesFor(statement, known) {
  return statement.parameters.map((parameter) =>
    parameter.kind === 'constant' ? parameter.value : known[parameter.kind],
  );
}

const server = createServer(async (request, response) => {
  try {
    const known = { token: tokenOf(request.headers.cookie), now: new Date(), user: undefined };
    for (const statement of config.statements) {
      const { rows } = await pool.query({
        ...(statement.name && { name: statement.name }),
        text: statement.text,
        values: valuesFor(statement, known),
      });
      known.user ??= rows[0]?.id;
    }
    const body = config.bodies[known.user];
    if (!body) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  } catch (error) {
    response.writeHead(500);
    response.end(String(error));
  }
});
server.listen(config.port, () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
