import { describe, expect, it } from "vitest";
import { statesChangeOf } from "../../src/extraction/fact-slots.js";
import {
  rankHybrid,
  type KeywordCandidate,
  type VectorCandidate,
} from "../../src/memory/search/hybrid-ranking.js";
import { sharesQueryTopic, topicWords } from "../../src/memory/search/query-topic.js";
import { nameTokens, tokenize } from "../../src/text/tokenizer.js";

// Issue 22, item 1: an update worded unlike the fact it changes ("same fact, newer value" without the
// extractor) ranks above it when both hold what the query asks about; look-alikes stay apart.

const DAY = 86_400_000;

/**
 * Ranks an older and a newer memory for `query` the way recall finds them: the older one is the
 * better match of both halves and passes the relevance gate; the newer one is found by fewer words
 * and, unless `newerRelevant`, does not.
 */
function rank(query: string, older: string, newer: string, newerRelevant = false): string[] {
  const vector: VectorCandidate[] = [
    { id: "old", similarity: 0.62, text: older, timestamp: 10 * DAY },
    { id: "new", similarity: newerRelevant ? 0.5 : 0.2, text: newer, timestamp: 80 * DAY },
  ];
  const keyword: KeywordCandidate[] = [
    { id: "old", score: 11, coverage: 1, text: older, timestamp: 10 * DAY },
    { id: "new", score: 3, coverage: newerRelevant ? 1 : 0.3, text: newer, timestamp: 80 * DAY },
  ];
  return rankHybrid({ query, vector, keyword, topK: 10 }).map((r) => r.id);
}

/** [what the case shows, query, older memory, newer memory, whether the newer one passes the gate] */
type Case = [string, string, string, string, boolean?];

describe("a newer memory that says the asked-about fact changed", () => {
  const newerFirst: Case[] = [
    [
      "though they share few words (Korean)",
      "토너 어디서 주문해?",
      "사무실 토너 주문처 한빛오피스 02-555-0192",
      "토너 거래처 바꿈, 이제 삼정상사 02-777-3410",
    ],
    [
      "when the newer one names the thing with a shorter word",
      "수도요금 자동이체 며칠이야?",
      "수도요금 자동이체 매달 17일",
      "수도요금 이체일 3일로 바꿨음",
    ],
    // A phone number with a particle glued to it (…0199로) is still a phone number.
    [
      "with a particle glued to the new number",
      "세탁소 전화번호",
      "세탁소 사장님 번호 031-555-0107",
      "세탁소 전화도 031-555-0199로 바뀜",
    ],
    [
      "in English, the newer not relevant",
      "what's my bike lock combination?",
      "My bike lock combination is 4471",
      "Changed the code on the bike lock, it is 9035 now",
    ],
    [
      "in English, the newer relevant too",
      "what's my bike lock combination?",
      "My bike lock combination is 4471",
      "Changed the code on the bike lock, it is 9035 now",
      true,
    ],
  ];
  it.each(newerFirst)("ranks above the older one %s", (_, query, older, newer, relevant) => {
    expect(rank(query, older, newer, relevant)).toEqual(["new", "old"]);
  });

  const olderFirst: Case[] = [
    // 누나 says whose laundry: a later one without it may be another.
    [
      "a query word qualifies the thing and the newer memory lacks it",
      "누나 세탁소 전화번호",
      "누나 단골 세탁소 번호 031-555-0107",
      "세탁소 전화도 031-555-0199로 바뀜",
    ],
    [
      "they share only the query's first word (the thing, not the fact)",
      "보리 사료 얼마나 줘?",
      "보리 사료 하루 두 번 80g",
      "보리 미용 예약 바꿨어, 토요일 11시",
    ],
    [
      "they share only a person's name, as every line of a chat does",
      "What shoes did Odile order?",
      "Odile: I ordered trail shoes from a shop in Lyon last week",
      "Odile: oh and we have a new puppy now",
    ],
    [
      "the newer memory has no word of change",
      "토너 어디서 주문해?",
      "토너 주문처 한빛오피스 02-555-0192",
      "토너 거래처 삼정상사 02-777-3410",
    ],
    [
      "the question asks when something happened",
      "when did I set the bike lock combination?",
      "Set my bike lock combination to 4471",
      "Changed the bike lock code on Sunday, it is 9035 now",
    ],
  ];
  it.each(olderFirst)("does not jump when %s", (_, query, older, newer, relevant) => {
    expect(rank(query, older, newer, relevant)).toEqual(["old", "new"]);
  });
});

describe("statesChangeOf", () => {
  it("needs a word of change in the newer statement and a value or word the older lacks", () => {
    expect(statesChangeOf("자전거 자물쇠 번호 4471", "자물쇠 번호 바꿨어 9035")).toBe(true);
    expect(statesChangeOf("자전거 자물쇠 번호 4471", "자물쇠 번호 9035")).toBe(false);
    expect(statesChangeOf("the rent is 900 a month", "the rent is 900 a month now")).toBe(false);
  });

  it("keeps apart two things of one kind and values of different kinds", () => {
    // Both qualify the shared word differently: two rooms' air conditioners.
    expect(statesChangeOf("안방 에어컨 필터 4월 교체", "거실 에어컨 필터 이제 6월")).toBe(false);
    // A phone number is not a date.
    expect(statesChangeOf("세탁소 전화 031-555-0107", "세탁소 이제 수요일 휴무")).toBe(false);
  });
});

describe("topicWords and sharesQueryTopic", () => {
  it("keeps the words that name the thing, without names, values, units and question words", () => {
    const words = (q: string) => topicWords(q).map((w) => w.terms.join("+") + (w.qualifies ? "*" : ""));
    expect(words("What shoes did Odile order on Friday?")).not.toContain("odil");
    expect(words("아빠 병원 예약 언제야?")).toEqual(["아빠*", "병원*", "예약"]);
    expect(words("내 차 3번 주차칸 어디야")).not.toContain("번");
  });

  it("asks the newer memory to hold the last topic word the older holds, and more than half", () => {
    const terms = (text: string) => new Set(tokenize(text));
    const topic = topicWords("보리 사료 양");
    expect(sharesQueryTopic(terms("보리 사료 80g"), terms("사료 바꿨어, 보리 이제 70g"), topic)).toBe(true);
    expect(sharesQueryTopic(terms("보리 사료 80g"), terms("보리 미용 토요일"), topic)).toBe(false);
  });

  it("reads a hostile query in linear time", () => {
    const hostile = `${"A".repeat(20_000)} ${"!".repeat(20_000)}a ${"Bb ".repeat(10_000)}`;
    const started = performance.now();
    topicWords(hostile);
    nameTokens(hostile);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("nameTokens", () => {
  it("finds capitalised words that do not begin a sentence", () => {
    expect(nameTokens("Where does Ines park her bike? Ask Tarek.")).toEqual(["ine", "tarek"]);
    expect(nameTokens("When is my dentist appointment")).toEqual([]);
    expect(nameTokens("도현이 전화번호")).toEqual([]);
  });
});
