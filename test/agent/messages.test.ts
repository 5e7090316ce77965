import { describe, expect, it } from "vitest";
import { forgotEverythingReply } from "../../src/agent/messages.js";

describe("forgotEverythingReply", () => {
  it("counts one memory and one conversation in the singular, others in the plural", () => {
    expect(forgotEverythingReply("en", { memories: 1, conversations: 1 })).toBe(
      "Done: I forgot everything (1 memory, 1 conversation).",
    );
    expect(forgotEverythingReply("en", { memories: 3 })).toBe(
      "Done: I forgot everything (3 memories, 0 conversations).",
    );
    expect(forgotEverythingReply("ko", { memories: 1, conversations: 2 })).toBe(
      "전부 잊었어요 (기억 1개, 대화 2개).",
    );
  });
});
