import { describe, expect, it } from "vitest";
import { queryWords } from "../../src/memory/search/query-words.js";

describe("queryWords().headsOfOtherCompounds", () => {
  it.each([
    ["세탁소 전화번호 뭐였지", "호텔 예약번호 새로 받음", ["번호"]],
    ["토요일 등산 어디서 모여?", "PT 목요일 저녁으로 옮김", ["요일"]],
    ["진료시간 언제까지야", "퇴근시간 바뀜 6시 반", ["시간"]],
  ])("gives the head a note writes only inside another compound (%s / %s)", (query, text, heads) => {
    expect(queryWords(query).headsOfOtherCompounds(text)).toEqual(heads);
  });

  it.each([
    ["세탁소 전화번호 뭐였지", "사장님 번호 바뀜"],
    ["세탁소 전화번호 뭐였지", "세탁소 전화번호는 그대로"],
    ["세탁소 전화번호 뭐였지", "예약번호 말고 번호 하나 더 받음"],
    ["세탁소 전화번호 뭐였지", "방 배정 아직"],
    ["전화 번호 뭐였지", "예약번호 새로 받음"],
    ["what is the booking number", "예약번호 새로 받음"],
  ])(
    "gives none when the head stands alone, follows the word's first part or is absent (%s / %s)",
    (query, text) => {
      expect(queryWords(query).headsOfOtherCompounds(text)).toEqual([]);
    },
  );

  it("reads a long text in linear time", () => {
    const started = performance.now();
    const words = queryWords("세탁소 전화번호 뭐였지");
    expect(words.headsOfOtherCompounds("예약번호 ".repeat(100_000))).toEqual(["번호"]);
    expect(words.headsOfOtherCompounds(`${"예약번호 ".repeat(100_000)} 번호`)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
