import { describe, expect, it } from "vitest";
import { conversationFromTurn, conversationIdOf } from "../../src/history/conversation.js";
import type { Turn } from "../../src/core/types.js";

function makeSlackTurn(overrides: Partial<Turn> = {}): Turn {
  return {
    teamId: "T1",
    userId: "U1",
    channelId: "D1",
    channelType: "im",
    text: "안녕",
    eventId: "Ev1",
    ...overrides,
  };
}

describe("conversationFromTurn", () => {
  it("keys a DM by team, user and channel", () => {
    const conversation = conversationFromTurn(makeSlackTurn({ threadTs: "1.2" }));
    expect(conversation).toEqual({
      id: "dm:T1:U1:D1",
      key: { kind: "dm", teamId: "T1", userId: "U1", channelId: "D1" },
      userId: "U1",
    });
  });

  it("keys a channel thread by team, channel and thread, shared by its participants", () => {
    const a = conversationFromTurn(
      makeSlackTurn({ channelType: "channel", channelId: "C1", threadTs: "171.5" }),
    );
    const b = conversationFromTurn(
      makeSlackTurn({ channelType: "channel", channelId: "C1", threadTs: "171.5", userId: "U2" }),
    );
    expect(a.id).toBe("thread:T1:C1:171.5");
    expect(b.id).toBe(a.id);
    expect(b.userId).toBe("U2");
  });

  it("gives a channel message outside a thread the user's own conversation", () => {
    const a = conversationFromTurn(makeSlackTurn({ channelType: "channel", channelId: "C1" }));
    const b = conversationFromTurn(makeSlackTurn({ channelType: "channel", channelId: "C1", userId: "U2" }));
    expect(a.id).not.toBe(b.id);
  });

  it("cannot be confused by ids holding the separator", () => {
    const a = conversationIdOf({ kind: "dm", teamId: "T1:U1", userId: "D1", channelId: "x" });
    const b = conversationIdOf({ kind: "dm", teamId: "T1", userId: "U1:D1", channelId: "x" });
    expect(a).not.toBe(b);
  });
});
