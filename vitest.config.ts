import { defineConfig } from "vitest/config";

/**
 * One real Chroma for the whole run (test/support/global-setup.ts, URL via `inject("chromaUrl")`);
 * Slack and Ollama are fakes on loopback (fixtures/). Two workers: these machines have 2 cores
 * and Chroma runs beside the tests.
 */
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
