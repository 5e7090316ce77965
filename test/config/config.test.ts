import { copyFile, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv, parseConfig, slackMode } from "../../src/config/config.js";
import { AppError } from "../../src/core/errors.js";

function configError(env: Record<string, string>): AppError {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected a config error");
}

describe("parseConfig", () => {
  it("gives working defaults for an empty environment (local mode)", () => {
    const config = parseConfig({});
    expect(config.HOST).toBe("127.0.0.1");
    expect(config.PORT).toBe(3000);
    expect(config.OLLAMA_HOST).toBe("http://127.0.0.1:11434");
    expect(config.CHROMA_URL).toBeUndefined();
    expect(config.ADMIN_TOKEN).toBeUndefined();
    expect(config).toMatchObject({
      LLM_TIMEOUT_MS: 60_000,
      OLLAMA_MAX_PARALLEL: 4,
      OLLAMA_MAX_QUEUE: 100,
      LLM_QUEUE_TIMEOUT_MS: 120_000,
      EMBED_TIMEOUT_MS: 15_000,
    });
    expect(slackMode(config)).toBe("local");
  });

  it("treats empty strings as unset", () => {
    const config = parseConfig({
      SLACK_BOT_TOKEN: "",
      ADMIN_TOKEN: "",
      SLACK_API_URL: "",
      CHROMA_URL: "",
      OLLAMA_HOST: " ",
      PORT: "",
    });
    expect(slackMode(config)).toBe("local");
    expect(config.ADMIN_TOKEN).toBeUndefined();
    expect(config.SLACK_API_URL).toBeUndefined();
    expect(config.CHROMA_URL).toBeUndefined();
    expect(config.OLLAMA_HOST).toBe("http://127.0.0.1:11434");
    expect(config.PORT).toBe(3000);
  });

  it("accepts .env.example as it is", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "env-example-"));
    const envFile = path.join(dir, ".env");
    await copyFile(new URL("../../.env.example", import.meta.url), envFile);
    const config = parseConfig(await loadEnv({}, envFile));
    expect(slackMode(config)).toBe("local");
    expect(config.SLACK_API_URL).toBeUndefined();
    expect(config.CHROMA_URL).toBeUndefined();
    await rm(dir, { recursive: true, force: true });
  });

  it("names the variable and what it accepts in one line", () => {
    const err = configError({ PORT: "abc" });
    expect(err.code).toBe("config_invalid");
    expect(err.details).toEqual({ variable: "PORT" });
    expect(err.message).toMatch(/^PORT: accepts an integer from 0 to 65535/);
    expect(err.message).not.toContain("\n");
  });

  it.each([
    ["PORT", "70000"],
    ["LLM_TIMEOUT_MS", "-5"],
    ["OLLAMA_MAX_PARALLEL", "0"],
    ["OLLAMA_MAX_QUEUE", "-1"],
    ["LLM_QUEUE_TIMEOUT_MS", "soon"],
    ["EMBED_TIMEOUT_MS", "1.5"],
    ["OLLAMA_HOST", "localhost:11434"],
    ["CHROMA_URL", "not a url"],
    ["DATABASE_URL", "mysql://u@h/db"],
    ["LOG_LEVEL", "loud"],
    ["EMBEDDER", "openai"],
    ["SLACK_BOT_TOKEN", "xoxp-user-token"],
    ["SLACK_APP_TOKEN", "xoxb-not-an-app-token"],
    ["ADMIN_TOKEN", "short"],
    ["ADMIN_TOKEN", "has spaces and !! in it"],
    ["METRICS_TOKEN", "short"],
    ["METRICS_TOKEN", "has spaces and !! in it"],
    ["SLACK_TIMEOUT_MS", "0"],
    ["ALLOW_DM_MEMORIES_IN_CHANNELS", "maybe"],
    ["STORAGE_TIMEOUT_MS", "50"],
    ["VECTOR_NAMESPACE_PREFIX", "has space"],
    ["CHROMA_TIMEOUT_MS", "50"],
    ["CHROMA_COLLECTION_PREFIX", "has space"],
  ])("rejects %s=%s", (variable, value) => {
    const err = configError({ [variable]: value });
    expect(err.details).toEqual({ variable });
    expect(err.message.startsWith(`${variable}: accepts`)).toBe(true);
  });

  it("does not print secrets back", () => {
    const err = configError({ SLACK_BOT_TOKEN: "xoxp-secret-value" });
    expect(err.message).not.toContain("secret-value");
    expect(configError({ DATABASE_URL: "postgres:/u:secret-value@h" }).message).not.toContain("secret-value");
  });

  it("requires a signing secret in HTTP mode", () => {
    const err = configError({ SLACK_BOT_TOKEN: "xoxb-1" });
    expect(err.details).toEqual({ variable: "SLACK_SIGNING_SECRET" });
  });

  it("requires a bot token with an app token", () => {
    expect(configError({ SLACK_APP_TOKEN: "xapp-1" }).details).toEqual({ variable: "SLACK_BOT_TOKEN" });
  });

  it("selects HTTP mode with a signing secret and Socket Mode with an app token", () => {
    expect(slackMode(parseConfig({ SLACK_BOT_TOKEN: "xoxb-1", SLACK_SIGNING_SECRET: "s" }))).toBe("http");
    expect(slackMode(parseConfig({ SLACK_BOT_TOKEN: "xoxb-1", SLACK_APP_TOKEN: "xapp-1" }))).toBe("socket");
  });

  it("coerces numbers and booleans", () => {
    const config = parseConfig({ PORT: "0", LLM_TIMEOUT_MS: "2500", ALLOW_DM_MEMORIES_IN_CHANNELS: "true" });
    expect(config.PORT).toBe(0);
    expect(config.LLM_TIMEOUT_MS).toBe(2500);
    expect(config.ALLOW_DM_MEMORIES_IN_CHANNELS).toBe(true);
  });
});

describe("configuration aliases (earlier names still read)", () => {
  const aliases = [
    { alias: "CHROMA_TIMEOUT_MS", name: "STORAGE_TIMEOUT_MS", value: "2500", other: "4000", parsed: 2500 },
    {
      alias: "CHROMA_COLLECTION_PREFIX",
      name: "VECTOR_NAMESPACE_PREFIX",
      value: "ns_one",
      other: "ns_two",
      parsed: "ns_one",
    },
  ] as const;

  it("defaults the renamed variables as before", () => {
    const config = parseConfig({});
    expect(config.STORAGE_TIMEOUT_MS).toBe(10_000);
    expect(config.VECTOR_NAMESPACE_PREFIX).toBe("memories");
  });

  it.each(aliases)(
    "reads $name from $alias when $name is unset or empty",
    ({ alias, name, value, parsed }) => {
      expect(parseConfig({ [alias]: value })[name]).toBe(parsed);
      expect(parseConfig({ [name]: "", [alias]: value })[name]).toBe(parsed);
      expect(parseConfig({ [name]: value })[name]).toBe(parsed);
    },
  );

  it.each(aliases)(
    "lets $name win over $alias when both are set",
    ({ alias, name, value, other, parsed }) => {
      expect(parseConfig({ [name]: value, [alias]: other })[name]).toBe(parsed);
    },
  );

  it.each(aliases)("does not check $alias when $name is set", ({ alias, name, value, parsed }) => {
    expect(parseConfig({ [name]: value, [alias]: "not valid here !" })[name]).toBe(parsed);
  });

  it.each(aliases)("lists $alias in README as an alias of $name", async ({ alias, name }) => {
    const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
    const row = readme.split("\n").find((line) => line.startsWith(`| \`${alias}\``));
    expect(row).toBeDefined();
    expect(row).toContain(`Alias of \`${name}\``);
    expect(readme.split("\n").some((line) => line.startsWith(`| \`${name}\``))).toBe(true);
  });
});
