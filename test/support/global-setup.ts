/**
 * Vitest global setup: starts ONE real Chroma server for the whole test run in a temporary directory
 * and hands its URL to tests through `inject("chromaUrl")`; likewise ONE PGlite with pgvector over
 * the Postgres wire protocol, `inject("databaseUrl")`. Tests isolate themselves with unique
 * collection and table names instead of separate servers.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startChromaServer } from "../../src/memory/chroma-server.js";
import { startPgliteServer } from "./pglite-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the run's Chroma server, e.g. `http://127.0.0.1:41234`. */
    chromaUrl: string;
    /** `postgres://` URL of the run's PGlite + pgvector server (test/support/pglite-server.ts). */
    databaseUrl: string;
  }
}

/** Starts Chroma and PGlite and provides their URLs; the returned function stops them and deletes their data. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "chroma-test-"));
  // PGlite takes a few seconds to start (WebAssembly): it starts while Chroma does.
  const starting = startPgliteServer();
  starting.catch(() => undefined);
  const chroma = await startChromaServer({ path: dataDir });
  project.provide("chromaUrl", chroma.url);
  const postgres = await starting.catch(async (err: unknown) => {
    await chroma.stop();
    throw err;
  });
  project.provide("databaseUrl", postgres.url);
  return async () => {
    await postgres.stop();
    await chroma.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
