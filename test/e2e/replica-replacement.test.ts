/**
 * A replica replaced by an orchestrator: in shared mode its memory journal and turn inbox are a
 * journal stream in PostgreSQL, so a replica SIGKILLed while it holds turns not answered and memory
 * writes not finished loses none of them — a fresh replica on an empty DATA_DIR takes the stream over
 * once its lease runs out, answers the turns and finishes the writes, each once.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { extractTriplets } from "../../src/extraction/rule-extractor.js";
import { type AppProcess, appProcessEnv, exited, startApp } from "../support/app-process.js";
import { type FakeOllama, startFakeOllama } from "../support/fake-ollama.js";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.js";
import { createTestDatabase } from "../../fixtures/postgres-db.js";
import { makeDmEvent, makeEventCallback, postSignedEvent, TEST_IDS } from "../support/slack-events.js";
import { ADMIN_TOKEN, CHAT_MODEL, EMBED_MODEL, SIGNING_SECRET } from "../support/test-assistant.js";

const LEASE_MS = 2_000;
const SLOW_MODEL_MS = 120_000;
const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };

let slack: FakeSlack;
let ollama: FakeOllama;
let env: Record<string, string>;
let databaseUrl: string;
const dirs: string[] = [];
const apps: AppProcess[] = [];

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "replaced-"));
  dirs.push(dir);
  return dir;
}

/** Journal lines in PostgreSQL, by journal and op (what a replica left there). */
async function journalLines(): Promise<Array<{ journal: string; op: string; eventId: string | null }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ journal: string; op: string; event_id: string | null }>(
      `SELECT journal, entry->>'op' AS op, coalesce(entry->>'eventId', entry->'turn'->>'eventId') AS event_id
         FROM journal_lines ORDER BY batch, ord`,
    );
    return rows.map((r) => ({ journal: r.journal, op: r.op, eventId: r.event_id }));
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  slack = await startFakeSlack();
  ollama = await startFakeOllama({ models: [CHAT_MODEL, `${EMBED_MODEL}:latest`] });
  // Graph extraction answers with the rules' triplets; answers quote the question.
  ollama.onChat((req) => {
    const last = req.messages.at(-1)?.content ?? "";
    return req.format !== undefined ? { json: { triplets: extractTriplets(last) } } : `(fake) ${last}`;
  });
  databaseUrl = await createTestDatabase(inject("postgresUrl"));
  env = {
    ...appProcessEnv({ slack, ollama, chromaUrl: inject("chromaUrl"), prefix: "replaced" }),
    DATABASE_URL: databaseUrl,
    JOURNAL_LEASE_MS: String(LEASE_MS),
    LLM_TIMEOUT_MS: String(SLOW_MODEL_MS * 2),
  };
}, 120_000);

afterAll(async () => {
  for (const app of apps) app.child.kill("SIGKILL");
  await slack?.close();
  await ollama?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("a replica replaced on an empty disk", { timeout: 240_000 }, () => {
  it("is SIGKILLed holding open turns and unfinished memory writes; a fresh replica finishes each once", async () => {
    // The model hangs: questions stay unanswered, and saved facts wait for their graph extraction.
    ollama.setLatency(SLOW_MODEL_MS);
    const first = await startApp({ ...env, DATA_DIR: await freshDataDir() });
    apps.push(first);

    const facts = ["복실이 생일은 3월 5일이야", "초롱이 생일은 7월 9일이야"];
    const questions = ["오늘 점심 뭐 먹을까?", "주말에 뭐 하지?", "내일 날씨 어때?"];
    const sent = [
      ...facts.map((text, i) => ({ user: `U_FACT${i}`, text: `기억해줘: ${text}` })),
      ...questions.map((text, i) => ({ user: `U_ASK${i}`, text })),
    ].map((m) => ({
      ...m,
      channel: `D_${m.user}`,
      event: makeDmEvent({ text: m.text, user: m.user, channel: `D_${m.user}` }),
    }));
    const payloads = sent.map((m) => makeEventCallback(m.event));
    const acks = await Promise.all(
      payloads.map((p) => postSignedEvent(`${first.url}/slack/events`, p, SIGNING_SECRET)),
    );
    expect(acks.map((r) => r.status)).toEqual(sent.map(() => 200));

    // Wait until every turn is received and every fact journaled (saved, graph part not done).
    const eventIds = payloads.map((p) => p.event_id);
    let lines: Awaited<ReturnType<typeof journalLines>> = [];
    for (let i = 0; i < 300; i++) {
      lines = await journalLines();
      const received = new Set(lines.filter((l) => l.op === "received").map((l) => l.eventId));
      const saves = lines.filter((l) => l.journal === "memory" && l.op === "save").length;
      if (eventIds.every((id) => received.has(id)) && saves >= facts.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const openQuestions = payloads.slice(facts.length).map((p) => p.event_id);
    const stillOpen = new Set(lines.filter((l) => l.op === "received").map((l) => l.eventId));
    expect(openQuestions.every((id) => stillOpen.has(id))).toBe(true);
    expect(lines.filter((l) => l.journal === "memory" && l.op === "save")).toHaveLength(facts.length);
    const repliesBefore = new Map(
      sent.map((m) => [
        m.channel,
        slack.callsTo("chat.postMessage").filter((c) => c.args.channel === m.channel).length,
      ]),
    );

    // An orchestrator replaces the replica: SIGKILL, and a new one on an empty disk after the lease.
    first.child.kill("SIGKILL");
    await exited(first.child);
    ollama.setLatency(0);
    await new Promise((r) => setTimeout(r, LEASE_MS + 500));
    const second = await startApp({ ...env, DATA_DIR: await freshDataDir() });
    apps.push(second);
    expect(second.output()).toContain("took over the journal stream of a stopped replica");

    // Every question is answered exactly once (the killed replica answered none of them).
    for (const [i, m] of sent.slice(facts.length).entries()) {
      const posts = await slack.waitForCall("chat.postMessage", {
        timeoutMs: 60_000,
        where: (args) => args.channel === m.channel,
      });
      expect(posts.at(-1)!.args.text, `question ${i}`).toContain(questions[i]!);
    }
    // Every fact is one memory (listed whether or not Chroma has it yet), with its graph fact
    // extracted after the takeover.
    for (const [i, m] of sent.slice(0, facts.length).entries()) {
      // The fact's value (the rules name the entity without its particle-like suffix).
      const entity = /\d+월 \d+일/.exec(facts[i]!)![0];
      let graph = "";
      for (let tries = 0; tries < 300 && !graph.includes(entity); tries++) {
        const res = await fetch(`${second.url}/admin/graph/${m.user}?team=${TEST_IDS.teamId}`, { headers });
        graph = res.ok ? await res.text() : "";
        if (!graph.includes(entity)) await new Promise((r) => setTimeout(r, 100));
      }
      expect(graph, `graph of ${m.user}`).toContain(entity);
      // Listed once, at once: a save not in Chroma yet is listed from the journal, a replayed turn's
      // second save of the same memory once.
      const list = (await (
        await fetch(`${second.url}/admin/memory/list/${m.user}?team=${TEST_IDS.teamId}`, { headers })
      ).json()) as { items: Array<{ doc: string }> };
      expect(
        list.items.filter((item) => item.doc.includes(facts[i]!)),
        JSON.stringify(list),
      ).toHaveLength(1);
    }
    // Nothing twice: a settle, then one reply per event in all (before and after the kill).
    await new Promise((r) => setTimeout(r, 2_000));
    for (const m of sent) {
      const replies = slack.callsTo("chat.postMessage").filter((c) => c.args.channel === m.channel);
      const answeredBefore = repliesBefore.get(m.channel)!;
      expect(replies.length, `replies in ${m.channel}`).toBe(1);
      expect(answeredBefore <= 1).toBe(true);
    }
    // The stream holds nothing left to do: every memory write reached the store too.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${second.url}/healthz`, { headers });
          return ((await res.json()) as { journal?: { pending: number } }).journal?.pending;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(0);
    const left = await journalLines();
    expect(left.filter((l) => l.op === "received" || l.op === "accepted")).toEqual([]);
  });
});
