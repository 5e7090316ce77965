import { describe, expect, it } from "vitest";
import {
  cleanValue,
  entityDisplayName,
  normalizeAttribute,
  normalizeEntityName,
  normalizeValue,
} from "../../src/extraction/normalize.js";
import { foldText } from "../../src/text/korean.js";

describe("normalizeEntityName", () => {
  it("folds particles so 또리는 / 또리가 / 또리의 / 또리를 / 또리랑 are one name", () => {
    for (const form of ["또리", "또리는", "또리가", "또리의", "또리를", "또리랑", "또리에게", "또리한테"]) {
      expect(normalizeEntityName(form)).toBe("또리");
    }
  });

  it("strips 은/이/을 only after a final consonant and 는/가/를 only after a vowel", () => {
    expect(normalizeEntityName("도현은")).toBe("도현");
    expect(normalizeEntityName("도현이")).toBe("도현");
    expect(normalizeEntityName("도현이는")).toBe("도현");
    // 지은: 은 after a vowel-final 지 is not a particle, and the stem would be one syllable anyway.
    expect(normalizeEntityName("서지은")).toBe("서지은");
    expect(normalizeEntityName("하은")).toBe("하은");
  });

  it("keeps a bare name that merely ends in a particle-like syllable", () => {
    expect(normalizeEntityName("고양이")).toBe("고양이");
    expect(normalizeEntityName("제주도")).toBe("제주도");
    expect(normalizeEntityName("아보카도")).toBe("아보카도");
    expect(normalizeEntityName("국문과")).toBe("국문과");
    expect(normalizeEntityName("이가")).toBe("이가");
    expect(normalizeEntityName("보리")).toBe("보리");
  });

  it("strips an ambiguous particle (도, 과, 와) only when the stem is a known name", () => {
    expect(normalizeEntityName("또리도")).toBe("또리도");
    expect(normalizeEntityName("또리도", { knownNames: new Set(["또리"]) })).toBe("또리");
    expect(normalizeEntityName("제주도", { knownNames: new Set(["제주"]) })).toBe("제주");
    expect(normalizeEntityName("고양이는", { knownNames: new Set(["고양이"]) })).toBe("고양이");
  });

  it("takes a one-syllable name and its form with 이 for one name, whichever the graph knows", () => {
    expect(normalizeEntityName("콩이")).toBe("콩이"); // a one-syllable stem is no stem by itself
    expect(normalizeEntityName("콩이", { knownNames: new Set(["콩"]) })).toBe("콩");
    expect(normalizeEntityName("콩이는", { knownNames: new Set(["콩"]) })).toBe("콩");
    expect(normalizeEntityName("콩", { knownNames: new Set(["콩이"]) })).toBe("콩이");
    expect(normalizeEntityName("콩", { knownNames: new Set(["콩", "콩이"]) })).toBe("콩");
    // Not for a name that ends in a vowel (보리 takes 가, not 이), nor one of two syllables.
    expect(normalizeEntityName("보", { knownNames: new Set(["보이"]) })).toBe("보");
    expect(normalizeEntityName("도현", { knownNames: new Set(["도현이"]) })).toBe("도현");
  });

  it("prefers a known full name over a shorter stem", () => {
    expect(normalizeEntityName("도현이", { knownNames: new Set(["도현이"]) })).toBe("도현이");
  });

  it("removes honorifics after a personal name but not from titles", () => {
    expect(normalizeEntityName("윤채원님")).toBe("윤채원");
    expect(normalizeEntityName("민수씨")).toBe("민수");
    expect(normalizeEntityName("윤채원님이")).toBe("윤채원");
    expect(normalizeEntityName("선생님")).toBe("선생님");
    expect(normalizeEntityName("이정화 선생님")).toBe("이정화 선생님");
    expect(normalizeEntityName("아저씨")).toBe("아저씨");
    expect(entityDisplayName("장모님")).toBe("장모님");
    expect(entityDisplayName("권도윤님이")).toBe("권도윤");
  });

  it("drops an English possessive from a Latin name", () => {
    expect(entityDisplayName("Kevin's")).toBe("Kevin");
    expect(entityDisplayName("James'")).toBe("James");
    expect(entityDisplayName("승준이는")).toBe("승준");
  });

  it("applies NFC, trims, collapses spaces and lowercases Latin", () => {
    const decomposed = "또리".normalize("NFD");
    expect(normalizeEntityName(`  ${decomposed}  `)).toBe("또리");
    expect(normalizeEntityName("  Figma   Org  Plan ")).toBe("figma org plan");
    expect(normalizeEntityName("Pluto는")).toBe("pluto");
  });

  it("maps first-person forms to 나 / I", () => {
    for (const form of ["나", "나는", "내가", "저는", "제가"]) expect(entityDisplayName(form)).toBe("나");
    expect(entityDisplayName("my")).toBe("I");
    expect(entityDisplayName("I")).toBe("I");
  });
});

describe("cleanValue", () => {
  it("strips sentence endings", () => {
    expect(cleanValue("8월 9일이야")).toBe("8월 9일");
    expect(cleanValue("10월 27일입니다.")).toBe("10월 27일");
    expect(cleanValue("말티즈예요")).toBe("말티즈");
    expect(cleanValue("3월 14일이에요!")).toBe("3월 14일");
    expect(cleanValue("페스코 베지테리언임")).toBe("페스코 베지테리언");
    expect(cleanValue("말티즈야 ㅋㅋ")).toBe("말티즈");
    expect(cleanValue("민지야")).toBe("민지");
    expect(cleanValue("정태웅이에요")).toBe("정태웅");
    expect(cleanValue("간호사예요")).toBe("간호사");
    expect(cleanValue("B형임")).toBe("B형");
    expect(cleanValue("2월 28일이다")).toBe("2월 28일");
    expect(cleanValue("010-5528-1180입니다")).toBe("010-5528-1180");
  });

  it("does not eat into the value itself", () => {
    expect(cleanValue("고양이야")).toBe("고양이");
    expect(cleanValue("가야")).toBe("가야");
    expect(cleanValue("010-1234-5678")).toBe("010-1234-5678");
    expect(cleanValue("보리(햄스터)")).toBe("보리(햄스터)");
    expect(cleanValue('"테일러온"')).toBe("테일러온");
  });

  it("normalizeValue folds case and spacing for comparison", () => {
    expect(normalizeValue("  Jun 22   at 19:10. ")).toBe("jun 22 at 19:10");
  });
});

describe("normalizeAttribute", () => {
  it("drops a topic particle and folds phone synonyms", () => {
    expect(normalizeAttribute("생일은")).toBe("생일");
    expect(normalizeAttribute("결혼기념일은")).toBe("결혼기념일");
    expect(normalizeAttribute("번호")).toBe("전화번호");
    expect(normalizeAttribute("연락처")).toBe("전화번호");
    expect(normalizeAttribute("Phone Number")).toBe("phone");
    expect(normalizeAttribute("주소")).toBe("주소");
  });

  it("drops the courtesy 님 from a title used as an attribute", () => {
    expect(normalizeAttribute("원장님")).toBe("원장");
    expect(normalizeAttribute("사장님은")).toBe("사장");
  });

  it("foldText is NFC + trim + single spaces + lowercase", () => {
    expect(foldText(" A  b\tC ")).toBe("a b c");
  });
});
