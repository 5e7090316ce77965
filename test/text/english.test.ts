import { describe, expect, it } from "vitest";
import { isEnglishStopWord, ordinalOtherForm, stemEnglishWord } from "../../src/text/english.js";
import { tokenize } from "../../src/text/tokenizer.js";

describe("stemEnglishWord (Porter2)", () => {
  // Expected stems from the Snowball English reference vocabulary.
  const cases: Array<[string, string]> = [
    ["consign", "consign"],
    ["consigned", "consign"],
    ["consigning", "consign"],
    ["consignment", "consign"],
    ["consolation", "consol"],
    ["knightly", "knight"],
    ["generously", "generous"],
    ["running", "run"],
    ["happiness", "happi"],
    ["relational", "relat"],
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["ties", "tie"],
    ["cried", "cri"],
    ["cats", "cat"],
    ["gas", "gas"],
    ["moving", "move"],
    ["moved", "move"],
    ["moves", "move"],
    ["hoped", "hope"],
    ["hopping", "hop"],
    ["agreed", "agre"],
    ["feed", "feed"],
    ["meetings", "meet"],
    ["adoption", "adopt"],
    ["adopted", "adopt"],
    ["travelling", "travel"],
    ["traveling", "travel"],
    ["generate", "generat"],
    ["skies", "sky"],
    ["dying", "die"],
    ["succeeding", "succeed"],
    ["cry", "cri"],
    ["by", "by"],
  ];
  it.each(cases)("%s → %s", (word, stem) => {
    expect(stemEnglishWord(word)).toBe(stem);
  });

  it("returns a run longer than any word as it is, in linear time", () => {
    const run = "a".repeat(40_000);
    const started = performance.now();
    expect(stemEnglishWord(run)).toBe(run);
    expect(stemEnglishWord(`${"ing".repeat(10_000)}s`)).toHaveLength(30_001);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("ordinalOtherForm", () => {
  it("writes first to tenth the other way, and nothing else", () => {
    expect(ordinalOtherForm("second")).toBe("2nd");
    expect(ordinalOtherForm("first")).toBe("1st");
    expect(ordinalOtherForm("3rd")).toBe("third");
    expect(ordinalOtherForm("10th")).toBe("tenth");
    expect(ordinalOtherForm("11th")).toBeUndefined();
    expect(ordinalOtherForm("0th")).toBeUndefined();
    expect(ordinalOtherForm("seconds")).toBeUndefined();
  });
});

describe("English in the BM25 tokenizer", () => {
  it("drops stop words, question words and apostrophe fragments", () => {
    for (const word of ["the", "did", "we", "when", "didn", "ll", "would"]) {
      expect(isEnglishStopWord(word)).toBe(true);
    }
    expect(isEnglishStopWord("may")).toBe(false); // the month
    expect(tokenize("When did we say we'd move?")).toEqual(["say", "move"]);
    expect(tokenize("I didn't know")).toEqual(["know"]);
  });

  it("drops the words of degree a question asks by (how much, how many)", () => {
    expect(tokenize("how much is the parking pass?")).toEqual(tokenize("parking pass"));
    expect(tokenize("How many vacation days are left?")).toEqual(tokenize("vacation days left"));
  });

  it("meets inflected forms at one stem", () => {
    const stems = (text: string) => tokenize(text);
    expect(stems("moved")).toEqual(stems("moving"));
    expect(stems("adoption")).toEqual(stems("adopted"));
    expect(stems("marathons")).toEqual(stems("marathon"));
  });

  it("leaves Hangul, numbers and codes as they were", () => {
    expect(tokenize("또리의 생일이 언제야?")).toEqual(["또리", "리생", "생일"]);
    expect(tokenize("KE1227")).toEqual(["ke1227", "ke", "1227"]);
    expect(tokenize("running 3,300,000원")).toEqual(["run", "3300000", "3300000원", "원"]);
  });
});
