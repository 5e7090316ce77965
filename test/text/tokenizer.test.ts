import { describe, expect, it } from "vitest";
import {
  contentTokens,
  embeddingTokens,
  namesValueOnlyIn,
  queryContentTokens,
  tokenize,
} from "../../src/text/tokenizer.js";

const shares = (a: string, b: string): string[] => {
  const tb = new Set(tokenize(b));
  return [...new Set(tokenize(a))].filter((t) => tb.has(t));
};

describe("tokenize", () => {
  it("emits Hangul syllable bigrams, and a one-syllable word as itself", () => {
    expect(tokenize("결혼정장")).toEqual(["결혼", "혼정", "정장"]);
    expect(tokenize("집")).toEqual(["집"]);
  });

  it("strips particles so 생일이/생일은/생일의 all yield 생일", () => {
    for (const word of ["생일이", "생일은", "생일의", "생일"]) expect(tokenize(word)).toEqual(["생일"]);
    expect(tokenize("하준이는")).toEqual(["하준"]);
  });

  it("keeps two-syllable nouns whose last syllable looks like a particle", () => {
    expect(tokenize("오이")).toEqual(["오이"]);
    expect(tokenize("포도")).toEqual(["포도"]);
    // 의 ends many two-syllable nouns (회의, 강의, 문의); after one syllable it is seldom the genitive.
    expect(tokenize("회의")).toEqual(["회의"]);
    expect(tokenize("강의는")).toEqual(["강의"]);
    expect(shares("회의 몇 시야?", "어제 회 먹었어")).toEqual([]);
  });

  it("matches spacing variants through the bigram across the space", () => {
    expect(tokenize("결혼 정장")).toEqual(["결혼", "혼정", "정장"]);
    expect(shares("안경도수", "안경 도수")).toEqual(["안경", "경도", "도수"]);
  });

  it("drops interrogatives and request verbs", () => {
    expect(tokenize("또리의 생일이 언제야?")).toEqual(["또리", "리생", "생일"]);
    expect(tokenize("뭐였지 어디꺼야 알려주세요")).toEqual([]);
  });

  it("finds a phone number by its digits without hyphens and by its last group", () => {
    const doc = new Set(tokenize("도현이 폰번호 010-1234-5678"));
    expect(doc.has("01012345678")).toBe(true);
    expect(doc.has("5678")).toBe(true);
    expect(tokenize("01012345678")).toContain("5678");
  });

  it("matches 0246277719 to 02-462-7719 through the four-digit tail", () => {
    expect(shares("0246277719 이거 무슨 번호야", "동물병원 02-462-7719")).toEqual(["7719"]);
  });

  it("drops a particle glued to a number (8816으로) and pairs a number with its unit", () => {
    expect(tokenize("8816으로 끝나는")).toEqual(["8816", "끝나"]);
    expect(tokenize("8월 9일")).toEqual(["8", "8월", "월", "9", "9일", "일"]);
  });

  it("joins thousands separators", () => {
    expect(tokenize("3,300,000원")).toEqual(["3300000", "3300000원", "원"]);
  });

  it("keeps codes whole and splits them into letters and digits", () => {
    expect(tokenize("KE1227")).toEqual(["ke1227", "ke", "1227"]);
  });

  it("lower-cases Latin words, drops stop words and strips a plural s", () => {
    expect(tokenize("When is Yerin's birthday? Plans renews")).toEqual([
      "yerin",
      "birthday",
      "plan",
      "renew",
    ]);
  });

  it("normalises to NFC so decomposed Hangul matches composed", () => {
    expect(tokenize("생일".normalize("NFD"))).toEqual(["생일"]);
  });

  it("ignores jamo laughter and emoji", () => {
    expect(tokenize("ㅋㅋㅋ ㅠㅠ 👍")).toEqual([]);
  });

  it("contentTokens leaves out the bigrams joining two words", () => {
    expect(contentTokens("결혼 정장")).toEqual(["결혼", "정장"]);
  });

  it("reads a predicate noun without the light verb glued to it, so no bigram of the verb is a word", () => {
    expect(tokenize("정비소 예약해놨어")).toEqual(["정비", "비소", "소예", "예약"]);
    // A question's words and a note's share the noun whatever the verb's form.
    expect(queryContentTokens("정비소 어디로 예약돼있더라?")).toEqual(["정비", "비소", "예약"]);
    expect(shares("정비소 예약돼있더라", "정비소 예약함 내일 10시")).toEqual([
      "정비",
      "비소",
      "소예",
      "예약",
    ]);
  });

  it("keeps the offline embedder's tokens as they were, with the verb's bigrams", () => {
    expect(embeddingTokens("정비소 예약해놨어")).toEqual([
      "정비",
      "비소",
      "소예",
      "예약",
      "약해",
      "해놨",
      "놨어",
    ]);
  });
});

describe("queryContentTokens", () => {
  it("leaves out the verb by which one asks the assistant what it holds, and keeps it elsewhere", () => {
    expect(queryContentTokens("do you remember my plumber?")).toEqual(["plumber"]);
    expect(queryContentTokens("tell me about my plumber")).toEqual(["plumber"]);
    expect(queryContentTokens("Do you know my plumber's number?")).toEqual(["plumber", "number"]);
    expect(queryContentTokens("what did I tell Yerin?")).toEqual(["tell", "yerin"]);
    // Words of now ask what is so now and name nothing a note holds.
    expect(queryContentTokens("요즘 어디 살아?")).toEqual(queryContentTokens("어디 살아?"));
    expect(queryContentTokens("요즘엔 필라테스 어디 다녀?")).toEqual(contentTokens("필라테스"));
    expect(queryContentTokens("which gym do I go to these days?")).toEqual(["gym"]);
  });

  it("leaves out the verb by which an amount is paid, received or taken at a question's end", () => {
    expect(queryContentTokens("보험료 얼마 내고 있어?")).toEqual(["보험", "험료"]);
    expect(queryContentTokens("보험료 얼마 내고있지")).toEqual(["보험", "험료"]);
    expect(queryContentTokens("알바비 얼마 받았어?")).toEqual(["알바", "바비"]);
    expect(queryContentTokens("보험료 얼마씩 나가?")).toEqual(["보험", "험료"]);
    expect(queryContentTokens("공항까지 몇 분 걸려?")).toEqual(queryContentTokens("공항까지 몇 분?"));
    // A statement keeps its verbs; a verb that is not one of paying stays in a question too.
    expect(queryContentTokens("보험료 내고 왔어")).toContain("내고");
    expect(queryContentTokens("화분 언제 옮기고 있어?")).toContain("옮기");
  });

  it("leaves out a report of saying ('… 한다고 했지?', '… 얘기 했던 거'), keeping the noun of a 하다 verb", () => {
    const plain = queryContentTokens("개명 언제야?");
    expect(queryContentTokens("나 개명 언제 한다고 했지?")).toEqual(plain);
    expect(queryContentTokens("내가 언제 개명한다고 했었지?")).toEqual(plain);
    expect(queryContentTokens("개명 얘기 했던 거 기억나?")).toEqual(plain);
    expect(queryContentTokens("언니가 뭐라고 했지?")).toEqual(contentTokens("언니"));
    // Without a verb of saying after it, a word is the question's own.
    expect(queryContentTokens("개명 얘기 좀 해줘")).toContain("얘기");
  });

  it("leaves out the light verb that ends a question, and keeps a statement whole", () => {
    expect(queryContentTokens("치과 언제 가야 돼?")).toEqual(["치과"]);
    expect(queryContentTokens("치과 가야 돼")).toEqual(contentTokens("치과 가야 돼"));
    // Asked when or where one meets someone, the plan's note names the person, not the meeting.
    expect(queryContentTokens("하준이랑 언제 만나?")).toEqual(["하준"]);
    expect(new Set(tokenize("토요일에 하준이랑 전시 보기로 했어")).has("하준")).toBe(true);
    // Asked where one goes regularly (다니다), the note names the place.
    expect(queryContentTokens("치과 어디 다녀?")).toEqual(["치과"]);
    expect(queryContentTokens("필라테스 어디 다니지?")).toEqual(contentTokens("필라테스"));
    expect(queryContentTokens("다니엘 어디 살아?")).toContain("다니");
    // Asked what one takes, uses or rides (먹다, 쓰다, 타다), the note names the thing.
    expect(queryContentTokens("영양제 뭐 먹지?")).toEqual(contentTokens("영양제"));
    expect(queryContentTokens("샴푸 어떤 거 써?")).toEqual(contentTokens("샴푸"));
    expect(queryContentTokens("출근할 때 몇 번 버스 타?")).not.toContain("타");
    expect(queryContentTokens("타코 먹자")).toEqual(contentTokens("타코 먹자"));
    // Asked where a thing was put (두다, 놓다, 넣다), the note names the place in its own verb form.
    expect(queryContentTokens("택배 상자 어디 뒀지?")).toEqual(contentTokens("택배 상자"));
    expect(queryContentTokens("열쇠 어디 놨더라?")).toEqual(contentTokens("열쇠"));
    expect(queryContentTokens("여권 어디에 넣어 뒀어?")).toEqual(contentTokens("여권"));
    // The numeral two (두, 둘) is no verb of putting.
    expect(queryContentTokens("회의 두 시야?")).toContain("두");
  });

  it("leaves out an English verb of going or meeting that ends a question, with its preposition", () => {
    expect(queryContentTokens("which gym do I go to?")).toEqual(["gym"]);
    expect(queryContentTokens("where do we meet on Fridays?")).toEqual(contentTokens("meet Fridays"));
    expect(queryContentTokens("what time do I get there?")).toEqual(["time"]);
    // Not a statement, and not a verb that names what is asked.
    expect(queryContentTokens("I go to the gym")).toEqual(contentTokens("I go to the gym"));
    expect(queryContentTokens("where do I park?")).toEqual(contentTokens("park"));
  });

  it("reads the counter after 몇 as the unit a memory glues to its number", () => {
    expect(queryContentTokens("회의 몇 시야?")).toEqual(["회의", "시"]);
    expect(queryContentTokens("주차 몇 층이에요?!")).toEqual(["주차", "층"]);
    expect(queryContentTokens("보리 몇 살이야")).toEqual(["보리", "살"]);
    // The copula's 이지 after a vowel loses its 이 (시지, 호지요); after a consonant it is whole (번이지).
    expect(queryContentTokens("수영 몇 시지?")).toEqual(["수영", "시"]);
    expect(queryContentTokens("병실 몇 호지요")).toEqual(["병실", "호"]);
    expect(queryContentTokens("사물함 몇 번이지?")).toEqual(["사물", "물함", "번"]);
    // A counter of more than one syllable, or a word that is no counter with an ending, stays.
    expect(queryContentTokens("몇 시간 걸려?")).toContain("시간");
    // Every term the question asks about is one a memory with the value holds.
    const memory = new Set(tokenize("내일 오후 3시에 팀 회의"));
    expect(queryContentTokens("회의 몇 시야?").every((term) => memory.has(term))).toBe(true);
  });
});

describe("namesValueOnlyIn", () => {
  const terms = (text: string) => new Set(tokenize(text));
  it("is true when a term with a digit is in one text only", () => {
    const older = terms("도서관 사물함 번호 031-555-0142");
    const newer = terms("도서관 사물함 바뀜 031-555-0199");
    expect(namesValueOnlyIn(tokenize("031-555-0142 지워줘"), older, newer)).toBe(true);
    expect(namesValueOnlyIn(tokenize("031-555-0142 지워줘"), newer, older)).toBe(false);
  });
  it("is false for words without a digit, or a value both hold", () => {
    const older = terms("메모 3번 우산 챙기기");
    const newer = terms("메모 3번 우산 말고 양산");
    expect(namesValueOnlyIn(tokenize("메모 3번"), older, newer)).toBe(false);
    expect(namesValueOnlyIn(tokenize("우산 메모"), older, terms("양산 메모"))).toBe(false);
  });
});
