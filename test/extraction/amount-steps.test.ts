import { describe, expect, it } from "vitest";
import {
  amountsIn,
  namesRecurringAmount,
  saysFromWhen,
  stepsRecurringAmount,
} from "../../src/extraction/amount-steps.js";

describe("amountsIn", () => {
  it("reads amounts with a unit of money, a currency sign or nothing after them", () => {
    expect(amountsIn("관리비 월 13만5천원, 매달 20일")).toEqual([135_000]);
    expect(amountsIn("주차비 8,000원 / 2층 B-12")).toEqual([8000]);
    expect(amountsIn("gym is $1,250 a month")).toEqual([1250]);
    expect(amountsIn("레슨비 1,120€ 선불")).toEqual([1120]);
    expect(amountsIn("올려서 이제 320.")).toEqual([320]);
    expect(amountsIn("9,900 won per class")).toEqual([9900]);
    // A particle or a copula after a bare amount, not a unit.
    expect(amountsIn("270으로 올려줌, 원래 245이래")).toEqual([270, 245]);
    // A currency sign before it, whatever follows; k for thousands.
    expect(amountsIn("$99 monthly, ₩45000 yearly")).toEqual([99, 45_000]);
    expect(amountsIn("budget 1.2k, then 12k")).toEqual([1200, 12_000]);
    // 씩 ("each") after a bare amount.
    expect(amountsIn("적금 이제 40씩 넣기로")).toEqual([40]);
  });

  it("reads no amount in a date, a time, a phone number, a code, a count or a measure", () => {
    expect(amountsIn("3월 25일 오후 9시 7:30")).toEqual([]);
    expect(amountsIn("call 010-2345-6789 after 9 pm")).toEqual([]);
    expect(amountsIn("B2-117, 30병, 5kg, 7 am")).toEqual([]);
    // Small numbers are counts and hours more often than amounts.
    expect(amountsIn("두 개에 12")).toEqual([]);
  });

  it("runs in linear time on long runs of digits, commas and units", () => {
    for (const unit of ["1,", "9 ", "1만", "2-"]) {
      const short = unit.repeat(20_000);
      const long = unit.repeat(80_000);
      const time = (text: string) => {
        const started = performance.now();
        amountsIn(text);
        return performance.now() - started;
      };
      time(short);
      // Four times the input in well under sixteen times the time (a quadratic scan would take that).
      expect(time(long)).toBeLessThan(Math.max(250, 8 * time(short)));
    }
  });
});

describe("saysFromWhen", () => {
  it("reads a time word or a date before 부터, and starting / as of / effective / from next", () => {
    for (const text of [
      "10월분부터 올린대",
      "다음 달부터 바뀐대",
      "담달부터 더 준대",
      "내년부터 오른다고 함",
      "9/1부터 적용",
      "starting October it's more",
      "as of next month, 1,300",
      "from July on",
      // A noun of an event after a date or 다음: from that event on.
      "9월 갱신부터 오른대",
      "다음 계약부터 적용",
    ])
      expect(saysFromWhen(text), text).toBe(true);
  });

  it("reads no other 부터 and no other from", () => {
    for (const text of [
      "아까부터 배고파",
      "처음부터 다시 하자",
      "나부터 먼저 할게",
      "a letter from Busan",
      "from the office",
      // An event's noun with no time before it.
      "계약부터 다시 봐야 함",
    ])
      expect(saysFromWhen(text), text).toBe(false);
  });
});

describe("stepsRecurringAmount", () => {
  it("ties a note that sets the next value of a recurring amount from a date on, no word shared", () => {
    expect(namesRecurringAmount("헬스장 회비 매달 6만원")).toBe(true);
    expect(stepsRecurringAmount("헬스장 회비 매달 6만원", "트레이너가 11월부터 6만5천 받는대")).toBe(true);
    expect(stepsRecurringAmount("parking is $210 a month", "building mgmt: $225 starting April")).toBe(true);
    expect(stepsRecurringAmount("과외비 시간당 4만", "학부모님이 다음 달부터 4만5천 주신대")).toBe(true);
    // A bare amount in the older one's unit (만): 150만원, then 160.
    expect(stepsRecurringAmount("작업실 월세 150만원", "집주인이 10월 갱신부터 160으로 하재")).toBe(true);
  });

  it("does not tie a note without a date it holds from, a far amount, the same amount or a one-off price", () => {
    expect(stepsRecurringAmount("헬스장 회비 매달 6만원", "6만5천으로 오른대")).toBe(false);
    expect(stepsRecurringAmount("헬스장 회비 매달 6만원", "11월부터 12만")).toBe(false);
    expect(stepsRecurringAmount("헬스장 회비 매달 6만원", "11월부터 6만원 그대로")).toBe(false);
    expect(stepsRecurringAmount("중고 자전거 15만원에 팔 예정", "11월부터 16만")).toBe(false);
    // A bare amount far from the older one in any unit.
    expect(stepsRecurringAmount("작업실 월세 150만원", "10월부터 2명 더 들어옴, 240 정도")).toBe(false);
  });

  it("reads long text in linear time", () => {
    const time = (text: string) => {
      const started = performance.now();
      stepsRecurringAmount(`매달 ${text}`, `7월부터 ${text}`);
      return performance.now() - started;
    };
    const short = "부터 1,0 ".repeat(10_000);
    const long = "부터 1,0 ".repeat(40_000);
    time(short);
    expect(time(long)).toBeLessThan(Math.max(250, 8 * time(short)));
  });
});
