import type { Config } from "./config.js";
import type { MemoryConfig } from "./memory-config.js";

/** Where a resolved value came from. */
export type SettingSource = "environment" | "memory.toml" | "default";

/**
 * The settings that both an environment variable and `memory.toml` can give, resolved:
 *
 * | setting      | environment variable | memory.toml                  | default        |
 * | ------------ | -------------------- | ---------------------------- | -------------- |
 * | `embedder`   | `EMBEDDER`           | `memory.embeddings.provider` | `auto`         |
 * | `embedModel` | `OLLAMA_EMBED_MODEL` | `memory.embeddings.model`    | `bge-m3`       |
 * | `recallTopK` | `RECALL_TOP_K`       | `memory.vector.top_k`        | `5`            |
 *
 * The environment variable wins when it is set (as the environment wins over `.env`): a deployment can
 * override a shared file for one run without editing it. Then the file's value; then the variable's
 * default. The file's keys have no defaults of their own, so the project's defaults stay in one place
 * (config.ts).
 */
export interface EffectiveSettings {
  embedder: Config["EMBEDDER"];
  embedModel: string;
  recallTopK: number;
  /** Where each value came from, for the start-up log. */
  sources: Record<"embedder" | "embedModel" | "recallTopK", SettingSource>;
}

export interface EffectiveSettingsInput {
  /** The parsed environment (defaults filled in). */
  config: Config;
  /** The parsed memory.toml. */
  memory: MemoryConfig;
  /**
   * The environment `config` was parsed from (what `loadEnv` returned): it tells a variable that was
   * set from one left at its default. Empty counts as unset, as in `parseConfig`.
   */
  env: Record<string, string | undefined>;
}

/** Resolves the settings that the environment and memory.toml share; see {@link EffectiveSettings}. */
export function effectiveSettings({ config, memory, env }: EffectiveSettingsInput): EffectiveSettings {
  const isSet = (variable: keyof Config): boolean => (env[variable] ?? "").trim() !== "";
  const pick = <T>(variable: keyof Config, fromEnv: T, fromFile: T | undefined): [T, SettingSource] => {
    if (isSet(variable)) return [fromEnv, "environment"];
    if (fromFile !== undefined) return [fromFile, "memory.toml"];
    return [fromEnv, "default"];
  };
  const { embeddings, vector } = memory.memory;
  const [embedder, embedderFrom] = pick("EMBEDDER", config.EMBEDDER, embeddings.provider);
  const [embedModel, embedModelFrom] = pick(
    "OLLAMA_EMBED_MODEL",
    config.OLLAMA_EMBED_MODEL,
    embeddings.model,
  );
  const [recallTopK, recallTopKFrom] = pick("RECALL_TOP_K", config.RECALL_TOP_K, vector.top_k);
  return {
    embedder,
    embedModel,
    recallTopK,
    sources: { embedder: embedderFrom, embedModel: embedModelFrom, recallTopK: recallTopKFrom },
  };
}
