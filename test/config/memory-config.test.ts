import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  loadMemoryConfig,
  memoryConfigFile,
  parseMemoryConfig,
} from "../../src/config/load-memory-config.js";
import { INDEX_TYPES, memoryConfigSchema } from "../../src/config/memory-config.js";
import { DEFAULT_MIN_LENGTH } from "../../src/config/memory-defaults.js";
import { AppError } from "../../src/core/errors.js";
import { exited, spawnApp } from "../support/app-process.js";

/** The AppError `parseMemoryConfig(toml)` throws. */
function configError(toml: string): AppError {
  try {
    parseMemoryConfig(toml);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`expected a config error for:\n${toml}`);
}

async function loadError(options: Parameters<typeof loadMemoryConfig>[0]): Promise<AppError> {
  const err = await loadMemoryConfig(options).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err instanceof AppError) return err;
  throw new Error(`expected a config error, got ${String(err)}`);
}

const FULL = `
[memory]
backend = "embeddings"

[memory.embeddings]
provider = "ollama"
model = "nomic-embed-text"
dimension = 768

[memory.vector]
enabled = false
index_type = "chroma"
similarity_metric = "dot_product"
top_k = 7
similarity_threshold = 0.25
rerank = true
rerank_model = "ollama:qwen2.5:7b"
ef_search = 128

[memory.chunker]
strategy = "semantic"
max_tokens = 800
overlap_tokens = 32
tokenizer = "cl100k_base"
min_tokens = 40
breakpoint_threshold = 0.45

[memory.topics]
enabled = false
max_topics_per_entry = 5
taxonomy = "fixed"
custom_topics = ["coding", "planning"]
min_confidence = 0.7

[memory.filter]
enabled = false
autosave_threshold = 0.5
novelty_threshold = 0.9
min_length = 12
max_length = 4000
exclude_patterns = ["^(ok|thanks|got it|sure)$", "^\\\\s*$"]

[memory.retention]
autosave_days = 0.5
history_days = 30
`;

describe("parseMemoryConfig", () => {
  it("reads every key of every section", () => {
    expect(parseMemoryConfig(FULL)).toEqual({
      memory: {
        backend: "embeddings",
        embeddings: { provider: "ollama", model: "nomic-embed-text", dimension: 768 },
        vector: {
          enabled: false,
          index_type: "chroma",
          similarity_metric: "dot_product",
          top_k: 7,
          similarity_threshold: 0.25,
          rerank: true,
          rerank_model: "ollama:qwen2.5:7b",
          ef_search: 128,
        },
        chunker: {
          strategy: "semantic",
          max_tokens: 800,
          overlap_tokens: 32,
          tokenizer: "cl100k_base",
          min_tokens: 40,
          breakpoint_threshold: 0.45,
        },
        topics: {
          enabled: false,
          max_topics_per_entry: 5,
          taxonomy: "fixed",
          custom_topics: ["coding", "planning"],
          min_confidence: 0.7,
        },
        filter: {
          enabled: false,
          autosave_threshold: 0.5,
          novelty_threshold: 0.9,
          min_length: 12,
          max_length: 4000,
          exclude_patterns: ["^(ok|thanks|got it|sure)$", "^\\s*$"],
        },
        retention: { autosave_days: 0.5, history_days: 30 },
      },
    });
  });

  it("gives the spec's defaults for an empty file, with this project's index type and top_k", () => {
    expect(parseMemoryConfig("")).toEqual({
      memory: {
        backend: "embeddings",
        embeddings: {},
        vector: {
          enabled: true,
          index_type: "chroma",
          similarity_metric: "cosine",
          rerank: false,
          rerank_model: "",
          ef_search: 64,
        },
        chunker: {
          strategy: "token",
          max_tokens: 512,
          overlap_tokens: 64,
          tokenizer: "cl100k_base",
          min_tokens: 64,
          breakpoint_threshold: 0.3,
        },
        topics: {
          enabled: true,
          max_topics_per_entry: 3,
          taxonomy: "auto",
          custom_topics: [],
          min_confidence: 0.6,
        },
        filter: {
          enabled: true,
          autosave_threshold: 0.4,
          novelty_threshold: 0.85,
          min_length: DEFAULT_MIN_LENGTH,
          max_length: 10_000,
          exclude_patterns: [],
        },
        retention: {},
      },
    });
    expect(memoryConfigSchema.parse({})).toEqual(parseMemoryConfig(""));
  });

  it("fills the keys a section leaves out", () => {
    const config = parseMemoryConfig("[memory.filter]\nautosave_threshold = 0.6\n");
    expect(config.memory.filter).toMatchObject({ autosave_threshold: 0.6, novelty_threshold: 0.85 });
    expect(config.memory.chunker.max_tokens).toBe(512);
  });

  it("defaults max_tokens by strategy: 512 for token, 1024 for semantic, and keeps a value set", () => {
    expect(parseMemoryConfig('[memory.chunker]\nstrategy = "token"').memory.chunker.max_tokens).toBe(512);
    expect(parseMemoryConfig('[memory.chunker]\nstrategy = "semantic"').memory.chunker.max_tokens).toBe(1024);
    const set = parseMemoryConfig('[memory.chunker]\nstrategy = "semantic"\nmax_tokens = 300');
    expect(set.memory.chunker.max_tokens).toBe(300);
  });

  it("accepts dotted keys and inline tables as well as sections", () => {
    const config = parseMemoryConfig(
      'memory.chunker.max_tokens = 256\nmemory.topics = { taxonomy = "hybrid" }',
    );
    expect(config.memory.chunker.max_tokens).toBe(256);
    expect(config.memory.topics.taxonomy).toBe("hybrid");
  });

  it.each([
    [
      "[memory.filter]\nautosave_threshold = 3",
      "memory.filter.autosave_threshold: accepts a number from 0 to 1 (got 3)",
    ],
    [
      '[memory.chunker]\nstrategy = "words"',
      'memory.chunker.strategy: accepts "token" or "semantic" (got "words")',
    ],
    [
      '[memory.topics]\ntaxonomy = "free"',
      'memory.topics.taxonomy: accepts "auto", "fixed" or "hybrid" (got "free")',
    ],
    [
      '[memory.vector]\nsimilarity_metric = "l2"',
      'memory.vector.similarity_metric: accepts "cosine", "dot_product" or "euclidean" (got "l2")',
    ],
    [
      '[memory.vector]\nindex_type = "faiss"',
      'memory.vector.index_type: accepts "chroma", "memory", "sqlite-vec" or "pgvector" (got "faiss")',
    ],
    [
      '[memory.embeddings]\nprovider = "openai"',
      'memory.embeddings.provider: accepts "auto", "ollama" or "offline" (got "openai")',
    ],
    ['[memory]\nbackend = "sqlite"', 'memory.backend: accepts "embeddings" (got "sqlite")'],
    [
      '[memory.chunker]\ntokenizer = "o200k_base"',
      'memory.chunker.tokenizer: accepts "cl100k_base" (got "o200k_base")',
    ],
    ['[memory.vector]\nenabled = "yes"', 'memory.vector.enabled: accepts true or false (got "yes")'],
    ["[memory.vector]\ntop_k = 0", "memory.vector.top_k: accepts an integer from 1 to 50 (got 0)"],
    ["[memory.vector]\ntop_k = 2.5", "memory.vector.top_k: accepts an integer from 1 to 50 (got 2.5)"],
    ["[memory.vector]\ntop_k = inf", "memory.vector.top_k: accepts an integer from 1 to 50 (got Infinity)"],
    [
      '[memory.vector]\nef_search = "64"',
      'memory.vector.ef_search: accepts an integer from 1 to 10000 (got "64")',
    ],
    [
      "[memory.vector]\nsimilarity_threshold = -0.1",
      "memory.vector.similarity_threshold: accepts a number from 0 to 1 (got -0.1)",
    ],
    [
      "[memory.embeddings]\ndimension = 1.5",
      "memory.embeddings.dimension: accepts an integer from 1 to 65536 (got 1.5)",
    ],
    ['[memory.embeddings]\nmodel = ""', 'memory.embeddings.model: accepts a model name (got "")'],
    [
      "[memory.chunker]\nmax_tokens = 8",
      "memory.chunker.max_tokens: accepts an integer from 16 to 8192 (got 8)",
    ],
    [
      "[memory.chunker]\noverlap_tokens = 300",
      "memory.chunker.overlap_tokens: accepts an integer from 0 to half of max_tokens (256) (got 300)",
    ],
    [
      "[memory.chunker]\nmin_tokens = 600",
      "memory.chunker.min_tokens: accepts an integer from 0 to max_tokens (512) (got 600)",
    ],
    [
      "[memory.chunker]\nbreakpoint_threshold = 1.5",
      "memory.chunker.breakpoint_threshold: accepts a number from 0 to 1 (got 1.5)",
    ],
    [
      "[memory.topics]\nmax_topics_per_entry = 0",
      "memory.topics.max_topics_per_entry: accepts an integer from 1 to 20 (got 0)",
    ],
    [
      '[memory.topics]\ncustom_topics = "coding"',
      'memory.topics.custom_topics: accepts a list of topic names (got "coding")',
    ],
    [
      '[memory.topics]\ncustom_topics = ["coding", 3]',
      "memory.topics.custom_topics[1]: accepts a topic name (got 3)",
    ],
    [
      '[memory.topics]\ntaxonomy = "fixed"',
      'memory.topics.custom_topics: needs at least one topic when taxonomy = "fixed" (nothing could be assigned)',
    ],
    [
      "[memory.filter]\nmin_length = 50\nmax_length = 10",
      "memory.filter.min_length: accepts an integer from 0 to max_length (10) (got 50)",
    ],
    [
      "[memory.filter]\nmin_length = 1979-05-27",
      "memory.filter.min_length: accepts an integer from 0 to 1000000 (got 1979-05-27)",
    ],
    [
      "[memory.retention]\nautosave_days = 0",
      "memory.retention.autosave_days: accepts a number of days greater than 0 (at most 36500) (got 0)",
    ],
    [
      '[memory.filter]\nexclude_patterns = ["^ok$", "("]',
      'memory.filter.exclude_patterns[1]: accepts a regular expression (Unterminated group) (got "(")',
    ],
    ["[memory]\nvector = 3", "memory.vector: accepts a table (got 3)"],
    ["memory = 3", "memory: accepts a table (got 3)"],
  ])("names a bad value in one line: %s", (toml, message) => {
    const err = configError(toml);
    expect(err.code).toBe("config_invalid");
    expect(err.message).toBe(message);
    expect(err.details).toEqual({ key: message.split(":")[0], file: "memory.toml" });
  });

  it.each([
    [String.raw`^(\w+\s?)+$`, "exponential"],
    ["(a|a)*$", "exponential"],
    [String.raw`\s+$`, "2nd degree polynomial"],
  ])("refuses an exclude pattern that can backtrack super-linearly: %s", (pattern, complexity) => {
    // TOML literal strings ('…') keep the backslashes as written.
    const err = configError(`[memory.filter]\nexclude_patterns = ['^ok$', '${pattern}']`);
    expect(err.code).toBe("config_invalid");
    expect(err.message).toBe(
      `memory.filter.exclude_patterns[1]: accepts only a regular expression that runs in linear time; this one has ${complexity} backtracking (got ${JSON.stringify(pattern)})`,
    );
    expect(err.details).toEqual({ key: "memory.filter.exclude_patterns[1]", file: "memory.toml" });
  });

  it("accepts linear exclude patterns, look-ahead included", () => {
    const patterns = [
      "^(ok|thanks|got it|sure)$",
      String.raw`^\s*$`,
      String.raw`^(?!note)\w+$`,
      String.raw`\bpassword\b`,
    ];
    const toml = `[memory.filter]\nexclude_patterns = [${patterns.map((p) => `'${p}'`).join(", ")}]`;
    expect(parseMemoryConfig(toml).memory.filter.exclude_patterns).toEqual(patterns);
  });

  it.each([
    ["[server]\nport = 1", "server"],
    ["[memory.topicz]\nenabled = true", "memory.topicz"],
    ["[memory]\nbackends = 1", "memory.backends"],
    ["[memory.embeddings]\nhost = 1", "memory.embeddings.host"],
    ["[memory.vector]\ntopk = 1", "memory.vector.topk"],
    ["[memory.chunker]\nmax_token = 1", "memory.chunker.max_token"],
    ["[memory.topics]\ntaxonomies = 1", "memory.topics.taxonomies"],
    ["[memory.filter]\nexclude = []", "memory.filter.exclude"],
    ["__proto__.b = 5", "__proto__"],
  ])("names an unknown key at any level: %s", (toml, key) => {
    const err = configError(toml);
    expect(err.code).toBe("config_invalid");
    expect(err.message).toBe(`${key}: unknown key`);
    expect(err.details).toEqual({ key, file: "memory.toml" });
  });

  it.each(INDEX_TYPES)("loads index_type %s", (indexType) => {
    const config = parseMemoryConfig(`[memory.vector]\nindex_type = "${indexType}"`);
    expect(config.memory.vector.index_type).toBe(indexType);
  });

  it.each([
    ["cross-encoder/ms-marco-MiniLM-L-6-v2", '"cross-encoder/ms-marco-MiniLM-L-6-v2"'],
    ["ollama:", '"ollama:"'],
    ["", '""'],
  ])("stops on rerank = true with rerank_model %j: only ollama:<model> in this version", (model, got) => {
    const err = configError(`[memory.vector]\nrerank = true\nrerank_model = "${model}"`);
    expect(err.code).toBe("config_invalid");
    expect(err.details).toEqual({ key: "memory.vector.rerank_model", file: "memory.toml" });
    expect(err.message).toBe(
      `memory.vector.rerank_model: accepts only "ollama:<model>" in this version; cross-encoders are not supported (got ${got})`,
    );
    expect(err.message).not.toContain("\n");
  });

  it("accepts rerank = true with ollama:<model>, and the seed's cross-encoder name while rerank is off", () => {
    const on = parseMemoryConfig('[memory.vector]\nrerank = true\nrerank_model = "ollama:qwen2.5:7b"');
    expect(on.memory.vector).toMatchObject({ rerank: true, rerank_model: "ollama:qwen2.5:7b" });
    const seed = parseMemoryConfig(
      '[memory.vector]\nrerank = false\nrerank_model = "cross-encoder/ms-marco-MiniLM-L-6-v2"',
    );
    expect(seed.memory.vector).toMatchObject({ rerank: false });
  });

  it("says where a file is not TOML, in one line", () => {
    const err = configError('[memory]\nbackend = "embeddings"\n[memory.chunker\nstrategy = "token"\n');
    expect(err.code).toBe("config_invalid");
    expect(err.message).toMatch(/^memory\.toml: not valid TOML at line 3, column \d+: \S/);
    expect(err.message).not.toContain("\n");
    expect(err.details).toMatchObject({ key: null, file: "memory.toml", line: 3 });
  });

  it("reports a key defined twice as not TOML", () => {
    const err = configError("[memory.vector]\ntop_k = 5\ntop_k = 6\n");
    expect(err.message).toMatch(/^memory\.toml: not valid TOML at line 3, column 1: /);
  });

  it("reads a file with a byte order mark", () => {
    expect(parseMemoryConfig("\uFEFF[memory.vector]\ntop_k = 3\n").memory.vector.top_k).toBe(3);
  });
});

describe("loadMemoryConfig", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "memory-config-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("gives every default when MEMORY_CONFIG is unset and there is no ./memory.toml", async () => {
    expect(await loadMemoryConfig({ cwd: dir })).toEqual(parseMemoryConfig(""));
    expect(memoryConfigFile({ cwd: dir })).toBeUndefined();
  });

  it("reads ./memory.toml from the working directory when MEMORY_CONFIG is unset", async () => {
    await writeFile(path.join(dir, "memory.toml"), "[memory.vector]\ntop_k = 9\n");
    expect((await loadMemoryConfig({ cwd: dir })).memory.vector.top_k).toBe(9);
    expect(memoryConfigFile({ cwd: dir })).toBe(path.join(dir, "memory.toml"));
  });

  it("reads the file MEMORY_CONFIG names, relative to the working directory, and not ./memory.toml", async () => {
    await writeFile(path.join(dir, "memory.toml"), "[memory.vector]\ntop_k = 9\n");
    await writeFile(path.join(dir, "other.toml"), "[memory.vector]\ntop_k = 4\n");
    expect((await loadMemoryConfig({ cwd: dir, path: "other.toml" })).memory.vector.top_k).toBe(4);
    const absolute = path.join(dir, "other.toml");
    expect((await loadMemoryConfig({ cwd: "/", path: absolute })).memory.vector.top_k).toBe(4);
  });

  it("stops with one line when MEMORY_CONFIG names a missing file", async () => {
    const err = await loadError({ cwd: dir, path: "conf/memory.toml" });
    expect(err.code).toBe("config_invalid");
    expect(err.details).toEqual({ key: "MEMORY_CONFIG", file: "conf/memory.toml" });
    expect(err.message).toBe(
      `MEMORY_CONFIG: no such file: conf/memory.toml (${path.join(dir, "conf/memory.toml")})`,
    );
  });

  it("stops with one line when MEMORY_CONFIG names a folder", async () => {
    const err = await loadError({ cwd: dir, path: "." });
    expect(err.code).toBe("config_invalid");
    expect(err.message).toBe("MEMORY_CONFIG: cannot read .: EISDIR");
  });

  it("names the file as MEMORY_CONFIG gave it in value and syntax errors", async () => {
    await writeFile(path.join(dir, "pipeline.toml"), "[memory.filter]\nautosave_threshold = 3\n");
    await writeFile(path.join(dir, "broken.toml"), "[memory\n");
    const bad = await loadError({ cwd: dir, path: "pipeline.toml" });
    expect(bad.message).toBe("memory.filter.autosave_threshold: accepts a number from 0 to 1 (got 3)");
    expect(bad.details).toEqual({ key: "memory.filter.autosave_threshold", file: "pipeline.toml" });
    const broken = await loadError({ cwd: dir, path: "broken.toml" });
    expect(broken.message).toMatch(/^broken\.toml: not valid TOML at line 1, column \d+: /);
  });
});

describe("a catastrophic exclude pattern at start", () => {
  it("stops the app with exit code 2 and `Configuration error:` naming the key", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "memory-config-"));
    try {
      const file = path.join(dir, "memory.toml");
      await writeFile(
        file,
        String.raw`[memory.filter]
exclude_patterns = ['^(\w+\s?)+$']
`,
      );
      const app = spawnApp({ DATA_DIR: dir, MEMORY_CONFIG: file, PORT: "0", LOG_LEVEL: "silent" });
      expect(await exited(app.child)).toBe(2);
      expect(app.output()).toContain(
        "Configuration error: memory.filter.exclude_patterns[0]: accepts only a regular expression that runs in linear time; this one has exponential backtracking",
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
