import { describe, expect, it } from "vitest";
import { tokenize } from "../../src/text/tokenizer.js";
import {
  PAST_TENSE_SYLLABLE_CLASS,
  beginsCompound,
  containsHangul,
  foldText,
  hasBatchim,
  isClippedForm,
  isPastTenseSyllable,
  nominalizedStem,
  predicateNounOf,
  searchStems,
  stripCopula,
  stripParticle,
  stripSearchSuffixes,
  syllableJamo,
} from "../../src/text/korean.js";

describe("Hangul tests", () => {
  it("splits a syllable into its jamo indices, and nothing else", () => {
    expect(syllableJamo("가".charCodeAt(0))).toEqual({ initial: 0, medial: 0, final: 0 });
    // 줘: ㅈ (12), ㅝ (14), no final; 힣: ㅎ (18), ㅣ (20), ㅎ (27); 갈: ㄹ (8) as its final.
    expect(syllableJamo("줘".charCodeAt(0))).toEqual({ initial: 12, medial: 14, final: 0 });
    expect(syllableJamo("힣".charCodeAt(0))).toEqual({ initial: 18, medial: 20, final: 27 });
    expect(syllableJamo("갈".charCodeAt(0))?.final).toBe(8);
    expect(syllableJamo("ㅋ".charCodeAt(0))).toBeUndefined();
    expect(syllableJamo("a".charCodeAt(0))).toBeUndefined();
  });

  it("tells a past-tense syllable by its final ㅆ, contracted forms included", () => {
    for (const syllable of "했었았였꿨뒀췄셨겼있") expect(isPastTenseSyllable(syllable)).toBe(true);
    for (const syllable of ["씨", "사", "앗", "a", undefined])
      expect(isPastTenseSyllable(syllable)).toBe(false);
    expect([...PAST_TENSE_SYLLABLE_CLASS]).toHaveLength(19 * 21);
    expect([...PAST_TENSE_SYLLABLE_CLASS].every((syllable) => isPastTenseSyllable(syllable))).toBe(true);
  });

  it("finds syllables and jamo, and tells a final consonant", () => {
    expect(containsHangul("Pluto 배포")).toBe(true);
    expect(containsHangul("ok ㅋㅋ")).toBe(true);
    expect(containsHangul("Jun 22 at 19:10")).toBe(false);
    expect(hasBatchim("현")).toBe(true);
    expect(hasBatchim("리")).toBe(false);
    expect(hasBatchim("a")).toBe(false);
  });

  it("folds NFC, spacing and Latin case", () => {
    expect(foldText(` ${"또리".normalize("NFD")}  Is\tHere `)).toBe("또리 is here");
  });
});

describe("nominalizedStem", () => {
  it("gives the stem of a verb's noun in -(으)ㅁ", () => {
    expect(nominalizedStem("끝남")).toBe("끝나");
    expect(nominalizedStem("옮김")).toBe("옮기");
    expect(nominalizedStem("마감했음")).toBe("마감했");
  });

  it("gives none for a word without it or with a one-syllable stem", () => {
    expect(nominalizedStem("끝나")).toBeUndefined();
    expect(nominalizedStem("봄")).toBeUndefined();
    expect(nominalizedStem("있음")).toBeUndefined();
    expect(nominalizedStem("")).toBeUndefined();
  });
});

describe("stripParticle", () => {
  it("strips 은/이 after a final consonant and 는/가 after a vowel only", () => {
    expect(stripParticle("도현은")).toBe("도현");
    expect(stripParticle("민서는")).toBe("민서");
    expect(stripParticle("권도윤님이")).toBe("권도윤님");
    expect(stripParticle("하은")).toBe("하은");
    expect(stripParticle("PM은")).toBe("PM");
  });

  it("strips only the particles it is given", () => {
    expect(stripParticle("생일이", ["은", "는"])).toBe("생일이");
    expect(stripParticle("생일은", ["은", "는"])).toBe("생일");
  });
});

describe("stripCopula", () => {
  it("removes 이야/야/이에요/예요/입니다/임/이다 from a value", () => {
    expect(stripCopula("민지야")).toBe("민지");
    expect(stripCopula("정태웅이에요")).toBe("정태웅");
    expect(stripCopula("간호사예요")).toBe("간호사");
    expect(stripCopula("010-5528-1180입니다")).toBe("010-5528-1180");
    expect(stripCopula("B형임")).toBe("B형");
    expect(stripCopula("2월 28일이다")).toBe("2월 28일");
    expect(stripCopula("4월 4일이야")).toBe("4월 4일");
  });

  it("keeps a word that only looks like it ends in a copula", () => {
    expect(stripCopula("가야")).toBe("가야");
    expect(stripCopula("고양이야", (word) => word.endsWith("고양이"))).toBe("고양이");
    // A noun ending in 임 at the end of the text is the noun, not a stem and the written copula.
    expect(stripCopula("등산 모임", (word) => word.endsWith("모임"))).toBe("등산 모임");
    expect(stripCopula("등산 모임이야", (word) => word.endsWith("모임"))).toBe("등산 모임");
  });
});

describe("stripSearchSuffixes", () => {
  it("strips loosely, up to two rounds, keeping short nouns whole", () => {
    expect(stripSearchSuffixes("하준이는")).toBe("하준");
    expect(stripSearchSuffixes("생일이야")).toBe("생일");
    expect(stripSearchSuffixes("오이")).toBe("오이");
  });

  it("keeps the 의 of a noun that ends in it at the end of a compound, and strips the genitive elsewhere", () => {
    // 회의, 강의, 협의 head compounds: their 의 is the noun's (a particle would leave 부서회, 영어강).
    expect(stripSearchSuffixes("부서회의")).toBe("부서회의");
    expect(stripSearchSuffixes("영어강의는")).toBe("영어강의");
    expect(stripSearchSuffixes("단가협의")).toBe("단가협의");
    expect(tokenize("부서회의 3시")).toContain("회의");
    // The genitive after another noun, and after the noun itself, is still a particle.
    expect(stripSearchSuffixes("조카의")).toBe("조카");
    expect(stripSearchSuffixes("회의의")).toBe("회의");
  });

  it("strips a particle of two forms only in the form that fits the syllable before it", () => {
    expect(stripSearchSuffixes("공책과")).toBe("공책");
    expect(stripSearchSuffixes("나무와")).toBe("나무");
    expect(stripSearchSuffixes("마을을")).toBe("마을");
    // The 과 after a vowel, the 을 after a vowel and the 이 after a vowel are the word's own.
    expect(stripSearchSuffixes("동네치과")).toBe("동네치과");
    expect(stripSearchSuffixes("마을")).toBe("마을");
    expect(stripSearchSuffixes("와이파이")).toBe("와이파이");
  });

  it("keeps the 과 of a clinic's department after a final consonant, and strips the particle 과 there", () => {
    expect(stripSearchSuffixes("신경과에서")).toBe("신경과");
    expect(stripSearchSuffixes("동네정신과")).toBe("동네정신과");
    expect(stripSearchSuffixes("재활의학과는")).toBe("재활의학과");
    expect(stripSearchSuffixes("산부인과")).toBe("산부인과");
    // Pediatrics by its full name, and a clinic named by it.
    expect(stripSearchSuffixes("소아청소년과로")).toBe("소아청소년과");
    expect(stripSearchSuffixes("새봄소아청소년과")).toBe("새봄소아청소년과");
    expect(stripSearchSuffixes("청소년과")).toBe("청소년"); // "youths and …"
    expect(stripSearchSuffixes("동생과")).toBe("동생");
    expect(stripSearchSuffixes("가족과")).toBe("가족");
  });

  it("strips the copula's 이지 of a question after a final consonant only, and not a verb's 이", () => {
    expect(stripSearchSuffixes("번이지")).toBe("번");
    expect(stripSearchSuffixes("층이지요")).toBe("층");
    expect(stripSearchSuffixes("예약이지")).toBe("예약");
    // After a vowel the 이 is the noun's own; after 먹 or 붙 it is the verb's (먹이다, 붙이다).
    expect(stripSearchSuffixes("홈페이지")).toBe("홈페이지");
    expect(stripSearchSuffixes("케이지")).toBe("케이지");
    expect(stripSearchSuffixes("먹이지")).toBe("먹이지");
    expect(stripSearchSuffixes("붙이지")).toBe("붙이지");
  });

  it("strips the copula's 이더라 (recalling: 몇 팀이더라) after a final consonant only", () => {
    expect(stripSearchSuffixes("팀이더라")).toBe("팀");
    expect(stripSearchSuffixes("번이더라")).toBe("번");
    // After a vowel the 이 is the word's own (보이다 "to be seen"), after 먹 the verb's (먹이다).
    expect(stripSearchSuffixes("보이더라")).toBe("보이");
    expect(stripSearchSuffixes("먹이더라")).toBe("먹이");
  });

  it("lists the word and each stem its particles pass through", () => {
    expect(searchStems("고양이는")).toEqual(["고양이는", "고양이", "고양"]);
    expect(searchStems("사료")).toEqual(["사료"]);
    expect(searchStems("고양이는").at(-1)).toBe(stripSearchSuffixes("고양이는"));
  });
});

describe("isClippedForm", () => {
  it("reads a short form that keeps the first syllable and later ones in order, of one word or of two", () => {
    expect(isClippedForm("신환회", ["신입생환영회"])).toBe(true);
    expect(isClippedForm("중발", ["중간", "발표"])).toBe(true);
    expect(isClippedForm("주보", ["주간", "보고"])).toBe(true);
  });

  it("reads no other pair: another first syllable, syllables out of order, a second word not from its start", () => {
    expect(isClippedForm("환회", ["신입생환영회"])).toBe(false);
    expect(isClippedForm("신회환", ["신입생환영회"])).toBe(false);
    expect(isClippedForm("고교", ["고등", "학교"])).toBe(false);
    // Not as long as its source, nor of one syllable or of four.
    expect(isClippedForm("주간", ["주간"])).toBe(false);
    expect(isClippedForm("신", ["신입생"])).toBe(false);
    expect(isClippedForm("신입환영", ["신입생환영회"])).toBe(false);
  });
});

describe("predicateNounOf", () => {
  it("reads the noun before a glued 하다, 되다 or 받다 with its endings and auxiliaries", () => {
    expect(predicateNounOf("계약돼있")).toBe("계약");
    expect(predicateNounOf("신청해뒀어")).toBe("신청");
    expect(predicateNounOf("전화했었지")).toBe("전화");
    expect(predicateNounOf("배정받았어")).toBe("배정");
    expect(predicateNounOf("취소됨")).toBe("취소");
    expect(predicateNounOf("등록했음")).toBe("등록");
    expect(predicateNounOf("출발한대")).toBe("출발");
    expect(predicateNounOf("물리치료하고")).toBe("물리치료");
  });

  it("reads no noun of one syllable, no word without a light verb, and no bare 한, 할, 함 or 합", () => {
    expect(predicateNounOf("일했어")).toBeUndefined();
    expect(predicateNounOf("지하")).toBeUndefined();
    expect(predicateNounOf("주차장")).toBeUndefined();
    expect(predicateNounOf("유통기한")).toBeUndefined();
    expect(predicateNounOf("협동조합")).toBeUndefined();
    expect(predicateNounOf("사물함")).toBeUndefined();
    expect(predicateNounOf("배우역할")).toBeUndefined();
    expect(predicateNounOf("해운대")).toBeUndefined();
    // A light verb with more than six syllables after it is no ending of the grammar's.
    expect(predicateNounOf("예약해어어어어어어")).toBeUndefined();
  });
});

describe("beginsCompound", () => {
  it("reads a compound's first noun as written or with the 사이시옷 added to its last syllable", () => {
    expect(beginsCompound("반찬가게", "반찬")).toBe(true);
    expect(beginsCompound("제삿날", "제사")).toBe(true);
    expect(beginsCompound("바닷가", "바다")).toBe(true);
  });

  it("reads no word its own length or shorter, no one-syllable noun, and no other final consonant", () => {
    expect(beginsCompound("제사", "제사")).toBe(false);
    expect(beginsCompound("횟집", "회")).toBe(false);
    expect(beginsCompound("제삭날", "제사")).toBe(false);
    expect(beginsCompound("반찬가게", "반참")).toBe(false);
  });
});
