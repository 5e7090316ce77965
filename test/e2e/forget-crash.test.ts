/**
 * The app SIGKILLed after a forget request deleted the memory but before its reply reached Slack: the
 * next start answers the turn again, and that answer must say the memory was forgotten — before, it
 * looked for the memory anew, found nothing left, and told the user nothing matched.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { startFakeOllama } from "../support/fake-ollama.js";
import { startFakeSlack } from "../support/fake-slack.js";
import { makeDmEvent, makeEventCallback, postSignedEvent, TEST_IDS } from "../support/slack-events.js";
import { ADMIN_TOKEN, CHAT_MODEL, EMBED_MODEL, SIGNING_SECRET } from "../support/test-assistant.js";
import { appProcessEnv, startApp } from "../support/app-process.js";

describe("a crash between a forget and its reply", () => {
  it("is finished by the next start: the memory stays forgotten and the one reply says so", async () => {
    const slack = await startFakeSlack();
    const ollama = await startFakeOllama({ models: [CHAT_MODEL, `${EMBED_MODEL}:latest`] });
    ollama.onChat((req) => (req.format === undefined ? "네." : { json: { topics: [], triplets: [] } }));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "forget-crash-"));
    const env = {
      ...appProcessEnv({ slack, ollama, chromaUrl: inject("chromaUrl"), prefix: "forgetcrash" }),
      DATA_DIR: dataDir,
    };
    let app = await startApp(env);
    const user = "U_FORGETCRASH";
    const channel = `D_${user}`;
    const say = async (text: string) => {
      const acked = await postSignedEvent(
        `${app.url}/slack/events`,
        makeEventCallback(makeDmEvent({ text, user, channel })),
        SIGNING_SECRET,
      );
      expect(acked.status).toBe(200);
    };
    const replies = () =>
      slack.messages.filter((m) => m.channel === channel && m.bot_id !== undefined).map((m) => m.text);
    try {
      await say("기억해줘: 사물함 번호는 58번이야");
      await slack.waitForCall("chat.postMessage", { timeoutMs: 30_000 });
      expect(replies()).toHaveLength(1);

      // The forget's reply never reaches Slack: its post hangs, and the process is killed during it.
      slack.onMethod("chat.postMessage", () => new Promise(() => undefined));
      await say("잊어줘: 사물함");
      await slack.waitForCall("chat.postMessage", { count: 2, timeoutMs: 30_000 });
      app.child.kill("SIGKILL");
      await new Promise((resolve) => app.child.once("exit", resolve));
      slack.onMethod("chat.postMessage", undefined);

      app = await startApp(env);
      await slack.waitForCall("chat.postMessage", { count: 3, timeoutMs: 60_000 });
      const list = (await (
        await fetch(`${app.url}/admin/memory/list/${user}?team=${TEST_IDS.teamId}&limit=10`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).json()) as { items: unknown[] };
      expect(list.items).toEqual([]);
      const after = replies().slice(1);
      expect(after).toHaveLength(1);
      expect(after[0]).toMatch(/^잊었어요: /u);
      expect(after[0]).not.toContain("찾지 못했어요");
    } finally {
      app.child.kill("SIGKILL");
      await slack.close();
      await ollama.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
