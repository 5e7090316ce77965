import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.js";
import { DEAD_OLLAMA, SIGNING_SECRET } from "../support/test-assistant.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const tsxCli = path.join(repoRoot, "node_modules/tsx/dist/cli.mjs"); // what `npm start` runs

/** Runs `npm start`'s entry point in HTTP mode against `apiUrl` and collects how it ended. */
async function start(
  cwd: string,
  apiUrl: string,
): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [tsxCli, path.join(repoRoot, "src/main.ts")], {
    cwd,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: cwd,
      SLACK_BOT_TOKEN: "xoxb-test",
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: apiUrl,
      OLLAMA_HOST: DEAD_OLLAMA,
      PORT: "0",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stderr, ms: Date.now() - started };
}

/** A loopback port nothing listens on (fetch refuses well-known ones such as 9 outright). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("npm start when Slack's auth.test fails", () => {
  let cwd: string;
  let slack: FakeSlack;
  beforeAll(async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), "slack-start-"));
    slack = await startFakeSlack();
  });
  afterAll(async () => {
    await slack.close();
    await rm(cwd, { recursive: true, force: true });
  });

  it("says so in one line and exits 1 when the token is refused", async () => {
    slack.onMethod("auth.test", () => ({ ok: false, error: "invalid_auth" }));
    const run = await start(cwd, slack.apiUrl);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("Failed to start: Slack auth.test failed: invalid_auth\n");
    expect(slack.callsTo("auth.test")).toHaveLength(1); // one check, not one per part of Bolt
    expect(run.ms).toBeLessThan(15_000);
  }, 30_000);

  it("says so in one line and exits 1 quickly when Slack cannot be reached", async () => {
    const run = await start(cwd, `http://127.0.0.1:${await closedPort()}/api/`);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Failed to start: Slack auth\.test failed: .*ECONNREFUSED.*\n$/);
    expect(run.ms).toBeLessThan(15_000);
  }, 30_000);
});
