import { describe, expect, it } from "vitest";
import { EVAL_TOPICS } from "../../src/eval/filter-report.js";
import { isAppError } from "../../src/core/errors.js";
import { DEFAULT_TOPICS_CONFIG, type TopicsConfig } from "../../src/autosave/pipeline-config.js";
import { EntityTopics } from "../../src/autosave/entity-topics.js";
import { TopicRegistry } from "../../src/autosave/topic-registry.js";
import { RuleTopicExtractor } from "../../src/autosave/topics.js";
import { LlmTopicExtractor, TOPIC_REPLY_FORMAT } from "../../src/autosave/topics-llm.js";
import { makeFakeLlm } from "../graph/fixtures/factories.js";

function labels(text: string, config: Partial<TopicsConfig> = {}, extractor?: RuleTopicExtractor): string[] {
  const rules =
    extractor ??
    new RuleTopicExtractor({
      ...DEFAULT_TOPICS_CONFIG,
      taxonomy: "fixed",
      custom_topics: [...EVAL_TOPICS],
      ...config,
    });
  return rules
    .extractSync(text)
    .map((t) => t.label)
    .sort();
}

describe("RuleTopicExtractor", () => {
  it.each([
    ["승우 번호 010-6284-1937", ["contacts"]],
    ["엄마 생신 7월 2일", ["family"]],
    ["솜이 병원: 뚝섬 '초록귀 특수동물병원' 02-464-3318", ["contacts", "pets"]],
    ["오피스텔 월세 85만원, 관리비 12만원 별도", ["finance", "home"]],
    ["가게 월세 180만원, 매달 말일에 내요", ["finance", "work"]],
    ["필라테스 화목 저녁 8시", ["hobby", "schedule"]],
    ["도준이 계란 알레르기 있어요", ["food", "health"]],
    ["나 회 못 먹음", ["food"]],
    ["팀 리드 남궁혁님 010-4172-3390", ["contacts", "work"]],
    ["Booked my LA flight: out Jul 3, back Jul 20", ["schedule", "travel"]],
    ["My brother's wedding is Jul 11 in Pasadena", ["family", "schedule"]],
    ["Rent is 1.1M won a month", ["finance", "home"]],
    ["I'm allergic to sesame", ["food", "health"]],
  ])("labels %j", (text, expected) => {
    expect(labels(text)).toEqual(expected);
  });

  it("gives no label below min_confidence, and at most max_topics_per_entry", () => {
    expect(labels("음 그냥 그래")).toEqual([]);
    const text = "엄마 생신 선물로 신발 사고 7월 2일에 병원 예약, 여행 경비 50만원";
    expect(labels(text, { max_topics_per_entry: 2 })).toHaveLength(2);
    expect(labels("여행 갈까", { min_confidence: 0.99 })).toEqual([]);
  });

  it("in fixed, assigns only custom topics, including ones named in another language", () => {
    const fixed = new RuleTopicExtractor({
      ...DEFAULT_TOPICS_CONFIG,
      taxonomy: "fixed",
      custom_topics: ["업무", "coding"],
    });
    expect(labels("팀장님 바뀜, 이제 우리 팀장은 구태린님", {}, fixed)).toEqual(["업무"]);
    expect(labels("coding interview prep every night", {}, fixed)).toEqual(["coding"]);
    expect(labels("승우 생일 5월 27일", {}, fixed)).toEqual([]);
  });

  it("in hybrid, prefers custom topics and falls back to generated ones", () => {
    const hybrid = new RuleTopicExtractor({
      ...DEFAULT_TOPICS_CONFIG,
      taxonomy: "hybrid",
      custom_topics: ["planning"],
    });
    expect(labels("planning the Q3 roadmap by Friday", {}, hybrid)).toEqual(["planning"]);
    expect(labels("엄마 생신 7월 2일", {}, hybrid)).toEqual(["family"]);
  });

  it("in auto, folds a generated label into the user's own ('work' → '업무')", () => {
    const auto = new RuleTopicExtractor({ ...DEFAULT_TOPICS_CONFIG, taxonomy: "auto" });
    const registry = TopicRegistry.fromMemories([["업무"]]);
    expect(auto.extractSync("사번 RN-2291", { registry }).map((t) => t.label)).toEqual(["업무"]);
  });

  it("knows a name the user tied to a pet or a relative before", () => {
    const entities = new EntityTopics();
    entities.learn("우리 집 토끼 솜이, 네덜란드 드워프고 두 살");
    entities.learn("쌍둥이 아들 도하, 도준이 2019년생이에요");
    entities.learn("My cat Mochi is a 3-year-old gray tabby");
    const rules = new RuleTopicExtractor({
      ...DEFAULT_TOPICS_CONFIG,
      taxonomy: "fixed",
      custom_topics: [...EVAL_TOPICS],
    });
    const context = { entityTopics: entities.map() };
    expect(rules.extractSync("솜이 몸무게 1.2kg", context).map((t) => t.label)).toEqual(["pets"]);
    expect(
      rules
        .extractSync("도준이 계란 알레르기 있어요", context)
        .map((t) => t.label)
        .sort(),
    ).toEqual(["family", "food", "health"]);
    expect(rules.extractSync("Mochi eats twice a day", context).map((t) => t.label)).toContain("pets");
  });

  it("returns nothing when topics are disabled", () => {
    expect(labels("엄마 생신 7월 2일", { enabled: false })).toEqual([]);
  });
});

describe("LlmTopicExtractor", () => {
  const config: TopicsConfig = {
    ...DEFAULT_TOPICS_CONFIG,
    taxonomy: "fixed",
    custom_topics: ["family", "work"],
  };
  const reply = (topics: Array<{ label: string; confidence: number }>): string => JSON.stringify({ topics });

  it("sends the zod schema as format and the taxonomy in the prompt", async () => {
    const llm = makeFakeLlm({ replies: [reply([])] });
    await new LlmTopicExtractor({ llm, config }).extract("승우 생일 5월 27일");
    expect(llm.requests[0]?.format).toEqual(TOPIC_REPLY_FORMAT);
    expect(llm.requests[0]?.messages[0]?.content).toContain("Use only these labels: family, work");
    expect(llm.requests[0]?.messages[1]).toEqual({ role: "user", content: "승우 생일 5월 27일" });
  });

  it("in fixed, maps translations onto custom topics and drops the rest and the unsure", async () => {
    const llm = makeFakeLlm({
      replies: [
        reply([
          { label: "가족", confidence: 0.9 },
          { label: "Work", confidence: 0.7 },
          { label: "romance", confidence: 0.95 },
          { label: "work", confidence: 0.8 },
          { label: "family", confidence: 0.3 },
        ]),
      ],
    });
    const topics = await new LlmTopicExtractor({ llm, config }).extract("남친 한승우, 회계사임");
    expect(topics).toEqual([
      { label: "family", confidence: 0.9 },
      { label: "work", confidence: 0.8 },
    ]);
  });

  it("in auto, folds new labels into the user's registry", async () => {
    const registry = TopicRegistry.fromMemories([["Work"], ["Family"]]);
    const llm = makeFakeLlm({
      replies: [
        reply([
          { label: "업무", confidence: 0.9 },
          { label: "Road_Trip", confidence: 0.8 },
        ]),
      ],
    });
    const topics = await new LlmTopicExtractor({ llm, config: { ...config, taxonomy: "auto" } }).extract(
      "x",
      { registry },
    );
    expect(topics.map((t) => t.label)).toEqual(["Work", "Road_Trip"]);
    expect(llm.requests[0]?.messages[0]?.content).toContain(
      "existing labels (reuse one when it fits): Family, Work",
    );
  });

  it("throws llm_bad_output on a reply that is not JSON or not the schema", async () => {
    for (const bad of ["not json", JSON.stringify({ topics: [{ label: "x", confidence: 3 }] })]) {
      const llm = makeFakeLlm({ replies: [bad] });
      const error = await new LlmTopicExtractor({ llm, config }).extract("x").then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(isAppError(error, "llm_bad_output")).toBe(true);
    }
  });
});
