import { describe, expect, it } from "vitest";
import { clipMessage, MAX_MESSAGE_CHARS, promptMessage } from "../../src/agent/message-limit.js";

describe("promptMessage", () => {
  it("keeps a message of up to MAX_MESSAGE_CHARS characters as it is", () => {
    const text = "가".repeat(MAX_MESSAGE_CHARS);
    expect(promptMessage(text)).toBe(text);
    expect(clipMessage(text)).toBe(text);
  });

  it("cuts a longer message and tells the model how much it sees", () => {
    const text = "a".repeat(MAX_MESSAGE_CHARS) + "b".repeat(16_000);
    expect(promptMessage(text)).toBe(
      `${"a".repeat(MAX_MESSAGE_CHARS)}\n\n[Message cut: only its first ${MAX_MESSAGE_CHARS} of 20000 characters are shown here.]`,
    );
  });

  it("never ends the cut in half a surrogate pair", () => {
    const text = "a".repeat(MAX_MESSAGE_CHARS - 1) + "😀".repeat(10);
    expect(clipMessage(text)).toBe("a".repeat(MAX_MESSAGE_CHARS - 1));
  });
});
