/**
 * Boots the whole assistant in-process (the real composition root, Bolt app, HTTP server, Chroma)
 * against the fakes: Slack's Web API + Socket Mode and Ollama on loopback, the run's real Chroma.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { parseConfig } from "../../src/config/config.js";
import { extractTriplets } from "../../src/extraction/rule-extractor.js";
import { createLogger } from "../../src/logging/logger.js";
import { type Assistant, startAssistant } from "../../src/main.js";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";
import { type FakeOllama, startFakeOllama } from "../../fixtures/fake-ollama.js";
import { type FakeSlack, startFakeSlack } from "../../fixtures/fake-slack.js";
import {
  makeEventCallback,
  postSignedEvent,
  type PostSignedEventOptions,
} from "../../fixtures/slack-events.js";

export const SIGNING_SECRET = "test-signing-secret";
export const ADMIN_TOKEN = "test-admin-token-0123456789";
export const CHAT_MODEL = "llama3.1:8b";
export const EMBED_MODEL = "nomic-embed-text";
/** A loopback port nothing listens on: "Ollama is down". */
export const DEAD_OLLAMA = "http://127.0.0.1:9";

export interface TestAssistantOptions {
  mode: "http" | "socket" | "local";
  /** false: no Ollama at all (OLLAMA_HOST points at a closed port). */
  ollama?: boolean;
  /** Extra environment (config variables). */
  env?: Record<string, string>;
  /** Where the app's own logger (redaction included) writes; default: a plain pino at LOG_LEVEL. */
  logSink?: NodeJS.WritableStream;
}

export interface TestAssistant {
  assistant: Assistant;
  slack: FakeSlack | undefined;
  ollama: FakeOllama | undefined;
  dataDir: string;
  /** Signs and POSTs an event callback for `event` to /slack/events. */
  sendEvent(
    event: Record<string, unknown>,
    opts?: PostSignedEventOptions & { eventId?: string },
  ): Promise<Response>;
  /** fetch() against the assistant's HTTP server, with the admin bearer token unless `auth: false`. */
  admin(pathname: string, init?: RequestInit & { auth?: boolean | string }): Promise<Response>;
  stop(): Promise<void>;
}

export async function startTestAssistant(options: TestAssistantOptions): Promise<TestAssistant> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "assistant-test-"));
  const slack = options.mode === "local" ? undefined : await startFakeSlack();
  const ollama =
    options.ollama === false
      ? undefined
      : await startFakeOllama({ models: [CHAT_MODEL, `${EMBED_MODEL}:latest`] });
  const env: Record<string, string> = {
    CHROMA_URL: inject("chromaUrl"),
    VECTOR_NAMESPACE_PREFIX: `t_${randomBytes(6).toString("hex")}`,
    DATA_DIR: dataDir,
    OLLAMA_HOST: ollama?.url ?? DEAD_OLLAMA,
    OLLAMA_CHAT_MODEL: CHAT_MODEL,
    OLLAMA_EMBED_MODEL: EMBED_MODEL,
    LLM_TIMEOUT_MS: "1500",
    EMBED_TIMEOUT_MS: "1500",
    ADMIN_TOKEN,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...(slack ? { SLACK_BOT_TOKEN: "xoxb-test", SLACK_API_URL: slack.apiUrl } : {}),
    ...(options.mode === "http" ? { SLACK_SIGNING_SECRET: SIGNING_SECRET } : {}),
    ...(options.mode === "socket" ? { SLACK_APP_TOKEN: "xapp-test" } : {}),
    ...options.env,
  };
  const config = parseConfig(env);
  const logger = options.logSink
    ? createLogger({ level: config.LOG_LEVEL, destination: options.logSink, pretty: false })
    : pino({ level: config.LOG_LEVEL });
  // The fake Ollama's "nomic-embed-text" hashes character trigrams (fake-embedding.ts): its cosines are
  // lexical and low, not nomic's, so the nomic profile's similarity_threshold (0.4) would drop most of
  // its hits. Set to 0 here, as a deployment overrides its model's profile in memory.toml.
  // The memory.toml that MEMORY_CONFIG names (a backend's index_type: test/support/vector-backends.ts)
  // is read as the app reads it, with that threshold unless it sets one.
  const memoryConfig = parseMemoryConfig(
    zeroThreshold(env.MEMORY_CONFIG ? await readFile(env.MEMORY_CONFIG, "utf8") : ""),
  );
  const assistant = await startAssistant(config, { logger, memoryConfig });
  return {
    assistant,
    slack,
    ollama,
    dataDir,
    sendEvent: (event, opts = {}) =>
      postSignedEvent(
        `${assistant.url}/slack/events`,
        makeEventCallback(event, opts.eventId ? { event_id: opts.eventId } : {}),
        SIGNING_SECRET,
        opts,
      ),
    admin: (pathname, init = {}) => {
      const { auth = true, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (auth !== false) headers.set("authorization", `Bearer ${auth === true ? ADMIN_TOKEN : auth}`);
      return fetch(`${assistant.url}${pathname}`, { ...rest, headers });
    },
    stop: async () => {
      await assistant.stop();
      await slack?.close();
      await ollama?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A memory.toml's text with `[memory.vector] similarity_threshold = 0` unless it sets a threshold. */
function zeroThreshold(toml: string): string {
  if (toml.includes("similarity_threshold")) return toml;
  const section = "[memory.vector]";
  return toml.includes(section)
    ? toml.replace(section, `${section}\nsimilarity_threshold = 0`)
    : `${toml}\n${section}\nsimilarity_threshold = 0\n`;
}

/**
 * One assistant for the enclosing describe block: started before its first test (then handed to
 * `started`), stopped after its last, and the fakes' recorded calls and queued answers reset before
 * each test.
 */
export function useTestAssistant(
  options: TestAssistantOptions,
  started: (assistant: TestAssistant) => void,
): void {
  let t: TestAssistant | undefined;
  beforeAll(async () => {
    t = await startTestAssistant(options);
    started(t);
  });
  afterAll(async () => {
    await t?.stop();
  });
  beforeEach(() => {
    t?.slack?.reset();
    t?.ollama?.reset();
  });
}

/** Sends a signed event and resolves with the text of the reply it caused (the next chat.postMessage). */
export async function replyTo(t: TestAssistant, event: Record<string, unknown>): Promise<string> {
  const before = t.slack!.callsTo("chat.postMessage").length;
  await t.sendEvent(event);
  const posts = await t.slack!.waitForCall("chat.postMessage", { count: before + 1 });
  return String(posts.at(-1)!.args.text);
}

/** Text of the system message of a chat request the fake Ollama received. */
export function systemPromptOf(request: { messages: Array<{ role: string; content: string }> }): string {
  return request.messages.find((m) => m.role === "system")?.content ?? "";
}

/** Contents of the user messages of a chat request: the conversation's earlier turns and the message. */
export function userMessagesOf(request: { messages: Array<{ role: string; content: string }> }): string[] {
  return request.messages.filter((m) => m.role === "user").map((m) => m.content);
}

/** Every message of a chat request, as `role: content` lines: the whole prompt the model saw. */
export function promptOf(request: { messages: Array<{ role: string; content: string }> }): string {
  return request.messages.map((m) => `${m.role}: ${m.content}`).join("\n");
}

/**
 * Makes the fake Ollama a faithful model: extraction returns what the rule extractor finds in the text
 * (so graph facts exist with a model as without), a tool round answers after the tool result, and
 * `script` decides the tool call, if any, for the user's last message.
 */
export function faithfulModel(
  t: TestAssistant,
  script: (last: string) => { name: string; arguments: Record<string, unknown> } | undefined = () =>
    undefined,
): void {
  t.ollama!.onChat((req) => {
    if (req.format !== undefined) {
      return { json: { triplets: extractTriplets(req.messages.at(-1)?.content ?? "") } };
    }
    if (req.messages.at(-1)?.role === "tool") return "(fake) 알겠어요";
    const call = script(req.messages.at(-1)?.content ?? "");
    return call ? { toolCalls: [call] } : "(fake) 답변";
  });
}
