/**
 * Evidence for the common topics of personal memories, in Korean and English: each topic's names
 * (the label and its translations, which the topic registry also uses to fold "업무" into "work") and
 * its words, strong or weak. Ordinary vocabulary of each domain — kin terms, pet and vet words, money
 * words, sports and clubs, housing words — never a name of a person, pet, shop or place.
 *
 * Korean words of two syllables or more match inside a word (필라테스 in 필라테스는, 동물병원 in
 * 특수동물병원); one-syllable Korean words only as a whole word with at most a particle (딸, 집, 약);
 * English words as whole words with an optional plural or -ing/-ed. Family and pets also take the
 * graph extractor's kinship, animal and breed lists (extraction/words/), friends and colleagues excepted.
 */

import { ANIMAL_WORDS, BREED_WORDS } from "../extraction/words/animals.js";
import { KINSHIP_WORDS, NOT_FAMILY } from "../extraction/words/kinship.js";

/** Weight of a strong word (names the topic by itself) and a weak one (needs company). */
export const STRONG_EVIDENCE = 0.85;
export const WEAK_EVIDENCE = 0.45;

export interface TopicWords {
  /** The label and its translations ("family", "가족"). */
  names: readonly string[];
  strong: readonly string[];
  weak: readonly string[];
}

/** Splits a space-separated word list. */
function words(list: string): readonly string[] {
  return list.split(" ").filter((w) => w !== "");
}

const KIN = [...KINSHIP_WORDS].filter((w) => !NOT_FAMILY.has(w));
const ANIMALS = [...ANIMAL_WORDS, ...BREED_WORDS];

/** The common topics and their words. Custom labels outside these are matched by their names alone. */
export const TOPIC_WORDS: Readonly<Record<string, TopicWords>> = {
  family: {
    names: words("family 가족 가정"),
    strong: [
      ...words(
        "엄마 아빠 어머니 아버지 어머님 아버님 부모님 남편 아내 와이프 아들 딸 오빠 누나 언니 " +
          "동생 남동생 여동생 할머니 할아버지 외할머니 손녀 손자 손주 사위 며느리 시어머니 " +
          "시아버지 시댁 친정 장모 장인 처남 처제 시누이 조카 삼촌 이모 고모 남친 여친 남자친구 " +
          "여자친구 애인 약혼자 쌍둥이 신랑 mom mother dad father parents husband wife son " +
          "daughter brother sister sibling grandma grandmother grandpa grandfather grandson " +
          "granddaughter uncle aunt cousin niece nephew boyfriend girlfriend partner fiance " +
          "fiancee twins in-laws 유치원 어린이집 학부모",
      ),
      ...KIN,
    ],
    weak: words("부모 아이들 애들 아기 출산 kids baby"),
  },
  pets: {
    names: words("pets pet 반려동물 펫"),
    strong: [
      ...words(
        "반려 강아지 반려견 고양이 냥이 반려묘 토끼 햄스터 금붕어 동물병원 사료 중성화 펫시터 견종 묘종 pet dog puppy cat kitten rabbit bunny hamster parrot vet kibble litter leash catsitter dogsitter tabby 동물의료",
      ),
      ...ANIMALS,
    ],
    weak: words("개 산책 간식 예방접종 털 tabby sitter"),
  },
  schedule: {
    names: words("schedule 일정 스케줄 calendar 캘린더"),
    strong: words("일정 스케줄 예약 마감 시간표 schedule appointment deadline rsvp"),
    weak: words("약속 요일 매주 오전 오후 출발 도착 당일 standup meeting 회의 미팅 매달 매월"),
  },
  contacts: {
    names: words("contacts contact 연락처 연락"),
    strong: words("연락처 전화번호 번호 이메일 phone contact email e-mail"),
    weak: words("연락 전화 카톡 문자 call text texts"),
  },
  work: {
    names: words("work 업무 직장 회사 job"),
    strong: words(
      "회사 직장 업무 출근 퇴근 근무 팀장 과장 부장 차장 대리 사원 실장 점장 동료 사번 " +
        "보고서 업무보고 프로젝트 런칭 출시 신제품 거래처 클라이언트 고객 가게 매장 알바 " +
        "아르바이트 배포 개발 백엔드 프론트 서버 마케팅 워크숍 온콜 재택 연차 야근 교무 학년 " +
        "학과 전공 부전공 복수전공 학점 토익 자격증 논문 청사 공무원 직원 work job office " +
        "coworker colleague client customer project launch standup company startup remotely " +
        "offsite workshop on-call deploy release sprint team manager boss professor thesis " +
        "semester major internship shift salary 담당 문서 통근 출퇴근 시급 월급 급여 연봉 api " +
        "spec backend frontend database server code",
    ),
    weak: words("팀 회의 미팅 보고 리드 시험 학교 대학 교육 meeting report exam school 자료 수업"),
  },
  health: {
    names: words("health 건강 의료"),
    strong: words(
      "건강 병원 의원 진료 수술 입원 퇴원 복용 알레르기 알러지 혈압 혈당 당뇨 갑상선 디스크 " +
        "비염 천식 두통 감기 치과 재검사 검진 재활 내과 정형외과 한의원 " +
        "처방 불면 수면 임신 출산 산후조리 관절 health doctor hospital clinic surgery allergy " +
        "allergic medicine medication blood pressure insomnia dentist dental therapy checkup " +
        "pregnant diagnosed",
    ),
    weak: words("약 허리 무릎 검사 운동 잠 카페인 다이어트 sleep caffeine diet"),
  },
  food: {
    names: words("food 음식 식성"),
    strong: words(
      "음식 맛집 식당 요리 커피 맥주 와인 소주 매운 해산물 채식 비건 디저트 민트초코 " +
        "냉면 라면 디카페인 믹스커피 돼지고기 소고기 닭고기 야채 과일 food eat eats coffee " +
        "tea beer wine restaurant cook spicy pork beef vegan vegetarian dessert sesame peanut " +
        "decaf noodles sushi sashimi",
    ),
    weak: words(
      "먹어 먹음 먹는 마셔 마시 마심 술 회 고기 초코 가지 계란 우유 땅콩 참깨 견과 간식 drink milk " + "egg",
    ),
  },
  shopping: {
    names: words("shopping 쇼핑 구매"),
    strong: words(
      "쇼핑 구매 주문 택배 배송 사이즈 치수 신발 반지 지갑 할인 쿠폰 장바구니 shopping " +
        "buy bought purchase order size shoes shoe clothes wallet ring",
    ),
    weak: words("선물 옷 가방 브랜드 샀 사요 gift present brand"),
  },
  travel: {
    names: words("travel 여행 trip"),
    strong: words(
      "여행 해외 출국 귀국 항공 항공권 비행기 공항 숙소 호텔 펜션 리조트 여권 비자 관광 " +
        "당일치기 환승 경유 travel trip flight flights airport hotel hostel passport visa " +
        "layover tour itinerary abroad 휴가 vacation",
    ),
    weak: words("박 holiday"),
  },
  finance: {
    names: words("finance 재정 돈 money 금융"),
    strong: words(
      "월세 보증금 관리비 용돈 월급 연봉 시급 급여 입금 이체 송금 통장 적금 예금 대출 이자 " +
        "세금 연말정산 보험 회비 수수료 정산 연금 할부 투자 주식 money rent deposit salary " +
        "wage fee loan tax insurance pension budget savings invest",
    ),
    weak: words("가격 비용 요금 돈 price cost paid pay 전세"),
  },
  hobby: {
    names: words("hobby 취미 hobbies"),
    strong: words(
      "취미 필라테스 요가 헬스 수영 러닝 마라톤 자전거 라이딩 등산 하이킹 클라이밍 " +
        "배드민턴 테니스 골프 축구 농구 야구 볼링 낚시 캠핑 독서 드럼 기타 피아노 밴드 " +
        "동아리 동호회 성가대 합창 뜨개질 베이킹 공연 콘서트 라켓 로드바이크 hobby gym " +
        "yoga pilates running cycling bike hiking climbing swimming tennis golf " +
        "soccer football basketball fishing camping reading band drums guitar piano " +
        "choir painting photography baking brewing gaming concert topik",
    ),
    weak: words(
      "운동 클럽 레슨 학원 책 영화 음악 노래 그림 사진 게임 club class lessons book movie " + "music 수업",
    ),
  },
  home: {
    names: words("home 주거 housing"),
    strong: words(
      "이사 입주 전세 월세 오피스텔 아파트 원룸 투룸 빌라 주택 재계약 집주인 이웃 인테리어 새집 전입 부동산 텃밭 농지 home house apartment flat studio moving move-in lease landlord landlady neighbor neighbour rent",
    ),
    weak: words("집 계약 동네 살아 살고 사는 move"),
  },
};
