/**
 * Everything the app creates under DATA_DIR is the owner's alone: folders 0700, files 0600, DATA_DIR
 * itself included, with the sqlite-vec database and its -wal/-shm, the lock, the journal, the inbox,
 * history and graphs — checked on a real run (the app as its own process, started under umask 022).
 */
import { lstat, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import {
  type AppProcess,
  answerWithRuleTriplets,
  appProcessEnv,
  exited,
  startApp,
} from "../support/app-process.js";
import { type FakeOllama, startFakeOllama } from "../support/fake-ollama.js";
import { type FakeSlack, startFakeSlack } from "../support/fake-slack.js";
import { makeDmEvent, makeEventCallback, postSignedEvent } from "../support/slack-events.js";
import { CHAT_MODEL, EMBED_MODEL, SIGNING_SECRET } from "../support/test-assistant.js";
import { backendEnv } from "../support/vector-backends.js";

/**
 * Every path under `dir` (itself included) with its permission bits. The app is still running, so a
 * file listed by readdir may be gone before its lstat (the journal's write-then-rename temp file):
 * such a path is skipped — it no longer exists to have a mode.
 */
async function modes(dir: string): Promise<Array<{ path: string; dir: boolean; mode: number }>> {
  const stat = await lstat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!stat) return [];
  const found = [{ path: dir, dir: stat.isDirectory(), mode: stat.mode & 0o777 }];
  if (!stat.isDirectory()) return found;
  for (const name of await readdir(dir)) found.push(...(await modes(path.join(dir, name))));
  return found;
}

describe("file modes under DATA_DIR", () => {
  let root: string | undefined;
  let app: AppProcess | undefined;
  let slack: FakeSlack | undefined;
  let ollama: FakeOllama | undefined;
  afterAll(async () => {
    if (app && app.child.exitCode === null) {
      app.child.kill("SIGKILL");
      await exited(app.child);
    }
    await slack?.close();
    await ollama?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("are 0700 for folders and 0600 for files, after saving, autosaving and answering", async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "file-modes-"));
    slack = await startFakeSlack();
    ollama = await startFakeOllama({ models: [CHAT_MODEL, `${EMBED_MODEL}:latest`] });
    answerWithRuleTriplets(ollama);
    const dataDir = path.join(root, "data"); // made by the app
    const env = {
      ...appProcessEnv({ slack, ollama, chromaUrl: inject("chromaUrl"), prefix: "modes" }),
      ...(await backendEnv("sqlite-vec", root)),
      DATA_DIR: dataDir,
    };
    const umask = process.umask(0o022); // the usual umask: what the app must not rely on
    try {
      app = await startApp(env);
    } finally {
      process.umask(umask);
    }
    const who = { user: "U_MODES", channel: "D_MODES" };
    for (const [i, text] of [
      "기억해줘: 또리 생일은 10월 27일이야",
      "나 다음 달에 제주도로 이사 가",
      "또리 생일 언제야?",
    ].entries()) {
      await postSignedEvent(
        `${app.url}/slack/events`,
        makeEventCallback(makeDmEvent({ text, ...who })),
        SIGNING_SECRET,
      );
      await slack.waitForCall("chat.postMessage", { count: i + 1, timeoutMs: 30_000 });
    }

    const found = await modes(dataDir);
    const names = found.map((f) => path.relative(dataDir, f.path));
    // The run wrote what this test is about (sqlite-vec in WAL mode, the lock, journal, history).
    for (const name of [
      "",
      "assistant.lock",
      "vectors.sqlite",
      "vectors.sqlite-wal",
      "vectors.sqlite-shm",
      "history",
    ])
      expect(names).toContain(name);
    expect(names.some((n) => n.startsWith("journal"))).toBe(true);
    const wrong = found
      .filter((f) => f.mode !== (f.dir ? 0o700 : 0o600))
      .map((f) => `${path.relative(dataDir, f.path) || "DATA_DIR"} ${f.mode.toString(8)}`);
    expect(wrong).toEqual([]);

    app.child.kill("SIGTERM");
    expect(await exited(app.child)).toBe(0);
  }, 120_000);
});
