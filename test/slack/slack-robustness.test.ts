import { describe, expect, it } from "vitest";
import { SLACK_BODY_LIMIT_BYTES } from "../../src/slack/events-guard.js";
import { makeDmEvent, makeEventCallback, postSignedBody, TEST_IDS } from "../support/slack-events.js";
import { replyTo, SIGNING_SECRET, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

const FORM = "application/x-www-form-urlencoded";

/** A signed event callback whose event is `event` (any JSON, even null). */
const envelope = (event: unknown) => JSON.stringify({ ...makeEventCallback({}), event });

describe("Slack over HTTP: inputs that are not valid events", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));
  const eventsUrl = () => `${t.assistant.url}/slack/events`;

  it.each([
    ["a JSON null", "null", undefined],
    ["a form payload=null", "payload=null", FORM],
    ["a form payload that is not JSON", "payload=%7Bnope", FORM],
    ["JSON that does not parse", "{not json", undefined],
    ["an empty body", "", undefined],
    ["a JSON array", "[1,2]", undefined],
    ["a JSON string", '"event"', undefined],
    ["an object that is no Slack request", "{}", undefined],
    ["an event_callback without event", JSON.stringify({ type: "event_callback" }), undefined],
    ["event: null", envelope(null), undefined],
    ["an event without type", envelope({ channel: "D1" }), undefined],
    ["channel: null", envelope({ ...makeDmEvent({ text: "hi" }), channel: null }), undefined],
    ["item: null", envelope({ type: "reaction_added", item: null }), undefined],
    ["item that is a string", envelope({ type: "reaction_added", item: "C1" }), undefined],
    [
      "an interaction whose channel is null",
      JSON.stringify({ type: "block_actions", actions: [], channel: null }),
      undefined,
    ],
  ])("answers 400 to a signed request with %s", async (_what, body, contentType) => {
    const res = await postSignedBody(eventsUrl(), body, SIGNING_SECRET, contentType ? { contentType } : {});
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "bad_request" });
  });

  it("answers 413 to a body over Bolt's limit", async () => {
    const body = JSON.stringify({
      ...makeEventCallback({ type: "message" }),
      pad: "x".repeat(SLACK_BODY_LIMIT_BYTES),
    });
    const res = await postSignedBody(eventsUrl(), body, SIGNING_SECRET);
    expect(res.status).toBe(413);
  });

  it.each(["GET", "PUT", "DELETE", "PATCH", "HEAD"])("answers 405 to %s", async (method) => {
    const res = await fetch(eventsUrl(), { method });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("answers 401 to a null body with a bad signature (the signature is checked first)", async () => {
    const res = await postSignedBody(eventsUrl(), "null", SIGNING_SECRET, { badSignature: true });
    expect(res.status).toBe(401);
  });

  it("answers 401 to a request without signature headers", async () => {
    const res = await fetch(eventsUrl(), {
      method: "POST",
      body: "null",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(401);
  });

  it("still answers an SSL check without a signature", async () => {
    const res = await fetch(eventsUrl(), {
      method: "POST",
      body: "ssl_check=1&token=x",
      headers: { "content-type": FORM },
    });
    expect(res.status).toBe(200);
  });

  it("answers a valid DM after all of them", async () => {
    for (const body of ["null", envelope(null), envelope({ ...makeDmEvent({ text: "x" }), channel: null })]) {
      await postSignedBody(eventsUrl(), body, SIGNING_SECRET);
    }
    await postSignedBody(eventsUrl(), "payload=null", SIGNING_SECRET, { contentType: FORM });
    t.ollama!.queueChat("still here");
    expect(await replyTo(t, makeDmEvent({ text: "are you alive?" }))).toBe("still here");
    expect(t.slack!.callsTo("chat.postMessage")).toHaveLength(1);
  });

  it("does not let the working reaction hold up the answer when Slack answers 503 to it", async () => {
    t.slack!.failMethod("reactions.add", 503);
    t.ollama!.queueChat("answered anyway");
    const started = Date.now();
    const event = makeDmEvent({ text: "hello?" });
    await t.sendEvent(event);
    const [post] = await t.slack!.waitForCall("chat.postMessage", { timeoutMs: 2_000 });
    expect(post!.args).toMatchObject({ channel: TEST_IDS.dmChannel, text: "answered anyway" });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The reaction was never added, so there is nothing to remove.
    await new Promise((r) => setTimeout(r, 300));
    const removes = t.slack!.callsTo("reactions.remove").filter((c) => c.args.timestamp === event.ts);
    expect(removes).toHaveLength(0);
  });

  it("answers when removing the working reaction fails", async () => {
    t.slack!.failMethod("reactions.remove", 500);
    t.ollama!.queueChat("first");
    expect(await replyTo(t, makeDmEvent({ text: "one" }))).toBe("first");
    t.ollama!.queueChat("second");
    expect(await replyTo(t, makeDmEvent({ text: "two" }))).toBe("second");
  });
});
