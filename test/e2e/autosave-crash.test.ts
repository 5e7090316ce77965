/**
 * The app SIGKILLed after a reply was posted but while the message's autosave still ran (a slow model
 * labelling its topics): the next start finishes that autosave — the message is kept once — and posts
 * no second reply. Before, the turn left the inbox with its reply and the memory was lost.
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

/** How long the fake model takes to label a message's topics: the kill lands inside it. */
const TOPIC_WAIT_MS = 8_000;

describe("a crash while a message's autosave runs", () => {
  it("is finished by the next start: the message kept once, its reply posted once", async () => {
    const slack = await startFakeSlack();
    const ollama = await startFakeOllama({ models: [CHAT_MODEL, `${EMBED_MODEL}:latest`] });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "autosave-crash-"));
    let slow = true;
    ollama.onChat(async (req) => {
      if (req.format === undefined) return "제주 출장 잘 다녀오세요!";
      if (slow) await new Promise((resolve) => setTimeout(resolve, TOPIC_WAIT_MS));
      return { json: { topics: [{ label: "travel", confidence: 0.9 }], triplets: [] } };
    });
    const env = {
      ...appProcessEnv({ slack, ollama, chromaUrl: inject("chromaUrl"), prefix: "autocrash" }),
      DATA_DIR: dataDir,
    };
    let app = await startApp(env);
    try {
      const user = "U_AUTOCRASH";
      const text = "나 다음 달 둘째 주에 제주로 출장 가";
      const event = makeDmEvent({ text, user, channel: `D_${user}` });
      const acked = await postSignedEvent(
        `${app.url}/slack/events`,
        makeEventCallback(event),
        SIGNING_SECRET,
      );
      expect(acked.status).toBe(200);
      await slack.waitForCall("chat.postMessage", { timeoutMs: 30_000 });
      // The reply is out; the autosave waits for the slow topics. Killed now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      app.child.kill("SIGKILL");
      await new Promise((resolve) => app.child.once("exit", resolve));
      slow = false;

      app = await startApp(env);
      const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
      const deadline = Date.now() + 60_000;
      let docs: string[] = [];
      while (Date.now() < deadline) {
        const list = (await (
          await fetch(`${app.url}/admin/memory/list/${user}?team=${TEST_IDS.teamId}&limit=10`, { headers })
        ).json()) as { items: Array<{ doc: string }> };
        docs = list.items.map((item) => item.doc);
        if (docs.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(docs).toEqual([text]);
      // One reply: the restart found it in Slack and did not answer again.
      const replies = slack.messages.filter((m) => m.channel === `D_${user}` && m.bot_id !== undefined);
      expect(replies.map((m) => m.text)).toEqual(["제주 출장 잘 다녀오세요!"]);
    } finally {
      app.child.kill("SIGKILL");
      await slack.close();
      await ollama.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
