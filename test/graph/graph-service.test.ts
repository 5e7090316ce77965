import { readFile, writeFile } from "node:fs/promises";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../src/core/errors.js";
import { AgentGraph } from "../../src/graph/graph-port.js";
import { GraphService } from "../../src/graph/graph-service.js";
import { VisibilityRule } from "../../src/core/visibility.js";
import { graphFilePath, JsonGraphStores } from "../../src/stores/json-graph-store.js";
import { ENTITY_LABEL } from "../../src/core/graph-types.js";
import { makeFakeLlm, makeLogger, makeTempDir, tripletsReply } from "./fixtures/factories.js";

const ALICE = { teamId: "T1", userId: "U_ALICE" };
const BOB = { teamId: "T1", userId: "U_BOB" };
const FAST_RETRY = { minTimeoutMs: 1, maxTimeoutMs: 2 };

describe("GraphService", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
  afterEach(async () => cleanup());

  const makeService = (options: Partial<Parameters<typeof GraphService.create>[0]> = {}) =>
    GraphService.create({
      stores: new JsonGraphStores(dir),
      logger: makeLogger(),
      retry: FAST_RETRY,
      ...options,
    });

  it("stores entity -[attribute]-> value with the attribute also on the entity node", async () => {
    const graph = makeService();
    const result = await graph.ingest({
      ...ALICE,
      text: "또리 생일 10월 27일이야",
      memoryId: "m1",
      at: 1000,
    });
    expect(result.extractor).toBe("rules");
    const { nodes, relations } = await graph.snapshot(ALICE);
    expect(nodes.find((n) => n.id === "또리_Entity")).toEqual({
      id: "또리_Entity",
      name: "또리",
      label: ENTITY_LABEL,
      properties: { 생일: "10월 27일" },
    });
    expect(nodes.find((n) => n.id === "10월 27일_Value")?.label).toBe("Value");
    expect(relations).toHaveLength(1);
    expect(relations[0]).toMatchObject({
      source: "또리_Entity",
      target: "10월 27일_Value",
      label: "생일",
      properties: { createdAt: 1000, current: true, sourceMemoryId: "m1" },
    });
  });

  it("answers facts for entities named in a message, whatever the particle", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 27일이야" });
    await graph.ingest({ ...ALICE, text: "또리는 말티즈고 올해 여섯 살" });
    await graph.ingest({ ...ALICE, text: "업체명: 모루커피, 전화번호: 010-2738-6641" });
    expect(await graph.facts({ ...ALICE, text: "또리가 몇 살이었지?" })).toEqual(["또리: 나이 = 여섯 살"]);
    expect(await graph.facts({ ...ALICE, text: "또리는?" })).toEqual([
      "또리: 생일 = 10월 27일",
      "또리: 품종 = 말티즈",
      "또리: 나이 = 여섯 살",
    ]);
    expect(await graph.facts({ ...ALICE, text: "모루커피 번호 알려줘" })).toEqual([
      "모루커피: 전화번호 = 010-2738-6641",
    ]);
    expect(await graph.facts({ ...ALICE, text: "오늘 날씨 어때" })).toEqual([]);
  });

  it("keeps a one-syllable name and its form with 이 as one entity, in either order (콩 / 콩이)", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "우리 강아지 이름은 콩이야" });
    await graph.ingest({ ...ALICE, text: "콩이 3살" });
    expect(await graph.facts({ ...ALICE, text: "콩이 몇 살이야?" })).toEqual(["콩: 나이 = 3살"]);
    expect(await graph.facts({ ...ALICE, text: "콩이는?" })).toEqual(["콩: 종 = 강아지", "콩: 나이 = 3살"]);
    await graph.ingest({ ...BOB, text: "별이 몸무게 4kg" });
    await graph.ingest({ ...BOB, text: "우리 고양이 이름은 별이야" });
    expect(await graph.facts({ ...BOB, text: "별이는?" })).toEqual([
      "별이: 몸무게 = 4kg",
      "별이: 종 = 고양이",
    ]);
    const { nodes } = await graph.snapshot(BOB);
    expect(nodes.filter((n) => n.label === ENTITY_LABEL).map((n) => n.name)).toEqual(["별이"]);
  });

  it("matches the longest name first and needs a whole word for one-letter names", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "업체명: 모루, 분류: 카페" });
    await graph.ingest({ ...ALICE, text: "업체명: 모루커피, 분류: 원두" });
    await graph.ingest({ ...ALICE, text: "나 복숭아 알레르기 있음" });
    expect(await graph.facts({ ...ALICE, text: "모루커피 원두 뭐였지" })).toEqual(["모루커피: 분류 = 원두"]);
    expect(await graph.facts({ ...ALICE, text: "하나만 알려줘" })).toEqual([]);
    expect(await graph.facts({ ...ALICE, text: "내 알레르기 뭐였지?" })).toEqual(["나: 알레르기 = 복숭아"]);
  });

  it("shows the user's own facts to the agent as 나 or you, never as the entity 'I'", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "my locker number is 112" });
    await graph.ingest({ ...ALICE, text: "나 복숭아 알레르기 있음" });
    const agentGraph = new AgentGraph(graph, new VisibilityRule());
    const dm = { ...ALICE, channelId: "D1", channelType: "im" as const };
    const en = await agentGraph.facts(dm, "what is my locker number?");
    expect(en).toContain("you: locker number = 112");
    expect(en.join("\n")).not.toMatch(/^I:/m);
    expect(await agentGraph.facts(dm, "내 알레르기 뭐였지?")).toEqual(["나: 알레르기 = 복숭아"]);
    // Asked in Korean, the English attribute is named in Korean: locker is 사물함 (words/same-thing.ts).
    expect(await agentGraph.facts(dm, "내 사물함 번호 뭐야?")).toEqual(["나: 사물함 번호 = 112"]);
    expect(await agentGraph.facts(dm, "what are my allergies?")).toEqual(["you: allergy = 복숭아"]);
    expect(await agentGraph.facts(dm, "what am I allergic to?")).toEqual(["you: allergy = 복숭아"]);
    expect(await agentGraph.entityFacts(dm, "I")).toEqual([
      "you: locker number = 112",
      "you: allergy = 복숭아",
    ]);
    expect(await agentGraph.entityFacts(dm, "나")).toEqual([
      "나: 사물함 번호 = 112",
      "나: 알레르기 = 복숭아",
    ]);
    // The graph keeps the speaker as one entity, 나, whichever language a fact was said in (the admin API
    // shows it as stored), and finds it by "I" too.
    expect((await graph.queryEntity({ ...ALICE, name: "I" }))?.lines).toEqual([
      "나: locker number = 112",
      "나: 알레르기 = 복숭아",
    ]);
  });

  it("finds an entity named by another word for it, in either language (wife or 와이프 for 아내)", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "아내 생일은 3월 5일이야" });
    await graph.ingest({ ...ALICE, text: "My manager is Priya Nair" });
    const agentGraph = new AgentGraph(graph, new VisibilityRule());
    const dm = { ...ALICE, channelId: "D1", channelType: "im" as const };
    expect(await agentGraph.facts(dm, "when is my wife's birthday?")).toEqual(["아내: birthday = 3월 5일"]);
    expect(await agentGraph.facts(dm, "와이프 생일 언제더라?")).toEqual(["아내: 생일 = 3월 5일"]);
    // A word of no group, or of another group, names nothing else.
    expect(await agentGraph.facts(dm, "when is my sister's birthday?")).toEqual([]);
  });

  it("answers how old someone is with the age alone", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "우리 고양이 이름은 보리고 4살이야" });
    await graph.ingest({ ...ALICE, text: "보리 생일은 6월 1일" });
    const agentGraph = new AgentGraph(graph, new VisibilityRule());
    const dm = { ...ALICE, channelId: "D1", channelType: "im" as const };
    expect(await agentGraph.facts(dm, "보리 몇 살이야?")).toEqual(["보리: 나이 = 4살"]);
    expect(await agentGraph.facts(dm, "보리 몇살?")).toEqual(["보리: 나이 = 4살"]);
    // A question with Hangul in it is read as Korean (detectLanguage), so the label is Korean.
    expect(await agentGraph.facts(dm, "how old is 보리?")).toEqual(["보리: 나이 = 4살"]);
  });

  it("answers a question about another's attribute without the user's own fact of that attribute", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "내 이름은 한유진이야" });
    await graph.ingest({ ...ALICE, text: "내 생일은 2월 8일이야" });
    await graph.ingest({ ...ALICE, text: "남편 생일은 11월 20일" });
    await graph.ingest({ ...ALICE, text: "나 대구에 살아" });
    const agentGraph = new AgentGraph(graph, new VisibilityRule());
    const dm = { ...ALICE, channelId: "D1", channelType: "im" as const };
    // "my" owns the husband here, not the name or the birthday: what it knows of him (no name), never
    // the user's own name.
    expect(await agentGraph.facts(dm, "what's my husband's name?")).toEqual(["남편: birthday = 11월 20일"]);
    expect(await agentGraph.facts(dm, "when is my husband's birthday?")).toEqual([
      "남편: birthday = 11월 20일",
    ]);
    expect(await agentGraph.facts(dm, "남편 생일 언제야?")).toEqual(["남편: 생일 = 11월 20일"]);
    expect(await agentGraph.facts(dm, "where does my mom live?")).toEqual([]);
    // Asked of the user, the user's own facts answer.
    expect(await agentGraph.facts(dm, "what's my name?")).toEqual(["you: name = 한유진"]);
    expect(await agentGraph.facts(dm, "내 생일 언제야?")).toEqual(["나: 생일 = 2월 8일"]);
    expect(await agentGraph.facts(dm, "where do I live?")).toEqual(["you: residence = 대구"]);
  });

  it("lists the user's own facts said in both languages as one person, labelled in the asker's language", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "I moved to Daejeon last month", at: 1000 });
    await graph.ingest({ ...ALICE, text: "내 혈액형은 A형이야", at: 2000 });
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 27일이야", at: 3000 });
    const agentGraph = new AgentGraph(graph, new VisibilityRule());
    const dm = { ...ALICE, channelId: "D1", channelType: "im" as const };
    const ko = await agentGraph.profile(dm, "ko");
    expect(ko.map((g) => g.entity)).toEqual(["나", "또리"]);
    expect(ko[0]!.facts.map((f) => `${f.attribute}=${f.value}`).sort()).toEqual([
      "거주지=Daejeon",
      "혈액형=A형",
    ]);
    const en = await agentGraph.profile(dm, "en");
    expect(en[0]).toMatchObject({ entity: "you", self: true });
    expect(en[0]!.facts.map((f) => f.attribute)).toContain("residence");
  });

  it("answers a question in the other language, or one that asks by the verb that states the fact", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "내 생일은 9월 9일이야" });
    await graph.ingest({ ...ALICE, text: "나 광주에 살아" });
    await graph.ingest({ ...ALICE, text: "나 한빛전자에서 일해" });
    const agentGraph = new AgentGraph(graph, new VisibilityRule());
    const dm = { ...ALICE, channelId: "D1", channelType: "im" as const };
    // birthday is another name of 생일 (words/same-thing.ts); live and 살아 state 거주지.
    // The attribute is named in the question's language (attribute-labels.ts); the value as said.
    expect(await agentGraph.facts(dm, "when is my birthday?")).toEqual(["you: birthday = 9월 9일"]);
    expect(await agentGraph.facts(dm, "where do I live?")).toEqual(["you: residence = 광주"]);
    expect(await agentGraph.facts(dm, "내가 어디 살고 있지?")).toEqual(["나: 거주지 = 광주"]);
    expect(await agentGraph.facts(dm, "where do I work?")).toEqual(["you: workplace = 한빛전자"]);
    // hometown and hobby name the attributes 고향 and 취미 (words/attributes.ts ATTRIBUTE_NAME_PAIRS).
    await graph.ingest({ ...ALICE, text: "내 고향은 전주야" });
    await graph.ingest({ ...ALICE, text: "내 취미는 등산이야" });
    expect(await agentGraph.facts(dm, "what's my hometown?")).toEqual(["you: hometown = 전주"]);
    expect(await agentGraph.facts(dm, "any hobby of mine?")).toEqual(["you: hobby = 등산"]);
    // 살 after 몇 is an age, and a question that names no attribute of mine gets none of my facts.
    expect(await agentGraph.facts(dm, "나 몇 살이지?")).toEqual([]);
    expect(await agentGraph.facts(dm, "what should I cook tonight?")).toEqual([]);
  });

  it("finds who an entity is by what it is, when a question asks for a name or who", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "우리 고양이 이름은 보리야" });
    await graph.ingest({ ...ALICE, text: "우리 팀장님은 한도윤이야" });
    await graph.ingest({ ...ALICE, text: "My manager is Priya Nair" });
    // cat is another name of 고양이 (words/same-thing.ts); 팀장 and manager are not one word.
    expect(await graph.facts({ ...ALICE, text: "what's my cat's name?" })).toEqual(["보리: 종 = 고양이"]);
    expect(await graph.facts({ ...ALICE, text: "우리 팀장님 성함이 뭐였지?" })).toEqual([
      "한도윤: 역할 = 팀장",
    ]);
    expect(await graph.facts({ ...ALICE, text: "who is my manager?" })).toEqual([
      "Priya Nair: role = manager",
    ]);
    // Naming what an entity is without asking who it is: no such fact.
    expect(await graph.facts({ ...ALICE, text: "고양이 사료 뭐 샀지?" })).toEqual([]);
    expect(await graph.facts({ ...ALICE, text: "팀장 회의 몇 시야?" })).toEqual([]);
    // Said in a DM (private), it is not found this way from a channel either.
    const agentGraph = new AgentGraph(graph, new VisibilityRule());
    const channel = { ...ALICE, channelId: "C1", channelType: "channel" as const };
    expect(await agentGraph.facts(channel, "what's my cat's name?")).toEqual([]);
    expect(await agentGraph.facts(channel, "who is my manager?")).toEqual([]);
  });

  it("answers a question that names no entity by an attribute it names in full, if one entity alone has it", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "동생 결혼식 5월 17일 토요일 12시 반, 더채플 청담" });
    await graph.ingest({ ...ALICE, text: "my locker number is 112" });
    expect(await graph.facts({ ...ALICE, text: "결혼식 장소 어디였지?" })).toEqual([
      "동생: 결혼식 장소 = 더채플 청담",
    ]);
    expect(await graph.facts({ ...ALICE, text: "locker number?", userName: "you" })).toEqual([
      "you: locker number = 112",
    ]);
    // One word of an attribute, or one word of two, names too little.
    expect(await graph.facts({ ...ALICE, text: "장소 어디였지?" })).toEqual([]);
    expect(await graph.facts({ ...ALICE, text: "결혼식 어디서 해?" })).toEqual([]);
    // Two entities with the attribute: the question must say whose.
    await graph.ingest({ ...ALICE, text: "사촌 결혼식 6월 7일 일요일 1시, 라온홀" });
    expect(await graph.facts({ ...ALICE, text: "결혼식 장소 어디였지?" })).toEqual([]);
    // Naming the entity asks it as before: by any word of the attribute.
    expect(await graph.facts({ ...ALICE, text: "사촌 결혼식 장소 어디였지?" })).toContain(
      "사촌: 결혼식 장소 = 라온홀",
    );
    // Said in a DM (private), it is not found this way from a channel.
    const agentGraph = new AgentGraph(graph, new VisibilityRule());
    const channel = { ...ALICE, channelId: "C1", channelType: "channel" as const };
    expect(await agentGraph.facts(channel, "locker number?")).toEqual([]);
  });

  it("finds who an entity is by a Korean noun whose last syllable looks like a particle", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "I have a cat named Nabi" });
    // 고양이 is searched as itself too, not only as its stem 고양 (korean.ts searchStems).
    expect(await graph.facts({ ...ALICE, text: "우리 고양이 이름이 뭐였지?" })).toEqual(["Nabi: kind = cat"]);
    expect(await graph.facts({ ...ALICE, text: "고양이는 이름이 뭐야?" })).toEqual(["Nabi: kind = cat"]);
  });

  it("leaves out what a stale memory says of the asked attribute, and keeps its other facts", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "또리는 말티즈고 올해 여섯 살", at: 1000, memoryId: "m-old" });
    await graph.ingest({
      ...ALICE,
      text: "업체명: 모루커피, 전화번호: 010-2738-6641",
      at: 1500,
      memoryId: "m-cafe",
    });
    const asked = "또리 나이 몇 살이야?";
    expect(await graph.facts({ ...ALICE, text: asked })).toEqual(["또리: 나이 = 여섯 살"]);
    // A newer recalled memory superseded m-old for this question (the agent passes it on).
    expect(await graph.facts({ ...ALICE, text: asked, staleMemories: new Set(["m-old"]) })).toEqual([]);
    // Or recall's answer still on its way: the graph reads first and awaits it last.
    const recall = Promise.resolve(new Set(["m-old"]));
    expect(await graph.facts({ ...ALICE, text: asked, staleMemories: recall })).toEqual([]);
    // A question that asks for no attribute of 또리 gets its facts, the stale memory's among them:
    // what the newer memory restated is not known then.
    expect(
      await graph.facts({ ...ALICE, text: "또리는 요즘 어때?", staleMemories: new Set(["m-old"]) }),
    ).toEqual(["또리: 품종 = 말티즈", "또리: 나이 = 여섯 살"]);
    // Nor is a fact of another memory.
    expect(
      await graph.facts({ ...ALICE, text: "모루커피 번호 알려줘", staleMemories: new Set(["m-old"]) }),
    ).toEqual(["모루커피: 전화번호 = 010-2738-6641"]);
  });

  it("takes 'when' as asking for the date or time, so a stale memory's date is left out", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "dentist appointment on March 3 at 2pm", memoryId: "m-appt" });
    await graph.ingest({ ...ALICE, text: "치과 예약 3월 21일 오전 10시, 판교 미소치과", memoryId: "m-ko" });
    expect(await graph.facts({ ...ALICE, text: "when is my dentist appointment?" })).toEqual([
      "dentist appointment: date = March 3 at 2pm",
    ]);
    expect(
      await graph.facts({
        ...ALICE,
        text: "when is my dentist appointment?",
        staleMemories: new Set(["m-appt"]),
      }),
    ).toEqual([]);
    expect(await graph.facts({ ...ALICE, text: "치과 예약 언제야?" })).toContain(
      "치과 예약: 일시 = 3월 21일 오전 10시",
    );
  });

  it("keeps a superseded fact as history, not as a current fact", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "도현이 번호 010-1111-2222", at: 1000, memoryId: "m1" });
    await graph.ingest({
      ...ALICE,
      text: "도현이 번호 바꿨대. 새 번호 010-9312-0468",
      at: 2000,
      memoryId: "m2",
    });
    expect(await graph.facts({ ...ALICE, text: "도현 번호?" })).toEqual(["도현: 전화번호 = 010-9312-0468"]);
    const entity = await graph.queryEntity({ ...ALICE, name: "도현이가" });
    expect(entity?.current.map((f) => f.value)).toEqual(["010-9312-0468"]);
    expect(entity?.history).toEqual([
      {
        attribute: "전화번호",
        value: "010-1111-2222",
        createdAt: 1000,
        current: false,
        supersededAt: 2000,
        sourceMemoryId: "m1",
      },
    ]);
    const { nodes } = await graph.snapshot(ALICE);
    expect(nodes.find((n) => n.name === "도현")?.properties).toEqual({ 전화번호: "010-9312-0468" });
  });

  it("asks for an attribute by its English name of two words (blood type for 혈액형)", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "내 혈액형은 B형이야", at: 1000 });
    const agentGraph = new AgentGraph(graph, new VisibilityRule());
    const dm = { ...ALICE, channelId: "D1", channelType: "im" as const };
    expect(await agentGraph.facts(dm, "what's my blood type?")).toEqual(["you: blood type = B형"]);
    expect(await agentGraph.facts(dm, "what type of blood?")).toEqual([]);
  });

  it("takes a fact said in one language and changed in the other as one slot of the speaker", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "I live in 은평구 불광동", at: 1000, memoryId: "m1" });
    await graph.ingest({ ...ALICE, text: "이사했어! 이제 광진구 자양동", at: 2000, memoryId: "m2" });
    const agentGraph = new AgentGraph(graph, new VisibilityRule());
    const dm = { ...ALICE, channelId: "D1", channelType: "im" as const };
    expect(await agentGraph.facts(dm, "where do I live now?")).toEqual(["you: residence = 광진구 자양동"]);
    expect(await agentGraph.facts(dm, "나 어디 살아?")).toEqual(["나: 거주지 = 광진구 자양동"]);
    // Korean drops the subject: a question that names no one asks the speaker what they have.
    expect(await agentGraph.facts(dm, "요즘 어디 살아?")).toEqual(["나: 거주지 = 광진구 자양동"]);
    expect(await agentGraph.facts(dm, "어디서 일해?")).toEqual([]);
    const { nodes } = await graph.snapshot(ALICE);
    expect(nodes.filter((n) => n.label === ENTITY_LABEL).map((n) => n.name)).toEqual(["나"]);
    const entity = await graph.queryEntity({ ...ALICE, name: "나" });
    expect(entity?.history.map((f) => [f.attribute, f.value, f.supersededAt])).toEqual([
      ["residence", "은평구 불광동", 2000],
    ]);
  });

  it("takes an entity named by another word of the same thing in the other language as the known one", async () => {
    const graph = makeService();
    await graph.ingest({
      ...ALICE,
      text: "my mom's phone number is 010-2345-6789",
      at: 1000,
      memoryId: "m1",
    });
    await graph.ingest({ ...ALICE, text: "엄마 번호 바뀜 010-9876-5432", at: 2000, memoryId: "m2" });
    const { nodes } = await graph.snapshot(ALICE);
    expect(nodes.filter((n) => n.label === ENTITY_LABEL).map((n) => n.name)).toEqual(["mom"]);
    expect(await graph.facts({ ...ALICE, text: "엄마 번호?" })).toEqual(["mom: 전화번호 = 010-9876-5432"]);
    expect((await graph.queryEntity({ ...ALICE, name: "엄마" }))?.entity).toBe("mom");
    // A name of a person is no other name of anything: two people stay two entities.
    await graph.ingest({ ...ALICE, text: "민지 번호 010-1111-2222", at: 3000, memoryId: "m3" });
    await graph.ingest({ ...ALICE, text: "민지네 번호 010-3333-4444", at: 4000, memoryId: "m4" });
    expect((await graph.snapshot(ALICE)).nodes.filter((n) => n.label === ENTITY_LABEL)).toHaveLength(3);
  });

  it("finds the speaker by 'I' in a graph written when English facts were stored under 'I'", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "my locker number is 112", at: 1000, memoryId: "m1" });
    const file = graphFilePath({ ...ALICE, dataDir: dir });
    const legacy = (await readFile(file, "utf8"))
      .replaceAll("나_Entity", "I_Entity")
      .replaceAll('"나"', '"I"');
    await writeFile(file, legacy, "utf8");
    const reopened = makeService();
    expect((await reopened.queryEntity({ ...ALICE, name: "I" }))?.lines).toEqual(["I: locker number = 112"]);
    expect((await reopened.queryEntity({ ...ALICE, name: "나" }))?.entity).toBe("I");
  });

  it("stores an older fact that arrives late as history", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "작업실 주소 서울 마포구 양화로 1", at: 2000 });
    await graph.ingest({ ...ALICE, text: "작업실 주소 서울 성동구 왕십리로 9", at: 1000 });
    const entity = await graph.queryEntity({ ...ALICE, name: "작업실" });
    expect(entity?.lines).toEqual(["작업실: 주소 = 서울 마포구 양화로 1"]);
    expect(entity?.history.map((f) => [f.value, f.supersededAt])).toEqual([["서울 성동구 왕십리로 9", 2000]]);
  });

  it("keeps several values said together all current", async () => {
    const graph = makeService({
      llm: makeFakeLlm({
        replies: [
          tripletsReply([
            { entity: "학위논문 심사", attribute: "심사위원", value: "한정우" },
            { entity: "학위논문 심사", attribute: "심사위원", value: "오경택" },
          ]),
        ],
      }),
    });
    await graph.ingest({ ...ALICE, text: "학위논문 심사위원 한정우, 오경택 교수님" });
    expect(await graph.facts({ ...ALICE, text: "학위논문 심사 누구였지" })).toEqual([
      "학위논문 심사: 심사위원 = 한정우, 오경택",
    ]);
  });

  it("never mixes two users' graphs, even with the same entity name", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "또리 생일 8월 9일이야" });
    await graph.ingest({ ...BOB, text: "또리 생일은 3월 14일!" });
    expect(await graph.facts({ ...ALICE, text: "또리 생일" })).toEqual(["또리: 생일 = 8월 9일"]);
    expect(await graph.facts({ ...BOB, text: "또리 생일" })).toEqual(["또리: 생일 = 3월 14일"]);
    await graph.deleteUser(ALICE);
    expect((await graph.snapshot(ALICE)).nodes).toEqual([]);
    expect(await graph.facts({ ...BOB, text: "또리 생일" })).toEqual(["또리: 생일 = 3월 14일"]);
    // A second service over the same DATA_DIR sees the same files.
    const restarted = makeService();
    expect(await restarted.facts({ ...BOB, text: "또리" })).toEqual(["또리: 생일 = 3월 14일"]);
  });

  it("loses nothing when 50 ingests for one user run at once", async () => {
    const graph = makeService();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        graph.ingest({ ...ALICE, text: `친구${i} 생일 ${(i % 12) + 1}월 ${(i % 28) + 1}일`, at: i }),
      ),
    );
    const { nodes, relations } = await makeService().snapshot(ALICE);
    expect(nodes.filter((n) => n.label === ENTITY_LABEL)).toHaveLength(50);
    expect(relations.filter((r) => r.properties.current)).toHaveLength(50);
  });

  it("accepts pino as its logger", async () => {
    const graph = GraphService.create({
      stores: new JsonGraphStores(dir),
      logger: pino({ level: "silent" }),
    });
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 27일이야" });
    expect(await graph.facts({ ...ALICE, text: "또리" })).toEqual(["또리: 생일 = 10월 27일"]);
  });

  it("enqueue returns at once and drain waits for the work", async () => {
    const graph = makeService();
    for (let i = 0; i < 10; i += 1) graph.enqueue({ ...ALICE, text: `친구${i} 생일 1월 ${i + 1}일` });
    await graph.drain();
    expect((await graph.snapshot(ALICE)).relations).toHaveLength(10);
  });

  it("uses the LLM when given, retrying a failure before succeeding", async () => {
    const llm = makeFakeLlm({
      replies: [
        new AppError("llm_timeout", "slow"),
        tripletsReply([{ entity: "또리는", attribute: "생일", value: "10월 27일" }]),
      ],
    });
    const logger = makeLogger();
    const graph = makeService({ llm, logger });
    const result = await graph.ingest({ ...ALICE, text: "우리 또리 10월 27일에 태어났어" });
    expect(result.extractor).toBe("llm");
    expect(llm.requests).toHaveLength(2);
    expect(await graph.facts({ ...ALICE, text: "또리" })).toEqual(["또리: 생일 = 10월 27일"]);
    expect(logger.entries.some((r) => r.level === "warn")).toBe(true);
  });

  it("falls back to the rules when the LLM keeps failing", async () => {
    const llm = makeFakeLlm({ reply: () => "not json" });
    const logger = makeLogger();
    const graph = makeService({ llm, logger, retry: { ...FAST_RETRY, llmRetries: 2 } });
    const result = await graph.ingest({ ...ALICE, text: "또리 생일 10월 27일이야" });
    expect(result.extractor).toBe("rules");
    expect(llm.requests).toHaveLength(3);
    expect(result.facts.map((f) => [f.entity, f.attribute, f.value])).toEqual([
      ["또리", "생일", "10월 27일"],
    ]);
    expect(logger.entries.some((r) => r.msg === "graph extraction falls back to rules")).toBe(true);
  });

  it("logs an error when a queued ingest cannot be written", async () => {
    const logger = makeLogger();
    const graph = makeService({ logger, retry: { ...FAST_RETRY, queueRetries: 1 } });
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 27일이야" });
    const { writeFile } = await import("node:fs/promises");
    const { graphFilePath } = await import("../../src/stores/json-graph-store.js");
    await writeFile(graphFilePath({ ...ALICE, dataDir: dir }), "{broken", "utf8");
    graph.enqueue({ ...ALICE, text: "보리 생일 1월 1일" });
    await graph.drain();
    const errors = logger.entries.filter((r) => r.level === "error");
    expect(errors).toHaveLength(1);
    expect((errors[0]?.obj.err as AppError).code).toBe("store_failed");
  });
});

describe("GraphService facts derived from memories", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await makeTempDir()));
  afterEach(async () => cleanup());
  const makeService = () =>
    GraphService.create({ stores: new JsonGraphStores(dir), logger: makeLogger(), retry: FAST_RETRY });
  const current = async (graph: GraphService) => graph.facts({ ...ALICE, text: "또리 생일" });

  it("keeps a fact said in two memories until the last one is forgotten", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 27일이야", memoryId: "m1", at: 1000 });
    await graph.ingest({ ...ALICE, text: "또리 생일은 10월 27일", memoryId: "m2", at: 2000 });
    expect((await graph.snapshot(ALICE)).relations).toHaveLength(1);
    await graph.forgetMemories(ALICE, ["m1"]);
    expect(await current(graph)).toEqual(["또리: 생일 = 10월 27일"]);
    await graph.forgetMemories(ALICE, ["m2"]);
    expect(await current(graph)).toEqual([]);
    expect(await graph.snapshot(ALICE)).toEqual({ nodes: [], relations: [] });
  });

  it("gives the earlier value back when the memory of the current one is forgotten", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 27일이야", memoryId: "old", at: 1000 });
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 28일이야", memoryId: "new", at: 2000 });
    expect(await current(graph)).toEqual(["또리: 생일 = 10월 28일"]);
    await graph.forgetMemories(ALICE, ["new"]);
    expect(await current(graph)).toEqual(["또리: 생일 = 10월 27일"]);
    const [relation] = (await graph.snapshot(ALICE)).relations;
    expect(relation!.properties).toMatchObject({ current: true, sourceMemoryId: "old" });
    expect(relation!.properties.supersededAt).toBeUndefined();
  });

  it("never brings back a superseded value whose memory was forgotten", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 27일이야", memoryId: "old", at: 1000 });
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 28일이야", memoryId: "new", at: 2000 });
    await graph.forgetMemories(ALICE, ["old"]);
    expect((await graph.snapshot(ALICE)).relations).toHaveLength(1);
    await graph.forgetMemories(ALICE, ["new"]);
    expect(await current(graph)).toEqual([]);
  });

  it.each([
    ["ko", "내 락커 번호는 58번이야", "락커 옮겼어 이제 9번", "내 락커 몇 번이야?", "나: 락커 번호 = 58번"],
    [
      "en",
      "my locker number is 58",
      "locker changed, now 102",
      "what's my locker number?",
      "나: locker number = 58",
    ],
  ])(
    "retires a fact that a later memory says changed without a new triplet, until that memory is forgotten (%s)",
    async (_lang, older, newer, question, line) => {
      const graph = makeService();
      const ask = () => graph.facts({ ...ALICE, text: question });
      await graph.ingest({ ...ALICE, text: older, memoryId: "old", at: 1000 });
      expect(await ask()).toEqual([line]);
      // Another owner's locker, or another thing of the speaker's, retires nothing.
      await graph.ingest({ ...ALICE, text: "민수 락커 바뀜 이제 7번", memoryId: "other", at: 1500 });
      await graph.ingest({ ...ALICE, text: "헬스장 샤워실 이제 2층", memoryId: "other2", at: 1600 });
      expect(await ask()).toEqual([line]);

      expect((await graph.ingest({ ...ALICE, text: newer, memoryId: "new", at: 2000 })).facts).toEqual([]);
      expect(await ask()).toEqual([]);
      const [relation] = (await graph.snapshot(ALICE)).relations.filter(
        (r) => r.properties.sourceMemoryId === "old",
      );
      expect(relation!.properties).toMatchObject({ current: false, supersededAt: 2000 });
      expect(relation!.properties.retiredBy).toEqual([{ memoryId: "new", at: 2000, visibility: "private" }]);

      // The retirement is the later memory's: forgotten, the fact is current again.
      await graph.forgetMemories(ALICE, ["new"]);
      expect(await ask()).toEqual([line]);
      const [again] = (await graph.snapshot(ALICE)).relations.filter(
        (r) => r.properties.sourceMemoryId === "old",
      );
      expect(again!.properties.retiredBy).toBeUndefined();
      expect(again!.properties.supersededAt).toBeUndefined();
    },
  );

  it.each([
    [
      "the fact only as a reason",
      "카드 결제일은 14일",
      "월세 자동이체 25일로 바꿈 (카드 결제일이랑 맞추려고)",
      "카드 결제일",
      "카드: 결제일 = 14일",
    ],
    [
      "that it stays",
      "필라테스 시간 화목 저녁 8시",
      "필라테스 강사님 바뀜, 시간은 그대로",
      "필라테스 시간",
      "필라테스: 시간 = 화목 저녁 8시",
    ],
    [
      "another attribute of the thing",
      "워크숍 장소는 양평 솔숲리조트",
      "워크숍 일정 바뀜 5월 3일 금요일",
      "워크숍 장소",
      "워크숍: 장소 = 양평 솔숲리조트",
    ],
  ])("retires nothing when a later memory names %s", async (_what, older, newer, question, line) => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: older, memoryId: "old", at: 1000 });
    await graph.ingest({ ...ALICE, text: newer, memoryId: "new", at: 2000 });
    expect(await graph.facts({ ...ALICE, text: question })).toContain(line);
  });

  it("makes the value of a change said first and its value after 이제 the current one", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "호두 사료 뭐 먹여?" });
    await graph.ingest({ ...ALICE, text: "호두 사료는 로얄캐닌 인도어야", memoryId: "old", at: 1000 });
    expect(await ask()).toEqual(["호두: 사료 = 로얄캐닌 인도어"]);
    await graph.ingest({ ...ALICE, text: "호두 사료 바꿈 이제 오리 그레인프리", memoryId: "new", at: 2000 });
    expect(await ask()).toEqual(["호두: 사료 = 오리 그레인프리"]);
  });

  it("retires the speaker's own fact by a note that names it by a shorter form of its attribute", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "when is my standup?" });
    await graph.ingest({
      ...ALICE,
      text: "our team standup is every Monday at 9:30",
      memoryId: "old",
      at: 1000,
    });
    expect((await ask()).join()).toContain("9:30");
    await graph.ingest({ ...ALICE, text: "standup moved to 10am", memoryId: "new", at: 2000 });
    expect((await ask()).join()).not.toContain("9:30");
  });

  it("moves a date fact by the amount a later note says it moved, and moves it back when that note is forgotten", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "피부과 예약 언제야?" });
    const at = Date.UTC(2026, 10, 20);
    await graph.ingest({ ...ALICE, text: "피부과 예약 12월 10일 오후 3시", memoryId: "old", at });
    await graph.ingest({ ...ALICE, text: "피부과 예약 하루 당겨짐", memoryId: "new", at: at + 1000 });
    expect(await ask()).toEqual(["피부과 예약: 일시 = 12월 9일 오후 3시"]);
    // Another thing's move moves nothing of this one.
    await graph.ingest({ ...ALICE, text: "워크숍 일주일 밀림", memoryId: "other", at: at + 2000 });
    expect(await ask()).toEqual(["피부과 예약: 일시 = 12월 9일 오후 3시"]);
    await graph.forgetMemories(ALICE, ["new"]);
    expect(await ask()).toEqual(["피부과 예약: 일시 = 12월 10일 오후 3시"]);
  });

  it("takes a correction that names only a value as the new value of the fact it corrects, and undoes it when forgotten", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "내 자전거 보관함 번호 몇 번이야?" });
    const at = Date.UTC(2026, 10, 20);
    await graph.ingest({ ...ALICE, text: "내 자전거 보관함 번호는 64번이야", memoryId: "old", at });
    await graph.ingest({ ...ALICE, text: "아니 64번 말고 65번", memoryId: "fix", at: at + 20_000 });
    expect(await ask()).toEqual(["나: 보관함 번호 = 65번"]);
    await graph.forgetMemories(ALICE, ["fix"]);
    expect(await ask()).toEqual(["나: 보관함 번호 = 64번"]);
  });

  it.each([
    ["an opening that rejects what was said", "my gym locker is 215", "sorry, I meant 251", "251"],
    ["a rejected value named in English", "my parking spot is B2", "not B2, B3", "B3"],
    ["잘못 말했다", "비상키는 3층 창고에 있어", "아 잘못 말했다, 4층 창고야", "4층 창고"],
    ["a name rejected by name", "I live in Gangnam", "not Gangnam, Seocho", "Seocho"],
    [
      "a name after a rejection, of a note of one fact",
      "나 망원동에 살아",
      "아 잘못 말했다, 합정동이야",
      "합정동",
    ],
    [
      "the rejected part of a longer value",
      "my dentist appointment is Friday at 3pm",
      "sorry, not 3pm, 4pm",
      "Friday at 4pm",
    ],
  ])("corrects by %s", async (_what, first, fix, value) => {
    const graph = makeService();
    const at = Date.UTC(2026, 10, 20);
    const [fact] = (await graph.ingest({ ...ALICE, text: first, memoryId: "old", at })).facts;
    expect(fact).toBeDefined();
    await graph.ingest({ ...ALICE, text: fix, memoryId: "fix", at: at + 30_000 });
    const relations = (await graph.snapshot(ALICE)).relations.filter(
      (r) => r.label === fact!.attribute && r.properties["current"] === true,
    );
    const nodes = new Map((await graph.snapshot(ALICE)).nodes.map((n) => [n.id, n.name]));
    expect(relations.map((r) => nodes.get(r.target))).toEqual([value]);
  });

  it("puts right a name the correction rejects by name, though a note of another fact came between", async () => {
    const graph = makeService();
    const at = Date.UTC(2026, 10, 20);
    await graph.ingest({ ...ALICE, text: "I live in Gangnam", memoryId: "home", at });
    await graph.ingest({ ...ALICE, text: "my parking spot is B2", memoryId: "car", at: at + 10_000 });
    await graph.ingest({ ...ALICE, text: "not Gangnam, Seocho", memoryId: "fix", at: at + 20_000 });
    expect(await graph.facts({ ...ALICE, text: "where do I live?" })).toEqual(["나: residence = Seocho"]);
    expect(await graph.facts({ ...ALICE, text: "what's my parking spot?" })).toEqual([
      "나: parking spot = B2",
    ]);
  });

  it("leaves a fact alone when the correction comes long after it, names another value, or was said where the fact may not be shown", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "내 자전거 보관함 번호 몇 번이야?" });
    const at = Date.UTC(2026, 10, 20);
    await graph.ingest({ ...ALICE, text: "내 자전거 보관함 번호는 64번이야", memoryId: "old", at });
    await graph.ingest({ ...ALICE, text: "아니 12번 말고 13번", memoryId: "other", at: at + 10_000 });
    await graph.ingest({
      ...ALICE,
      text: "아니 64번 말고 65번",
      memoryId: "channel",
      at: at + 20_000,
      visibility: "channel:C_TEAM",
    });
    await graph.ingest({ ...ALICE, text: "아니 64번 말고 66번", memoryId: "late", at: at + 3_600_000 });
    expect(await ask()).toEqual(["나: 보관함 번호 = 64번"]);
  });

  it("takes a meeting's new day and time said with its subject ('월례 회의가 목요일 4시로 바뀌었어')", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "월례 회의 언제야?" });
    await graph.ingest({
      ...ALICE,
      text: "월례 회의는 매달 첫째주 월요일 10시야",
      memoryId: "old",
      at: 1000,
    });
    await graph.ingest({ ...ALICE, text: "월례 회의가 목요일 4시로 바뀌었어", memoryId: "new", at: 2000 });
    expect(await ask()).toEqual(["월례 회의: 일시 = 목요일 4시"]);
  });

  it("passes a position on whether it is said as a person's title or as the speaker's own attribute", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "who is my manager?" });
    await graph.ingest({ ...ALICE, text: "my manager is Odile Brandt", memoryId: "old", at: 1000 });
    expect(await ask()).toEqual(["Odile Brandt: role = manager"]);
    await graph.ingest({ ...ALICE, text: "my manager is now Tamsin Oyelaran", memoryId: "new", at: 2000 });
    expect((await ask()).join("\n")).not.toContain("Odile Brandt");
    expect((await ask()).join("\n")).toContain("Tamsin Oyelaran");
    // Forgotten, the note gives the position back.
    await graph.forgetMemories(ALICE, ["new"]);
    expect(await ask()).toEqual(["Odile Brandt: role = manager"]);
  });

  it("passes a position to the person a note says it changed to ('팀장님이 박영희로 바뀌었어')", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "팀장님 누구야?" });
    await graph.ingest({ ...ALICE, text: "우리 팀장님은 오세린이야", memoryId: "old", at: 1000 });
    await graph.ingest({ ...ALICE, text: "이제 팀장님이 한도윤으로 바뀌었어", memoryId: "new", at: 2000 });
    expect(await ask()).toEqual(["한도윤: 역할 = 팀장"]);
  });

  it("passes a position one person holds to its new holder when a note says it changed", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "팀장님 누구야?" });
    await graph.ingest({ ...ALICE, text: "팀장님 이름은 오세린", memoryId: "old", at: 1000 });
    // Another person of that title named without a word of change takes nothing from her: the rules
    // cannot tell a second team's head from a new one.
    await graph.ingest({ ...ALICE, text: "우리 팀장님은 문태호야", memoryId: "other", at: 1500 });
    expect(await ask()).toEqual(expect.arrayContaining(["오세린: 역할 = 팀장님", "문태호: 역할 = 팀장"]));
    await graph.ingest({ ...ALICE, text: "팀장 바뀜. 새 팀장님은 한도윤", memoryId: "new", at: 2000 });
    expect(await ask()).toContain("한도윤: 역할 = 팀장");
    expect(await ask()).not.toContain("오세린: 역할 = 팀장님");
    // Forgotten, the note gives the position back.
    await graph.forgetMemories(ALICE, ["new"]);
    expect(await ask()).toContain("오세린: 역할 = 팀장님");
  });

  it("gives a change note that splits an entity's compound attribute to that entity", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "누나 돌잔치 어디야?" });
    await graph.ingest({
      ...ALICE,
      text: "누나 돌잔치 3월 8일 토요일 11시, 그랜드홀 역삼",
      memoryId: "old",
      at: 1000,
    });
    expect(await ask()).toContain("누나: 돌잔치 장소 = 그랜드홀 역삼");
    await graph.ingest({ ...ALICE, text: "돌잔치 장소 바뀜 이제 라온컨벤션", memoryId: "new", at: 2000 });
    expect(await ask()).toContain("누나: 돌잔치 장소 = 라온컨벤션");
    expect(await ask()).not.toContain("누나: 돌잔치 장소 = 그랜드홀 역삼");
  });

  it("takes a retirement away when its memory is saved again with other words, and lets a later value lead", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "내 락커 몇 번이야?" });
    await graph.ingest({ ...ALICE, text: "내 락커 번호는 58번이야", memoryId: "old", at: 1000 });
    await graph.ingest({ ...ALICE, text: "락커 옮겼어 이제 9번", memoryId: "new", at: 2000 });
    expect(await ask()).toEqual([]);
    await graph.ingest({ ...ALICE, text: "헬스장 샤워실 2층", memoryId: "new", at: 2000 });
    expect(await ask()).toEqual(["나: 락커 번호 = 58번"]);
    // A value said after the retirement is current; the retired one stays history.
    await graph.ingest({ ...ALICE, text: "락커 옮겼어 이제 9번", memoryId: "new", at: 2000 });
    await graph.ingest({ ...ALICE, text: "내 락커 번호는 77번이야", memoryId: "newest", at: 3000 });
    expect(await ask()).toEqual(["나: 락커 번호 = 77번"]);
  });

  it("retires a relative's fact that a later note names by its attribute alone, when no other fact has it", async () => {
    const graph = makeService();
    const ask = () => graph.facts({ ...ALICE, text: "who is my daughter's tutor?" });
    await graph.ingest({ ...ALICE, text: "my daughter's tutor is Ms. Jang", memoryId: "old", at: 1000 });
    expect(await ask()).toEqual(["daughter: tutor = Ms. Jang"]);
    await graph.ingest({ ...ALICE, text: "the tutor changed to Mr. Yoon", memoryId: "new", at: 2000 });
    expect(await ask()).toEqual([]);
    // Named with the relative, as before: "엄마 미용실 바꿨대" retires 엄마's only 미용실.
    await graph.ingest({ ...ALICE, text: "엄마 미용실은 헤어담", memoryId: "salon", at: 3000 });
    expect(await graph.facts({ ...ALICE, text: "엄마 미용실 어디야?" })).toEqual(["엄마: 미용실 = 헤어담"]);
    await graph.ingest({ ...ALICE, text: "엄마 미용실 바꿨대", memoryId: "salon2", at: 4000 });
    expect(await graph.facts({ ...ALICE, text: "엄마 미용실 어디야?" })).toEqual([]);
    // Two relatives' tutors (another person's graph): "the tutor" names neither, and both stay current.
    const bob = { teamId: "T1", userId: "U_BOB" };
    await graph.ingest({ ...bob, text: "my daughter's tutor is Ms. Jang", memoryId: "d", at: 1000 });
    await graph.ingest({ ...bob, text: "my son's tutor is Mr. Oh", memoryId: "s", at: 1100 });
    await graph.ingest({ ...bob, text: "the tutor changed to Mr. Yoon", memoryId: "new", at: 2000 });
    expect(await graph.facts({ ...bob, text: "who is my daughter's tutor?" })).toEqual([
      "daughter: tutor = Ms. Jang",
    ]);
    expect(await graph.facts({ ...bob, text: "who is my son's tutor?" })).toEqual(["son: tutor = Mr. Oh"]);
  });

  it("answers a fact of someone the question names by what they are ('my doctor's number')", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "my doctor is Dr. Ahn at Hanul Clinic", memoryId: "d1", at: 1000 });
    await graph.ingest({ ...ALICE, text: "Dr. Ahn's phone is 02-555-0147", memoryId: "d2", at: 2000 });
    expect(await graph.facts({ ...ALICE, text: "what's my doctor's number?" })).toEqual([
      "Dr. Ahn: phone = 02-555-0147",
    ]);
    await graph.ingest({ ...ALICE, text: "우리 팀장님은 여하결 팀장님이야", memoryId: "k1", at: 3000 });
    await graph.ingest({ ...ALICE, text: "여하결 팀장님 번호 010-4455-6677", memoryId: "k2", at: 4000 });
    expect(await graph.facts({ ...ALICE, text: "팀장님 번호 뭐야?" })).toEqual([
      "여하결: 전화번호 = 010-4455-6677",
    ]);
    // Named by what they are but asked nothing they have: not listed ("doctor appointment?").
    expect(await graph.facts({ ...ALICE, text: "when is my doctor appointment?" })).toEqual([]);
  });

  it("replaces a memory's facts when it is ingested again under its id", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 27일이야", memoryId: "m1", at: 1000 });
    await graph.ingest({ ...ALICE, text: "보리 생일 3월 3일이야", memoryId: "m1", at: 1000 });
    expect(await current(graph)).toEqual([]);
    expect(await graph.facts({ ...ALICE, text: "보리 생일" })).toEqual(["보리: 생일 = 3월 3일"]);
  });

  it("drops the facts of a memory forgotten while its extraction was still running", async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const llm = {
      model: "slow",
      async chat() {
        await gate;
        return {
          content: tripletsReply([{ entity: "또리", attribute: "생일", value: "10월 27일" }]),
          toolCalls: [],
        };
      },
    };
    const graph = GraphService.create({
      stores: new JsonGraphStores(dir),
      logger: makeLogger(),
      retry: FAST_RETRY,
      llm,
    });
    const done = graph.enqueue({ ...ALICE, text: "또리 생일 10월 27일이야", memoryId: "m1", at: 1000 });
    await new Promise((r) => setTimeout(r, 20));
    await graph.forgetMemories(ALICE, ["m1"]);
    release!();
    expect(await done).toBe(true);
    expect(await current(graph)).toEqual([]);
  });

  it.each([
    [
      "ko",
      "내 영양제는 종근당 비타민D",
      "영양제 바꿈 이제 뉴트리원 오메가3",
      "내 영양제 뭐야?",
      "나: 영양제 = 뉴트리원 오메가3",
    ],
    [
      "en",
      "my barber is Tony's Cuts",
      "barber changed, now Fade Factory",
      "who is my barber?",
      "나: barber = Fade Factory",
    ],
  ])(
    "reads a change note that names no owner but opens with the speaker's attribute as the speaker's (%s)",
    async (_lang, older, newer, question, line) => {
      const graph = makeService();
      await graph.ingest({ ...ALICE, text: older, memoryId: "old", at: 1000 });
      await graph.ingest({ ...ALICE, text: newer, memoryId: "new", at: 2000 });
      const { relations } = await graph.snapshot(ALICE);
      const current = relations.filter((r) => r.properties.current);
      expect(current.map((r) => r.properties.sourceMemoryId)).toEqual(["new"]);
      expect(await graph.facts({ ...ALICE, text: question })).toEqual([line]);
    },
  );

  /** Alice's current facts as [source memory, entity, attribute, value]. */
  const currentFacts = async (graph: GraphService) => {
    const { nodes, relations } = await graph.snapshot(ALICE);
    const name = (id: string) => nodes.find((n) => n.id === id)?.name;
    return relations
      .filter((r) => r.properties.current)
      .map((r) => [r.properties.sourceMemoryId, name(r.source), r.label, name(r.target)]);
  };

  it.each([
    ["ko", "내 안과 정기검진 예약 5월 9일 토요일 오전 10시", "예약 다음주로 밀림 5/16 같은 시간", "5/16"],
    ["mixed", "내 dentist 예약 6월 3일 오후 2시", "예약 하루 당겨짐 6/2로", "6/2"],
  ])(
    "reads a moved date whose bare noun heads one of the speaker's dated attributes as that fact (%s)",
    async (_lang, older, newer, value) => {
      const graph = makeService();
      await graph.ingest({ ...ALICE, text: older, memoryId: "old", at: 1000 });
      await graph.ingest({ ...ALICE, text: newer, memoryId: "new", at: 2000 });
      expect(
        (await currentFacts(graph)).map(([memory, entity, , target]) => [memory, entity, target]),
      ).toEqual([["new", "나", value]]);
    },
  );

  it("does not give a note said in a channel the words of a dated fact said in a DM", async () => {
    const graph = makeService();
    await graph.ingest({
      ...ALICE,
      text: "내 안과 정기검진 예약 5월 9일 오전 10시",
      memoryId: "dm",
      at: 1000,
    });
    await graph.ingest({
      ...ALICE,
      text: "예약 다음주로 밀림 5/16",
      memoryId: "ch",
      at: 2000,
      visibility: "channel:C1",
    });
    expect((await currentFacts(graph)).map((fact) => fact.slice(0, 3)).sort()).toEqual([
      ["ch", "예약", "날짜"],
      ["dm", "나", "안과 정기검진 예약 일시"],
    ]);
  });

  it("keeps a moved date under its own noun when the speaker has no dated fact it heads, or two", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "내 치과 예약 5월 9일 오전 10시", memoryId: "a", at: 1000 });
    await graph.ingest({ ...ALICE, text: "내 미용실 예약 5월 12일 오후 3시", memoryId: "b", at: 1100 });
    await graph.ingest({ ...ALICE, text: "예약 다음주로 밀림 5/16", memoryId: "c", at: 2000 });
    expect((await currentFacts(graph)).map(([memory]) => memory).sort()).toEqual(["a", "b", "c"]);
  });

  it("leaves the speaker's fact alone when the words before the change are another thing's", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "내 헬스장은 스포애니", memoryId: "gym", at: 1000 });
    await graph.ingest({ ...ALICE, text: "헬스장 사물함 바꿈 이제 12번", memoryId: "locker", at: 2000 });
    const { relations } = await graph.snapshot(ALICE);
    const gym = relations.find((r) => r.properties.sourceMemoryId === "gym");
    expect(gym?.properties.current).toBe(true);
  });

  it("retires a fact whose thing and attribute alone are said to change, not a fact of a compound of them", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "또리 사료는 로얄캐닌", memoryId: "food", at: 1000 });
    await graph.ingest({ ...ALICE, text: "또리 간식비는 한 달 3만원", memoryId: "treats", at: 1100 });
    await graph.ingest({ ...ALICE, text: "또리 간식 바꿈", memoryId: "c1", at: 2000 });
    let current = (await graph.snapshot(ALICE)).relations.filter((r) => r.properties.current);
    expect(current.map((r) => r.properties.sourceMemoryId).sort()).toEqual(["food", "treats"]);
    await graph.ingest({ ...ALICE, text: "또리 사료 바꿈", memoryId: "c2", at: 3000 });
    current = (await graph.snapshot(ALICE)).relations.filter((r) => r.properties.current);
    expect(current.map((r) => r.properties.sourceMemoryId)).toEqual(["treats"]);
  });

  it("names the memories whose fact has since changed, only by a change that may be shown where asked", async () => {
    const graph = makeService();
    const inChannel = { visibilities: ["channel:C1", "shared"] };
    await graph.ingest({
      ...ALICE,
      text: "내 사물함 번호는 112번",
      memoryId: "locker",
      at: 1000,
      visibility: "channel:C1",
    });
    await graph.ingest({
      ...ALICE,
      text: "또리 생일 10월 27일이야",
      memoryId: "dog",
      at: 1100,
      visibility: "channel:C1",
    });
    await graph.ingest({ ...ALICE, text: "my locker number is 58", memoryId: "en", at: 1200 });
    expect(await graph.changedMemories(ALICE, ["locker", "dog", "en"])).toEqual(new Set());

    // A newer value said in a DM: the DM sees the change, the channel does not.
    await graph.ingest({ ...ALICE, text: "내 사물함 번호는 이제 215번", memoryId: "locker2", at: 2000 });
    expect(await graph.changedMemories(ALICE, ["locker", "dog", "en", "locker2"])).toEqual(
      new Set(["locker"]),
    );
    expect(await graph.changedMemories({ ...ALICE, ...inChannel }, ["locker", "dog"])).toEqual(new Set());
    // Said in the channel too, the change shows there.
    await graph.ingest({
      ...ALICE,
      text: "내 사물함 번호는 이제 215번",
      memoryId: "locker3",
      at: 2100,
      visibility: "channel:C1",
    });
    expect(await graph.changedMemories({ ...ALICE, ...inChannel }, ["locker", "dog"])).toEqual(
      new Set(["locker"]),
    );

    // A later memory that says the fact changed, with no new value, retires it.
    await graph.ingest({ ...ALICE, text: "locker changed, now 102", memoryId: "en2", at: 3000 });
    expect(await graph.changedMemories(ALICE, ["en"])).toEqual(new Set(["en"]));
    // Another user's graph knows none of them.
    expect(await graph.changedMemories(BOB, ["locker", "en"])).toEqual(new Set());
  });

  it("reads a relation written before sources existed as one source per visibility", async () => {
    const graph = makeService();
    await graph.ingest({ ...ALICE, text: "또리 생일 10월 27일이야", memoryId: "m1", at: 1000 });
    const file = graphFilePath({ ...ALICE, dataDir: dir });
    const data = JSON.parse(await readFile(file, "utf8")) as {
      relations: Array<{ properties: Record<string, unknown> }>;
    };
    delete data.relations[0]!.properties.sources;
    await writeFile(file, JSON.stringify(data));
    const fresh = makeService();
    expect(await fresh.facts({ ...ALICE, text: "또리 생일" })).toEqual(["또리: 생일 = 10월 27일"]);
    await fresh.forgetMemories(ALICE, ["m1"]);
    expect(await fresh.facts({ ...ALICE, text: "또리 생일" })).toEqual([]);
  });
});
