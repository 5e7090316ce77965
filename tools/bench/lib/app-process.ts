/**
 * The assistant as a child process, started the way `npm start` starts it (`tsx src/main.ts`), so the
 * load and chaos benchmarks measure the real process behind its real HTTP server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const REPO = path.resolve(import.meta.dirname, "../../..");
const TSX_CLI = path.join(REPO, "node_modules/tsx/dist/cli.mjs");
/** Longest wait for a started app to answer `/healthz`. */
export const APP_START_TIMEOUT_MS = 60_000;
const HEALTH_POLL_MS = 50;
const OUTPUT_TAIL_CHARS = 4_000;

/** A running app process. */
export interface AppProcess {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Id of the tsx launcher, which is also the id of the process group (launcher + app + esbuild). */
  pid: number;
  /** Milliseconds from spawn to the first `/healthz` answer. */
  startMs: number;
  /** Log lines the app printed at warn or above, counted by message. */
  warnings: Map<string, number>;
  /** SIGKILL to the whole process group; resolves once the launcher has exited. */
  kill(): Promise<void>;
  /** SIGTERM (graceful stop), then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Asks the OS for a free loopback port (the app is given a fixed port, so it keeps it across restarts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Starts `src/main.ts` through the tsx CLI with exactly `env` (plus PATH and HOME) and resolves once
 * `/healthz` answers (200 or 503: a degraded app is still up). `env.PORT` must be a fixed port.
 *
 * The tsx CLI runs the app in a child process of its own and only relays SIGINT/SIGTERM to it: a
 * SIGKILL of the launcher alone leaves the app running as an orphan (it keeps answering and writing
 * DATA_DIR). So the launcher gets its own process group (`detached`) and `kill()` signals the group,
 * as the kernel's OOM killer or a container stop would end every process of the app.
 */
export async function startAppProcess(
  env: Record<string, string>,
  /** Node flags for the app, e.g. `--cpu-prof` (tsx hands flags before the script on to node). */
  nodeFlags: readonly string[] = [],
  /** The checkout whose `src/main.ts` runs (another commit's, to compare before and after). */
  appRepo: string = REPO,
): Promise<AppProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, [TSX_CLI, ...nodeFlags, path.join(appRepo, "src/main.ts")], {
    cwd: appRepo,
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error("could not spawn the app");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // If the benchmark itself exits, the detached group must not outlive it.
  const killOnExit = (): void => signalGroup(pid, "SIGKILL");
  process.on("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));
  const output = collectOutput(child);
  const url = `http://127.0.0.1:${env.PORT}`;
  await waitUntilUp(url, child, output.tail);
  const kill = async (): Promise<void> => {
    signalGroup(pid, "SIGKILL");
    await exited;
  };
  return {
    url,
    pid,
    startMs: performance.now() - started,
    warnings: output.warnings,
    kill,
    stop: async (graceMs = 10_000) => {
      signalGroup(pid, "SIGTERM");
      const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Signals every process of the group led by `pid`; a group already gone is not an error. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ESRCH") throw err;
  }
}

/** Keeps the output's tail (for start failures) and counts pino lines at warn (40) or above by message. */
function collectOutput(child: ChildProcess): { tail: () => string; warnings: Map<string, number> } {
  let tail = "";
  let partial = "";
  const warnings = new Map<string, number>();
  const onData = (chunk: Buffer): void => {
    const text = chunk.toString("utf8");
    tail = (tail + text).slice(-OUTPUT_TAIL_CHARS);
    const lines = (partial + text).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const parsed = parseLogLine(line);
      if (parsed && parsed.level >= 40) warnings.set(parsed.msg, (warnings.get(parsed.msg) ?? 0) + 1);
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return { tail: () => tail, warnings };
}

function parseLogLine(line: string): { level: number; msg: string } | undefined {
  if (!line.startsWith("{")) return undefined;
  try {
    const entry = JSON.parse(line) as { level?: unknown; msg?: unknown };
    return typeof entry.level === "number" ? { level: entry.level, msg: String(entry.msg ?? "") } : undefined;
  } catch (err) {
    // Not a log line (a stack trace, a warning of Node's): it stays in the tail only.
    if (err instanceof SyntaxError) return undefined;
    throw err;
  }
}

async function waitUntilUp(url: string, child: ChildProcess, tail: () => string): Promise<void> {
  const deadline = Date.now() + APP_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the app exited (${child.exitCode ?? child.signalCode}) while starting:\n${tail()}`);
    }
    const status = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status,
      () => undefined,
    );
    if (status === 200 || status === 503) return;
    await new Promise((r) => setTimeout(r, HEALTH_POLL_MS));
  }
  signalGroup(child.pid!, "SIGKILL");
  throw new Error(`the app did not answer /healthz within ${APP_START_TIMEOUT_MS} ms:\n${tail()}`);
}
