import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { AppError } from "../core/errors.js";
import type { PgDatabase } from "./postgres.js";

/** The versioned SQL files: `NNN_name.sql`, applied in order, each once. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/** Any constant: the advisory lock that makes replicas starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_301_452_019;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migrations in `dir`, by version. A file not named `NNN_name.sql` is a clear error. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith(".sql")).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = /^(\d+)_([a-z0-9_]+)\.sql$/.exec(file);
    if (!match) {
      throw new AppError("internal", `migration file ${file} is not named NNN_name.sql`, {
        details: { file },
      });
    }
    migrations.push({
      version: Number(match[1]),
      name: match[2]!,
      sql: await readFile(`${dir}/${file}`, "utf8"),
    });
  }
  const versions = new Set(migrations.map((m) => m.version));
  if (versions.size !== migrations.length)
    throw new AppError("internal", "two migration files share a version");
  return migrations;
}

export interface MigrationResult {
  /** Versions applied by this call. */
  applied: number[];
  /** The schema's version afterwards (the highest applied, by anyone). */
  version: number;
}

/**
 * Brings the database's schema up to date: plain versioned SQL files (src/db/migrations/), each applied
 * in its own transaction and recorded in `schema_migrations`. A session advisory lock serialises
 * replicas that start at the same moment; the second one finds the work done. A database migrated by
 * a newer release (a version this code does not know) is left as it is: migrations only add, so an
 * older replica still running during a rolling deploy keeps working.
 */
export async function migrate(db: PgDatabase, migrations?: Migration[]): Promise<MigrationResult> {
  const known = migrations ?? (await readMigrations());
  // Creating tables may take longer than an ordinary call's bound on a busy server.
  return db.run(
    "migration",
    async (client) => {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`);
        const done = new Set(
          (await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map(
            (row) => row.version,
          ),
        );
        const applied: number[] = [];
        for (const migration of known) {
          if (done.has(migration.version)) continue;
          await client.query("BEGIN");
          try {
            await client.query(migration.sql);
            await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
              migration.version,
              migration.name,
            ]);
            await client.query("COMMIT");
          } catch (err) {
            await client.query("ROLLBACK").catch(() => undefined);
            throw new AppError(
              "store_failed",
              `PostgreSQL migration ${migration.version}_${migration.name} failed: ${(err as Error).message}`,
              { cause: err },
            );
          }
          applied.push(migration.version);
          done.add(migration.version);
        }
        return { applied, version: Math.max(0, ...done) };
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
      }
    },
    { timeoutMs: Math.max(db.timeoutMs, 60_000) },
  );
}
