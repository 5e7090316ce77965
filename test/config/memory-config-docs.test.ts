/**
 * The documentation of memory.toml is true: README.md's table lists every key with the default the
 * schema gives, and memory.example.toml is valid, has a comment on each key and is the spec's "full
 * pipeline" example with index_type "chroma".
 */
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";
import { DEFAULT_MAX_TOKENS } from "../../src/config/memory-defaults.js";

const ROOT = new URL("../../", import.meta.url);
const README = readFileSync(new URL("README.md", ROOT), "utf8");
const EXAMPLE = readFileSync(new URL("memory.example.toml", ROOT), "utf8");

/** Keys without a default of their own (the model's, or an environment variable's, applies). */
const NO_DEFAULT = [
  "memory.embeddings.provider",
  "memory.embeddings.model",
  "memory.embeddings.dimension",
  "memory.vector.top_k",
  "memory.vector.fusion",
  "memory.vector.similarity_threshold",
  "memory.vector.relevance_threshold",
  "memory.vector.keyword_weight",
  "memory.vector.vector_weight",
  "memory.vector.rrf_k",
  "memory.retention.autosave_days",
  "memory.retention.history_days",
];

/** Dotted leaf keys of a parsed config, with their values. */
function leaves(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      for (const [key, leaf] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(key, leaf);
    }
  } else out.set(prefix, value);
  return out;
}

/** The rows of the README table whose first cell is a `memory.*` key: key → default cell. */
function readmeRows(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of README.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const key = /^`(memory\.[a-z_.]+)`$/.exec(cells[1] ?? "")?.[1];
    if (key && cells.length >= 5) rows.set(key, cells[3]!);
  }
  return rows;
}

describe("README's memory.toml table", () => {
  const defaults = leaves(parseMemoryConfig(""));

  it("lists every key once", () => {
    const documented = [...readmeRows().keys()].sort();
    expect(documented).toEqual([...defaults.keys(), ...NO_DEFAULT].sort());
  });

  it("gives each key the default the schema gives", () => {
    for (const [key, cell] of readmeRows()) {
      if (NO_DEFAULT.includes(key)) continue;
      if (key === "memory.chunker.max_tokens") {
        expect(cell).toBe(`\`${DEFAULT_MAX_TOKENS.token}\` / \`${DEFAULT_MAX_TOKENS.semantic}\``);
        continue;
      }
      const literal = /^`(.*)`$/.exec(cell)?.[1];
      expect(literal, `${key}: default cell ${cell}`).toBeDefined();
      expect(parse(`v = ${literal!}`).v, key).toEqual(defaults.get(key));
    }
  });
});

describe("memory.example.toml", () => {
  it("is valid and is the spec's full pipeline, on Chroma", () => {
    const config = parseMemoryConfig(EXAMPLE, "memory.example.toml");
    expect(config.memory).toMatchObject({
      backend: "embeddings",
      embeddings: { provider: "ollama", model: "nomic-embed-text", dimension: 768 },
      vector: { enabled: true, index_type: "chroma", top_k: 10, similarity_threshold: 0.5 },
      chunker: { strategy: "semantic", max_tokens: 1024, min_tokens: 64, breakpoint_threshold: 0.3 },
      topics: {
        enabled: true,
        taxonomy: "hybrid",
        custom_topics: ["coding", "architecture", "debugging", "planning"],
      },
      filter: { enabled: true, autosave_threshold: 0.4, novelty_threshold: 0.85 },
    });
  });

  it("has a comment on the line before each key", () => {
    const lines = EXAMPLE.split("\n");
    const keyLines = lines.map((l, i) => [l, i] as const).filter(([l]) => /^[a-z_]+ = /.test(l));
    expect(keyLines.length).toBeGreaterThan(15);
    for (const [line, i] of keyLines) expect(lines[i - 1], line).toMatch(/^# /);
  });
});
