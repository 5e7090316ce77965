/**
 * The local chat as a user at a terminal sees it: `src/main.ts` (what `npm start` runs) under a
 * pseudo-terminal made by util-linux's `script`, the user's lines typed into it, the transcript read
 * back. Logs go to DATA_DIR/logs/assistant.log there; with LOG_LEVEL set or output that is not a
 * terminal they are JSON on stdout/stderr as for a server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const REPO = path.resolve(import.meta.dirname, "../..");
const TSX_LOADER = pathToFileURL(path.join(REPO, "node_modules/tsx/dist/loader.mjs")).href;
const MAIN = path.join(REPO, "src/main.ts");

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

interface Run {
  child: ChildProcess;
  /** What reached the user's screen (stdout and stderr), line ends as `\n`. */
  screen(): string;
  exited: Promise<number | null>;
}

/** Starts the app with nothing of this process's environment but PATH, and `env`. */
function start(cwd: string, env: Record<string, string>, pty: boolean): Run {
  const argv = [process.execPath, "--import", TSX_LOADER, MAIN];
  const fullEnv = { PATH: process.env.PATH ?? "", HOME: cwd, PORT: "0", ...env };
  const child = pty
    ? // -q quiet, -f flush at once, -e the command's exit code, -c the command; no typescript file.
      spawn("script", ["-qfec", argv.map(quote).join(" "), "/dev/null"], { cwd, env: fullEnv })
    : spawn(argv[0]!, argv.slice(1), { cwd, env: fullEnv });
  let out = "";
  const take = (chunk: Buffer) => (out += chunk.toString("utf8"));
  child.stdout!.on("data", take);
  child.stderr!.on("data", take);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, screen: () => out.replaceAll("\r\n", "\n"), exited };
}

async function waitFor(run: Run, condition: (screen: string) => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition(run.screen())) {
    if (Date.now() > deadline || run.child.exitCode !== null)
      throw new Error(`timed out waiting; the screen so far:\n${run.screen()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const count = (text: string, part: string) => text.split(part).length - 1;

/** Types `line` at the prompt and waits for the reply (the next prompt). */
async function type(run: Run, line: string): Promise<void> {
  const prompts = count(run.screen(), "\n> ") + (run.screen().startsWith("> ") ? 1 : 0);
  run.child.stdin!.write(`${line}\n`);
  await waitFor(run, (s) => count(s, "\n> ") + (s.startsWith("> ") ? 1 : 0) > prompts, 30_000);
}

/** Lines that look like a JSON log line (pino's `{"level":…}`). */
const jsonLines = (text: string) => text.split("\n").filter((l) => /^\s*\{.*"level"/.test(l));

let cwd: string | undefined;
let run: Run | undefined;
afterEach(async () => {
  if (run && run.child.exitCode === null) {
    run.child.kill("SIGTERM");
    await run.exited;
  }
  if (cwd) await rm(cwd, { recursive: true, force: true });
  run = undefined;
  cwd = undefined;
});

describe("npm start on a terminal", () => {
  it("shows only the conversation, starts in three lines, and logs to DATA_DIR/logs", async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), "terminal-chat-"));
    const dataDir = path.join(cwd, "data");
    run = start(cwd, { DATA_DIR: dataDir }, true);
    await waitFor(run, (s) => s.includes("> "));
    const startUp = run.screen().slice(0, run.screen().indexOf("> "));
    expect(startUp.trimEnd().split("\n").length, startUp).toBeLessThanOrEqual(3);
    expect(startUp).toContain("local mode");
    expect(startUp).toContain("Language model: OFFLINE");
    expect(startUp).toContain(path.join(dataDir, "logs", "assistant.log"));
    expect(startUp).toContain("/quit");

    await type(run, "기억해줘: 주차 B2 37번");
    await type(run, "my locker number is 112");
    await type(run, "주차 어디야?");
    // A text pasted over three lines is one message, with one reply.
    await type(run, "기억해줘: 우리집 주소는\n서울시 마포구 합정동 123\n101동 202호");
    run.child.stdin!.write("/quit\n");
    expect(await run.exited).toBe(0);

    const screen = run.screen();
    expect(screen).toContain('bot: 기억했어요: "주차 B2 37번"');
    expect(screen).toContain('bot: 📝 I\'ll remember that: "my locker number is 112"');
    expect(screen).toMatch(/bot: \(지금 언어 모델을 쓸 수 없어서[^\n]*\n• 주차 B2 37번/);
    expect(screen).toContain('bot: 기억했어요: "우리집 주소는 서울시 마포구 합정동 123 101동 202호"');
    expect(count(screen, "bot: ")).toBe(4);
    expect(jsonLines(screen), screen).toEqual([]);
    expect(screen).not.toContain('"msg"');

    const logFile = path.join(dataDir, "logs", "assistant.log");
    expect((await stat(logFile)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(logFile))).mode & 0o777).toBe(0o700);
    const logged = (await readFile(logFile, "utf8")).trimEnd().split("\n");
    const records = logged.map((line) => JSON.parse(line) as { msg: string });
    const messages = records.map((r) => r.msg);
    expect(messages).toContain("assistant started");
    expect(messages).toContain("message autosaved");
  }, 120_000);
});

describe("typing before the prompt shows", () => {
  it("answers each line typed while the assistant starts on its own, keeping the statement", async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), "terminal-chat-ahead-"));
    run = start(cwd, { DATA_DIR: path.join(cwd, "data") }, true);
    // Typed at once, before the banner: the terminal holds the lines until the chat reads them.
    run.child.stdin!.write("내 자전거 보관함 번호는 58번이야\n자전거 보관함 몇 번이지?\n");
    await waitFor(run, (s) => count(s, "bot: ") >= 2);
    run.child.stdin!.write("/quit\n");
    expect(await run.exited).toBe(0);
    const screen = run.screen();
    expect(screen).toContain('bot: 📝 기억해 둘게요: "내 자전거 보관함 번호는 58번이야"');
    expect(screen).toMatch(/bot: \(지금 언어 모델을 쓸 수 없어서[^\n]*\n[^\n]*58번/);
    expect(count(screen, "bot: ")).toBe(2);
  }, 120_000);
});

describe("logs for servers: LOG_LEVEL set, or output that is not a terminal", () => {
  it("writes JSON lines to stderr when the output is not a terminal, and the banner in three lines", async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), "terminal-chat-pipe-"));
    const dataDir = path.join(cwd, "data");
    run = start(cwd, { DATA_DIR: dataDir }, false);
    let stderr = "";
    run.child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    let stdout = "";
    run.child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    await waitFor(run, () => stdout.includes("> "));
    run.child.stdin!.end("/quit\n");
    expect(await run.exited).toBe(0);

    const started = jsonLines(stderr).map((l) => JSON.parse(l) as { msg: string; level: number });
    expect(started.map((r) => r.msg)).toContain("assistant started");
    expect(jsonLines(stdout)).toEqual([]);
    expect(stdout.slice(0, stdout.indexOf("> ")).trimEnd().split("\n").length).toBeLessThanOrEqual(3);
    await expect(stat(path.join(dataDir, "logs"))).rejects.toThrow(/ENOENT/);
  }, 120_000);

  it("writes JSON lines to the terminal when LOG_LEVEL is set", async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), "terminal-chat-level-"));
    const dataDir = path.join(cwd, "data");
    run = start(cwd, { DATA_DIR: dataDir, LOG_LEVEL: "info" }, true);
    await waitFor(run, (s) => s.includes("> "));
    run.child.stdin!.write("/quit\n");
    expect(await run.exited).toBe(0);
    const startUp = run.screen().slice(0, run.screen().indexOf("> ")).split("\n");
    const banner = startUp.filter((l) => l.trim() !== "" && jsonLines(l).length === 0);
    expect(banner.length, banner.join("\n")).toBeLessThanOrEqual(3);
    const records = jsonLines(run.screen()).map((l) => JSON.parse(l) as { msg: string });
    expect(records.map((r) => r.msg)).toContain("assistant started");
    await expect(stat(path.join(dataDir, "logs"))).rejects.toThrow(/ENOENT/);
  }, 120_000);
});
