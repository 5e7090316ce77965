import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runConsoleChat } from "../../src/console/console-chat.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/** Feeds lines to the console chat and collects what it printed. */
async function chat(t: TestAssistant, lines: string[]): Promise<string> {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = "";
  output.on("data", (chunk: Buffer) => (printed += chunk.toString("utf8")));
  const done = runConsoleChat({ agent: t.assistant.agent, input, output, banner: ["banner"] });
  for (const line of lines) input.write(`${line}\n`);
  input.end();
  await done;
  return printed;
}

describe("local mode (no Slack tokens, no Ollama)", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local", ollama: false });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("reports the model offline and still remembers and recalls", async () => {
    expect(t.assistant.mode).toBe("local");
    expect(t.assistant.llmOnline).toBe(false);
    expect(t.assistant.embedderId).toMatch(/^offline:/);
    const printed = await chat(t, [
      "기억해줘: 또리 생일은 10월 27일이야",
      "또리 생일 언제야?",
      "우주선 발사 코드 알려줘",
    ]);
    expect(printed).toContain('bot: 기억했어요: "또리 생일은 10월 27일이야"');
    expect(printed).toContain(
      "bot: (언어 모델이 꺼져 있어서, 모델 없이 기억에서 찾은 내용이에요.)\n• 또리: 생일 = 10월 27일\n• 또리 생일은 10월 27일이야",
    );
    expect(printed).toContain("관련된 기억을 찾지 못했어요.");
  });

  it("shows graph facts without a model (rule-based extraction)", async () => {
    await chat(t, ["기억해줘: 보리의 견종은 웰시코기야"]);
    await t.assistant.drain();
    const printed = await chat(t, ["보리 관련 정보 알려줘"]);
    expect(printed).toContain("• 보리: 견종 = 웰시코기");
  });
});

describe("npm start with an empty environment", () => {
  let cwd: string;
  beforeAll(async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), "npm-start-"));
  });
  afterAll(async () => {
    await rm(cwd, { recursive: true, force: true });
  });

  it("starts the local chat on embedded defaults and answers", async () => {
    const tsxCli = path.join(repoRoot, "node_modules/tsx/dist/cli.mjs"); // what `npm start` runs
    const child = spawn(process.execPath, [tsxCli, path.join(repoRoot, "src/main.ts")], {
      cwd, // DATA_DIR defaults to ./data here
      env: { PATH: process.env.PATH ?? "", HOME: cwd, PORT: "0" }, // nothing else: no Slack, no Ollama
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await waitFor(() => stdout.includes("> "), 60_000);
    expect(stdout).toContain("local mode");
    expect(stdout).toContain("Language model: OFFLINE");
    child.stdin.write("기억해줘: 주차 B2 37번\n");
    await waitFor(() => stdout.includes("기억했어요"), 30_000);
    child.stdin.end("/quit\n");
    expect(await exited).toBe(0);
  }, 120_000);
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for output");
    await new Promise((r) => setTimeout(r, 50));
  }
}
