import { describe, expect, it } from "vitest";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";
import { OfflineEmbedder } from "../../src/llm/offline-embedder.js";
import {
  EMBEDDER_PROFILES,
  profileForEmbedder,
  recallSettings,
} from "../../src/memory/search/embedder-profiles.js";

describe("profileForEmbedder", () => {
  it("picks the profile by the embedder's id", () => {
    expect(profileForEmbedder(new OfflineEmbedder().id).name).toBe("offline");
    expect(profileForEmbedder("ollama:bge-m3:1024").name).toBe("bge-m3");
    expect(profileForEmbedder("ollama:bge-m3:567m:1024").name).toBe("bge-m3");
    expect(profileForEmbedder("ollama:nomic-embed-text:latest:768").name).toBe("nomic-embed-text");
    expect(profileForEmbedder("ollama:mxbai-embed-large:1024").name).toBe("ollama-default");
    expect(profileForEmbedder("fake:test").name).toBe("ollama-default");
  });

  it("never gives a real model the offline embedder's thresholds", () => {
    const offline = EMBEDDER_PROFILES.offline;
    for (const name of ["bge-m3", "nomic-embed-text", "ollama-default"] as const) {
      const profile = EMBEDDER_PROFILES[name];
      expect(profile.relevanceThreshold).toBeGreaterThan(offline.relevanceThreshold);
      expect(profile.fusion.weights.vector).toBeGreaterThan(offline.fusion.weights.vector);
    }
  });
});

describe("recallSettings", () => {
  it("is the profile when memory.toml sets nothing", () => {
    const { vector } = parseMemoryConfig("").memory;
    const settings = recallSettings("ollama:nomic-embed-text:768", vector);
    expect(settings).toEqual({
      profile: "nomic-embed-text",
      metric: "cosine",
      fusion: { method: "rrf", k: 60, weights: { keyword: 1, vector: 1 }, recencyPrior: 0 },
      relevanceThreshold: 0.65,
      similarityThreshold: 0.4,
      overridden: [],
    });
  });

  it("lets each [memory.vector] key set in memory.toml win over the profile, key by key", () => {
    const { vector } = parseMemoryConfig(
      '[memory.vector]\nsimilarity_threshold = 0.2\nvector_weight = 0.3\nfusion = "rrf"\n',
    ).memory;
    const settings = recallSettings("offline:hash-ngram-v1:512", vector);
    expect(settings.similarityThreshold).toBe(0.2);
    // The offline profile's recency prior was measured with relative score fusion only: not kept with RRF.
    expect(settings.fusion).toEqual({
      method: "rrf",
      k: 60,
      weights: { keyword: 1, vector: 0.3 },
      recencyPrior: 0,
    });
    expect(recallSettings("offline:hash-ngram-v1:512").fusion.recencyPrior).toBe(
      EMBEDDER_PROFILES.offline.fusion.recencyPrior,
    );
    expect(EMBEDDER_PROFILES.offline.fusion.recencyPrior).toBeGreaterThan(0);
    expect(settings.relevanceThreshold).toBe(EMBEDDER_PROFILES.offline.relevanceThreshold);
    expect(settings.overridden.sort()).toEqual(["fusion", "similarity_threshold", "vector_weight"]);
  });
});
