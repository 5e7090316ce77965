/**
 * The Ollama reranker against the fake Ollama over HTTP: it reorders as the model says, and keeps the
 * fused order (with one warning that quotes no text) on a timeout, an HTTP error or a bad reply.
 * Then the hook in MemorySearch.search, and the wiring from memory.toml (off by default).
 */
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import type { Logger } from "../../src/logging/logger.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";
import { configSchema, type Config } from "../../src/config/config.js";
import { defaultMemoryConfig } from "../../src/config/settings.js";
import { isAppError } from "../../src/core/errors.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import { InMemoryVectorIndex } from "../../src/backends/in-process/in-memory-vector-index.js";
import { chooseReranker, createMemoryStack } from "../../src/app/memory-stack.js";
import {
  applyOrder,
  LlmReranker,
  ollamaRerankModel,
  RERANK_MAX_CANDIDATE_CHARS,
  RERANK_REPLY_FORMAT,
  RERANK_TIMEOUT_MS,
  RERANK_TOP_N,
  type RerankCandidate,
} from "../../src/memory/search/reranker.js";
import { OllamaLlm } from "../../src/llm/ollama-llm.js";
import type { MemoryScope } from "../../src/core/types.js";
import { type FakeChatRequest, type FakeOllama, startFakeOllama } from "../support/fake-ollama.js";
import { openMemory } from "../support/memory-pair.js";

const MODEL = "qwen2.5:7b";
const QUERY = "또리 병원 어디였지";

/** A logger at debug that keeps every line, so a test can read what was logged. */
function capturingLogger(): {
  logger: Logger;
  lines: () => Array<Record<string, unknown>>;
  raw: () => string;
} {
  let raw = "";
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw += chunk.toString();
      done();
    },
  });
  const logger = pino({ level: "debug" }, stream);
  return {
    logger,
    raw: () => raw,
    lines: () =>
      raw
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const CANDIDATES: RerankCandidate[] = [
  { id: "a", text: "또리 산책은 매일 아침 7시", timestamp: Date.UTC(2024, 0, 1) },
  { id: "b", text: "또리 예방접종 다음 달", timestamp: Date.UTC(2024, 1, 1) },
  { id: "c", text: "또리 병원: 해피동물병원 02-464-3318", timestamp: Date.UTC(2024, 2, 1) },
];

/** The candidate texts in the user message of a rerank request, in prompt order. */
function promptedTexts(req: FakeChatRequest): string[] {
  const user = req.messages.find((m) => m.role === "user")?.content ?? "";
  return user
    .split("\n")
    .filter((line) => /^\d+\./.test(line))
    .map((line) => line.replace(/^\d+\.( \(\d{4}-\d\d-\d\d\))? /, ""));
}

let ollama: FakeOllama;

beforeAll(async () => {
  ollama = await startFakeOllama({ models: [`${MODEL}`, "nomic-embed-text:latest"] });
});
afterAll(async () => {
  await ollama.close();
});
beforeEach(() => ollama.reset());

function reranker(logger: Logger, options: { timeoutMs?: number; topN?: number } = {}): LlmReranker {
  const timeoutMs = options.timeoutMs ?? RERANK_TIMEOUT_MS;
  return new LlmReranker({
    llm: new OllamaLlm({ host: ollama.url, model: MODEL, timeoutMs }),
    logger,
    timeoutMs,
    topN: options.topN,
  });
}

describe("LlmReranker", () => {
  it("reorders as the model says, in one structured request holding the query and the candidates", async () => {
    const log = capturingLogger();
    ollama.queueChat({ json: { order: [3, 1, 2] } });
    const out = await reranker(log.logger).rerank(QUERY, CANDIDATES);
    expect(out.fellBack).toBe(false);
    expect(out.results.map((r) => r.id)).toEqual(["c", "a", "b"]);
    // The same objects come back, untouched.
    expect(out.results[0]).toBe(CANDIDATES[2]);

    const requests = ollama.chatRequests();
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req!.model).toBe(MODEL);
    expect(req!.stream).toBe(false);
    expect(req!.format).toEqual(RERANK_REPLY_FORMAT);
    const user = req!.messages.find((m) => m.role === "user")!.content;
    expect(user).toContain(QUERY);
    expect(promptedTexts(req!)).toEqual(CANDIDATES.map((c) => c.text));
    expect(user).toContain("(2024-03-01)");
    expect(log.lines().filter((l) => l["level"] === 40)).toEqual([]);
  });

  it("ignores numbers it does not know and repeats, and appends the candidates it left out in fused order", async () => {
    ollama.queueChat({ json: { order: [9, 2, 2, 0, -1] } });
    const out = await reranker(capturingLogger().logger).rerank(QUERY, CANDIDATES);
    expect(out).toMatchObject({ fellBack: false });
    expect(out.results.map((r) => r.id)).toEqual(["b", "a", "c"]);
  });

  it("sends the first RERANK_TOP_N only, cut to RERANK_MAX_CANDIDATE_CHARS, and keeps the rest below", async () => {
    const many: RerankCandidate[] = Array.from({ length: RERANK_TOP_N + 3 }, (_, i) => ({
      id: `m${i}`,
      text: `기억 ${i} ${"가".repeat(i === 0 ? 2000 : 5)}`,
    }));
    ollama.onChat((req) => ({
      json: { order: promptedTexts(req).map((_, i, all) => all.length - i) },
    }));
    const out = await reranker(capturingLogger().logger).rerank(QUERY, many);
    const sent = promptedTexts(ollama.chatRequests()[0]!);
    expect(sent).toHaveLength(RERANK_TOP_N);
    expect(sent[0]!.length).toBeLessThanOrEqual(RERANK_MAX_CANDIDATE_CHARS + 1);
    expect(sent[0]!.endsWith("…")).toBe(true);
    const ids = out.results.map((r) => r.id);
    expect(ids.slice(0, RERANK_TOP_N)).toEqual(
      many
        .slice(0, RERANK_TOP_N)
        .map((c) => c.id)
        .reverse(),
    );
    expect(ids.slice(RERANK_TOP_N)).toEqual(many.slice(RERANK_TOP_N).map((c) => c.id));
  });

  it("asks nothing for fewer than two candidates", async () => {
    const out = await reranker(capturingLogger().logger).rerank(QUERY, CANDIDATES.slice(0, 1));
    expect(out).toEqual({ results: [CANDIDATES[0]], fellBack: false });
    expect(ollama.chatRequests()).toHaveLength(0);
  });

  describe("keeps the fused order and says so in one warning without any text", () => {
    async function fallsBack(reason: string, options: { timeoutMs?: number } = {}) {
      const log = capturingLogger();
      const started = Date.now();
      const out = await reranker(log.logger, options).rerank(QUERY, CANDIDATES);
      const ms = Date.now() - started;
      expect(out.fellBack).toBe(true);
      expect(out.reason).toBe(reason);
      expect(out.results).toEqual(CANDIDATES);
      const warnings = log.lines().filter((l) => l["level"] === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({
        component: "rerank",
        reason,
        model: `ollama:${MODEL}`,
        candidates: 3,
        msg: "rerank failed; the fused order is kept",
      });
      // Neither the query nor a memory (nor a piece of either) is in the log.
      for (const text of [QUERY, ...CANDIDATES.map((c) => c.text), "또리"]) {
        expect(log.raw()).not.toContain(text);
      }
      expect(ollama.chatRequests()).toHaveLength(1);
      return { warning: warnings[0]!, ms };
    }

    it("on a timeout (a slow model)", async () => {
      ollama.setLatency(1_000);
      ollama.queueChat({ json: { order: [3, 1, 2] } });
      const { ms } = await fallsBack("timeout", { timeoutMs: 150 });
      expect(ms).toBeLessThan(900);
    });

    it("on a timeout (a model that never answers)", async () => {
      ollama.hang(true);
      const { ms } = await fallsBack("timeout", { timeoutMs: 150 });
      expect(ms).toBeLessThan(900);
    });

    it("on HTTP 500", async () => {
      ollama.failNext(1, 500, "model crashed while reading 또리 병원");
      const { warning } = await fallsBack("unavailable");
      expect(warning).toMatchObject({ code: "llm_unavailable", status: 500 });
    });

    it("on a reply that is not JSON", async () => {
      ollama.queueChat("또리 병원은 3번이 제일 맞아요");
      const { warning } = await fallsBack("bad_output");
      expect(warning).toMatchObject({ code: "llm_bad_output" });
    });

    it("on a partial JSON reply", async () => {
      ollama.queueChat('{"order": [3, 1,');
      await fallsBack("bad_output");
    });

    it("on JSON of another shape", async () => {
      ollama.queueChat({ json: { ranking: ["c", "a", "b"] } });
      await fallsBack("bad_output");
    });

    it("on a reply that names no candidate", async () => {
      ollama.queueChat({ json: { order: [7, 8] } });
      await fallsBack("no_known_ids");
    });
  });
});

describe("applyOrder and ollamaRerankModel", () => {
  it("applies 1-based numbers, unknown ones ignored, the rest appended", () => {
    expect(applyOrder(["a", "b", "c", "d"], [4, 2])).toEqual(["d", "b", "a", "c"]);
    expect(applyOrder(["a", "b"], [1.5, 3])).toBeUndefined();
  });

  it("reads ollama:<model>, and nothing else", () => {
    expect(ollamaRerankModel("ollama:qwen2.5:7b")).toBe("qwen2.5:7b");
    expect(ollamaRerankModel("ollama:")).toBeUndefined();
    expect(ollamaRerankModel("cross-encoder/ms-marco-MiniLM-L-6-v2")).toBeUndefined();
  });
});

describe("MemorySearch.search with a reranker", () => {
  const alice: MemoryScope = { teamId: "T1", userId: "U_ALICE" };
  const TEXTS = [
    "또리 병원 예약은 화요일 오후",
    "또리 병원 이름은 해피동물병원",
    "또리 병원 전화번호 02-464-3318",
  ];

  async function service(rerank: boolean) {
    const store = await InMemoryVectorIndex.open({
      embedder: new OfflineEmbedder(),
      embedBatchSize: 64,
      metric: "cosine",
      efSearch: 64,
      namespace: "rerank",
      timeoutMs: 1000,
    });
    const logger = pino({ level: "silent" });
    const { search: memory, lifecycle } = openMemory({
      store,
      logger,
      search: rerank ? { reranker: reranker(logger) } : {},
    });
    const saved = await lifecycle.saveMany(
      alice,
      TEXTS.map((text, i) => ({ id: `m${i}`, text, source: "slack" as const, timestamp: 1_000 + i })),
    );
    return { memory, saved };
  }

  it("reorders the fused results before the top-k cut, keeping their relevance", async () => {
    const plain = await (await service(false)).memory.search(alice, "또리 병원");
    expect(plain).toHaveLength(3);
    // The model puts the fused last first.
    ollama.onChat((req) => ({ json: { order: promptedTexts(req).map((_, i, all) => all.length - i) } }));
    const { memory } = await service(true);
    const reranked = await memory.search(alice, "또리 병원");
    expect(reranked.map((r) => r.id)).toEqual(plain.map((r) => r.id).reverse());
    expect(reranked.map((r) => r.relevant)).toEqual(plain.map((r) => r.relevant).reverse());
    expect(ollama.chatRequests()).toHaveLength(1);
    // k = 1: the model's first, which fusion ranked last.
    const [top] = await memory.search(alice, "또리 병원", { k: 1 });
    expect(top!.id).toBe(plain[2]!.id);
    const recalled = await memory.recall(alice, "또리 병원");
    expect(recalled[0]!.id).toBe(plain.filter((r) => r.relevant).at(-1)!.id);
    // rerank: false skips it.
    const before = ollama.chatRequests().length;
    await memory.search(alice, "또리 병원", { rerank: false });
    expect(ollama.chatRequests()).toHaveLength(before);
  });

  it("gives the fused order when the model fails", async () => {
    const plain = await (await service(false)).memory.search(alice, "또리 병원");
    ollama.failNext(1, 500);
    const { memory } = await service(true);
    expect((await memory.search(alice, "또리 병원")).map((r) => r.id)).toEqual(plain.map((r) => r.id));
  });
});

describe("rerank from memory.toml", () => {
  const config = (): Config => configSchema.parse({ OLLAMA_HOST: ollama.url });
  const vectorOf = (toml: string) => parseMemoryConfig(toml).memory.vector;
  const ON = `[memory.vector]\nrerank = true\nrerank_model = "ollama:${MODEL}"`;

  it("is off by default: no reranker, no log line", () => {
    const log = capturingLogger();
    const vector = defaultMemoryConfig().memory.vector;
    expect(vector).toMatchObject({ rerank: false, rerank_model: "" });
    expect(
      chooseReranker(config(), vector, { reachable: true, models: [MODEL] }, log.logger),
    ).toBeUndefined();
    expect(log.lines()).toEqual([]);
  });

  it("makes an LlmReranker for rerank = true and ollama:<model> with Ollama there", () => {
    const log = capturingLogger();
    const chosen = chooseReranker(config(), vectorOf(ON), { reachable: true, models: [MODEL] }, log.logger);
    expect(chosen).toBeInstanceOf(LlmReranker);
    expect(chosen!.name).toBe(`ollama:${MODEL}`);
  });

  it("is off, with one warning, when Ollama is unreachable (offline) or lacks the model", () => {
    for (const probe of [
      { reachable: false, models: [] },
      { reachable: true, models: ["llama3.1:8b"] },
    ]) {
      const log = capturingLogger();
      expect(chooseReranker(config(), vectorOf(ON), probe, log.logger)).toBeUndefined();
      const lines = log.lines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 40 });
      expect(String(lines[0]!["msg"])).toMatch(/^rerank is off: /);
    }
  });

  it("stops on a cross-encoder name with rerank = true, in one line", () => {
    let err: unknown;
    try {
      parseMemoryConfig(
        '[memory.vector]\nrerank = true\nrerank_model = "cross-encoder/ms-marco-MiniLM-L-6-v2"',
      );
    } catch (e) {
      err = e;
    }
    expect(isAppError(err, "config_invalid")).toBe(true);
    expect((err as Error).message).toBe(
      'memory.vector.rerank_model: accepts only "ollama:<model>" in this version; cross-encoders are not supported (got "cross-encoder/ms-marco-MiniLM-L-6-v2")',
    );
    // chooseReranker says the same for a config that did not come through the file.
    const vector = { ...defaultMemoryConfig().memory.vector, rerank: true, rerank_model: "cross-encoder/x" };
    expect(() =>
      chooseReranker(config(), vector, { reachable: true, models: [MODEL] }, pino({ level: "silent" })),
    ).toThrow(/^memory\.vector\.rerank_model: accepts only "ollama:<model>"/);
  });
});

describe("createMemoryStack with rerank on", () => {
  it("reranks the stack's search through the configured Ollama, and is off offline", async () => {
    const memoryConfig = parseMemoryConfig(
      `[memory.vector]\nindex_type = "memory"\nrerank = true\nrerank_model = "ollama:${MODEL}"`,
    );
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "rerank-stack-"));
    const scope: MemoryScope = { teamId: "T1", userId: "U1" };
    for (const online of [true, false]) {
      ollama.reset();
      const log = capturingLogger();
      const config = configSchema.parse({
        OLLAMA_HOST: online ? ollama.url : "http://127.0.0.1:9",
        EMBEDDER: "offline",
        DATA_DIR: dataDir,
      });
      const stack = await createMemoryStack(config, {
        logger: log.logger,
        memoryConfig,
        indexOnly: true,
      });
      try {
        await stack.lifecycle.saveMany(scope, [
          { id: "x", text: "또리 병원 예약 화요일", source: "slack" },
          { id: "y", text: "또리 병원 전화 02-464-3318", source: "slack" },
        ]);
        ollama.onChat((req) => ({ json: { order: promptedTexts(req).map((_, i, all) => all.length - i) } }));
        const fused = await stack.memory.search(scope, "또리 병원", { rerank: false });
        const found = await stack.memory.search(scope, "또리 병원");
        const rerankOff = log.lines().filter((l) => /^rerank is off/.test(String(l["msg"])));
        if (online) {
          expect(found.map((r) => r.id)).toEqual(fused.map((r) => r.id).reverse());
          expect(ollama.chatRequests()).toHaveLength(1);
          expect(rerankOff).toHaveLength(0);
        } else {
          expect(found.map((r) => r.id)).toEqual(fused.map((r) => r.id));
          expect(ollama.chatRequests()).toHaveLength(0);
          expect(rerankOff).toHaveLength(1);
          expect(rerankOff[0]).toMatchObject({
            level: 40,
            msg: "rerank is off: Ollama is unreachable (offline mode)",
          });
        }
      } finally {
        await stack.stop();
      }
    }
  });
});

describe("README's Reranking paragraph", () => {
  it("gives the bounds the code uses", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8").replace(/\s+/g, " ");
    expect(readme).toContain(`sends the first ${RERANK_TOP_N} fused results`);
    expect(readme).toContain(`each cut to ${RERANK_MAX_CANDIDATE_CHARS} characters`);
    expect(readme).toContain(`bounded by ${RERANK_TIMEOUT_MS / 1000} s (\`RERANK_TIMEOUT_MS\`)`);
  });
});
