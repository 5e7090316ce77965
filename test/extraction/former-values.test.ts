import { describe, expect, it } from "vitest";
import {
  arrowsToValue,
  endsOnNewValue,
  formerNames,
  formerValues,
  keptValueKinds,
  saysChangedAgain,
  saysSettled,
} from "../../src/extraction/former-values.js";
import { marksCorrection, saysArrangedAnew, seriesNumbers } from "../../src/extraction/words/value-words.js";
import { growth } from "../support/growth.js";

const former = (text: string) => [...formerValues(text)];

describe("formerValues", () => {
  it("reads the old value of an English change: instead of, from … to", () => {
    // As fact-words.ts writes it, and a time in one form however written (value-forms.ts).
    expect(former("Swim lessons now start at 7:40 instead of 7:15")).toEqual(["715", "time:7:15"]);
    expect(former("They moved my desk from 31 to 46 on the third floor")).toEqual(["31"]);
  });

  it("reads the old value before an arrow, glued or apart, and a Korean 에서 … 로", () => {
    expect(former("과외 4시→5시로 변경")).toEqual(["4", "time:4:0"]);
    expect(former("과외 4시 → 5시")).toEqual(["4", "time:4:0"]);
    expect(former("스터디 4시에서 5시로 바뀜")).toEqual(["4", "time:4:0"]);
    expect(former("레슨 요일 수→금")).toEqual(["수", "day:3"]);
  });

  it("keeps the values a correction negates", () => {
    expect(former("C4 말고 C7 자리야")).toEqual(["c4"]);
    expect(former("not Monday, Thursday")).toEqual(["monday", "day:1"]);
    // Past an article, an English ordinal day in the one form of a day of the month.
    expect(former("June 21, not the 23rd. Typo in the memo")).toEqual(["23rd", "dom:23"]);
  });

  it("counts the old day back from a move by an amount and the new day (하루 당겨짐, 담주로 미뤄짐)", () => {
    expect(former("그 약속 하루 당겨짐. 9일 금요일로")).toEqual(["dom:10"]);
    expect(former("검진 담주로 미뤄짐 11월 20일 같은 시간")).toEqual(["date:11-13", "dom:13"]);
    // No day given, or none left in the month: nothing old.
    expect(former("검진 일주일 밀림")).toEqual([]);
    expect(former("검진 담주로 미뤄짐 3일로")).toEqual([]);
  });

  it("reads a value said to be impossible as the old one: 못, 안 돼, 불가", () => {
    expect(former("눈 와서 12일엔 못 감, 19일로")).toEqual(["12", "dom:12"]);
    expect(former("세미나 3/4 불가 ㅠ")).toEqual(["34", "date:3-4", "dom:4"]);
    expect(former("3시는 안 돼서 4시로")).toEqual(["3", "time:3:0"]);
    // Nothing before it that is a value: nothing old.
    expect(former("오늘 운동 못 함")).toEqual([]);
  });

  it("names none for a statement that gives no old value", () => {
    expect(former("스터디 5시로 바뀜")).toEqual([]);
    // A place it starts from is no value, nor is a "from" with no "to" after the next word.
    expect(former("서울에서 부산으로 이사함")).toEqual([]);
    expect(former("Open from 9 every weekday")).toEqual([]);
    expect(former("instead of")).toEqual([]);
  });

  it("reads a long line of arrows and markers in linear time", () => {
    const unit = "4시→5시 instead of 7:15 from 31 to 46 4시에서 5시로 ";
    expect(growth((n) => formerValues(unit.repeat(n)), 500)).toBeLessThan(8 * 4);
  });
});

describe("arrowsToValue", () => {
  it("reads an arrow at a value with a digit as a change, glued or apart", () => {
    expect(arrowsToValue("면담 한 시간 늦춰서 → 16:30")).toBe(true);
    expect(arrowsToValue("rate→55,000")).toBe(true);
    expect(arrowsToValue("lesson fee -> 60k")).toBe(true);
  });

  it("reads no route between codes or an arrow at words as one", () => {
    expect(arrowsToValue("flight GMP→CJU 오전 출발")).toBe(false);
    expect(arrowsToValue("다음 할 일 → 서류 정리")).toBe(false);
  });

  it("reads a long line of arrows in linear time", () => {
    const unit = "A → B ->x => ⇒ ";
    expect(growth((n) => arrowsToValue(unit.repeat(n)), 500)).toBeLessThan(8 * 4);
  });
});

describe("formerNames", () => {
  it("reads a thing's name a note rejects, in Korean or capitalised after English not", () => {
    expect(formerNames("앗 동문역 말고 서문역에서 보기로 한 거임")).toEqual(["ko:동문역"]);
    expect(formerNames("한빛홀이 아니라 새솔관이래")).toEqual(["ko:한빛홀"]);
    expect(formerNames("Pickup is at Dunmore Park, not Ashby Park")).toEqual(["en:ashbi"]);
  });

  it("names none for a rejected value, a lower-case English word or no rejection", () => {
    // A value is formerValues' to read.
    expect(formerNames("C4 말고 C7 자리야")).toEqual([]);
    expect(formerNames("not sure the lab is open on Sunday")).toEqual([]);
    expect(formerNames("그건 아니고 그냥 피곤해서")).toEqual([]);
    expect(formerNames("서문역 근처 카페에서 공부함")).toEqual([]);
  });

  it("reads a long line of rejections in linear time", () => {
    const unit = "동문역 말고 서문역 not Ashby 한빛홀이 아니라 ";
    expect(growth((n) => formerNames(unit.repeat(n)), 500)).toBeLessThan(8 * 4);
  });
});

describe("endsOnNewValue / saysArrangedAnew: a change said short", () => {
  it("reads a clause that ends on a time or number with (으)로 and no verb as a change", () => {
    expect(endsOnNewValue("비 와서 못 감.. 19일로")).toBe(true);
    expect(endsOnNewValue("결국 3시 반으로!")).toBe(true);
    expect(endsOnNewValue("회의 다음 주 금요일로ㅠㅠ 어쩔 수 없지")).toBe(true);
    // A verb after it, or no value before the particle.
    expect(endsOnNewValue("3시로 예약함")).toBe(false);
    expect(endsOnNewValue("서류는 택배로")).toBe(false);
  });

  it("reads 다시 before a verb of arranging as arranged anew, and 다시 before another verb as nothing", () => {
    expect(saysArrangedAnew("자리 없어서 옆 식당으로 다시 예약함")).toBe(true);
    expect(saysArrangedAnew("상담 다시 잡았어")).toBe(true);
    expect(saysArrangedAnew("영화 다시 봤는데 좋더라")).toBe(false);
    expect(saysArrangedAnew("다시마 사기")).toBe(false);
  });
});

describe("saysChangedAgain", () => {
  it("reads 또, 다시, again as words of their own, with punctuation around them", () => {
    expect(saysChangedAgain("치과 또 밀림 ㅠ 금요일로")).toBe(true);
    expect(saysChangedAgain("시간 다시 바꿈: 3시")).toBe(true);
    expect(saysChangedAgain("The demo moved (again!) to Friday")).toBe(true);
    // Not inside a word: 또래 is "peers", 다시마 "kelp", against "against".
    expect(saysChangedAgain("또래 모임 장소 바뀜, 다시마 사오기")).toBe(false);
    expect(saysChangedAgain("voted against moving the demo")).toBe(false);
  });

  it("reads a word with a long run of punctuation inside it in linear time", () => {
    expect(growth((n) => saysChangedAgain(`a${"!".repeat(n)}a 또`), 5000)).toBeLessThan(8 * 4);
  });
});

describe("saysSettled", () => {
  it("reads 최종, 확정, 정정, 결국 with their endings and final, confirmed as words", () => {
    expect(saysSettled("발표 순서 최종으로 정해짐")).toBe(true);
    // 결국 "in the end": the value chosen after others were weighed.
    expect(saysSettled("이어폰 고민하다가 결국 흰색으로 샀음")).toBe(true);
    expect(saysSettled("이사 날짜 확정됨 5월 30일")).toBe(true);
    expect(saysSettled("정정: 회비 3만원")).toBe(true);
    expect(saysSettled("Venue (final): Hall C")).toBe(true);
    expect(saysSettled("Dates confirmed for the offsite")).toBe(true);
    // Not inside another word, and nothing else: finally, finals, 확인 are no settling.
    expect(saysSettled("finally got the finals schedule, 확인함")).toBe(false);
  });
});

describe("keptValueKinds", () => {
  const kept = (text: string) => [...keptValueKinds(text)].sort();

  it("reads the kinds of value a change says stay, a list of attributes before 그대로, 동일, 똑같이, or after same", () => {
    expect(kept("세미나실 바뀜 → 본관 204호. 날짜, 시간 동일")).toEqual(["when"]);
    expect(kept("강사님 바뀜 요일이랑 시간은 그대로")).toEqual(["when"]);
    expect(kept("가격은 똑같고 배송만 하루 늦어짐")).toEqual(["amount"]);
    expect(kept("Moved to the north gym, same time and same price")).toEqual(["amount", "when"]);
    expect(kept("venue unchanged, now at 6:30")).toEqual(["place"]);
  });

  it("reads none where 같이 means together, where no attribute comes before, or where nothing is kept", () => {
    expect(kept("시간 같이 정하자")).toEqual([]);
    expect(kept("모임은 그대로 진행")).toEqual([]);
    expect(kept("Same here, see you there")).toEqual([]);
    expect(kept("회식 장소 변경됨")).toEqual([]);
  });

  it("reads a long list of attributes in linear time", () => {
    expect(growth((n) => keptValueKinds(`${"날짜 시간 ".repeat(n)}그대로`), 500)).toBeLessThan(8 * 4);
  });
});

describe("seriesNumbers", () => {
  const series = (text: string) => [...seriesNumbers(text)];

  it("reads a number with a counter of a series, after an English noun of one, or a month named alone", () => {
    expect(series("3차 면접 결과 언제 나와")).toEqual(["3"]);
    expect(series("7화 원고 마감")).toEqual(["7"]);
    expect(series("25주년 행사 장소")).toEqual(["25"]);
    expect(series("2학기에 듣는 수업")).toEqual(["2"]);
    expect(series("when is the season 3, episode 5 recording?")).toEqual(["3", "5"]);
    expect(series("11월 모임 어디서 해")).toEqual(["11"]);
  });

  it("reads no value, no count, and no month with its day", () => {
    expect(series("3384 누구 번호지")).toEqual([]);
    expect(series("사진 3장 인화")).toEqual([]);
    expect(series("11월 20일 모임")).toEqual([]);
    expect(series("room 305 key")).toEqual([]);
  });
});

describe("marksCorrection: a second look", () => {
  it("reads 다시 보니, 알고 보니, 확인해 보니 (glued or apart) and turns out as correcting what was believed", () => {
    expect(marksCorrection("영수증 다시 보니까 3만8천원이었음")).toBe(true);
    expect(marksCorrection("알고보니 목요일 출발")).toBe(true);
    expect(marksCorrection("확인해 보니 502호네")).toBe(true);
    expect(marksCorrection("Turns out the class is on Wednesdays")).toBe(true);
  });

  it("reads no look that learns nothing, nor a turn of another kind", () => {
    expect(marksCorrection("다시 봐도 웃기네")).toBe(false);
    expect(marksCorrection("turns left at the bakery")).toBe(false);
    expect(marksCorrection("알고 싶은 게 많음")).toBe(false);
  });
});
