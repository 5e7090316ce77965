import { describe, expect, it } from "vitest";
import { factSlots, FactSlotMemo, sameFactSlot } from "../../src/extraction/fact-slots.js";

describe("sameFactSlot", () => {
  it("is true when two texts state the same (entity, attribute) with different values", () => {
    expect(sameFactSlot("구름이 생일 6월 2일이야", "구름이 생일 6월 3일로 바뀜")).toBe(true);
    expect(sameFactSlot("Rowan's birthday is Feb 8", "Rowan's birthday is Feb 9")).toBe(true);
  });

  it("is false for the same date on different facts, and for texts with no fact", () => {
    expect(sameFactSlot("구름이 생일 6월 2일이야", "치과 예약 6월 2일")).toBe(false);
    expect(sameFactSlot("ㅋㅋ 배고파", "ㅋㅋ 배고파")).toBe(false);
  });

  it("reads each text once per memo, and a memo forgets the oldest text past its capacity", () => {
    const memo = new FactSlotMemo(2);
    const first = memo.of("구름이 생일 6월 2일이야");
    expect(memo.of("구름이 생일 6월 2일이야")).toBe(first);
    memo.of("Rowan's birthday is Feb 8");
    memo.of("치과 예약 6월 2일");
    expect(memo.of("구름이 생일 6월 2일이야")).not.toBe(first);
    expect(memo.of("구름이 생일 6월 2일이야")).toEqual(first);
  });

  it("keeps no state between calls without a memo", () => {
    expect(factSlots("구름이 생일 6월 2일이야")).not.toBe(factSlots("구름이 생일 6월 2일이야"));
  });
});
