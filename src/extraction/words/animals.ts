import { words } from "../../text/word-list.js";
/**
 * Animal kinds and common dog and cat breeds, Korean and English.
 * Part of the rule extractor's word lists: ordinary words of the language, never names of people,
 * pets or shops.
 */

/** Animal kinds: "우리 강아지 이름은 곰이" → 곰이 is a 강아지. */
export const ANIMAL_WORDS = new Set([
  "강아지",
  "개",
  "고양이",
  "냥이",
  "햄스터",
  "토끼",
  "앵무새",
  "거북이",
  "물고기",
  "고슴도치",
  "dog",
  "cat",
  "puppy",
  "kitten",
  "hamster",
  "rabbit",
  "parrot",
]);

/**
 * What people tell about looking after an animal — its food, things, care and health: after an animal
 * word they name what is said of the animal, not the animal ("거북이 사료는 …", "고양이 모래는 …").
 */
export const ANIMAL_CARE_WORDS: ReadonlySet<string> = new Set(
  words(
    "사료 밥 간식 물 장난감 모래 화장실 배변패드 패드 미용 산책 목욕 털 발톱 예방접종 접종 구충제 " +
      "심장사상충약 영양제 약 목줄 하네스 케이지 수조 어항 집 병원 동물병원 몸무게 체중",
  ),
);

/**
 * Words that say what an animal is like, not what it is called ("우리 강아지는 수컷", "우리 고양이는 아기"):
 * after one's animal without a copula they are no name.
 */
export const ANIMAL_DESCRIPTION_WORDS: ReadonlySet<string> = new Set(
  words("수컷 암컷 아기 새끼 노견 노묘 성견 성묘 순둥이 겁쟁이 잡종 믹스 중성화 아파 아픔 최고 짱 천사"),
);

/**
 * Common dog and cat breeds: "밤비 포메라니안 2.7kg", "말티즈고", "코코(시츄)" name a 품종. Without the word a
 * breed cannot be told from a name.
 */
export const BREED_WORDS = [
  "말티즈",
  "푸들",
  "말티푸",
  "포메라니안",
  "포메",
  "비숑",
  "비숑프리제",
  "시츄",
  "치와와",
  "요크셔테리어",
  "슈나우저",
  "닥스훈트",
  "웰시코기",
  "코기",
  "시바견",
  "시바",
  "진돗개",
  "리트리버",
  "골든리트리버",
  "래브라도",
  "보더콜리",
  "비글",
  "불독",
  "퍼그",
  "스피츠",
  "사모예드",
  "허스키",
  "믹스견",
  "코리안숏헤어",
  "코숏",
  "러시안블루",
  "페르시안",
  "먼치킨",
  "스코티시폴드",
  "브리티시숏헤어",
  "샴",
  "랙돌",
  "뱅갈",
  "노르웨이숲",
  "터키시앙고라",
];

/** English breeds of dogs and cats, for "Bagel (my beagle)" and "a Lionhead". */
export const ENGLISH_BREED_WORDS = [
  "corgi",
  "poodle",
  "maltese",
  "pomeranian",
  "bichon",
  "shih tzu",
  "chihuahua",
  "yorkie",
  "schnauzer",
  "dachshund",
  "shiba",
  "retriever",
  "labrador",
  "border collie",
  "beagle",
  "bulldog",
  "pug",
  "husky",
  "samoyed",
  "spitz",
  "jindo",
  "tabby",
  "siamese",
  "persian",
  "ragdoll",
  "bengal",
  "munchkin",
  "russian blue",
  "british shorthair",
  "scottish fold",
  "sphynx",
  "maine coon",
];
