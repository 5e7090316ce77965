import { describe, expect, it } from "vitest";
import { OTHER_NAME_COVERAGE_WEIGHT } from "../../src/memory/search/query-words.js";
import { MIN_KEYWORD_COVERAGE } from "../../src/memory/search/hybrid-ranking.js";
import {
  AROUND_SCAN,
  COMMON_TERM_MIN_DF,
  KeywordIndex,
  KeywordIndexRegistry,
  MAX_QUERY_TERMS,
  type KeywordDoc,
} from "../../src/memory/search/keyword-index.js";

const makeDoc = (overrides: Partial<KeywordDoc> & Pick<KeywordDoc, "id" | "text">): KeywordDoc => ({
  timestamp: 1_700_000_000_000,
  channelId: "D1",
  channelType: "im",
  ...overrides,
});

describe("KeywordIndex", () => {
  it("ranks the memory sharing the query's words first, across particles and spacing", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "m1", text: "또리 생일 8월 9일이야" }),
      makeDoc({ id: "m2", text: "결혼정장 업체명: 테일러온, 전화번호: 0507-1432-8816" }),
      makeDoc({ id: "m3", text: "또리 사료는 로얄캐닌" }),
    ]);
    expect(index.size).toBe(3);
    expect(index.search("또리의 생일이 언제야?", { limit: 5 })[0]?.id).toBe("m1");
    expect(index.search("결혼 정장 업체", { limit: 5 })[0]?.id).toBe("m2");
    expect(index.search("8816으로 끝나는 번호", { limit: 5 })[0]?.id).toBe("m2");
  });

  it("reports coverage: 1 when every query term is in the doc, low when a word is unknown", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "m1", text: "서아 생일 5월 19일" }),
      makeDoc({ id: "m2", text: "하준 태권도" }),
    ]);
    const [hit] = index.search("서아 생일", { limit: 1 });
    expect(hit?.coverage).toBeCloseTo(1, 10);
    expect(hit?.matchedTerms.sort()).toEqual(["생일", "서아"]);
    const [partial] = index.search("예린이 생일", { limit: 1 });
    expect(partial?.id).toBe("m1");
    expect(partial?.coverage).toBeLessThan(0.5);
  });

  it("covers a question whose predicate noun has its light verb glued on, whatever the verb's form", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "m1", text: "세탁소 코트 드라이 맡김, 토요일 찾기" }),
      makeDoc({ id: "m2", text: "보일러 점검 신청함 수요일 오전" }),
      makeDoc({ id: "m3", text: "보일러 교체 견적 80만" }),
    ]);
    // Before, the verb's bigrams (청해, 해뒀, 뒀던) counted as words of the question no note holds.
    const [hit] = index.search("보일러 점검 언제로 신청해뒀던가?", { limit: 3 });
    expect(hit?.id).toBe("m2");
    expect(hit?.coverage).toBeCloseTo(1, 10);
    expect(hit!.coverage).toBeGreaterThanOrEqual(MIN_KEYWORD_COVERAGE);
  });

  it("replaces a doc added again with the same id", () => {
    const index = new KeywordIndex();
    index.add([makeDoc({ id: "m1", text: "사과 주스" })]);
    index.add([makeDoc({ id: "m1", text: "포도 주스" })]);
    expect(index.size).toBe(1);
    expect(index.search("사과", { limit: 5 })).toEqual([]);
    expect(index.search("포도", { limit: 5 }).map((h) => h.id)).toEqual(["m1"]);
    expect(index.get("m1")?.text).toBe("포도 주스");
  });

  it("removes docs by id and all at once", () => {
    const index = new KeywordIndex();
    index.add([makeDoc({ id: "m1", text: "사과 주스" }), makeDoc({ id: "m2", text: "사과 파이" })]);
    index.remove(["m1", "unknown"]);
    expect(index.search("사과", { limit: 5 }).map((h) => h.id)).toEqual(["m2"]);
    expect(index.idf("주스")).toBeCloseTo(Math.log(1 + 1.5 / 0.5), 10);
    index.removeAll();
    expect(index.size).toBe(0);
    expect(index.search("사과", { limit: 5 })).toEqual([]);
  });

  it("applies the filter before the limit", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "dm", text: "회의 일정", channelType: "im", channelId: "D1" }),
      makeDoc({ id: "ch", text: "회의 일정 공유", channelType: "channel", channelId: "C9" }),
    ]);
    const hits = index.search("회의 일정", { limit: 1, filter: (doc) => doc.channelId === "C9" });
    expect(hits.map((h) => h.id)).toEqual(["ch"]);
  });

  it("treats a term in more than COMMON_TERM_MIN_DF docs as a stop word of the index", () => {
    const index = new KeywordIndex();
    const count = COMMON_TERM_MIN_DF + 1;
    index.add(
      Array.from({ length: count }, (_, i) =>
        makeDoc({ id: `n${i}`, text: `${i}번 메모의 번호는 ${1000 + i}` }),
      ),
    );
    index.add([makeDoc({ id: "passport", text: "여권 번호 M12345678" })]);
    // 번호 (and 메모, 모의) are in every generated doc: alone they find nothing ...
    expect(index.search("번호 뭐였지?", { limit: 5 })).toEqual([]);
    // ... next to a distinctive term they no longer pull in a thousand docs, and coverage still counts them.
    const hits = index.search("여권 번호 뭐였지?", { limit: 5 });
    expect(hits.map((h) => h.id)).toEqual(["passport"]);
    expect(hits[0]?.matchedTerms).toEqual(expect.arrayContaining(["여권", "번호"]));
    expect(hits[0]?.coverage).toBeCloseTo(1, 10);
    // Below the threshold the same term is an ordinary one.
    const small = new KeywordIndex();
    small.add([makeDoc({ id: "a", text: "전화 번호 0101" }), makeDoc({ id: "b", text: "차 번호 12가3456" })]);
    expect(
      small
        .search("번호", { limit: 5 })
        .map((h) => h.id)
        .sort(),
    ).toEqual(["a", "b"]);
  });

  it("scores a long query on its MAX_QUERY_TERMS rarest terms", () => {
    // Letters-only words, so each is one term: "baaa", "baab", …
    const word = (i: number) =>
      `b${[2, 1, 0].map((p) => String.fromCharCode(97 + (Math.floor(i / 26 ** p) % 26))).join("")}`;
    const index = new KeywordIndex();
    index.add([makeDoc({ id: "target", text: "zebra" })]);
    for (let i = 0; i < 300; i += 1) {
      index.add([makeDoc({ id: `a${i}`, text: word(i) }), makeDoc({ id: `b${i}`, text: word(i) })]);
    }
    // 300 terms in two docs each, and the one term in a single doc last.
    const query = [...Array.from({ length: 300 }, (_, i) => word(i)), "zebra"].join(" ");
    const hits = index.search(query, { limit: 1_000 });
    expect(hits[0]?.id).toBe("target");
    expect(hits).toHaveLength(1 + 2 * (MAX_QUERY_TERMS - 1));
  });

  it("finds a name or loanword written in the other script, and counts it toward coverage", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "en", text: "Kevin moved to Berlin in spring" }),
      makeDoc({ id: "ko", text: "케빈 생일은 11월 2일" }),
      makeDoc({ id: "other", text: "Bowling on Friday with the team" }),
    ]);
    const [hit] = index.search("베를린", { limit: 5 });
    expect(hit?.id).toBe("en");
    expect(hit?.coverage).toBeCloseTo(1, 10);
    expect(index.search("케빈 베를린", { limit: 5 }).map((h) => h.id)).toEqual(["en", "ko"]);
    const [ko] = index.search("Kevin ski", { limit: 5 }).filter((h) => h.id === "ko");
    expect(ko?.matchedTerms).toEqual(["kevin"]);
    expect(index.search("바다", { limit: 5 })).toEqual([]); // body, bowling: no word of its sound
  });

  it("finds an ordinal written in digits or in words, and counts it toward coverage", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "digits", text: "2nd violin: Jun from March" }),
      makeDoc({ id: "word", text: "Third floor, the door by the stairs" }),
      makeDoc({ id: "other", text: "Violin lessons on Monday" }),
    ]);
    const [second] = index.search("second violin", { limit: 5 });
    expect(second).toMatchObject({ id: "digits", matchedTerms: ["second", "violin"] });
    expect(second?.coverage).toBeCloseTo(1, 10);
    expect(index.search("3rd floor", { limit: 5 }).map((h) => h.id)).toEqual(["word"]);
    // Only first to tenth: a 21st birthday is no ordinal in words here.
    expect(index.search("21st", { limit: 5 })).toEqual([]);
  });

  it("finds the notes that say one moved for a question about one's home, and counts no coverage for them", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "old", text: "기숙사 B동 214호 살고 있음" }),
      makeDoc({ id: "ko", text: "이사 끝!! 성북구 보문로 12, 402호" }),
      makeDoc({ id: "en", text: "finally moved into a flat in Mapo" }),
      makeDoc({ id: "other", text: "치과 예약 화요일 3시" }),
    ]);
    const hits = index.search("내 주소 뭐였지", { limit: 5 });
    expect(hits.map((h) => h.id).sort()).toEqual(["en", "ko"]);
    expect(hits.every((h) => h.coverage === 0)).toBe(true);
    // Not for a question about something else.
    expect(index.search("치과 예약 언제", { limit: 5 }).map((h) => h.id)).toEqual(["other"]);
  });

  it("finds the notes that say a workplace moved for a question about where it is", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "old", text: "회사 주소 종로구 삼일대로 30, 9층" }),
      makeDoc({ id: "ko", text: "사무실 을지로로 이전 완료" }),
      makeDoc({ id: "en", text: "the office moved to Euljiro last week" }),
      makeDoc({ id: "other", text: "치과 예약 화요일 3시" }),
    ]);
    const hits = index.search("회사 어디였지", { limit: 5 });
    expect(hits.map((h) => h.id).sort()).toEqual(["en", "ko", "old"]);
    // Not for a question about something else.
    const other = index.search("치과 예약 언제", { limit: 5 }).map((h) => h.id);
    expect(other[0]).toBe("other");
    expect(other).not.toContain("ko");
  });

  it("finds a compound of two loanwords written in the other script as two words, and the other way", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "ko", text: "피아노레슨 월 16만원, 토요일 오전" }),
      makeDoc({ id: "en", text: "piano lesson fee went up to 180k" }),
      makeDoc({ id: "other", text: "도서관 열람실 자리 예약함" }),
    ]);
    expect(
      index
        .search("피아노레슨 한 달에 얼마야", { limit: 5 })
        .map((h) => h.id)
        .sort(),
    ).toEqual(["en", "ko"]);
    expect(index.search("how much is the piano lesson?", { limit: 5 }).map((h) => h.id)).toContain("ko");
  });

  it("finds a romanised Korean name that begins with a glide or holds ng before a vowel", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "yerim", text: "예림 졸업식 2월 14일" }),
      makeDoc({ id: "bongi", text: "봉이 산책은 저녁 7시" }),
      makeDoc({ id: "move", text: "팀 이동은 다음 달" }),
    ]);
    const [yerim] = index.search("Yerim", { limit: 5 });
    expect(yerim).toMatchObject({ id: "yerim", matchedTerms: ["yerim"] });
    expect(index.search("When does Bongi walk?", { limit: 5 }).map((h) => h.id)).toEqual(["bongi"]);
    // wedding is 웨딩, and meets no 이 word (이동) by its sound.
    expect(index.search("wedding", { limit: 5 })).toEqual([]);
  });

  it("looks up a Korean word's other names by the word itself, not only by its stem (고양이, not 고양)", () => {
    const index = new KeywordIndex();
    index.add([makeDoc({ id: "kitten", text: "Kitten checkup on Friday" })]);
    expect(index.search("고양이", { limit: 5 }).map((h) => h.id)).toEqual(["kitten"]);
    expect(index.search("고양이는?", { limit: 5 }).map((h) => h.id)).toEqual(["kitten"]);
  });

  it("finds a word written by another name of the same thing, and counts it in part toward coverage", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "flight", text: "Flight to Osaka leaves at 07:40" }),
      makeDoc({ id: "gym", text: "Gym on Wed and Sat" }),
      makeDoc({ id: "ext", text: "내선 2210, 급하면 메신저" }),
    ]);
    const [flight] = index.search("비행기", { limit: 5 });
    expect(flight?.id).toBe("flight");
    expect(flight?.matchedTerms).toEqual(["비행", "행기"]);
    expect(flight?.coverage).toBeCloseTo(OTHER_NAME_COVERAGE_WEIGHT, 10); // another name: half the evidence
    // "wed", the stem of wedding, is also Wednesday's: compared between notes, never searched for.
    expect(index.search("결혼식", { limit: 5 })).toEqual([]);
    // A short form inside the query's word (내선 of 내선번호) counts as the part it is.
    const [ext] = index.search("내선번호", { limit: 5 });
    expect(ext?.id).toBe("ext");
    expect(ext?.coverage).toBeLessThan(1);
  });

  it("finds an English phrase of the lexicon by its other name, and the other name by the phrase", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "bp", text: "my blood pressure was 128 over 82 this morning" }),
      makeDoc({ id: "pressure", text: "tire pressure checked at the gas station" }),
      makeDoc({ id: "off", text: "빵집 휴무 일요일" }),
    ]);
    // 혈압 is "blood pressure": both words of the phrase hold it, "pressure" alone does not.
    const [bp, pressure] = index.search("혈압", { limit: 5 });
    expect(bp?.id).toBe("bp");
    expect(bp?.coverage).toBeGreaterThanOrEqual(MIN_KEYWORD_COVERAGE);
    expect(pressure?.coverage ?? 0).toBeLessThan(MIN_KEYWORD_COVERAGE);
    expect(index.search("bakery day off?", { limit: 5 }).map((hit) => hit.id)).toEqual(["off"]);
  });

  it("finds a part of the day or a day next to today by its name in the other language", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "ko", text: "오늘 아침 체중 71.2kg" }),
      makeDoc({ id: "en", text: "took the recycling out yesterday" }),
    ]);
    const [weight] = index.search("my weight this morning?", { limit: 5 });
    expect(weight?.id).toBe("ko");
    expect(weight?.coverage).toBeGreaterThanOrEqual(MIN_KEYWORD_COVERAGE);
    expect(index.search("어제 분리수거", { limit: 5 })[0]?.id).toBe("en");
  });

  it("asks for a number in the other language by its other name (번호 / number), enough to clear the gate", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "landlord", text: "my landlord's phone number is 010-7310-2284" }),
      makeDoc({ id: "plumber", text: "plumber came on Tuesday" }),
    ]);
    const [hit, ...rest] = index.search("집주인 번호 뭐야?", { limit: 5 });
    expect(hit?.id).toBe("landlord");
    expect(rest).toEqual([]);
    expect(hit?.coverage).toBeGreaterThanOrEqual(MIN_KEYWORD_COVERAGE);
  });

  it("finds a kinship word in the other language, where the languages cut the family differently", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "younger", text: "여동생 졸업 연주회 11월 2일" }),
      makeDoc({ id: "older", text: "누나 이사 날짜 3월 초" }),
      makeDoc({ id: "aunt", text: "my aunt runs a bakery in Daegu" }),
      makeDoc({ id: "mom", text: "엄마 정기검진 목요일" }),
    ]);
    // "sister" is 여동생 or 누나 (or 언니): both are found, and 엄마 is not.
    expect(
      index
        .search("sister", { limit: 5 })
        .map((h) => h.id)
        .sort(),
    ).toEqual(["older", "younger"]);
    const [aunt, ...rest] = index.search("이모 빵집", { limit: 5 });
    expect(aunt?.id).toBe("aunt");
    expect(rest).toEqual([]);
    // Searching only: 여동생 is not found by 누나, two people of the same language.
    expect(index.search("누나", { limit: 5 }).map((h) => h.id)).toEqual(["older"]);
  });

  it("finds what one wears asked in the other language (shoes / 신발, size / 사이즈)", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "shoes", text: "등산할 때 신는 신발 사이즈 270" }),
      makeDoc({ id: "lunch", text: "점심은 회사 앞 국숫집" }),
    ]);
    const [hit, ...rest] = index.search("what size hiking shoes?", { limit: 5 });
    expect(hit?.id).toBe("shoes");
    expect(rest).toEqual([]);
    expect(hit?.matchedTerms).toEqual(expect.arrayContaining(["size", "shoe"]));
  });

  it("finds a parking spot and a car's plate asked in the other language (parking / 주차, plate / 번호판)", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "spot", text: "회사 주차 자리 B3-02" }),
      makeDoc({ id: "plate", text: "새 차 번호판 56다 1234" }),
      makeDoc({ id: "lunch", text: "점심은 회사 앞 국숫집" }),
    ]);
    expect(index.search("my parking spot?", { limit: 5 })[0]?.id).toBe("spot");
    expect(index.search("car plate?", { limit: 5 })[0]?.id).toBe("plate");
  });

  it("finds a short loanword whose sound key is too short to search by, through the lexicon (요가 / yoga)", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "yoga", text: "yoga moved to Fridays" }),
      makeDoc({ id: "lunch", text: "점심은 회사 앞 국숫집" }),
    ]);
    expect(index.search("요가 언제야?", { limit: 5 }).map((hit) => hit.id)).toEqual(["yoga"]);
  });

  it("counts a weekday written short (월수금, 화목으로, 일욜) as holding what '무슨 요일' asks", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "short", text: "탁구 화목으로 옮김" }),
      makeDoc({ id: "colloquial", text: "탁구 일욜 오전" }),
      makeDoc({ id: "other", text: "탁구 라켓 새로 삼" }),
    ]);
    const coverage = new Map(
      index.search("탁구 무슨 요일이야?", { limit: 5 }).map((h) => [h.id, h.coverage]),
    );
    expect(coverage.get("short")).toBe(1);
    expect(coverage.get("colloquial")).toBe(1);
    expect(coverage.get("other")).toBeLessThan(1);
    // Asked otherwise, a weekday is no word of the question.
    const plain = new Map(index.search("탁구 어디서 쳐?", { limit: 5 }).map((h) => [h.id, h.matchedTerms]));
    expect(plain.get("short")).not.toContain("요일");
  });

  it("counts a phone number as holding what '번호' / 'number' asks, in a note of the thing asked about", () => {
    const index = new KeywordIndex();
    index.add([
      makeDoc({ id: "vet", text: "our vet is Dr. Moon at Green Paw, 02-771-3408" }),
      makeDoc({ id: "salon", text: "미용실 예약 토요일 2시, 031-940-2217" }),
      makeDoc({ id: "vetday", text: "vet checkup is on June 4" }),
    ]);
    const coverage = (query: string) =>
      new Map(index.search(query, { limit: 5 }).map((h) => [h.id, h.coverage]));
    expect(coverage("vet number?").get("vet")).toBe(1);
    expect(coverage("vet phone").get("vet")).toBe(1);
    // A note of the thing without a number, or a number of another thing, is not the answer.
    expect(coverage("vet number?").get("vetday")).toBeLessThan(1);
    expect(coverage("vet number?").get("salon") ?? 0).toBe(0);
    expect(coverage("미용실 전화번호").get("salon")).toBe(1);
  });

  it("does not score a doc as longer for its words' sound keys", () => {
    const index = new KeywordIndex();
    index.add([makeDoc({ id: "word", text: "lemon" }), makeDoc({ id: "plain", text: "zzz" })]);
    const lemon = index.search("lemon", { limit: 1 })[0]!.score;
    const plain = index.search("zzz", { limit: 1 })[0]!.score; // no vowel: no sound key
    expect(lemon).toBeCloseTo(plain, 10); // one term each: same length, same idf
  });

  it("finds nothing for an empty or stop-word-only query", () => {
    const index = new KeywordIndex();
    index.add([makeDoc({ id: "m1", text: "사과" })]);
    expect(index.search("", { limit: 5 })).toEqual([]);
    expect(index.search("뭐였지?", { limit: 5 })).toEqual([]);
  });
});

describe("KeywordIndex conversation neighbours", () => {
  const MIN = 60_000;
  const at = (id: string, minute: number, channelId = "D1", channelType = "im") => ({
    id,
    text: id,
    timestamp: minute * MIN,
    channelId,
    channelType,
  });

  it("gives the docs just before and after in the same channel, within the window, whatever the order added", () => {
    const index = new KeywordIndex();
    index.add([at("c", 3), at("a", 1), at("x", 2, "C1", "channel"), at("b", 2), at("far", 30)]);
    expect(index.neighbours("b", 5 * MIN).map((d) => d.id)).toEqual(["a", "c"]);
    expect(index.neighbours("a", 5 * MIN).map((d) => d.id)).toEqual(["b"]);
    expect(index.neighbours("c", 5 * MIN).map((d) => d.id)).toEqual(["b"]); // "far" is 27 minutes on
    expect(index.neighbours("x", 5 * MIN)).toEqual([]); // alone in its channel
    expect(index.neighbours("unknown", 5 * MIN)).toEqual([]);
  });

  it("follows removals and replacements (a moved time or channel); a doc of the same instant is no neighbour", () => {
    const index = new KeywordIndex();
    index.add([at("a", 1), at("b", 2), at("c", 3), at("t2", 2)]);
    expect(index.neighbours("b", 5 * MIN).map((d) => d.id)).toEqual(["a"]); // t2: saved with b at once
    index.remove(["t2"]);
    expect(index.neighbours("b", 5 * MIN).map((d) => d.id)).toEqual(["a", "c"]);
    index.add([at("a", 10)]); // a moved after c
    expect(index.neighbours("c", 5 * MIN).map((d) => d.id)).toEqual(["b"]);
    expect(index.neighbours("a", 5 * MIN)).toEqual([]); // 7 minutes after c
    index.add([at("c", 3, "C1", "channel")]);
    expect(index.neighbours("b", 5 * MIN)).toEqual([]);
    index.removeAll();
    index.add([at("n", 1)]);
    expect(index.neighbours("n", 5 * MIN)).toEqual([]);
  });
});

describe("KeywordIndex notes around one", () => {
  const DAY = 86_400_000;
  const at = (id: string, day: number, channelId = "D1") => ({
    id,
    text: id,
    timestamp: day * DAY,
    channelId,
    channelType: "im",
  });

  it("gives the docs said before or after one in any channel, nearest first, that pass the filter", () => {
    const index = new KeywordIndex();
    index.add([at("d", 4), at("a", 1), at("c", 3, "C9"), at("b", 2), at("e", 5, "C9"), at("same", 3)]);
    const all = () => true;
    expect(index.around("c", "before", 10, all).map((d) => d.id)).toEqual(["b", "a"]);
    expect(index.around("c", "after", 10, all).map((d) => d.id)).toEqual(["d", "e"]);
    expect(index.around("c", "after", 1, all).map((d) => d.id)).toEqual(["d"]);
    expect(index.around("c", "after", 10, (doc) => doc.channelId === "C9").map((d) => d.id)).toEqual(["e"]);
    expect(index.around("unknown", "before", 10, all)).toEqual([]);
  });

  it("follows removals and replacements, and looks at a bounded number of docs", () => {
    const index = new KeywordIndex();
    index.add([at("a", 1), at("b", 2), at("c", 3)]);
    index.remove(["b"]);
    expect(index.around("c", "before", 10, () => true).map((d) => d.id)).toEqual(["a"]);
    index.add([at("a", 9)]); // a moved after c
    expect(index.around("c", "after", 10, () => true).map((d) => d.id)).toEqual(["a"]);
    index.removeAll();
    index.add(Array.from({ length: 100 }, (_, i) => at(`n${i}`, i)));
    let seen = 0;
    const hidden = () => {
      seen++;
      return false;
    };
    expect(index.around("n99", "before", 2, hidden)).toEqual([]);
    expect(seen).toBe(2 * AROUND_SCAN);
  });
});

describe("KeywordIndexRegistry", () => {
  const built = (docs: KeywordDoc[]) => async () => {
    const index = new KeywordIndex();
    index.add(docs);
    return { index, cacheable: true };
  };

  it("keeps one index per team and user, built on first use and shared while it builds", async () => {
    const registry = new KeywordIndexRegistry();
    expect(registry.peek("T1", "U1")).toBeUndefined();
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((r) => setTimeout(r, 10));
      return built([makeDoc({ id: "m1", text: "또리 생일" })])();
    };
    const [a, b] = await Promise.all([registry.load("T1", "U1", build), registry.load("T1", "U1", build)]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(registry.peek("T1", "U1")).toBe(a);
    expect(await registry.load("T1", "U1", build)).toBe(a);
    expect(builds).toBe(1);
    const other = await registry.load("T2", "U1", built([]));
    expect(other).not.toBe(a);
    expect(other.search("또리 생일", { limit: 5 })).toEqual([]);
    expect(registry.size).toBe(2);
    expect(registry.invalidate("T1", "U1")).toBe(true);
    expect(registry.peek("T1", "U1")).toBeUndefined();
  });

  it("caches nothing from a failed build, and builds again on the next use", async () => {
    const registry = new KeywordIndexRegistry();
    const failure = new Error("store down");
    await expect(registry.load("T1", "U1", () => Promise.reject(failure))).rejects.toBe(failure);
    expect(registry.peek("T1", "U1")).toBeUndefined();
    const index = await registry.load("T1", "U1", built([makeDoc({ id: "m1", text: "또리" })]));
    expect(index.size).toBe(1);
  });

  it("does not cache a build the user's memories changed during, nor a partial one", async () => {
    const registry = new KeywordIndexRegistry();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = registry.load("T1", "U1", async () => {
      await gate;
      return built([makeDoc({ id: "old", text: "옛날 것" })])();
    });
    registry.invalidate("T1", "U1");
    release();
    expect((await slow).size).toBe(1); // the caller waiting for it still gets it
    expect(registry.peek("T1", "U1")).toBeUndefined();
    const partial = await registry.load("T1", "U1", async () => ({
      index: new KeywordIndex(),
      cacheable: false,
    }));
    expect(partial.size).toBe(0);
    expect(registry.peek("T1", "U1")).toBeUndefined();
  });

  it("applies this process's changes to a cached index only, and weighs it again", async () => {
    const registry = new KeywordIndexRegistry();
    registry.update("T1", "U1", (index) => index.add([makeDoc({ id: "m1", text: "또리" })]));
    expect(registry.peek("T1", "U1")).toBeUndefined();
    const index = await registry.load("T1", "U1", built([]));
    const before = registry.bytes;
    registry.update("T1", "U1", (i) => i.add([makeDoc({ id: "m1", text: "또리 생일은 3월 2일" })]));
    expect(index.size).toBe(1);
    expect(registry.bytes).toBe(index.estimatedBytes);
    expect(registry.bytes).toBeGreaterThan(before);
  });

  it("drops the least recently used index past maxBytes, and never keeps one larger than the cache", async () => {
    const docs = (user: string) =>
      Array.from({ length: 50 }, (_, i) => makeDoc({ id: `${user}-${i}`, text: `${user} 메모 ${i}번 내용` }));
    const one = new KeywordIndex();
    one.add(docs("a"));
    const registry = new KeywordIndexRegistry({ maxBytes: Math.floor(one.estimatedBytes * 2.5) });
    await registry.load("T", "a", built(docs("a")));
    await registry.load("T", "b", built(docs("b")));
    await registry.load("T", "a", built([])); // a used again: b is now the least recently used
    await registry.load("T", "c", built(docs("c")));
    expect(registry.peek("T", "a")).toBeDefined();
    expect(registry.peek("T", "b")).toBeUndefined();
    expect(registry.peek("T", "c")).toBeDefined();
    const huge = await registry.load(
      "T",
      "d",
      built(Array.from({ length: 20 }, (_, i) => docs(`d${i}`)).flat()),
    );
    expect(huge.size).toBe(1000);
    expect(huge.estimatedBytes).toBeGreaterThan(one.estimatedBytes * 2.5);
    expect(registry.peek("T", "d")).toBeUndefined();
  });
});
