/**
 * "Today" is the writer's day: the prompt's date and the dates of recalled memories are written in the
 * time zone Slack gives for the user (`users.info` → `tz`), not the server's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDmEvent } from "../support/slack-events.js";
import { replyTo, startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

const dayIn = (timeZone: string, ms: number): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    ms,
  );

describe("the writer's time zone", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "http" });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("dates the prompt's today in the user's zone, asked of Slack once", async () => {
    // At any hour one of these two zones is on another day than UTC.
    const now = Date.now();
    const zone = new Date(now).getUTCHours() < 11 ? "Pacific/Pago_Pago" : "Pacific/Kiritimati";
    expect(dayIn(zone, now)).not.toBe(dayIn("UTC", now));
    t.slack!.onMethod("users.info", (args) => ({
      ok: true,
      user: { id: args["user"], name: "far", tz: zone },
    }));
    const prompts: string[] = [];
    t.ollama!.onChat((request) => {
      if (request.format !== undefined) return { json: { triplets: [] } };
      prompts.push(request.messages[0]?.content ?? "");
      return "네.";
    });
    const user = "U_FAR_AWAY";
    await replyTo(t, makeDmEvent({ text: "오늘 며칠이야?", user, channel: `D_${user}` }));
    await replyTo(t, makeDmEvent({ text: "내일은?", user, channel: `D_${user}` }));
    expect(prompts).toHaveLength(2);
    for (const prompt of prompts) expect(prompt).toContain(`Today is ${dayIn(zone, Date.now())}.`);
    expect(t.slack!.callsTo("users.info").filter((c) => c.args["user"] === user)).toHaveLength(1);
  });
});
