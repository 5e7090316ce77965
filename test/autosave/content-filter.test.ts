import { describe, expect, it } from "vitest";
import { isAppError } from "../../src/core/errors.js";
import { ContentFilter } from "../../src/autosave/content-filter.js";
import { DEFAULT_FILTER_CONFIG } from "../../src/autosave/pipeline-config.js";
import { decide, makeFilterInput, makeNeighbour, NOW } from "./support.js";

describe("ContentFilter", () => {
  describe("drops what is not a lasting fact", () => {
    it.each([
      "ㅋㅋㅋㅋ",
      "ㅇㅋ",
      "넵",
      "고마워요",
      "감사합니다~",
      "thank you!!",
      "ok",
      "lol",
      "🥰",
      "음..",
      "...",
      "하이 ㅎㅎ",
      "굿모닝~",
      "sounds good",
    ])("noise %j", (text) => {
      const decision = decide(text);
      expect(decision.keep).toBe(false);
      expect(["noise", "too_short"]).toContain(decision.reason);
    });

    it.each([
      "솜이 병원 전화번호 뭐였지?",
      "내 사번 뭐였더라",
      "승우 생일 며칠이었지",
      "토끼 건초는 하루에 얼마나 먹여야 돼?",
      "대구에서 경주 가는 버스 있어요?",
      "이사하면 지금 유치원은 언제까지 다닐 수 있나요",
      "When does my lease end?",
      "What's Mochi's vet number again?",
    ])("a question %j", (text) => {
      expect(decide(text)).toMatchObject({ keep: false, reason: "question" });
    });

    it.each([
      "엄마 생신 선물 10만원 안쪽으로 추천해줘",
      "보도자료 초안 좀 다듬어줄 수 있어? 길이는 비슷하게",
      "업무보고 목차 초안 잡아주세요. 현황, 문제점, 개선방안 순서로요",
      "이 에러 로그 좀 봐줘: ERROR TimeoutException after 3000ms",
      "Write a polite Slack message asking to move the meeting to Friday",
      "Summarize this abstract in three bullet points",
      "Can you suggest a gift for my sister",
    ])("a request %j", (text) => {
      expect(decide(text)).toMatchObject({ keep: false, reason: "request" });
    });

    it.each(["/help", "/settings", "/도움말", "remind me later", "도움말"])("a command %j", (text) => {
      expect(decide(text)).toMatchObject({ keep: false, reason: "command" });
    });

    it.each([
      ["비밀번호 1234", "password"],
      ["인증번호 482913", "one_time_code"],
      ["PIN 4821", "pin"],
      ["법인카드 4111 1111 1111 1111", "card_number"],
      ["월세 계좌 국민은행 123-45-6789012", "bank_account"],
      ["slack token xoxb-1234-5678-abcdefghij", "api_key"],
      ["내 여권번호 M12345678", "passport_number"],
    ])("a secret %j, even with the filter off", (text, kind) => {
      expect(decide(text)).toMatchObject({ keep: false, reason: "secret", secret: kind });
      expect(decide(text, {}, { enabled: false })).toMatchObject({ keep: false, reason: "secret" });
    });

    it.each([
      "아 배고파 죽겠다",
      "비 오는 날 버스 타면 너무 졸려요",
      "오늘 배포 rollback만 세 번 했다 ㅋㅋ 진짜 머리가 하얘지는 느낌이었는데 결국 다 살렸으니 치킨 시켜먹고 잔다",
      "jet lag is brutal, I've been up since 4am",
      "ugh it's so cold today",
      "어제 병원 다녀왔어",
    ])("a passing moment %j", (text) => {
      expect(decide(text)).toMatchObject({ keep: false, reason: "low_score" });
    });

    it("a rewording of a memory, in other words", () => {
      const cases: Array<[string, string]> = [
        ["나 민트초코 진짜 싫어함", "나 민트초코 극혐"],
        ["나래 결혼식 8/8 토요일 부산이야", "대학 동기 나래 결혼식 8월 8일 토요일, 부산"],
        ["호두 시바 수컷이고 23년 4월생", "우리 집 강아지 호두, 시바견 수컷 2023년 4월생"],
        ["Flights: leaving Jul 3, coming back Jul 20", "Booked my LA flight: out Jul 3, back Jul 20"],
        ["도기석 부장님 번호 043-290-5518입니다", "교무부장 도기석 선생님 043-290-5518"],
      ];
      for (const [text, memory] of cases) {
        const decision = decide(text, { neighbours: [makeNeighbour(memory, 0.5)] });
        expect(decision, text).toMatchObject({ keep: false, reason: "duplicate" });
        expect(decision.novelty?.nearest).toBe(memory);
      }
    });

    it("a message the caller's cosine alone puts at the novelty threshold", () => {
      // The words barely meet (restatement 0.5); a semantic embedder's cosine says they are one fact.
      const decision = decide("나 회 못 먹음", {
        neighbours: [makeNeighbour("sashimi is a no for me", 0.9)],
      });
      expect(decision).toMatchObject({ reason: "duplicate", novelty: { similarity: 0.9 } });
    });

    it("a message matching an exclude pattern, and an invalid pattern fails at construction", () => {
      const config = { exclude_patterns: ["^(ok|thanks|got it|sure)$", "회의록"] };
      expect(decide("주간 회의록 3월 12일 공유함", {}, config)).toMatchObject({
        keep: false,
        reason: "excluded",
      });
      expect(decide("Sure", {}, config).reason).toBe("excluded");
      expect(decide("승우 생일 5월 27일", {}, config).keep).toBe(true);
      let error: unknown;
      try {
        new ContentFilter({ ...DEFAULT_FILTER_CONFIG, exclude_patterns: ["(unclosed"] });
      } catch (err) {
        error = err;
      }
      expect(isAppError(error, "config_invalid")).toBe(true);
    });

    it("a message under min_length", () => {
      expect(decide("B형", {}, { min_length: 4 }).reason).toBe("too_short");
    });
  });

  describe("keeps lasting facts", () => {
    it.each([
      "나 회 못 먹음",
      "내 신발 270",
      "나 민트초코 극혐",
      "내 혈액형 B형",
      "승우 생일 5월 27일",
      "남친 한승우, 회계사임",
      "I'm allergic to sesame",
      "I don't eat pork",
      "나 매운 거 잘 먹음 ㅋㅋ",
      "저는 믹스커피만 마셔요",
      // A habit said by its rate.
      "화분 물은 일주일에 한 번",
      "유산균 하루 두 번",
      "필라테스 주 2회",
      "누나 번호 010-3306-8412",
      "비염 있어서 봄엔 약 달고 삼",
      // A name written as an identifier is the value.
      "우리 집 와이파이 이름 sunny_home",
      "my insta is @bread.lab",
      // Where one goes regularly (다니다), not where one went once (다녀왔어: see the moments below).
      "필라테스는 합정역 앞 코어랩 다녀",
    ])("a short fact %j", (text) => {
      expect(decide(text)).toMatchObject({ keep: true, reason: "kept" });
    });

    it.each([
      ["a plan", "6월 12일~15일 승우랑 오사카 여행 가기로 함"],
      ["a plan", "Booked my LA flight: out Jul 3, back Jul 20"],
      ["a commitment", "런칭 보도자료 draft는 내가 2월 20일까지 쓰기로 함"],
      ["a commitment", "Promised Kevin I'd do a reading at the ceremony"],
      ["a decision", "오사카 숙소는 난바 '호텔 미나토야'로 결정, 3박"],
      ["a decision", "Decided to renew my lease for one more year instead of moving"],
    ])("%s: %j, with actionability", (_kind, text) => {
      const decision = decide(text);
      expect(decision.keep).toBe(true);
      expect(decision.breakdown.actionability).toBeGreaterThan(0);
    });

    it("an update of a memory: a new value, or a fact that no longer holds", () => {
      const cases: Array<[string, string]> = [
        ["솜이 몸무게 1.4kg 됨.. 살 좀 쪘대", "솜이 몸무게 1.2kg"],
        ["워터글로우 launch 3월 26일로 밀림", "봄 신제품 '워터글로우 세럼' launch date 3월 19일"],
        ["도준이 계란 알레르기 이제 괜찮대요, 재검사 음성 나왔어요", "도준이 계란 알레르기 있어요"],
        ["On-call 로테이션 바뀜, 이제 매달 넷째 주", "On-call은 매달 둘째 주가 내 차례"],
        ["Standup moved to 9pm KST", "Daily standup is at 10pm KST (8am Boston)"],
      ];
      for (const [text, memory] of cases) {
        // Even a cosine over the threshold: a new value is an update.
        const decision = decide(text, { neighbours: [makeNeighbour(memory, 0.9)] });
        expect(decision, text).toMatchObject({ keep: true, reason: "update" });
        expect(decision.breakdown.novelty).toBe(1);
      }
    });

    it("everything but secrets when the filter is off", () => {
      expect(decide("ㅋㅋㅋ", {}, { enabled: false })).toMatchObject({
        keep: true,
        reason: "filter_disabled",
      });
    });
  });

  describe("the score", () => {
    it("is the weighted sum of its breakdown, each signal within 0–1", () => {
      const decision = decide("부모님 용돈 매달 25일에 30만원씩 보내드리기로 함", {
        topics: [{ label: "family", confidence: 0.85 }],
        activeTopics: ["family"],
      });
      const b = decision.breakdown;
      for (const value of Object.values(b)) expect(value).toBeGreaterThanOrEqual(0);
      for (const value of Object.values(b)) expect(value).toBeLessThanOrEqual(1);
      const sum =
        0.5 * b.density + 0.2 * b.novelty + 0.1 * b.relevance + 0.15 * b.actionability + 0.05 * b.recency;
      expect(decision.score).toBeCloseTo(sum, 2);
      expect(b.relevance).toBeCloseTo(0.85, 2);
    });

    it("counts a topic the user has not used yet at less than an active one", () => {
      const text = "배드민턴 클럽 수요일 저녁 8시";
      const topics = [{ label: "hobby", confidence: 0.85 }];
      const active = decide(text, { topics, activeTopics: ["hobby"] }).breakdown.relevance;
      const inactive = decide(text, { topics, activeTopics: ["work"] }).breakdown.relevance;
      expect(inactive).toBeLessThan(active);
    });

    it("halves recency every 30 days of the message's age", () => {
      const old = decide("승우 생일 5월 27일", { messageTime: NOW - 30 * 86_400_000 });
      expect(old.breakdown.recency).toBeCloseTo(0.5, 3);
    });

    it("keeps nothing without lasting content, however new and on-topic", () => {
      const decision = new ContentFilter(DEFAULT_FILTER_CONFIG).decide(
        makeFilterInput("공연 끝났다 ㅠㅠ 목 다 쉼", {
          topics: [{ label: "hobby", confidence: 1 }],
          activeTopics: ["hobby"],
        }),
      );
      expect(decision).toMatchObject({ keep: false, reason: "low_score" });
      expect(decision.breakdown.density).toBe(0);
    });
  });

  it("cuts a message to max_length and says so", () => {
    const decision = decide(`승우 생일 5월 27일 ${"가".repeat(50)}`, {}, { max_length: 20 });
    expect(decision.truncated).toBe(true);
    expect([...decision.text]).toHaveLength(20);
  });
});
