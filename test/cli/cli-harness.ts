import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ChromaClient } from "chromadb";

/** The repository root (this file is test/cli/cli-harness.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CLI = path.join(REPO_ROOT, "src/cli/memory-cli.ts");
/** tsx's ESM loader by absolute URL, so the CLI can run with a temp dir as its working directory. */
const TSX_LOADER = pathToFileURL(path.join(REPO_ROOT, "node_modules/tsx/dist/loader.mjs")).href;
/** A CLI run slower than this is killed (and the test fails on its exit code). */
const RUN_TIMEOUT_MS = 60_000;

/** What one CLI run printed and how it ended. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout split into lines, without the trailing empty one. */
  lines: string[];
}

/** A temp working directory, a collection prefix of its own, and a way to run the CLI in them. */
export interface CliHarness {
  dir: string;
  /** Runs `memory-cli.ts ...args` as a child process with the harness's env (EMBEDDER=offline, ...). */
  run(args: string[], env?: Record<string, string>): Promise<CliRun>;
  /** Writes a JSON Lines file in `dir` (objects are stringified; strings are written as they are). */
  writeJsonl(name: string, rows: Array<object | string>): Promise<string>;
  /** Drops this harness's Chroma collections and deletes `dir`. */
  cleanup(): Promise<void>;
}

/**
 * Makes a harness against the Chroma at `chromaUrl`: offline embedder, an unreachable Ollama, silent
 * logs, DATA_DIR in a temp dir and a unique VECTOR_NAMESPACE_PREFIX so runs never share rows.
 */
export async function createCliHarness(chromaUrl: string): Promise<CliHarness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "memory-cli-"));
  const prefix = `cli_${randomBytes(4).toString("hex")}`;
  const baseEnv: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? dir,
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    EMBEDDER: "offline",
    CHROMA_URL: chromaUrl,
    VECTOR_NAMESPACE_PREFIX: prefix,
    DATA_DIR: path.join(dir, "data"),
    OLLAMA_HOST: "http://127.0.0.1:9",
    LOG_LEVEL: "silent",
  };
  return {
    dir,
    run: (args, env = {}) => runCli(args, { cwd: dir, env: { ...baseEnv, ...env } }),
    async writeJsonl(name, rows) {
      const file = path.join(dir, name);
      await writeFile(
        file,
        rows.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n",
      );
      return file;
    },
    async cleanup() {
      await dropCollectionsStartingWith(chromaUrl, `${prefix}_`);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Names of the Chroma collections at `chromaUrl`. */
export async function collectionNames(chromaUrl: string): Promise<string[]> {
  const collections = await chromaClient(chromaUrl).listCollections({ limit: 1000 });
  return collections.map((c) => c.name);
}

async function dropCollectionsStartingWith(chromaUrl: string, prefix: string): Promise<void> {
  const client = chromaClient(chromaUrl);
  for (const name of await collectionNames(chromaUrl)) {
    if (name.startsWith(prefix)) await client.deleteCollection({ name });
  }
}

function chromaClient(chromaUrl: string): ChromaClient {
  const url = new URL(chromaUrl);
  return new ChromaClient({ host: url.hostname, port: Number(url.port), ssl: url.protocol === "https:" });
}

/** Runs the memory CLI as its own process with exactly `env`. */
export function runCli(
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", TSX_LOADER, CLI, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      const lines = stdout.split("\n");
      if (lines.at(-1) === "") lines.pop();
      resolve({ code, stdout, stderr, lines });
    });
  });
}

/** Parses the last stdout line as JSON (what `--json` promises). */
export function lastJson<T = Record<string, unknown>>(run: CliRun): T {
  const last = run.lines.at(-1);
  if (last === undefined) throw new Error(`no stdout; stderr: ${run.stderr}`);
  return JSON.parse(last) as T;
}
