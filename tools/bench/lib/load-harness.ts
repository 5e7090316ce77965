/**
 * What the load and chaos benchmarks run the app against: a real Chroma server (which chaos kills and
 * restarts on the same port and data), the fake Slack and a fake Ollama that serves at most
 * `maxParallel` chats at once with a fixed latency, and the app's environment.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { extractTriplets } from "../../../src/extraction/rule-extractor.js";
import { type ChromaServer, startChromaServer } from "../../../src/backends/chroma/chroma-server.js";
import { type FakeOllama, startFakeOllama } from "../../../fixtures/fake-ollama.js";
import { type FakeSlack, startFakeSlack } from "../../../fixtures/fake-slack.js";
import { freePort } from "./app-process.js";

export const BENCH_SIGNING_SECRET = "bench-signing-secret";
export const BENCH_ADMIN_TOKEN = "bench-admin-token-0123456789";
const CHAT_MODEL = "llama3.1:8b";
const EMBED_MODEL = "nomic-embed-text";
/** What the fake model answers a question with, followed by the question: replies name their event. */
export const ANSWER_PREFIX = "(fake) 답변: ";
const CHROMA_GONE_POLL_MS = 20;

/** Options of {@link startLoadHarness}. */
export interface LoadHarnessOptions {
  /** Latency of every chat request at the fake Ollama, ms. */
  modelLatencyMs: number;
  /** Latency of every embedding request, ms. */
  embedLatencyMs: number;
  /** Chats the fake Ollama serves at once (its OLLAMA_NUM_PARALLEL) and the app's OLLAMA_MAX_PARALLEL. */
  maxParallel: number;
}

/** The running peers and the app's environment. */
export interface LoadHarness {
  slack: FakeSlack;
  ollama: FakeOllama;
  chromaUrl: string;
  /** The app's environment: one DATA_DIR and port for every start, so a restart is the same app. */
  env: Record<string, string>;
  /** SIGKILLs the Chroma server and waits until its process is gone. */
  killChroma(): Promise<void>;
  /** Starts Chroma again on the same port and data directory. */
  restartChroma(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts Chroma, the fakes and picks the app's port; nothing of the app runs yet. */
export async function startLoadHarness(options: LoadHarnessOptions): Promise<LoadHarness> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-load-"));
  const chromaPath = path.join(tmp, "chroma");
  let chroma: ChromaServer = await startChromaServer({ path: chromaPath });
  const chromaPort = Number(new URL(chroma.url).port);
  const slack = await startFakeSlack();
  const ollama = await startFakeOllama({ models: [CHAT_MODEL, `${EMBED_MODEL}:latest`] });
  ollama.setLatency(options.modelLatencyMs);
  ollama.setEmbedLatency(options.embedLatencyMs);
  // Over the limit the fake answers 503 "server busy", as an Ollama whose queue is full does; the
  // app's own queue (OLLAMA_MAX_PARALLEL, same number) should keep it from ever doing so.
  ollama.setMaxConcurrency(options.maxParallel);
  // A faithful model: extraction finds what the rules find (so every fact has its graph node, as in
  // test/support/test-assistant.ts), and an answer quotes the question it answers.
  ollama.onChat((req) => {
    const last = req.messages.at(-1)?.content ?? "";
    if (req.format !== undefined) return { json: { triplets: extractTriplets(last) } };
    return `${ANSWER_PREFIX}${last}`;
  });
  const env: Record<string, string> = {
    SLACK_BOT_TOKEN: "xoxb-bench",
    SLACK_SIGNING_SECRET: BENCH_SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
    OLLAMA_HOST: ollama.url,
    OLLAMA_CHAT_MODEL: CHAT_MODEL,
    OLLAMA_EMBED_MODEL: EMBED_MODEL,
    OLLAMA_MAX_PARALLEL: String(options.maxParallel),
    CHROMA_URL: chroma.url,
    VECTOR_NAMESPACE_PREFIX: `load_${randomBytes(4).toString("hex")}`,
    DATA_DIR: path.join(tmp, "app"),
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    LOG_LEVEL: "warn",
  };
  return {
    slack,
    ollama,
    chromaUrl: chroma.url,
    env,
    killChroma: async () => {
      process.kill(chroma.pid, "SIGKILL");
      while (isAlive(chroma.pid)) await new Promise((r) => setTimeout(r, CHROMA_GONE_POLL_MS));
    },
    restartChroma: async () => {
      chroma = await startChromaServer({ path: chromaPath, port: chromaPort });
    },
    stop: async () => {
      await chroma.stop();
      await slack.close();
      await ollama.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/** Whether a process exists (signal 0 checks without signalling). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw err;
  }
}
