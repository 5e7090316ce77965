import { describe, expect, it } from "vitest";
import { assessNovelty, contentUnits } from "../../src/autosave/novelty.js";
import { valueKeys } from "../../src/autosave/value-keys.js";
import { makeNeighbour } from "./support.js";

const THRESHOLD = { noveltyThreshold: 0.85 };

describe("valueKeys", () => {
  it.each([
    ["8월 8일 토요일", ["d:8-8", "w:토"]],
    ["8/8 토요일", ["d:8-8", "w:토"]],
    ["Aug 8", ["d:8-8"]],
    ["7월 29일~8월 1일", ["d:7-29", "d:8-1"]],
    ["7/29~8/1", ["d:7-29", "d:8-1"]],
    ["9월 24일부터 27일까지", ["d:9-24", "d:9-27"]],
    ["Apr 24–25", ["d:4-24", "d:4-25"]],
    ["저녁 7시", ["t:7:00"]],
    ["7pm", ["t:7:00"]],
    ["화목 오후 3시~8시", ["t:3:00", "t:8:00", "w:목", "w:화"]],
    ["2023년 4월생", ["m:4", "y:2023"]],
    ["23년 4월생", ["m:4", "y:2023"]],
    ["3-year-old", ["age:3"]],
    ["두 살", ["age:2"]],
    ["010-6284-1937", ["p:01062841937"]],
    ["85만원", ["a:850000"]],
    ["5만5천원", ["a:55000"]],
    ["3억 2천", ["a:320000000"]],
    ["1.1M won", ["a:1100000"]],
    ["11,000원", ["a:11000"]],
    ["1.2kg", ["n:1.2kg"]],
    ["11호", ["n:11호"]],
    ["RN-2291", ["c:rn2291"]],
    ["매달 둘째 주", ["wk:2"]],
  ])("reads %j", (text, keys) => {
    expect([...valueKeys(text)].sort()).toEqual([...keys].sort());
  });

  it.each([
    ["집 와이파이 이름 sunny_home", ["id:sunny_home"]],
    ["인스타 @bread.lab 으로 바꿈", ["id:@bread.lab"]],
    ["shop site is order.bakery.kr", ["id:order.bakery.kr"]],
    // Abbreviations are no names; a version stays a number.
    ["e.g. at 7 a.m.", ["n:7a"]],
    ["v2.4 나옴", ["n:2.4"]],
  ])("reads a name written as an identifier in %j", (text, keys) => {
    expect([...valueKeys(text)].sort()).toEqual([...keys].sort());
  });

  it("reads no weekday in a lone syllable that is another word", () => {
    expect([...valueKeys("목 다 쉼, 할 수 있어")]).toEqual([]);
  });
});

describe("assessNovelty", () => {
  it("is new without neighbours", () => {
    expect(assessNovelty("승우 생일 5월 27일", [], THRESHOLD)).toEqual({ relation: "new", similarity: 0 });
  });

  it("finds the restated memory among several neighbours, not only the top cosine", () => {
    const result = assessNovelty(
      "추석에 9/24~27 가게 문 닫아요",
      [
        makeNeighbour("가게 쉬는 날은 일요일", 0.5),
        makeNeighbour("추석 연휴 9월 24일부터 27일까지 가게 쉬어요", 0.45),
      ],
      THRESHOLD,
    );
    expect(result).toMatchObject({
      relation: "duplicate",
      nearest: "추석 연휴 9월 24일부터 27일까지 가게 쉬어요",
    });
  });

  it("calls a new value for the same thing an update, and a new fact new", () => {
    expect(
      assessNovelty(
        "필라테스 요일 바꿈, 이제 월수 저녁 7시",
        [makeNeighbour("필라테스 화목 저녁 8시", 0.3)],
        THRESHOLD,
      ),
    ).toMatchObject({ relation: "update" });
    expect(
      assessNovelty("엄마 생신 7월 2일", [makeNeighbour("승우 생일 5월 27일", 0.2)], THRESHOLD).relation,
    ).toBe("new");
  });

  it("calls a change said again a duplicate", () => {
    const memory = "My new number is 010-2222-3333";
    expect(
      assessNovelty("my new number is 010-2222-3333!", [makeNeighbour(memory, 0.95)], THRESHOLD),
    ).toMatchObject({ relation: "duplicate" });
    expect(
      assessNovelty("My new number is 010-2222-4444", [makeNeighbour(memory, 0.9)], THRESHOLD).relation,
    ).toBe("update");
  });

  it("prefers a restatement of one memory to an update of another", () => {
    const result = assessNovelty(
      "참고로 승우 생일은 5월 27일이야",
      [makeNeighbour("솜이 실밥 제거 5월 1일 오전 11시", 0.3), makeNeighbour("승우 생일 5월 27일", 0.89)],
      THRESHOLD,
    );
    expect(result.relation).toBe("duplicate");
  });
});

describe("contentUnits", () => {
  it("meets likes and dislikes, kin and common nouns across wordings and languages", () => {
    expect([...contentUnits("나 민트초코 진짜 싫어함").keys()]).toEqual(["민트", "트초", "초코", "@dislike"]);
    expect(new Set(contentUnits("나 참깨 알레르기 있어").keys())).toEqual(
      new Set(contentUnits("I'm allergic to sesame").keys()),
    );
    expect([...contentUnits("여름휴가").keys()]).toContain("@vacation");
  });
});
