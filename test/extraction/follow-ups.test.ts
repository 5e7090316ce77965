import { describe, expect, it } from "vitest";
import {
  statesCorrectionByValueOf,
  statesFollowUpOf,
  statesMarkedCorrectionOf,
  statesNamedCorrectionOf,
} from "../../src/extraction/follow-ups.js";

describe("statesFollowUpOf", () => {
  it.each([
    ["치과 정기검진 화요일 2시 예약", "앗 그거 목요일 4시로 옮김"],
    ["치과 정기검진 화요일 2시 예약", "치과 그거 목요일로 미뤄짐"],
    ["디자인 workshop 6/2 오후 3시 본관 4층", "그 workshop 장소 2층으로 바뀜"],
    ["team dinner on May 3 at 7pm, Ondal", "that got pushed to May 10"],
    ["locker 31 at the pool", "it's 13 actually, typo"],
    // 그분: that person, named in the older note.
    ["토요일 민지 고객님 오전 11시 커트", "그분 오후 3시로 옮겨달라고 하심"],
  ])("reads %j then %j as a follow-up", (older, newer) => {
    expect(statesFollowUpOf(older, newer)).toBe(true);
  });

  it.each([
    // Points at a thing the older note does not name.
    ["치과 정기검진 화요일 2시 예약", "그 수영 강습 목요일 4시로 옮김"],
    ["치과 정기검진 화요일 2시 예약", "수영 그거 목요일로 미뤄짐"],
    // Says no change, or gives no value the older note lacks, or one of another kind.
    ["치과 정기검진 화요일 2시 예약", "그거 목요일 4시"],
    ["치과 정기검진 화요일 2시 예약", "그거 화요일 2시 그대로 바뀐 거 없음"],
    ["치과 정기검진 화요일 2시 예약", "그거 비용 3만원으로 올랐대"],
    // A clock time changes a note that gives one: this one points at something said in between.
    ["엄마 생일 5월 3일", "그거 3시로 바뀌었어"],
    // No word that points back.
    ["team dinner on May 3 at 7pm, Ondal", "yoga got pushed to May 10"],
  ])("does not read %j then %j as a follow-up", (older, newer) => {
    expect(statesFollowUpOf(older, newer)).toBe(false);
  });
});

describe("statesMarkedCorrectionOf", () => {
  it.each([
    // The right value a slip away from the wrong one; the note says so anywhere in it.
    [
      "도서관 사물함 담당 한지민 사서 010-4417-2290",
      "아 한사서 번호 뒷자리 잘못 적었다. 010-4417-2209 가 맞음",
    ],
    ["build server IP is 10.2.31.7", "correction: build server is 10.2.13.7, I typed it wrong earlier"],
    ["약국 영업 끝나는 시간 9시 10분", "오타 있었음 약국 9시 20분까지"],
    // Or the two share a word of the fact.
    ["Ayla's piano recital is May 12", "typo in my note, Ayla's recital is May 21"],
    ["Ayla's piano recital is May 12", "I wrote the wrong date, Ayla's recital is May 21"],
    // A phone number put right by its last digits alone, a slip of the old number's.
    ["세탁소 사장님 010-2281-5063", "오타 있었음 끝자리 5036 이 맞아"],
    ["plumber Mr. Han 010-7720-3391", "typo, the last four digits are 3319"],
    // 잘못 before a verb of writing, reading or hearing, whatever its ending or auxiliary.
    ["다온 상담 5월 12일 4시 담임선생님", "다온 상담 5월 13일 4시였음 잘못 적어놨네"],
    ["다온 상담 5월 12일 4시 담임선생님", "다온 상담 13일이래 내가 잘못 들었음"],
    ["다온 상담 5월 12일 4시 담임선생님", "문자 잘못 봤네 다온 상담 13일"],
    ["Ayla's piano recital is May 12", "misread the flyer, Ayla's recital is May 21"],
    // 잘못 before a verb of storing, and "scratch that" anywhere in a note.
    ["다온 상담 5월 12일 4시 담임선생님", "다온 상담 13일임 폰에 잘못 저장했네"],
    ["Ayla's piano recital is May 12", "Ayla's recital: scratch that, it is May 21"],
  ])("is a correction of %j by %j", (older, newer) => {
    expect(statesMarkedCorrectionOf(older, newer)).toBe(true);
  });

  it.each([
    // No mark of a correction: a change, or a new value alone.
    ["도서관 사물함 담당 한지민 사서 010-4417-2290", "한사서 번호 010-4417-2209 로 바뀜"],
    // A correction of another fact: no shared word, no value a slip of the older one's.
    ["팀 회의 매주 화요일 아침 8시반", "아 잘못 적음 21일 아니고 28일임. 토요일 11시 그대로"],
    // An apology is no correction: 잘못 before 했다, not before a verb of writing or saying.
    ["다온 상담 5월 12일 4시 담임선생님", "다온 상담 13일로 옮겨달라고 했음 내가 잘못했네"],
    // Writing to someone earlier is no correction.
    ["Ayla's piano recital is May 12", "wrote to Ayla's teacher earlier, recital May 21 she said"],
    // A value of another kind.
    ["Ayla's piano recital is May 12", "typo: Ayla's recital fee is 40 dollars"],
    // A correction of another fact of the one the older note is about: 상담 is no fact of the swim note.
    ["다온 수영 화목 4시 반 시민체육관", "다온 상담 5월 13일 4시였음 잘못 적었네"],
    // The fit of a thing, no value put right.
    ["운동화 사이즈 265", "새 운동화 사이즈가 딱 맞음"],
    // Last digits far from the old number's.
    ["세탁소 사장님 010-2281-5063", "오타 있었음 끝자리 7744 가 맞아"],
  ])("is no correction of %j by %j", (older, newer) => {
    expect(statesMarkedCorrectionOf(older, newer)).toBe(false);
  });
});

describe("statesCorrectionByValueOf", () => {
  it.each([
    // The old value, a code or a long number, said not to be so; the new one of the same kind.
    ["Kids' swim class: pool C17, Saturdays 10am", "not C17, it's C71"],
    ["요가 studio locker B214, 비번은 생일", "B214 말고 B241 임 ㅋㅋ 헷갈렸다"],
    ["관리실 번호 031-555-2840, 평일 9시부터", "031-555-2840 아니고 031-555-2480"],
    // A marked correction whose value is one slip of the keys from a long number of the older note.
    [
      "보일러 점검 기사님 서태호 010-3391-5806 다음 주 화요일 방문",
      "아 서기사님 거 잘못 적었네 010-3391-5860 이 맞아",
    ],
    // ... or by its last digits alone.
    ["보일러 점검 기사님 서태호 010-3391-5806", "잘못 적었네 뒷자리 5860"],
  ])("reads %j as put right by %j", (older, newer) => {
    expect(statesCorrectionByValueOf(older, newer)).toBe(true);
  });

  it.each([
    // A short value (a day, a time) names no note.
    ["헬스 PT 화목 저녁 8시", "아 잘못 적음 8시 아니고 9시 저녁 약속"],
    // The rejected value is not the older note's.
    ["Kids' swim class: pool C17, Saturdays 10am", "not C18, it's C81"],
    // No new value.
    ["Kids' swim class: pool C17, Saturdays 10am", "not C17 anymore"],
    // A slip without a mark of correction is a new value, not a fix.
    ["보일러 점검 기사님 서태호 010-3391-5806", "관리실 번호 010-3391-5860"],
    // A marked correction whose value is far from the older one's.
    ["보일러 점검 기사님 서태호 010-3391-5806", "잘못 적었네 010-7720-1144 가 맞아"],
  ])("does not read %j as put right by %j", (older, newer) => {
    expect(statesCorrectionByValueOf(older, newer)).toBe(false);
  });
});

describe("statesNamedCorrectionOf", () => {
  it.each([
    ["창고 재고 36개 남음", "아까 36 오타 63개임"],
    ["ordered 24 chairs for the hall", "typo earlier: not 24, 42"],
  ])("reads %j as put right by %j, which names its value", (older, newer) => {
    expect(statesNamedCorrectionOf(older, newer)).toBe(true);
  });

  it.each([
    // No mark of a correction.
    ["창고 재고 36개 남음", "36개 중에 10개 팔림"],
    // The value it puts right is not the older note's.
    ["창고 재고 36개 남음", "아까 5 오타 6임"],
    // No other value.
    ["창고 재고 36개 남음", "36 오타 아님 맞음"],
  ])("does not read %j as put right by %j", (older, newer) => {
    expect(statesNamedCorrectionOf(older, newer)).toBe(false);
  });
});
