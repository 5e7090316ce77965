/**
 * Vitest global setup: starts ONE real Chroma server for the whole test run in a temporary directory
 * and hands its URL to tests through `inject("chromaUrl")`; likewise ONE PGlite with pgvector over
 * the Postgres wire protocol, `inject("databaseUrl")`; and ONE real PostgreSQL server for tests that
 * need many sessions (several processes, LISTEN/NOTIFY, row locks), `inject("postgresUrl")`. Tests
 * isolate themselves with unique collection and table names instead of separate servers.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startChromaServer } from "../../src/backends/chroma/chroma-server.js";
import { startPgliteServer } from "../../fixtures/pglite-server.js";
import { startPostgresServer } from "../../fixtures/postgres-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the run's Chroma server, e.g. `http://127.0.0.1:41234`. */
    chromaUrl: string;
    /** `postgres://` URL of the run's PGlite + pgvector server (fixtures/pglite-server.ts). */
    databaseUrl: string;
    /**
     * `postgres://` URL of the run's real PostgreSQL server (fixtures/postgres-server.ts): separate
     * sessions from several processes, LISTEN/NOTIFY, row locks. No pgvector: that is `databaseUrl`.
     */
    postgresUrl: string;
  }
}

/**
 * Starts Chroma, PGlite and PostgreSQL and provides their URLs; the returned function stops them and
 * deletes their data. If one fails to start, the others are stopped before the error is thrown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "chroma-test-"));
  // Each takes a few seconds to start (PGlite: WebAssembly; PostgreSQL: initdb): all start at once.
  const started = await Promise.allSettled([
    startChromaServer({ path: dataDir }),
    startPgliteServer(),
    startPostgresServer(),
  ]);
  const stopAll = async () => {
    const stopped = await Promise.allSettled(
      started.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)),
    );
    await rm(dataDir, { recursive: true, force: true });
    const failed = stopped.find((result) => result.status === "rejected");
    if (failed) throw failed.reason as Error;
  };
  const [chroma, pglite, postgres] = started;
  if (chroma.status === "rejected" || pglite.status === "rejected" || postgres.status === "rejected") {
    await stopAll();
    throw started.find((result) => result.status === "rejected")?.reason as Error;
  }
  project.provide("chromaUrl", chroma.value.url);
  project.provide("databaseUrl", pglite.value.url);
  project.provide("postgresUrl", postgres.value.url);
  return stopAll;
}
