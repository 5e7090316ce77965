import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "../../src/core/errors.js";
import { EXTRACTION_FORMAT, LlmTripletExtractor, extractionSchema } from "../../src/graph/llm-extractor.js";
import { makeFakeLlm, tripletsReply } from "./fixtures/factories.js";

describe("LlmTripletExtractor", () => {
  it("sends the zod schema as JSON-schema format with a Korean-aware prompt", async () => {
    const llm = makeFakeLlm({ replies: [tripletsReply([])] });
    await new LlmTripletExtractor({ llm }).extract("또리 생일 10월 27일이야");
    const request = llm.requests[0];
    expect(request?.format).toEqual(EXTRACTION_FORMAT);
    expect(EXTRACTION_FORMAT).toMatchObject({ type: "object", required: ["triplets"] });
    expect(request?.messages[0]?.role).toBe("system");
    expect(request?.messages[0]?.content).toContain("나");
    expect(request?.messages[1]).toEqual({ role: "user", content: "또리 생일 10월 27일이야" });
  });

  it("returns validated, cleaned triplets", async () => {
    const llm = makeFakeLlm({
      replies: [
        tripletsReply([
          { entity: "또리는", attribute: "생일은", value: "10월 27일이야" },
          { entity: "내가", attribute: "알레르기", value: "복숭아" },
        ]),
      ],
    });
    const triplets = await new LlmTripletExtractor({ llm }).extract(
      "또리 생일 10월 27일이야. 나 복숭아 알레르기 있음",
    );
    expect(triplets).toEqual([
      { entity: "또리", attribute: "생일", value: "10월 27일" },
      { entity: "나", attribute: "알레르기", value: "복숭아" },
    ]);
  });

  it("drops values that are not in the text (ignoring case and spacing) and duplicates", async () => {
    const llm = makeFakeLlm({
      replies: [
        tripletsReply([
          { entity: "또리", attribute: "생일", value: "10/27" },
          { entity: "또리", attribute: "품종", value: "말티즈" },
          { entity: "또리", attribute: "품종", value: "말티즈" },
          { entity: "Pluto", attribute: "cutover date", value: "mar  13" },
        ]),
      ],
    });
    const triplets = await new LlmTripletExtractor({ llm }).extract(
      "또리 생일 10월 27일, 말티즈. Pluto cutover Mar 13",
    );
    expect(triplets.map((t) => t.value)).toEqual(["말티즈", "mar 13"]);
  });

  it("throws llm_bad_output on invalid JSON or a reply that does not fit the schema", async () => {
    for (const content of [
      "not json",
      '{"triplets":[{"entity":"또리"}]}',
      '{"facts":[]}',
      '{"triplets":[{"entity":"","attribute":"a","value":"b"}]}',
    ]) {
      const llm = makeFakeLlm({ replies: [content] });
      const error = await new LlmTripletExtractor({ llm }).extract("또리").catch((e: unknown) => e);
      expect(isAppError(error, "llm_bad_output")).toBe(true);
    }
  });

  it("passes the model's own errors through", async () => {
    const llm = makeFakeLlm({ replies: [new AppError("llm_unavailable", "down")] });
    const error = await new LlmTripletExtractor({ llm }).extract("또리").catch((e: unknown) => e);
    expect(isAppError(error, "llm_unavailable")).toBe(true);
  });

  it("the schema accepts an empty list", () => {
    expect(extractionSchema.parse({ triplets: [] })).toEqual({ triplets: [] });
  });
});
