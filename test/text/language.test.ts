import { describe, expect, it } from "vitest";
import { detectLanguage } from "../../src/text/language.js";

describe("detectLanguage", () => {
  it("is Korean for Hangul and by default, English for Latin text", () => {
    expect(detectLanguage("또리 생일 언제야?")).toBe("ko");
    expect(detectLanguage("when is the dry-run?")).toBe("en");
    expect(detectLanguage("👍")).toBe("ko");
    expect(detectLanguage("Pluto 배포 언제?")).toBe("ko");
  });

  it("is Korean for any Hangul, jamo included, however much English is around it", () => {
    expect(detectLanguage("heads up: rollback owner is 강태호")).toBe("ko");
    expect(detectLanguage("ㅋㅋ ok")).toBe("ko");
    expect(detectLanguage("👍 12:30")).toBe("ko");
  });

  it("reads an emoji's shortcode as no language", () => {
    expect(detectLanguage(":thinking_face:?")).toBe("ko");
    expect(detectLanguage(":tada: :+1:")).toBe("ko");
    expect(detectLanguage(":tada: see you at noon")).toBe("en");
  });

  it("reads a Slack mention as no language: a message that is only one is answered in Korean", () => {
    expect(detectLanguage("<@UBOB0002>")).toBe("ko");
    expect(detectLanguage("@channel")).toBe("ko");
    expect(detectLanguage("<@UBOB0002> <@W0ALICE01>")).toBe("ko");
    expect(detectLanguage("<@UBOB0002> can you check this?")).toBe("en");
    expect(detectLanguage("<@UBOB0002> 이거 봐줘")).toBe("ko");
  });

  it("does not count the one syllable of a car's number plate as Korean", () => {
    expect(detectLanguage("my license plate is 45버 2210")).toBe("en");
    expect(detectLanguage("new car, plate 118허9034")).toBe("en");
    expect(detectLanguage("차 번호 45버 2210")).toBe("ko");
    expect(detectLanguage("45버 2210")).toBe("ko");
  });
});
