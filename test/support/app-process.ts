/**
 * The assistant as its own process (`src/main.ts`, as `npm start` runs it), for tests that kill it or
 * run several: crash recovery, replicas, the DATA_DIR lock.
 */
import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { randomBytes } from "node:crypto";
import { extractTriplets } from "../../src/extraction/rule-extractor.js";
import type { FakeOllama } from "../../fixtures/fake-ollama.js";
import type { FakeSlack } from "../../fixtures/fake-slack.js";
import { ADMIN_TOKEN, CHAT_MODEL, EMBED_MODEL, SIGNING_SECRET } from "./test-assistant.js";

export const REPO = path.resolve(import.meta.dirname, "../..");
/**
 * tsx's loader in this very process (not the tsx CLI, which runs the app in a child of its own and
 * would leave it running when the launcher is SIGKILLed): the pid killed is the app's.
 */
const TSX_LOADER = pathToFileURL(path.join(REPO, "node_modules/tsx/dist/loader.mjs")).href;

export interface AppProcess {
  child: ChildProcess;
  url: string;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
}

/** Spawns `src/main.ts` with `env` (and nothing else of this process's environment but PATH). */
export function spawnApp(env: Record<string, string>): { child: ChildProcess; output(): string } {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, path.join(REPO, "src/main.ts")], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString("utf8")));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString("utf8")));
  return { child, output: () => out };
}

/** Starts the app (LOG_LEVEL info, PORT 0 expected); resolves with its URL once it listens. */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const { child, output } = spawnApp(env);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app did not start:\n${output().slice(-2000)}`)), 60_000);
    const look = () => {
      const started = /"port":(\d+)[^\n]*"assistant started"/.exec(output());
      if (started) {
        clearTimeout(timer);
        child.stdout!.off("data", look);
        resolve(`http://127.0.0.1:${started[1]}`);
      }
    };
    child.stdout!.on("data", look);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`app exited (${code}):\n${output().slice(-2000)}`));
    });
  });
  return { child, url, output };
}

/** Resolves with the exit code once the process has exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/**
 * The environment of an app process in HTTP mode against the fake Slack and the fake Ollama, the
 * run's Chroma (a fresh collection prefix starting with `prefix`), the admin API on, a free port and
 * info logs (`startApp` reads its port from them). Add DATA_DIR (and DATABASE_URL for shared state).
 */
export function appProcessEnv(options: {
  slack: FakeSlack;
  ollama: FakeOllama;
  chromaUrl: string;
  prefix: string;
}): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: "xoxb-test",
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: options.slack.apiUrl,
    OLLAMA_HOST: options.ollama.url,
    OLLAMA_CHAT_MODEL: CHAT_MODEL,
    OLLAMA_EMBED_MODEL: EMBED_MODEL,
    CHROMA_URL: options.chromaUrl,
    VECTOR_NAMESPACE_PREFIX: `${options.prefix}_${randomBytes(4).toString("hex")}`,
    ADMIN_TOKEN,
    PORT: "0",
    LOG_LEVEL: "info",
  };
}

/** The fake model answers "(fake) 답변", and graph extraction with the rules' triplets, as a faithful model would. */
export function answerWithRuleTriplets(ollama: FakeOllama): void {
  ollama.onChat((req) =>
    req.format !== undefined
      ? { json: { triplets: extractTriplets(req.messages.at(-1)?.content ?? "") } }
      : "(fake) 답변",
  );
}
