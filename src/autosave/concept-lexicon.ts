import { words } from "../text/word-list.js";
/**
 * A small Korean↔English lexicon of the commonest nouns and stance verbs people use when they tell an
 * assistant about their lives: kin, pets, food and the common allergens, money, home, work, travel,
 * likes and dislikes. Each form maps to one concept id, so that "생일" and "birthday", "싫어" and
 * "hate" meet when two messages are compared (novelty) — across languages where an embedding
 * of character n-grams cannot.
 *
 * Ordinary words of the two languages only; never a name of a person, pet, shop or place.
 */

/** concept id → its forms (Korean stems after particle stripping, English words lower-cased). */
const CONCEPTS: Readonly<Record<string, readonly string[]>> = {
  // Stance
  dislike: ["싫", "싫어", "싫어함", "싫어해", "극혐", "별로", "hate", "hates", "dislike", "dislikes"],
  like: [
    "좋아",
    "좋아함",
    "좋아해",
    "선호",
    "최애",
    "love",
    "loves",
    "like",
    "likes",
    "prefer",
    "prefers",
    "favorite",
  ],
  cant_eat: ["못먹", "안먹", "못마셔", "안마셔"],
  allergy: ["알레르기", "알러지", "allergy", "allergic", "allergies"],
  // Kin
  mother: ["엄마", "어머니", "어머님", "mom", "mother", "mum"],
  father: ["아빠", "아버지", "아버님", "dad", "father"],
  parents: ["부모님", "부모", "parents"],
  husband: ["남편", "husband"],
  wife: ["아내", "와이프", "wife"],
  son: ["아들", "son"],
  daughter: ["딸", "daughter"],
  brother: ["형", "오빠", "남동생", "brother"],
  sister: ["누나", "언니", "여동생", "sister"],
  sibling: ["동생", "sibling"],
  partner: ["남친", "여친", "남자친구", "여자친구", "애인", ...words("boyfriend girlfriend partner")],
  child: ["아이", "애들", "자녀", "kid", "kids", "child", "children"],
  twins: ["쌍둥이", "twins", "twin"],
  // Pets
  dog: ["강아지", "개", "반려견", "dog", "puppy"],
  cat: ["고양이", "냥이", "반려묘", "cat", "kitten"],
  vet: ["동물병원", "vet"],
  // Dates and contact
  birthday: ["생일", "생신", "birthday", "bday"],
  phone: ["번호", "전화번호", "연락처", "폰번호", "핸드폰", "phone", "number", "contact"],
  address: ["주소", "address"],
  // Body and health
  hospital: ["병원", "의원", "hospital", "clinic"],
  doctor: ["의사", "doctor"],
  medicine: ["약", "medicine", "medication", "pill", "pills"],
  weight: ["몸무게", "체중", "weight"],
  height: ["키", "height"],
  surgery: ["수술", "surgery", "operation"],
  // Food and the common allergens
  food: ["음식", "food"],
  coffee: ["커피", "coffee"],
  beer: ["맥주", "beer"],
  alcohol: ["술", "alcohol", "drinking"],
  pork: ["돼지고기", "pork"],
  beef: ["소고기", "beef"],
  chicken: ["닭고기", "치킨", "chicken"],
  fish: ["생선", "fish"],
  raw_fish: ["회", "sashimi"],
  shrimp: ["새우", "shrimp"],
  shellfish: ["갑각류", "조개", "shellfish"],
  peanut: ["땅콩", "peanut", "peanuts"],
  nuts: ["견과류", "nuts"],
  sesame: ["참깨", "깨", "sesame"],
  milk: ["우유", "milk", "dairy"],
  egg: ["계란", "달걀", "egg", "eggs"],
  wheat: ["밀가루", "wheat", "gluten"],
  soy: ["대두", "soy"],
  peach: ["복숭아", "peach"],
  spicy: ["매운", "맵", "spicy"],
  // Money and home
  rent: ["월세", "rent"],
  deposit: ["보증금", "전세", "deposit"],
  wage: ["월급", "연봉", "시급", "급여", "salary", "wage", "pay"],
  price: ["가격", "price"],
  fee: ["비용", "요금", "fee"],
  home: ["집", "home", "house"],
  apartment: ["아파트", "오피스텔", "원룸", "apartment", "flat", "studio"],
  moving: ["이사", "move", "moving", "move-in"],
  lease: ["계약", "재계약", "lease"],
  landlord: ["집주인", "landlord", "landlady"],
  // Work and study
  work: ["회사", "직장", "work", "job", "office"],
  team: ["팀", "team"],
  manager: ["팀장", "팀장님", "manager", "boss", "lead"],
  colleague: ["동료", "coworker", "colleague"],
  meeting: ["회의", "미팅", "meeting"],
  deadline: ["마감", "deadline", "due"],
  school: ["학교", "school"],
  class: ["수업", "강의", "class", "lesson"],
  exam: ["시험", "exam", "test"],
  // Travel and events
  trip: ["여행", "trip", "travel"],
  vacation: ["휴가", "vacation", "holiday"],
  flight: ["항공", "항공권", "비행기", "flight", "flights"],
  depart: ["출발", "출국", "departure", "depart", "departing", "leaving", "out"],
  return: ["귀국", "복귀", "return", "returning", "back"],
  hotel: ["숙소", "호텔", "hotel", "accommodation"],
  wedding: ["결혼식", "wedding"],
  closed: ["휴무", "쉬어", "쉬는", "쉼", "closed"],
  // Things bought and worn
  shoes: ["신발", "shoes", "shoe"],
  size: ["사이즈", "size"],
  gift: ["선물", "gift", "present"],
};

/** English phrases that name a concept in several words, read before the words are split. */
const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bcan(?:'|’)?t\s+stand\b|\bdon(?:'|’)?t\s+like\b|\bnot\s+a\s+fan\s+of\b/giu, "dislike"],
  [/\b(?:don(?:'|’)?t|can(?:'|’)?t|never)\s+(?:eat|drink)\b/giu, "cant_eat"],
  // The Korean verb phrases take the rest of the verb's word with them (못 먹는, 안 마셔요).
  [/(?:못|안)\s?(?:먹|마시|마셔)[가-힣]*/gu, "cant_eat"],
  [/\bday\s+off\b|문\s?(?:을\s?)?닫[가-힣]*/giu, "closed"],
];

const FORM_TO_CONCEPT: ReadonlyMap<string, string> = new Map(
  Object.entries(CONCEPTS).flatMap(([concept, forms]) => forms.map((form) => [form, concept] as const)),
);

/** Korean forms of two or more syllables, found inside compounds too (여름휴가 → vacation). */
const KO_COMPOUND_FORMS_RE = new RegExp(
  [...FORM_TO_CONCEPT.keys()]
    .filter((form) => /^[가-힣]{2,}$/u.test(form))
    .sort((a, b) => b.length - a.length)
    .join("|"),
  "gu",
);

/** The concept of one word form (a Korean stem or a lower-cased English word), if the lexicon has it. */
export function conceptOf(form: string): string | undefined {
  return FORM_TO_CONCEPT.get(form);
}

/** Concepts whose Korean form (two syllables or more) stands inside `word`, e.g. 여름휴가 → vacation. */
export function conceptsInside(word: string): string[] {
  return [...word.matchAll(KO_COMPOUND_FORMS_RE)].map((m) => FORM_TO_CONCEPT.get(m[0])!);
}

/**
 * Replaces the multi-word phrases of the lexicon with a marker word `@concept` (so the caller's word
 * split keeps them whole), e.g. "I can't stand olives" → "I @dislike olives".
 */
export function markConceptPhrases(text: string): string {
  let out = text;
  for (const [pattern, concept] of PHRASES) out = out.replace(pattern, ` @${concept} `);
  return out;
}
