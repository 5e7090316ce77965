import { describe, expect, it } from "vitest";
import { valueForms, valueLabels } from "../../src/extraction/value-forms.js";
import { growth } from "../support/growth.js";

const forms = (text: string) => [...valueForms(text)].sort();

describe("valueForms", () => {
  it("gives a clock time one form in Korean, with a colon, with am/pm, the hour modulo 12", () => {
    expect(forms("셔틀 7시 40분에 옴")).toEqual(["time:7:40"]);
    expect(forms("shuttle at 7:40am")).toEqual(["time:7:40"]);
    expect(forms("저녁 7시반 모임")).toEqual(["time:7:30"]);
    expect(forms("7시 반으로 옮김")).toEqual(["time:7:30"]);
    expect(forms("19:30 start")).toEqual(["time:7:30"]);
    expect(forms("drinks at 6pm")).toEqual(["time:6:0"]);
  });

  it("gives a date one form: M/D, M월 D일, English month names either side, a year first", () => {
    expect(forms("검진 6/14")).toEqual(["date:6-14", "dom:14"]);
    expect(forms("검진 6월 14일로")).toEqual(["date:6-14", "dom:14"]);
    expect(forms("check-up Jun 14")).toEqual(["date:6-14", "dom:14"]);
    expect(forms("check-up on the 14th of June")).toEqual(["date:6-14", "dom:14"]);
    expect(forms("check-up 2027-06-14")).toEqual(["date:6-14", "dom:14"]);
    // A day of the month alone gives the day only, in English by an ordinal that ends its phrase.
    expect(forms("21일로 미룸")).toEqual(["dom:21"]);
    expect(forms("pushed to the 21st.")).toEqual(["dom:21"]);
    expect(forms("the 21st at 9am")).toEqual(["dom:21", "time:9:0"]);
    expect(forms("desk on the 21st floor")).toEqual([]);
  });

  it("gives weekdays one form: 요일, 욜, a run of syllables, English names and plurals", () => {
    expect(forms("수영 목요일")).toEqual(["day:4"]);
    expect(forms("수영 목욜")).toEqual(["day:4"]);
    expect(forms("수영 화목 저녁")).toEqual(["day:2", "day:4"]);
    expect(forms("swim on Thursdays")).toEqual(["day:4"]);
    expect(forms("swim Tue/Thu")).toEqual(["day:2", "day:4"]);
    // A lone syllable beside another weekday across a list mark, or in brackets after a date.
    expect(forms("요일 수→금")).toEqual(["day:3", "day:5"]);
    expect(forms("이삿날 9/12(토)")).toEqual(["date:9-12", "day:6", "dom:12"]);
  });

  it("reads no weekday or date where the word means something else", () => {
    // 금 "gold", 수 "number", a unit after a number (3월, 8일), a span of days, a duration.
    expect(forms("금 두 돈 샀음")).toEqual([]);
    expect(forms("3일간 휴가")).toEqual([]);
    expect(forms("회의 2시간")).toEqual([]);
    expect(forms("3월 8일")).toEqual(["date:3-8", "dom:8"]);
    // sat, sun, wed are English words too: a weekday only beside a number or another weekday.
    expect(forms("sat down in the sun for a bit")).toEqual([]);
    expect(forms("Sat 10am")).toEqual(["day:6", "time:10:0"]);
    expect(forms("may be late")).toEqual([]);
  });

  it("reads a long text in linear time", () => {
    const unit = "7시 40분 6/14 Jun 14th 화목 수→금 Sat 10am 21일로 ";
    expect(growth((n) => valueForms(unit.repeat(n)), 300)).toBeLessThan(8 * 4);
  });
});

describe("valueLabels", () => {
  it("names what a number numbers: the English word before it, the Korean counter glued after it", () => {
    expect([...valueLabels("Moved to room 512, gate #12 next door")]).toEqual(["room", "gate"]);
    expect([...valueLabels("크레인 9호기로 배정, 본관 304호, 지하 2층 37번")]).toEqual([
      "호기",
      "호",
      "층",
      "번",
    ]);
  });

  it("names none for a number with no label, a unit that is no counter, or a stop word before it", () => {
    expect(valueLabels("회비 8만원, 3시에 모임")).toEqual(new Set());
    expect(valueLabels("at 7 on the 3rd of May, 25 people")).toEqual(new Set());
  });

  it("reads any text in linear time", () => {
    for (const unit of ["a1", "room ", "1호", "ab 1 ", "abc", "1호기호실"]) {
      expect(growth((n) => valueLabels(unit.repeat(n)), 300)).toBeLessThan(8 * 4);
    }
  });
});
