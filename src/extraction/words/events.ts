import { words } from "../../text/word-list.js";
/**
 * Nouns of events: life events owned by a person and the heads of recurring or scheduled events.
 * Part of the rule extractor's word lists: ordinary words of the language, never names of people,
 * pets or shops.
 */

/** Life events owned by a person: "진수 결혼식 5월 17일" is 진수's, "안과 진료 9월 3일" is an event of its own. */
export const LIFE_EVENT_WORDS = new Set([
  "결혼식",
  "약혼식",
  "돌잔치",
  "돌",
  "백일",
  "환갑",
  "칠순",
  "팔순",
  "생일파티",
  "장례식",
  "졸업식",
  "입학식",
  "상견례",
]);

/**
 * What a child or anyone takes lessons in — school subjects, instruments, sports, arts: after a kinship
 * word they name the lesson ("딸 피아노 학원", "아들 태권도 끝나는 시간"), not the one related.
 */
export const LESSON_SUBJECTS: ReadonlySet<string> = new Set(
  words(
    "피아노 바이올린 첼로 플루트 기타 드럼 우쿨렐레 음악 미술 수학 영어 국어 과학 사회 논술 독서 " +
      "한자 중국어 일본어 코딩 태권도 합기도 유도 검도 수영 발레 축구 농구 야구 줄넘기 체육 댄스 " +
      "방송댄스 주산 보컬 테니스 스케이트 승마 클라이밍",
  ),
);

/**
 * Nouns for a recurring or scheduled event ("스프린트 리뷰", "노래교실", "주간회의"): "X Y는 <date/time>" with one
 * of them as Y names an event "X Y" and its time, not X's attribute Y.
 */
export const EVENT_HEADS = [
  "회의",
  "미팅",
  "리뷰",
  "회식",
  "모임",
  "총회",
  "세미나",
  "워크숍",
  "워크샵",
  "스터디",
  "교실",
  "수업",
  "강의",
  "강좌",
  "레슨",
  "행사",
  "축제",
  "설명회",
  "발표",
  "면접",
  "상담",
  "검진",
  "예배",
  "연습",
  "훈련",
  "파티",
  "대회",
  "토론",
  "토론회",
  "독서회",
  "동창회",
  "송년회",
  "신년회",
  "발표회",
  "공연",
  "전시",
  "시험",
  "캠프",
  "투어",
  "면담",
];
