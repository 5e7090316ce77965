import { describe, expect, it } from "vitest";
import { dateShiftOf, shiftedDate } from "../../src/extraction/date-shift.js";

const AT = Date.UTC(2026, 10, 20); // 2026-11-20

describe("dateShiftOf", () => {
  it.each([
    ["피부과 예약 하루 당겨짐", -1],
    ["면담 이틀 앞당겼어", -2],
    ["워크숍 일주일 밀림", 7],
    ["세미나 한 주 연기됨", 7],
    ["발표 3일 미뤄짐", 3],
    ["정기점검 2주 늦춰졌대", 14],
    // To next week: a week later.
    ["세미나 담주로 미뤄짐", 7],
    ["세미나 다음 주로 연기", 7],
  ])("%s moves the date by %i days", (text, days) => {
    expect(dateShiftOf(text)).toBe(days);
  });

  it.each([
    ["피부과 예약 하루 전에 문자 옴"],
    ["일주일 동안 야근"],
    ["하루 종일 밀린 일 함"],
    ["워크숍 장소 바뀜"],
    ["담주로 예약함"],
  ])("%s moves nothing", (text) => {
    expect(dateShiftOf(text)).toBeUndefined();
  });
});

describe("shiftedDate", () => {
  it("moves a month-and-day date, keeping what follows it", () => {
    expect(shiftedDate("12월 10일 오후 3시", -1, AT)).toBe("12월 9일 오후 3시");
    expect(shiftedDate("11월 28일", 7, AT)).toBe("12월 5일");
  });

  it("recounts a weekday the value names, in the year of the note or the next one", () => {
    // 2026-12-31 is a Thursday; a week later is 2027-01-07, a Thursday too; a day earlier a Wednesday.
    expect(shiftedDate("12월 31일(목) 10시", -1, AT)).toBe("12월 30일(수) 10시");
    // Said in November, a date in February is next year's: 2027-02-03 (Wed) → 2027-02-05 (Fri).
    expect(shiftedDate("2월 3일 수요일", 2, AT)).toBe("2월 5일 금요일");
  });

  it("reads no other value", () => {
    expect(shiftedDate("오후 3시", 1, AT)).toBeUndefined();
    expect(shiftedDate("13월 40일", 1, AT)).toBeUndefined();
  });
});
