import { describe, expect, it } from "vitest";
import { normalizeField, prf, scoreTriplets } from "../../src/eval/triplet-metrics.js";

const t = (entity: string, attribute: string, value: string) => ({ entity, attribute, value });

describe("triplet metrics", () => {
  it("normalizes fields: NFC, lowercase, no spaces or punctuation", () => {
    expect(normalizeField(" 02-462-7719 ")).toBe("024627719");
    expect(normalizeField("Jun 22 at 19:10")).toBe("jun22at1910");
    expect(normalizeField("또리".normalize("NFD"))).toBe("또리");
  });

  it("computes micro strict and EV precision/recall/F1", () => {
    const scores = scoreTriplets([
      {
        gold: [t("또리", "생일", "8월 9일"), t("또리", "품종", "말티즈")],
        predicted: [t("또리", "생일", "8월9일")],
      },
      {
        gold: [t("라온웨딩", "담당", "오세린 실장")],
        predicted: [t("라온웨딩", "담당자", "오세린 실장"), t("x", "y", "z")],
      },
    ]);
    expect(scores.strict).toMatchObject({ truePositives: 1, predicted: 3, gold: 3 });
    expect(scores.strict.precision).toBeCloseTo(1 / 3);
    expect(scores.strict.recall).toBeCloseTo(1 / 3);
    expect(scores.ev).toMatchObject({ truePositives: 2, predicted: 3, gold: 3 });
    expect(scores.ev.f1).toBeCloseTo(2 / 3);
  });

  it("counts a duplicated prediction once against a single gold", () => {
    const scores = scoreTriplets([
      { gold: [t("a", "b", "c")], predicted: [t("a", "b", "c"), t("A", "b", "c")] },
    ]);
    expect(scores.strict.truePositives).toBe(1);
    expect(scores.strict.precision).toBe(0.5);
  });

  it("is 0 rather than NaN with nothing predicted", () => {
    expect(prf({ truePositives: 0, predicted: 0, gold: 3 })).toMatchObject({
      precision: 0,
      recall: 0,
      f1: 0,
    });
  });
});
