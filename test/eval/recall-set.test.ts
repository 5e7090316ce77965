import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoreRecall, toRecallSummary } from "../../src/eval/recall-metrics.js";
import { conversationSet, loadRecallSet, recallSetFiles } from "../../src/eval/recall-set.js";

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

const SESSIONS = [
  {
    conv_id: "c1",
    user_id: "U1",
    session: 1,
    date: "2026-01-10T19:00:00Z",
    turns: [
      { id: "c1-D1-1", speaker: "Maya", text: "we adopted a beagle called Pickle" },
      { id: "c1-D1-2", speaker: "Jonah", text: "Pickle is an elite name" },
    ],
  },
  {
    conv_id: "c2",
    user_id: "U2",
    date: "2026-02-01T09:00:00Z",
    turns: [{ id: "c2-D1-1", speaker: "Ravi", text: "I teach chemistry" }],
  },
];
const QUESTIONS = [
  { qid: "q1", conv_id: "c1", question: "What is the dog called?", evidence: ["c1-D1-1"], type: "single-hop" },
  { qid: "q2", conv_id: "c2", question: "What does Ravi teach?", evidence: ["c2-D1-1"], type: "my own type" },
  { qid: "q3", conv_id: "c1", question: "What is Jonah's cat called?", evidence: [], type: "adversarial" },
];

const set = (sessions: object[], questions: object[]) =>
  conversationSet(
    { text: jsonl(sessions), source: "conversations.jsonl" },
    { text: jsonl(questions), source: "questions.jsonl" },
  );

describe("conversation-shape eval sets", () => {
  it("makes a memory of every turn and a query of every question, owned by the conversation's user", () => {
    const { memories, queries } = set(SESSIONS, QUESTIONS);
    expect(memories.map((m) => [m.id, m.user_id, m.text, m.ts])).toEqual([
      ["c1-D1-1", "U1", "Maya: we adopted a beagle called Pickle", "2026-01-10T19:00:00.000Z"],
      ["c1-D1-2", "U1", "Jonah: Pickle is an elite name", "2026-01-10T19:01:00.000Z"],
      ["c2-D1-1", "U2", "Ravi: I teach chemistry", "2026-02-01T09:00:00.000Z"],
    ]);
    expect(queries[1]).toEqual({
      qid: "q2",
      user_id: "U2",
      query: "What does Ravi teach?",
      gold: ["c2-D1-1"],
      type: "my own type",
    });
  });

  it("names the file, line and field of a bad input", () => {
    const badConv = [QUESTIONS[0]!, { ...QUESTIONS[1]!, conv_id: "c9" }];
    expect(() => set(SESSIONS, badConv)).toThrow("questions.jsonl:2: conv_id: no conversation c9");
    const badTurn = [QUESTIONS[0]!, QUESTIONS[1]!, { ...QUESTIONS[2]!, evidence: ["c1-D1-2", "c1-D7-1"] }];
    expect(() => set(SESSIONS, badTurn)).toThrow("questions.jsonl:3: evidence.1: no turn c1-D7-1");
    const noQuestion = [{ ...QUESTIONS[0], question: 3 }];
    expect(() => set(SESSIONS, noQuestion)).toThrow(/^questions\.jsonl:1: question: /);
    const noSpeaker = [SESSIONS[0]!, { ...SESSIONS[1]!, turns: [{ id: "x", text: "hi" }] }];
    expect(() => set(noSpeaker, [])).toThrow(/^conversations\.jsonl:2: turns\.0\.speaker: /);
    const twice = [SESSIONS[0]!, { ...SESSIONS[0]!, session: 2 }];
    expect(() => set(twice, [])).toThrow("conversations.jsonl:2: turns.0.id: c1-D1-1 appears twice");
  });

  it("reads a set directory in either shape", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "recall-set-"));
    try {
      await writeFile(path.join(dir, "conversations.jsonl"), jsonl(SESSIONS));
      await writeFile(path.join(dir, "questions.jsonl"), jsonl(QUESTIONS));
      expect(recallSetFiles(dir)).toHaveProperty("questions");
      const { memories, queries } = await loadRecallSet(recallSetFiles(dir));
      expect([memories.length, queries.length]).toEqual([3, 3]);
      expect(recallSetFiles(path.join(dir, "kmem"))).toHaveProperty("memories");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("any query type label", () => {
  it("is scored under its own label, after kmem-dev's types, and an empty gold is a negative", () => {
    const { queries } = set(SESSIONS, [
      ...QUESTIONS,
      { qid: "q4", conv_id: "c1", question: "Pickle?", evidence: ["c1-D1-1"], type: "keyword" },
    ]);
    const results = new Map([
      ["q1", [{ id: "c1-D1-1", userId: "U1", relevant: true }]],
      ["q2", [{ id: "x", userId: "U2", relevant: false }, { id: "c2-D1-1", userId: "U2", relevant: true }]],
      ["q3", [{ id: "c1-D1-2", userId: "U1", relevant: false }]],
      ["q4", [{ id: "c1-D1-1", userId: "U1", relevant: true }]],
    ]);
    const report = scoreRecall({ queries, results, k: 5 });
    expect(Object.keys(report.byType)).toEqual(["keyword", "single-hop", "my own type"]);
    expect(report.byType["my own type"]?.mrr).toBe(0.5);
    expect(report.negativePassRate).toBe(1);
    expect(Object.keys(toRecallSummary(report).byType)).toEqual(["keyword", "single-hop", "my own type"]);
  });
});
