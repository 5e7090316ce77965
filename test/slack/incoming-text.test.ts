import { describe, expect, it } from "vitest";
import { plainFromSlack } from "../../src/slack/incoming-text.js";

describe("plainFromSlack: a text as Slack delivers it, read as the person wrote it", () => {
  it("turns the three entities back into the characters a person typed, '&amp;' last", () => {
    expect(plainFromSlack("R&amp;D 예산 &lt; 300, 기한 &gt; 금요일")).toBe("R&D 예산 < 300, 기한 > 금요일");
    // A person who typed "&lt;" gets it back, not "<".
    expect(plainFromSlack("&amp;lt;는 엔티티")).toBe("&lt;는 엔티티");
  });

  it("reads a link as its address, its label when that is the address, or both", () => {
    expect(plainFromSlack("자료 <https://wiki.example/x>")).toBe("자료 https://wiki.example/x");
    expect(plainFromSlack("<http://example.com|example.com> 참고")).toBe("example.com 참고");
    expect(plainFromSlack("<mailto:kim@example.com|kim@example.com>로 보내")).toBe("kim@example.com로 보내");
    expect(plainFromSlack("<https://docs.example/a?b=1&amp;c=2|회의록> 봐줘")).toBe(
      "회의록 (https://docs.example/a?b=1&c=2) 봐줘",
    );
  });

  it("names channels and special mentions by their words, and keeps a person's mention without its label", () => {
    expect(plainFromSlack("<#C0ABC|general>에 올렸어")).toBe("#general에 올렸어");
    expect(plainFromSlack("<!here> 점심 <!channel> <!subteam^S01|@design> <!subteam^S02>")).toBe(
      "@here 점심 @channel @design @S02",
    );
    expect(plainFromSlack("<!date^1700000000^{date}|Nov 14> 마감")).toBe("Nov 14 마감");
    expect(plainFromSlack("<@U0DANA|dana> 가 발표")).toBe("<@U0DANA> 가 발표");
  });

  it("leaves brackets that are no markup as they came, and runs in linear time on many brackets", () => {
    expect(plainFromSlack("a <b c> d")).toBe("a <b c> d");
    const hostile = "<".repeat(50_000) + "|" + "x".repeat(50_000);
    const started = performance.now();
    expect(plainFromSlack(hostile)).toBe(hostile);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
