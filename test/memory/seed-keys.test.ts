/**
 * The `[memory.*]` keys of the seed that steer recall do what they say, through the memory stack the
 * app and the CLI build: `vector.enabled`, `embeddings.dimension` and `vector.similarity_metric`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configSchema } from "../../src/config/config.js";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";
import { isAppError } from "../../src/core/errors.js";
import type { Embedder } from "../../src/core/embedder.js";
import { EMBEDDER_PROFILES, recallSettings } from "../../src/memory/search/embedder-profiles.js";
import { InMemoryVectorIndex } from "../../src/backends/in-process/in-memory-vector-index.js";
import { createMemoryStack, type MemoryStack } from "../../src/app/memory-stack.js";
import { openMemory } from "../support/memory-pair.js";
import { similarityForCosine, similarityOf } from "../../src/core/vector-index.js";
import type { MemoryScope } from "../../src/core/types.js";
import { FAKE_EMBED_DIM } from "../../fixtures/fake-embedding.js";
import { type FakeOllama, startFakeOllama } from "../support/fake-ollama.js";

const logger = pino({ level: "silent" });
const scope: MemoryScope = { teamId: "T1", userId: "U1" };

let ollama: FakeOllama;
let dataDir: string;
beforeAll(async () => {
  ollama = await startFakeOllama({ models: ["nomic-embed-text:latest"] });
  dataDir = await mkdtemp(path.join(os.tmpdir(), "seed-keys-"));
});
afterAll(async () => {
  await ollama.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The stack on the fake Ollama's embedding model and the in-process index, with `toml`. */
function stackWith(toml: string): Promise<MemoryStack> {
  const config = configSchema.parse({
    OLLAMA_HOST: ollama.url,
    EMBEDDER: "ollama",
    OLLAMA_EMBED_MODEL: "nomic-embed-text",
    DATA_DIR: dataDir,
  });
  return createMemoryStack(config, {
    logger,
    memoryConfig: parseMemoryConfig(
      `[memory.vector]\nindex_type = "memory"\nsimilarity_threshold = 0\n${toml}`,
    ),
  });
}

describe("[memory.vector] enabled", () => {
  for (const enabled of [true, false]) {
    it(`${enabled ? "true: recall embeds the query and searches by vector" : "false: recall by BM25 alone, nothing embedded or searched by vector"}`, async () => {
      const stack = await stackWith(`enabled = ${enabled}`);
      try {
        await stack.lifecycle.saveMany(scope, [
          { id: "a", text: "또리 생일은 10월 27일이야", source: "slack" },
          { id: "b", text: "주차는 B2 37번에 했어", source: "slack" },
        ]);
        ollama.reset();
        const results = await stack.memory.search(scope, "또리 생일 언제야");
        const vector = await stack.lifecycle.embed("또리 생일 언제야");
        const nearest = await stack.memory.nearest(scope, ollama.embeddingOf("또리 생일"), 2);
        expect(results[0]).toMatchObject({ id: "a", relevant: true });
        expect(stack.memory.vectorSearch).toBe(enabled);
        if (enabled) {
          expect(results.some((r) => r.ranks.vector !== undefined)).toBe(true);
          expect(vector).toHaveLength(FAKE_EMBED_DIM);
          expect(nearest).toHaveLength(2);
          expect(ollama.embedRequests()).toHaveLength(2); // the search's and embed()'s
        } else {
          expect(results.every((r) => r.ranks.vector === undefined && r.similarity === undefined)).toBe(true);
          expect(vector).toBeUndefined();
          expect(nearest).toEqual([]);
          expect(ollama.embedRequests()).toHaveLength(0);
        }
      } finally {
        await stack.stop();
      }
    });
  }
});

describe("[memory.embeddings] dimension", () => {
  it("is checked against the model's first vector: another size stops the start naming the key", async () => {
    const err = await stackWith("[memory.embeddings]\ndimension = 768").catch((e: unknown) => e);
    expect(isAppError(err, "config_invalid")).toBe(true);
    expect((err as Error).message).toBe(
      `memory.embeddings.dimension: 768, but the embedder ollama:nomic-embed-text:${FAKE_EMBED_DIM} makes ` +
        `${FAKE_EMBED_DIM}-dimensional vectors (set it to ${FAKE_EMBED_DIM}, or leave it out)`,
    );
    expect((err as { details: unknown }).details).toMatchObject({ key: "memory.embeddings.dimension" });
  });

  it("the model's own size starts", async () => {
    const stack = await stackWith(`[memory.embeddings]\ndimension = ${FAKE_EMBED_DIM}`);
    expect(stack.embedder.dimension).toBe(FAKE_EMBED_DIM);
    await stack.stop();
  });
});

/** Unit vectors whose cosine to the query [1, 0, 0] is the number in the text. */
const UNIT: Record<string, number[]> = {
  "qqq qqq": [1, 0, 0],
  "alpha note": [0.3, Math.sqrt(1 - 0.09), 0],
  "beta note": [0.6, 0.8, 0],
};
const controlled: Embedder = {
  id: "offline:controlled:3",
  dimension: 3,
  embed: async (texts) => texts.map((t) => UNIT[t] ?? [0, 0, 1]),
};

describe("[memory.vector] similarity_metric", () => {
  it("euclidean: the relevance gate reads the profile's cosine in 1 / (1 + L2), not as it is", async () => {
    const store = await InMemoryVectorIndex.open({
      embedder: controlled,
      embedBatchSize: 16,
      metric: "euclidean",
      efSearch: 64,
      namespace: "t_euclidean",
      timeoutMs: 1000,
    });
    const recall = recallSettings(controlled.id, { similarity_metric: "euclidean" });
    // The offline profile's gate is a cosine of 0.45; under euclidean it is 1 / (1 + √(2 − 2·0.45)).
    expect(recall.relevanceThreshold).toBeCloseTo(1 / (1 + Math.sqrt(1.1)), 10);
    expect(recall.similarityThreshold).toBe(0); // "no floor" stays no floor
    const { search: memory, lifecycle } = openMemory({ store, logger, search: { recall } });
    await lifecycle.saveMany(scope, [
      { id: "alpha", text: "alpha note", source: "slack" },
      { id: "beta", text: "beta note", source: "slack" },
    ]);
    // Shares no word with either memory: the vector signal alone decides.
    const results = await memory.search(scope, "qqq qqq");
    const alpha = results.find((r) => r.id === "alpha")!;
    const beta = results.find((r) => r.id === "beta")!;
    // Cosine 0.3 is 0.458 in 1 / (1 + L2): above the cosine 0.45 the gate had compared it with.
    expect(alpha.similarity).toBeCloseTo(similarityOf("euclidean", UNIT["qqq qqq"]!, UNIT["alpha note"]!), 6);
    expect(alpha.similarity!).toBeGreaterThan(EMBEDDER_PROFILES.offline.relevanceThreshold);
    expect(alpha.relevant).toBe(false);
    expect(beta.relevant).toBe(true);
    // Novelty's neighbours are cosines whatever the metric (novelty_threshold is one).
    const nearest = await memory.nearest(scope, UNIT["qqq qqq"]!, 2);
    expect(nearest.map((n) => n.similarity)).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.3, 6)]);
  });

  it("the stack reads the profile's thresholds in the configured metric", async () => {
    const stack = await stackWith('similarity_metric = "euclidean"\nrelevance_threshold = 0.5');
    try {
      // Set in memory.toml: already the metric's own figure. From the profile (nomic-embed-text): converted.
      expect(stack.memory.recallSettings).toMatchObject({
        metric: "euclidean",
        relevanceThreshold: 0.5,
        similarityThreshold: 0,
      });
    } finally {
      await stack.stop();
    }
    const cosine = await stackWith("");
    const converted = await stackWith('similarity_metric = "euclidean"');
    try {
      expect(converted.memory.recallSettings.relevanceThreshold).toBeCloseTo(
        similarityForCosine("euclidean", cosine.memory.recallSettings.relevanceThreshold),
        10,
      );
      expect(converted.memory.recallSettings.relevanceThreshold).toBeLessThan(
        cosine.memory.recallSettings.relevanceThreshold,
      );
    } finally {
      await cosine.stop();
      await converted.stop();
    }
  });
});
