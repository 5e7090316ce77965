import { describe, expect, it } from "vitest";
import { asksWhenItHappened } from "../../src/text/speech-act.js";

describe("asksWhenItHappened", () => {
  it.each([
    "When did you start the pottery class?",
    "when was the kitchen repainted",
    "What year did they open the bakery?",
    "How long ago did we visit the aquarium?",
  ])("an event's time: %s", (text) => expect(asksWhenItHappened(text)).toBe(true));

  it.each([
    "When is my passport renewal due?",
    "Where did I put the spare key?",
    "언제였지?",
    "회의 언제 했지?",
  ])("not (a current fact, or Korean, where tense does not tell): %s", (text) =>
    expect(asksWhenItHappened(text)).toBe(false),
  );

  it("reads 50,000 characters of near misses in linear time", () => {
    const text = "when ".repeat(10_000) + "x";
    const started = performance.now();
    expect(asksWhenItHappened(text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
