import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { collectionNames, createCliHarness, lastJson, type CliHarness } from "./cli-harness.js";

interface ListJson {
  items: Array<{ id: string; text: string; timestamp: string; extra?: Record<string, unknown> }>;
  nextCursor: string | null;
}
interface SearchJson {
  results: Array<{
    id: string;
    rank: number;
    relevant: boolean;
    ranks: { vector?: number; keyword?: number };
  }>;
}

/** Two users' memories: ISO ts with and without offset, epoch-ms ts, no ts/id, flat metadata. */
const MEMORIES = [
  { id: "m1", user_id: "U1", text: "또리 생일은 8월 9일이야", ts: "2026-01-03T10:00:00Z" },
  { id: "m2", user_id: "U1", text: "한빛치과 예약은 3월 5일 오후 2시", ts: 1767500000000 },
  { user_id: "U1", text: "Wi-Fi password hint is the blue cat", metadata: { topic: "home", pinned: true } },
  { id: "m4", user_id: "U2", text: "보리 예방접종은 5월 2일", ts: "2026-02-01T09:00:00+09:00" },
];

/**
 * A CLI run costs 2–4 s (loading LlamaIndex), so each test makes few; the limit allows for a busy
 * machine (the whole suite shares two cores with Chroma).
 */
const TEST_TIMEOUT_MS = 120_000;

let harness: CliHarness;
let file: string;
/** MEMORIES imported twice, for the tests that only read; tests that write use a team of their own. */
let sharedTeam: string;

/** A fresh team id, so concurrent tests never see each other's rows (the same memory ids included). */
function newTeam(): string {
  return `T${randomBytes(4).toString("hex")}`;
}

async function importAs(team: string): Promise<void> {
  const run = await harness.run(["import", "--file", file, "--team", team]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.lines.at(-1)).toBe("imported 4, skipped 0");
}

async function listJson(team: string, user: string): Promise<ListJson> {
  const run = await harness.run(["list", "--user", user, "--team", team, "--json"]);
  expect(run.code, run.stderr).toBe(0);
  return lastJson<ListJson>(run);
}

beforeAll(async () => {
  harness = await createCliHarness(inject("chromaUrl"));
  file = await harness.writeJsonl("memories.jsonl", MEMORIES);
  sharedTeam = newTeam();
  await importAs(sharedTeam);
  await importAs(sharedTeam); // the idempotency test checks that this left no duplicates
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  await harness.cleanup();
});

describe.concurrent("memory CLI", () => {
  it(
    "lists imported lines per user, once each after importing the file twice",
    async () => {
      const { items } = await listJson(sharedTeam, "U1");
      // Three rows, not six: ids replace, and the line without an id gets a stable one.
      expect(items.map((m) => m.id).sort()).toEqual(
        ["m1", "m2", expect.stringMatching(/^imp_[0-9a-f]{24}$/)].sort(),
      );
      const byId = new Map(items.map((m) => [m.id, m]));
      expect(byId.get("m1")).toMatchObject({
        text: "또리 생일은 8월 9일이야",
        timestamp: "2026-01-03T10:00:00.000Z",
      });
      expect(byId.get("m2")?.timestamp).toBe(new Date(1767500000000).toISOString());
      expect(items.find((m) => m.id.startsWith("imp_"))?.extra).toEqual({ topic: "home", pinned: true });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "reports each bad line with its number, imports the good ones and exits 1",
    async () => {
      const team = newTeam();
      const bad = await harness.writeJsonl(`bad-${team}.jsonl`, [
        { id: "b1", text: "첫 번째 기억: 주차는 B2 층" },
        "{not json",
        { id: "b3", text: "세 번째 기억: 우산은 현관에", ts: "2026-03-01T00:00:00Z" },
        { id: "b4", text: "   " },
        { id: "b5", text: "날짜가 틀린 기억", ts: "next tuesday" },
      ]);
      const run = await harness.run(["import", "--file", bad, "--user", "U3", "--team", team, "--json"]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`bad-${team}\\.jsonl:2: skipped: not valid JSON`));
      expect(run.stderr).toMatch(/:4: skipped: text: must not be empty/);
      expect(run.stderr).toMatch(/:5: skipped: ts: must be an ISO 8601 date-time or ms since the epoch/);
      expect(run.lines).toContain("imported 2, skipped 3");
      const summary = lastJson<{ imported: number; skipped: number; errors: Array<{ line: number }> }>(run);
      expect(summary.imported).toBe(2);
      expect(summary.errors.map((e) => e.line)).toEqual([2, 4, 5]);
      expect((await listJson(team, "U3")).items.map((m) => m.id).sort()).toEqual(["b1", "b3"]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "search ranks the matching memory first, with both retrievers' ranks, and stays in the user's scope",
    async () => {
      const query = "또리 생일 언제야";
      const own = await harness.run([
        "search",
        "--user",
        "U1",
        "--team",
        sharedTeam,
        "--query",
        query,
        "--json",
      ]);
      expect(own.code, own.stderr).toBe(0);
      const [best, ...rest] = lastJson<SearchJson>(own).results;
      expect(best).toMatchObject({ id: "m1", rank: 1, relevant: true, ranks: { vector: 1, keyword: 1 } });
      expect(rest.every((r) => !r.relevant)).toBe(true);

      // U2 never said it: only U2's own memory can come back, and not as relevant.
      const other = await harness.run(["search", "--user", "U2", "--team", sharedTeam, "--query", query]);
      expect(other.code, other.stderr).toBe(0);
      expect(other.lines).toEqual([
        expect.stringMatching(/^1\. m4 {2}score \d\.\d{4} {2}not relevant {2}vector #1/),
        expect.stringContaining("보리 예방접종은 5월 2일"),
      ]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "deletes one memory by id, and all of a user's with --all --yes",
    async () => {
      const team = newTeam();
      await importAs(team);
      const one = await harness.run(["delete", "--user", "U1", "--team", team, "--id", "m2"]);
      expect(one.code, one.stderr).toBe(0);
      expect(one.lines).toEqual(["deleted 1"]);
      const all = await harness.run(["delete", "--user", "U2", "--team", team, "--all", "--yes", "--json"]);
      expect(all.code, all.stderr).toBe(0);
      expect(lastJson(all)).toEqual({ deleted: 1 });

      const u1 = await listJson(team, "U1");
      expect(u1.items.map((m) => m.id).sort()).toEqual(["m1", expect.stringMatching(/^imp_/)].sort());
      // The same ids in the shared team are untouched: deletes are scoped to the team and user.
      expect((await listJson(sharedTeam, "U2")).items.map((m) => m.id)).toEqual(["m4"]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "prints one error line and exits 1 on a failure, the usage text and 2 on bad arguments",
    async () => {
      const missing = await harness.run(["delete", "--user", "U1", "--team", sharedTeam, "--id", "nope"]);
      expect(missing.code).toBe(1);
      expect(missing.stderr.trim().split("\n")).toEqual([
        `error: user U1 of team ${sharedTeam} has no memory nope`,
      ]);
      expect(missing.stdout).toBe("");

      const unconfirmed = await harness.run(["delete", "--user", "U1", "--team", sharedTeam, "--all"]);
      expect(unconfirmed.code).toBe(2);
      expect(unconfirmed.stderr).toContain(
        "error: --all deletes every memory of the user: add --yes to confirm",
      );
      expect(unconfirmed.stderr).toContain(
        "usage: npm run memory -- delete --user U (--id ID | --all --yes [--history])",
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "eval scores a hand-made set in a throw-away collection and ends with the JSON summary",
    async () => {
      const memories = await harness.writeJsonl("eval-memories.jsonl", EVAL_MEMORIES);
      const queries = await harness.writeJsonl("eval-queries.jsonl", EVAL_QUERIES);
      const run = await harness.run([
        "eval",
        "--memories",
        memories,
        "--queries",
        queries,
        "--k",
        "1",
        "--json",
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^type {13}n {4}R@1 {4}R@3 {4}R@5 {3}R@10 {4}MRR$/m);
      expect(run.stdout).toMatch(/^keyword {10}1 {3}1\.00 {3}1\.00/m);
      const summary = lastJson(run);
      expect(Object.keys(summary)).toEqual([
        "k",
        "recallAtK",
        "mrr",
        "byType",
        "staleAboveGold",
        "negativePassRate",
        "isolationViolations",
      ]);
      expect(summary).toEqual({
        k: 1,
        recallAtK: 1,
        mrr: 1,
        byType: { keyword: { n: 1, recallAtK: 1, mrr: 1 }, update: { n: 1, recallAtK: 1, mrr: 1 } },
        staleAboveGold: 0,
        negativePassRate: 1,
        isolationViolations: 0,
      });
      const namespace = /throw-away collections (\S+)\*/.exec(run.stderr)?.[1];
      expect(namespace).toMatch(/^eval_\d+_[0-9a-f]{6}_offline/);
      const left = (await collectionNames(inject("chromaUrl"))).filter((name) => name.startsWith(namespace!));
      expect(left).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
  it(
    "eval --ablate scores a conversation-shape set by BM25, vectors and the fusion, with any type label",
    async () => {
      const conversations = await harness.writeJsonl("conv.jsonl", ABLATE_SESSIONS);
      const questions = await harness.writeJsonl("questions.jsonl", ABLATE_QUESTIONS);
      const run = await harness.run([
        "eval",
        "--conversations",
        conversations,
        "--questions",
        questions,
        "--k",
        "5",
        "--ablate",
        "--json",
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(
        /^type +n BM25 R@5 R@10 +MRR vector R@5 R@10 +MRR fused R@5 R@10 +MRR fused≥best$/m,
      );
      expect(run.stdout).toMatch(/^single-hop +2 +1\.00 /m);
      expect(run.stdout).toMatch(/^our-own-type +1 /m);
      const summary = lastJson<{
        byType: Record<string, { n: number }>;
        negativePassRate: number;
        ablation: Record<string, { byType: Record<string, { n: number; recallAtK: number }> }>;
      }>(run);
      expect(Object.keys(summary.byType)).toEqual(["single-hop", "our-own-type"]);
      expect(Object.keys(summary.ablation)).toEqual(["keyword", "vector", "hybrid"]);
      expect(summary.ablation["keyword"]?.byType["single-hop"]).toMatchObject({ n: 2, recallAtK: 1 });
      expect(summary.ablation["hybrid"]?.byType["single-hop"]?.recallAtK).toBe(1);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "eval names the file, line and field of a bad question",
    async () => {
      const conversations = await harness.writeJsonl("conv-bad.jsonl", ABLATE_SESSIONS);
      const questions = await harness.writeJsonl("questions-bad.jsonl", [
        ABLATE_QUESTIONS[0]!,
        { ...ABLATE_QUESTIONS[1]!, evidence: ["p-D1-9"] },
      ]);
      const run = await harness.run(["eval", "--conversations", conversations, "--questions", questions]);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain("questions-bad.jsonl:2: evidence.0: no turn p-D1-9");
    },
    TEST_TIMEOUT_MS,
  );
});

/** A two-session chat of one user and one of another, for eval --ablate. */
const ABLATE_SESSIONS = [
  {
    conv_id: "p",
    user_id: "UP",
    session: 1,
    date: "2026-03-01T10:00:00Z",
    turns: [
      { id: "p-D1-1", speaker: "Ana", text: "we finally adopted a rescue greyhound named Comet" },
      { id: "p-D1-2", speaker: "Leo", text: "congrats! how old is he" },
      { id: "p-D1-3", speaker: "Ana", text: "four, and he sleeps twenty hours a day" },
      { id: "p-D1-4", speaker: "Leo", text: "my sister is moving to Lisbon in June" },
    ],
  },
  {
    conv_id: "p",
    user_id: "UP",
    session: 2,
    date: "2026-04-01T10:00:00Z",
    turns: [
      { id: "p-D2-1", speaker: "Ana", text: "I started rowing lessons on the river every Saturday" },
      { id: "p-D2-2", speaker: "Leo", text: "rowing sounds exhausting" },
    ],
  },
  {
    conv_id: "o",
    user_id: "UO",
    date: "2026-03-05T10:00:00Z",
    turns: [{ id: "o-D1-1", speaker: "Kim", text: "my greyhound is named Rocket" }],
  },
];

const ABLATE_QUESTIONS = [
  {
    qid: "a1",
    conv_id: "p",
    question: "What is the name of the greyhound they adopted?",
    evidence: ["p-D1-1"],
    type: "single-hop",
  },
  {
    qid: "a2",
    conv_id: "p",
    question: "Where is Leo's sister moving?",
    evidence: ["p-D1-4"],
    type: "single-hop",
  },
  {
    qid: "a3",
    conv_id: "p",
    question: "When does Ana go rowing?",
    evidence: ["p-D2-1"],
    type: "our-own-type",
  },
  { qid: "a4", conv_id: "p", question: "What did Ana name her parrot?", evidence: [], type: "adversarial" },
];

/** Two users; ua has an update pair (office moved), ub a same-name dog and the fact ua asks about. */
const EVAL_MEMORIES = [
  ["e1", "ua", "또리 생일은 8월 9일이야", "2026-01-03T10:00:00Z"],
  ["e2", "ua", "한빛치과 예약은 3월 5일 오후 2시", "2026-01-10T10:00:00Z"],
  ["e3", "ua", "회사 주소는 강남구 테헤란로 123", "2026-02-01T10:00:00Z"],
  ["e4", "ua", "주말에 본 영화는 파묘, 꽤 무서웠음", "2026-02-10T10:00:00Z"],
  ["e5", "ua", "회사 주소 바뀜: 이제 성수동 연무장길 45", "2026-03-01T10:00:00Z"],
  ["f1", "ub", "우리 또리 생일은 3월 14일", "2026-01-05T10:00:00Z"],
  ["f2", "ub", "보리 예방접종은 5월 2일 오전", "2026-01-06T10:00:00Z"],
  ["f3", "ub", "점심은 성수동 국숫집에서", "2026-01-07T10:00:00Z"],
].map(([id, user_id, text, ts]) => ({ id, user_id, text, ts, channel_type: "im", lang: "ko" }));

const EVAL_QUERIES = [
  {
    qid: "q1",
    user_id: "ua",
    query: "또리 생일",
    gold: ["e1"],
    type: "keyword",
    confusable_other_user: ["f1"],
  },
  { qid: "q2", user_id: "ua", query: "회사 주소 어디야", gold: ["e5"], stale: ["e3"], type: "update" },
  {
    qid: "q3",
    user_id: "ua",
    query: "보리 예방접종 언제였지",
    gold: [],
    type: "negative",
    neg_kind: "isolation",
    other_user_has: "ub",
    other_user_mem: ["f2"],
  },
];

// Its own block, after the concurrent one: three more CLI runs beside those would crowd two cores.
describe("memory CLI with memory.toml", () => {
  it(
    "search without --k shows memory.toml's top_k results and names the vector figure by the metric",
    async () => {
      // top_k 2 (not the 5 of RECALL_TOP_K's default) and the euclidean metric, whose figure is
      // 1 / (1 + L2), not a cosine. The metric has its own namespace, so the memories are imported with it.
      const config = await harness.writeJsonl("euclidean.toml", [
        '[memory.vector]\ntop_k = 2\nsimilarity_metric = "euclidean"',
      ]);
      const env = { MEMORY_CONFIG: config };
      const team = newTeam();
      const imported = await harness.run(["import", "--file", file, "--team", team], env);
      expect(imported.code, imported.stderr).toBe(0);
      const query = ["search", "--user", "U1", "--team", team, "--query", "또리 생일 언제야"];
      const json = await harness.run([...query, "--json"], env);
      expect(json.code, json.stderr).toBe(0);
      const found = lastJson<SearchJson & { k: number; metric: string }>(json);
      expect(found).toMatchObject({ k: 2, metric: "euclidean" });
      expect(found.results).toHaveLength(2);
      const table = await harness.run(query, env);
      expect(table.code, table.stderr).toBe(0);
      expect(table.lines[0]).toMatch(/^1\. m1 .* vector #1 \(1\/\(1\+L2\) 0\.\d{3}\) {2}keyword #1/);
      expect(table.stdout).not.toContain("(cos ");
    },
    TEST_TIMEOUT_MS,
  );
});
