import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { REPO_ROOT, createCliHarness, lastJson, type CliHarness } from "./cli-harness.js";

/** The shared kmem-dev set, beside the repository. */
const DEV_SET = path.resolve(REPO_ROOT, "eval/kmem-dev");

interface Summary {
  k: number;
  byType: Record<string, { n: number; recallAtK: number; mrr: number }>;
  negativePassRate: number;
  isolationViolations: number;
}

let harness: CliHarness;

beforeAll(async () => {
  harness = await createCliHarness(inject("chromaUrl"));
});

afterAll(async () => {
  await harness.cleanup();
});

// The pipeline is deterministic offline (hash embedder, BM25), so these are fixed numbers, not samples;
// the bounds leave room for ranking tweaks without letting keyword recall or isolation regress.
describe("memory CLI eval on kmem-dev", () => {
  it("finds keyword queries' gold in the top 5 and never returns another user's memory", async () => {
    const run = await harness.run([
      "eval",
      "--memories",
      path.join(DEV_SET, "memories.jsonl"),
      "--queries",
      path.join(DEV_SET, "queries.jsonl"),
      "--k",
      "5",
      "--json",
    ]);
    expect(run.code, run.stderr).toBe(0);
    const summary = lastJson<Summary>(run);
    expect(summary.k).toBe(5);
    expect(summary.byType["keyword"]?.n).toBe(24);
    expect(summary.byType["keyword"]?.recallAtK).toBeGreaterThanOrEqual(0.95);
    expect(summary.isolationViolations).toBe(0);
    expect(run.stdout).toMatch(/^negative pass rate \d\.\d\d: absent /m);
  }, 180_000);
});
