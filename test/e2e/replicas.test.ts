/**
 * Two assistant processes sharing one state: a real PostgreSQL server (history, graphs, event dedupe,
 * change feed) and the run's real Chroma, behind one fake Slack and one fake Ollama — as two replicas
 * behind a load balancer would be. And embedded mode: one process per DATA_DIR.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { extractTriplets } from "../../src/extraction/rule-extractor.js";
import { readMigrations } from "../../src/db/migrate.js";
import { runCli } from "../cli/cli-harness.js";
import {
  answerWithRuleTriplets,
  type AppProcess,
  appProcessEnv,
  exited,
  spawnApp,
  startApp,
} from "../support/app-process.js";
import { type FakeOllama, startFakeOllama } from "../support/fake-ollama.js";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.js";
import { createTestDatabase } from "../../fixtures/postgres-db.js";
import { makeDmEvent, makeEventCallback, postSignedEvent, TEST_IDS } from "../support/slack-events.js";
import { ADMIN_TOKEN, CHAT_MODEL, EMBED_MODEL, SIGNING_SECRET } from "../support/test-assistant.js";

const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
const team = TEST_IDS.teamId;
/** The schema version a migrated database reports: the newest migration's. */
const latestMigration = Math.max(...(await readMigrations()).map((m) => m.version));

let slack: FakeSlack;
let ollama: FakeOllama;
let env: Record<string, string>;
const dirs: string[] = [];
/** The BM25 snapshot files, under any replica's DATA_DIR, whose text contains `text`. */
async function snapshotsHolding(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const dir of dirs) {
    const names = await readdir(path.join(dir, "bm25")).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith(".json"))) {
      const file = path.join(dir, "bm25", name);
      if ((await readFile(file, "utf8").catch(() => "")).includes(text)) found.push(file);
    }
  }
  return found;
}

let a: AppProcess;
let b: AppProcess;

async function replicaEnv(): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "replica-"));
  dirs.push(dataDir);
  return { ...env, DATA_DIR: dataDir };
}

beforeAll(async () => {
  slack = await startFakeSlack();
  ollama = await startFakeOllama({ models: [CHAT_MODEL, `${EMBED_MODEL}:latest`] });
  answerWithRuleTriplets(ollama);
  env = {
    ...appProcessEnv({ slack, ollama, chromaUrl: inject("chromaUrl"), prefix: "replicas" }),
    DATABASE_URL: await createTestDatabase(inject("postgresUrl")),
    // Every user's BM25 snapshot is kept (the test's users have a handful of memories).
    BM25_SNAPSHOT_MIN_MEMORIES: "1",
  };
  [a, b] = await Promise.all([startApp(await replicaEnv()), startApp(await replicaEnv())]);
}, 120_000);

afterAll(async () => {
  for (const app of [a, b]) app?.child.kill("SIGKILL");
  await slack?.close();
  await ollama?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

// A failure shows what the replicas logged: a turn that was never answered says why only there.
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    for (const [name, app] of [
      ["A", a],
      ["B", b],
    ] as const) {
      console.error(`replica ${name}'s log, its end:\n${app?.output().slice(-4000) ?? "(not started)"}`);
    }
  });
});

/** Posts a DM to a replica and waits for the reply in that DM; returns the reply's text. */
async function dm(app: AppProcess, user: string, text: string): Promise<string> {
  const channel = `D_${user}`;
  const before = slack.callsTo("chat.postMessage").filter((c) => c.args.channel === channel).length;
  const event = makeDmEvent({ text, user, channel });
  const response = await postSignedEvent(`${app.url}/slack/events`, makeEventCallback(event), SIGNING_SECRET);
  expect(response.status).toBe(200);
  const posts = await slack.waitForCall("chat.postMessage", {
    count: before + 1,
    timeoutMs: 30_000,
    where: (args) => args.channel === channel,
  });
  return String(posts.at(-1)!.args.text);
}

async function admin<T>(app: AppProcess, route: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${app.url}${route}`, { ...init, headers });
  expect(response.status, route).toBe(200);
  return (await response.json()) as T;
}

interface SearchResult {
  results: Array<{ doc: string; ranks: { vector: number | null; bm25: number | null } }>;
}
const search = (app: AppProcess, user: string, q: string) =>
  admin<SearchResult>(app, `/admin/memory/search/${user}?team=${team}&q=${encodeURIComponent(q)}&k=5`);

/** The text the model was shown for the last answer (system prompt included). */
function lastPrompt(): string {
  const answers = ollama.chatRequests().filter((r) => r.format === undefined);
  return answers
    .at(-1)!
    .messages.map((m) => m.content)
    .join("\n");
}

// Each test drives two app processes (and the CLI): minutes on a loaded two-core machine.
describe("two replicas on PostgreSQL + Chroma", { timeout: 180_000 }, () => {
  it("answers an event and its retries sent to different replicas exactly once", async () => {
    const channel = "D_U_RETRY";
    const payload = makeEventCallback(
      makeDmEvent({ text: "재시도 테스트 메시지", user: "U_RETRY", channel }),
    );
    const responses = await Promise.all([
      postSignedEvent(`${a.url}/slack/events`, payload, SIGNING_SECRET),
      postSignedEvent(`${b.url}/slack/events`, payload, SIGNING_SECRET, { retryNum: 1 }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    await postSignedEvent(`${b.url}/slack/events`, payload, SIGNING_SECRET, { retryNum: 2 });
    await postSignedEvent(`${a.url}/slack/events`, payload, SIGNING_SECRET, { retryNum: 3 });
    await slack.waitForCall("chat.postMessage", {
      where: (args) => args.channel === channel,
      timeoutMs: 30_000,
    });
    await new Promise((r) => setTimeout(r, 2000));
    expect(slack.callsTo("chat.postMessage").filter((c) => c.args.channel === channel)).toHaveLength(1);
    // /healthz names the shared backend and the feed.
    const health = (await (await fetch(`${b.url}/healthz`, { headers })).json()) as Record<string, unknown>;
    expect(health.status).toBe("ok");
    expect(health.state).toMatchObject({ mode: "postgres", ok: true, schemaVersion: latestMigration });
    expect(health.changes).toMatchObject({ kind: "postgres", listening: true });
    expect(JSON.stringify(health)).not.toContain("postgres:postgres@");
  });

  it("keeps one history and one rolling summary for a conversation alternating between replicas", async () => {
    const user = "U_ALT";
    for (let i = 0; i < 8; i++) await dm(i % 2 === 0 ? a : b, user, `번갈아 말하는 ${i}번째 메시지야`);
    type History = {
      conversations: Array<{
        id: string;
        summary: { coversTurns: number } | null;
        counts: { total: number };
      }>;
    };
    const fromA = await admin<History>(a, `/admin/history/${user}?team=${team}`);
    await expect
      .poll(
        async () =>
          (await admin<History>(b, `/admin/history/${user}?team=${team}`)).conversations[0]?.summary,
        {
          timeout: 30_000,
        },
      )
      .not.toBeNull();
    const fromB = await admin<History>(b, `/admin/history/${user}?team=${team}`);
    expect(fromA.conversations).toHaveLength(1);
    expect(fromB.conversations).toHaveLength(1);
    expect(fromB.conversations[0]!.id).toBe(fromA.conversations[0]!.id);
    expect(fromB.conversations[0]!.counts.total).toBe(8);
    // The last turn (through B) was answered with what was said through A.
    expect(lastPrompt()).toMatch(/번갈아 말하는 [0246]번째/);
  });

  it("recalls on replica B, with its graph fact, what was told to replica A", async () => {
    const user = "U_FACT";
    const told = "또리 생일은 10월 27일이야";
    expect(await dm(a, user, `기억해줘: ${told}`)).toContain("기억했어요");
    const [triplet] = extractTriplets(told);
    expect(triplet).toBeDefined();
    // Graph extraction runs after the reply: wait until replica B's view of the graph has it.
    await expect
      .poll(
        async () =>
          (
            await admin<{ lines: string[] }>(
              b,
              `/admin/graph/${user}/entity/${encodeURIComponent(triplet!.entity)}?team=${team}`,
            ).catch(() => ({ lines: [] }))
          ).lines.join("\n"),
        { timeout: 30_000 },
      )
      .toContain(triplet!.value);
    await dm(b, user, "또리 생일 언제야?");
    const prompt = lastPrompt();
    expect(prompt).toContain(told);
    expect(prompt).toContain(triplet!.value);
    // B's BM25 half has it too (its index was built from the store, or refreshed by the feed).
    const hit = (await search(b, user, "또리 생일")).results.find((r) => r.doc === told);
    expect(hit?.ranks.bm25).toBe(1);
  });

  it("recalls on both replicas, without a restart, a memory imported with the CLI", async () => {
    const user = "U_CLI";
    // Both replicas have built (and cached) this user's BM25 index before the import.
    await dm(a, user, "기억해줘: 나는 바다를 좋아해");
    for (const app of [a, b]) expect((await search(app, user, "바다")).results).toHaveLength(1);
    const file = path.join(dirs[0]!, "import.jsonl");
    const text = "내 자전거는 파란색 로드바이크야";
    await writeFile(file, `${JSON.stringify({ id: "cli-1", text })}\n`);
    const cliEnv = {
      ...env,
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "replica-cli-")),
      LOG_LEVEL: "silent",
    };
    dirs.push(cliEnv.DATA_DIR);
    const imported = await runCli(["import", "--file", file, "--user", user, "--team", team], {
      cwd: dirs[0]!,
      env: { ...cliEnv, HOME: os.tmpdir() },
    });
    expect(imported.code, imported.stderr).toBe(0);
    const started = Date.now();
    for (const app of [a, b]) {
      await expect
        .poll(
          async () =>
            (await search(app, user, "자전거 로드바이크")).results.find((r) => r.doc === text)?.ranks.bm25,
          {
            timeout: 5000,
            interval: 50,
          },
        )
        .toBe(1);
    }
    expect(Date.now() - started).toBeLessThan(5000);
    await dm(b, user, "내 자전거 파란색 로드바이크 맞지?");
    expect(lastPrompt()).toContain(text);
  });

  it("forgets for both replicas what is forgotten through one", async () => {
    const user = "U_FACT";
    const told = "또리 생일은 10월 27일이야";
    expect((await search(b, user, "또리 생일")).results.some((r) => r.doc === told)).toBe(true);
    // The replicas' BM25 snapshots (DATA_DIR/bm25) hold the user's texts: written after a build.
    await expect.poll(() => snapshotsHolding(told), { timeout: 5000 }).not.toEqual([]);
    const reply = await dm(b, user, "잊어줘: 또리 생일");
    expect(reply).toContain("잊었어요");
    for (const app of [a, b]) {
      await expect
        .poll(async () => (await search(app, user, "또리 생일")).results.some((r) => r.doc === told), {
          timeout: 5000,
        })
        .toBe(false);
      const graph = await admin<{ relations: Array<{ properties: { current: boolean } }> }>(
        app,
        `/admin/graph/${user}?team=${team}`,
      );
      expect(graph.relations.filter((r) => r.properties.current)).toEqual([]);
    }
    await dm(a, user, "또리 생일 언제야?");
    expect(lastPrompt()).not.toContain(told);
    // Nor is it left on either replica's disk.
    await expect.poll(() => snapshotsHolding(told), { timeout: 5000 }).toEqual([]);
  });

  it("loses no acknowledged memory when a replica is SIGKILLed mid-turn, and the other keeps answering", async () => {
    const user = "U_KILL";
    const channel = `D_${user}`;
    ollama.setLatency(300);
    const texts = Array.from({ length: 8 }, (_, i) => `킬테스트${i} 상자는 ${i + 1}층에 있어`);
    await Promise.all(
      texts.map((text) =>
        postSignedEvent(
          `${a.url}/slack/events`,
          makeEventCallback(makeDmEvent({ text: `기억해줘: ${text}`, user, channel })),
          SIGNING_SECRET,
        ),
      ),
    );
    // Killed once one save is confirmed as stored (the others may be confirmed as written down).
    await slack.waitForCall("chat.postMessage", {
      timeoutMs: 30_000,
      where: (args) =>
        args.channel === channel &&
        String(args.text).startsWith("기억했어요") &&
        !String(args.text).includes("곧 정리"),
    });
    a.child.kill("SIGKILL");
    await exited(a.child);
    ollama.setLatency(0);
    const replies = slack
      .callsTo("chat.postMessage")
      .filter((c) => c.args.channel === channel)
      .map((c) => String(c.args.text));
    const confirmed = texts.filter((text) => replies.some((r) => r.includes(text)));
    // Confirmed as stored: in the shared store at once. Confirmed as "written down, filed shortly":
    // in the killed replica's journal, filed when it restarts on its DATA_DIR.
    // (at least one: the kill waited for it)
    const stored = texts.filter((text) => replies.some((r) => r.includes(text) && !r.includes("곧 정리")));
    // B keeps answering, and has every memory A confirmed as stored.
    expect(await dm(b, "U_OTHER", "안녕")).toBe("(fake) 답변");
    const listed = async (app: AppProcess) =>
      new Set(
        (
          await admin<{ items: Array<{ doc: string }> }>(
            app,
            `/admin/memory/list/${user}?team=${team}&limit=100`,
          )
        ).items.map((i) => i.doc),
      );
    const onB = await listed(b);
    for (const text of stored) expect(onB.has(text), text).toBe(true);
    // A restarts on its DATA_DIR: whatever it had confirmed is filed, and B sees all of it.
    a = await startApp({ ...env, DATA_DIR: dirs[0]! });
    await expect
      .poll(
        async () => {
          const docs = await listed(b);
          return confirmed.filter((text) => !docs.has(text));
        },
        { timeout: 30_000, interval: 250 },
      )
      .toEqual([]);
  });
});

describe("embedded mode", { timeout: 180_000 }, () => {
  it("refuses a second process on the same DATA_DIR; the memory CLI beside it uses its Chroma and reaches it", async () => {
    const { DATABASE_URL: _shared, CHROMA_URL: _chroma, ...embedded } = env;
    const dataDir = (await replicaEnv()).DATA_DIR!;
    // No CHROMA_URL: the app starts the bundled Chroma under DATA_DIR/chroma.
    const first = await startApp({ ...embedded, DATA_DIR: dataDir });
    try {
      const second = spawnApp({ ...embedded, DATA_DIR: dataDir });
      expect(await exited(second.child)).toBe(1);
      const lines = second.output().trim().split("\n");
      expect(lines.at(-1)).toMatch(
        new RegExp(`^Failed to start: DATA_DIR .* is in use by another assistant \\(pid ${first.child.pid} `),
      );
      const health = (await (await fetch(`${first.url}/healthz`, { headers })).json()) as Record<
        string,
        unknown
      >;
      expect(health.state).toMatchObject({ mode: "embedded", ok: true });
      expect(health.changes).toMatchObject({ kind: "file", ok: true });

      // The user's BM25 index is built and cached before the CLI writes.
      const user = "U_EMB";
      await dm(first, user, "기억해줘: 나는 산책을 좋아해");
      expect((await search(first, user, "산책")).results).toHaveLength(1);
      const file = path.join(dataDir, "import.jsonl");
      const text = "우리 집 고양이 이름은 나비야";
      await writeFile(file, `${JSON.stringify({ id: "emb-1", text })}\n`);
      const imported = await runCli(["import", "--file", file, "--user", user, "--team", team], {
        cwd: dataDir,
        env: { ...embedded, DATA_DIR: dataDir, LOG_LEVEL: "silent", HOME: os.tmpdir() },
      });
      expect(imported.code, imported.stderr).toBe(0);
      const started = Date.now();
      await expect
        .poll(
          async () =>
            (await search(first, user, "고양이 나비")).results.find((r) => r.doc === text)?.ranks.bm25,
          {
            timeout: 5000,
            interval: 50,
          },
        )
        .toBe(1);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      first.child.kill("SIGTERM");
      await exited(first.child);
    }
  });

  it("on SIGTERM answers the turn in progress before exiting, and exits 0", async () => {
    const { DATABASE_URL: _shared, ...embedded } = env;
    const app = await startApp({ ...embedded, DATA_DIR: (await replicaEnv()).DATA_DIR! });
    ollama.setLatency(1500);
    try {
      const channel = "D_U_TERM";
      const event = makeDmEvent({ text: "종료 직전에 보낸 질문이야", user: "U_TERM", channel });
      const response = await postSignedEvent(
        `${app.url}/slack/events`,
        makeEventCallback(event),
        SIGNING_SECRET,
      );
      expect(response.status).toBe(200);
      // The model is answering: stop now.
      await expect
        .poll(
          () => ollama.chatRequests().some((r) => r.messages.some((m) => m.content.includes("종료 직전"))),
          { timeout: 20_000 },
        )
        .toBe(true);
      // Not answered yet (the model takes 1.5 s): what follows is the drain's doing.
      expect(slack.callsTo("chat.postMessage").filter((c) => c.args.channel === channel)).toEqual([]);
      app.child.kill("SIGTERM");
      expect(await exited(app.child)).toBe(0);
      const replies = slack.callsTo("chat.postMessage").filter((c) => c.args.channel === channel);
      expect(replies.map((c) => c.args.text)).toEqual(["(fake) 답변"]);
      expect(app.output()).toContain("in-flight work finished");
    } finally {
      ollama.setLatency(0);
      app.child.kill("SIGKILL");
    }
  });
});
