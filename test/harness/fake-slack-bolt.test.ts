import type { AddressInfo } from "node:net";
import { App, LogLevel } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeSlack, type FakeSlack } from "../support/fake-slack.js";
import { makeDmEvent, makeEventCallback, postSignedEvent, TEST_IDS } from "../support/slack-events.js";

const SIGNING_SECRET = "test-signing-secret";
const BOT_TOKEN = "xoxb-test";

/** Bolt listener: echoes DMs through `say`, remembering the retry number it saw. */
function addEchoListener(app: App, seen: { retryNum?: number; texts: string[] }): void {
  app.message(async ({ message, say, context }) => {
    if (message.subtype !== undefined) return;
    seen.texts.push(message.text ?? "");
    seen.retryNum = context.retryNum;
    await say(`echo: ${message.text ?? ""}`);
  });
}

let slack: FakeSlack;
let app: App | undefined;

beforeEach(async () => {
  slack = await startFakeSlack();
});
afterEach(async () => {
  await app?.stop();
  app = undefined;
  await slack.close();
});

describe("fake Slack with a real Bolt app over HTTP", () => {
  async function startHttpApp(seen: { retryNum?: number; texts: string[] }): Promise<string> {
    app = new App({
      token: BOT_TOKEN,
      signingSecret: SIGNING_SECRET,
      logLevel: LogLevel.ERROR,
      clientOptions: { slackApiUrl: slack.apiUrl },
    });
    addEchoListener(app, seen);
    const server = await app.start({ port: 0, host: "127.0.0.1" });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  }

  it("turns a signed DM event into a recorded chat.postMessage", async () => {
    const seen = { texts: [] as string[] };
    const url = await startHttpApp(seen);
    const res = await postSignedEvent(
      url,
      makeEventCallback(makeDmEvent({ text: "hi bolt" })),
      SIGNING_SECRET,
    );
    expect(res.status).toBe(200);
    const [post] = await slack.waitForCall("chat.postMessage");
    expect(post?.args).toMatchObject({ channel: TEST_IDS.dmChannel, text: "echo: hi bolt" });
    expect(post?.token).toBe(BOT_TOKEN);
    expect(slack.callsTo("auth.test")[0]?.token).toBe(BOT_TOKEN);
    expect(slack.messages.map((m) => m.text)).toEqual(["echo: hi bolt"]);
  });

  it("rejects a badly signed or stale request with 401 and runs no listener", async () => {
    const seen = { texts: [] as string[] };
    const url = await startHttpApp(seen);
    const payload = makeEventCallback(makeDmEvent({ text: "forged" }));
    expect((await postSignedEvent(url, payload, SIGNING_SECRET, { badSignature: true })).status).toBe(401);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await postSignedEvent(url, payload, SIGNING_SECRET, { timestamp: tenMinutesAgo })).status).toBe(
      401,
    );
    expect(seen.texts).toEqual([]);
    expect(slack.callsTo("chat.postMessage")).toEqual([]);
  });

  it("passes x-slack-retry-num through to context.retryNum (Bolt does not dedupe)", async () => {
    const seen: { retryNum?: number; texts: string[] } = { texts: [] };
    const url = await startHttpApp(seen);
    const res = await postSignedEvent(
      url,
      makeEventCallback(makeDmEvent({ text: "again" })),
      SIGNING_SECRET,
      {
        retryNum: 1,
      },
    );
    expect(res.status).toBe(200);
    await slack.waitForCall("chat.postMessage");
    expect(seen.retryNum).toBe(1);
  });
});

describe("fake Slack with a real Bolt app in Socket Mode", () => {
  /** Starts a real Bolt app in Socket Mode against the fake, with the echo listener. */
  async function startSocketEchoApp(): Promise<{
    socketApp: App;
    seen: { retryNum?: number; texts: string[] };
  }> {
    const seen: { retryNum?: number; texts: string[] } = { texts: [] };
    const socketApp = new App({
      token: BOT_TOKEN,
      appToken: "xapp-test",
      socketMode: true,
      logLevel: LogLevel.ERROR,
      clientOptions: { slackApiUrl: slack.apiUrl },
    });
    addEchoListener(socketApp, seen);
    app = socketApp; // stopped by afterEach if the test does not
    await socketApp.start();
    return { socketApp, seen };
  }

  it("connects, acks an events_api envelope and replies through the Web API", async () => {
    const { socketApp, seen } = await startSocketEchoApp();
    await slack.socket.waitForConnection();
    expect(slack.callsTo("apps.connections.open")[0]?.token).toBe("xapp-test");

    const payload = makeEventCallback(makeDmEvent({ text: "over the socket" }));
    const ack = await slack.socket.sendEvent(payload, { retryAttempt: 2, retryReason: "timeout" });
    expect(slack.socket.acks).toContainEqual(ack);
    const [post] = await slack.waitForCall("chat.postMessage", {
      where: (args) => args["text"] === "echo: over the socket",
    });
    expect(post?.token).toBe(BOT_TOKEN);
    expect(seen.retryNum).toBe(2);

    await socketApp.stop();
    app = undefined;
    await slack.socket.waitForDisconnect();
  });

  it("ignores the bot's own messages using the ids from auth.test", async () => {
    const { seen } = await startSocketEchoApp();
    await slack.socket.sendEvent(
      makeEventCallback(makeDmEvent({ text: "from myself", user: TEST_IDS.botUserId })),
    );
    await slack.socket.sendEvent(makeEventCallback(makeDmEvent({ text: "from alice" })));
    await slack.waitForCall("chat.postMessage");
    expect(seen.texts).toEqual(["from alice"]);
  });

  it("rejects sendEvent when no client is connected", async () => {
    await expect(slack.socket.sendEvent({}, { timeoutMs: 100 })).rejects.toThrow(/no Socket Mode client/);
  });
});
