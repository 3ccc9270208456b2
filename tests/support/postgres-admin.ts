import pg from 'pg';

/** The same server as `url`, connected to another database (default: the one in the URL). */
export function adminUrl(url: string, database?: string): string {
  const parsed = new URL(url);
  if (database) parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs `work` on a short-lived connection to the server's maintenance database. */
export async function withAdmin<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops every database this run created; run at the end of the suite. */
export function dropDatabasesWithPrefix(url: string, prefix: string): Promise<void> {
  return withAdmin(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}
