// A throw-away PostgreSQL database for one fleet run, created on the server the tests use and
// dropped at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server to create it on: the integration tests' one when set (CI sets it). */
export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin(run) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** @returns {Promise<{ url: string, name: string, drop: () => Promise<void> }>} */
export async function createFleetDatabase() {
  const name = `pbshare_fleet_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // The instances are stopped by then; FORCE ends any connection a killed one left behind.
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}
