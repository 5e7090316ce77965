/**
 * The defaults of `memory.toml`, named once. README.md's "Memory pipeline configuration" section quotes
 * them and test/config/memory-config-docs.test.ts checks that it does so correctly.
 *
 * They are the memory pipeline spec's defaults except where this project differs, each said below.
 */

/**
 * `[memory.filter] min_length`: entries shorter than this many characters are not kept. The spec's 20
 * would drop half of the short Korean facts of kfilter-dev (73 of its 150 keeps are under 25
 * characters; a fact like "나 굴 못 먹음" is 7, "내 반지 13호" 8; 37 keeps are under 20, keep-recall 0.75). Korean
 * packs a fact into a few syllables ("나 B형" is 4), so the floor only removes what cannot hold a
 * subject and a value; the short noise (ㅇㅋ, ㄳ, lol, 🥰) is dropped by the filter's other rules. On
 * kfilter-dev and kfilter-own, 4 gives the same figures as no floor at all.
 */
export const DEFAULT_MIN_LENGTH = 4;

/** `[memory.chunker] max_tokens` when it is not set: it depends on the strategy. */
export const DEFAULT_MAX_TOKENS = { token: 512, semantic: 1024 } as const;

export const MEMORY_DEFAULTS = {
  memory: { backend: "embeddings" },
  vector: {
    enabled: true,
    // The spec says "sqlite-vec"; the recall-backends issue makes Chroma the default (the design card).
    index_type: "chroma",
    similarity_metric: "cosine",
    // No default for top_k: without it, RECALL_TOP_K (default 5) applies (see effective-settings.ts).
    // No default for similarity_threshold (nor relevance_threshold, keyword_weight, vector_weight,
    // rrf_k): the embedder's profile gives them (src/memory/search/embedder-profiles.ts).
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

/** The flags `exclude_patterns` are compiled with: case-insensitive, Unicode. */
export const EXCLUDE_PATTERN_FLAGS = "iu";
