/**
 * The defaults of `memory.toml`, named once. README.md's "Memory pipeline configuration" section quotes
 * them and test/config/memory-config-docs.test.ts checks that it does so correctly.
 *
 * They are the memory pipeline spec's defaults except where this project differs, each said below.
 */

/**
 * `[memory.filter] min_length`: entries shorter than this many characters are not kept. 20 is the spec's
 * value, a placeholder: the content filter's author chooses the final one from the dev set, here.
 */
export const DEFAULT_MIN_LENGTH = 20;

/** `[memory.chunker] max_tokens` when it is not set: it depends on the strategy. */
export const DEFAULT_MAX_TOKENS = { token: 512, semantic: 1024 } as const;

export const MEMORY_DEFAULTS = {
  memory: { backend: "embeddings" },
  vector: {
    enabled: true,
    // The spec's default is "sqlite-vec"; this project's store is Chroma.
    index_type: "chroma",
    similarity_metric: "cosine",
    // No default for top_k: without it, RECALL_TOP_K (default 5) applies (see effective-settings.ts).
    similarity_threshold: 0.5,
    rerank: false,
    rerank_model: "",
    ef_search: 64,
  },
  chunker: {
    strategy: "token",
    overlap_tokens: 64,
    tokenizer: "cl100k_base",
    min_tokens: 64,
    breakpoint_threshold: 0.3,
  },
  topics: {
    enabled: true,
    max_topics_per_entry: 3,
    taxonomy: "auto",
    custom_topics: [] as string[],
    min_confidence: 0.6,
  },
  filter: {
    enabled: true,
    autosave_threshold: 0.4,
    novelty_threshold: 0.85,
    min_length: DEFAULT_MIN_LENGTH,
    max_length: 10_000,
    exclude_patterns: [] as string[],
  },
} as const;
