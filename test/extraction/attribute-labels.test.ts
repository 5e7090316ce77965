import { describe, expect, it } from "vitest";
import { attributeLabel } from "../../src/extraction/attribute-labels.js";

describe("attributeLabel", () => {
  it("names a rule's attribute in the other language", () => {
    expect(attributeLabel("거주지", "en")).toBe("residence");
    expect(attributeLabel("직장", "en")).toBe("workplace");
    expect(attributeLabel("종", "en")).toBe("kind");
    expect(attributeLabel("residence", "ko")).toBe("거주지");
    expect(attributeLabel("phone", "ko")).toBe("전화번호");
  });

  it("translates a phrase word by word only when every word has a translation", () => {
    expect(attributeLabel("locker number", "ko")).toBe("사물함 번호");
    expect(attributeLabel("favorite snack", "ko")).toBe("favorite snack");
  });

  it("finds a word by another name of its thing in the lexicon", () => {
    expect(attributeLabel("사물함", "en")).toBe("locker");
    expect(attributeLabel("내선", "en")).toBe("extension");
  });

  it("shows an initialism in capitals, in either language, and an ordinary word as it is", () => {
    expect(attributeLabel("mbti", "ko")).toBe("MBTI");
    expect(attributeLabel("mbti", "en")).toBe("MBTI");
    expect(attributeLabel("toeic 점수", "ko")).toBe("TOEIC 점수");
    expect(attributeLabel("gym locker code", "en")).toBe("gym locker code");
  });

  it("keeps a name already in the asked language, a compound, and one with no translation", () => {
    expect(attributeLabel("생일", "ko")).toBe("생일");
    expect(attributeLabel("birthday", "en")).toBe("birthday");
    expect(attributeLabel("사물함번호", "en")).toBe("사물함번호");
    expect(attributeLabel("최애 간식", "en")).toBe("최애 간식");
  });
});
