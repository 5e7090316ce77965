import { words } from "../../text/word-list.js";
/**
 * Function words of the rule extractor: adverbs, conjunctions and fillers that carry no fact
 * ("새 번호", "요즘", "무조건"); a closed class.
 * Part of the rule extractor's word lists: ordinary words of the language, never names of people,
 * pets or shops.
 */

/** Words before a value that carry no meaning for the fact ("새 번호", "올해 여섯 살"). */
export const FILLER_WORDS = new Set([
  "새",
  "새로운",
  "바뀐",
  "변경된",
  "올해",
  "현재",
  "지금",
  "요즘",
  "이번",
  "원래",
  "우리",
  "제일",
  "가장",
  "이제",
  "new",
  "current",
  "now",
  "updated",
]);

/** Adverbs of how often ("자주 가는 카페": before a verb, they make a place one's regular). */
export const FREQUENCY_ADVERBS: ReadonlySet<string> = new Set(["자주", "주로", "늘", "항상", "맨날", "매번"]);

/** Sentence-initial adverbs and conjunctions that are never an entity. */
export const NON_ENTITY_WORDS = new Set([
  ...FREQUENCY_ADVERBS,
  "오늘",
  "내일",
  "어제",
  "모레",
  "그동안",
  "요즘",
  "지금",
  "이번",
  "다음",
  "저번",
  "아까",
  "방금",
  "그리고",
  "근데",
  "그런데",
  "그래서",
  "혹시",
  "원래",
  "진짜",
  "완전",
  "너무",
  "매달",
  "매일",
  "매주",
  "새",
  "앞으로",
  "당분간",
  "평일",
  "주말",
  "작년",
  "내년",
  "올해",
  "아직",
  "벌써",
  "이미",
  "우리",
  "여기",
  "거기",
  "이거",
  "그거",
  // Demonstratives with a contracted particle (그건 = 그거 + 는, 그게 = 그거 + 가, 그걸 = 그거 + 를): they
  // point back at what was said, never name a thing.
  "이건",
  "그건",
  "저건",
  "이게",
  "그게",
  "저게",
  "이걸",
  "그걸",
  "저걸",
  "이것",
  "그것",
  "저것",
  "더",
  "덜",
  "좀",
  "잘",
  "많이",
  "다",
  "또",
  "꼭",
  "제일",
  "가장",
  "아주",
  "매우",
  "정말",
  "참고로",
  "새로",
  "따로",
  "주로",
  "서로",
  "아무튼",
  "일단",
  "그냥",
  "이제",
  "드디어",
  "다시",
  "나중에",
  "무조건",
  "항상",
  "보통",
  "대충",
  "절대",
  "거의",
  "아마",
]);

/**
 * Nouns that say how a plan or a task stands ("이사 완료", "일정 확정", "복귀 미정"): never a person's name,
 * though they are shaped like one (two Hangul syllables).
 */
export const STATUS_WORDS: ReadonlySet<string> = new Set(
  words(
    "완료 확정 예정 미정 취소 보류 대기 종료 성공 실패 진행 진행중 마감 완납 접수 승인 반려 통과 합격 불합격",
  ),
);

/** Adverbs that may open a value and are no part of it ("무조건 강남점 3층" → "강남점 3층"). */
export const VALUE_LEADING_ADVERBS = new Set([
  "무조건",
  "항상",
  "보통",
  "대충",
  "절대",
  "아마",
  "그냥",
  "진짜",
  "완전",
  "너무",
  "거의",
  "주로",
]);
