import { type Config, loadEnv, parseConfig } from "./config.js";
import { effectiveSettings, type SettingSource } from "./effective-settings.js";
import { loadMemoryConfig } from "./load-memory-config.js";
import { memoryConfigSchema, type MemoryConfig } from "./memory-config.js";

/** Everything the app is configured with: the environment (with `.env`) and `memory.toml`. */
export interface Settings {
  /** The environment's settings, with the ones memory.toml shares resolved (see effectiveSettings). */
  config: Config;
  memory: MemoryConfig;
  /** Where the shared settings came from, for the start-up log. */
  sources: Record<string, SettingSource>;
  /** The environment as read (with `.env`): which variables were set. */
  env: Record<string, string | undefined>;
}

/** memory.toml's defaults: what a start without the file runs with (tests, the eval). */
export function defaultMemoryConfig(): MemoryConfig {
  return memoryConfigSchema.parse({});
}

/**
 * Reads the configuration once: the environment and `.env` (the environment wins), then the
 * `memory.toml` that MEMORY_CONFIG names (or `./memory.toml`). Throws AppError `config_invalid` with
 * one line naming the variable or the key.
 */
export async function loadSettings(
  processEnv: NodeJS.ProcessEnv,
  options: { cwd?: string } = {},
): Promise<Settings> {
  const env = await loadEnv(processEnv);
  const parsed = parseConfig(env);
  const memory = await loadMemoryConfig({ path: parsed.MEMORY_CONFIG, cwd: options.cwd });
  const shared = effectiveSettings({ config: parsed, memory, env });
  return {
    config: {
      ...parsed,
      EMBEDDER: shared.embedder,
      OLLAMA_EMBED_MODEL: shared.embedModel,
      RECALL_TOP_K: shared.recallTopK,
    },
    memory,
    sources: shared.sources,
    env,
  };
}
