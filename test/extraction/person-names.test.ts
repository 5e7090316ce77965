import { describe, expect, it } from "vitest";
import { personNamesIn } from "../../src/extraction/rule-common.js";
import { growth } from "../support/growth.js";

describe("personNamesIn", () => {
  it("reads a Korean name with a courtesy or a title after it, glued or apart, without its particle", () => {
    expect(personNamesIn("이번 분기 담당은 가온쌤, 급한 건 편도윤 씨한테")).toEqual(["가온", "편도윤"]);
    expect(personNamesIn("이제 진태서 주무관이 맡음")).toEqual(["진태서"]);
    expect(personNamesIn("모하진님이 새로 오심")).toEqual(["모하진"]);
  });

  it("reads two capitalised Latin words as a name, but not a time or a place", () => {
    expect(personNamesIn("Orders go through Ilse Brandt for now")).toEqual(["ilse brandt"]);
    expect(personNamesIn("Since June we meet at Lakeview Park")).toEqual([]);
  });

  it("names no one by a title, a relation or a bare word of a name's shape", () => {
    expect(personNamesIn("원장님 해외 출장, 사장님은 그대로")).toEqual([]);
    expect(personNamesIn("할머님 생신이라 이모님 오심")).toEqual([]);
    // A surname's syllable and two more: a verb's noun form, not a name.
    expect(personNamesIn("답장은 하루 안에 지키기")).toEqual([]);
  });

  it("reads a long note in linear time", () => {
    const unit = "편도윤 씨한테 가온쌤 Ilse Brandt 원장님 ";
    expect(growth((n) => personNamesIn(unit.repeat(n)), 500)).toBeLessThan(8 * 4);
  });
});
