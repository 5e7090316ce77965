/**
 * Word pools for the synthetic memories of the benchmarks: Korean and English names, pets, shops,
 * places and work vocabulary. Pools are deliberately of mixed sizes so that, at 100k memories, some
 * terms are rare (a phone number) and some very common (a frequent family name, 회의).
 */

export const FAMILY_NAMES = [
  "김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신", "권", "황", "안", "송", "류", "홍",
] as const;

export const GIVEN_NAMES = [
  "민수", "지훈", "서연", "예린", "하준", "도윤", "지우", "수아", "현우", "은지", "민지", "지민", "유진", "서준",
  "하은", "태윤", "소율", "건우", "채원", "승민", "다은", "준호", "시우", "나연", "혜진", "재원", "수빈", "동현",
  "가은", "성민", "윤아", "정우", "예준", "아린", "주원", "하린", "지호", "세아", "로운", "시은",
] as const;

export const RELATIONS = ["엄마", "아빠", "동생", "언니", "형", "누나", "오빠", "팀장님", "부장님", "친구", "이모", "삼촌"] as const;

export const ENGLISH_NAMES = [
  "Alice", "Ben", "Chloe", "David", "Emma", "Frank", "Grace", "Henry", "Isla", "Jack", "Kate", "Liam", "Mia",
  "Noah", "Olivia", "Paul", "Quinn", "Ruby", "Sam", "Tina", "Victor", "Wendy", "Yuki", "Zoe",
] as const;

export const PET_NAMES = [
  "또리", "초코", "보리", "콩이", "뭉치", "두부", "까미", "루루", "코코", "모카", "호두", "인절미", "Max", "Luna",
  "Bella", "Milo",
] as const;

export const SPECIES = [
  { ko: "강아지", en: "dog" },
  { ko: "고양이", en: "cat" },
  { ko: "햄스터", en: "hamster" },
  { ko: "앵무새", en: "parrot" },
  { ko: "거북이", en: "turtle" },
] as const;

export const SHOPS = [
  "이마트", "홈플러스", "다이소", "올리브영", "스타벅스", "교보문고", "쿠팡", "무신사", "GS25", "파리바게뜨",
  "성수동 카페 어니언", "을지로 노가리골목", "망원시장", "코스트코 양재점", "IKEA 광명", "Apple 가로수길",
  "Trader Joe's", "Uniqlo", "Muji", "Whole Foods",
] as const;

export const ITEMS = [
  { ko: "운동화", en: "running shoes" },
  { ko: "우산", en: "umbrella" },
  { ko: "전기밥솥", en: "rice cooker" },
  { ko: "에어팟", en: "AirPods" },
  { ko: "텀블러", en: "tumbler" },
  { ko: "겨울 코트", en: "winter coat" },
  { ko: "비타민", en: "vitamins" },
  { ko: "사료", en: "pet food" },
  { ko: "책상 의자", en: "desk chair" },
  { ko: "캠핑 의자", en: "camping chair" },
  { ko: "공기청정기 필터", en: "air purifier filter" },
  { ko: "선크림", en: "sunscreen" },
] as const;

export const PLACES = [
  "강남역", "홍대입구", "판교", "잠실", "여의도", "해운대", "제주공항", "성수역", "광화문", "수원역", "인천공항 T2",
  "분당 서현역", "부산역", "대전 둔산동",
] as const;

export const CITIES = [
  "Tokyo", "Osaka", "Seoul", "Busan", "Paris", "London", "New York", "Singapore", "Taipei", "Bangkok", "Berlin",
  "Sydney", "Da Nang", "Fukuoka",
] as const;

export const PROJECTS = ["Atlas", "Phoenix", "Orion", "Helix", "Nimbus", "Falcon", "Aurora", "Zephyr", "Kestrel", "Tundra"] as const;

export const WORK_TOPICS = [
  { ko: "배포", en: "deploy" },
  { ko: "코드리뷰", en: "code review" },
  { ko: "스프린트 회고", en: "sprint retro" },
  { ko: "OKR 리뷰", en: "OKR review" },
  { ko: "장애 회고", en: "incident postmortem" },
  { ko: "예산 승인", en: "budget approval" },
  { ko: "채용 인터뷰", en: "hiring interview" },
  { ko: "고객 미팅", en: "customer meeting" },
] as const;

export const FOODS = ["땅콩", "새우", "우유", "복숭아", "갑각류", "메밀", "오이", "고수", "견과류", "달걀"] as const;

export const HOBBIES = ["클라이밍", "테니스", "수영", "필라테스", "기타 레슨", "러닝 크루", "도예 수업", "bouldering", "tennis"] as const;

export const MONTHS_EN = [
  "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
] as const;

/** Short framings that make otherwise identical facts read differently. */
export const KO_PREFIXES = ["", "", "", "메모: ", "참고로 ", "잊지 말기 — ", "중요: ", "나중에 확인: "] as const;
export const KO_SUFFIXES = ["", "", "", " (중요)", " #todo", " 꼭 기억해", ". 다음 주에 다시 확인", " ㅎㅎ"] as const;

/** Questions about things never stored, to exercise queries that should find nothing relevant. */
export const UNANSWERABLE_QUERIES = [
  "내 여권 번호 뭐였지?",
  "what is my blood type",
  "우리 집 현관 비밀번호 알려줘",
  "when is the company anniversary party",
  "할머니 댁 주소가 어디야?",
  "my library card number",
  "자동차 보험 만기일 언제야?",
  "favorite ramen shop in Sapporo",
] as const;
