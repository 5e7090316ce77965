/**
 * Deterministic synthetic memories in Korean and English (phone numbers, dates, names, shops, pets,
 * work notes), each with a few natural questions that it answers, for the recall and ingest benchmarks.
 */
import { hasBatchim, lastChar } from "../../../src/text/korean.js";
import type { Rng } from "./prng.js";
import * as V from "./synthetic-vocab.js";

/** One generated memory and questions a user might ask to recall it. */
export interface SyntheticMemory {
  text: string;
  questions: string[];
}

type Template = (rng: Rng) => SyntheticMemory;

const pad2 = (n: number): string => String(n).padStart(2, "0");
const digits = (rng: Rng, n: number): string => Array.from({ length: n }, () => rng.int(0, 9)).join("");
const koreanName = (rng: Rng): string => rng.pick(V.FAMILY_NAMES) + rng.pick(V.GIVEN_NAMES);
/** 은 after a final consonant, 는 after a vowel. */
const topicParticle = (word: string): string => (hasBatchim(lastChar(word)) ? "은" : "는");
/** 이랑 after a final consonant, 랑 after a vowel. */
const withParticle = (word: string): string => (hasBatchim(lastChar(word)) ? "이랑" : "랑");
const won = (rng: Rng): string => (rng.int(1, 400) * 1000).toLocaleString("en-US");

const TEMPLATES: readonly Template[] = [
  (rng) => {
    const name = koreanName(rng);
    const tail = digits(rng, 4);
    return {
      text: `${name} 전화번호는 010-${digits(rng, 4)}-${tail}`,
      questions: [`${name} 전화번호 뭐였지?`, `${tail}로 끝나는 번호 누구야?`],
    };
  },
  (rng) => {
    const pet = rng.pick(V.PET_NAMES);
    const species = rng.pick(V.SPECIES);
    const [m, d] = [rng.int(1, 12), rng.int(1, 28)];
    return {
      text: `우리 ${species.ko} ${pet} 생일은 ${m}월 ${d}일`,
      questions: [`${pet} 생일 언제야?`, `${species.ko} 생일이 며칠이었지?`],
    };
  },
  (rng) => {
    const shop = rng.pick(V.SHOPS);
    const item = rng.pick(V.ITEMS);
    return {
      text: `${shop}에서 ${item.ko} ${won(rng)}원에 샀음`,
      questions: [`${shop}에서 뭐 샀지?`, `${item.ko} 얼마 주고 샀더라?`],
    };
  },
  (rng) => {
    const name = koreanName(rng);
    const place = rng.pick(V.PLACES);
    const [m, d, h] = [rng.int(1, 12), rng.int(1, 28), rng.int(9, 21)];
    return {
      text: `${name}${withParticle(name)} ${m}월 ${d}일 ${h}시에 ${place}에서 만나기로 함`,
      questions: [`${name} 언제 만나기로 했지?`, `${place} 약속 몇 시야?`],
    };
  },
  (rng) => {
    const room = rng.int(201, 1203);
    const code = `${rng.pick(V.PROJECTS).toLowerCase()}${digits(rng, 4)}`;
    return {
      text: `${room}호 회의실 와이파이 비밀번호 ${code}`,
      questions: [`${room}호 와이파이 비번 뭐야?`, "회의실 wifi password"],
    };
  },
  (rng) => {
    const relation = rng.pick(V.RELATIONS);
    const food = rng.pick(V.FOODS);
    return {
      text: `${relation}${topicParticle(relation)} ${food} 알레르기 있음 — 식당 고를 때 주의`,
      questions: [`${relation} 알레르기 뭐였지?`, `${food} 못 먹는 사람 누구?`],
    };
  },
  (rng) => {
    const project = rng.pick(V.PROJECTS);
    const topic = rng.pick(V.WORK_TOPICS);
    const name = koreanName(rng);
    const [m, d] = [rng.int(1, 12), rng.int(1, 28)];
    return {
      text: `${project} ${topic.ko} ${m}/${d} 마감, 담당 ${name}`,
      questions: [`${project} ${topic.ko} 마감 언제?`, `${project} 담당자 누구야?`],
    };
  },
  (rng) => {
    const plate = `${rng.int(10, 399)}${rng.pick(["가", "나", "다", "라", "마", "거", "너", "더"])} ${digits(rng, 4)}`;
    return {
      text: `새 차 번호판 ${plate}, 주차는 B${rng.int(1, 5)} ${rng.pick(["A", "B", "C", "D"])}-${rng.int(1, 40)}`,
      questions: ["차 번호 뭐였지?", "주차 어디에 했어?"],
    };
  },
  (rng) => {
    const name = rng.pick(V.ENGLISH_NAMES);
    const tail = digits(rng, 4);
    return {
      text: `${name}'s phone number is +1 ${digits(rng, 3)}-${digits(rng, 3)}-${tail}`,
      questions: [`what is ${name}'s phone number`, `whose number ends in ${tail}`],
    };
  },
  (rng) => {
    const month = rng.pick(V.MONTHS_EN);
    const day = rng.int(1, 28);
    const hour = rng.int(8, 18);
    return {
      text: `Dentist appointment on ${month} ${day} at ${hour}:${pad2(rng.pick([0, 15, 30, 45]))}`,
      questions: ["when is my dentist appointment", `치과 예약 ${month}에 있었나?`],
    };
  },
  (rng) => {
    const city = rng.pick(V.CITIES);
    const code = `${rng.pick(["KE", "OZ", "7C", "LJ", "TW", "JL", "SQ"])}${rng.int(100, 1999)}`;
    return {
      text: `Flight ${code} to ${city} departs ${rng.int(1, 12)}/${rng.int(1, 28)} ${pad2(rng.int(0, 23))}:${pad2(rng.int(0, 59))}`,
      questions: [`flight to ${city}`, `${code} 몇 시 출발이야?`],
    };
  },
  (rng) => {
    const project = rng.pick(V.PROJECTS);
    const topic = rng.pick(V.WORK_TOPICS);
    const name = rng.pick(V.ENGLISH_NAMES);
    return {
      text: `${project} ${topic.en} moved to ${rng.pick(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])} ${rng.int(9, 17)}:00; owner ${name}`,
      questions: [`when is the ${project} ${topic.en}`, `who owns ${project}`],
    };
  },
  (rng) => {
    const shop = rng.pick(V.SHOPS);
    const item = rng.pick(V.ITEMS);
    return {
      text: `Ordered ${item.en} from ${shop} for $${rng.int(5, 400)}, order #${digits(rng, 8)}`,
      questions: [`what did I order from ${shop}`, `${item.en} order number`],
    };
  },
  (rng) => {
    const pet = rng.pick(V.PET_NAMES);
    const species = rng.pick(V.SPECIES);
    return {
      text: `${pet} the ${species.en} needs heartworm medicine every ${rng.int(2, 6)} weeks`,
      questions: [`${pet} medicine schedule`, `${pet} 약 언제 먹여야 해?`],
    };
  },
  (rng) => {
    const name = koreanName(rng);
    const [m, d] = [rng.int(1, 12), rng.int(1, 28)];
    const venue = `${rng.pick(V.PLACES)} ${rng.pick(["더채플", "라움", "그랜드볼룸", "아펠가모"])}`;
    return {
      text: `${name} 결혼식 ${m}월 ${d}일 토요일 ${venue}, 축의금 ${rng.pick(["5만", "10만", "20만"])}원`,
      questions: [`${name} 결혼식 어디야?`, "축의금 얼마 하기로 했지?"],
    };
  },
  (rng) => {
    const hobby = rng.pick(V.HOBBIES);
    const weekday = rng.pick(["월", "화", "수", "목", "금", "토"]);
    return {
      text: `${hobby} ${weekday}요일 저녁 ${rng.int(6, 9)}시 반, 월 ${won(rng)}원`,
      questions: [`${hobby} 무슨 요일이야?`, `${hobby} 회비 얼마?`],
    };
  },
  (rng) => {
    const topic = rng.pick(V.WORK_TOPICS);
    const project = rng.pick(V.PROJECTS);
    return {
      text: `${topic.ko} 결과: ${project} 팀 Q${rng.int(1, 4)} 목표 ${rng.int(60, 130)}% 달성, 다음 액션 아이템 ${rng.int(2, 9)}개`,
      questions: [`${project} 목표 달성률`, `${topic.ko} 결과 어땠지?`],
    };
  },
  (rng) => {
    const name = koreanName(rng);
    const account = `${digits(rng, 3)}-${digits(rng, 6)}-${digits(rng, 2)}-${digits(rng, 3)}`;
    return {
      text: `${name} 계좌 ${rng.pick(["국민은행", "신한은행", "우리은행", "하나은행", "카카오뱅크", "토스뱅크"])} ${account}`,
      questions: [`${name} 계좌번호 알려줘`, `${account.slice(-3)}으로 끝나는 계좌`],
    };
  },
];

/** Generates `count` memories; the same rng state always yields the same list. */
export function generateMemories(rng: Rng, count: number): SyntheticMemory[] {
  const out: SyntheticMemory[] = [];
  for (let i = 0; i < count; i++) {
    const memory = rng.pick(TEMPLATES)(rng);
    out.push({ ...memory, text: `${rng.pick(V.KO_PREFIXES)}${memory.text}${rng.pick(V.KO_SUFFIXES)}` });
  }
  return out;
}

/** Share of benchmark queries about things never stored. */
export const UNANSWERABLE_SHARE = 0.2;

/**
 * `count` queries: most are questions answered by one of `answerable` (pick memories every benchmark
 * size holds, so the same queries run at every size), the rest ({@link UNANSWERABLE_SHARE}) ask about
 * things never stored.
 */
export function generateQueries(rng: Rng, answerable: readonly SyntheticMemory[], count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (rng.chance(UNANSWERABLE_SHARE)) out.push(rng.pick(V.UNANSWERABLE_QUERIES));
    else out.push(rng.pick(rng.pick(answerable).questions));
  }
  return out;
}
