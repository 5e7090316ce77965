/**
 * Start-up time and resident memory of the app on the scale dataset (scale-dataset.ts), with BM25
 * built per user on demand, beside the old start that built every user's index (in a child process
 * that opens the same memory stack and scans the whole store: scale-stack-child.ts), and the same
 * child without the build.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type FakeOllama, startFakeOllama } from "../../../fixtures/fake-ollama.js";
import { type FakeSlack, startFakeSlack } from "../../../fixtures/fake-slack.js";
import { freePort, startAppProcess } from "./app-process.js";
import { BENCH_ADMIN_TOKEN, BENCH_SIGNING_SECRET } from "./load-harness.js";
import { processMemory, scriptPid } from "./process-memory.js";
import { scaleUser, type ScaleData } from "./scale-dataset.js";
import type { StackChildReport } from "./scale-stack-child.js";

const REPO = path.resolve(import.meta.dirname, "../../..");
const TSX_LOADER = pathToFileURL(path.join(REPO, "node_modules/tsx/dist/loader.mjs")).href;
const CHILD = path.join(REPO, "tools/bench/lib/scale-stack-child.ts");
const CHAT_MODEL = "llama3.1:8b";
const EMBED_MODEL = "nomic-embed-text";
/** The recall after start: a question the synthetic memories answer. */
export const STARTUP_QUERY = "전화번호 뭐였지?";

/** One start of the app. */
export interface AppStart {
  /** Spawn → first `/healthz` answer, ms. */
  startMs: number;
  /** VmRSS of the node process running main.ts right after, MiB. */
  rssMiB: number;
  /** The first recall (admin search) of one user, ms. */
  recallMs: number;
  rssAfterRecallMiB: number;
  /** Results of that recall (a sanity check that the data is there). */
  recallResults: number;
}

/** One run of the baseline child. */
export interface ChildStart extends StackChildReport {
  /** Spawn → its report, ms (module loading included, like the app's). */
  wallMs: number;
  /** VmHWM of the child: its peak resident set, MiB. */
  peakMiB: number;
}

/** The fake Slack and Ollama the app starts against (HTTP mode: a bot token, a signing secret). */
export interface StartupPeers {
  slack: FakeSlack;
  ollama: FakeOllama;
  stop(): Promise<void>;
}

export async function startStartupPeers(): Promise<StartupPeers> {
  const slack = await startFakeSlack();
  const ollama = await startFakeOllama({ models: [CHAT_MODEL, `${EMBED_MODEL}:latest`] });
  return {
    slack,
    ollama,
    stop: async () => {
      await slack.close();
      await ollama.close();
    },
  };
}

/** Starts the app on the dataset, reads its memory, recalls once for one user, reads again, stops it. */
export async function startAppOnce(data: ScaleData, peers: StartupPeers, user: number): Promise<AppStart> {
  const env: Record<string, string> = {
    ...data.env,
    SLACK_BOT_TOKEN: "xoxb-bench",
    SLACK_SIGNING_SECRET: BENCH_SIGNING_SECRET,
    SLACK_API_URL: peers.slack.apiUrl,
    OLLAMA_HOST: peers.ollama.url,
    OLLAMA_CHAT_MODEL: CHAT_MODEL,
    OLLAMA_EMBED_MODEL: EMBED_MODEL,
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    LOG_LEVEL: "warn",
  };
  const app = await startAppProcess(env);
  try {
    const pid = scriptPid(app.pid, "src/main.ts");
    const before = processMemory(pid);
    const scope = scaleUser(user);
    const started = performance.now();
    const res = await fetch(
      `${app.url}/admin/memory/search/${scope.userId}?team=${scope.teamId}&k=5&q=${encodeURIComponent(STARTUP_QUERY)}`,
      { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } },
    );
    const body = (await res.json()) as { results?: unknown[] };
    const recallMs = performance.now() - started;
    if (res.status !== 200) throw new Error(`admin search: ${res.status} ${JSON.stringify(body)}`);
    const after = processMemory(pid);
    return {
      startMs: app.startMs,
      rssMiB: before.rssMiB,
      recallMs,
      rssAfterRecallMiB: after.rssMiB,
      recallResults: body.results?.length ?? 0,
    };
  } finally {
    await app.stop();
  }
}

/** Runs the baseline child once (`build`: all users' BM25, or none). */
export async function runStackChild(
  data: ScaleData,
  build: "all" | "none",
  user: number,
  nodeFlags: readonly string[] = [],
): Promise<ChildStart> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      "--import",
      TSX_LOADER,
      CHILD,
      "--build",
      build,
      "--user",
      scaleUser(user).userId,
      "--query",
      STARTUP_QUERY,
    ],
    {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ...data.env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  let peakMiB = Number.NaN;
  let reported = false;
  const report = await new Promise<StackChildReport>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line && !reported) {
        reported = true;
        try {
          peakMiB = processMemory(child.pid!).hwmMiB;
        } catch {
          // exited already: no reading (NaN)
        }
        resolve(JSON.parse(line) as StackChildReport);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (err = (err + chunk.toString("utf8")).slice(-4000)));
    child.once("exit", (code, signal) =>
      reject(new Error(`baseline child (${build}) exited (${code ?? signal}) without a report:\n${err}`)),
    );
  });
  const wallMs = performance.now() - started;
  await new Promise((resolve) =>
    child.exitCode !== null ? resolve(undefined) : child.once("exit", resolve),
  );
  return { ...report, wallMs, peakMiB };
}
