/**
 * Vitest global setup: starts ONE real Chroma server for the whole test run in a temporary directory
 * and hands its URL to tests through `inject("chromaUrl")`. Tests isolate themselves with unique
 * collection names instead of separate servers.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startChromaServer } from "../../src/memory/chroma-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the run's Chroma server, e.g. `http://127.0.0.1:41234`. */
    chromaUrl: string;
  }
}

/** Starts Chroma and provides its URL; the returned function stops it and deletes its data. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "chroma-test-"));
  const chroma = await startChromaServer({ path: dataDir });
  project.provide("chromaUrl", chroma.url);
  return async () => {
    await chroma.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
