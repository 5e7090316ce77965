import { describe, expect, it } from "vitest";
import { conversationContext } from "../../src/memory/search/conversation-context.js";
import { KeywordIndex, type KeywordDoc } from "../../src/memory/search/keyword-index.js";

const DAY = 86_400_000;
const doc = (
  id: string,
  text: string,
  timestamp: number,
  overrides: Partial<KeywordDoc> = {},
): KeywordDoc => ({
  id,
  text,
  timestamp,
  channelId: "D1",
  channelType: "im",
  source: "autosave",
  ...overrides,
});

describe("conversationContext", () => {
  const index = new KeywordIndex();
  index.add([
    doc("a", "치과 정기검진 화요일 2시 예약", 0, { source: "slack" }),
    doc("elsewhere", "그거 수요일로 옮김", 2 * DAY, { channelId: "C9", channelType: "channel" }),
    doc("b", "앗 그거 목요일 4시로 옮김", 9 * DAY),
    doc("hidden", "그거 금요일로 또 밀림", 12 * DAY),
  ]);

  it("gives the next memory of the channel as a follow-up however much later, whatever its source", () => {
    const context = conversationContext(index, () => true);
    expect(context.followUp?.("a")?.id).toBe("b");
    // Not within the conversation window: no neighbour, no correction.
    expect(context.neighbours("b")).toEqual([]);
    expect(context.next?.("a")).toBeUndefined();
    // Another channel's memory is never a follow-up; the last memory has none.
    expect(context.followUp?.("elsewhere")).toBeUndefined();
  });

  it("gives no follow-up the scope may not see", () => {
    const context = conversationContext(index, (d) => d.id !== "hidden");
    expect(context.followUp?.("b")).toBeUndefined();
    expect(conversationContext(index, () => true).followUp?.("b")?.id).toBe("hidden");
  });
});
