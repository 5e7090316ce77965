import { describe, expect, it } from "vitest";
import { conversationContext } from "../../src/memory/search/conversation-context.js";
import { KeywordIndex, type KeywordDoc } from "../../src/memory/search/keyword-index.js";
import { rankHybrid, type HybridResult } from "../../src/memory/search/hybrid-ranking.js";
import { antecedentOf, newestChangeOf } from "../../src/memory/search/successors.js";
import { FactSlotMemo } from "../../src/extraction/fact-slots.js";

const DAY = 86_400_000;
const doc = (id: string, text: string, day: number, overrides: Partial<KeywordDoc> = {}): KeywordDoc => ({
  id,
  text,
  timestamp: day * DAY,
  channelId: "D1",
  channelType: "im",
  source: "slack",
  ...overrides,
});

/** Filler notes of the same user, so that a word said in two notes is a rare one. */
const FILLER = [
  "회사 노트북 자산번호 QX-5521 반납 때 필요",
  "점심은 보통 구내식당에서 먹음",
  "주말마다 한강에서 자전거 탐",
  "My landlord prefers texts over calls",
  "올해 연차 11일 남음",
  "조카 돌잔치 선물로 은수저 사기로 함",
  "집 와이파이 공유기 재부팅하면 됨",
  "Bought a standing desk, arrives next week",
  "분리수거는 목요일 밤에만 가능",
  "엄마가 김장김치 보내주심",
  "Finished the second book of the trilogy",
  "차 엔진오일 교환 주기 만 킬로",
  "베란다 화분에 물 주기 잊지 말기",
  "Team offsite is in Gapyeong this year",
  "새 러닝화 사이즈 270이 맞음",
  "세탁소 아저씨가 셔츠 다림질 잘해주심",
  "I prefer aisle seats on long flights",
  "동네 빵집 소금빵이 제일 맛있음",
  "전기요금 자동이체 신청 완료",
  "Grandpa's favourite snack is yakgwa",
  "컴퓨터 모니터 하나 더 주문함",
  "고양이 카페 처음 가봤는데 좋았음",
  "Learning to make sourdough at home",
  "주민센터 요가 수강신청 놓침",
].map((text, i) => doc(`f${i}`, text, 40 + i));

const indexOf = (docs: KeywordDoc[]): KeywordIndex => {
  const index = new KeywordIndex();
  index.add([...FILLER, ...docs]);
  return index;
};

/** Recall as memory-search.ts runs it, on the BM25 half alone: the query's hits, then rankHybrid. */
const recall = (
  index: KeywordIndex,
  query: string,
  accept: (d: KeywordDoc) => boolean = () => true,
  recency = true,
): HybridResult[] =>
  rankHybrid({
    recency,
    query,
    vector: [],
    keyword: index
      .search(query, { limit: 20, filter: accept })
      .map((hit) => ({ ...hit, text: index.get(hit.id)!.text, timestamp: index.get(hit.id)!.timestamp })),
    topK: 10,
    context: conversationContext(index, accept),
    factSlots: new FactSlotMemo(),
  });
const ids = (results: HybridResult[]) => results.map((r) => r.id);
/** A note search over the whole index (conversation-context.ts builds the same on a scope's notes). */
const likeSearch = (index: KeywordIndex) => ({
  like: (text: string) => index.search(text, { limit: 20 }).map((hit) => index.get(hit.id)!),
  frequency: (word: string) => index.documentFrequency(word.slice(3)),
  size: index.size,
});

/** The notes said right before or after one, as conversation-context.ts gives them. */
const nearSearch =
  (index: KeywordIndex) =>
  (d: KeywordDoc, side: "before" | "after"): readonly KeywordDoc[] =>
    index.around(d.id, side, 10, () => true);

describe("antecedentOf / newestChangeOf", () => {
  const index = indexOf([
    doc("dinner", "동창회 저녁 6월 3일 솔숲식당 7시 예약", 1),
    doc("moved", "솔숲식당 8시로 늦춤, 다들 퇴근이 늦어서", 5),
    doc("gym", "헬스장 PT 화목 저녁 7시", 2),
  ]);
  const search = {
    like: (text: string) => index.search(text, { limit: 20 }).map((hit) => index.get(hit.id)!),
    frequency: (word: string) => index.documentFrequency(word.slice(3)),
    size: index.size,
  };

  it("links a change note to the earlier note it points back at, by a rare word and a value of its kind", () => {
    expect(antecedentOf(index.get("moved")!, search)?.id).toBe("dinner");
    expect(newestChangeOf(index.get("dinner")!, search)?.id).toBe("moved");
  });

  it.each([
    // A correction: a value written wrong before (value-words.ts `marksCorrection`).
    ["피부과 재진 9월 14일 오전 10시", "피부과 15일이었음 잘못 적어놨네 ㅋ 10시는 맞음"],
    // A second look (value-words.ts `marksCorrection`: 다시 보니, turns out).
    ["자동차세 연납 신청 1월 납부액 24만원", "자동차세 고지서 다시 보니까 21만 6천원이네"],
    // A value named as replaced, with an arrow (former-values.ts `formerValues`).
    ["주간 보고 월요일 오전 10시 3층 소회의실", "주간 보고 10시 → 9시 반"],
    // The old value in another language's form: 7시 40분 is 7:40 (value-forms.ts), no word shared.
    ["셔틀버스 아침 7시 40분 정문 앞", "Shuttle now comes at 7:25 instead of 7:40"],
    // A value that cannot be kept is the old one; a clause that ends on a value with 로 says the new.
    ["텃밭 모종 심기 4/12 예정", "비 와서 12일엔 못 함.. 19일로"],
    // 다시 before a verb of arranging: arranged anew.
    ["결혼기념일 저녁 6시 한옥집 예약", "한옥집 휴무라 솔바람으로 다시 예약함. 6시는 그대로"],
    // An English verb's object names the changed thing as much as its subject does.
    [
      "Kayak rental booked for Aug 3 at Riverbend Outfitters",
      "Storm warning moved the kayak rental to Aug 10",
    ],
    // A value that is a name (neither note gives a number or a time): two shared words and 이제.
    ["포장재 거래처 솔빛상사, 주문은 문자로", "솔빛상사 너무 느려서 이제 한결포장에 주문"],
    // An acronym and the words whose initials it writes.
    ["Parent council meeting Nov 4 at 7pm in the library", "PCM moved to Nov 11, same time"],
    // A phone number put right by its last group, whose kind is the number it ends.
    ["구청 민원 담당 박지수 주무관 02-555-5093", "번호 잘못 저장함 5093 아니고 5039"],
    // A person replaced: 발령, 후임.
    ["구청 민원 담당 박지수 주무관 02-555-1234", "박지수 주무관 발령 후임은 홍예린 주무관 02-555-9876"],
  ])("links %j and %j as a change, by what the later says of the earlier", (first, later) => {
    const notes = indexOf([doc("first", first, 1), doc("later", later, 5)]);
    const search = likeSearch(notes);
    expect(antecedentOf(notes.get("later")!, search)?.id).toBe("first");
    expect(newestChangeOf(notes.get("first")!, search)?.id).toBe("later");
  });

  it("links a change that names its thing in English to a Korean note whose compound opens with it", () => {
    const index = indexOf([
      doc("swim", "수영강습 화목 저녁 7시 구민체육센터", 1),
      doc("moved", "Swim class moved to 8pm, same days and same center", 9),
    ]);
    expect(antecedentOf(index.get("moved")!, likeSearch(index))?.id).toBe("swim");
  });

  it("reads a bare number in a change as of the unit of the amount it replaces", () => {
    const notes = indexOf([
      doc("saving", "적금 월 30만원 자동이체, 매달 25일", 1),
      doc("locker", "체육관 사물함 5번 배정", 2),
      doc("raised", "적금 이번 달부터 40씩 넣기로", 6),
      doc("swapped", "사물함 이번 달부터 12로", 7),
    ]);
    expect(antecedentOf(notes.get("raised")!, likeSearch(notes))?.id).toBe("saving");
    // A note that gives no amount takes no bare number as one.
    expect(antecedentOf(notes.get("swapped")!, likeSearch(notes))?.id).not.toBe("saving");
  });

  it("prefers the earlier note that gives a number under the label the change gives one under", () => {
    const notes = indexOf([
      doc("panel", "Interview panel on Jun 17 in room 304, Hall B", 1),
      doc("boiler", "Boiler check Jun 12 at 10am, Hall B basement", 2),
      doc("moved", "Moved again: now room 512, Hall B, same date", 5),
    ]);
    expect(antecedentOf(notes.get("moved")!, likeSearch(notes))?.id).toBe("panel");
    const korean = indexOf([
      doc("ward", "운영 회의 3/4 본관 304호", 1),
      doc("gym", "안전 점검 회의 3/6 본관 지하", 2),
      doc("moved", "회의 본관 512호로 옮겨짐, 날짜는 같음", 5),
    ]);
    expect(antecedentOf(korean.get("moved")!, likeSearch(korean))?.id).toBe("ward");
  });

  it("links a move by an amount to the note of the day it moved from, not to a later note of the thing", () => {
    const notes = indexOf([
      doc("start", "도배 3/18 시작, 한빛도배 사장님", 1),
      doc("stock", "도배 자재 3/25 입고 예정", 3),
      doc("moved", "도배 하루 당겨짐 17일로", 5),
    ]);
    expect(antecedentOf(notes.get("moved")!, likeSearch(notes))?.id).toBe("start");
  });

  it("links a change that shares no word, said soon after, by the day it moved from alone", () => {
    const notes = indexOf([
      doc("wash", "세차 예약 3/18 오전 10시 손세차장", 1),
      doc("gift", "엄마 생신 선물 스카프로 정함", 2),
      doc("moved", "그거 하루 당겨짐. 17일로", 3),
    ]);
    const context = conversationContext(notes, () => true);
    expect(context.changedBy?.("wash", new FactSlotMemo())?.id).toBe("moved");
    // Said soon after but naming no old value: nothing ties it.
    expect(context.changedBy?.("gift", new FactSlotMemo())).toBeUndefined();
  });

  it("links a change that names only the kind of value it changes and the kinds it keeps to the note said before that gave them all", () => {
    const notes = indexOf([
      doc("party", "사촌 집들이 5/16 토 저녁 6시 망원동 한빛빌라", 1),
      doc("swim", "수영 강습 월수 7시로 옮김, 장소는 같음", 2),
      doc("moved", "그거 장소 바뀜 합정동 카페 2층으로. 날짜랑 시간은 그대로", 3),
    ]);
    // The swimming note said in between gives a time but no place: the change keeps a date and a time
    // and names a place, so it points back at the housewarming.
    expect(antecedentOf(notes.get("moved")!, { ...likeSearch(notes), near: nearSearch(notes) })?.id).toBe(
      "party",
    );
    expect(conversationContext(notes, () => true).changedBy?.("party", new FactSlotMemo())?.id).toBe("moved");
    // Without a place before it, nothing ties the change to the housewarming.
    const none = indexOf([
      doc("party", "사촌 집들이 토요일 저녁 6시", 1),
      doc("moved", "그거 장소 바뀜 합정동 카페 2층으로. 날짜랑 시간은 그대로", 3),
    ]);
    expect(antecedentOf(none.get("moved")!, { ...likeSearch(none), near: nearSearch(none) })).toBeUndefined();
  });

  it("takes the kinds a change keeps as the kind of value it shares with the note it changes", () => {
    const notes = indexOf([
      doc("dinner", "팀 회식 11/20 목 저녁 7시 삼겹살집 '불향'", 1),
      doc("moved", "회식 장소 변경: 횟집 '바다마루'. 날짜 시간 동일", 6),
    ]);
    expect(antecedentOf(notes.get("moved")!, likeSearch(notes))?.id).toBe("dinner");
  });

  it("links no note that says no change, and finds no change of a note nothing changed", () => {
    expect(antecedentOf(index.get("gym")!, search)).toBeUndefined();
    expect(newestChangeOf(index.get("gym")!, search)).toBeUndefined();
  });
});

describe("recall: the newest change of the best answer goes above it (rankHybrid step 5)", () => {
  it("puts a change note that shares no word with the question above the older answer", () => {
    const index = indexOf([
      doc("dinner", "동창회 저녁 6월 3일 솔숲식당 7시 예약", 1),
      doc("moved", "솔숲식당 8시로 늦춤, 다들 퇴근이 늦어서", 5),
    ]);
    const results = recall(index, "동창회 저녁 몇 시였지");
    expect(ids(results).slice(0, 2)).toEqual(["moved", "dinner"]);
    expect(results[0]).toMatchObject({ relevant: true, supersedes: "dinner" });
  });

  it("puts the note that sets a recurring amount's next value from a date on above it, asked its amount", () => {
    const index = indexOf([
      doc("fee", "헬스장 회비 매달 6만원 자동이체", 1),
      doc("stepped", "트레이너가 11월부터 6만5천 받는대", 20),
    ]);
    const results = recall(index, "헬스장 회비 얼마 내?");
    expect(ids(results).slice(0, 2)).toEqual(["stepped", "fee"]);
    expect(results[0]).toMatchObject({ relevant: true, supersedes: "fee" });
    const en = indexOf([
      doc("parking", "parking spot P2-31 is $210 a month", 1),
      doc("stepped", "building mgmt emailed: $225 starting April", 20),
    ]);
    expect(ids(recall(en, "how much is parking?"))[0]).toBe("stepped");
  });

  it("leaves a recurring amount first when the question asks no amount, or the step is someone else's", () => {
    const index = indexOf([
      doc("fee", "헬스장 회비 매달 6만원 자동이체", 1),
      doc("stepped", "트레이너가 11월부터 6만5천 받는대", 20),
    ]);
    expect(ids(recall(index, "헬스장 회비 어디로 내?"))[0]).toBe("fee");
    const wage = doc("wage", "편의점 알바 시급 11,000원", 1);
    const mine = indexOf([wage, doc("mine", "점장님이 다음 달부터 12,000원 준대", 20)]);
    expect(ids(recall(mine, "알바 시급 얼마야?"))[0]).toBe("mine");
    const hers = indexOf([wage, doc("hers", "다은 씨는 다음 달부터 12,000원 받는대", 20)]);
    expect(ids(recall(hers, "알바 시급 얼마야?"))[0]).toBe("wage");
    // A named person's pay is stepped by a note that names them.
    const named = doc("named", "경리 보는 지수 씨 월급 250", 1);
    const noName = indexOf([named, doc("raise", "9월부터 270으로 올려줌", 20)]);
    expect(ids(recall(noName, "지수 씨 월급 얼마지?"))[0]).toBe("named");
    const withName = indexOf([named, doc("raise", "지수 씨 9월부터 270으로 올려줌", 20)]);
    expect(ids(recall(withName, "지수 씨 월급 얼마지?"))[0]).toBe("raise");
  });

  it("puts the change of the first result above it when no result passes the relevance gate, and keeps it below the gate", () => {
    const cases = [
      [
        "what day does the courier van come for outgoing boxes?",
        "Courier pickup: every Tuesday at 3pm, Swift Parcel",
        "Swift Parcel switched us to Thursdays, same time",
      ],
      [
        "택배 기사님 가게 뒷문 창고로 언제 오시더라",
        "택배 수거 매주 화요일 오후 3시 한빛택배",
        "한빛 수거 목요일로 바뀜 시간은 똑같이",
      ],
    ] as const;
    for (const [query, older, newer] of cases) {
      const index = new KeywordIndex();
      index.add([FILLER[1]!, FILLER[3]!, doc("pickup", older, 1), doc("moved", newer, 9)]);
      const results = recall(index, query);
      expect(ids(results).slice(0, 2)).toEqual(["moved", "pickup"]);
      // Still no answer: the order of the notes under the gate is what changes, not what is shown.
      expect(results[0]).toMatchObject({ relevant: false, supersedes: "pickup" });
      expect(results[1]?.relevant).toBe(false);
    }
  });

  it("follows a chain of two changes to the newest", () => {
    const index = indexOf([
      doc("yoga", "요가 수업 화요일 저녁 7시 그린요가 등록", 1),
      doc("first", "그린요가 수업 목요일로 옮김, 7시는 그대로", 6),
      doc("second", "그린요가 수업 또 바뀜 금요일 8시로", 12),
    ]);
    expect(ids(recall(index, "요가 수업 언제 가지"))[0]).toBe("second");
    // The recency step orders these three too; the chain itself is the change step's.
    expect(conversationContext(index, () => true).changedBy?.("yoga", new FactSlotMemo())?.id).toBe("second");
  });

  it("takes a change that says it is one again as newer than an earlier change of the same first statement", () => {
    const notes = [
      doc("first", "피아노 레슨 수요일 오후 5시 한빛음악학원 원장님 010-2345-6789", 1),
      doc("middle", "레슨 시간 6시로 바뀜, 원장님 사정", 5),
    ];
    const changed = (index: KeywordIndex, id: string) =>
      conversationContext(index, () => true).changedBy?.(id, new FactSlotMemo())?.id;
    // Its words point back at the first statement, not at the change before it; "또" says it follows one.
    const again = indexOf([...notes, doc("again", "한빛음악학원 피아노 레슨 또 옮김, 목요일 4시", 12)]);
    expect(antecedentOf(again.get("again")!, likeSearch(again))?.id).toBe("first");
    expect(changed(again, "middle")).toBe("again");
    expect(ids(recall(again, "레슨 시간 바뀐 거 몇 시였지"))[0]).toBe("again");
    // "Again" is what the first step says; the chain after it is followed as any chain is.
    const later = indexOf([
      ...notes,
      doc("again", "한빛음악학원 피아노 레슨 또 옮김, 목요일 4시", 12),
      doc("then", "목요일 피아노 레슨 4시 반으로 바뀜", 15),
    ]);
    expect(antecedentOf(later.get("then")!, likeSearch(later))?.id).toBe("again");
    expect(changed(later, "middle")).toBe("then");
    // A later change of the first statement that does not say so may change another of its facts.
    const other = indexOf([...notes, doc("number", "한빛음악학원 원장님 번호 바뀜 010-9876-5432", 12)]);
    expect(changed(other, "middle")).toBeUndefined();
  });

  it("takes a note that says its value is settled as a change of the draft before it, and no other", () => {
    const index = indexOf([
      doc("draft", "팀 워크숍 가안 6월 12일 금요일, 양평 숲속리조트 예약 문의", 1),
      doc("settled", "워크숍 최종: 6월 19일 가평 별빛펜션, 버스 대절", 9),
      doc("dinner", "회식 최종 장소 을지로 노포집, 7월 3일", 12),
    ]);
    const changed = (id: string) =>
      conversationContext(index, () => true).changedBy?.(id, new FactSlotMemo())?.id;
    expect(changed("draft")).toBe("settled");
    // 최종 says how a value stands, not which fact it is: two settled notes share no fact by it.
    expect(changed("settled")).toBeUndefined();
    expect(ids(recall(index, "양평 숲속리조트 워크숍 며칠이었지"))[0]).toBe("settled");
  });

  it("links a change that names its fact by a clipped form (졸작 for 졸업작품, 중발 for 중간 발표), and no word of the lexicon so", () => {
    const index = indexOf([
      doc("show", "졸업작품 전시 11월 6일 금요일 오후 2시 본관 갤러리", 1),
      doc("moved", "졸작 11월 13일로 미뤄짐, 심사위원 일정 때문", 6),
      doc("talk", "중간 발표 4월 8일 수요일 오후 3시 세미나실", 2),
      doc("later", "중발 4월 15일로 미뤄짐, 교수님 출장", 7),
    ]);
    const changed = (within: KeywordIndex, id: string) =>
      conversationContext(within, () => true).changedBy?.(id, new FactSlotMemo())?.id;
    expect(changed(index, "show")).toBe("moved");
    expect(changed(index, "talk")).toBe("later");
    expect(ids(recall(index, "졸업작품 전시 언제야"))[0]).toBe("moved");
    // 병원 is a word of its own, not a clipping of 병설유치원: the two notes share no word.
    const words = indexOf([
      doc("kinder", "병설유치원 입학 설명회 3월 13일 금요일 오전 10시", 1),
      doc("clinic", "병원 예약 3월 20일로 미룸", 6),
    ]);
    expect(changed(words, "kinder")).toBeUndefined();
  });

  it("does so in English, and from a Korean note to an English one", () => {
    const english = indexOf([
      doc("hours", "My mentor is Dr. Okafor. Office hours Monday 2-4pm, room 512", 1),
      doc("change", "Okafor sees students Fridays 9 to 11 from now on, same room", 9),
    ]);
    expect(ids(recall(english, "When are my mentor's office hours?"))[0]).toBe("change");
    const mixed = indexOf([
      doc("lesson", "언어교환 다니엘이랑 매주 월요일 저녁 7시 카페에서", 1),
      doc("switch", "Daniel has a late shift on Mondays now, so we switched to Wednesday 7pm", 8),
    ]);
    expect(ids(recall(mixed, "언어교환 무슨 요일이야"))[0]).toBe("switch");
  });

  it("links a note that names another person in a change to the note of the person it replaces", () => {
    const index = indexOf([
      doc("lead", "동아리 지도교사 모하진 쌤, 활동비 신청은 3월까지", 1),
      doc("other", "동아리 축제 부스 배치도 받음", 3),
      doc("swap", "동아리 지도 이제 진태서 선생님이 맡으심. 하진쌤 연수 가셔서", 9),
    ]);
    expect(antecedentOf(index.get("swap")!, likeSearch(index))?.id).toBe("lead");
    expect(ids(recall(index, "동아리 지도교사 누구야"))[0]).toBe("swap");
    const english = indexOf([
      doc("contact", "Supplier contact for the mugs: Ilse Brandt, orders by Thursday", 1),
      doc("leave", "Ilse is on leave until May, so mug orders go through Oren Falk now", 7),
    ]);
    expect(antecedentOf(english.get("leave")!, likeSearch(english))?.id).toBe("contact");
  });

  it("reads a change typed glued to its noun", () => {
    const index = indexOf([
      doc("shop", "단골 세탁소 도경태 사장님 가게 번호 031-555-0193", 1),
      doc("glued", "도사장님 번호바뀜 031-555-7710 예전꺼 안씀", 8),
    ]);
    expect(ids(recall(index, "도경태 사장님 번호"))[0]).toBe("glued");
  });

  it("reads a change said with an arrow at the new value", () => {
    const index = indexOf([
      doc("meet", "학부모 면담 5월 7일 목 14:00 2층 상담실", 10),
      doc("arrow", "면담 선생님 회의 생겨서 한 시간 뒤로 → 15:00", 12),
    ]);
    expect(ids(recall(index, "학부모 면담 몇 시야"))[0]).toBe("arrow");
  });

  it("links no note that names the same person again, by a given name or a full one", () => {
    const index = indexOf([
      doc("lead", "동아리 지도교사 모하진 쌤, 활동비 신청은 3월까지", 1),
      doc("again", "동아리 하진쌤이 이제 간식비도 맡으심", 9),
    ]);
    expect(antecedentOf(index.get("again")!, likeSearch(index))).toBeUndefined();
  });

  it("links no later change of another thing that shares a common word", () => {
    const index = indexOf([
      doc("bday", "서윤 생일 5월 12일, 케이크는 미리 주문", 1),
      doc("food", "서윤 사료 연어로 바꿈", 3),
      doc("food2", "서윤 간식 오리로 바꿈", 4),
      doc("vet", "서윤 병원 예약 5월 20일로 미룸", 6),
    ]);
    // 서윤 is in four notes: no rare word, one shared word, no link to the birthday.
    expect(conversationContext(index, () => true).changedBy?.("bday", new FactSlotMemo())).toBeUndefined();
  });

  it("links no change that names an old value the older note does not give", () => {
    const index = indexOf([
      doc("bath", "방문목욕 매주 수요일 오후 2시, 요양센터에서 두 분 오심", 1),
      doc("van", "요양센터 셔틀 now 9:10 instead of 8:40", 7),
    ]);
    expect(ids(recall(index, "방문목욕 무슨 요일이야"))[0]).toBe("bath");
  });

  it("puts a correction that names the old value first, with no word shared, and only over a note of that value's kind", () => {
    const index = indexOf([
      doc("room", "영어 회화반 강의실 4층 412호로 옮겼대요", 1),
      doc("yoga", "요가 화요일 7시 시작", 2),
      doc("fixed", "아 412호 아니고 413호였어요ㅠ 오늘 문 잘못 열었음", 4),
      doc("locker", "아 7번 아니고 17번 사물함이었음", 6),
    ]);
    const results = recall(index, "영어 회화반 몇 호실이야");
    expect(ids(results)[0]).toBe("fixed");
    expect(results[0]).toMatchObject({ supersedes: "room" });
    // "7번 아니고 …" rejects a number; the 7 of a clock time is another kind of value.
    expect(conversationContext(index, () => true).changedBy?.("yoga", new FactSlotMemo())).toBeUndefined();
  });

  it("puts first a correction that rejects the place's name the older note gave, with no word of the question", () => {
    const index = indexOf([
      doc("meet", "독서모임 5/17 토 2시 동문역 근처 북카페", 1),
      doc("other", "동네 서문시장 떡집 토요일 휴무", 2),
      doc("fixed", "아 잘못 적음. 동문역 아니고 서문역임. 시간은 맞음", 3),
      doc("name", "아 잘못 적음. 한빛홀 아니고 새솔관임", 5),
    ]);
    const results = recall(index, "독서모임 어디서 하지");
    expect(ids(results)[0]).toBe("fixed");
    expect(results[0]).toMatchObject({ supersedes: "meet" });
    // A name no earlier note gave points at none.
    expect(antecedentOf(index.get("name")!, likeSearch(index))).toBeUndefined();
  });

  it("keeps the older note first when the question names its value or asks what the newer does not give", () => {
    const index = indexOf([
      doc("dinner", "동창회 저녁 6월 3일 솔숲식당 7시 예약, 총무 010-5521-3384", 1),
      doc("moved", "솔숲식당 8시로 늦춤, 다들 퇴근이 늦어서", 5),
    ]);
    expect(ids(recall(index, "3384 누구 번호지"))[0]).toBe("dinner");
    expect(ids(recall(index, "동창회 총무 전화번호 뭐였지"))[0]).toBe("dinner");
  });

  it("answers with the change a question that names which one of a series it asks about, not one of another", () => {
    const index = indexOf([
      doc("dose", "대상포진 2차 접종 9/14 오전 10시 예약 (한솔내과)", 1),
      doc("moved", "접종 9/14 말고 9/21로 미룸, 감기 기운 있어서", 4),
    ]);
    // 2차 names the second dose, not a value of it: the change is the answer.
    expect(ids(recall(index, "대상포진 2차 접종 날짜 언제야"))[0]).toBe("moved");
  });

  it("answers a question that asks to confirm the older value with the change of it", () => {
    const index = indexOf([
      doc("talk", "학회 포스터 발표 11월 4일 오후 2시 B홀", 1),
      doc("moved", "포스터 세션 하루 밀림, 같은 시간 같은 홀", 5),
    ]);
    // It names the old date as what the user remembers, not as what it looks the note up by.
    expect(ids(recall(index, "학회 포스터 발표 11월 4일 맞아?"))[0]).toBe("moved");
  });

  it("answers a question for a number with a change that gives a phone number", () => {
    const index = indexOf([
      doc("plumber", "Plumber: Mr. Baek, 010-7731-2290, comes on weekdays only", 1),
      doc("office", "Baek moved his shop to Ilsan. New shop line 031-904-5512, the old one is off", 9),
    ]);
    expect(ids(recall(index, "what's the plumber's number"))[0]).toBe("office");
  });

  it("answers a question for an amount with a change that gives a bare number in the answer's unit", () => {
    const index = indexOf([
      doc("bonus", "심야 콜 보너스 건당 +2500원 (01:00~04:00) 이번주부터", 1),
      doc("raised", "late-night call bonus is +3000 per call now, same 01:00-04:00 window", 9),
    ]);
    // Step 5 alone (no recency step): the bare +3000 is in the answer's unit, won.
    expect(ids(recall(index, "심야 콜 보너스 건당 얼마야", () => true, false))[0]).toBe("raised");
    // A bare number answers no kind the answer does not give either.
    expect(ids(recall(index, "심야 콜 보너스 몇 kg", () => true, false))[0]).toBe("bonus");
  });

  it("reads a 'when' after an English question word as a clause of time, not the kind of value asked", () => {
    const index = indexOf([
      doc("contact", "After-hours contact for the server room: Dana, 010-2231-7781", 1),
      doc("new", "Dana left, now Priyam is on call for it. 010-4410-9932", 9),
    ]);
    expect(ids(recall(index, "who is my after-hours contact for the server room when it floods?"))[0]).toBe(
      "new",
    );
  });

  it("never brings in a change note the scope may not see (a DM note in a channel)", () => {
    const index = indexOf([
      doc("dinner", "동창회 저녁 6월 3일 솔숲식당 7시 예약", 1, { channelId: "C1", channelType: "channel" }),
      doc("moved", "솔숲식당 8시로 늦춤, 다들 퇴근이 늦어서", 5),
    ]);
    const inChannel = recall(index, "동창회 저녁 몇 시였지", (d) => d.channelType !== "im");
    expect(ids(inChannel)).not.toContain("moved");
    expect(ids(recall(index, "동창회 저녁 몇 시였지"))[0]).toBe("moved");
  });

  it("never brings in a DM change said soon after, that shares no word, in a channel", () => {
    const index = indexOf([
      doc("wash", "세차 예약 3/18 오전 10시 손세차장", 1, { channelId: "C1", channelType: "channel" }),
      doc("moved", "그거 하루 당겨짐. 17일로", 3),
    ]);
    const inChannel = (d: KeywordDoc) => d.channelType !== "im";
    expect(conversationContext(index, inChannel).changedBy?.("wash", new FactSlotMemo())).toBeUndefined();
    expect(ids(recall(index, "세차 예약 언제야", inChannel))).not.toContain("moved");
    expect(ids(recall(index, "세차 예약 언제야"))[0]).toBe("moved");
  });
});

describe("bounds", () => {
  it("reads no long note as a change or its antecedent, so a recall's work does not grow with note length", () => {
    const words =
      "회의 장소 시간 변경 예약 학원 수업 카페 식당 사무실 발표 meeting lesson office report".split(" ");
    const long = (seed: number) =>
      Array.from({ length: 8_000 }, (_, i) => `${words[(i * 7 + seed) % words.length]}${i % 5}`).join(" ");
    const changes = Array.from({ length: 20 }, (_, i) =>
      doc(`change${i}`, `이제 바뀜 ${long(i + 1)}`, 2 + i),
    );
    // A long note asked about, and a short one, among twenty long notes that say a change: before the
    // bound each took seconds (every long note's words read and compared), now a few BM25 lookups.
    for (const anchor of [long(0), "회의 장소 시간 변경 공지"]) {
      const index = new KeywordIndex();
      index.add([doc("anchor", anchor, 1), ...changes]);
      const context = conversationContext(index, () => true);
      const start = performance.now();
      expect(context.changedBy?.("anchor", new FactSlotMemo())).toBeUndefined();
      expect(performance.now() - start).toBeLessThan(250);
    }
  });

  it("still links a short change to a short statement among long notes", () => {
    const index = indexOf([
      doc("dinner", "동창회 저녁 6월 3일 솔숲식당 7시 예약", 1),
      doc("essay", "회의록 ".repeat(2_000), 2),
      doc("moved", "솔숲식당 8시로 늦춤, 다들 퇴근이 늦어서", 5),
    ]);
    expect(conversationContext(index, () => true).changedBy?.("dinner", new FactSlotMemo())?.id).toBe(
      "moved",
    );
  });
});
