import { describe, expect, it } from "vitest";
import { sameContentWord } from "../../src/extraction/content-words.js";
import { SAME_THING_GROUPS } from "../../src/extraction/words/same-thing.js";
import { stemEnglishWord } from "../../src/text/english.js";
import { traceTriplets } from "../../src/extraction/rule-extractor.js";

/** A word list's word as content-words.ts keys it: the stem of an English word, a phrase's stems. */
const keyOf = (word: string): string =>
  /^[a-z_]+$/u.test(word) ? `en:${word.split("_").map(stemEnglishWord).join("_")}` : `ko:${word}`;

describe("the same-thing lexicon", () => {
  it("puts each word, and each English stem, in one group only (a shared key is dropped from both)", () => {
    const groupOf = new Map<string, number>();
    const shared: string[] = [];
    SAME_THING_GROUPS.forEach((group, i) => {
      for (const word of group) {
        const key = keyOf(word);
        const known = groupOf.get(key);
        if (known !== undefined && known !== i)
          shared.push(`${word} (${key}): ${SAME_THING_GROUPS[known]![0]} / ${group[0]}`);
        groupOf.set(key, i);
      }
    });
    expect(shared).toEqual([]);
  });

  it.each([
    ["en:hospit", "ko:병원"],
    ["en:doctor", "ko:의사"],
    ["en:insur", "ko:보험"],
    ["en:custom", "ko:고객"],
    ["en:korean", "ko:한국어"],
    ["en:tokyo", "ko:도쿄"],
    ["en:flour", "ko:밀가루"],
    ["en:pull_up", "ko:턱걸이"],
    ["en:ointment", "ko:연고"],
  ])("ties %s to %s", (english, korean) => {
    expect(sameContentWord(english, korean)).toBe(true);
  });
});

describe("the same-thing lexicon and names", () => {
  it("leaves out the foods people name their pets by, so a pet named after one is still read as a name", () => {
    const facts = traceTriplets("치즈 병원 합정 냥냥클리닉 02-333-1234").triplets.map(
      (t) => [t.entity, t.attribute, t.value] as const,
    );
    expect(facts).toContainEqual(["치즈", "병원", "냥냥클리닉"]);
  });
});
