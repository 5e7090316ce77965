import { describe, expect, it } from "vitest";
import {
  asksAboutHome,
  asksAboutWorkplace,
  isHomeNote,
  isWorkplaceNote,
  namesRent,
  statesHomeMove,
  statesWorkplaceMove,
} from "../../src/extraction/home-moves.js";

describe("asksAboutHome", () => {
  it.each([
    "원룸 월세 얼마였지",
    "요즘 사는 곳 어디더라",
    "택배 보낼 내 주소 알려줘",
    "기숙사 몇 호실이야?",
    "where do I live now?",
    "what's my current address?",
    "집 주소 english로 뭐였지",
  ])("reads %j as a question about one's home", (query) => {
    expect(asksAboutHome(query)).toBe(true);
  });

  it.each([
    // A home named, something else in it asked for.
    "집 와이파이 비번 몇 번이야",
    "우리집 강아지 이름 뭐였지",
    // Someone else's home.
    "동생 원룸 주소",
    "where does Mira live?",
    // Another place's address.
    "우리 가게 주소 뭐더라",
    "what's the clinic's address?",
  ])("does not read %j as a question about one's home", (query) => {
    expect(asksAboutHome(query)).toBe(false);
  });

  it("knows a text that names the rent, asked or given", () => {
    expect(namesRent("자취방 월세 얼마야")).toBe(true);
    expect(namesRent("what's my rent now?")).toBe(true);
    expect(namesRent("지금 사는 곳 어디야")).toBe(false);
    expect(namesRent("이사 확정, 다음 달부터 투룸 월세 55")).toBe(true);
    expect(namesRent("이사 끝!! 성북구 보문로 12, 402호")).toBe(false);
  });
});

describe("statesHomeMove", () => {
  it.each([
    "드디어 이사 끝!! 새 주소는 수원 장안구 정자로 12, 301호",
    "이사 확정 ㅋㅋ 다음 달부터 망원동 투룸",
    "오늘 이사함. 짐 정리 언제 다 하지",
    "입주 완료, 관리사무소에 차량 등록함",
    "Moved into a studio flat in Itaewon, rent is 700k",
    "finally moved in today, 4th floor no elevator lol",
    "이사 끝! new place는 연남동 2층",
  ])("reads %j as the speaker's move", (text) => {
    expect(statesHomeMove(text)).toBe(true);
  });

  it.each([
    // Planned, not done or settled.
    "이사 날짜 아직 못 정함",
    "이삿짐센터 견적 받아봐야 됨",
    // A director (이사님), a workplace that moved, someone else's move.
    "김 이사님 회의 3시",
    "사무실 이사 완료, 새 건물 5층",
    "엄마 이사 끝났대 짐 많았다고",
    "Suji moved to Daegu last month",
    // Moving a meeting is no move of home.
    "the standup moved to 10am",
  ])("does not read %j as the speaker's move", (text) => {
    expect(statesHomeMove(text)).toBe(false);
  });
});

describe("isHomeNote", () => {
  it.each([
    "지금 자취방 신림동 원룸 월세 45",
    "기숙사 C동 214호 살고 있음",
    "My address: 12 Hanover Rd, flat 3",
    "이사 끝!! 새 주소는 수원",
  ])("reads %j as a note about one's home", (text) => {
    expect(isHomeNote(text)).toBe(true);
  });

  it("does not read a note of something else as one", () => {
    expect(isHomeNote("치과 예약 화요일 3시")).toBe(false);
  });
});

describe("workplace moves", () => {
  const office = asksAboutWorkplace("회사 주소 어디였더라") as number;

  it.each([
    "회사 주소 어디였더라",
    "사무실 어디였지",
    "우리 회사 위치 알려줘",
    "where is our office now?",
    "office address?",
    "what's the company address",
  ])("reads %j as asking where the office is", (query) => {
    expect(asksAboutWorkplace(query)).toBe(office);
  });

  it("tells the office from a shop", () => {
    const shop = asksAboutWorkplace("가게 주소 뭐더라");
    expect(shop).toBeDefined();
    expect(shop).not.toBe(office);
    expect(asksAboutWorkplace("store location?")).toBe(shop);
  });

  it.each([
    // Something at the office, not where it is.
    "회사 주차 어디에 대면 돼?",
    "office wifi password",
    // Someone else's workplace.
    "남편 회사 주소 뭐였지",
    "where is Mira's office?",
    // No workplace.
    "내 주소 뭐였지",
    "병원 어디야",
  ])("does not read %j as asking where one's workplace is", (query) => {
    expect(asksAboutWorkplace(query)).toBeUndefined();
  });

  it.each([
    "사무실 이사 완료! 새 주소는 마포구 독막로 7",
    "회사 판교로 이전했어",
    "사무실 을지로로 이사 끝",
    "회사 이전 완료, 다음 주부터 새 건물",
    "the office moved to Euljiro last week",
    "office has moved, new address on the wiki",
    "we moved offices, 4F now",
  ])("reads %j as the office's move", (text) => {
    expect(statesWorkplaceMove(text, office)).toBe(true);
  });

  it.each([
    // Not said done.
    "사무실 이사 날짜 고민 중",
    "회사 이전 주소는 강남이었음",
    // Another workplace, or someone else's.
    "가게 이전 완료",
    "남편 회사 이사 끝났대",
    // Something else moved.
    "the standup moved to 10am",
    "회의실 이사 완료",
    // The speaker's home.
    "이사 끝!! 새 주소 성북구 보문로 12",
  ])("does not read %j as the office's move", (text) => {
    expect(statesWorkplaceMove(text, office)).toBe(false);
  });

  it("knows a note of the workplace by any of its names", () => {
    expect(isWorkplaceNote("사무실 주소 종로구 삼일대로 30, 9층", office)).toBe(true);
    expect(isWorkplaceNote("office: 9F, Samil-daero 30", office)).toBe(true);
    expect(isWorkplaceNote("가게 주소 종로구 삼일대로 30", office)).toBe(false);
  });

  it("leaves a workplace's move out of the speaker's home moves", () => {
    expect(statesHomeMove("사무실 이사 완료! 새 주소는 마포구 독막로 7")).toBe(false);
    expect(asksAboutHome("회사 주소 어디였더라")).toBe(false);
  });
});
