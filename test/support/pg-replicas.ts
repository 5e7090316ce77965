/**
 * "Replicas" on the run's real PostgreSQL server for store tests: each call of the returned function
 * is its own pool (its own connections), as two processes would be, on a fresh database migrated to
 * the newest schema — one per test file, or one per test (`perTest`). Pools close after the file.
 */
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { migrate } from "../../src/db/migrate.js";
import { PgDatabase } from "../../src/db/postgres.js";
import { createTestDatabase } from "../../fixtures/postgres-db.js";

export function usePgReplicas(options: { perTest?: boolean } = {}): () => PgDatabase {
  const pools: PgDatabase[] = [];
  let url: string | undefined;
  const replica = () => {
    if (!url) throw new Error("usePgReplicas: the database is made before each test (or file)");
    const db = PgDatabase.create(url, { timeoutMs: 10_000 });
    pools.push(db);
    return db;
  };
  (options.perTest ? beforeEach : beforeAll)(async () => {
    url = await createTestDatabase(inject("postgresUrl"));
    await migrate(replica());
  });
  afterAll(async () => {
    await Promise.all(pools.map((db) => db.close()));
  });
  return replica;
}
