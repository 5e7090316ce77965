/**
 * A fresh database per test file on the run's real PostgreSQL server (`inject("postgresUrl")`,
 * test/support/global-setup.ts), so files running in parallel never see each other's rows.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

/** Creates `test_<random>` on the server of `serverUrl` and returns its URL. */
export async function createTestDatabase(serverUrl: string): Promise<string> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
