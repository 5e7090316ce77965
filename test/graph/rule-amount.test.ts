import { describe, expect, it } from "vitest";
import { AMOUNT_RE } from "../../src/extraction/rule-patterns.js";

const amounts = (text: string): string[] => [...text.matchAll(AMOUNT_RE)].map((match) => match[0]);

describe("AMOUNT_RE", () => {
  it("finds won amounts with their units and the period they are paid by", () => {
    expect(amounts("고양이 사료 가격: 월 4만2천원")).toEqual(["월 4만2천원"]);
    expect(amounts("주차비는 하루에 1만5천원, 세차는 회당 8천원")).toEqual(["하루에 1만5천원", "회당 8천원"]);
    expect(amounts("전세 보증금 3억 5000만원")).toEqual(["3억 5000만원"]);
    expect(amounts("계약금 1,250,000원 보냄")).toEqual(["1,250,000원"]);
    expect(amounts("펜션 2박에 38만원이래")).toEqual(["2박에 38만원"]);
    expect(amounts("환율 1.5원 올랐대")).toEqual(["1.5원"]);
  });

  it("finds dollar amounts, cents and thousands", () => {
    expect(amounts("Rent: $2,400.50 a month, deposit $800")).toEqual(["$2,400.50", "$800"]);
  });

  it("starts no amount inside a word or a number", () => {
    expect(amounts("A4 용지 500매 12,000원")).toEqual(["12,000원"]);
    expect(amounts("코드X$40")).toEqual([]);
    expect(amounts("단가 0.125원")).toEqual([]);
  });

  it("reads numbers of up to six groups between commas", () => {
    expect(amounts("999,999,999,999,999,999원")).toEqual(["999,999,999,999,999,999원"]);
    expect(amounts("1,000,000,000,000,000,000원")).toEqual([]);
  });

  it.each([
    ["digit groups without a unit", `1,${"000,".repeat(12_500)}`],
    ["rates without amounts", "1회에 ".repeat(12_500)],
    ["dollar signs between digits", `${"회$00000100".repeat(5_000)},`],
    ["a long number before won", `${"9".repeat(50_000)}원`],
  ])("scans 50,000 characters of %s in linear time", (_name, text) => {
    const started = performance.now();
    amounts(text);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
