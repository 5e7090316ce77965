import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMemoryCli } from "../../src/cli/memory-cli.js";

/** A tiny kfilter-dev–shaped set: one user, each outcome once. */
const ROWS = [
  { id: "t1", text: "하이 ㅎㅎ", label: "drop", kind: "greeting" },
  { id: "t2", text: "나 회 못 먹음", label: "keep", kind: "preference", topics: ["food"] },
  {
    id: "t3",
    text: "승우 번호 010-6284-1937",
    label: "keep",
    kind: "contact",
    topics: ["family", "contacts"],
  },
  { id: "t4", text: "승우 번호 뭐였지?", label: "drop", kind: "question" },
  { id: "t5", text: "참고로 나 회 못 먹는 사람", label: "drop", kind: "duplicate", duplicate_of: "t2" },
  { id: "t6", text: "승우 생일 선물 추천해줘", label: "drop", kind: "request" },
].map((row, i) => ({
  user_id: "U0TEST",
  ts: `2026-03-0${i + 1}T10:00:00Z`,
  channel_type: "im",
  lang: "ko",
  ...row,
}));

let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "eval-filter-"));
  file = path.join(dir, "messages.jsonl");
  await writeFile(file, ROWS.map((r) => JSON.stringify(r)).join("\n") + "\n");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMemoryCli({
    argv,
    env: { EMBEDDER: "offline", LOG_LEVEL: "silent", DATA_DIR: path.join(dir, "data") },
    output: { out: (l) => out.push(l), err: (l) => err.push(l), stderrIsTty: false },
  });
  return { code, out, err };
}

describe("memory eval-filter", () => {
  it("prints the eval's config and ends with the summary JSON line", async () => {
    const { code, out, err } = await run(["eval-filter", "--file", file, "--json"]);
    expect(code, err.join("\n")).toBe(0);
    expect(out.slice(0, 3).join("\n")).toContain("taxonomy=fixed");
    const summary = JSON.parse(out.at(-1)!);
    expect(Object.keys(summary)).toEqual(["keepRecall", "noiseReject", "byKind", "duplicateSkip", "topics"]);
    expect(summary).toMatchObject({
      keepRecall: 1,
      noiseReject: 1,
      duplicateSkip: 1,
      byKind: { question: { n: 1, rate: 1 }, duplicate: { n: 1, rate: 1 }, preference: { n: 1, rate: 1 } },
    });
    expect(Object.keys(summary.topics)).toEqual(["precision", "recall", "f1"]);
    expect(summary.topics.recall).toBeGreaterThan(0);
  });

  it("names the line of a bad row, and needs --file", async () => {
    await writeFile(path.join(dir, "bad.jsonl"), `${JSON.stringify(ROWS[0])}\n{"id":"x"}\n`);
    const bad = await run(["eval-filter", "--file", path.join(dir, "bad.jsonl")]);
    expect(bad.code).toBe(1);
    expect(bad.err[0]).toMatch(/bad\.jsonl:2: /);
    expect((await run(["eval-filter"])).code).toBe(2);
  });
});
