import { describe, expect, it } from "vitest";
import { matchesQuery } from "../../src/core/ports.js";
import {
  CONTEXT_ANCHORS,
  CONTEXT_WEIGHT,
  type ContextDoc,
  MIN_KEYWORD_COVERAGE,
  MIN_VECTOR_SIMILARITY,
  rankHybrid,
  type KeywordCandidate,
  type VectorCandidate,
} from "../../src/memory/search/hybrid-ranking.js";
import { NEAR_CHANGE_RANKS } from "../../src/memory/search/change-notes.js";
import { dice, namesOlderValue } from "../../src/memory/search/note-pair.js";
import { seriesNumbers } from "../../src/extraction/words/value-words.js";
import { tokenize } from "../../src/text/tokenizer.js";

const DAY = 86_400_000;

const vec = (id: string, similarity: number, text: string, timestamp = 0): VectorCandidate => ({
  id,
  similarity,
  text,
  timestamp,
});
const kw = (id: string, score: number, coverage: number, text: string, timestamp = 0): KeywordCandidate => ({
  id,
  score,
  coverage,
  text,
  timestamp,
});

/**
 * An older note that matches the query well (day 1) and a newer one that matches it less (day 30): by
 * default well enough to clear the relevance gate (coverage 0.5), or as `newerMatch` says.
 */
const rankOlderAndNewer = (
  query: string,
  older: string,
  newer: string,
  newerMatch = { similarity: 0.3, score: 3, coverage: 0.5 },
) =>
  rankHybrid({
    query,
    vector: [vec("old", 0.6, older, 1 * DAY), vec("new", newerMatch.similarity, newer, 30 * DAY)],
    keyword: [
      kw("old", 12, 1, older, 1 * DAY),
      kw("new", newerMatch.score, newerMatch.coverage, newer, 30 * DAY),
    ],
    topK: 10,
  });

/**
 * {@link rankOlderAndNewer} with the newer note under the relevance gate (coverage 0.2, cosine 0.2), as
 * ids marked when not relevant.
 */
const underGate = (query: string, older: string, newer: string) =>
  rankOlderAndNewer(query, older, newer, { similarity: 0.2, score: 2, coverage: 0.2 }).map(
    (r) => `${r.id}${r.relevant ? "" : " (not relevant)"}`,
  );

/**
 * {@link underGate} with `count` unrelated older notes under the gate ranked between the answer and the
 * newer note, which then stands `count + 2`nd in the fused list.
 */
const belowOthers = (query: string, older: string, newer: string, count: number) => {
  const fillers = ["점심은 김치찌개", "세탁기 필터 청소함", "우산 챙기기", "택배 경비실에"].slice(0, count);
  return rankHybrid({
    query,
    vector: [],
    keyword: [
      kw("old", 12, 1, older, 1 * DAY),
      ...fillers.map((text, i) => kw(`f${i + 1}`, 5 - i * 0.5, 0.2, text, 0)),
      kw("new", 2, 0.2, newer, 30 * DAY),
    ],
    topK: 10,
  }).map((r) => `${r.id}${r.relevant ? "" : " (not relevant)"}`);
};

describe("rankHybrid", () => {
  it("fuses by RRF: a memory found by both retrievers ranks first", () => {
    const results = rankHybrid({
      query: "사과",
      vector: [vec("a", 0.9, "사과 A"), vec("b", 0.8, "사과 B")],
      keyword: [kw("b", 10, 1, "사과 B"), kw("c", 5, 1, "사과 C")],
      topK: 10,
      recency: false,
    });
    expect(results.map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(results[0]?.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(results[0]?.ranks).toEqual({ vector: 2, keyword: 1 });
    expect(results[0]).toMatchObject({ similarity: 0.8, keywordScore: 10, keywordCoverage: 1 });
  });

  it("marks relevance on the raw signals, not the fused score", () => {
    const results = rankHybrid({
      query: "혈액형",
      vector: [vec("low", MIN_VECTOR_SIMILARITY - 0.01, "x"), vec("high", MIN_VECTOR_SIMILARITY, "y")],
      keyword: [kw("cov", 1, MIN_KEYWORD_COVERAGE, "z"), kw("weak", 50, MIN_KEYWORD_COVERAGE - 0.01, "w")],
      topK: 10,
    });
    const relevant = Object.fromEntries(results.map((r) => [r.id, r.relevant]));
    expect(relevant).toEqual({ low: false, high: true, cov: true, weak: false });
    expect(
      results
        .filter(matchesQuery)
        .map((r) => r.id)
        .sort(),
    ).toEqual(["cov", "high"]);
  });

  it("honours a raw BM25 floor when given", () => {
    const [result] = rankHybrid({
      query: "q",
      vector: [],
      keyword: [kw("a", 2, 1, "a")],
      topK: 1,
      minKeywordScore: 3,
    });
    expect(result?.relevant).toBe(false);
  });

  it("treats a memory holding the query's number or code as relevant", () => {
    const [result] = rankHybrid({
      query: "8816으로 끝나는 번호",
      vector: [],
      keyword: [kw("m", 3, 0.2, "테일러온 0507-1432-8816")],
      topK: 1,
    });
    expect(result?.relevant).toBe(true);
  });

  it("puts the newer memory of the same fact above the older one", () => {
    const older = "도현이 전화번호 010-4821-7735";
    const newer = "도현이 전화번호 바꿨대. 새 번호 010-9312-0468";
    const results = rankHybrid({
      query: "도현이 전화번호",
      vector: [vec("old", 0.6, older, 1 * DAY), vec("new", 0.5, newer, 90 * DAY)],
      keyword: [kw("old", 12, 1, older, 1 * DAY), kw("new", 10, 1, newer, 90 * DAY)],
      topK: 10,
    });
    expect(results.map((r) => r.id)).toEqual(["new", "old"]);
    expect(results[0]?.supersedes).toBe("old");
    expect(results[0]?.score).toBe(results[1]?.score);
  });

  it("marks a newer memory ranked first as superseding the older one of the same fact, and no other", () => {
    const older = "my son's soccer practice is every Tuesday at 5pm";
    const newer = "soccer practice moved to Wednesday";
    const unrelated = "swim class every Tuesday at 5pm";
    const results = rankHybrid({
      query: "when is soccer practice?",
      vector: [
        vec("new", 0.6, newer, 30 * DAY),
        vec("old", 0.5, older, 1 * DAY),
        vec("swim", 0.4, unrelated, 10 * DAY),
      ],
      keyword: [kw("new", 12, 1, newer, 30 * DAY), kw("old", 10, 1, older, 1 * DAY)],
      topK: 10,
    });
    expect(results.map((r) => r.id)).toEqual(["new", "old", "swim"]);
    expect(results[0]?.supersedes).toBe("old");
    expect(results.filter((r) => r.supersedes !== undefined)).toHaveLength(1);
  });

  it("puts a change note that names the old value above it, with no word of the question, in en and ko", () => {
    const en = rankOlderAndNewer(
      "what bike do I ride?",
      "my bike is a blue Brompton",
      "traded in the Brompton, now riding a red Tern",
    );
    expect(en.map((r) => r.id)).toEqual(["new", "old"]);
    expect(en[0]?.supersedes).toBe("old");
    const ko = rankOlderAndNewer("내 차 뭐야?", "내 차는 은색 그랜저야", "그랜저 처분하고 이제 아이오닉 탐");
    expect(ko.map((r) => r.id)).toEqual(["new", "old"]);
    // Between two notes under the gate, the old value alone ties nothing: no answer lists them.
    const older = "my bike is a blue Brompton";
    const newer = "traded in the Brompton, now riding a red Tern";
    const under = rankHybrid({
      query: "what bike do I ride?",
      vector: [vec("old", 0.2, older, 1 * DAY), vec("new", 0.15, newer, 30 * DAY)],
      keyword: [kw("old", 2, 0.2, older, 1 * DAY), kw("new", 1, 0.1, newer, 30 * DAY)],
      topK: 10,
    });
    expect(under.map((r) => `${r.id}${r.relevant ? "" : " (not relevant)"}`)).toEqual([
      "old (not relevant)",
      "new (not relevant)",
    ]);
    expect(under.every((r) => r.supersedes === undefined)).toBe(true);
  });

  it("marks no note superseded by a newer one that shares only the thing both are about", () => {
    const breed = "또리는 말티즈";
    const food = "또리 사료 로얄캐닌";
    const results = rankHybrid({
      query: "또리는?",
      vector: [vec("food", 0.6, food, 30 * DAY), vec("breed", 0.5, breed, 1 * DAY)],
      keyword: [kw("food", 10, 1, food, 30 * DAY), kw("breed", 9, 1, breed, 1 * DAY)],
      topK: 10,
    });
    expect(results.map((r) => r.id)).toEqual(["food", "breed"]);
    expect(results.every((r) => r.supersedes === undefined)).toBe(true);
  });

  it("marks the note whose thing changed superseded by a note that says the thing itself changed", () => {
    const oldLead = "우리 파트장님 한지율님";
    const newLead = "파트장 바뀜. 이제 오세린 파트장님";
    const results = rankHybrid({
      query: "파트장님 누구야?",
      vector: [vec("new", 0.6, newLead, 30 * DAY), vec("old", 0.5, oldLead, 1 * DAY)],
      keyword: [kw("new", 10, 1, newLead, 30 * DAY), kw("old", 9, 1, oldLead, 1 * DAY)],
      topK: 10,
    });
    expect(results.map((r) => [r.id, r.supersedes])).toEqual([
      ["new", "old"],
      ["old", undefined],
    ]);
  });

  it("marks the note it replaces when the one it jumped is a fact of a part of the thing", () => {
    // The gym's locker is a fact of the gym (헬스장 is gym by another name); "gym changed" replaces
    // which gym it is.
    const locker = "헬스장 락커 31번";
    const gym = "my gym is Riverside Fitness in 성수";
    const changed = "gym changed: now 뚝섬 스포츠센터";
    const results = rankHybrid({
      query: "which gym do I go to?",
      vector: [
        vec("gym", 0.5, gym, 2 * DAY),
        vec("changed", 0.45, changed, 3 * DAY),
        vec("locker", 0.1, locker, 1 * DAY),
      ],
      keyword: [
        kw("locker", 12, 1, locker, 1 * DAY),
        kw("gym", 6, 1, gym, 2 * DAY),
        kw("changed", 5, 1, changed, 3 * DAY),
      ],
      topK: 10,
    });
    expect(results.find((r) => r.id === "changed")?.supersedes).toBe("gym");
    expect(results.findIndex((r) => r.id === "changed")).toBeLessThan(
      results.findIndex((r) => r.id === "gym"),
    );
    expect(results.find((r) => r.supersedes === "locker")).toBeUndefined();
  });

  it("does not mark a note superseded by a change note about another fact of the same thing", () => {
    // A clinic's new district and a pet's adoption year are two facts of 보리: a year is no place.
    const adopted = "보리 입양일 2023년 4월 9일 ㅎㅎ 치즈태비";
    const clinic = "보리 병원 옮김 ㅎㅎ 연남동 새싹동물병원 야간진료도 함";
    const results = rankHybrid({
      query: "보리 관련된 거 다 보여줘",
      vector: [vec("clinic", 0.6, clinic, 30 * DAY), vec("adopted", 0.5, adopted, 1 * DAY)],
      keyword: [kw("clinic", 10, 1, clinic, 30 * DAY), kw("adopted", 9, 1, adopted, 1 * DAY)],
      topK: 10,
    });
    expect(results.every((r) => r.supersedes === undefined)).toBe(true);
  });

  it("does not mark a note that names someone superseded by a later fact of theirs (only the name shared)", () => {
    const named = "조카 이름은 하람이야";
    const birthday = "하람 생일 9/21";
    const results = rankHybrid({
      query: "who is 하람?",
      vector: [vec("birthday", 0.6, birthday, 30 * DAY), vec("named", 0.55, named, 1 * DAY)],
      keyword: [kw("birthday", 10, 1, birthday, 30 * DAY), kw("named", 9, 1, named, 1 * DAY)],
      topK: 10,
    });
    expect(results.map((r) => r.id)).toEqual(["birthday", "named"]);
    expect(results.every((r) => r.supersedes === undefined)).toBe(true);
  });

  it("does not let a newer memory about another part of the query jump", () => {
    const answer = "테일러온 전화번호 0507-1432-8816";
    const other = "테일러온 가봉 3월 9일 토요일 오전 11시";
    const results = rankHybrid({
      query: "테일러온 전화번호",
      vector: [vec("answer", 0.6, answer, 1 * DAY), vec("other", 0.4, other, 60 * DAY)],
      keyword: [kw("answer", 12, 1, answer, 1 * DAY), kw("other", 5, 0.5, other, 60 * DAY)],
      topK: 10,
    });
    expect(results.map((r) => r.id)).toEqual(["answer", "other"]);
  });

  it.each([
    ["ko", "헬스장 락커 번호", "헬스장 락커 번호 58번", "헬스장 락커 이제 104번이야"],
    ["en", "book club day", "Book club meets on Thursdays at 7pm", "Book club now meets on Mondays at 8pm"],
    ["mixed", "yoga class 언제", "Yoga class 화요일 7시", "yoga class 목요일 8시로 옮겼어"],
  ])(
    "puts a newer statement of the same fact first even when it matches the query less (%s)",
    (_lang, query, older, newer) => {
      const results = rankHybrid({
        query,
        vector: [vec("old", 0.6, older, 1 * DAY), vec("new", 0.2, newer, 30 * DAY)],
        keyword: [kw("old", 12, 1, older, 1 * DAY), kw("new", 2, 0.2, newer, 30 * DAY)],
        topK: 10,
      });
      expect(results.map((r) => r.id)).toEqual(["new", "old"]);
      expect(results[0]).toMatchObject({ supersedes: "old", relevant: true });
    },
  );

  it.each([
    [
      "ko query, mixed newer",
      "넷플릭스 요금제 뭐야?",
      "넷플릭스 요금제 스탠다드",
      "Netflix 요금제 이제 프리미엄으로 바꿈",
    ],
    ["ko query, mixed newer", "케빈 사무실 몇 층이야?", "케빈 사무실 7층", "Kevin 사무실 이제 12층"],
    [
      "en query, ko newer",
      "What time is bowling night?",
      "Bowling night at 7pm",
      "볼링 모임 이제 저녁 8시야",
    ],
    // Another name of the same thing (words/same-thing.ts), in the other language.
    ["ko query, en newer", "비행기 몇 시 출발이야?", "비행기 오전 7시 40분 출발", "Flight moved to 9:10am"],
    // An English phrase of the lexicon ("day off") is one thing with its Korean name (휴무).
    [
      "en query, ko newer, a phrase",
      "When is the bakery's day off?",
      "Bakery day off is Sunday",
      "빵집 휴무 이제 수요일로 바뀜",
    ],
  ])(
    "puts a newer statement first when it writes a name in the other script or by another name (%s)",
    (_case, query, older, newer) => {
      const results = rankOlderAndNewer(query, older, newer);
      expect(results.map((r) => r.id)).toEqual(["new", "old"]);
      expect(results[0]?.supersedes).toBe("old");
    },
  );

  it.each([
    [
      "ko",
      "딸 피아노 학원 차량 몇 시에 와?",
      "딸 피아노 학원 차량 오후 3시 40분에 와",
      "차량 시간표 바뀌어서 이제 4시 10분",
      "차량 시간표 받아옴 4시 10분",
    ],
    [
      "en",
      "How much is the gym membership per month?",
      "Gym membership costs 65,000 won per month",
      "gym raised the price, 70,000 won now",
      "gym towel rental 2,000 won",
    ],
    [
      "mixed",
      "우리 building 관리비 얼마야?",
      "우리 building 관리비 한 달 12만원",
      "관리비 올라서 이제 14만원",
      "관리비 고지서 14만원 나옴",
    ],
  ])(
    "lets a change note that holds one of the question's words jump; a note that says no change stays below (%s)",
    (_lang, query, older, change, plain) => {
      expect(rankOlderAndNewer(query, older, change).map((r) => r.id)).toEqual(["new", "old"]);
      expect(rankOlderAndNewer(query, older, plain).map((r) => r.id)).toEqual(["old", "new"]);
    },
  );

  it("keeps a change note of another fact of the same thing below the answer (a weight is no food)", () => {
    const results = rankOlderAndNewer(
      "보리 사료 뭐 먹어?",
      "보리 사료 바꿈 이제 연어 그레인프리",
      "보리 몸무게 이제 5.1kg",
    );
    expect(results.map((r) => r.id)).toEqual(["old", "new"]);
    expect(results.every((r) => r.supersedes === undefined)).toBe(true);
  });

  describe("a query word's generic head written inside another compound", () => {
    it.each([
      [
        "ko",
        "세탁소 전화번호 뭐였더라",
        "사장님 번호 오타였음 끝자리 4408이 맞음",
        "호텔 날짜 바꾸면서 예약번호 새로 받음 QK-55102",
      ],
      [
        "mixed",
        "dry cleaner 전화번호 뭐였더라",
        "사장님 번호 typo였음, 끝자리 4408이 맞음",
        "hotel 날짜 바꾸면서 예약번호 새로 받음 QK-55102",
      ],
    ])(
      "does not tie a change of another kind of the head to the answer (%s: 예약번호 is no 전화번호)",
      (_lang, query, older, newer) => {
        expect(underGate(query, older, newer)).toEqual(["old", "new (not relevant)"]);
      },
    );

    it("still ties a note that writes the head alone or after the word's own first part", () => {
      const query = "세탁소 전화번호 뭐였더라";
      const older = "세탁소 전화번호 010-2231-4480";
      expect(underGate(query, older, "세탁소 번호 바뀜 이제 010-2231-4408")).toEqual(["new", "old"]);
      expect(underGate(query, older, "세탁소 전화번호 바뀜 이제 010-2231-4408")).toEqual(["new", "old"]);
    });
  });

  describe("a change note under the relevance gate", () => {
    it.each([
      [
        "ko",
        "거북이 사료 언제 줘?",
        "거북이 사료는 사흘에 한 번 아침에 줘",
        "거북이 밥 주는 날 바꿨어 이제 이틀에 한 번",
      ],
      [
        "en",
        "How much is the parking pass at work?",
        "Parking pass at work costs 80,000 won a month, renew on the 1st",
        "parking went up, 95,000 now",
      ],
      [
        "mixed",
        "turtle 사료 언제 줘?",
        "turtle 사료는 사흘에 한 번 아침에 줘",
        "turtle 밥 주는 날 바꿨어 이제 이틀에 한 번",
      ],
    ])("jumps the answer it changes and becomes the answer (%s)", (_lang, query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["new", "old"]);
    });

    it.each([
      ["ko", "솔빛 합창단 리허설 언제야?", "솔빛 합창단 리허설 목요일 저녁 7시, 교회 강당"],
      ["mixed", "Larkspur choir rehearsal 언제야?", "Larkspur choir rehearsal 목요일 저녁 7시, 교회 강당"],
    ])(
      "may leave out the name the question gives when it keeps two more of its words (%s)",
      (_lang, query, older) => {
        const words = query.split(" ").slice(1, 3).join(" ");
        expect(underGate(query, older, `${words} 또 밀림ㅋㅋ 금요일 6시로 최종 확정`)).toEqual([
          "new",
          "old",
        ]);
        // One word besides the name ties it only as a near change note (among the first
        // NEAR_CHANGE_RANKS of the fused list): further down it may be about another of its kind.
        const one = `${query.split(" ")[2] as string} 또 밀림ㅋㅋ 금요일 6시로 최종 확정`;
        expect(underGate(query, older, one)).toEqual(["new", "old"]);
        expect(belowOthers(query, older, one, NEAR_CHANGE_RANKS - 1)).toEqual([
          "old",
          "f1 (not relevant)",
          "f2 (not relevant)",
          "new (not relevant)",
        ]);
        expect(belowOthers(query, older, one, NEAR_CHANGE_RANKS - 2)[0]).toBe("new");
      },
    );

    it("stays below without a change word, or without the thing the question names", () => {
      const older = "거북이 사료는 사흘에 한 번 아침에 줘";
      expect(underGate("거북이 사료 언제 줘?", older, "거북이 밥 주는 날 이틀에 한 번")).toEqual([
        "old",
        "new (not relevant)",
      ]);
      expect(underGate("거북이 사료 언제 줘?", older, "어항 청소 날 바꿨어 이제 일요일, 사료 말고")).toEqual([
        "old",
        "new (not relevant)",
      ]);
    });
  });

  describe("a near change note (among the first NEAR_CHANGE_RANKS, under the gate)", () => {
    // Each newer note names the thing by one word of the older note and of the question, and says
    // that it moved: the other ties (a shared slot, most of the question's words) do not hold.
    it.each([
      [
        "ko",
        "하은이 치과 예약 언제였지?",
        "하은이 교정 치과 정기검진 예약 3월 14일 토요일 10시 반, 강남역 3번 출구",
        "예약 다음주로 밀림 3/21 같은 시간",
      ],
      [
        "en",
        "when is Theo's parent conference?",
        "Theo's parent conference with Ms Alvarez is Nov 3 at 4pm, room 214",
        "conference got pushed to Nov 5, same time",
      ],
      [
        "mixed",
        "Dana 분기 리뷰 언제야?",
        "Dana 분기 리뷰 미팅 12월 9일 오후 2시, 7층 회의실",
        "리뷰 하루 당겨짐 12/8로",
      ],
    ])("jumps the answer it changes and becomes the answer (%s)", (_lang, query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["new", "old"]);
    });

    it("may share only the older note's thing when that is a noun of the lexicon, not a person", () => {
      expect(
        underGate(
          "What's my flight number to Lisbon?",
          "Booked my flight to Lisbon: TP 1351 from ICN, Sat Jun 6, 13:20",
          "비행기 LH 713로 바꿨어요. 6월 7일 일요일 오후 출발",
        ),
      ).toEqual(["new", "old"]);
      // 엄마 is in the lexicon too, as a kinship word: another fact of hers stays below.
      expect(underGate("엄마 생신 언제야?", "엄마 생신 3월 29일 일요일", "엄마 검진 4/16로 연기됨")).toEqual([
        "old",
        "new (not relevant)",
      ]);
    });

    it("may share any word of an older note that opens with a value (it names its fact after it)", () => {
      expect(
        underGate(
          "학부모 면담 언제야?",
          "2학기 학부모 상담주간 9월 14일~18일, 한 명당 15분",
          "상담주간 일주일 밀림 9/21~25로",
        ),
      ).toEqual(["new", "old"]);
    });

    it("may share a loanword written in the other script", () => {
      expect(
        underGate(
          "racket string 뭐 쓰지?",
          "테니스 라켓 스트링 럭실론 알루파워 1.25 씀",
          "string 갈아탐 이제 Solinco 1.20",
        ),
      ).toEqual(["new", "old"]);
    });

    it("stays below when it names the shared thing by another qualifier than the question's", () => {
      expect(
        underGate("창고 소화전 점검 언제야?", "창고 소화전 점검 5월 2일 오전", "엘베 점검 5월 9일로 미뤄짐"),
      ).toEqual(["old", "new (not relevant)"]);
    });
  });

  describe("a near change note that rejects the older note's value by name", () => {
    // The newer note calls the thing by a word the older one does not use (필테 for 필라테스 수업), so
    // no word ties them; the value it rejects ("화요일 말고") is the older note's.
    it.each([
      [
        "ko",
        "필라테스 무슨 요일이야?",
        "필라테스 김하늘 강사님, 매주 화요일 저녁 8시",
        "필테 화요일 말고 금요일 저녁 7시로 바꿈",
      ],
      [
        "en",
        "which day is my spin class?",
        "Spin class with Coach Rhee, every Tuesday 8pm",
        "cycling moved: not Tuesday, Friday 7pm",
      ],
      [
        "mixed",
        "spin class 무슨 요일이야?",
        "spin class 김하늘 코치, 매주 화요일 저녁 8시",
        "자전거 수업 화요일 말고 금요일 7시로 바꿈",
      ],
    ])("comes first among the first NEAR_CHANGE_RANKS (%s)", (_lang, query, older, newer) => {
      expect(underGate(query, older, newer)[0]).toBe("new");
      expect(belowOthers(query, older, newer, NEAR_CHANGE_RANKS)[0]).toBe("old");
      // A value the older note does not give ties nothing.
      expect(
        underGate(
          query,
          older,
          newer.replace(/화요일|Tuesday/u, (day) => (day === "화요일" ? "수요일" : "Wednesday")),
        )[0],
      ).toBe("old");
    });
  });

  describe("two notes both under the relevance gate", () => {
    const bothUnder = (query: string, older: string, newer: string) =>
      rankHybrid({
        query,
        vector: [vec("old", 0.2, older, 1 * DAY), vec("new", 0.2, newer, 30 * DAY)],
        keyword: [kw("old", 3, 0.2, older, 1 * DAY), kw("new", 2, 0.2, newer, 30 * DAY)],
        topK: 10,
      }).map((r) => `${r.id}${r.relevant ? "" : " (not relevant)"}`);

    it.each([
      [
        "ko",
        "햄찌 요즘 뭐 먹이고 있지?",
        "햄찌 사료 테트라 썬시드 먹이는 중, 하루 한번 5알",
        "햄찌 밥 썬시드 말고 조아 햄스터스틱으로 바꿈. 썬시드는 잘 안먹음",
      ],
      [
        "en",
        "what am I feeding Pip these days?",
        "Feeding Pip Tetra Sunseed pellets, five a day",
        "Pip won't touch Sunseed anymore so I switched him to Zoa hamster sticks",
      ],
    ])(
      "a change note that names the older note's value comes first, as it would over a relevant one (%s)",
      (_lang, query, older, newer) => {
        expect(bothUnder(query, older, newer)).toEqual(["new (not relevant)", "old (not relevant)"]);
      },
    );

    it("a near change note comes first, and neither becomes an answer", () => {
      expect(
        bothUnder(
          "하은이 치과 예약 언제였지?",
          "하은이 교정 치과 정기검진 예약 3월 14일 토요일 10시 반, 강남역 3번 출구",
          "예약 다음주로 밀림 3/21 같은 시간",
        ),
      ).toEqual(["new (not relevant)", "old (not relevant)"]);
    });

    it("a later note that says no change stays below", () => {
      expect(
        bothUnder(
          "햄찌 요즘 뭐 먹여?",
          "햄찌 사료 해바라기씨 믹스 주는 중, 하루 한 스푼",
          "햄찌 케이지 청소 주말에 함",
        ),
      ).toEqual(["old (not relevant)", "new (not relevant)"]);
    });
  });

  describe("a change note under the relevance gate that names the old value", () => {
    // Each older note is long, so the two overlap by Dice < 0.15: the old value's word is the tie.
    it.each([
      [
        "ko",
        "강아지 간식 뭐 줘?",
        "강아지 간식은 도그칩스 오리맛, 하루 두 개씩 저녁 산책 끝나고 줘. 봉지는 현관 신발장 두번째 서랍에 있고 떨어지면 온라인 정기배송, 유통기한 꼭 확인",
        "강아지가 도그칩스 먹고 탈 나서 펫바이트로 바꿨어",
      ],
      [
        "en",
        "which coffee beans do we order?",
        "Coffee beans come from Hillside Roastery in the old market, five kilos every Monday morning before opening, invoice at month end, pay by bank transfer, ask for Joe",
        "Hillside kept shipping late so we switched to Northgate coffee",
      ],
      [
        "mixed",
        "고양이 litter 뭐 써?",
        "고양이 litter는 Tofu Clean 7L 무향, 한 달에 세 봉지씩 쓰고 쿠팡 정기배송으로 매달 첫째 주에 받아. 화장실 청소는 이틀에 한 번",
        "고양이가 Tofu Clean 싫어해서 벤토나이트로 바꿈",
      ],
    ])("jumps the answer it changes and becomes the answer (%s)", (_lang, query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["new", "old"]);
      // Without the old value's word the same change note stays below.
      const without = newer.replace(/도그칩스 먹고 |Hillside |Tofu Clean /u, "");
      expect(underGate(query, older, without)).toEqual(["old", "new (not relevant)"]);
    });

    it("stays below when the shared word is a common noun, a position, a verb or part of the question's name", () => {
      const below = ["old", "new (not relevant)"];
      // 유치원: a noun of the lexicon, which names a kind of thing.
      expect(
        underGate(
          "서진 하원 시간 몇 시야?",
          "서진 유치원 하원 시간 오후 4시 10분, 셔틀 타고 아파트 정문 앞에서 내림. 늦으면 담임 선생님께 문자 드리기, 금요일은 체육복",
          "서진 유치원 옮기기로 결정, 집 근처 단지 안으로",
        ),
      ).toEqual(below);
      // 앞: one syllable, where something is.
      expect(
        underGate(
          "약 타는 약국 어디야?",
          "엄마 약은 병원 앞 한빛약국에서 타. 한 달치씩, 매달 둘째 주 토요일 오전에 가면 안 붐빔",
          "처방전은 이제 집 앞 새로 생긴 곳으로 보내",
        ),
      ).toEqual(below);
      // come: an English word not written as a name.
      expect(
        underGate(
          "which coffee beans do we order?",
          "Coffee beans come from Hillside Roastery in the old market, five kilos every Monday morning before opening, invoice at month end, pay by bank transfer, ask for Joe",
          "Shipping kept coming late so we switched to Northgate coffee",
        ),
      ).toEqual(below);
      // Mills: beside Birchwood, which the question asks by, in both notes.
      expect(
        underGate(
          "who handles our account at Birchwood Mills?",
          "Quarterly review with Birchwood Mills on 3/4 at 2pm in the big room, our contact there is Dana Ortiz from purchasing, bring the forecast deck and last year's numbers",
          "Birchwood Mills renewal moved to June, budget 40k",
        ),
      ).toEqual(below);
    });
  });

  describe("a change note under the relevance gate that drops the thing the question names", () => {
    // The question names the older note's thing (its first content word), which the follow-up leaves
    // out, and shares one more word with both: a word of the older note's value (among or after its
    // values) or a person's name ties the follow-up to that note.
    it.each([
      [
        "ko",
        "부장님 환송 회식 어디서 해?",
        "부장님 환송 회식 3/7 토 밤 9시 을지로 솥뚜껑집",
        "회식 장소 바뀜 솥뚜껑집 예약 꽉차서 신당동 고깃집으로 시간 그대로",
      ],
      [
        "en",
        "where is the sales team dinner?",
        "sales team dinner 12/20 Fri 7pm at Harbor Grill downtown",
        "dinner venue changed, Harbor Grill was full, now at Olive Tree",
      ],
      [
        "mixed",
        "동아리 회계 누구야?",
        "동아리 회계 담당 박지수쌤, receipts는 지수쌤한테",
        "박지수쌤 출산휴가 가심 회계는 이제 Mina Cho가 대신",
      ],
    ])("jumps the answer it changes and becomes the answer (%s)", (_lang, query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["new", "old"]);
      // Below the first NEAR_CHANGE_RANKS too: the repeated word, not the rank, ties it.
      expect(belowOthers(query, older, newer, NEAR_CHANGE_RANKS)[0]).toBe("new");
    });

    it("stays below when the word it repeats names what the older note is about, before its values", () => {
      // 시간: before the older note's first value, a word notes of other things say too.
      expect(
        underGate(
          "민서 수영 무슨 요일이야?",
          "민서 수영 시간 바뀜. 4월부터 월수 5시",
          "구민회관 모임 토요일로 연기됐대 시간 장소는 그대로",
        ),
      ).toEqual(["old", "new (not relevant)"]);
    });
  });

  describe("a correction under the relevance gate", () => {
    it.each([
      [
        "ko",
        "부산 가는 KTX 몇 시야?",
        "부산 출장 KTX 서울역 7시꺼 예매",
        "아 잘못 적음 KTX 7시 아니고 7시 30분",
      ],
      [
        "en",
        "what time is my flight to Osaka?",
        "Flight to Osaka on 5/2, departs 9am from Gimpo",
        "oops, the flight is not 9am, 9:40am",
      ],
      ["mixed", "KTX to Busan 몇 시야?", "Busan 출장 KTX 7시꺼 예매", "잘못 적음 KTX 7시 말고 7시 30분"],
    ])("puts the corrected value above the one it corrects (%s)", (_lang, query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["new", "old"]);
    });

    it.each([
      [
        "ko",
        "도서관 한지민 사서 번호",
        "도서관 사물함 담당 한지민 사서 010-4417-2290",
        "아 한사서 번호 뒷자리 잘못 적었다. 010-4417-2209 가 맞음",
      ],
      [
        "en",
        "which IP is the build server on",
        "build server IP is 10.2.31.7, ssh as deploy",
        "correction: build server is 10.2.13.7, I typed it wrong earlier",
      ],
      [
        "mixed",
        "build server IP 뭐였지",
        "build server IP 10.2.31.7, deploy 계정으로 접속",
        "build server 오타 있었음 10.2.13.7 이 맞음",
      ],
    ])(
      "puts a note that says a value was written wrong above it, weeks later (%s)",
      (_lang, query, older, newer) => {
        expect(underGate(query, older, newer)).toEqual(["new", "old"]);
      },
    );

    it.each([
      [
        "ko",
        "보일러 점검 연락처",
        "보일러 점검 서태호 기사님 010-3391-5806",
        "아 잘못 적었네 010-3391-5860 이 맞아",
      ],
      ["ko, last digits", "세탁소 연락처", "세탁소 사장님 010-2281-5063", "오타 있었음 끝자리 5036 이 맞아"],
      [
        "en",
        "where is the kids' swim class",
        "Kids' swim class: pool C17, Saturdays 10am",
        "not C17, it's C71",
      ],
      ["mixed", "요가 락커 몇 번이야", "요가원 락커 B214, 비번은 생일", "oops not B214, it is B241"],
    ])(
      "puts a note that puts right a value naming the older note above it, with no word of the question (%s)",
      (_lang, query, older, newer) => {
        expect(underGate(query, older, newer)).toEqual(["new", "old"]);
      },
    );

    it("does not tie a note that says a short value is not so", () => {
      // A day or a time names no note by itself.
      expect(
        underGate("헬스 PT 무슨 요일이야?", "헬스 PT 화목 저녁 8시", "아 잘못 적음 8시 아니고 9시 저녁 약속"),
      ).toEqual(["old", "new (not relevant)"]);
    });

    it("does not tie a note that puts another fact right", () => {
      expect(
        underGate(
          "팀 회의 무슨 요일이야?",
          "팀 회의 매주 화요일 아침 8시반",
          "아 잘못 적음 21일 아니고 28일임. 토요일 11시 그대로",
        ),
      ).toEqual(["old", "new (not relevant)"]);
    });

    it("does not tie a correction that shares no word of the question with the older note", () => {
      expect(
        underGate("부산 가는 KTX 몇 시야?", "부산 출장 KTX 서울역 7시꺼 예매", "아니 7시 아니고 7시 30분"),
      ).toEqual(["old", "new (not relevant)"]);
    });
  });

  describe("a move of home", () => {
    it.each([
      [
        "ko",
        "자취방 월세 얼마야?",
        "자취방 신림동 원룸 월세 45 관리비 7",
        "이사 확정!! 다음 달부터 봉천동 투룸 월세 55",
      ],
      [
        "en",
        "where do I live now?",
        "I live in a shared flat in Hongdae, room 3",
        "finally moved into my own place in Mapo today",
      ],
      [
        "mixed",
        "내 주소 뭐였지",
        "my address: 서초구 반포대로 45, 1203호",
        "이사 끝!! 성북구 보문로 12, 402호",
      ],
    ])(
      "puts the note that says one moved above the old home's, sharing no word (%s)",
      (_lang, query, older, newer) => {
        expect(underGate(query, older, newer)).toEqual(["new", "old"]);
      },
    );

    it.each([
      // Someone else's home.
      ["동생 원룸 주소", "동생 원룸 주소 노원구 상계로 9, 301호", "이사 끝!! 성북구 보문로 12, 402호"],
      // Something else of the home.
      ["집 와이파이 비번 뭐였지", "집 와이파이 비번 hana1234", "이사 끝!! 성북구 보문로 12, 402호"],
      // The rent asked, and the move note gives none.
      ["자취방 월세 얼마야?", "자취방 신림동 원룸 월세 45 관리비 7", "이사 끝!! 성북구 보문로 12, 402호"],
      // Someone else moved.
      ["내 주소 뭐였지", "my address: 서초구 반포대로 45, 1203호", "엄마 이사 끝났대 성북구 보문로 12"],
    ])("leaves the old home's note first for %j", (query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["old", "new (not relevant)"]);
    });
  });

  describe("a move of one's workplace", () => {
    it.each([
      [
        "ko",
        "회사 주소 어디였지?",
        "회사 주소 종로구 삼일대로 30, 9층. 택배는 1층 안내데스크",
        "사무실 을지로로 이사 완료, 새 건물 12층",
      ],
      [
        "en",
        "what's the company address?",
        "company address: 9F, 30 Samil-daero, parcels go to the front desk",
        "the office moved to Euljiro, 12F of the new tower",
      ],
      [
        "mixed",
        "office 주소 뭐였지",
        "office 주소 종로구 삼일대로 30, 9층",
        "회사 이전 완료! 을지로 새 건물 12층",
      ],
    ])(
      "puts the note that says the workplace moved above its old address, sharing no word (%s)",
      (_lang, query, older, newer) => {
        expect(underGate(query, older, newer)).toEqual(["new", "old"]);
      },
    );

    it.each([
      // Something at the office asked for.
      [
        "회사 주차 어디에 대면 돼?",
        "회사 주차 지하 2층 B-14 자리",
        "사무실 을지로로 이사 완료, 새 건물 12층",
      ],
      // Another workplace moved.
      ["회사 주소 어디였지?", "회사 주소 종로구 삼일대로 30, 9층", "단골 가게 이전 완료, 이제 을지로"],
      // Someone else's office moved.
      ["회사 주소 어디였지?", "회사 주소 종로구 삼일대로 30, 9층", "남편 회사 이사 끝났대 을지로로"],
      // The speaker's home moved.
      ["회사 주소 어디였지?", "회사 주소 종로구 삼일대로 30, 9층", "이사 끝!! 성북구 보문로 12, 402호"],
    ])("leaves the old workplace note first for %j", (query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["old", "new (not relevant)"]);
    });
  });

  describe("a change note that writes a name in the other script", () => {
    it.each([
      [
        "ko",
        "도윤 수영 몇 시야",
        "도윤 수영 토요일 오전 10시 구민체육센터",
        "Doyun's swim class moved to Sunday 11am",
      ],
      [
        "en",
        "when is Jiho's swim class?",
        "Jiho's swim class is Tuesdays at 5pm",
        "지호 수영 목요일 6시로 바뀜",
      ],
      [
        "mixed",
        "서윤 piano lesson 언제야",
        "서윤 piano lesson 월요일 4시",
        "Seoyun's piano moved to Wednesday 5pm",
      ],
    ])("puts it above the note it changes, under the gate (%s)", (_lang, query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["new", "old"]);
    });

    it.each([
      // Another child's class moved.
      ["지호 수영 몇 시야", "지호 수영 목요일 6시", "Hayun's swim class moved to Friday 5pm"],
      // A word of the lexicon that sounds like an English one (치과 / check) is not read by its sound.
      ["치과 예약 언제야", "치과 예약 5월 3일 오후 2시", "Bike check moved to May 9"],
    ])("leaves the older note first for %j", (query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["old", "new (not relevant)"]);
    });
  });

  describe("a change of the value asked for, under the relevance gate", () => {
    // Each newer note leaves out a word the question names the thing by (솔빛, 발레, karate).
    it.each([
      [
        "ko",
        "솔빛 합창공연 리허설 몇 시야?",
        "솔빛 합창공연 5월 9일 리허설 7시, 대강당",
        "합창 리허설 6시 반으로 당겨짐",
      ],
      [
        "ko",
        "하린 발레 몇 시에 끝나?",
        "하린 발레 끝나는거 5시 반. 화목은 내가 픽업",
        "하린 학원 시간표 바뀜, 이제 6시 40분 끝남",
      ],
      [
        "en",
        "when does Leo's karate end?",
        "Leo's karate ends at 6pm, I pick him up Tue/Thu",
        "Leo's dojo timetable changed, he ends at 7:10pm now",
      ],
      [
        "mixed",
        "Leo 태권도 몇 시에 끝나?",
        "Leo 태권도 끝나는거 6시, 화목 픽업",
        "Leo dojo 시간표 바뀜 → 7시10분 끝남",
      ],
    ])(
      "puts it above the note it changes when both hold two words of the question (%s)",
      (_lang, query, older, newer) => {
        expect(underGate(query, older, newer)).toEqual(["new", "old"]);
      },
    );

    it("stays below when the two share one word of the question", () => {
      expect(
        underGate(
          "엄마 치과 예약 며칠이야?",
          "엄마 치과 예약 3월 14일 오전 10시",
          "엄마 검진 다음 주 목요일 21일로 밀림",
        ),
      ).toEqual(["old", "new (not relevant)"]);
    });
  });

  describe("a note under the relevance gate that holds every question word the answer holds", () => {
    // Each newer note shares too few words with the older to state its fact by words alone
    // (fact-slots.ts statesSameFact) and says no change.
    it.each([
      [
        "ko",
        "이모 병실 몇 호야?",
        "이모 병실 501호. 창가 침대. 식사 조절 중",
        "이모 병실 3층 307호로. 간호사실 앞 방, 1인실",
      ],
      [
        "en",
        "which ward is grandpa in?",
        "grandpa ward B, window bed, low salt meals",
        "grandpa ward D, nurse station side, single room",
      ],
      [
        "mixed",
        "grandpa 병실 몇 호야?",
        "grandpa 병실 501호. 창가 침대, 식사 조절",
        "grandpa 병실 307호로. 간호사실 앞 1인실",
      ],
    ])("jumps the older answer and becomes the answer (%s)", (_lang, query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["new", "old"]);
    });

    it("stays below when it lacks one of them, or names another owner", () => {
      expect(
        underGate(
          "이모 병실 몇 호야?",
          "이모 병실 501호. 창가 침대. 식사 조절 중",
          "이모 면회 3시부터 5시, 신분증 지참",
        ),
      ).toEqual(["old", "new (not relevant)"]);
      expect(underGate("병실 몇 호야?", "내 병실 501호, 창가 자리", "엄마 병실 307호")).toEqual([
        "old",
        "new (not relevant)",
      ]);
    });
  });

  describe("a note that gives the value asked for again", () => {
    // Neither says a change, and the newer one names its fact shorter than the older (피아노 for
    // 피아노학원) and shares too few words with it to state its fact by words alone.
    it.each([
      [
        "ko",
        "지우 피아노학원 몇 시에 끝나?",
        "지우 피아노학원 끝나는 시간 5시 20분, 정문 앞에서 픽업",
        "지우 피아노 6시에 끝남 (진도 빨라서)",
      ],
      [
        "mixed",
        "Mia 수영 몇 시에 끝나?",
        "Mia 수영 끝나는 시간 4시 30분, 옆문에서 픽업",
        "Mia 수영 5시 15분에 끝남 (윗반)",
      ],
    ])("leads the older answer, under the gate or not (%s)", (_lang, query, older, newer) => {
      expect(underGate(query, older, newer)).toEqual(["new", "old"]);
      expect(rankOlderAndNewer(query, older, newer).map((r) => r.id)).toEqual(["new", "old"]);
    });

    it.each([
      ["names its value by a word the older lacks", "지우 피아노 콩쿠르 6월 3일에 끝남"],
      ["gives another kind of value", "지우 피아노학원 원비 18만원으로 끝남"],
      ["is another child's", "민서 피아노 6시에 끝남 (진도 빨라서)"],
    ])("stays below when it %s", (_case, newer) => {
      expect(
        underGate(
          "지우 피아노학원 몇 시에 끝나?",
          "지우 피아노학원 끝나는 시간 5시 20분, 정문 앞에서 픽업",
          newer,
        ),
      ).toEqual(["old", "new (not relevant)"]);
    });
  });

  it("ties a newer note to the older by a noun of the fact when the question asks what is so now", () => {
    const older = "수영장 사물함 31번, 열쇠는 카운터에서";
    const newer = "락커 88번으로 받음";
    const asked = (query: string) => rankOlderAndNewer(query, older, newer).map((r) => r.id);
    // 요즘 says the change the newer note does not; 락커 is another name of 사물함 (words/same-thing.ts).
    expect(asked("요즘 수영장에서 쓰는 칸 몇 번이야?")).toEqual(["new", "old"]);
    expect(asked("수영장에서 쓰는 칸 몇 번이야?")).toEqual(["old", "new"]);
    // A newer note with a qualifier of its own is about another thing of the kind, asked now or not.
    expect(
      rankOlderAndNewer(
        "지금 할머니 병원 예약 언제야?",
        "할머니 병원 예약 3월 3일",
        "할아버지 병원 예약 3월 10일",
      ).map((r) => r.id),
    ).toEqual(["old", "new"]);
  });

  it("does not link a newer note about another thing of the same name in the other script", () => {
    const results = rankOlderAndNewer(
      "케빈 사무실 몇 층이야?",
      "케빈 사무실 7층",
      "Kevin adopted a puppy named Max",
    );
    expect(results.map((r) => r.id)).toEqual(["old", "new"]);
    expect(results[0]?.supersedes).toBeUndefined();
  });

  it("does not link the speaker's own thing to a relative's thing of the same name", () => {
    for (const [query, older, newer] of [
      ["내 생일 언제야?", "내 생일은 2월 8일이야", "남편 생일은 11월 20일"],
      ["what's my locker number?", "my gym locker number is 14", "my son's gym locker number is 30"],
    ] as const) {
      const results = rankOlderAndNewer(query, older, newer);
      expect(results.map((r) => r.id)).toEqual(["old", "new"]);
      expect(results.every((r) => r.supersedes === undefined)).toBe(true);
    }
    // The speaker's own thing said again without the possessive is the same thing, newer first.
    expect(
      rankOlderAndNewer("내 생일 언제야?", "내 생일은 2월 8일이야", "생일 2월 9일로 정정")[0],
    ).toMatchObject({
      id: "new",
      supersedes: "old",
    });
  });

  it("keeps an older event first for a question about when it happened", () => {
    const older = "Book club met at the library on March 3";
    const newer = "Book club met at the cafe on April 9";
    const rank = (query: string) =>
      rankHybrid({
        query,
        vector: [vec("old", 0.6, older, 1 * DAY), vec("new", 0.2, newer, 30 * DAY)],
        keyword: [kw("old", 12, 1, older, 1 * DAY), kw("new", 2, 0.2, newer, 30 * DAY)],
        topK: 10,
      }).map((r) => r.id);
    expect(rank("when did book club meet at the library?")).toEqual(["old", "new"]);
    expect(rank("where does book club meet")).toEqual(["new", "old"]); // the current fact: newest first
  });

  it("does not let a newer memory of another fact on the same date jump", () => {
    const answer = "치과 예약 4월 9일 오후 3시";
    const other = "복실이 생일 4월 12일";
    const results = rankHybrid({
      query: "치과 예약 언제",
      vector: [vec("answer", 0.6, answer, 1 * DAY), vec("other", 0.2, other, 30 * DAY)],
      keyword: [kw("answer", 12, 1, answer, 1 * DAY), kw("other", 2, 0.2, other, 30 * DAY)],
      topK: 10,
    });
    expect(results.map((r) => r.id)).toEqual(["answer", "other"]);
    expect(results[1]?.relevant).toBe(false);
  });

  it("marks relevant a newer statement of the fact that already ranks above the older, under the gate", () => {
    const older = "내일 오후 3시에 팀 회의 있어";
    const newer = "회의 4시로 바뀌었어";
    const other = "점심 메뉴 김치찌개";
    // The newer one scores higher but covers too little of the question to clear the gate itself.
    const results = rankHybrid({
      query: "회의 몇 시야?",
      vector: [
        vec("new", 0.3, newer, 30 * DAY),
        vec("old", 0.2, older, 1 * DAY),
        vec("x", 0.1, other, 40 * DAY),
      ],
      keyword: [kw("new", 12, 0.3, newer, 30 * DAY), kw("old", 6, 1, older, 1 * DAY)],
      topK: 10,
    });
    expect(results.map((r) => r.id)).toEqual(["new", "old", "x"]);
    expect(results[0]).toMatchObject({ relevant: true, supersedes: "old" });
    expect(results[1]?.relevant).toBe(true);
    // A newer memory of something else stays below the gate.
    expect(results[2]?.relevant).toBe(false);
  });

  it("adds the recency prior: of two notes found about as well the newer leads, one found far better stays first", () => {
    const rank = (newerScore: number, options: { recencyPrior?: number; recency?: boolean }) =>
      rankHybrid({
        query: "q",
        vector: [],
        keyword: [
          kw("older", 10, 1, "a", 1 * DAY),
          kw("mid", 1, 1, "c", 10 * DAY),
          kw("newer", newerScore, 1, "b", 30 * DAY),
        ],
        topK: 10,
        method: "score",
        ...options,
      }).map((r) => r.id);
    // 0.95 + 0.1 × 1 (the newest) against 1 + 0 (the oldest).
    expect(rank(9.5, { recencyPrior: 0.1 })).toEqual(["newer", "older", "mid"]);
    expect(rank(8, { recencyPrior: 0.1 })).toEqual(["older", "newer", "mid"]);
    // None by default, nor with recency off.
    expect(rank(9.5, {})).toEqual(["older", "newer", "mid"]);
    expect(rank(9.5, { recencyPrior: 0.1, recency: false })).toEqual(["older", "newer", "mid"]);
  });

  it("keeps the fused order without recency when asked", () => {
    const older = "도현이 전화번호 010-4821-7735";
    const newer = "도현이 전화번호 바꿨대 010-9312-0468";
    const results = rankHybrid({
      query: "도현이 전화번호",
      vector: [vec("old", 0.6, older, 1), vec("new", 0.5, newer, 2)],
      keyword: [],
      topK: 10,
      recency: false,
    });
    expect(results.map((r) => r.id)).toEqual(["old", "new"]);
  });

  it("returns at most topK", () => {
    const results = rankHybrid({
      query: "q",
      vector: [vec("a", 0.9, "a"), vec("b", 0.8, "b"), vec("c", 0.7, "c")],
      keyword: [],
      topK: 2,
    });
    expect(results).toHaveLength(2);
  });
});

describe("rankHybrid conversation context", () => {
  const ctx = (id: string, text: string): ContextDoc => ({ id, text, timestamp: 0 });
  // BM25 finds the question and a weaker unrelated memory; the answer (the reply) shares no word.
  const keyword = [
    kw("q", 10, 1, "Jonah: what's your longest run so far?"),
    kw("x", 4, 0.3, "Maya: the run club meets on Sundays"),
  ];
  const neighbours: Record<string, ContextDoc[]> = {
    q: [ctx("a", "Maya: like 6 miles, and I had to walk the last hill")],
    x: [ctx("y", "Jonah: nice")],
  };

  it("adds a top result's neighbours at CONTEXT_WEIGHT of its score, relevant as it is", () => {
    const results = rankHybrid({
      query: "How long was Maya's longest run?",
      vector: [],
      keyword,
      topK: 10,
      method: "score",
      context: { neighbours: (id) => neighbours[id] ?? [] },
    });
    expect(results.map((r) => r.id)).toEqual(["q", "a", "x", "y"]);
    expect(results[1]).toMatchObject({ contextOf: "q", relevant: true, ranks: {} });
    expect(results[1]!.score).toBeCloseTo(CONTEXT_WEIGHT * results[0]!.score, 12);
    expect(results[3]).toMatchObject({ contextOf: "x", relevant: false });
    // Relevant only as the answer's context: marked, so an answer without a model can leave it out.
    expect(results[1]!.byContext).toBe(true);
    expect(results[0]!.byContext).toBeUndefined();
  });

  it("lifts a listed result that scored less, keeps one that scored more, and adds nothing without context", () => {
    const lifted = rankHybrid({
      query: "longest run",
      vector: [],
      keyword: [...keyword, kw("a", 1, 0.1, "Maya: like 6 miles, and I had to walk the last hill")],
      topK: 10,
      method: "score",
      context: { neighbours: (id) => neighbours[id] ?? [] },
    });
    expect(lifted.map((r) => r.id)).toEqual(["q", "a", "x", "y"]);
    expect(lifted[1]).toMatchObject({ contextOf: "q", keywordScore: 1, byContext: true });
    const relevantItself = rankHybrid({
      query: "longest run",
      vector: [],
      keyword: [...keyword, kw("a", 1, 1, "Maya: like 6 miles, and I had to walk the last hill")],
      topK: 10,
      method: "score",
      context: { neighbours: (id) => neighbours[id] ?? [] },
    });
    expect(relevantItself[1]).toMatchObject({ id: "a", contextOf: "q", relevant: true });
    expect(relevantItself[1]!.byContext).toBeUndefined();
    const without = rankHybrid({ query: "longest run", vector: [], keyword, topK: 10, method: "score" });
    expect(without.map((r) => r.id)).toEqual(["q", "x"]);
  });

  it("puts a later neighbour that corrects the answer's value in its place, superseding it, in ko, en and mixed", () => {
    const cases = [
      ["세무사 상담 몇 시야?", "다음 주 목요일 2시에 세무사 상담", "앗 2시 아니고 2시 반"],
      ["when does book club meet?", "book club meets on Friday at 7", "oops, not Friday, Saturday"],
      ["pilates 수업 무슨 요일?", "pilates 수업 수요일 저녁", "sorry 수요일이 아니라 목요일이야"],
    ] as const;
    for (const [query, answer, correction] of cases) {
      const results = rankHybrid({
        query,
        vector: [],
        keyword: [kw("m", 5, 1, answer, 1_000)],
        topK: 10,
        method: "score",
        context: {
          neighbours: () => [
            { id: "before", text: "ok", timestamp: 500 },
            { id: "fix", text: correction, timestamp: 61_000 },
          ],
        },
      });
      expect(results.map((r) => r.id)).toEqual(["fix", "m", "before"]);
      expect(results[0]).toMatchObject({ relevant: true, supersedes: "m", score: results[1]!.score });
      expect(results[0]!.byContext).toBeUndefined();
      expect(results[2]!.byContext).toBe(true);
    }
  });

  /** The answer `m` alone, and `followUp` said next in its channel nine days later. */
  const withFollowUp = (query: string, answer: string, followUp: string) =>
    rankHybrid({
      query,
      vector: [],
      keyword: [kw("m", 5, 1, answer, 1_000)],
      topK: 10,
      method: "score",
      context: {
        neighbours: () => [],
        followUp: () => ({ id: "later", text: followUp, timestamp: 1_000 + 9 * DAY }),
      },
    });

  it.each([
    ["ko", "치과 검진 언제야?", "치과 정기검진 화요일 2시 예약", "앗 그거 목요일 4시로 옮김"],
    ["en", "when is the team dinner?", "team dinner on May 3 at 7pm, Ondal", "that got pushed to May 10"],
    [
      "mixed",
      "workshop 장소 어디야?",
      "디자인 workshop 6/2 오후 3시 본관 4층",
      "그 workshop 장소 2층으로 바뀜",
    ],
  ])(
    "puts the next note that points back and changes the answer's value in its place, however much later (%s)",
    (_lang, query, answer, followUp) => {
      const results = withFollowUp(query, answer, followUp);
      expect(results.map((r) => r.id)).toEqual(["later", "m"]);
      expect(results[0]).toMatchObject({ relevant: true, supersedes: "m", score: results[1]!.score });
    },
  );

  it.each([
    [
      "ko, that person",
      "민지 고객님 커트 몇 시야?",
      "토요일 민지 고객님 오전 11시 커트",
      "그분 오후 3시로 옮겨달라고 하심",
    ],
    ["ko, the old value named", "재고 몇 개 남았지?", "창고 재고 36개 남음", "아까 36 오타 63개임"],
    [
      "en, the old value named",
      "how many chairs did we order?",
      "ordered 24 chairs for the hall",
      "typo earlier: not 24, 42",
    ],
  ])("puts the next note that puts the answer right in its place (%s)", (_case, query, answer, followUp) => {
    const results = withFollowUp(query, answer, followUp);
    expect(results.map((r) => r.id)).toEqual(["later", "m"]);
    expect(results[0]).toMatchObject({ relevant: true, supersedes: "m" });
  });

  it.each([
    ["points at a thing the answer lacks", "그 수영 강습 목요일 4시로 옮김"],
    ["marks a correction of a value the answer does not give", "아까 5 오타 6임"],
    ["says no change and gives no value", "아 그거 잘 다녀왔어"],
    ["gives no new value", "그거 화요일 2시 그대로"],
  ])("leaves out a later note that %s", (_case, followUp) => {
    expect(
      withFollowUp("치과 검진 언제야?", "치과 정기검진 화요일 2시 예약", followUp).map((r) => r.id),
    ).toEqual(["m"]);
  });

  it("leaves an earlier neighbour, or one that names another thing, as context", () => {
    const results = rankHybrid({
      query: "세무사 상담 몇 시야?",
      vector: [],
      keyword: [kw("m", 5, 1, "다음 주 목요일 2시에 세무사 상담", 1_000)],
      topK: 10,
      method: "score",
      context: {
        neighbours: () => [
          { id: "earlier", text: "2시 아니고 3시", timestamp: 500 },
          { id: "other", text: "2시 말고 4시에 치과", timestamp: 61_000 },
        ],
      },
    });
    expect(results.map((r) => r.id)).toEqual(["m", "earlier", "other"]);
    expect(results.filter((r) => r.supersedes)).toEqual([]);
    expect(results.slice(1).every((r) => r.byContext === true)).toBe(true);
  });

  it(`takes neighbours of the first ${CONTEXT_ANCHORS} results only, and cuts to topK after`, () => {
    const many = Array.from({ length: CONTEXT_ANCHORS + 1 }, (_, i) => kw(`k${i}`, 100 - i, 1, `run ${i}`));
    const results = rankHybrid({
      query: "run",
      vector: [],
      keyword: many,
      topK: 100,
      method: "score",
      context: { neighbours: (id) => [ctx(`${id}-reply`, "ok")] },
    });
    const added = results.filter((r) => r.contextOf).map((r) => r.id);
    expect(added).toEqual(many.slice(0, CONTEXT_ANCHORS).map((c) => `${c.id}-reply`));
    const cut = rankHybrid({
      query: "run",
      vector: [],
      keyword: many,
      topK: 3,
      method: "score",
      context: { neighbours: (id) => [ctx(`${id}-reply`, "ok")] },
    });
    expect(cut.map((r) => r.id)).toEqual(["k0", "k1", "k2"]);
  });
});

describe("rankHybrid step 6: a listed change above the note it changes", () => {
  // The first result gives a number of no kind, which may answer any question (step 7 keeps it first).
  const room = kw("room", 9, 1, "pottery class room 204 in the arts center", 3 * DAY);
  const cls = kw("class", 6, 0.6, "pottery class on Thursdays at 7:30pm", DAY);
  const moved = kw("moved", 2, 0.2, "studio timetable redone → Thu 20:00", 6 * DAY);
  const rank = (query: string, changes: (id: string) => ContextDoc | undefined) =>
    rankHybrid({
      query,
      vector: [],
      keyword: [room, cls, moved],
      topK: 10,
      method: "score",
      recency: false,
      context: { neighbours: () => [], changes },
    });
  const changesClass = (id: string): ContextDoc | undefined => (id === "moved" ? cls : undefined);

  it("puts a change listed under the answer right above the note it changes, as relevant as it", () => {
    const results = rank("what time is pottery class?", changesClass);
    expect(results.map((r) => r.id)).toEqual(["room", "moved", "class"]);
    expect(results[1]).toMatchObject({ relevant: true, supersedes: "class", score: results[2]!.score });
  });

  it("lifts a change brought in as another result's context as an answer, no longer its context", () => {
    const results = rankHybrid({
      query: "what time is pottery class?",
      vector: [],
      keyword: [room, cls],
      topK: 10,
      method: "score",
      recency: false,
      context: { neighbours: (id) => (id === "room" ? [moved] : []), changes: changesClass },
    });
    expect(results.map((r) => r.id)).toEqual(["room", "moved", "class"]);
    expect(results[1]!.byContext).toBeUndefined();
    expect(results[1]!.contextOf).toBeUndefined();
  });

  it("leaves the list as it is when the question names the older note's value or asks what the change lacks", () => {
    expect(rank("pottery class 7:30pm?", changesClass).map((r) => r.id)).toEqual(["room", "class", "moved"]);
    expect(rank("how much is pottery class", changesClass).map((r) => r.id)).toEqual([
      "room",
      "class",
      "moved",
    ]);
    expect(rank("what time is pottery class?", () => undefined).map((r) => r.id)).toEqual([
      "room",
      "class",
      "moved",
    ]);
  });
});

describe("rankHybrid step 7: a question for a value answered by a note that gives one", () => {
  const rank = (query: string, keyword: KeywordCandidate[]) =>
    rankHybrid({ query, vector: [], keyword, topK: 10, method: "score", recency: false }).map((r) => r.id);
  const cake = kw("cake", 9, 1, "도윤이 생일 케이크는 초코로 주문하기", 2 * DAY);
  const date = kw("date", 8, 1, "도윤이 생일 9월 14일, 올해 여섯 살", DAY);

  it("puts a relevant note that gives the kind asked above a first one that gives no value", () => {
    expect(rank("도윤이 생일 며칠이야?", [cake, date])).toEqual(["date", "cake"]);
    expect(
      rank("when is Doyun's birthday?", [
        kw("party", 9, 1, "Doyun's birthday party: ask his class friends", 2 * DAY),
        kw("day", 8, 1, "Doyun's birthday is September 14", DAY),
      ]),
    ).toEqual(["day", "party"]);
  });

  it("puts it above a first one that gives values of other kinds only, unless that one supersedes it", () => {
    const price = kw("price", 9, 1, "도윤이 생일 케이크 3만원, 초코로", 2 * DAY);
    expect(rank("도윤이 생일 며칠이야?", [price, date])).toEqual(["date", "price"]);
    // A newer note that supersedes it (recency.ts) is a newer statement of its fact: it stays first.
    const newer = rankHybrid({
      query: "도윤이 생일 며칠이야?",
      vector: [],
      keyword: [date, kw("newer", 9, 1, "도윤이 생일 케이크 바뀜 이제 3만원짜리", 3 * DAY)],
      topK: 10,
      method: "score",
    });
    expect(newer.map((r) => [r.id, r.supersedes])).toEqual([
      ["newer", "date"],
      ["date", undefined],
    ]);
  });

  it("lifts no conversation neighbour: it is the first result's context, not a match of its own", () => {
    const said = { id: "said", timestamp: 2 * DAY + 60_000, text: "9월 14일 토요일 오후로 잡았어" };
    const results = rankHybrid({
      query: "도윤이 생일 며칠이야?",
      vector: [],
      keyword: [cake],
      topK: 10,
      method: "score",
      recency: false,
      context: { neighbours: (id) => (id === "cake" ? [said] : []) },
    });
    expect(results.map((r) => [r.id, r.byContext])).toEqual([
      ["cake", undefined],
      ["said", true],
    ]);
  });

  it("leaves the order when nothing is asked for, the first gives a value, or the one that would go up is under the gate", () => {
    expect(rank("도윤이 생일 케이크 뭐로 했지?", [cake, date])).toEqual(["cake", "date"]);
    const dated = kw("dated", 9, 1, "도윤이 생일 케이크 9월 13일에 찾으러 가기", 2 * DAY);
    expect(rank("도윤이 생일 며칠이야?", [dated, date])).toEqual(["dated", "date"]);
    // A number of no kind may be of any: the first gives what is asked as far as anyone can tell.
    const counted = kw("counted", 9, 1, "도윤이 생일 초 6개 챙기기", 2 * DAY);
    expect(rank("도윤이 생일 며칠이야?", [counted, date])).toEqual(["counted", "date"]);
    const faint = kw("faint", 1, 0.1, "도윤이 9월 14일", DAY);
    expect(rank("도윤이 생일 며칠이야?", [cake, faint])).toEqual(["cake", "faint"]);
  });
});

describe("namesOlderValue", () => {
  const pair = (query: string, older: string, newer: string) => ({
    older: new Set(tokenize(older)),
    newer: new Set(tokenize(newer)),
    queryTerms: new Set(tokenize(query)),
    series: seriesNumbers(query),
    texts: { older, newer },
  });

  it("reads a number the query names of the older note only as naming it, but not one of a series", () => {
    expect(
      namesOlderValue(pair("4417 누구 번호였지", "소장님 010-2231-4417", "소장님 번호 바뀜 010-2231-9052")),
    ).toBe(true);
    expect(namesOlderValue(pair("3차 면접 날짜", "3차 면접 10/2 오후 2시", "면접 10/9로 미뤄짐"))).toBe(
      false,
    );
  });

  it("reads one of a series as naming the older note when the newer is of another one of it", () => {
    expect(namesOlderValue(pair("3차 면접 날짜", "3차 면접 10/2 오후 2시", "4차 면접 10/9 오후 2시"))).toBe(
      true,
    );
    expect(
      namesOlderValue(
        pair("5월 독서모임 책", "5월 독서모임 책 '바다의 시간'", "6월 독서모임 책 '북쪽의 별'"),
      ),
    ).toBe(true);
  });
});

describe("dice", () => {
  it("is 2|A∩B| / (|A|+|B|)", () => {
    expect(dice(new Set(["a", "b"]), new Set(["b", "c", "d"]))).toBeCloseTo(0.4, 12);
    expect(dice(new Set(), new Set())).toBe(0);
  });
});
