/**
 * The answer regression set (eval/regression/answers.jsonl): what a user said, a question, and what
 * the answer must and must not contain. Run through the real assistant without a model (recall-only
 * answers show exactly what memory and the graph gave), each case as its own user.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Turn } from "../../src/core/types.js";
import { parseJsonLines } from "../../src/util/jsonl.js";
import { type TestAssistant, useTestAssistant } from "../support/test-assistant.js";

const caseSchema = z.object({
  id: z.string(),
  note: z.string(),
  say: z.array(z.string()).min(1),
  say_in: z.enum(["dm", "channel"]).default("dm"),
  ask: z.string(),
  ask_in: z.enum(["dm", "channel"]).default("dm"),
  expect_any: z.array(z.string()).min(1),
  expect_none: z.array(z.string()),
});

const FILE = new URL("../../eval/regression/answers.jsonl", import.meta.url);
const cases = parseJsonLines(readFileSync(FILE, "utf8"), caseSchema, "answers.jsonl");

let n = 0;
function turn(user: string, text: string, where: "dm" | "channel"): Turn {
  n += 1;
  return {
    teamId: "T_REG",
    userId: user,
    channelId: where === "dm" ? `D_${user}` : "C_REG",
    channelType: where === "dm" ? "im" : "channel",
    ...(where === "channel" ? { threadTs: `1700000000.${String(n).padStart(6, "0")}` } : {}),
    text,
    eventId: `reg-${n}`,
    receivedAt: Date.parse("2026-06-01T00:00:00Z") + n * 60_000,
  };
}

describe("answer regression set (no model)", () => {
  let t: TestAssistant;
  useTestAssistant({ mode: "local", ollama: false }, (started) => (t = started));

  it.each(cases.map((c) => [c.id, c] as const))("%s", async (_id, c) => {
    const user = `U_${c.id.toUpperCase()}`;
    for (const text of c.say) {
      await t.assistant.agent.handle(turn(user, text, c.say_in));
      await t.assistant.drain();
    }
    const reply = (await t.assistant.agent.handle(turn(user, c.ask, c.ask_in))).text;
    expect(
      c.expect_any.some((s) => reply.includes(s)),
      `${c.note}\nreply: ${reply}\nexpected one of ${JSON.stringify(c.expect_any)}`,
    ).toBe(true);
    for (const s of c.expect_none) expect(reply, `${c.note}\nreply: ${reply}`).not.toContain(s);
  });
});
