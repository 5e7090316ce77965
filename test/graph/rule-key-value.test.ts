import { describe, expect, it } from "vitest";
import { extractTriplets } from "../../src/extraction/rule-extractor.js";
import { findKeyHeaders } from "../../src/extraction/rule-key-value.js";

const keys = (line: string): string[] => findKeyHeaders(line).map((header) => header.key);
const t = (entity: string, attribute: string, value: string) => ({ entity, attribute, value });

describe("findKeyHeaders", () => {
  it("finds keys at the line start and after commas and semicolons", () => {
    expect(keys("상호: 다온베이커리; 전화번호: 02-318-4470; 분류: 빵집")).toEqual([
      "상호",
      "전화번호",
      "분류",
    ]);
    expect(keys("이름: 정하람，담당: 회계")).toEqual(["이름", "담당"]);
    expect(keys("model: X200,color: slate")).toEqual(["model", "color"]);
  });

  it("finds keys after a slash or bar between spaces, and keeps one inside a word", () => {
    expect(keys("가게명: 솔빛공방 ｜ 분류: 도자기공방 | 전화번호: 031-775-2019")).toEqual([
      "가게명",
      "분류",
      "전화번호",
    ]);
    expect(keys("A/S 담당: 민도윤 / 연락처: 010-4471-2290")).toEqual(["A/S 담당", "연락처"]);
    // A slash without a space on each side separates nothing, so what follows it is no key.
    expect(keys("요일: 월/ 시간: 7시")).toEqual(["요일"]);
  });

  it("needs a space after the colon and a key of at most 30 characters", () => {
    expect(keys("출근: 9:30, 퇴근: 18:10")).toEqual(["출근", "퇴근"]);
    expect(keys("배차 간격 09:15")).toEqual([]);
    expect(keys(`${"가".repeat(30)}: 값`)).toEqual(["가".repeat(30)]);
    expect(keys(`${"가".repeat(31)}: 값`)).toEqual([]);
    expect(keys(`메모, ${"x ".repeat(16)}: 값`)).toEqual([]);
  });

  it("gives where each key's separator is and where its value starts", () => {
    const line = "브랜드: 솔내음 / 용량: 500ml";
    const [brand, size] = findKeyHeaders(line);
    expect(brand).toEqual({ index: 0, key: "브랜드", end: 5 });
    expect(line.slice(brand?.end, size?.index)).toBe("솔내음");
    expect(line.slice(size?.end)).toBe("500ml");
  });

  it("reads the keys of a line into facts", () => {
    expect(extractTriplets("상호: 다온베이커리; 전화번호: 02-318-4470; 분류: 빵집")).toEqual([
      t("다온베이커리", "전화번호", "02-318-4470"),
      t("다온베이커리", "분류", "빵집"),
    ]);
    expect(extractTriplets("가게명: 솔빛공방 ｜ 분류: 도자기공방 ｜ 전화번호: 031-775-2019")).toEqual([
      t("솔빛공방", "분류", "도자기공방"),
      t("솔빛공방", "전화번호", "031-775-2019"),
    ]);
  });

  it.each([
    ["a spaced slash before a run of spaces", `x / ${" ".repeat(50_000)}x`],
    ["a comma before a run of spaces", `, a${" ".repeat(50_000)}x`],
    ["keys without colons", "메모, 김 / ".repeat(5_000)],
    ["colons without keys", "a: b: ".repeat(8_000)],
  ])("reads 50,000 characters of %s in linear time", (_name, line) => {
    const started = performance.now();
    findKeyHeaders(line);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
