import { acronymsIn, spelledByInitials } from "../../src/extraction/content-words.js";
import { describe, expect, it } from "vitest";
import {
  changeOverlap,
  factSlots,
  FactSlotMemo,
  sameFactSlot,
  negatedValues,
  statesCorrectionOf,
  statesOwnersDiffer,
  statesSameFact,
} from "../../src/extraction/fact-slots.js";
import {
  holdsContentWord,
  holdsWordOrCompound,
  sameContentWord,
  sameWordAcrossScripts,
  namesPartOfCompound,
} from "../../src/extraction/content-words.js";
import { capitalisedKeys, statementWords } from "../../src/extraction/fact-words.js";
import { isEnglishTimeWord, nounBeforeGluedChange } from "../../src/extraction/words/value-words.js";
import { growth } from "../support/growth.js";

describe("sameFactSlot", () => {
  it("is true when two texts state the same (entity, attribute) with different values", () => {
    expect(sameFactSlot("구름이 생일 6월 2일이야", "구름이 생일 6월 3일로 바뀜")).toBe(true);
    expect(sameFactSlot("Rowan's birthday is Feb 8", "Rowan's birthday is Feb 9")).toBe(true);
  });

  it("is true for the speaker's fact said in English and changed in Korean (residence, 거주지)", () => {
    expect(sameFactSlot("I live in 은평구 불광동", "이사했어! 이제 광진구 자양동")).toBe(true);
    expect(sameFactSlot("my birthday is May 3", "내 생일 5월 4일로 정정")).toBe(true);
  });

  it("is true for an entity named by another word of the same thing in the other language (mom, 엄마)", () => {
    expect(sameFactSlot("my mom's phone number is 010-2345-6789", "엄마 번호 바뀜 010-9876-5432")).toBe(true);
    expect(sameFactSlot("민지 번호 010-1111-2222", "민지네 번호 010-3333-4444")).toBe(false);
  });

  it("is true for the speaker's home address however it is said, and false for someone else's home", () => {
    expect(sameFactSlot("저희 집 주소는 서대문구 연희로 8이야", "이사 끝. 새 주소: 은평구 진관로 31")).toBe(
      true,
    );
    expect(sameFactSlot("my home address is 4 Elm Row", "New address: 19 Quay Lane")).toBe(true);
    expect(sameFactSlot("지훈이 집 주소는 연희로 8", "새 주소: 은평구 진관로 31")).toBe(false);
    expect(sameFactSlot("할머니 집 주소 연희로 8", "내 주소는 진관로 31")).toBe(false);
  });

  it("is false for the same date on different facts, and for texts with no fact", () => {
    expect(sameFactSlot("구름이 생일 6월 2일이야", "치과 예약 6월 2일")).toBe(false);
    expect(sameFactSlot("ㅋㅋ 배고파", "ㅋㅋ 배고파")).toBe(false);
  });

  it("reads each text once per memo, and a memo forgets the oldest text past its capacity", () => {
    const memo = new FactSlotMemo(2);
    const first = memo.of("구름이 생일 6월 2일이야");
    expect(memo.of("구름이 생일 6월 2일이야")).toBe(first);
    memo.of("Rowan's birthday is Feb 8");
    memo.of("치과 예약 6월 2일");
    expect(memo.of("구름이 생일 6월 2일이야")).not.toBe(first);
    expect(memo.of("구름이 생일 6월 2일이야")).toEqual(first);
  });

  it("keeps no state between calls without a memo", () => {
    expect(factSlots("구름이 생일 6월 2일이야")).not.toBe(factSlots("구름이 생일 6월 2일이야"));
  });
});

describe("statesSameFact", () => {
  it.each([
    ["ko", "자전거 보관소 자리 C7", "자전거 보관소 자리 이제 D3으로 바뀜"],
    ["ko", "헬스장 락커 번호 58번", "헬스장 락커 이제 104번이야"],
    ["ko", "동아리 회장은 윤재석", "동아리 회장 바뀜, 이제 남궁린"],
    ["en", "Book club meets on Thursdays at 7pm", "Book club now meets on Mondays at 8pm"],
    ["en", "The storage unit code is 4471", "Storage unit code changed to 9902"],
    ["mixed", "Yoga class 화요일 7시", "yoga class 목요일 8시로 옮겼어"],
    ["mixed", "사무실 wifi 비번 sun2024", "사무실 wifi 비번 moon77로 바뀜"],
    ["ko, terse", "수영 강습 화목 저녁 7시 동네 수영장 2레인", "강습 월수 저녁 8시"],
    ["ko, given name", "노은솔 내선 2231 (정산 담당)", "은솔님 내선 2719"],
    ["en, terse", "Piano lessons Tue/Fri 5pm at the Maple Street studio", "piano lessons Wed 6pm"],
    ["ko, another word for the thing", "수영장 보관함 31번", "수영장 로커 44번"],
    ["mixed, the English word for the thing", "공항 탑승구 12번", "공항 gate 27로 바뀜"],
    ["ko, a predicate noun with its light verb", "여권 재발급 신청했어 구청 3일", "여권 신청 5일 구청"],
    ["ko, a predicate noun with its light verb", "강아지 미용 예약했어 토요일 2시", "미용 예약 일요일 3시로"],
  ])("is true for the same fact with a new value (%s): %s → %s", (_lang, older, newer) => {
    expect(statesSameFact(older, newer)).toBe(true);
  });

  it.each([
    ["two meetings' times", "주간 회의 월요일 10시", "분기 회의 3월 5일 오후 2시"],
    ["two meetings' times", "Weekly sync is Monday 10am", "Quarterly review is Friday 3pm"],
    ["a dentist date and a dog's birthday", "치과 예약 4월 9일", "복실이 생일 4월 12일"],
    ["a dentist date and a dog's birthday", "Dentist appointment on May 3", "Rex's birthday is May 7"],
    ["two rooms' air conditioners", "안방 에어컨 필터 4월 교체", "거실 에어컨 필터 6월 교체"],
    ["a weight and a phone number", "복실이 몸무게 7kg", "복실이 동물병원 02-555-1234"],
    ["whose number", "누나 전화번호 010-1111-2222", "번호 315번 받음"],
    ["two things of the office", "Office address is 12 Elm St", "Office parking spot P4"],
    ["a birthday and its party", "하늘이 생일 6월 2일", "하늘이 생일파티 6월 7일"],
    ["the same value", "헬스장 락커 58번", "헬스장 락커 58번"],
    ["no shared word", "ㅋㅋ 3시", "배고파 5시"],
    ["a terse note of another kind of value", "수영 강습 화목 저녁 7시", "강습 3만원"],
    [
      "a terse note of a later clause",
      "태권도 화목 4시, 끝나면 도장 앞 버스로 서준이 피아노 학원",
      "서준이 피아노 5시",
    ],
    ["a given name of another full name", "노은솔 내선 2231", "은비님 내선 2719"],
    ["two bookings: a predicate noun alone is no thing", "치과 예약했어 4월 9일", "미용실 예약 4월 12일"],
    ["mine and a relative's", "내 생일은 2월 8일이야", "남편 생일은 11월 20일"],
    ["mine and a relative's", "my gym locker is 14", "my son's gym locker is 30"],
    // The first gives no value; the second adds a word and a value: a further fact of the same person.
    [
      "a role and then its holder's number",
      "우리 과장님은 여하결 과장님이야",
      "여하결 과장님 번호 010-4455-6677",
    ],
    ["a role and then its holder's number", "our coach is Mina Cho", "Mina Cho coach number 010-4455-6677"],
  ])("is false for %s: %s / %s", (_what, a, b) => {
    expect(statesSameFact(a, b)).toBe(false);
  });

  it.each([
    // In a change note, a word elsewhere in the sentence is the change's story, not a qualifier of the
    // thing: only a modifier right before a shared word is.
    [
      "a cause before the thing",
      "사과 상자 배송비 건당 3,500원 우체국 계약",
      "우체국 배송비 인상 안내 옴. 다음 달부터 건당 3,900원",
    ],
    [
      "an adverb before a shared word",
      "도예 공방 모임 5월 2일 토요일 시민회관",
      "공방 모임 5월 16일 토요일로 미뤄짐. 장소는 똑같이 시민회관",
    ],
    [
      "a clause before the thing",
      "Team dinner budget is 40,000 won per person",
      "Dinner budget after the vote: now 45,000 won per person",
    ],
  ])(
    "ties a change note when only the older note qualifies the thing (%s): %s → %s",
    (_what, older, newer) => {
      expect(changeOverlap(older, newer)).toBeDefined();
      // Without a change said, words alone tie them, and a word anywhere before a shared one may say
      // that it is another thing.
      expect(statesSameFact(older, newer.replace(/다음 달부터 |now /u, ""))).toBe(false);
    },
  );

  it.each([
    ["ko", "주말 알바 수빈 시급 10030 토일 오후", "수빈 시급 10800. 명절에 혼자 가게 다 봐줘서 고마움"],
    [
      "en",
      "weekend tutor Mina hourly rate 40 dollars",
      "Mina hourly rate 45 dollars. she helped a lot before finals, exams went great, parents happy",
    ],
    [
      "mixed",
      "공유 오피스 desk 월 25만 부가세 별도",
      "공유 오피스 desk 월 28만. 커피머신 새로 들어오고 라운지 넓어지고 조명 밝아짐",
    ],
    [
      "mixed, a chat mark",
      "클라이밍 locker 31번 3개월 등록",
      "클라이밍 locker 47번 ㅋㅋ 옆 사람 코골이 때문에 카운터 가서 부탁함 매니저 친절했음",
    ],
  ])(
    "reads the fact of a newer note from its sentence that gives the value, not its comment (%s): %s → %s",
    (_lang, older, newer) => {
      // Read whole, the comment's words outvote the fact's (the test "ties a change note when only the
      // older note qualifies the thing" keeps a comment that names the older note's thing whole).
      expect(statesSameFact(older, newer)).toBe(true);
    },
  );

  it("reads a number with thousands separators as one value, and a list's comma as a separator", () => {
    const fee = statementWords("bike service fee 52,000 won");
    expect([...fee.values]).toEqual(["52000"]);
    expect([...fee.kinds]).toEqual(["amount"]);
    expect([...statementWords("박스당 1,250,000원").values]).toEqual(["1250000"]);
    expect([...statementWords("rooms 12, 14 and 305").values]).toEqual(["12", "14", "305"]);
  });

  it("reads a weekday or a month, and its plural, as a time, but not a word whose stem is one", () => {
    const party = statementWords("Mina's wedding party moved to Sat");
    expect(party.content).toEqual(["en:mina", "en:wed", "en:parti"]);
    expect([...party.values]).toEqual(["sat"]);
    expect(statementWords("the marching band plays in May").content).toEqual([
      "en:march",
      "en:band",
      "en:play",
    ]);
    expect([...statementWords("open Mondays and weekends").values]).toEqual(["monday", "weekend"]);
    expect(isEnglishTimeWord("wed")).toBe(true);
    expect(isEnglishTimeWord("wedding")).toBe(false);
    expect(isEnglishTimeWord("mondays")).toBe(true);
  });

  it("reads a date written year first with one mark as a time, not a phone number or another number", () => {
    expect([...statementWords("여권 만료 2031-08-17").kinds]).toEqual(["when"]);
    expect([...statementWords("lease ends 2027.3.9.").kinds]).toEqual(["when"]);
    expect([...statementWords("검진 2028/11/02").kinds]).toEqual(["when"]);
    // Not a date: a month past twelve, two marks of two kinds, a phone number.
    expect([...statementWords("code 2026.14.03").kinds]).toEqual(["other"]);
    expect([...statementWords("공방 010-5521-0987").kinds]).toEqual(["phone"]);
  });

  it("reads an English time a new state starts at (from May, starting next week) as a change, and no value", () => {
    const from = statementWords("From July the pool opens at 6am");
    expect(from.changes).toBe(true);
    expect([...from.values]).toEqual(["6am"]);
    expect(from.content).toEqual(["en:pool", "en:open"]);
    const starting = statementWords("Starting next month, yoga on Fridays");
    expect(starting.changes).toBe(true);
    expect(starting.content).toEqual(["en:yoga"]);
    expect([...starting.values]).toEqual(["friday"]);
    expect(statementWords("as of October the parking pass is 90,000 won").changes).toBe(true);
    expect(statementWords("effective Monday, standup at 9:45").changes).toBe(true);
    // A span of time, a sender, a day after "from": no new state.
    expect(statementWords("library open from 9am to 8pm").changes).toBe(false);
    expect(statementWords("shifts from Monday to Thursday").changes).toBe(false);
    expect(statementWords("a parcel from Dana arrived").changes).toBe(false);
    expect(statementWords("the starting lineup is set").changes).toBe(false);
  });

  it("reads 당분간 (for the time being) as a value that holds now, as 이제 is", () => {
    expect(statementWords("정비소 공사 중이라 당분간 셔틀은 후문에서 탐").changes).toBe(true);
    expect(statementWords("정비소 공사 중이라 셔틀은 후문에서 탐").changes).toBe(false);
  });

  it("reads a Korean time a new state starts at with a particle after 부터, or said short, as a change", () => {
    expect(statementWords("다음 달부터는 요가 토요일 오전").changes).toBe(true);
    expect(statementWords("낼부터 출근 8시 반").changes).toBe(true);
    expect(statementWords("다음부터 택배는 경비실에 맡기기").changes).toBe(true);
    // After 다음 or 이번 any noun: from the next one on.
    expect(statementWords("기저귀 다음 주문부터 대형으로").changes).toBe(true);
    expect(statementWords("이번 시즌부터 유니폼 남색").changes).toBe(true);
    expect(statementWords("다음 주문 언제 넣지").changes).toBe(false);
    // A clock time with 부터 begins a span, with a particle or without.
    expect(statementWords("1시부터는 점심시간").changes).toBe(false);
    expect(statementWords("세미나 2시부터 4시까지").changes).toBe(false);
  });

  it("reads an English verb of change made with a particle (went up, took over) as a change, its verb no content word", () => {
    const up = statementWords("parking went up to 120,000 won");
    expect(up.changes).toBe(true);
    expect(up.content).toEqual(["en:park"]);
    expect(up.changedAfter).toBe(1);
    expect(statementWords("Mira takes over payroll").changes).toBe(true);
    expect(statementWords("Mr. Oh retired, ask the front desk").changes).toBe(true);
    // An object pronoun between the verb and its particle.
    expect(statementWords("the agency handed us over to Priya").changes).toBe(true);
    expect(statementWords("Ben took it over in May").changes).toBe(true);
    // The verb alone, or the particle after another verb.
    expect(statementWords("went to the market for apples").changes).toBe(false);
    expect(statementWords("picked up the dry cleaning").changes).toBe(false);
  });

  it("reads a noun and a verb of change typed as one word as the noun and a change (번호바뀜, 자리옮김)", () => {
    const glued = statementWords("반장님 번호바뀜 010-2291-7730");
    expect(glued.changes).toBe(true);
    expect(glued.content).toEqual(["ko:반장", "ko:번호"]);
    // The noun names the thing before the change, as it does written apart.
    expect(glued.changedAfter).toBe(statementWords("반장님 번호 바뀜 010-2291-7730").changedAfter);
    expect(statementWords("사물함 자리옮김 B동 14번").changes).toBe(true);
    expect(statementWords("모임 장소변경됨, 이제 2층").content).toContain("ko:장소");
    // 변경 without a verb's ending ends a compound noun; a verbal noun at a compound's end names a thing.
    expect(statementWords("차량 구조변경 검사 9월 2일").changes).toBe(false);
    expect(statementWords("대표이사 면담 3시").changes).toBe(false);
    expect(statementWords("바뀜바뀜").content).toEqual([]);
  });

  it("reads no demonstrative with a contracted particle as a content word (그건, 그게, 이걸)", () => {
    expect(statementWords("그건 아니고 그냥 피곤해서").content).not.toContain("ko:그건");
    expect(statementWords("그게 제일 싸더라").content).not.toContain("ko:그게");
    expect(statementWords("그걸 왜 샀지").content).not.toContain("ko:그걸");
  });

  it("reads a long word with no verb of change in it in linear time", () => {
    expect(growth((n) => nounBeforeGluedChange("가".repeat(n)), 2000)).toBeLessThan(8 * 4);
    expect(growth((n) => statementWords(`${"나".repeat(n)}바뀜`), 2000)).toBeLessThan(8 * 4);
  });

  it("reads pulled or brought forward as a change", () => {
    expect(statementWords("the audit got pulled forward to May 4").changes).toBe(true);
    expect(statementWords("launch day was brought forward to Monday").changes).toBe(true);
    expect(statementWords("pulled the blinds and went to bed").changes).toBe(false);
  });

  it("reads an amount fallen to a number (down to 12) and a person replaced (발령, 후임, 퇴사, quit) as a change", () => {
    expect(statementWords("we're down to 12 seed packets").changes).toBe(true);
    expect(statementWords("down to 3 cans of tuna").changes).toBe(true);
    expect(statementWords("yoga back to 7pm on Fridays").changes).toBe(true);
    expect(statementWords("drove back to the office").changes).toBe(false);
    expect(statementWords("담당 주무관 발령 남").changes).toBe(true);
    expect(statementWords("후임은 홍예린 대리").changes).toBe(true);
    expect(statementWords("경리 이모님 퇴사하심").changes).toBe(true);
    expect(statementWords("Dana quit, the new bookkeeper is Ravi").changes).toBe(true);
    // 땡기다, as 당기다 is said.
    expect(statementWords("검진 3/9로 땡김").changes).toBe(true);
    // Handed over to another, moved elsewhere: 넘기다, 이전하다 in a verb's form.
    expect(statementWords("정산 업무는 윤하림 대리한테 넘김").changes).toBe(true);
    expect(statementWords("공방 이전했음 망원동으로").changes).toBe(true);
    expect(statementWords("이전 주소로 온 택배 찾음").changes).toBe(false);
    // "down to" a place, and a word that only begins like one (퇴직금, severance pay).
    expect(statementWords("walked down to the river at 6").changes).toBe(false);
    expect(statementWords("퇴직금 정산 3월 말").changes).toBe(false);
  });

  it("reads 잘못 (wrongly) as no content word: it says how a value was written, not which fact", () => {
    expect(statementWords("치과 예약 잘못 적었음 14일임").content).toEqual(["ko:치과", "ko:예약"]);
  });

  it("reads a weekday said short before a noun (토요 연습) as the day, but not 수요, which is also demand", () => {
    expect([...statementWords("토요 연습 B구장").values]).toEqual(["토"]);
    expect(statementWords("토요 연습 B구장").content).toEqual(["ko:연습", "ko:구장"]);
    expect([...statementWords("일요 예배 9시").values]).toContain("일");
    expect(statementWords("수요 조사 결과").content).toEqual(["ko:수요", "ko:조사", "ko:결과"]);
    // Said short, the day is the day said in full: a later note restates the older one.
    expect(statesSameFact("토요일 축구 연습 9시 한강 A구장", "담주부터 토요 연습 B구장에서 해요")).toBe(true);
  });

  it.each([
    "면접 5월 15일로 바꼈어요",
    "마감 하루 앞당겼어",
    "수업 시간 달라졌어",
    "숙박 하루 연장함",
    "일정 달라짐",
  ])("reads a verb of change in its contracted or compound forms: %s", (text) => {
    expect(statementWords(text).changes).toBe(true);
  });

  it("reads a modifier as the word right before another, bare or with 의/이/가, across spaces only", () => {
    expect(statementWords("안방 에어컨 필터").modifies).toEqual([true, true, false]);
    expect(statementWords("백합 한 다발").modifies).toEqual([true, false]); // a count passes it on
    expect(statementWords("서준의 수영 가방").modifies).toEqual([true, true, false]);
    expect(statementWords("거래처 요청으로 복귀 연기").modifies).toEqual([true, false, false]); // 연기: a change word
    expect(statementWords("이사 완료! 새 주소").modifies).toEqual([false, false]); // 이사, 새: change words
    expect(statementWords("gym은 locker 3층").modifies).toEqual([false, false]);
    expect(statementWords("office printer, tray").modifies).toEqual([true, false, false]);
    expect(statementWords("집 주소\n수원 광교").modifies).toEqual([true, false, true, false]);
    // 똑같이, 변함없이: adverbs of 같다 and 없다, whose 이 is no subject particle.
    expect(statementWords("장소는 똑같이 시민회관").content).toEqual(["ko:장소", "ko:시민회관"]);
    expect(statementWords("모임은 변함없이 토요일").content).toEqual(["ko:모임"]);
  });

  it("reads a currency word apart from its myriad as the amount's unit, with its particle", () => {
    // 원 after "398만" is the unit, not a content word two amounts would share.
    expect(statementWords("견적 398만 원으로").content).toEqual(["ko:견적"]);
    expect(statementWords("견적 398만 원으로").kinds).toEqual(new Set(["amount"]));
    expect(statementWords("리스 월 4만 원, 다음 달부터").content).toEqual(["ko:리스"]);
    // One unit only after a number that is not an amount: 5시 반 keeps 반 as a time.
    expect([...statementWords("회의 5시 반").values]).toEqual(["5", "반"]);
  });

  it("reads a year as a time and a place of an address as a place, two kinds of value", () => {
    expect(statementWords("입양일 2022년 6월").kinds).toEqual(new Set(["when"]));
    expect(statementWords("새 사무실 망원동").kinds).toEqual(new Set(["place"]));
    expect(statementWords("사무실 망원동 42-7").kinds).toEqual(new Set(["place", "other"]));
  });

  it("counts the content words before a verb of change, not before a word of now", () => {
    expect(statementWords("코치 바뀜. 이제 윤하람 코치님").changedAfter).toBe(1);
    expect(statementWords("studio changed: now 연희 스튜디오").changedAfter).toBe(1);
    expect(statementWords("라떼 수업 목요일로 옮김").changedAfter).toBe(2);
    expect(statementWords("이제 윤하람 코치님").changedAfter).toBeUndefined();
    expect(statementWords("studio is now 연희 스튜디오").changedAfter).toBeUndefined();
  });

  it("gives the English words written as names, with a capital where no sentence starts", () => {
    expect(capitalisedKeys("Beans come from Hillside Roastery. Ask Joe's team")).toEqual(
      new Set(["en:hillsid", "en:roasteri", "en:joe"]),
    );
    expect(capitalisedKeys("고양이 litter는 Tofu Clean 7L, flight KE 123")).toEqual(
      new Set(["en:tofu", "en:clean", "en:ke"]),
    );
    // A sentence's first word, a stop word and a lower-case word are no names.
    expect(capitalisedKeys("Coffee comes weekly. Then I pay")).toEqual(new Set());
  });

  it("does not tie a change note about another owner's thing to the speaker's own", () => {
    expect(changeOverlap("내 사물함 번호 7번", "딸 사물함 번호 바뀜, 이제 19번")).toBeUndefined();
    expect(statesOwnersDiffer("내 사물함 번호 7번", "딸 사물함 번호 바뀜, 이제 19번")).toBe(true);
    // The speaker's own thing, said with and without the possessive, is one thing.
    expect(changeOverlap("내 사물함 번호 7번", "사물함 번호 바뀜, 이제 19번")).toBeDefined();
    expect(statesOwnersDiffer("내 사물함 번호 7번", "사물함 번호 바뀜, 이제 19번")).toBe(false);
  });

  it.each([
    ["ko → en", "도윤 수영 토요일 오전 10시 구민체육센터", "Doyun's swim class moved to Sunday 11am"],
    ["en → ko", "Jiho's swim class is Tuesdays at 5pm", "지호 수영 목요일 6시로 바뀜"],
    ["mixed", "서윤 piano lesson 월요일 4시", "Seoyun's piano moved to Wednesday 5pm"],
  ])("reads a name written in the other script as the same word (%s)", (_lang, older, newer) => {
    // Unread, the name is a word only one note has before the shared ones: a qualifier, another person.
    expect(changeOverlap(older, newer)).toBeDefined();
    expect(statesSameFact(older, newer)).toBe(true);
  });

  it("does not read another name, or a word of the lexicon, as a name in the other script", () => {
    expect(changeOverlap("지호 수영 목요일 6시", "Hayun's swim moved to Friday 5pm")).toBeUndefined();
    expect(sameWordAcrossScripts("ko:하윤", "en:hayun")).toBe(true);
    expect(sameWordAcrossScripts("en:hayun", "ko:하윤")).toBe(true);
    expect(sameWordAcrossScripts("ko:하윤", "en:jiho")).toBe(false);
    // 치과 sounds like "check", but the lexicon names it in English (dentist): no sound key for it.
    expect(sameWordAcrossScripts("ko:치과", "en:check")).toBe(false);
    // One script: a sound key never ties two Korean words.
    expect(sameWordAcrossScripts("ko:하윤", "ko:하윤")).toBe(false);
  });

  it("reads a Korean compound that opens with another name of a word as holding it, in either order", () => {
    expect(namesPartOfCompound("en:swim", "ko:수영강습")).toBe(true);
    expect(namesPartOfCompound("ko:수영강습", "en:swim")).toBe(true);
    // Its last noun is what kind of thing it is: a 지도교수 is no other "professor".
    expect(namesPartOfCompound("en:professor", "ko:지도교수")).toBe(false);
    // A compound that opens with a city's name names a shop, not the city.
    expect(namesPartOfCompound("en:manila", "ko:마닐라하우스")).toBe(false);
    // The word itself, or an unrelated compound, is no part of it.
    expect(namesPartOfCompound("en:swim", "ko:수영")).toBe(false);
    expect(namesPartOfCompound("en:swim", "ko:수박화채")).toBe(false);
  });

  it("reads an acronym of three letters or more as the words in a row whose initials it writes", () => {
    expect([...acronymsIn("PTCs moved, the HOA too; IT knows")]).toEqual([
      ["en:ptcs", "ptc"],
      ["en:hoa", "hoa"],
    ]);
    expect(spelledByInitials("ptc", ["en:fall", "en:parent", "en:teacher", "en:confer"])).toBe(true);
    expect(spelledByInitials("ptc", ["en:parent", "ko:상담", "en:teacher", "en:confer"])).toBe(false);
  });

  it("reads a full Korean name and its given name in English as one name (박서윤 / Seoyun), not its surname", () => {
    expect(sameWordAcrossScripts("ko:박서윤", "en:seoyun")).toBe(true);
    expect(sameWordAcrossScripts("en:garam", "ko:한가람")).toBe(true);
    expect(sameWordAcrossScripts("ko:박서윤", "en:park")).toBe(false);
    // A word that only starts with a surname's syllable is no name (정수기, a water purifier).
    expect(sameWordAcrossScripts("ko:정수기", "en:suki")).toBe(false);
  });

  it("does not tie a change note to an older fact when both qualify the thing differently", () => {
    expect(changeOverlap("안방 에어컨 필터 4월 교체", "거실 에어컨 필터 6월로 바뀜")).toBeUndefined();
    // A word before the first shared one qualifies, adjacent or not (국화값 … 한 다발 / 백합 한 다발).
    expect(
      changeOverlap("백합 한 다발 도매가 16,000원", "국화값 또 올랐어, 이제 한 다발 21,000원"),
    ).toBeUndefined();
    const trip = changeOverlap(
      "부산 본사 출장 4월 7일 출발, 4월 10일 복귀",
      "출장 일정 연기됨 ㅠ 거래처 요청으로 복귀가 4월 14일로 밀림",
    );
    expect(trip?.factNouns).toEqual(["ko:출장", "ko:복귀"]);
  });

  it("says when a change note repeats the older note's code or long number beside a new one", () => {
    expect(changeOverlap("회의실 R-301 예약, 목요일 2시", "R-301 말고 R-405로 옮김")?.namesOldValue).toBe(
      true,
    );
    expect(changeOverlap("회의실 R-301 예약, 목요일 2시", "회의실 목요일 3시로 바뀜")?.namesOldValue).toBe(
      false,
    );
    // A shared day or hour is no pointer: short numbers recur across facts.
    expect(changeOverlap("수영 수업 3시", "수업 3시 말고 5시로 바뀜")?.namesOldValue).toBe(false);
  });

  it("sets values, change words and function words aside", () => {
    const words = statementWords("우리 헬스장 락커 이제 104번으로 바뀜, 화·목 7시 반");
    expect(words.content).toEqual(["ko:헬스장", "ko:락커"]);
    expect([...words.values]).toEqual(expect.arrayContaining(["104", "화", "목", "7", "반"]));
    expect(statementWords("Storage unit code changed to 9902").content).toEqual([
      "en:storag",
      "en:unit",
      "en:code",
    ]);
  });

  it("reads a decision, a time a new state starts at and a past-tense verb as grammar, not things", () => {
    const decision = statementWords("택배는 편의점으로 보내기로 했음");
    expect(decision.changes).toBe(true);
    expect(decision.content).toEqual(["ko:택배", "ko:편의점"]);
    // 11월부터 says when the new fee holds: a change, and not a value of the fee.
    const from = statementWords("11월부터 구독료 만 오천원");
    expect(from.changes).toBe(true);
    expect(from.values.has("11")).toBe(false);
    // A span's start (2시부터 5시까지) is a value and no change.
    expect(statementWords("상담 2시부터 5시까지").changes).toBe(false);
    expect(statementWords("어제 했어 샀어").content).toEqual([]);
    expect(statementWords("요금제 알뜰폰으로 갈아탐").changes).toBe(true);
  });

  it.each([
    ["학원비 줄었어 20만원"],
    ["인원 늘림 5명"],
    ["재계약 61만원"],
    ["장소 정함 강릉"],
    ["Rent renegotiated to 900"],
    ["gym increased the fee to 70k"],
    ["office relocated to Gangnam"],
    ["deadline extended to May 3"],
    ["router reset, code 3952"],
    ["kickoff delayed until June 9"],
    ["visa interview deferred to Friday"],
    ["upgraded the phone plan to 5G Max"],
    ["traded in the old Brompton"],
  ])("reads a verb of more, less, again or decided as a change (%s)", (text) => {
    expect(statementWords(text).changes).toBe(true);
  });

  it.each([["transfer 50,000 to mom monthly"], ["haircut at 3pm"], ["줄넘기 매일 500개"]])(
    "reads a note without such a verb as no change (%s)",
    (text) => {
      expect(statementWords(text).changes).toBe(false);
    },
  );

  it("takes a verb's noun in -(으)ㅁ as the verb (끝남 / 끝나는), not a noun that ends in ㅁ", () => {
    expect(sameContentWord("ko:끝남", "ko:끝나")).toBe(true);
    expect(sameContentWord("ko:옮기", "ko:옮김")).toBe(true);
    // One syllable before the ㅁ is too short a stem to say (봄 / 보, 감 / 가).
    expect(sameContentWord("ko:봄", "ko:보")).toBe(false);
  });

  it("takes a compound written with the 사이시옷 of its first noun as a compound of that noun", () => {
    expect(sameContentWord("ko:잔치", "ko:잔칫날")).toBe(true);
    expect(sameContentWord("ko:월세", "ko:월셋집")).toBe(true);
    expect(holdsWordOrCompound(["ko:등굣길"], "ko:등교")).toBe(true);
    // Only a final ㅅ added to a syllable that has none, and only after two syllables or more.
    expect(sameContentWord("ko:잔치", "ko:잔칸날")).toBe(false);
    expect(holdsWordOrCompound(["ko:갓길"], "ko:가")).toBe(false);
  });

  it("takes two words of one same-thing group as one word, never two related things", () => {
    expect(sameContentWord("ko:사물함", "ko:락커")).toBe(true);
    expect(sameContentWord("ko:사물함", "en:locker")).toBe(true);
    expect(sameContentWord("ko:치과", "ko:병원")).toBe(false);
    // A noun of the lexicon is read as a noun whatever its last syllable (함 also ends a verb: 예약함).
    expect(statementWords("보관함 31번").content).toEqual(["ko:보관함"]);
    expect(statementWords("예약함 31번").content).toEqual([]);
    // An English phrase of the lexicon is one more word after its own words, the other name's too.
    const phrase = statementWords("bakery day off moved to Sunday");
    expect(phrase.content).toEqual(["en:bakeri", "en:day", "en:day_off"]);
    expect(phrase.lead).toBe(3);
    expect(holdsContentWord(phrase.content, "ko:휴무")).toBe(true);
    expect(holdsContentWord(statementWords("a day at the beach").content, "ko:휴무")).toBe(false);
  });

  it("reads 이사 standing alone as the move itself, a thing, and 이사했어 as a change", () => {
    const date = statementWords("이사 날짜 6월 2일");
    expect(date.content).toEqual(["ko:이사", "ko:날짜"]);
    expect(date.changes).toBe(false);
    expect(statementWords("이사는 6/9로 변경").content).toEqual(["ko:이사"]);
    const moved = statementWords("이사했어 성수동으로");
    expect(moved.changes).toBe(true);
    expect(moved.content).not.toContain("ko:이사");
  });

  it("reads a particle after a closing bracket or quote as the word's, not a word of its own", () => {
    expect(statementWords("반상회 6/12(금)로 변경").content).toEqual(["ko:반상회"]);
    expect(statementWords("사료 '냥냥밥'으로 바꿈").content).toEqual(["ko:사료", "ko:냥냥밥"]);
  });

  it("reads times joined by a mark as times", () => {
    const read = statementWords("climbing Mon/Thu, yoga tue-fri");
    expect(read.content).toEqual(["en:climb", "en:yoga"]);
    expect([...read.values]).toEqual(["mon", "thu", "tue", "fri"]);
  });

  it("gives how many content words come before the first value", () => {
    expect(statementWords("치과 예약 5일로 바뀜").lead).toBe(2);
    expect(statementWords("5일 치과").lead).toBe(0);
    expect(statementWords("치과 예약").lead).toBe(2);
  });

  it("reads each text once per memo", () => {
    const memo = new FactSlotMemo();
    expect(memo.words("헬스장 락커 58번")).toBe(memo.words("헬스장 락커 58번"));
    expect(statesSameFact("헬스장 락커 58번", "헬스장 락커 이제 104번", memo)).toBe(true);
  });
});

describe("statesCorrectionOf", () => {
  it.each([
    ["다음 주 목요일 2시에 세무사 상담", "앗 2시 아니고 2시 반"],
    ["차고 번호 C7", "C7 말고 C9였어"],
    ["book club meets on Friday at 7", "oops, not Friday, Saturday"],
    ["pilates 수업 수요일 저녁", "sorry 수요일이 아니라 목요일이야"],
    ["yoga class 수요일 저녁", "not 수요일, 금요일"],
    // A reply that opens by rejecting what was said, with a value of the same kind the note lacks.
    ["자전거 보관함 번호 214", "아니 241이야"],
    ["swim class is at 6pm", "no, 7pm"],
    ["gym 락커 58번", "아 아니 85번"],
    // A reply that says the speaker misspoke, then gives the value that is so.
    ["내 차 번호는 34나 7281이야", "아 잘못 말했다 34나 7218이야"],
    ["세무사 상담 목요일 2시", "정정: 3시"],
    ["swim class is at 6pm", "oops I meant 7pm"],
    // Written as one word ("잘못적음"), and an opening before the value it denies: its words are no part of the fact.
    ["내 차 번호는 34나 7281이야", "아 잘못말함 34나 7218이야"],
    ["광주 출장 KTX 용산역 9시꺼 예매", "아 잘못 적음 KTX 9시 아니고 9시 20분"],
    // A weekday said short ("화욜") is the day the note gives in full ("화요일").
    ["요가 수업 매주 화요일 저녁", "화욜 말고 목욜"],
    // A name put right: by the name it rejects, or, of a note of one fact, by a rejection alone.
    ["나 망원동에 살아", "아니 망원동 말고 합정동"],
    ["my cat's name is Pickle", "not Pickle, Pocket"],
    ["나 망원동에 살아", "아 잘못 말했다, 합정동이야"],
  ])("reads %j, then %j, as a correction of its value", (older, newer) => {
    expect(statesCorrectionOf(older, newer)).toBe(true);
  });

  it.each([
    // It says no value of the older note is not so.
    ["다음 주 목요일 2시에 세무사 상담", "아니 그게 아니고 상담은 취소"],
    ["book club meets on Friday at 7", "not sure yet"],
    // The value it denies is not the older note's.
    ["다음 주 목요일 2시에 세무사 상담", "5시 아니고 6시"],
    // It gives no other value.
    ["차고 번호 C7", "C7 아니야"],
    // It names a thing the older note does not: another fact.
    ["다음 주 목요일 2시에 세무사 상담", "2시 말고 4시에 치과"],
    // Opening with 아니 / no: another thing, the same value, or a value of another kind.
    ["치과 예약 5시", "아니 근데 내일 3시에 회의 있대"],
    ["my locker is 42", "no, it's 42"],
    ["치과 예약 5시", "아니 5번이야"],
    ["치과 예약 5시", "잘못 말했어 헬스장은 6시"],
    ["치과 예약 5시", "잘못 알았네 5시 맞아"],
    // A name it rejects that the older note does not hold; a pronoun rejected; a new name and more.
    ["나 망원동에 살아", "아니 연남동 말고 합정동"],
    ["나 망원동에 살아", "아니 그건 아니고 회사는 합정동"],
    ["my cat's name is Pickle", "not Pickle, we adopted a second cat called Pocket last week"],
  ])("does not read %j, then %j, as a correction", (older, newer) => {
    expect(statesCorrectionOf(older, newer)).toBe(false);
  });

  it("finds the values said not to be so, before a Korean negating word or after an English one", () => {
    expect([...negatedValues("4시가 아니라, 5시")]).toEqual(["4"]);
    expect([...negatedValues("it isn’t 6pm, it's 7pm")]).toEqual(["6pm"]);
    expect([...negatedValues("아니 괜찮아")]).toEqual([]);
    // An article between the negation and its value.
    expect([...negatedValues("it's the 12th, not the 14th")]).toEqual(["14th"]);
    // The negative copula's past, as said and as typed.
    expect([...negatedValues("회비 3만 아니었다. 2만5천")]).toEqual(["3"]);
    expect([...negatedValues("7번 아니였음 9번임")]).toEqual(["7"]);
  });
});
