/**
 * `/metrics`, `/livez` and `/readyz` of the real assistant (composition root, Bolt app in HTTP mode,
 * HTTP server, Chroma) driven by signed Slack events against the fake Slack and Ollama: the scrape is
 * parsed by a Prometheus text parser, its counters move with a DM, and no label names a user, a
 * channel or a word anyone said. With Chroma stopped the process is live but not ready.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChromaServer, startChromaServer } from "../../src/backends/chroma/chroma-server.js";
import { makeDmEvent, makeEventCallback, makeMentionEvent, TEST_IDS } from "../support/slack-events.js";
import { countOf, familyNames, labelValues, scrape, valueOf } from "../support/prometheus.js";
import {
  ADMIN_TOKEN,
  faithfulModel,
  replyTo,
  startTestAssistant,
  type TestAssistant,
} from "../support/test-assistant.js";

const METRICS_TOKEN = "test-metrics-token-0123456789";
const WHO = { user: "U_METRICSWHO", channel: "D_METRICSWHO" };
const CHANNEL = "C_METRICSROOM";
const SAVE_TEXT = "기억해줘: zebrafinch locker is 4417 quartzite";
const ASK_TEXT = "which zebrafinch locker number again";
const MENTION_TEXT = "marmalade sandcastle meeting tomorrow?";

describe("/metrics through the real app", () => {
  let t: TestAssistant;

  beforeAll(async () => {
    t = await startTestAssistant({ mode: "http", env: { METRICS_TOKEN } });
    faithfulModel(t);
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("answers 401 without a token or with a wrong one, and 200 with METRICS_TOKEN or ADMIN_TOKEN", async () => {
    const none = await fetch(`${t.assistant.url}/metrics`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: "unauthorized" });
    const wrong = await t.admin("/metrics", { auth: "wrong-token-0123456789" });
    expect(wrong.status).toBe(401);
    for (const token of [METRICS_TOKEN, ADMIN_TOKEN]) {
      const res = await t.admin("/metrics", { auth: token });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toContain("# TYPE assistant_turns_total counter");
    }
  });

  it("moves turns, acks, recall, model and saved-memory counters with DMs and a mention", async () => {
    const before = await scrape(t.assistant.url, METRICS_TOKEN);
    expect(await replyTo(t, makeDmEvent({ text: SAVE_TEXT, ...WHO }))).toContain("기억했어요");
    await replyTo(t, makeDmEvent({ text: ASK_TEXT, ...WHO }));
    await replyTo(t, makeMentionEvent({ text: MENTION_TEXT, user: WHO.user, channel: CHANNEL }));
    await t.assistant.drain();
    const after = await scrape(t.assistant.url, METRICS_TOKEN);
    const moved = (read: typeof valueOf, name: string, labels: Record<string, string> = {}) =>
      read(after, name, labels) - read(before, name, labels);

    expect(moved(valueOf, "assistant_turns_total", { surface: "dm", outcome: "remembered" })).toBe(1);
    expect(moved(valueOf, "assistant_turns_total", { surface: "dm", outcome: "llm" })).toBe(1);
    expect(moved(valueOf, "assistant_turns_total", { surface: "mention" })).toBe(1);
    expect(moved(countOf, "assistant_turn_seconds", { surface: "dm" })).toBe(2);
    expect(moved(countOf, "assistant_slack_ack_seconds", { transport: "http" })).toBeGreaterThanOrEqual(3);
    expect(moved(countOf, "assistant_recall_seconds", { half: "bm25" })).toBeGreaterThanOrEqual(1);
    expect(moved(countOf, "assistant_recall_seconds", { half: "vector" })).toBeGreaterThanOrEqual(1);
    expect(moved(countOf, "assistant_model_request_seconds", { outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(moved(valueOf, "assistant_memories_saved_total", { source: "slack" })).toBeGreaterThanOrEqual(1);
    // Read at scrape time from their owners.
    expect(valueOf(after, "assistant_bm25_cache_users")).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, "assistant_bm25_cache_bytes")).toBeGreaterThan(0);
    expect(familyNames(after)).toEqual(
      expect.arrayContaining([
        "assistant_journal_pending",
        "assistant_llm_queue_depth",
        "assistant_llm_running",
        "assistant_llm_refusals_total",
        "assistant_bm25_cache_evictions_total",
        "assistant_embedding_errors_total",
        "assistant_store_errors_total",
        "assistant_memories_forgotten_total",
        "assistant_change_feed_lag_seconds",
        // Node's default process metrics, in the app's own registry.
        "process_cpu_user_seconds_total",
        "process_resident_memory_bytes",
        "nodejs_eventloop_lag_seconds",
        "nodejs_heap_size_used_bytes",
      ]),
    );
  });

  it("puts no user id, channel id, team id or word of what was said in any label", async () => {
    await replyTo(t, makeDmEvent({ text: SAVE_TEXT, ...WHO }));
    const values = labelValues(await scrape(t.assistant.url, METRICS_TOKEN));
    expect(values.length).toBeGreaterThan(20);
    const ids = [WHO.user, WHO.channel, CHANNEL, TEST_IDS.teamId];
    const words = [SAVE_TEXT, ASK_TEXT, MENTION_TEXT]
      .flatMap((text) => text.split(/[\s:]+/))
      .filter((w) => w !== "");
    for (const value of values) {
      for (const id of ids) expect(value).not.toContain(id);
      for (const word of words) {
        expect(value).not.toBe(word);
        // Short words ("is") could be part of a fixed label value by chance; longer ones cannot.
        if (word.length >= 4) expect(value.toLowerCase()).not.toContain(word.toLowerCase());
      }
    }
  });

  it("answers /livez and /readyz 200 while every dependency is up, without a token; /healthz as before", async () => {
    const live = await fetch(`${t.assistant.url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${t.assistant.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok" });
    const health = await fetch(`${t.assistant.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    // The admin token shows the same details on /readyz as on /healthz.
    const detailed = (await (await t.admin("/readyz")).json()) as Record<string, unknown>;
    expect(detailed).toMatchObject({ status: "ok", vectors: { ok: true }, journal: { ok: true } });
  });
});

describe("/livez and /readyz with Chroma stopped", () => {
  let dir: string;
  let chroma: ChromaServer;
  let t: TestAssistant;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "chroma-readyz-"));
    chroma = await startChromaServer({ path: path.join(dir, "chroma") });
    t = await startTestAssistant({
      mode: "http",
      env: { CHROMA_URL: chroma.url, STORAGE_TIMEOUT_MS: "1000", METRICS_TOKEN },
    });
    faithfulModel(t);
  });
  afterAll(async () => {
    await t?.stop();
    await chroma?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("stays live (200) but not ready (503 degraded), and counts the vector store's failures", async () => {
    // Warm: this user's BM25 index is held, so a recall while Chroma is away still runs its vector half.
    await replyTo(t, makeDmEvent({ text: SAVE_TEXT, ...WHO }));
    await t.assistant.drain();
    expect((await fetch(`${t.assistant.url}/readyz`)).status).toBe(200);
    const before = await scrape(t.assistant.url, METRICS_TOKEN);
    await chroma.stop();

    const live = await fetch(`${t.assistant.url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${t.assistant.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "degraded" });
    const detailed = await t.admin("/readyz");
    expect(detailed.status).toBe(503);
    expect(await detailed.json()).toMatchObject({ status: "degraded", failing: ["vectors"] });
    expect((await fetch(`${t.assistant.url}/healthz`)).status).toBe(503);

    // A question while Chroma is away: recalled by BM25 alone; the vector query's failure is counted.
    await replyTo(t, makeDmEvent({ text: ASK_TEXT, ...WHO }));
    const after = await scrape(t.assistant.url, METRICS_TOKEN);
    expect(
      valueOf(after, "assistant_store_errors_total", { store: "vectors" }) -
        valueOf(before, "assistant_store_errors_total", { store: "vectors" }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, "assistant_turns_total", { surface: "dm" })).toBe(2);
  });
});

describe("/metrics in Socket Mode", () => {
  let t: TestAssistant;

  beforeAll(async () => {
    t = await startTestAssistant({ mode: "socket", env: { METRICS_TOKEN } });
    faithfulModel(t);
    await t.slack!.socket.waitForConnection();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("times each envelope's ack and counts the turn", async () => {
    const before = await scrape(t.assistant.url, METRICS_TOKEN);
    await t.slack!.socket.sendEvent(makeEventCallback(makeDmEvent({ text: ASK_TEXT, ...WHO })));
    await t.slack!.waitForCall("chat.postMessage");
    await t.assistant.drain();
    const after = await scrape(t.assistant.url, METRICS_TOKEN);
    const moved = (name: string, labels: Record<string, string>, read = countOf) =>
      read(after, name, labels) - read(before, name, labels);
    expect(moved("assistant_slack_ack_seconds", { transport: "socket" })).toBeGreaterThanOrEqual(1);
    expect(moved("assistant_slack_ack_seconds", { transport: "http" })).toBe(0);
    expect(moved("assistant_turns_total", { surface: "dm", outcome: "llm" }, valueOf)).toBe(1);
  });
});
