import { describe, expect, it } from "vitest";
import { BREAK, segment } from "../../src/memory/chunking/segments.js";
import { endsSentence, splitSentences } from "../../src/text/sentence-end.js";

describe("endsSentence", () => {
  it.each([
    "먹었다.",
    "갔어요.",
    "그렇죠.",
    "괜찮을까?",
    "도착했습니다.",
    "확인했음.",
    "완료함.",
    "done.",
    "really!",
    "why?",
    "음...",
    "그래…",
    '말했다."',
    "(끝났다.)",
    "좋아요!」",
  ])("ends a sentence: %s", (word) => expect(endsSentence(word)).toBe(true));

  it.each([
    "Mr.",
    "mrs.",
    "Dr.",
    "e.g.",
    "i.e.",
    "U.S.",
    "J.",
    "2024.",
    "10.",
    "27.",
    "v2.3",
    "그리고",
    "3.14",
    "hello,",
    "또리",
  ])("does not end a sentence: %s", (word) => expect(endsSentence(word)).toBe(false));
});

describe("splitSentences", () => {
  it("ends a sentence where endsSentence says, at a line break and after a full-width terminator", () => {
    expect(splitSentences("Dr. Lark called. 내일 와요!\n끝")).toEqual([
      "Dr. Lark called.",
      "내일 와요!",
      "끝",
    ]);
    expect(splitSentences("좋아요。내일 봐요")).toEqual(["좋아요。", "내일 봐요"]);
    expect(splitSentences("  2024. 10. 27. 이사함  ")).toEqual(["2024. 10. 27. 이사함"]);
    expect(splitSentences("무게 3.2kg 나감")).toEqual(["무게 3.2kg 나감"]);
    expect(splitSentences("")).toEqual([]);
  });

  it("ends a sentence at a dash between words only when asked, and keeps a leading dash", () => {
    expect(splitSentences("renews on May 6 — ask Tove")).toEqual(["renews on May 6 — ask Tove"]);
    expect(splitSentences("renews on May 6 — ask Tove", { dashes: true })).toEqual([
      "renews on May 6",
      "ask Tove",
    ]);
    expect(splitSentences("- 물 주기 - 화분 옮기기", { dashes: true })).toEqual(["- 물 주기", "화분 옮기기"]);
  });

  it("ends a sentence at a chat mark of Hangul letters only when asked, and drops the mark", () => {
    expect(splitSentences("이사했어 ㅋㅋ 드디어 끝")).toEqual(["이사했어 ㅋㅋ 드디어 끝"]);
    expect(splitSentences("이사했어 ㅋㅋ 드디어 끝", { chatMarks: true })).toEqual(["이사했어", "드디어 끝"]);
    expect(splitSentences("좋다ㅎㅎ 내일 봐ㅠㅠ", { chatMarks: true })).toEqual(["좋다", "내일 봐"]);
    expect(splitSentences("ㅋㅋㅋ", { chatMarks: true })).toEqual([]);
    // One letter is no mark ("ㅇ" for yes).
    expect(splitSentences("ㅇ 알겠어", { chatMarks: true })).toEqual(["ㅇ 알겠어"]);
  });

  it("ends a sentence after a number with a full stop only when asked, and not inside a date", () => {
    expect(splitSentences("시급 10800. 명절에 고마웠음")).toEqual(["시급 10800. 명절에 고마웠음"]);
    expect(splitSentences("시급 10800. 명절에 고마웠음", { numberStops: true })).toEqual([
      "시급 10800.",
      "명절에 고마웠음",
    ]);
    expect(splitSentences("2024. 10. 27. 결혼", { numberStops: true })).toEqual(["2024. 10. 27.", "결혼"]);
    expect(splitSentences("rate is 45. thanks", { numberStops: true })).toEqual(["rate is 45.", "thanks"]);
  });

  it("is linear on a long text", () => {
    const text = "먹었다. ".repeat(50_000);
    const started = performance.now();
    expect(splitSentences(text)).toHaveLength(50_000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("segment", () => {
  const kinds = (text: string) => {
    const seg = segment(text, 512);
    return seg.start.map((s, i) => [text.slice(s, seg.end[i]), seg.breakAfter[i]]);
  };

  it("marks word, sentence (punctuation or a line break) and paragraph (blank line or end) boundaries", () => {
    expect(kinds("또리는 강아지다. 생일은\n10월 27일\n\n끝 ")).toEqual([
      ["또리는", BREAK.word],
      ["강아지다.", BREAK.sentence],
      ["생일은", BREAK.sentence],
      ["10월", BREAK.word],
      ["27일", BREAK.paragraph],
      ["끝", BREAK.paragraph],
    ]);
  });

  it("cuts a word after a full-width terminator", () => {
    expect(kinds("今日は晴れ。明日は雨！本当？")).toEqual([
      ["今日は晴れ。", BREAK.sentence],
      ["明日は雨！", BREAK.sentence],
      ["本当？", BREAK.paragraph],
    ]);
  });

  it("takes no abbreviation or Korean date for a sentence end", () => {
    const text = "회의는 2024. 10. 27. 오후, Mr. Kim and e.g. Dr. Lee";
    const sentenceEnds = kinds(text).filter(([, kind]) => kind === BREAK.sentence);
    expect(sentenceEnds).toEqual([]);
  });

  it("gives no segment for an all-space text", () => {
    expect(segment(" \n\t ", 512).length).toBe(0);
  });
});
