import { spawn } from "node:child_process";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chat } from "../support/console-chat.js";
import { startTestAssistant, type TestAssistant } from "../support/test-assistant.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");

describe("local mode (no Slack tokens, no Ollama)", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local", ollama: false });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("reports the model offline and still remembers and recalls", async () => {
    expect(t.assistant.mode).toBe("local");
    expect(t.assistant.llmOnline).toBe(false);
    expect(t.assistant.embedderId).toMatch(/^offline:/);
    const printed = await chat(t, [
      "기억해줘: 또리 생일은 10월 27일이야",
      "또리 생일 언제야?",
      "우주선 발사 코드 알려줘",
    ]);
    expect(printed).toContain('bot: 기억했어요: "또리 생일은 10월 27일이야"');
    expect(printed).toContain(
      "bot: (지금 언어 모델을 쓸 수 없어서, 모델 없이 기억에서 찾은 내용이에요.)\n• 또리: 생일 = 10월 27일\n• 또리 생일은 10월 27일이야",
    );
    expect(printed).toContain("관련된 기억을 찾지 못했어요.");
  });

  it("says a request for work needs the model, and answers a request to be told from memory", async () => {
    const user = "local-work";
    const printed = await chat(
      t,
      ["write a haiku about autumn", "발표 자료 목차 좀 짜줘", "tell me my shoe size"],
      user,
    );
    expect(printed).toContain("bot: My language model is unavailable right now, so I can't do that.");
    expect(printed).toContain("bot: 지금은 언어 모델을 쓸 수 없어서 그 요청은 처리하지 못해요.");
    expect(printed).toContain("I found nothing about that in your memories.");
    expect(printed).not.toContain("📝");
  });

  it("'그거 기억해줘' keeps what the person said before, and asks what to keep when nothing was said", async () => {
    let printed = await chat(t, ["그거 기억해줘"], "local-pointer-first");
    expect(printed).toContain('bot: 무엇을 기억할까요? 예: "기억해줘: 주차 B2 37번"');
    printed = await chat(t, ["금요일 워크숍 장소는 본관 3층 대강당", "그거 기억해줘"], "local-pointer");
    expect(printed).toContain('bot: 기억했어요: "금요일 워크숍 장소는 본관 3층 대강당"');
    const { items } = await t.assistant.memory.list(
      { teamId: "local", userId: "local-pointer" },
      { limit: 10 },
    );
    expect(items.map((m) => m.text)).toEqual(["금요일 워크숍 장소는 본관 3층 대강당"]);
  });

  it("lists for a forget only memories that match the request's words, not a note a cosine alone puts near", async () => {
    const user = "local-forget-words";
    const printed = await chat(
      t,
      ["내일 오후 2시 치과 예약했어", "나 부산에 살아", "치과 관련 기억 전부 지워줘", "취소"],
      user,
    );
    expect(printed).toContain("1. 내일 오후 2시 치과 예약했어");
    expect(printed).not.toContain("2. 나 부산에 살아");
  });

  it.each([
    [
      "en",
      ["remember: dentist appointment Friday 3pm", "remember: my passport is in the desk drawer"],
      "delete the dentist one",
    ],
    [
      "en",
      ["remember: dentist appointment Friday 3pm", "remember: my passport is in the desk drawer"],
      "erase my dentist appointment",
    ],
    ["ko", ["기억해줘: 금요일 3시 치과 예약", "기억해줘: 여권은 책상 서랍에"], "치과 건 지워"],
  ])(
    "asks to forget what a plain imperative names, without a model, and forgets it on a yes (%s: %s → %s)",
    async (lang, saved, ask) => {
      const user = `local-wipe-${lang}-${Buffer.from(ask).toString("hex")}`;
      const scope = { teamId: "local", userId: user };
      const printed = await chat(t, [...saved, ask], user);
      expect(printed).not.toMatch(/bot: (?:Got it\.|네, 알겠어요\.)$/mu);
      expect(printed).toMatch(/Should I forget this\?|이 기억을 잊을까요\?/u);
      // Nothing is forgotten before the yes.
      expect((await t.assistant.memory.list(scope, { limit: 10 })).items).toHaveLength(2);
      await chat(t, [lang === "en" ? "yes" : "네"], user);
      const texts = (await t.assistant.memory.list(scope, { limit: 10 })).items.map((m) => m.text).join("\n");
      expect(texts).not.toMatch(/dentist|치과/u);
      expect(texts).toMatch(/passport|여권/u);
    },
  );

  it("reads a plain imperative that names no memory as no forget request, without a model", async () => {
    const user = "local-wipe-nothing";
    const printed = await chat(
      t,
      ["기억해줘: 드론 배터리는 충전 전에 분리", "remove the propellers before packing the drone"],
      user,
    );
    expect(printed).not.toMatch(/Should I forget|잊을까요|couldn't find a memory matching/iu);
    const { items } = await t.assistant.memory.list({ teamId: "local", userId: user }, { limit: 10 });
    expect(items.map((m) => m.text)).toEqual(["드론 배터리는 충전 전에 분리"]);
  });

  it("keeps no terminal escape sequence or control character of a typed line, and prints none", async () => {
    const user = "local-escape";
    const printed = await chat(
      t,
      ["\u001b[31m기억해줘:\u001b[0m 우리 고양이 이름은\u0007 \u001b[1m호떡\u001b[0m", "고양이 이름 뭐야?"],
      user,
    );
    expect(printed).toContain('bot: 기억했어요: "우리 고양이 이름은 호떡"');
    expect(printed).not.toMatch(/(?![\n])\p{Cc}/u);
    const { items } = await t.assistant.memory.list({ teamId: "local", userId: user }, { limit: 10 });
    expect(items.map((m) => m.text)).toEqual(["우리 고양이 이름은 호떡"]);
  });

  it("shows graph facts without a model (rule-based extraction)", async () => {
    await chat(t, ["기억해줘: 보리의 견종은 웰시코기야"]);
    await t.assistant.drain();
    const printed = await chat(t, ["보리 관련 정보 알려줘"]);
    expect(printed).toContain("• 보리: 견종 = 웰시코기");
  });

  it("finds the user's own facts in the admin API by the names they are shown under, and by me / I", async () => {
    const user = "local-self-admin";
    await chat(t, ["기억해줘: 내 생일은 3월 4일이야"], user);
    await t.assistant.drain();
    for (const name of ["you", "You", "나", "me", "I"]) {
      const res = await t.admin(`/admin/graph/${user}/entity/${encodeURIComponent(name)}?team=local`);
      expect(res.status, name).toBe(200);
      const found = (await res.json()) as { current: Array<{ value: string }> };
      expect(
        found.current.map((fact) => fact.value),
        name,
      ).toContain("3월 4일");
    }
  });
});

describe("statements and questions without a model", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local", ollama: false });
  });
  afterAll(async () => {
    await t.stop();
  });

  /** One message, its reply and any 📝 note, once the memory pipeline is done with it. */
  async function say(line: string, userId?: string): Promise<string> {
    const printed = await chat(t, [line], userId);
    await t.assistant.drain();
    return printed;
  }

  it("answers a statement with what it did, never with 'nothing found', in Korean and English", async () => {
    const dentist = await say("다음 주 화요일 3시에 치과 예약했어");
    expect(dentist).toContain('bot: 📝 기억해 둘게요: "다음 주 화요일 3시에 치과 예약했어"');
    const trip = await say("나 다음 달에 제주도 여행 가");
    expect(trip).toContain('bot: 📝 기억해 둘게요: "나 다음 달에 제주도 여행 가"');
    const meeting = await say("오늘 회의 너무 길었어 ㅋㅋ");
    expect(meeting).toContain("bot: 네, 알겠어요.");
    const locker = await say("my locker number is 112");
    expect(locker).toContain('bot: 📝 I\'ll remember that: "my locker number is 112"');
    const thanks = await say("thanks!");
    expect(thanks).toContain("bot: You're welcome!");
    // A greeting is greeted back, with what the assistant is for; thanks and goodbyes answered in kind.
    const hello = await say("안녕하세요~");
    expect(hello).toContain("bot: 안녕하세요! 기억해 둘 일을 말해 주시거나, 전에 말한 걸 물어보세요.");
    expect(await say("hi!")).toContain(
      "bot: Hi! Tell me something to remember, or ask me about what you told me.",
    );
    expect(await say("고마워요 ㅎㅎ")).toContain("bot: 천만에요!");
    expect(await say("잘자")).toContain("bot: 네, 또 봬요!");
    for (const printed of [dentist, trip, meeting, locker, thanks, hello]) {
      expect(printed).not.toMatch(/찾지 못했어요|found nothing|모델 없이|without a model/);
      // The reply says it: no second "kept as a memory" line.
      expect(printed).not.toContain("kept as a memory");
    }
    const kept = await t.assistant.memory.search(
      { teamId: "local", userId: "local-user" },
      "치과 제주도 locker 회의",
    );
    expect(kept.map((r) => r.text).sort()).toEqual([
      "my locker number is 112",
      "나 다음 달에 제주도 여행 가",
      "다음 주 화요일 3시에 치과 예약했어",
    ]);
  });

  it("answers a value asked for by naming it alone ('엄마 번호') as a question, and keeps no memory of it", async () => {
    const user = "local-namer";
    await say("엄마 전화번호 010-2210-7784", user);
    const answer = await say("엄마 번호", user);
    expect(answer).toContain("• 엄마 전화번호 010-2210-7784");
    expect(answer).not.toContain("네, 알겠어요.");
    const kept = await t.assistant.memory.search({ teamId: "local", userId: user }, "엄마 번호");
    expect(kept.map((r) => r.text)).toEqual(["엄마 전화번호 010-2210-7784"]);
  });

  it("says a statement that looks like a secret was not kept, and keeps nothing of it", async () => {
    const korean = await say("창고 자물쇠 비번 이제 5093으로 바꿨어");
    expect(korean).toContain(
      "bot: 🔒 비밀번호·인증번호·카드/계좌번호 같은 민감한 정보로 보여서 기억하지 않았어요.",
    );
    expect(korean).toContain('"기억해줘: …"');
    const english = await say("the garage password is now red-door-42");
    expect(english).toContain(
      "bot: 🔒 That looks like a password, a code or a card or account number, so I did not keep it.",
    );
    for (const printed of [korean, english]) {
      expect(printed).not.toMatch(/기억해 둘게요|I'll remember|네, 알겠어요|Got it\./);
      // The reply says it: no second line about it.
      expect(printed).not.toContain("(not kept");
    }
    const { items } = await t.assistant.memory.list(
      { teamId: "local", userId: "local-user" },
      { limit: 100 },
    );
    // Of every memory of this chat (the earlier tests' too: some are there), none holds either secret.
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((m) => m.text).filter((text) => /5093|red-door/u.test(text))).toEqual([]);
  });

  it("keeps a correction that puts a name right, though it says little, and answers with the new name", async () => {
    const user = "local-name-fix";
    await say("나 망원동에 살아", user);
    expect(await say("아니 망원동 말고 합정동", user)).toContain('기억해 둘게요: "아니 망원동 말고 합정동"');
    const answer = await say("나 어디 살아?", user);
    expect(answer).toContain("• 나: 거주지 = 합정동");
    expect(answer).toMatch(/^• 나 망원동에 살아 \(\d{4}-\d{2}-\d{2}, 이후 바뀜\)$/mu);
    // With nothing kept before it to correct, such a reply is not kept.
    expect(await say("아니 연남동 말고 상수동", "local-name-fix-2")).not.toContain("기억해 둘게요");
  });

  it("holds a correction that gives only a value right after a held secret, and keeps such a correction otherwise", async () => {
    const user = "local-secret-fix";
    const held = "bot: 🔒 비밀번호·인증번호·카드/계좌번호 같은 민감한 정보로 보여서 기억하지 않았어요.";
    expect(await say("창고 도어락 비번은 7350이야", user)).toContain(held);
    expect(await say("아 잘못 말했다, 7351이야", user)).toContain(held);
    expect(await say("내 자전거 보관함은 27번", user)).toContain("기억해 둘게요");
    // Not right after the secret: a correction of the note before it, kept.
    expect(await say("아니 27번 말고 28번", user)).toContain("기억해 둘게요");
    const { items } = await t.assistant.memory.list({ teamId: "local", userId: user }, { limit: 100 });
    expect(items.map((m) => m.text).sort()).toEqual(
      ["아니 27번 말고 28번", "내 자전거 보관함은 27번"].sort(),
    );
  });

  it.each([
    ["ko", "기억해줘: 현관 비밀번호는 4096이야", "아니 4097이야"],
    ["ko", "기억해줘: 현관 비밀번호는 4096이야", "아 잘못 말했다, 4097이야"],
    ["en", "remember: the garage door code is 4096", "not 4096, 4097"],
  ])(
    "holds a bare value that corrects a secret kept on request, never autosaving it (%s: %s → %s)",
    async (_lang, kept, fix) => {
      const user = `local-kept-secret-${_lang}-${fix.length}`;
      expect(await say(kept, user)).toMatch(/⚠️/u);
      const reply = await say(fix, user);
      expect(reply).not.toMatch(/📝|기억해 둘게요|I'll remember/u);
      expect(reply).toContain("🔒");
      const { items } = await t.assistant.memory.list({ teamId: "local", userId: user }, { limit: 10 });
      expect(items.map((m) => m.text)).toEqual([kept.slice(kept.indexOf(":") + 2)]);
    },
  );

  it("leads with the newer value, and shows no fact taken from the memory it replaced", async () => {
    await say("my gym locker is 214");
    await say("I switched gym lockers, it's 305 now");
    const answer = await say("what's my gym locker?");
    const bullets = answer.split("\n").filter((line) => line.startsWith("• "));
    // Memories end with their date; facts ("you: locker number = 112", an earlier test's) do not.
    const memories = bullets.filter((line) => /\(\d{4}-\d{2}-\d{2}(?:, since changed)?\)$/u.test(line));
    expect(memories[0]).toMatch(/^• I switched gym lockers, it's 305 now \(\d{4}-\d{2}-\d{2}\)$/u);
    // The older one is still listed, marked as changed since.
    expect(memories).toContainEqual(
      expect.stringMatching(/^• my gym locker is 214 \(\d{4}-\d{2}-\d{2}, since changed\)$/u),
    );
    // The graph still has "gym locker = 214" from the first message; the answer does not show it.
    expect(answer).not.toContain("gym locker = 214");
  });

  it("answers '몇 시야?' from the memory that gives the time, the newer one first", async () => {
    const user = "local-counter";
    await say("내일 오후 3시에 팀 회의 있어", user);
    let answer = await say("회의 몇 시야?", user);
    expect(answer).toMatch(/^• 내일 오후 3시에 팀 회의 있어 \(\d{4}-\d{2}-\d{2}\)$/mu);
    await say("회의 4시로 바뀌었어", user);
    answer = await say("회의 몇 시야?", user);
    const memories = answer.split("\n").filter((line) => /\(\d{4}-\d{2}-\d{2}/u.test(line));
    expect(memories[0]).toMatch(/^• 회의 4시로 바뀌었어 /u);
    expect(memories[1]).toMatch(/^• 내일 오후 3시에 팀 회의 있어 \(\d{4}-\d{2}-\d{2}, 이후 바뀜\)$/u);
  });

  it("takes a correction said right after a note as its newer value, in Korean and English", async () => {
    const user = "local-corrector";
    await say("금요일 오전 11시에 세무사 상담 있어", user);
    await say("아 11시 아니고 11시 반", user);
    let answer = await say("세무사 상담 몇 시야?", user);
    let memories = answer.split("\n").filter((line) => /\(\d{4}-\d{2}-\d{2}/u.test(line));
    expect(memories[0]).toMatch(/^• 아 11시 아니고 11시 반 \(\d{4}-\d{2}-\d{2}\)$/u);
    expect(memories[1]).toMatch(/^• 금요일 오전 11시에 세무사 상담 있어 \(\d{4}-\d{2}-\d{2}, 이후 바뀜\)$/u);
    // After a note the user asked to keep, too (it has no conversation context of its own).
    await say("기억해줘: 토요일 1시 미용실 예약", user);
    await say("아 1시 말고 2시", user);
    answer = await say("미용실 예약 몇 시야?", user);
    memories = answer.split("\n").filter((line) => /\(\d{4}-\d{2}-\d{2}/u.test(line));
    expect(memories[0]).toMatch(/^• 아 1시 말고 2시 \(\d{4}-\d{2}-\d{2}\)$/u);
    expect(memories[1]).toMatch(/^• 토요일 1시 미용실 예약 \(\d{4}-\d{2}-\d{2}, 이후 바뀜\)$/u);
    // A reply that opens with 아니 and gives the value that is so instead.
    await say("내 차 번호는 12가 3456이야", user);
    await say("아니 12가 3457이야", user);
    answer = await say("차 번호 뭐야?", user);
    memories = answer.split("\n").filter((line) => /\(\d{4}-\d{2}-\d{2}/u.test(line));
    expect(memories[0]).toMatch(/^• 아니 12가 3457이야 \(\d{4}-\d{2}-\d{2}\)$/u);
    expect(memories[1]).toMatch(/^• 내 차 번호는 12가 3456이야 \(\d{4}-\d{2}-\d{2}, 이후 바뀜\)$/u);
    await say("choir practice is on Monday at 8", user);
    await say("sorry, not Monday, Wednesday", user);
    answer = await say("when is choir practice?", user);
    memories = answer.split("\n").filter((line) => /\(\d{4}-\d{2}-\d{2}/u.test(line));
    expect(memories[0]).toMatch(/^• sorry, not Monday, Wednesday \(\d{4}-\d{2}-\d{2}\)$/u);
    expect(memories[1]).toMatch(/^• choir practice is on Monday at 8 \(\d{4}-\d{2}-\d{2}, since changed\)$/u);
  });

  it.each([
    ["ko", "헬스장 사물함 번호는 58번", "아니 그거 60번이야", "사물함 번호 뭐야?", "60번", "58번"],
    ["ko", "헬스장 사물함 번호는 58번", "아니다 60번", "사물함 번호 뭐야?", "60번", "58번"],
    ["en", "my parking spot is B2-14", "actually it's B3-07", "where is my parking spot?", "B3-07", "B2-14"],
    ["en", "my parking spot is B2-14", "no wait, it's B3-07", "where is my parking spot?", "B3-07", "B2-14"],
    ["en", "my parking spot is B2-14", "oops, B3-07", "where is my parking spot?", "B3-07", "B2-14"],
  ])(
    "takes a correction opened by a pointing word or an aside as the newer value (%s: %s → %s)",
    async (lang, note, fix, ask, value, old) => {
      const user = `local-aside-${lang}-${Buffer.from(fix).toString("hex")}`;
      await say(note, user);
      await say(fix, user);
      const answer = await say(ask, user);
      const memories = answer.split("\n").filter((line) => /\(\d{4}-\d{2}-\d{2}/u.test(line));
      expect(memories[0]).toContain(fix);
      expect(memories[1]).toMatch(/이후 바뀜|since changed/u);
      // The fact holds the value alone ("그거 60번" was its value), and not the old one.
      const facts = answer.split("\n").filter((line) => line.includes(" = "));
      expect(facts.join("\n")).toContain(`= ${value}`);
      expect(facts.join("\n")).not.toMatch(new RegExp(`= (?:그거 |it's )?${old}|그거|it's`, "u"));
    },
  );

  it("answers who someone is by what they are, from the graph", async () => {
    const user = "local-who";
    await say("우리 딸 첼로 선생님 성함은 한소율 선생님이야", user);
    const answer = await say("딸 첼로 선생님 누구야?", user);
    expect(answer).toContain("• 한소율: 역할 = 딸 첼로 선생님");
  });

  it("finds a family member asked for in the other language (sister / 여동생)", async () => {
    const user = "local-kin";
    await say("기억해줘: 여동생 결혼식 10월 3일 토요일 청담동", user);
    await say("기억해줘: 엄마 생신 저녁 예약 6시", user);
    const answer = await say("when is my sister's wedding?", user);
    expect(answer).toContain("• 여동생 결혼식 10월 3일 토요일 청담동 (");
    expect(answer).not.toContain("엄마");
  });

  it("keeps where one goes regularly, and answers '어디 다녀?' with it", async () => {
    const user = "local-attends";
    const said = await say("필라테스 학원은 합정 코어랩 다녀", user);
    expect(said).toContain('bot: 📝 기억해 둘게요: "필라테스 학원은 합정 코어랩 다녀"');
    await say("my dentist is Dr. Park at Riverside Dental", user);
    const pilates = await say("필라테스 어디 다니지?", user);
    expect(pilates).toContain("• 필라테스: 학원 = 합정 코어랩\n");
    expect(pilates).not.toContain("Riverside");
    // 치과 is dentist in the other language; 다녀 asks nothing a memory would hold.
    const dentist = await say("치과 어디 다녀?", user);
    expect(dentist).toContain("• my dentist is Dr. Park at Riverside Dental (");
    expect(dentist).not.toContain("코어랩");
  });

  it("marks the older note 'since changed' and leaves out its fact when the newer one already leads", async () => {
    const user = "local-moved";
    await say("my son's soccer practice is every Tuesday at 5pm", user);
    await say("soccer practice moved to Wednesday", user);
    const answer = await say("when is soccer practice?", user);
    expect(answer).toMatch(
      /• soccer practice moved to Wednesday \(\d{4}-\d{2}-\d{2}\)\n• my son's soccer practice is every Tuesday at 5pm \(\d{4}-\d{2}-\d{2}, since changed\)/u,
    );
    expect(answer).not.toContain("soccer practice = every Tuesday");
  });

  it("puts the note that says the thing itself changed first, and the older one and its fact out of date", async () => {
    const user = "local-thing-changed";
    await say("헬스장 락커 31번", user);
    await say("my gym is Riverside Fitness in 성수", user);
    await say("gym changed: now 뚝섬 스포츠센터", user);
    const gym = await say("which gym do I go to?", user);
    expect(gym).toMatch(
      /• gym changed: now 뚝섬 스포츠센터 \(\d{4}-\d{2}-\d{2}\)\n• my gym is Riverside Fitness in 성수 \(\d{4}-\d{2}-\d{2}, since changed\)/u,
    );
    expect(gym).not.toContain("gym = Riverside");
    await say("우리 파트장님 한지율님", user);
    await say("파트장 바뀜. 이제 오세린 파트장님", user);
    const lead = await say("파트장님 누구야?", user);
    expect(lead).toMatch(
      /• 파트장 바뀜\. 이제 오세린 파트장님 \(\d{4}-\d{2}-\d{2}\)\n• 우리 파트장님 한지율님 \(\d{4}-\d{2}-\d{2}, 이후 바뀜\)/u,
    );
    // The graph's fact of the one who held it before is out of date too, and "바뀜" names no one.
    expect(lead).not.toContain("한지율: ");
    expect(lead).not.toContain("= 바뀜");
  });

  it("answers where one lives now after a move said in the other language, the older note out of date", async () => {
    const user = "local-moved-home";
    await say("I live in 은평구 불광동", user);
    await say("이사했어! 이제 광진구 자양동", user);
    const answer = await say("where do I live now?", user);
    expect(answer).toMatch(
      /• you: residence = 광진구 자양동\n• 이사했어! 이제 광진구 자양동 \(\d{4}-\d{2}-\d{2}\)\n• I live in 은평구 불광동 \(\d{4}-\d{2}-\d{2}, since changed\)/u,
    );
    expect(answer).not.toContain("residence = 은평구");
  });

  it("answers in English of a note in Korean by the lexicon's other names (name / 이름, swim / 수영)", async () => {
    const user = "local-other-names";
    await say("Wi-Fi 이름 dasan_5G_0425", user);
    expect(await say("what's the wifi name?", user)).toContain("• Wi-Fi 이름 dasan_5G_0425 (");
    await say("my daughter's swim class is Thursdays 4pm", user);
    await say("딸 수영 금요일로 옮김", user);
    expect(await say("when is my daughter's swim class?", user)).toMatch(
      /• 딸 수영 금요일로 옮김 \(\d{4}-\d{2}-\d{2}\)\n• my daughter's swim class is Thursdays 4pm \(\d{4}-\d{2}-\d{2}, since changed\)/u,
    );
  });

  it("lists only the memories a question is about, with the user as 'you' or '나'", async () => {
    const user = "local-asker";
    for (const line of [
      "다음 주 화요일 3시에 치과 예약했어",
      "나 다음 달에 제주도 여행 가",
      "오늘 회의 너무 길었어 ㅋㅋ",
      "my locker number is 112",
    ])
      await say(line, user);
    const printed = await say("what is my locker number?", user);
    expect(printed).toContain(
      "bot: (My language model is unavailable right now: this is what I recall from memory, without a model.)\n• you: locker number = 112\n• my locker number is 112 (",
    );
    expect(printed).not.toMatch(/치과|제주도|회의|\bI:/);
    await say("기억해줘: 내 여권 번호는 M12345678이야", user);
    const ko = await say("내 여권 번호 뭐였지?", user);
    expect(ko).toContain("• 나: 여권 번호 = M12345678");
    expect(ko).not.toMatch(/치과|제주도|locker/);
  });

  it("keeps a fact typed with no particle ('내 혈액형 B형', '헬스장 사물함 번호 41') and answers with it", async () => {
    const user = "local-bare";
    await say("내 혈액형 B형", user);
    await say("헬스장 사물함 번호 41", user);
    expect(await say("what's my blood type?", user)).toContain("• you: blood type = B형");
    expect(await say("내 사물함 번호 뭐야?", user)).toContain("• 나: 사물함 번호 = 41");
  });

  it("answers '몇 번이지?', '몇 시지?' of a note alone in the store (the question's 이지 is the copula's)", async () => {
    const user = "local-copula-question";
    await say("내 헬스장 사물함 번호는 214번이야", user);
    const answer = await say("사물함 몇 번이지?", user);
    expect(answer).not.toContain("찾지 못했어요");
    expect(answer).toContain("• 내 헬스장 사물함 번호는 214번이야 (");
    await say("나 요즘 수영 다녀 화목 저녁 8시", user);
    const time = await say("수영 몇 시지?", user);
    expect(time).not.toContain("찾지 못했어요");
    expect(time).toContain("• 나 요즘 수영 다녀 화목 저녁 8시 (");
  });

  it("takes a thing's new number said as a change ('… 이제 305번으로 바뀜', 'changed to …') as its current fact", async () => {
    const user = "local-number-change";
    await say("내 헬스장 사물함 번호는 214번이야", user);
    await say("헬스장 사물함 이제 305번으로 바뀜", user);
    const aboutMe = await say("뭘 기억하고 있어?", user);
    expect(aboutMe).toContain("• 사물함 번호: 305번");
    expect(aboutMe).not.toContain("• 사물함 번호: 214번");
    const english = "local-number-change-en";
    await say("my dentist is Dr. Park", english);
    await say("actually my dentist changed to Dr. Lee", english);
    expect(await say("who is my dentist?", english)).toContain("• you: dentist = Dr. Lee");
  });

  it("takes a role's new holder said as a change ('팀장 바뀜 이제 …') as the one who holds it now", async () => {
    const user = "local-role-change";
    await say("우리 팀장님은 여하결 팀장님이야", user);
    await say("팀장 바뀜 이제 모아라 팀장님", user);
    const aboutMe = await say("뭘 기억하고 있어?", user);
    const facts = aboutMe.split(/자주 떠올린 기억|최근 기억/u)[0] ?? "";
    expect(facts).toContain("모아라\n• 역할: 팀장");
    expect(facts).not.toContain("여하결");
    expect(facts).not.toContain("이제");
  });

  it("answers 'how much is …?' with the notes that hold the thing, the newer first", async () => {
    const user = "local-how-much";
    await say("tuition is 300k a month", user);
    await say("tuition went up to 340k", user);
    const answer = await say("how much is tuition?", user);
    expect(answer).not.toContain("found nothing");
    const memories = answer.split("\n").filter((line) => /\(\d{4}-\d{2}-\d{2}/u.test(line));
    expect(memories[0]).toContain("tuition went up to 340k");
    expect(memories[1]).toContain("tuition is 300k a month");
  });

  it("lists what was said last in 'about me' beside the memories it used most", async () => {
    const user = "local-about-used-and-latest";
    await say("내 자전거 보관함 번호는 58번이야", user);
    expect(await say("자전거 보관함 몇 번이지?", user)).toContain("• 내 자전거 보관함 번호는 58번이야 (");
    await say("다음 달 둘째 주에 강릉 출장 가", user);
    const about = await say("내 기억 다 보여줘", user);
    const [facts = "", latest = ""] = about.split("최근 기억:");
    expect(facts).toContain("자주 떠올린 기억:\n• 내 자전거 보관함 번호는 58번이야 (");
    expect(latest).toContain("• 다음 달 둘째 주에 강릉 출장 가 (");
    // Listed once: the most used one is not repeated among the latest.
    expect(latest).not.toContain("보관함");
  });

  it("leaves the chat on a bare 'exit', 'quit' or 종료, as a terminal program does", async () => {
    for (const word of ["exit", "Quit", "종료", "/exit"]) {
      const printed = await chat(t, [word, "기억해줘: 나가고 나서 한 말"], `local-leave-${word}`);
      expect(printed, word).not.toContain("나가고 나서 한 말");
      expect(printed, word).not.toContain("bot:");
    }
    // A sentence that holds the word is a message like any other.
    const said = await chat(t, ["exit 번호는 3번 출구야"], "local-leave-sentence");
    expect(said).toContain("bot:");
  });

  it("lists the newest memories in 'about me' before any was recalled, never 'I know nothing'", async () => {
    const user = "local-about-latest";
    await say("my son's coach is Mr. Kim", user);
    await say("the coach changed to Ms. Park", user);
    const about = await say("what do you know about me?", user);
    expect(about).not.toContain("don't know anything");
    const listed = about.split("Your latest memories:")[1] ?? "";
    expect(listed.indexOf("the coach changed to Ms. Park (")).toBeGreaterThan(-1);
    expect(listed.indexOf("my son's coach is Mr. Kim (")).toBeGreaterThan(listed.indexOf("Ms. Park"));
    // The older fact was retired by the change, so it is no fact of "about me".
    expect(about.split("Your latest memories:")[0]).not.toContain("Mr. Kim");
  });

  it("marks a memory 'since changed' in 'about me' when a newer one restates it, with no graph fact of it", async () => {
    const user = "local-about-restated";
    await say("금요일 저녁 7시 동창 모임 있어", user);
    await say("동창 모임 토요일로 미뤘어", user);
    await say("조카 생일은 3월 9일", user);
    const about = await say("what do you know about me?", user);
    const listed = about.split("Your latest memories:")[1] ?? "";
    expect(listed).toMatch(/• 동창 모임 토요일로 미뤘어 \(\d{4}-\d{2}-\d{2}\) {2}\[/u);
    expect(listed).toMatch(/• 금요일 저녁 7시 동창 모임 있어 \(\d{4}-\d{2}-\d{2}, since changed\) {2}\[/u);
    // A note of something else is not marked.
    expect(listed).toMatch(/• 조카 생일은 3월 9일 \(\d{4}-\d{2}-\d{2}\) {2}\[/u);
  });

  it("answers a question that asks by a verb ('what car do I drive?') from the note that names the thing", async () => {
    const user = "local-asked-by-verb";
    await say("my car is a silver Hyundai Casper", user);
    await say("my gym is open until 11pm", user);
    const answer = await say("what car do I drive?", user);
    expect(answer).toContain("• you: car = silver Hyundai Casper");
    expect(answer).toMatch(/^• my car is a silver Hyundai Casper \(\d{4}-\d{2}-\d{2}\)$/mu);
    expect(answer).not.toContain("gym");
  });

  it("answers '무슨 요일이야?' from notes that give the weekdays in short, the newer first", async () => {
    const user = "local-weekday";
    await say("탁구 월수금 저녁 8시", user);
    await say("탁구 화목으로 바꿈", user);
    expect(await say("탁구 무슨 요일이야?", user)).toMatch(
      /• 탁구 화목으로 바꿈 \(\d{4}-\d{2}-\d{2}\)\n• 탁구 월수금 저녁 8시 \(\d{4}-\d{2}-\d{2}, 이후 바뀜\)/u,
    );
  });

  it("answers a number asked for with the new one after '엄마 폰 바꿨대 …', not the old one", async () => {
    const user = "local-new-phone";
    await say("이모 번호 010-1212-3434", user);
    await say("이모 폰 바꿨대 010-5656-7878", user);
    const answer = await say("이모 전화번호 뭐야?", user);
    expect(answer).toContain("• 이모: 전화번호 = 010-5656-7878");
    expect(answer).not.toContain("= 010-1212-3434");
  });

  it("takes a parking spot or a plate said in English and changed in Korean as one fact, the English note out of date", async () => {
    const user = "local-spot-plate";
    expect(await say("my parking spot at the gym is D-61", user)).toContain("📝 I'll remember that");
    await say("주차 자리 D-70으로 옮겨짐", user);
    expect(await say("what is my parking spot?", user)).toMatch(
      /• you: parking spot = D-70\n• 주차 자리 D-70으로 옮겨짐 \(\d{4}-\d{2}-\d{2}\)\n• my parking spot at the gym is D-61 \(\d{4}-\d{2}-\d{2}, since changed\)/u,
    );
    // The plate's one syllable is no Korean: the answer stays in English.
    expect(await say("my license plate is 45버 2210", user)).toContain("📝 I'll remember that");
    await say("차 번호 바뀜 118허 9034", user);
    const plate = await say("what is my license plate?", user);
    expect(plate).toContain("• you: plate number = 118허 9034");
    expect(plate).not.toContain("= 45버 2210");
  });
});

describe("chat commands in the local chat", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local", ollama: false });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("asks what to keep or forget when a request's colon has nothing after it, and keeps nothing", async () => {
    const printed = await chat(t, ["기억해줘:", "forget:"], "local-empty");
    expect(printed).toContain('bot: 무엇을 기억할까요? 예: "기억해줘: 주차 B2 37번"');
    expect(printed).toContain('bot: What should I forget? For example: "forget the dentist appointment".');
    const kept = await t.assistant.memory.search(
      { teamId: "local", userId: "local-empty" },
      "기억해줘 forget",
    );
    expect(kept).toEqual([]);
  });

  it("shows help in Korean and English", async () => {
    const printed = await chat(t, ["/help", "help"]);
    expect(printed).toContain("저는 기억하는 비서예요");
    expect(printed).toContain("I'm your assistant with a long-term memory");
  });

  it("answers a slash command it does not have with the words that do the same, and keeps nothing", async () => {
    const user = "U_SLASH";
    const printed = await chat(t, ["/memory list", "/mmeory", "/help"], user);
    expect(printed).toContain(
      'bot: /memory: 여기(터미널)에는 없는 명령이에요. 말로 해 주세요: "나에 대해 뭘 알아?"',
    );
    expect(printed).toContain("/mmeory is not a command here (the terminal chat).");
    expect(printed).not.toContain("찾지 못했어요");
    expect(printed).toContain("저는 기억하는 비서예요");
    await t.assistant.drain();
    const about = await chat(t, ["what do you know about me?"], user);
    expect(about).toContain("I don't know anything about you yet");
  });

  it("forgets the one clearly meant, asks when several match, in both languages", async () => {
    let printed = await chat(t, [
      "기억해줘: 치과 예약 3월 5일 오후 2시",
      "remember: my locker number is 112",
      "기억해줘: 회사 주차 B2 37번",
      "기억해줘: 집 주차 지하 1층 12번",
    ]);
    expect(printed.match(/기억했어요|I'll remember/g)).toHaveLength(4);
    await t.assistant.drain();

    printed = await chat(t, ["치과 예약 잊어줘", "치과 언제 가야 돼?"]);
    expect(printed).toContain('bot: 잊었어요: "치과 예약 3월 5일 오후 2시"');
    expect(printed).toContain("관련된 기억을 찾지 못했어요.");

    printed = await chat(t, ["forget my locker number", "what is my locker number?"]);
    expect(printed).toContain('bot: Forgotten: "my locker number is 112"');
    expect(printed).toContain("I found nothing about that in your memories.");

    printed = await chat(t, ["주차 지워줘", "2"]);
    expect(printed).toContain("여러 개가 있어요. 어떤 걸 잊을까요?");
    expect(printed).toMatch(/bot: 잊었어요: "(회사 주차 B2 37번|집 주차 지하 1층 12번)"/);
    const left = await t.assistant.memory.search({ teamId: "local", userId: "local-user" }, "주차");
    expect(left.filter((r) => r.relevant)).toHaveLength(1);
  });

  it("lists for a forget only what matches it, never a neighbour of its conversation, and asks again on a bare yes", async () => {
    const scope = { teamId: "local", userId: "local-user" };
    // Told in passing, they are kept by the content filter as conversation (autosave), which has
    // neighbours; what a user asks to be remembered stands alone.
    const printed0 = await chat(t, [
      "헬스장 보관함 58번이야",
      "헬스장 보관함 이제 23번으로 바뀜",
      "my optician is Dr. Ahn at Clearview Eyes",
    ]);
    expect(printed0.match(/📝/g)).toHaveLength(3);
    await t.assistant.drain();
    // Said one after the other, the optician note is the locker notes' conversation context: recall
    // may show it to a model, but a forget of 보관함 must not offer it (nor delete it on "전부").
    const context = await t.assistant.memory.search(scope, "보관함");
    expect(context.some((r) => r.relevant && r.byContext && r.text.includes("Clearview"))).toBe(true);

    let printed = await chat(t, ["보관함 지워줘", "응"]);
    expect(printed).toContain("여러 개가 있어요. 어떤 걸 잊을까요?");
    expect(printed).toContain("1. 헬스장 보관함");
    expect(printed).toContain("2. 헬스장 보관함");
    expect(printed).not.toContain("3. ");
    expect(printed).not.toContain("Clearview");
    expect(printed).toContain(
      'bot: 어떤 걸 잊을지 번호로 알려 주세요 (1–2). 모두 지우려면 "전부", 그만두려면 "취소".',
    );

    printed = await chat(t, ["전부"]);
    expect(printed).toMatch(/bot: 잊었어요/);
    expect(printed).not.toContain("Clearview");
    const left = await t.assistant.memory.search(scope, "optician Clearview");
    expect(left.filter((r) => r.relevant).map((r) => r.text)).toEqual([
      "my optician is Dr. Ahn at Clearview Eyes",
    ]);
    expect((await t.assistant.memory.search(scope, "보관함")).filter((r) => r.relevant)).toHaveLength(0);
  });

  it.each([
    [
      "ko",
      "내 헬스장 락커 번호는 58번이야",
      "락커 옮겼어 이제 102번",
      "락커 번호 잊어줘",
      "여러 개가 있어요. 어떤 걸 잊을까요?",
      "전부",
    ],
    [
      "en",
      "my gym locker number is 58",
      "locker changed, now 102",
      "forget my locker number",
      "Several memories match. Which one should I forget?",
      "all",
    ],
  ])(
    "asks which to forget when another match states the same fact with another value (%s)",
    async (_lang, older, newer, forget, asked, all) => {
      const scope = { teamId: "local", userId: "local-user" };
      await chat(t, [older, newer]);
      await t.assistant.drain();
      // The older note alone holds every word of the request; the newer one is the same fact's new value.
      let printed = await chat(t, [forget]);
      expect(printed).toContain(asked);
      expect(printed).toContain(`. ${older}`);
      expect(printed).toContain(`. ${newer}`);
      printed = await chat(t, [all]);
      expect(printed).toContain(older);
      expect(printed).toContain(newer);
      expect((await t.assistant.memory.search(scope, "락커 locker")).filter((r) => r.relevant)).toHaveLength(
        0,
      );
    },
  );

  it.each([
    ["ko", "내일 오후 4시 미용실 예약", "방금 거 잊어줘", "bot: 잊었어요: "],
    ["en", "my bike shop appointment is Saturday at 11", "forget the last one", "bot: Forgotten: "],
  ])(
    "forgets the memory kept last here when asked for 'the one just now' (%s)",
    async (_lang, said, forget, reply) => {
      const scope = {
        teamId: "local",
        userId: "local-user",
        channelId: "console",
        channelType: "im" as const,
      };
      await chat(t, ["기억해줘: 헬스장 보관함 비번은 폰 메모에", said]);
      await t.assistant.drain();
      const printed = await chat(t, [forget]);
      expect(printed).toContain(`${reply}"${said}"`);
      expect((await t.assistant.memory.search(scope, said)).filter((r) => r.relevant)).toHaveLength(0);
      // Only that one: what was kept before it stays.
      expect(
        (await t.assistant.memory.search(scope, "헬스장 보관함")).filter((r) => r.relevant),
      ).toHaveLength(1);
      await t.assistant.memory.forget(scope, "헬스장 보관함");
    },
  );

  it("asks before forgetting the memory just kept when the request only says 'it' (it may mean 'never mind')", async () => {
    const userId = "U_NEVER_MIND";
    const scope = { teamId: "local", userId, channelId: "console", channelType: "im" as const };
    await chat(t, ["remember: the bike shop closes at 7 on Sundays"], userId);
    await t.assistant.drain();
    const printed = await chat(t, ["forget it", "cancel"], userId);
    expect(printed).toContain("Should I forget this?");
    expect(printed).toContain("1. the bike shop closes at 7 on Sundays");
    expect(
      (await t.assistant.memory.search(scope, "bike shop Sundays")).filter((r) => r.relevant),
    ).toHaveLength(1);
  });

  it("asks before forgetting a memory kept long ago as 'the one just now', and says when nothing was kept here", async () => {
    const userId = "U_LONG_AGO";
    const scope = { teamId: "local", userId, channelId: "console", channelType: "im" as const };
    let printed = await chat(t, ["방금 거 잊어줘"], userId);
    expect(printed).toContain("이 대화에서 기억해 둔 게 아직 없어요.");
    const old = await t.assistant.memory.remember(
      scope,
      "작년 건강검진 병원은 하늘내과",
      Date.now() - 3 * 60 * 60 * 1000,
    );
    printed = await chat(t, ["방금 거 잊어줘", "취소"], userId);
    expect(printed).toContain("이 기억을 잊을까요?");
    expect(printed).toContain("1. 작년 건강검진 병원은 하늘내과");
    expect(await t.assistant.memory.get(scope, old.id)).toBeDefined();
    // A pronoun alone ("forget it" may mean "never mind") is asked about too.
    printed = await chat(t, ["forget it", "1"], userId);
    expect(printed).toContain("Should I forget this?");
    expect(printed).toContain('bot: Forgotten: "작년 건강검진 병원은 하늘내과"');
    expect(await t.assistant.memory.get(scope, old.id)).toBeUndefined();
  });

  it("lists every memory about what 'forget everything about X' names and forgets them all after a yes", async () => {
    const userId = "U_ALL_ABOUT";
    const scope = { teamId: "local", userId, channelId: "console", channelType: "im" as const };
    await chat(
      t,
      [
        "remember: my cousin Noor lives in Daejeon",
        "remember: Noor's birthday is August 9",
        "remember: the bakery opens at 8",
      ],
      userId,
    );
    await t.assistant.drain();
    let printed = await chat(t, ["forget everything about Noor"], userId);
    expect(printed).toContain("These 2 memories match “Noor”. Forget all of them?");
    const texts = async () =>
      (await t.assistant.memory.list(scope, { limit: 10 })).items.map((m) => m.text).sort();
    expect(await texts()).toHaveLength(3);
    printed = await chat(t, ["yes"], userId);
    expect(printed).toContain("Forgotten:");
    expect(await texts()).toEqual(["the bakery opens at 8"]);
    // A yes to a question of one memory confirms it.
    printed = await chat(t, ["forget it", "yes"], userId);
    expect(printed).toContain('answer "yes" or "cancel"');
    expect(await texts()).toEqual([]);
  });

  it("finds every match of 'forget everything about X' past a handful, lists ten, and forgets all after a yes", async () => {
    const userId = "U_ALL_ABOUT_MANY";
    const scope = { teamId: "local", userId, channelId: "console", channelType: "im" as const };
    for (let day = 1; day <= 20; day++)
      await t.assistant.memory.remember(
        scope,
        `치과 예약 ${day}일 오후 ${(day % 6) + 1}시`,
        Date.now() + day,
      );
    await t.assistant.memory.remember(scope, "헬스장 사물함은 41번", Date.now());
    await t.assistant.drain();
    const printed = await chat(t, ["치과 관련 기억 전부 지워줘"], userId);
    expect(printed).toContain("“치과”에 해당하는 기억 20개예요. 모두 잊을까요?");
    expect(printed).toContain("10. 치과 예약");
    expect(printed).not.toContain("11. 치과 예약");
    expect(printed).toContain("… 외 10개");
    await chat(t, ["네"], userId);
    const left = (await t.assistant.memory.list(scope, { limit: 50 })).items.map((m) => m.text);
    expect(left).toEqual(["헬스장 사물함은 41번"]);
  });

  it("answers a request for someone else's words with how to keep them, and keeps nothing", async () => {
    const userId = "U_OTHERS_WORDS";
    const scope = { teamId: "local", userId, channelId: "console", channelType: "im" as const };
    const printed = await chat(t, ["방금 밥이 한 말 기억해 둬"], userId);
    expect(printed).toContain("다른 사람이 한 말은 여기서 가져올 수 없어요");
    await t.assistant.drain();
    expect((await t.assistant.memory.list(scope, { limit: 10 })).items).toEqual([]);
  });

  it("takes 'forget them all' asked which one as all of the listed ones, not everything", async () => {
    const scope = { teamId: "local", userId: "local-user" };
    await chat(t, [
      "기억해줘: 수영장 사물함 41번",
      "기억해줘: 회사 사물함 7번",
      "기억해줘: 조카 생일 3월 2일",
    ]);
    await t.assistant.drain();
    let printed = await chat(t, ["사물함 잊어줘"]);
    expect(printed).toContain("여러 개가 있어요. 어떤 걸 잊을까요?");
    printed = await chat(t, ["전부 잊어줘"]);
    expect(printed).toMatch(/bot: 잊었어요: .*사물함.*사물함/u);
    expect(printed).not.toContain("전부 잊을까요?");
    expect((await t.assistant.memory.search(scope, "사물함")).filter((r) => r.relevant)).toHaveLength(0);
    const left = await t.assistant.memory.search(scope, "조카 생일");
    expect(left.filter((r) => r.relevant).map((r) => r.text)).toEqual(["조카 생일 3월 2일"]);
  });

  it("answers a choice in the language the question was asked in", async () => {
    await chat(t, ["remember: gym locker 58", "remember: office locker 12"]);
    await t.assistant.drain();
    const printed = await chat(t, ["forget my locker", "1"]);
    expect(printed).toContain("Several memories match. Which one should I forget?");
    // "1" has no language of its own: the reply goes on in English.
    expect(printed).toMatch(/bot: Forgotten: "(gym locker 58|office locker 12)"/);
  });
});

describe("npm start with an empty environment", () => {
  let cwd: string;
  beforeAll(async () => {
    cwd = await mkdtemp(path.join(os.tmpdir(), "npm-start-"));
  });
  afterAll(async () => {
    await rm(cwd, { recursive: true, force: true });
  });

  it("starts the local chat on embedded defaults and answers", async () => {
    const tsxCli = path.join(repoRoot, "node_modules/tsx/dist/cli.mjs"); // what `npm start` runs
    const child = spawn(process.execPath, [tsxCli, path.join(repoRoot, "src/main.ts")], {
      cwd, // DATA_DIR defaults to ./data here
      env: { PATH: process.env.PATH ?? "", HOME: cwd, PORT: "0" }, // nothing else: no Slack, no Ollama
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await waitFor(() => stdout.includes("> "), 60_000);
    expect(stdout).toContain("local mode");
    expect(stdout).toContain("Language model: OFFLINE");
    child.stdin.write("기억해줘: 주차 B2 37번\n");
    await waitFor(() => stdout.includes("기억했어요"), 30_000);
    child.stdin.end("/quit\n");
    expect(await exited).toBe(0);
  }, 120_000);

  it("starts with .env.example copied to .env as the README says", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "npm-start-env-"));
    await copyFile(path.join(repoRoot, ".env.example"), path.join(dir, ".env"));
    const tsxCli = path.join(repoRoot, "node_modules/tsx/dist/cli.mjs");
    // PORT=0 beside the file's 3000 (the environment wins), so the test never needs a fixed port.
    const child = spawn(process.execPath, [tsxCli, path.join(repoRoot, "src/main.ts")], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOME: dir, PORT: "0" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await waitFor(() => stdout.includes("> ") || child.exitCode !== null, 60_000);
    expect(stderr).not.toContain("Configuration error");
    expect(stdout).toContain("local mode");
    child.stdin.write("/help\n");
    await waitFor(() => stdout.includes("기억하기"), 30_000);
    child.stdin.end("/quit\n");
    expect(await exited).toBe(0);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for output");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("an explicit '기억해줘' of a secret", () => {
  let t: TestAssistant;
  beforeAll(async () => {
    t = await startTestAssistant({ mode: "local", ollama: false });
  });
  afterAll(async () => {
    await t.stop();
  });

  it("is kept, as asked, with a warning", async () => {
    const printed = await chat(t, ["기억해줘: 현관 비밀번호는 4829*"]);
    expect(printed).toContain('bot: 기억했어요: "현관 비밀번호는 4829*"');
    expect(printed).toContain("⚠️ 비밀번호·인증번호·카드/계좌번호 같은 민감한 정보로 보여요");
  });
});
