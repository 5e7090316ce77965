import { existsSync } from "node:fs";
import { z } from "zod";
import { AppError } from "../core/errors.js";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const url = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^\s/]+/.test(v), { message: `accepts an http(s) URL (${what})` });

const int = (min: number, max: number) =>
  z.coerce
    .number({ message: `accepts an integer from ${min} to ${max}` })
    .int({ message: `accepts an integer from ${min} to ${max}` })
    .min(min, { message: `accepts an integer from ${min} to ${max}` })
    .max(max, { message: `accepts an integer from ${min} to ${max}` });

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "accepts true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const bearerToken = optionalString.refine((v) => v === undefined || /^[A-Za-z0-9._~+/-]{16,}=*$/.test(v), {
  message: "accepts a secret of at least 16 characters: letters, digits and . _ ~ + / - (= only at the end)",
});

/**
 * The one configuration schema, parsed once at start from the environment. Keys are the environment
 * variable names; README.md's configuration table and .env.example list every one.
 */
export const configSchema = z.object({
  SLACK_BOT_TOKEN: optionalString.refine((v) => v === undefined || v.startsWith("xoxb-"), {
    message: "accepts a bot token starting with xoxb-",
  }),
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_APP_TOKEN: optionalString.refine((v) => v === undefined || v.startsWith("xapp-"), {
    message: "accepts an app-level token starting with xapp-",
  }),
  SLACK_API_URL: url("the Slack Web API base, e.g. https://slack.com/api/").optional(),
  SLACK_TIMEOUT_MS: int(100, 600_000).default(10_000),
  OLLAMA_HOST: url("e.g. http://127.0.0.1:11434").default("http://127.0.0.1:11434"),
  OLLAMA_CHAT_MODEL: z.string().trim().min(1, { message: "accepts a model name" }).default("qwen2.5:7b"),
  OLLAMA_EMBED_MODEL: z.string().trim().min(1, { message: "accepts a model name" }).default("bge-m3"),
  LLM_TIMEOUT_MS: int(100, 600_000).default(60_000),
  OLLAMA_MAX_PARALLEL: int(1, 256).default(4),
  OLLAMA_MAX_QUEUE: int(0, 100_000).default(100),
  LLM_QUEUE_TIMEOUT_MS: int(100, 3_600_000).default(120_000),
  EMBED_TIMEOUT_MS: int(100, 600_000).default(15_000),
  EMBEDDER: z
    .enum(["auto", "ollama", "offline"], { message: "accepts auto, ollama or offline" })
    .default("auto"),
  EMBED_BATCH_SIZE: int(1, 2048).default(64),
  CHROMA_URL: url("e.g. http://127.0.0.1:8000").optional(),
  // Bounds one call to a storage server: Chroma, PostgreSQL (state and pgvector); alias CHROMA_TIMEOUT_MS.
  STORAGE_TIMEOUT_MS: int(100, 600_000).default(10_000),
  // The vector index's namespace on every backend; alias CHROMA_COLLECTION_PREFIX.
  VECTOR_NAMESPACE_PREFIX: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{1,60}$/, { message: "accepts 2–61 letters, digits, '.', '_' or '-'" })
    .default("memories"),
  // index_type = "pgvector": PostgreSQL with the pgvector extension (src/backends/pgvector/pgvector-vector-index.ts).
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^postgres(ql)?:\/\/[^\s/]+/.test(v), {
      message: "accepts a postgres:// URL (e.g. postgres://user:password@127.0.0.1:5432/memories)",
    })
    .optional(),
  DATA_DIR: z.string().trim().min(1, { message: "accepts a folder path" }).default("./data"),
  // The memory pipeline's TOML file (src/config/load-memory-config.ts); unset: ./memory.toml if it exists.
  MEMORY_CONFIG: optionalString,
  // The characters of a bearer token (RFC 6750 b64token); Hono's bearerAuth refuses any other.
  ADMIN_TOKEN: bearerToken,
  // A token that opens GET /metrics alone (Prometheus' scrape), besides ADMIN_TOKEN.
  METRICS_TOKEN: bearerToken,
  RECALL_TOP_K: int(1, 50).default(5),
  BM25_CACHE_MB: int(1, 65_536).default(256),
  // A user's BM25 snapshot is kept on disk (Chroma) from this many memories (memory/search/keyword-snapshots.ts).
  BM25_SNAPSHOT_MIN_MEMORIES: int(1, 100_000_000).default(2000),
  ALLOW_DM_MEMORIES_IN_CHANNELS: bool.default(false),
  // Shared mode: a replica's journal stream is taken over this long after its last lease renewal (stores/pg-journal.ts).
  JOURNAL_LEASE_MS: int(1000, 3_600_000).default(30_000),
  // A turn whose reply did not reach Slack is answered again this long after it came, then after doubling waits (slack/respond.ts).
  OPEN_TURN_RETRY_MS: int(1000, 3_600_000).default(60_000),
  // Graceful stop: how long SIGTERM waits for turns being answered and background work (main.ts).
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).default(25_000),
  HOST: z.string().trim().min(1, { message: "accepts a host name or IP" }).default("127.0.0.1"),
  PORT: int(0, 65535).default(3000),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "accepts fatal, error, warn, info, debug, trace or silent",
    })
    .default("info"),
});

export type Config = z.infer<typeof configSchema>;

/**
 * Earlier names of configuration variables, still read: an alias's value is used when the variable it
 * names is unset (the new name wins when both are set). README's configuration table lists them.
 */
const CONFIG_ALIASES: Readonly<Record<string, keyof Config>> = {
  CHROMA_TIMEOUT_MS: "STORAGE_TIMEOUT_MS",
  CHROMA_COLLECTION_PREFIX: "VECTOR_NAMESPACE_PREFIX",
};

export type SlackMode = "http" | "socket" | "local";

/** Which front end the config selects: Socket Mode with an app token, HTTP with a signing secret, else local. */
export function slackMode(config: Config): SlackMode {
  if (!config.SLACK_BOT_TOKEN) return "local";
  return config.SLACK_APP_TOKEN ? "socket" : "http";
}

/**
 * Parses the configuration. Throws AppError `config_invalid` whose message is one line naming the
 * variable and what it accepts, e.g. `PORT: accepts an integer from 0 to 65535 (got "abc")`.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty value means unset (`.env.example` copied as it is lists every variable empty or default).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim() !== ""));
  // The variable each value was read from, where that is an alias (errors name what the user set).
  const readFrom = new Map<string, string>();
  for (const [alias, name] of Object.entries(CONFIG_ALIASES)) {
    if (given[name] === undefined && given[alias] !== undefined) {
      given[name] = given[alias];
      readFrom.set(name, alias);
    }
  }
  const result = configSchema.safeParse(given);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = String(issue.path[0] ?? "config");
    const key = readFrom.get(field) ?? field;
    const got = env[key];
    const shown = got === undefined ? "" : ` (got ${JSON.stringify(isSecret(key) ? "***" : got)})`;
    throw new AppError("config_invalid", `${key}: ${issue.message}${shown}`, { details: { variable: key } });
  }
  const config = result.data;
  if (config.SLACK_BOT_TOKEN && !config.SLACK_APP_TOKEN && !config.SLACK_SIGNING_SECRET) {
    throw new AppError(
      "config_invalid",
      "SLACK_SIGNING_SECRET: required in HTTP mode (SLACK_BOT_TOKEN set without SLACK_APP_TOKEN)",
      { details: { variable: "SLACK_SIGNING_SECRET" } },
    );
  }
  if (!config.SLACK_BOT_TOKEN && config.SLACK_APP_TOKEN) {
    throw new AppError("config_invalid", "SLACK_BOT_TOKEN: required when SLACK_APP_TOKEN is set", {
      details: { variable: "SLACK_BOT_TOKEN" },
    });
  }
  return config;
}

function isSecret(key: string): boolean {
  return /TOKEN|SECRET|DATABASE_URL/.test(key);
}

/**
 * Reads `.env` (if present) into a copy of the environment; variables already set win, as with dotenv.
 * Uses Node's own parser (`process.loadEnvFile` semantics via util.parseEnv).
 */
export async function loadEnv(
  env: NodeJS.ProcessEnv,
  envFile = ".env",
): Promise<Record<string, string | undefined>> {
  if (!existsSync(envFile)) return { ...env };
  const { readFile } = await import("node:fs/promises");
  const { parseEnv } = await import("node:util");
  const fromFile = parseEnv(await readFile(envFile, "utf8")) as Record<string, string>;
  return { ...fromFile, ...env };
}
