/**
 * The app SIGKILLed while people talk to it: after the restart every memory the user was told is kept
 * is there, with its graph facts, and every event acked before the kill is answered (once).
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { startFakeOllama } from "../support/fake-ollama.js";
import { startFakeSlack } from "../support/fake-slack.js";
import { makeDmEvent, makeEventCallback, postSignedEvent, TEST_IDS } from "../support/slack-events.js";
import { ADMIN_TOKEN, CHAT_MODEL, EMBED_MODEL, SIGNING_SECRET } from "../support/test-assistant.js";
import { answerWithRuleTriplets, appProcessEnv, startApp } from "../support/app-process.js";

const USERS = 3;
const PER_USER = 10;

/** The names of the temp files in `dir` (`writeFileAtomic`'s, before their rename). */
async function tempFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith(".tmp"));
}

describe("a crash under write load", () => {
  it("loses no acknowledged memory, no graph fact and no acked event", async () => {
    const slack = await startFakeSlack();
    const ollama = await startFakeOllama({ models: [CHAT_MODEL, `${EMBED_MODEL}:latest`] });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "crash-"));
    // A slow but faithful extractor: graph facts are still being written when the kill comes.
    answerWithRuleTriplets(ollama);
    ollama.setLatency(150);
    const env = {
      ...appProcessEnv({ slack, ollama, chromaUrl: inject("chromaUrl"), prefix: "crash" }),
      DATA_DIR: dataDir,
    };
    let app = await startApp(env);
    try {
      const texts = new Map<string, string>();
      const sends: Array<Promise<Response>> = [];
      for (let u = 0; u < USERS; u++) {
        for (let i = 0; i < PER_USER; i++) {
          const text = `크래시견${u}호${i} 생일은 ${1 + (i % 12)}월 ${10 + u}일이야`;
          const event = makeDmEvent({
            text: `기억해줘: ${text}`,
            user: `U_CRASH${u}`,
            channel: `D_CRASH${u}`,
          });
          texts.set(String(event.ts), text);
          sends.push(postSignedEvent(`${app.url}/slack/events`, makeEventCallback(event), SIGNING_SECRET));
        }
      }
      const acked = (await Promise.all(sends)).filter((r) => r.status === 200).length;
      expect(acked).toBe(USERS * PER_USER);
      // Kill mid-write: some confirmations are out, others are not yet.
      await slack.waitForCall("chat.postMessage", { count: 8, timeoutMs: 30_000 });
      app.child.kill("SIGKILL");
      await new Promise((r) => app.child.once("exit", r));
      // Really gone: its HTTP server no longer answers.
      await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
      const confirmedBefore = slack
        .callsTo("chat.postMessage")
        .map((c) => String(c.args.text))
        .filter((text) => text.startsWith("기억했어요"));
      expect(confirmedBefore.length).toBeGreaterThanOrEqual(8);

      // The temp files the kill left (a write killed before its rename), and one planted so the sweep
      // below is always tested, not only when the kill happens to land mid-write.
      const historyDir = path.join(dataDir, "history");
      await mkdir(historyDir, { recursive: true });
      await writeFile(path.join(historyDir, ".0123456789ab.tmp"), "{ half a rec");
      const leftByCrash = await tempFiles(historyDir);
      expect(leftByCrash.length).toBeGreaterThan(0);

      app = await startApp(env);
      // Every acked event is answered: those confirmed before the kill once, the rest after the restart.
      const posts = await slack.waitForCall("chat.postMessage", {
        count: USERS * PER_USER,
        timeoutMs: 60_000,
      });
      const confirmations = posts.map((c) => String(c.args.text));
      for (const text of texts.values()) {
        expect(confirmations.filter((c) => c.includes(`"${text}"`)).length, text).toBe(1);
      }

      // Every memory is in Chroma, with its graph fact.
      const deadline = Date.now() + 60_000;
      for (let u = 0; u < USERS; u++) {
        const user = `U_CRASH${u}`;
        const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
        for (;;) {
          const list = (await (
            await fetch(`${app.url}/admin/memory/list/${user}?team=${TEST_IDS.teamId}&limit=100`, { headers })
          ).json()) as { items: Array<{ doc: string }> };
          const graph = (await (
            await fetch(`${app.url}/admin/graph/${user}?team=${TEST_IDS.teamId}`, { headers })
          ).json()) as { nodes: Array<{ name: string }> };
          const names = new Set(graph.nodes.map((n) => n.name));
          const docs = new Set(list.items.map((i) => i.doc));
          const mine = [...texts.values()].filter((t) => t.startsWith(`크래시견${u}호`));
          const missing = mine.filter((t) => !docs.has(t) || !names.has(t.split(" ")[0]!));
          if (missing.length === 0) break;
          if (Date.now() > deadline) expect(missing).toEqual([]);
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      // No temp file the crash left: the restart swept them. (The running app writes temp files of its
      // own, each renamed within milliseconds of its write; on a loaded machine one may be seen at any
      // moment, so only the names from before the restart are looked for.)
      const remaining = await tempFiles(historyDir);
      expect(remaining.filter((name) => leftByCrash.includes(name))).toEqual([]);
    } finally {
      app.child.kill("SIGKILL");
      await slack.close();
      await ollama.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
