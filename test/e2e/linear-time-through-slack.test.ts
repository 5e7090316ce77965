/**
 * No message can hold the process: a hostile answer to "which one should I forget?" — a long run of
 * digits that is not a choice — is answered promptly through the real Bolt app, and /healthz answers
 * promptly while it is being handled (the event loop is never held by a regular expression).
 */
import { describe, expect, it } from "vitest";
import { makeDmEvent, TEST_IDS } from "../support/slack-events.js";
import { faithfulModel, replyTo, type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

/** What "promptly" means here: far below what one exponential match of this reply would take. */
const PROMPT_MS = 100;
const FACTS = ["치과 예약은 화요일 세 시", "치과 예약 카드 번호는 A17"];

/** Polls /healthz until `done` settles; resolves with each answer's latency. */
async function healthLatencies(t: TestAssistant, done: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void done.finally(() => (settled = true));
  const latencies: number[] = [];
  while (!settled) {
    const started = performance.now();
    await (await t.admin("/healthz", { auth: false })).arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Rounds of each measurement; the fastest counts. */
const ROUNDS = 3;

describe("hostile input through Slack", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "http" }, (started) => (t = started));

  it("a reply of 40 digits and an x to 'which one?' is answered within 100 ms while /healthz stays under 100 ms", async () => {
    faithfulModel(t);
    const who = { user: "U_DIGITS", channel: "D_DIGITS" };
    for (const fact of FACTS) {
      expect(await replyTo(t, makeDmEvent({ text: `기억해줘: ${fact}`, ...who }))).toContain("기억했어요");
    }
    await t.assistant.drain();
    const hostile = `${"1".repeat(40)}x`;
    await replyTo(t, makeDmEvent({ text: hostile, ...who })); // warms the model path
    // On a busy machine the model path and /healthz have their own latency: both are measured for the
    // same message with no question pending (the same path but for the choice parser), and the
    // hostile reply to the question may add at most PROMPT_MS to them.
    // Each is measured three times and the fastest round kept: noise only ever adds time, while a
    // backtracking parser would be slow in every round.
    let plainMs = Infinity;
    let plainHealthMs = Infinity;
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      const replied = replyTo(t, makeDmEvent({ text: hostile, ...who }));
      const health = await healthLatencies(t, replied);
      expect(await replied).toBe("(fake) 답변");
      plainMs = Math.min(plainMs, performance.now() - started);
      plainHealthMs = Math.min(plainHealthMs, Math.max(...health));
    }
    let replyMs = Infinity;
    let healthMs = Infinity;
    for (let i = 0; i < ROUNDS; i++) {
      const question = await replyTo(t, makeDmEvent({ text: "잊어줘: 치과 예약", ...who }));
      expect(question).toContain("어떤 걸 잊을까요");
      expect(question).toContain("2. ");

      const started = performance.now();
      const replied = replyTo(t, makeDmEvent({ text: hostile, ...who }));
      const health = await healthLatencies(t, replied);
      const reply = await replied;
      replyMs = Math.min(replyMs, performance.now() - started);
      // Not a choice: the question lapses and the message goes to the model like any other.
      expect(reply).toBe("(fake) 답변");
      expect(health.length).toBeGreaterThan(0);
      healthMs = Math.min(healthMs, Math.max(...health));
    }
    expect(replyMs - plainMs).toBeLessThan(PROMPT_MS);
    expect(healthMs).toBeLessThan(Math.max(PROMPT_MS, plainHealthMs + PROMPT_MS));
    // Nothing was forgotten.
    const list = (await (await t.admin(`/admin/memory/list/${who.user}?team=${TEST_IDS.teamId}`)).json()) as {
      items: Array<{ doc: string }>;
    };
    expect(list.items.map((i) => i.doc)).toEqual(expect.arrayContaining(FACTS));
  });
});
