/** Text factories for the chunker tests: deterministic, Korean and English, with varied sentence ends. */
import { expect } from "vitest";
import type { Chunk } from "../../src/memory/chunking/chunker.js";
import { cl100kTokenCounter } from "../../src/text/token-counter.js";
import { parseMemoryConfig } from "../../src/config/load-memory-config.js";
import type { ChunkerConfig } from "../../src/memory/chunking/chunker.js";

/** Five sentences about a dog's visit to the vet, in Korean. */
export const DOG_VISIT = [
  "우리 강아지 또리가 귀를 계속 긁어서 어제 동물병원에 갔다.",
  "동물병원 수의사 선생님이 강아지 또리의 귀를 보고 외이도염이라고 했다.",
  "동물병원 수의사 선생님이 강아지 또리에게 귀 세정제와 약을 처방해 주었다.",
  "강아지 또리는 동물병원에서 수의사 선생님에게 주사를 맞을 때 떨었지만 잘 참았다.",
  "일주일 뒤에 강아지 또리의 귀를 수의사 선생님이 다시 보도록 동물병원에 간다.",
];

/** Five sentences about a database migration, in Korean. */
export const DB_MIGRATION = [
  "이번 주말에 운영 데이터베이스를 PostgreSQL 16으로 마이그레이션한다.",
  "마이그레이션 전에 데이터베이스 전체 백업을 받고 복구 테스트를 한다.",
  "데이터베이스 스키마 변경은 마이그레이션 스크립트로 한 번에 적용한다.",
  "마이그레이션 중에는 서비스를 점검 모드로 바꾸고 데이터베이스 쓰기를 막는다.",
  "마이그레이션이 끝나면 데이터베이스 쿼리 성능을 비교해서 보고한다.",
];

const SUBJECTS = ["민지는", "또리가", "팀장님이", "우리 가족은", "김 대리가", "아내가", "친구들이"];
const PLACES = ["회사", "광화문 한정식집", "동물병원", "부산 본사", "집 근처 카페", "치과", "주차장 B2"];
const OBJECTS = ["보고서를", "예약을", "약을", "회의록을", "선물을", "계약서를", "사진을"];
/** Predicates with every Korean sentence ending the chunker knows: 다. 요. 죠. 까? 니다. 음. 함. */
export const KOREAN_PREDICATES = [
  "챙겼다.",
  "확인했어요.",
  "끝냈죠.",
  "받았을까?",
  "전달했습니다.",
  "정리했음.",
  "완료함.",
];

/** The i-th Korean sentence (20–30 cl100k tokens). */
export function koreanSentence(i: number): string {
  const pick = <T>(list: T[], k: number): T => list[k % list.length]!;
  // The predicate follows another cycle than the rest, so chunk ends meet every ending.
  const predicate = pick(KOREAN_PREDICATES, i + Math.floor(i / 7) * 3);
  return `${pick(SUBJECTS, i)} ${pick(PLACES, i * 3 + 1)}에서 ${pick(OBJECTS, i * 5 + 2)} ${predicate}`;
}

const EN_SUBJECTS = ["Minji", "The team lead", "Our vet", "The new intern", "My neighbour", "The landlord"];
const EN_VERBS = ["booked", "moved", "cancelled", "confirmed", "paid for", "forgot about"];
const EN_OBJECTS = [
  "the dentist appointment",
  "the database migration",
  "a table for six",
  "the parking spot",
];
const EN_ENDS = [".", "!", "?", "."];

/** The i-th English sentence; some contain `Mr.`, `e.g.` or a version number, which end nothing. */
export function englishSentence(i: number): string {
  const pick = <T>(list: T[], k: number): T => list[k % list.length]!;
  const extra =
    i % 5 === 0 ? " with Mr. Kim" : i % 7 === 0 ? " (e.g. on Friday)" : i % 11 === 0 ? " for v2.3" : "";
  return `${pick(EN_SUBJECTS, i)} ${pick(EN_VERBS, i * 7 + 1)} ${pick(EN_OBJECTS, i * 3 + 2)}${extra}${pick(EN_ENDS, i)}`;
}

/**
 * A text of `sentences` sentences, Korean and English mixed (two Korean, one English), with a
 * paragraph break every `paragraph` sentences and a line break now and then.
 */
export function mixedText(sentences: number, paragraph = 9): string {
  let out = "";
  for (let i = 0; i < sentences; i++) {
    out += i % 3 === 2 ? englishSentence(i) : koreanSentence(i);
    if ((i + 1) % paragraph === 0) out += "\n\n";
    else if ((i + 1) % 4 === 0) out += "\n";
    else out += " ";
  }
  return out.trim();
}

/** `[memory.chunker]` with the defaults and `overrides`. */
export function chunkerConfig(overrides: Partial<ChunkerConfig> = {}): ChunkerConfig {
  return { ...parseMemoryConfig("").memory.chunker, ...overrides };
}

const SPACE = /\s/u;

/** Is `offset` between two words of `text` (or at an end)? */
export function atWordBoundary(text: string, offset: number): boolean {
  return offset === 0 || offset === text.length || SPACE.test(text[offset - 1]!) || SPACE.test(text[offset]!);
}

/**
 * What every chunk list must be: in order, indexed 0…, each `text` the input's slice at its offsets,
 * trimmed, at most `maxTokens` real cl100k tokens (and `tokens` that count), covering every non-space
 * character of the input.
 */
export function expectWellFormed(input: string, chunks: Chunk[], maxTokens: number): void {
  let covered = 0;
  chunks.forEach((chunk, i) => {
    expect(chunk.index).toBe(i);
    expect(chunk.text).toBe(input.slice(chunk.start, chunk.end));
    expect(chunk.text).toBe(chunk.text.trim());
    expect(chunk.text.length).toBeGreaterThan(0);
    expect(chunk.tokens, `chunk ${i}`).toBe(cl100kTokenCounter.count(chunk.text));
    expect(chunk.tokens, `chunk ${i}`).toBeLessThanOrEqual(maxTokens);
    // No gap: whatever lies between the covered part and this chunk is whitespace.
    expect(input.slice(covered, chunk.start).trim(), `gap before chunk ${i}`).toBe("");
    expect(chunk.start).toBeGreaterThanOrEqual(i === 0 ? 0 : chunks[i - 1]!.start + 1);
    covered = Math.max(covered, chunk.end);
  });
  expect(input.slice(covered).trim()).toBe("");
}
