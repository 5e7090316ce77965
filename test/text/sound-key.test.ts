import { describe, expect, it } from "vitest";
import {
  hangulSoundKey,
  latinSoundKeys,
  soundDocTerms,
  soundKeysMeet,
  soundQueryTerms,
} from "../../src/text/sound-key.js";
import {
  crossScriptDocTerms,
  crossScriptQueryWords,
  soundsAlikeAcrossScripts,
  tokensWrittenOtherwise,
} from "../../src/text/cross-script.js";

/**
 * Whether a Hangul word and a Latin word meet at one sound term, as a search matches them: the Latin
 * word as a query among Hangul memories, and the Hangul word as a query among Latin memories (the
 * same answer both ways).
 */
const meet = (hangul: string, latin: string): boolean => {
  const h = hangulSoundKey(hangul);
  const keys = latinSoundKeys(latin);
  if (!h || keys.length === 0) return false;
  const hangulDoc = new Set(soundDocTerms("hangul", h));
  const latinDoc = new Set(keys.flatMap((l) => soundDocTerms("latin", l)));
  const byLatinQuery = keys.some((l) => soundQueryTerms("hangul", l).some((term) => hangulDoc.has(term)));
  const byHangulQuery = soundQueryTerms("latin", h).some((term) => latinDoc.has(term));
  expect(byLatinQuery).toBe(byHangulQuery);
  return byLatinQuery;
};

describe("sound keys across scripts", () => {
  it("meet for a name or loanword and its Hangul spelling", () => {
    for (const [hangul, latin] of [
      ["볼링", "bowling"],
      ["베를린", "berlin"],
      ["초콜릿", "chocolate"],
      ["바나나", "banana"],
      ["레몬", "lemon"],
      ["케빈", "kevin"],
      ["마이크", "mike"],
      ["테니스", "tennis"],
      ["코스트코", "costco"],
      ["넷플릭스", "netflix"],
      ["노트북", "notebook"],
      ["헬스", "health"],
      ["캠핑", "camping"],
      ["런던", "london"],
      ["부산", "busan"],
      ["뉴스", "news"],
    ]) {
      expect(meet(hangul!, latin!), `${hangul} / ${latin}`).toBe(true);
    }
  });

  it("read a word-initial y or w as the start of its vowel, as Hangul writes it (예린, 웨딩, 우진)", () => {
    for (const [hangul, latin] of [
      ["예린", "yerin"],
      ["예진", "yejin"],
      ["윤서", "yoonseo"],
      ["웨딩", "wedding"],
      ["우진", "woojin"],
      ["윈도", "window"],
    ]) {
      expect(meet(hangul!, latin!), `${hangul} / ${latin}`).toBe(true);
    }
    // A glide and e are 웨, 예 or 여 in Hangul, never 이: wedding does not meet 이동.
    expect(meet("이동", "wedding")).toBe(false);
  });

  it("give an ng before a vowel both readings: ㅇ and ㄱ in a loanword, ㅇ alone in a romanised name", () => {
    for (const [hangul, latin] of [
      ["콩이", "kongi"],
      ["용인", "yongin"],
      ["핑거", "finger"],
      ["싱가포르", "singapore"],
      ["망고", "mango"],
    ]) {
      expect(meet(hangul!, latin!), `${hangul} / ${latin}`).toBe(true);
    }
    expect(latinSoundKeys("mango").map((k) => k.consonants)).toEqual(["MGK", "MG"]);
    // No ng before a vowel: one reading.
    expect(latinSoundKeys("gangnam")).toHaveLength(1);
    expect(
      tokensWrittenOtherwise(crossScriptQueryWords("What snack does Kongi like?"), "콩이 간식은 츄르"),
    ).toEqual(["kongi"]);
  });

  it("keep apart words whose consonants agree but whose first vowel or beats do not", () => {
    for (const [hangul, latin] of [
      ["무지", "match"],
      ["매주", "much"],
      ["보리", "barley"],
      ["바다", "body"],
      ["나라", "nearly"],
      ["생일", "single"],
      ["사과", "apple"],
      ["회의", "meeting"],
    ]) {
      expect(meet(hangul!, latin!), `${hangul} / ${latin}`).toBe(false);
    }
  });

  it("give no key to a word of one consonant class, a code or an acronym", () => {
    expect(hangulSoundKey("나")).toBeUndefined();
    expect(hangulSoundKey("아이")).toBeUndefined();
    expect(latinSoundKeys("pt")).toEqual([]); // no vowel: read letter by letter (피티)
    expect(latinSoundKeys("b2")).toEqual([]);
    expect(latinSoundKeys("Lemon")).toEqual([]); // lower case only: callers fold case first
    expect(latinSoundKeys("lemon")).toHaveLength(1);
  });

  it("are built in one pass: a 40,000-letter word of either script in well under a second", () => {
    const started = performance.now();
    expect(latinSoundKeys("abd".repeat(13_000))[0]?.consonants).toBe(`_${"PT".repeat(13_000)}`);
    expect(latinSoundKeys("tchla".repeat(8_000))[0]?.consonants).toBe("JL".repeat(8_000));
    expect(hangulSoundKey("바다".repeat(20_000))?.consonants).toBe("PT".repeat(20_000));
    expect(soundsAlikeAcrossScripts("바다".repeat(20_000), "body".repeat(10_000))).toBe(false);
    expect(crossScriptDocTerms(`${"볼링".repeat(10_000)} ${"bowling".repeat(5_000)}`).length).toBeGreaterThan(
      0,
    );
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("a Hangul word and a Latin word compared side by side", () => {
  it("meet by soundKeysMeet exactly when their search terms meet", () => {
    for (const [hangul, latin] of [
      ["하윤", "hayun"],
      ["도윤", "doyun"],
      ["콩이", "kongi"],
      ["볼링", "bowling"],
      ["하윤", "jiho"],
      ["도윤", "minjun"],
      ["바다", "body"],
      ["마이크", "mike"],
      ["베를린", "paris"],
    ] as const) {
      const h = hangulSoundKey(hangul);
      const byKeys = h !== undefined && latinSoundKeys(latin).some((l) => soundKeysMeet(h, l));
      expect(byKeys, `${hangul} / ${latin}`).toBe(meet(hangul, latin));
      expect(soundsAlikeAcrossScripts(hangul, latin), `${hangul} / ${latin}`).toBe(byKeys);
    }
  });

  it("are names in two scripts when their keys meet, and two names when not", () => {
    expect(soundsAlikeAcrossScripts("하윤", "hayun")).toBe(true);
    expect(soundsAlikeAcrossScripts("민준", "minjun")).toBe(true);
    expect(soundsAlikeAcrossScripts("하윤", "jiho")).toBe(false);
    expect(soundsAlikeAcrossScripts("서하", "doyun")).toBe(false);
    // Nothing to key: no Hangul, or a Latin word without a vowel.
    expect(soundsAlikeAcrossScripts("hayun", "hayun")).toBe(false);
    expect(soundsAlikeAcrossScripts("피티", "pt")).toBe(false);
  });

  it("are one name when a Hangul word of one consonant sound is spelled by the Latin one, as names are", () => {
    // Too few consonants for a key: the Latin word must spell the Revised Romanization.
    expect(hangulSoundKey("태오")).toBeUndefined();
    expect(soundsAlikeAcrossScripts("태오", "taeo")).toBe(true);
    expect(soundsAlikeAcrossScripts("지우", "jiwoo")).toBe(true);
    expect(soundsAlikeAcrossScripts("시우", "shiwoo")).toBe(true);
    expect(soundsAlikeAcrossScripts("유나", "yuna")).toBe(true);
    // Another spelling, another name, or a short word that is a word of its own (아이 / AI, 오이 / oil).
    expect(soundsAlikeAcrossScripts("태오", "teo")).toBe(false);
    expect(soundsAlikeAcrossScripts("지우", "jiho")).toBe(false);
    expect(soundsAlikeAcrossScripts("아이", "ai")).toBe(false);
    expect(soundsAlikeAcrossScripts("오이", "oil")).toBe(false);
  });
});

describe("cross-script words of a query and a memory", () => {
  it("match a query word only in the other script, with the tokens it stands for", () => {
    const query = crossScriptQueryWords("볼링 모임 언제였지?");
    const memory = "Bowling night moved to Thursday";
    expect(tokensWrittenOtherwise(query, memory)).toEqual(["볼링"]);
    // A memory in the query's own script is matched by its tokens, not by the sound key.
    expect(tokensWrittenOtherwise(query, "볼링 모임은 목요일")).toEqual([]);
    expect(tokensWrittenOtherwise(crossScriptQueryWords("When is bowling?"), "볼링 모임은 목요일")).toEqual([
      "bowl",
    ]);
  });

  it("match a Hangul compound of two loanwords and the two English words side by side, both ways", () => {
    for (const [korean, english] of [
      ["피아노레슨", "piano lesson"],
      ["게임센터", "game center"],
      ["모닝커피", "morning coffee"],
      ["플레이리스트", "play list"],
    ]) {
      const hangul = crossScriptQueryWords(`${korean} 언제`);
      expect(tokensWrittenOtherwise(hangul, `the ${english} changed`), korean).not.toEqual([]);
      const latin = crossScriptQueryWords(`${english} 언제`);
      expect(tokensWrittenOtherwise(latin, `${korean}에서 보자`), english).not.toEqual([]);
    }
  });

  it("match no compound whose parts are a syllable, or whose words stand apart or part by part differ", () => {
    const meets = (query: string, text: string) =>
      tokensWrittenOtherwise(crossScriptQueryWords(query), text).length > 0;
    // Parts of one syllable key nothing alone (두 / due, 부 / feb).
    expect(meets("두부 얼마", "due feb 28")).toBe(false);
    // One long key would have met: each part must meet its own word.
    expect(meets("브라이트룹 연락처", "daycare field trip in May")).toBe(false);
    // Not side by side.
    expect(meets("피아노레슨 몇 시", "piano, then lesson")).toBe(false);
    // The parts in the other order.
    expect(meets("피아노레슨 몇 시", "lesson piano")).toBe(false);
  });

  it("key a compound in one pass however long the text, and no longer word than ten syllables", () => {
    const started = performance.now();
    const text = `${"피아노레슨 ".repeat(20_000)}${"piano lesson ".repeat(20_000)}${"가".repeat(40_000)}`;
    expect(crossScriptDocTerms(text).length).toBeGreaterThan(40_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("strip particles from a Hangul word before keying it, and skip stop words", () => {
    const key = (text: string) => crossScriptDocTerms(text);
    expect(key("베를린에서")).toEqual(key("베를린"));
    expect(key("케빈이랑")).toEqual(key("케빈"));
    expect(crossScriptDocTerms("the and with")).toEqual([]);
  });
});
