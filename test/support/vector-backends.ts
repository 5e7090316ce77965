/**
 * Running the app or the CLI on a `[memory.vector]` backend other than the default Chroma: a
 * memory.toml naming the index type, and whatever the backend needs beside it (pgvector: the run's
 * PostgreSQL).
 */
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";
import type { IndexType } from "../../src/config/memory-config.js";

/** A backend under test and whether its memories outlive the process. */
export interface TestBackend {
  kind: IndexType;
  persistent: boolean;
}

/**
 * Writes a memory.toml selecting `kind` into `dir` and returns the environment that points the app
 * (or the CLI) at it.
 */
export async function backendEnv(kind: IndexType, dir: string): Promise<Record<string, string>> {
  const file = path.join(dir, `memory-${kind}-${randomBytes(3).toString("hex")}.toml`);
  await writeFile(file, `[memory.vector]\nindex_type = "${kind}"\n`);
  // pgvector: the run's PGlite over the wire protocol (test/support/global-setup.ts).
  return { MEMORY_CONFIG: file, ...(kind === "pgvector" ? { DATABASE_URL: inject("databaseUrl") } : {}) };
}
