import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.js";
import { effectiveSettings } from "../../src/config/effective-settings.js";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";

/** The settings resolved from an environment and the text of a memory.toml. */
function resolve(env: Record<string, string>, toml: string) {
  return effectiveSettings({ config: parseConfig(env), memory: parseMemoryConfig(toml), env });
}

const TOML = `
[memory.embeddings]
provider = "offline"
model = "nomic-embed-text"

[memory.vector]
top_k = 10
`;

describe("effectiveSettings", () => {
  it("takes the environment variable's default when neither gives a value", () => {
    expect(resolve({}, "")).toEqual({
      embedder: "auto",
      embedModel: "bge-m3",
      recallTopK: 5,
      sources: { embedder: "default", embedModel: "default", recallTopK: "default" },
    });
  });

  it("takes memory.toml's value when the variable is unset", () => {
    expect(resolve({}, TOML)).toEqual({
      embedder: "offline",
      embedModel: "nomic-embed-text",
      recallTopK: 10,
      sources: { embedder: "memory.toml", embedModel: "memory.toml", recallTopK: "memory.toml" },
    });
  });

  it("lets a variable that is set win over memory.toml, even when set to its default value", () => {
    const env = { EMBEDDER: "ollama", OLLAMA_EMBED_MODEL: "bge-m3", RECALL_TOP_K: "5" };
    expect(resolve(env, TOML)).toEqual({
      embedder: "ollama",
      embedModel: "bge-m3",
      recallTopK: 5,
      sources: { embedder: "environment", embedModel: "environment", recallTopK: "environment" },
    });
  });

  it("decides each setting on its own", () => {
    const settings = resolve({ RECALL_TOP_K: "3" }, TOML);
    expect(settings).toMatchObject({ embedder: "offline", embedModel: "nomic-embed-text", recallTopK: 3 });
    expect(settings.sources).toEqual({
      embedder: "memory.toml",
      embedModel: "memory.toml",
      recallTopK: "environment",
    });
  });

  it("treats an empty variable as unset, as parseConfig does", () => {
    const settings = resolve({ EMBEDDER: "", RECALL_TOP_K: " " }, TOML);
    expect(settings).toMatchObject({ embedder: "offline", recallTopK: 10 });
  });
});
