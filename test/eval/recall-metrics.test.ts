import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  loadKmemDev,
  queryRowSchema,
  scoreRecall,
  toRecallSummary,
  type QueryRow,
  type RankedResult,
} from "../../src/eval/recall-metrics.js";
import { parseJsonLines } from "../../src/util/jsonl.js";

const U = "U1";
const OTHER = "U2";
const r = (id: string, relevant = true, userId = U): RankedResult => ({ id, userId, relevant });

const queries: QueryRow[] = [
  { qid: "k1", user_id: U, query: "a", gold: ["m1"], type: "keyword" },
  { qid: "k2", user_id: U, query: "b", gold: ["m2"], type: "keyword", confusable_other_user: ["x9"] },
  { qid: "e1", user_id: U, query: "c", gold: ["m3", "m4"], type: "entity" },
  { qid: "u1", user_id: U, query: "d", gold: ["m6"], type: "update", stale: ["m5"] },
  { qid: "u2", user_id: U, query: "e", gold: ["m8"], type: "update", stale: ["m7"] },
  { qid: "n1", user_id: U, query: "f", gold: [], type: "negative", neg_kind: "absent" },
  {
    qid: "n2",
    user_id: U,
    query: "g",
    gold: [],
    type: "negative",
    neg_kind: "isolation",
    other_user_has: OTHER,
    other_user_mem: ["x1"],
  },
  { qid: "n3", user_id: U, query: "h", gold: [], type: "negative", neg_kind: "isolation" },
];

const results = new Map<string, RankedResult[]>([
  ["k1", [r("m1")]], // rank 1
  ["k2", [r("z1"), r("z2"), r("m2"), r("x9", false, OTHER)]], // rank 3, leaks a confusable
  ["e1", [r("m3"), r("z"), r("z"), r("z"), r("z"), r("m4")]], // 1 of 2 in top 5, both in top 10
  ["u1", [r("m6"), r("m5")]], // gold above stale
  ["u2", [r("m7"), r("m8")]], // stale above gold
  ["n1", [r("z", false)]], // passes: nothing relevant
  ["n2", [r("x1", false, OTHER)]], // fails: another user's memory, even below threshold
  ["n3", [r("z", true)]], // fails: relevant result
]);

describe("scoreRecall", () => {
  const report = scoreRecall({ queries, results, k: 5 });

  it("computes recall@k per type and overall over non-negative queries", () => {
    expect(report.byType.keyword?.recallAt).toEqual({ 1: 0.5, 3: 1, 5: 1, 10: 1 });
    expect(report.byType.entity?.recallAt).toEqual({ 1: 0.5, 3: 0.5, 5: 0.5, 10: 1 });
    expect(report.byType.update?.recallAt[1]).toBe(0.5);
    // (1 + 1 + 0.5 + 1 + 1) / 5
    expect(report.recallAtK).toBeCloseTo(0.9, 12);
    expect(report.byType.negative).toBeUndefined();
  });

  it("computes MRR from the first gold id", () => {
    expect(report.byType.keyword?.mrr).toBeCloseTo((1 + 1 / 3) / 2, 12);
    expect(report.byType.update?.mrr).toBeCloseTo((1 + 1 / 2) / 2, 12);
    expect(report.mrr).toBeCloseTo((1 + 1 / 3 + 1 + 1 + 1 / 2) / 5, 12);
  });

  it("counts stale-above-gold on update queries", () => {
    expect(report.staleAboveGold).toBe(0.5);
  });

  it("passes a negative only with no relevant and no foreign result", () => {
    expect(report.negativePassRate).toBeCloseTo(1 / 3, 12);
    expect(report.negativeByKind).toEqual({
      absent: { n: 1, passRate: 1 },
      isolation: { n: 2, passRate: 0 },
    });
  });

  it("counts isolation violations and hits on confusable and other-user ids", () => {
    expect(report.isolationViolations).toBe(2);
    expect(report.leakRate).toBeCloseTo(2 / 8, 12);
    expect(report.confusableHits).toBe(1);
    expect(report.otherUserMemHits).toBe(1);
  });

  it("never counts another user's memory as a hit, and counts a stale id as missing gold", () => {
    const q: QueryRow[] = [{ qid: "u", user_id: U, query: "x", gold: ["g"], type: "update", stale: ["s"] }];
    const rep = scoreRecall({ queries: q, results: new Map([["u", [r("s"), r("g", true, OTHER)]]]) });
    expect(rep.recallAtK).toBe(0);
    expect(rep.staleAboveGold).toBe(1);
  });

  it("projects onto the JSON summary", () => {
    const summary = toRecallSummary(report);
    expect(Object.keys(summary).sort()).toEqual(
      ["byType", "isolationViolations", "k", "mrr", "negativePassRate", "recallAtK", "staleAboveGold"].sort(),
    );
    expect(summary.byType.keyword).toEqual({ n: 2, recallAtK: 1, mrr: report.byType.keyword?.mrr });
  });
});

describe("loadKmemDev", () => {
  it("loads and validates both files", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "kmem-"));
    await writeFile(
      path.join(dir, "memories.jsonl"),
      '{"id":"m1","user_id":"U1","text":"또리 생일","ts":"2026-01-07T03:37:34Z","channel_type":"im","lang":"ko"}\n',
    );
    await writeFile(
      path.join(dir, "queries.jsonl"),
      '{"qid":"q1","user_id":"U1","query":"또리 생일?","gold":["m1"],"type":"inflection"}\n\n',
    );
    const { memories, queries: loaded } = await loadKmemDev(dir);
    expect(memories[0]?.text).toBe("또리 생일");
    expect(loaded[0]?.type).toBe("inflection");
  });

  it("names the file and line of an invalid row", () => {
    expect(() =>
      parseJsonLines('{"qid":"q1"}', queryRowSchema, "queries.jsonl"),
    ).toThrow(/^queries\.jsonl:1: user_id: .*; query: /);
    expect(() => parseJsonLines("\n{oops", queryRowSchema, "q.jsonl")).toThrow(/^q\.jsonl:2: not valid JSON/);
  });
});
