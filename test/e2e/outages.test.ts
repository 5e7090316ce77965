/**
 * Chroma killed or frozen, or Ollama gone, while people talk to the assistant: what they asked it to remember is kept
 * (journaled, searchable by words at once) and reaches Chroma when it is back, without a restart;
 * nothing waits past STORAGE_TIMEOUT_MS; /healthz says 503 within a second.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChromaServer, startChromaServer } from "../../src/backends/chroma/chroma-server.js";
import { makeDmEvent, TEST_IDS } from "../support/slack-events.js";
import {
  faithfulModel,
  replyTo,
  startTestAssistant,
  systemPromptOf,
  type TestAssistant,
} from "../support/test-assistant.js";

const TEAM = TEST_IDS.teamId;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("Chroma outages", () => {
  let dir: string;
  let chroma: ChromaServer;
  let t: TestAssistant;
  const who = { user: "U_OUTAGE", channel: "D_OUTAGE" };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "chroma-outage-"));
    chroma = await startChromaServer({ path: path.join(dir, "chroma") });
    t = await startTestAssistant({
      mode: "http",
      env: { CHROMA_URL: chroma.url, STORAGE_TIMEOUT_MS: "1000" },
    });
    faithfulModel(t);
  });
  afterAll(async () => {
    await t?.stop();
    await chroma?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps '기억해줘' while Chroma is down and files it when Chroma is back, without a restart", async () => {
    const port = Number(new URL(chroma.url).port);
    await chroma.stop();

    const started = Date.now();
    const reply = await replyTo(t, makeDmEvent({ text: "기억해줘: 우산은 현관 신발장 위에 있어", ...who }));
    expect(reply).toMatch(/^기억했어요: "우산은 현관 신발장 위에 있어" \(지금 저장소가 느려서/);
    expect(Date.now() - started).toBeLessThan(5000);

    const health = await t.admin("/healthz");
    expect(health.status).toBe(503);
    const body = (await health.json()) as { failing: string[]; journal: { ok: boolean; pending: number } };
    expect(body.failing).toEqual(["vectors"]);
    expect(body.journal).toMatchObject({ ok: true });
    expect(body.journal.pending).toBeGreaterThan(0);

    // Recalled at once, by words (BM25), while Chroma is away.
    await replyTo(t, makeDmEvent({ text: "우산 어디 있지?", ...who }));
    const prompt = systemPromptOf(
      t
        .ollama!.chatRequests()
        .filter((r) => r.tools !== undefined)
        .at(-1)!,
    );
    expect(prompt).toContain("우산은 현관 신발장 위에 있어");

    chroma = await startChromaServer({ path: path.join(dir, "chroma"), port });
    // The journal's applier files it: the journal empties, Chroma lists it once and the vector half finds it.
    await until("the journal emptied", async () => {
      const h = (await (await t.admin("/healthz")).json()) as {
        status: string;
        journal: { pending: number };
      };
      return h.status === "ok" && h.journal.pending === 0 ? true : undefined;
    });
    const list = (await (await t.admin(`/admin/memory/list/${who.user}?team=${TEAM}`)).json()) as {
      items: Array<{ doc: string }>;
    };
    expect(list.items.filter((i) => i.doc === "우산은 현관 신발장 위에 있어")).toHaveLength(1);
    const search = (await (
      await t.admin(`/admin/memory/search/${who.user}?team=${TEAM}&q=${encodeURIComponent("우산")}`)
    ).json()) as { results: Array<{ doc: string; ranks: { vector: number | null } }> };
    expect(search.results[0]).toMatchObject({ doc: "우산은 현관 신발장 위에 있어" });
    expect(search.results[0]!.ranks.vector).not.toBeNull();
  }, 60_000);

  it("answers within the timeout and says 503 within a second while Chroma is frozen", async () => {
    process.kill(chroma.pid, "SIGSTOP");
    // The signal is asynchronous: wait until the kernel shows the process stopped (state T).
    await until("chroma stopped", async () =>
      / T /.test(await readFile(`/proc/${chroma.pid}/stat`, "utf8")) ? true : undefined,
    );
    try {
      const healthStarted = Date.now();
      const health = await t.admin("/healthz");
      expect(health.status).toBe(503);
      expect(Date.now() - healthStarted).toBeLessThan(1000);

      const started = Date.now();
      const saved = await replyTo(
        t,
        makeDmEvent({ text: "기억해줘: 자전거 자물쇠 비밀번호는 묻지 마", ...who }),
      );
      expect(saved).toMatch(/^기억했어요/);
      const answer = await replyTo(t, makeDmEvent({ text: "우산 어디 있지?", ...who }));
      expect(answer).toBe("(fake) 답변");
      // Two turns, each waiting at most STORAGE_TIMEOUT_MS (1 s) per Chroma call.
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      process.kill(chroma.pid, "SIGCONT");
    }
    await until("the frozen save filed", async () => {
      const h = (await (await t.admin("/healthz")).json()) as {
        journal: { pending: number };
      };
      return h.journal.pending === 0 ? true : undefined;
    });
  }, 60_000);
});

describe("Ollama going down after the start", () => {
  let t: TestAssistant;
  const who = { user: "U_OLLAMA_DOWN", channel: "D_OLLAMA_DOWN" };
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "http" });
    faithfulModel(t);
  });
  afterAll(async () => t?.stop());

  it("still keeps memories (embedded later) and answers from them, saying the model is unavailable", async () => {
    expect(t.assistant.embedderId).toMatch(/^ollama:/); // vectors come from Ollama here
    t.ollama!.failNext(100_000, 503, "ollama is down");

    const saved = await replyTo(t, makeDmEvent({ text: "기억해줘: 자동차 정기검사 3월 20일까지", ...who }));
    expect(saved).toMatch(/^기억했어요: "자동차 정기검사 3월 20일까지" \(지금 저장소가 느려서/);
    const posted = await t.admin(`/admin/memory/${who.user}?team=${TEAM}`, {
      method: "POST",
      body: JSON.stringify({ text: "자동차 보험 만기 5월 2일" }),
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toMatchObject({ doc: "자동차 보험 만기 5월 2일", stored: false });

    const answer = await replyTo(t, makeDmEvent({ text: "자동차 정기검사 언제까지야?", ...who }));
    expect(answer).toMatch(/^\(지금 언어 모델을 쓸 수 없어서/);
    expect(answer).toContain("자동차 정기검사 3월 20일까지");

    t.ollama!.failNext(0);
    await until("the memories embedded and filed", async () => {
      const h = (await (await t.admin("/healthz")).json()) as {
        journal: { pending: number };
      };
      return h.journal.pending === 0 ? true : undefined;
    });
    const search = (await (
      await t.admin(`/admin/memory/search/${who.user}?team=${TEAM}&q=${encodeURIComponent("자동차 보험")}`)
    ).json()) as { results: Array<{ doc: string; ranks: { vector: number | null } }> };
    expect(search.results.find((r) => r.doc === "자동차 보험 만기 5월 2일")?.ranks.vector).not.toBeNull();
  }, 90_000);
});
