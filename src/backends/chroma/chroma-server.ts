/**
 * Runs a local Chroma server from the `chromadb` npm package (its `chroma run` CLI), for the app when
 * CHROMA_URL is unset and for the test suite.
 *
 * The CLI runs the Rust server synchronously on Node's main thread, so its own JS signal handlers
 * never fire and it cannot notice that its parent died. We therefore start it inside a worker thread
 * of a tiny supervisor process whose main thread stays free: it kills itself (and with it the server)
 * when its stdin pipe closes — which happens when our process exits for any reason, even SIGKILL — or
 * on SIGTERM/SIGINT. `process.exit()` would hang waiting for the blocked worker, hence SIGKILL self.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { AppError } from "../../core/errors.js";
import type { Logger } from "../../logging/logger.js";
import { PRIVATE_DIR_MODE } from "../../util/private-files.js";

/** How long to wait for `GET /api/v2/heartbeat` to answer 200. */
export const CHROMA_START_TIMEOUT_MS = 20_000;
/** Grace period between SIGTERM and SIGKILL when stopping. */
export const CHROMA_STOP_GRACE_MS = 3_000;
/** Attempts with a fresh free port when another process grabbed the one we picked. */
const START_ATTEMPTS = 3;
const HEARTBEAT_POLL_MS = 100;
const STDERR_TAIL_CHARS = 2_000;
/** What `chroma run` prints when it cannot bind ("Address 127.0.0.1:N is not available"). */
const ADDRESS_TAKEN = /address \S+ is not available|address already in use/i;

export interface StartChromaServerOptions {
  /** Directory where Chroma keeps its data (created by Chroma if missing). */
  path: string;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Port to bind; default: a free loopback port. */
  port?: number;
  logger?: Logger;
}

/** A running local Chroma server. */
export interface ChromaServer {
  /** Base URL, e.g. `http://127.0.0.1:8123`. */
  url: string;
  /** The server process (chroma runs in a worker thread of it): what a signal must reach. */
  pid: number;
  /** Stops the server (SIGTERM, then SIGKILL after a grace period). Idempotent. */
  stop(): Promise<void>;
}

/** Supervisor run with `node --input-type=module -e`: argv = [node, cliPath, ...cliArgs]. */
const SUPERVISOR_SOURCE = `
import { Worker } from "node:worker_threads";
const [cli, ...args] = process.argv.slice(1);
const die = () => process.kill(process.pid, "SIGKILL");
const worker = new Worker(cli, { argv: args, execArgv: [] });
worker.on("error", (e) => { process.stderr.write(String((e && e.stack) || e) + "\\n"); die(); });
worker.on("exit", (code) => process.exit(code));
process.stdin.on("end", die);
process.stdin.on("error", die);
process.stdin.resume();
process.on("SIGTERM", die);
process.on("SIGINT", die);
`;

/**
 * Starts `chroma run --path <path> --host <host> --port <port>` and resolves once its heartbeat
 * answers. Throws AppError `store_failed` (with the tail of the server's output) if it does not.
 *
 * @example
 * const chroma = await startChromaServer({ path: "./data/chroma", logger });
 * // ... new ChromaClient({ host: "127.0.0.1", port: Number(new URL(chroma.url).port) }) ...
 * await chroma.stop();
 */
export async function startChromaServer(opts: StartChromaServerOptions): Promise<ChromaServer> {
  const host = opts.host ?? "127.0.0.1";
  const cliPath = resolveChromaCli();
  // Its folder is the owner's alone (0700) before Chroma writes its own files into it.
  // (A file in its place is left for Chroma to refuse, with its own message.)
  if (!existsSync(opts.path)) mkdirSync(opts.path, { recursive: true, mode: PRIVATE_DIR_MODE });
  let lastError: AppError | undefined;
  const attempts = opts.port === undefined ? START_ATTEMPTS : 1;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const port = opts.port ?? (await findFreePort(host));
    // Chroma binds with SO_REUSEPORT: a second server on a taken port starts "fine" and shares the
    // port with the first. Refuse a taken port up front instead of talking to the wrong server.
    if (opts.port !== undefined && !(await isPortFree(host, port))) {
      throw new AppError("store_failed", `cannot start chroma: ${host}:${port} is already in use`, {
        details: { host, port },
      });
    }
    try {
      return await startOnce({ cliPath, host, port, dataPath: opts.path, logger: opts.logger });
    } catch (err) {
      if (!(err instanceof AppError) || err.details?.["addressTaken"] !== true) throw err;
      lastError = err;
      opts.logger?.warn({ port, attempt }, "chroma could not bind its port; retrying on another");
    }
  }
  throw lastError ?? new AppError("store_failed", "chroma did not start");
}

interface StartOnceArgs {
  cliPath: string;
  host: string;
  port: number;
  dataPath: string;
  logger: Logger | undefined;
}

async function startOnce(a: StartOnceArgs): Promise<ChromaServer> {
  const args = ["run", "--path", a.dataPath, "--host", a.host, "--port", String(a.port)];
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", SUPERVISOR_SOURCE, a.cliPath, ...args],
    {
      stdio: ["pipe", "pipe", "pipe"],
      env: chromaEnv(),
    },
  );
  const output = { stdout: new TailBuffer(STDERR_TAIL_CHARS), stderr: new TailBuffer(STDERR_TAIL_CHARS) };
  child.stdout?.on("data", (chunk: Buffer) => output.stdout.push(chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => output.stderr.push(chunk.toString("utf8")));
  child.once("error", (err) => output.stderr.push(`\ncannot run the chroma supervisor: ${err.message}`));
  // Belt and braces: the stdin pipe closing already kills the supervisor when we die.
  const killOnExit = (): void => void child.kill("SIGKILL");
  process.on("exit", killOnExit);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("close", () => process.off("exit", killOnExit));

  const url = `http://${connectableHost(a.host)}:${a.port}`;
  try {
    await waitForHeartbeat(url, child, output);
  } catch (err) {
    await stopChild(child, exited);
    throw err;
  }
  a.logger?.info({ url, path: a.dataPath, pid: child.pid }, "chroma server started");
  let stopping: Promise<void> | undefined;
  return {
    url,
    pid: child.pid!,
    stop: () => {
      stopping ??= stopChild(child, exited).then(() => a.logger?.info({ url }, "chroma server stopped"));
      return stopping;
    },
  };
}

/** A host to put in the URL: wildcard binds are reached through loopback; IPv6 gets brackets. */
function connectableHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

/** The parent's env minus NODE_OPTIONS (test runners put loaders there), telemetry off. */
function chromaEnv(): NodeJS.ProcessEnv {
  // RUST_BACKTRACE=0 keeps a panic to its one-line message, which then fits in the error we throw.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ANONYMIZED_TELEMETRY: "False",
    NO_COLOR: "1",
    RUST_BACKTRACE: "0",
  };
  delete env["NODE_OPTIONS"];
  return env;
}

interface ChildOutput {
  stdout: TailBuffer;
  stderr: TailBuffer;
}

/** The stderr tail (where chroma reports failures), or the stdout tail when stderr is empty. */
function describeOutput(output: ChildOutput): string {
  const stderr = output.stderr.text();
  return stderr !== "" ? `stderr: ${stderr}` : `stdout: ${output.stdout.text() || "(nothing)"}`;
}

async function waitForHeartbeat(url: string, child: ChildProcess, output: ChildOutput): Promise<void> {
  const deadline = Date.now() + CHROMA_START_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      const addressTaken =
        ADDRESS_TAKEN.test(output.stderr.text()) || ADDRESS_TAKEN.test(output.stdout.text());
      throw new AppError(
        "store_failed",
        `chroma exited (${child.exitCode ?? child.signalCode}) before it was ready; ${describeOutput(output)}`,
        { details: { url, addressTaken } },
      );
    }
    try {
      const res = await fetch(`${url}/api/v2/heartbeat`, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) return;
      lastProblem = `heartbeat answered ${res.status}`;
    } catch (err) {
      lastProblem = err instanceof Error ? err.message : String(err);
    }
    await sleep(HEARTBEAT_POLL_MS);
  }
  throw new AppError(
    "store_failed",
    `chroma at ${url} not ready after ${CHROMA_START_TIMEOUT_MS} ms (${lastProblem}); ${describeOutput(output)}`,
    { details: { url } },
  );
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  // pid undefined: the spawn itself failed, there is nothing to stop (and no "exit" will come).
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), CHROMA_STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/** Finds the chroma CLI script of the installed `chromadb` package. */
export function resolveChromaCli(): string {
  const candidates: string[] = [];
  let resolveProblem = "";
  try {
    const entry = createRequire(import.meta.url).resolve("chromadb");
    const pkgDir = findPackageDir(path.dirname(entry), "chromadb");
    if (pkgDir) candidates.push(...binPaths(pkgDir));
  } catch (err) {
    // Not fatal: the .bin path relative to the working directory may still exist.
    resolveProblem = ` (resolving chromadb failed: ${err instanceof Error ? err.message : String(err)})`;
  }
  candidates.push(path.join(process.cwd(), "node_modules", ".bin", "chroma"));
  for (const candidate of candidates) {
    if (existsSync(candidate)) return realpathSync(candidate);
  }
  throw new AppError(
    "store_failed",
    `cannot find the chroma CLI; looked at ${candidates.join(", ")}${resolveProblem}`,
  );
}

function findPackageDir(start: string, name: string): string | undefined {
  let dir = start;
  while (dir !== path.dirname(dir)) {
    const pkgFile = path.join(dir, "package.json");
    if (
      existsSync(pkgFile) &&
      (JSON.parse(readFileSync(pkgFile, "utf8")) as { name?: string }).name === name
    ) {
      return dir;
    }
    dir = path.dirname(dir);
  }
  return undefined;
}

function binPaths(pkgDir: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8")) as {
    bin?: string | Record<string, string>;
  };
  const bin = typeof pkg.bin === "string" ? pkg.bin : pkg.bin?.["chroma"];
  return bin ? [path.join(pkgDir, bin)] : [path.join(pkgDir, "dist", "cli.mjs")];
}

/** True when nothing listens on host:port (we can bind it ourselves). */
async function isPortFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Asks the OS for a free port by listening on port 0, then releases it. */
async function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no port assigned"))));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Keeps the last `max` characters of a stream, ANSI colour codes stripped. */
class TailBuffer {
  private buf = "";
  constructor(private readonly max: number) {}
  push(s: string): void {
    // eslint-disable-next-line no-control-regex
    this.buf = (this.buf + s.replace(/\u001b\[[0-9;]*m/g, "")).slice(-this.max);
  }
  text(): string {
    return this.buf.trim();
  }
}
