#!/usr/bin/env python3
"""blind15: hand-written held-out memory set (4 invented users, 136 memories, 100 queries).

All data below was written by hand. This script only sorts memories by ts within each
user, numbers them m0001.., resolves the symbolic keys used in the queries, and writes
memories.jsonl and queries.jsonl.

    python3 build.py            # write the two files
    python3 build.py --table    # also print the markdown table of update queries (for README)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

USERS = {
    # key: (user_id, persona)
    "A": ("U07R1DR8K", "배달 라이더 (스쿠터, 고양이 콩이)"),
    "B": ("U07S4LN2H", "헤어살롱 원장 (윤슬헤어, 거래처 김태식 과장)"),
    "C": ("U07B33KPF", "소농 양봉가 (솔매골 농장, 진돗개 믹스 콩이)"),
    "D": ("U07T9XL6W", "프리랜스 한영 번역가 (출판사 PM 김태식 팀장)"),
}

# (user, key, "MM-DD HH:MM", channel_type, lang, text)
MEM = [
    # ---------------- A: delivery rider ----------------
    ("A", "a01", "01-05 22:14", "im", "ko", "콩이 입양일 2024년 9월 2일. 치즈 코숏 수컷이고 겁 많음"),
    ("A", "a02", "01-08 23:40", "im", "ko", "콩이 다니는 병원 초롱동물병원. 원장님 친절함 야간진료는 X"),
    ("A", "a03", "01-11 13:05", "im", "ko", "엔진오일 교체는 모토리바이크에서 함. 사장님 010-4821-3307, 3000km마다"),
    ("A", "a04", "01-14 21:30", "im", "mixed", "콩이 food: 냥밥마을 인도어 2kg, 하루 두 번 반 컵씩"),
    ("A", "a05", "01-19 10:02", "im", "ko", "유상운송 보험 만기 2026.05.21 갱신 전에 견적 비교하기"),
    ("A", "a06", "01-23 18:45", "channel", "ko", "허브 배차 담당 정민재 팀장님. 배차 문의는 오전 10시 전에 톡으로"),
    ("A", "a07", "01-27 15:20", "im", "ko", "월세 45 관리비 7 매달 25일 자동이체 걸어둠"),
    ("A", "a08", "02-02 12:10", "im", "ko", "점심 피크 프로모션 건당 +1500원 (11:30~13:30) 이번달부터"),
    ("A", "a09", "02-06 23:55", "im", "ko", "헬멧 사이즈 XL 쉴드는 스모그 말고 클리어가 밤에 나음"),
    ("A", "a10", "02-10 19:33", "im", "ko", "콩이 중성화 수술 2/10 초롱동물병원 비용 18만원 실밥은 열흘 뒤에"),
    ("A", "a11", "02-13 14:00", "im", "en", "Tire pressure: front 29 psi, rear 33 psi. check every Monday"),
    ("A", "a12", "02-17 22:08", "im", "ko", "주 배달 존 B3 구역 (은하시장 ~ 호수공원 남문), 저녁엔 C1도 뜀"),
    ("A", "a13", "02-21 09:15", "im", "ko", "은하아파트 103동은 오토바이 단지 진입 금지 → 후문 경비실 앞에 세우고 걸어가기"),
    ("A", "a14", "02-26 16:40", "im", "ko", "접촉사고 보험 접수번호 2026-0226-4471 담당 손해사정사 한도윤 010-7754-2190"),
    ("A", "a15", "03-03 11:25", "im", "ko", "모토리 문닫음ㅠㅠ 이제 정비는 바이크119 상가점으로"),
    ("A", "a16", "03-06 20:50", "im", "ko", "콩이 병원 옮김. 이제 하늘숲동물의료센터 다녀 24시라 밤에도 됨"),
    ("A", "a17", "03-10 13:30", "channel", "ko", "라이더 단톡서 들음 민재팀장님 그만두심. 배차는 이제 오소연 매니저한테 문의"),
    ("A", "a18", "03-14 08:40", "im", "ko", "할머니 생신 5월 3일 (음력 3월 17일). 토요일 배달 쉬고 시골 내려가기"),
    ("A", "a19", "03-18 22:30", "im", "ko", "유상운송 보험 갱신 견적 - 새봄손보 월 14.2만 / 다온화재 월 15.8만"),
    ("A", "a20", "03-22 17:05", "im", "ko", "허리 도수치료 화/금 저녁 8시 바른손재활의학과, 실비 청구 서류 챙기기"),
    ("A", "a21", "03-26 14:12", "im", "ko", "다음주 목요일 3시 구청 이륜차 사용신고 변경하러 가야함 (번호판 분실)"),
    ("A", "a22", "03-27 09:03", "im", "ko", "아 그거 금요일 오전 10시로 바뀜 담당자 출장이래"),
    ("A", "a23", "04-01 21:47", "im", "ko", "적금 매달 50만 자동이체 10일 만기 2028년 4월"),
    ("A", "a24", "04-05 12:20", "im", "en", "Lunch peak bonus is +2000 per order now, same 11:30-13:30 window"),
    ("A", "a25", "04-09 23:15", "im", "ko", "아 보험 만기 잘못 적었음 21일 아니고 12일임ㅋㅋ 큰일날뻔"),
    ("A", "a26", "04-14 18:00", "im", "ko", "콩이 사료 바꿈 → 오가냥 헤어볼케어 (수의사쌤 추천, 일주일 섞어서 전환)"),
    ("A", "a27", "04-18 15:35", "im", "ko", "집주인 문자: 5월분부터 월세 48로 올린대. 이체일은 그대로 25일"),
    ("A", "a28", "04-22 20:10", "channel", "ko", "토요일 라이더 번개 9시 허브 앞 편의점 ㄱㄱ 치킨 각출 만원"),
    ("A", "a29", "04-27 11:11", "im", "mixed", "Helmet intercom 페어링: 전원 버튼 8초 꾹 → 파란불 깜빡이면 폰에서 연결"),
    ("A", "a30", "05-01 22:40", "im", "ko", "지은이 생일 5/16 저녁 7시 라포레타 예약함 창가자리 요청"),
    ("A", "a31", "05-04 13:50", "im", "ko", "지은이 생일선물 - 가죽 카드지갑 이니셜 J.E 각인 주문함, 5/14 도착 예정"),
    ("A", "a32", "05-08 10:30", "im", "ko", "바이크119 너무 멀어서 집앞 두바퀴정비로 갈아탐. 오일 교환 2.8만"),
    ("A", "a33", "05-11 21:05", "im", "ko", "라포레타 취소하고 스시하루 오마카세로 바꿈 같은날 7시반 2인"),
    ("A", "a34", "06-02 12:45", "im", "mixed", "Distance this month: 2,310 km. 다음 오일 교환은 31,000km 쯤"),

    # ---------------- B: hair salon owner ----------------
    ("B", "b01", "01-06 09:40", "channel", "ko", "윤슬헤어 영업시간 10:00~20:00, 일요일은 11시 오픈 월요일 정기휴무"),
    ("B", "b02", "01-07 22:15", "im", "ko", "컬러웨이 김태식 과장 010-3382-5104 염모제 영업 담당"),
    ("B", "b03", "01-09 10:30", "im", "ko", "염모제 정기발주 매달 5일에 넣기 (컬러웨이)"),
    ("B", "b04", "01-12 08:55", "channel", "ko", "하람 디자이너 정기휴무 화요일이에요 예약 받을 때 참고해주세요"),
    ("B", "b05", "01-15 19:20", "im", "en", "Client Emma Novak: ash brown, no bleach. Needs a patch test first (PPD sensitive)"),
    ("B", "b06", "01-18 14:05", "im", "ko", "가게 월세 280 부가세 별도, 관리비 포함"),
    ("B", "b07", "01-22 21:45", "im", "ko", "세무 기장 다솜세무회계 이수정 세무사님 월 기장료 15만"),
    ("B", "b08", "01-26 16:30", "im", "ko", "인테리어 잔금 1,850만원 4/30까지 입금 (공간담다 인테리어)"),
    ("B", "b09", "01-29 20:10", "channel", "ko", "직원 월급날 매달 10일 입니다~"),
    ("B", "b10", "02-03 11:15", "im", "ko", "정미경 고객님 두피 예민함 → 저자극 샴푸 쓰고 스케일링은 X"),
    ("B", "b11", "02-07 13:40", "im", "ko", "김태식 과장이 신제품 샘플 두고 감 애쉬그레이 6호 3통, 반응 보고 발주"),
    ("B", "b12", "02-11 22:00", "im", "ko", "딸 서아 피아노학원 화목 4시 반 끝나면 픽업"),
    ("B", "b13", "02-14 18:25", "im", "ko", "남편 생일 3월 21일 케이크 미리 주문 (블루밍베이커리)"),
    ("B", "b14", "02-18 09:50", "im", "ko", "발주 10일로 바뀜. 컬러웨이 물류센터 이전 때문이래"),
    ("B", "b15", "02-22 17:10", "channel", "ko", "하람쌤 휴무 수요일로 변경됐어요 3월부터~ 화요일 예약 받아도 됨"),
    ("B", "b16", "02-25 12:35", "im", "mixed", "Emma 지인 Chloe 소개로 예약, 3/4 오후 3시 커트만"),
    ("B", "b17", "03-01 20:40", "im", "mixed", "From March, bookkeeping → Nara Tax Partners, 담당 오세린 세무사 월 13만"),
    ("B", "b18", "03-05 10:05", "im", "ko", "김과장님 번호 바뀜 010-6619-2047 로 연락하래 (회사폰)"),
    ("B", "b19", "03-09 15:15", "im", "ko", "미용사 보수교육 4월 19일 일요일 오전 9시 시민회관 대강당"),
    ("B", "b20", "03-12 19:55", "im", "ko", "샴푸 도매가 1000ml 한 박스(12개) 78,000원 퓨어랩"),
    ("B", "b21", "03-16 11:20", "im", "ko", "토요일 VIP 정미경 고객님 오전 11시 뿌리염색 + 클리닉"),
    ("B", "b22", "03-17 14:50", "im", "ko", "그분 오후 2시로 미뤄달라고 하심 클리닉은 빼고"),
    ("B", "b23", "03-24 21:30", "im", "ko", "인턴 채용 면접 3/31 화 오후 1시 지원자 2명 (유채린, 박도하)"),
    ("B", "b24", "04-02 13:10", "im", "ko", "잔금 1,850 아니고 1,580 이었음 견적서 다시 보니까 숫자 잘못 씀"),
    ("B", "b25", "04-06 18:45", "channel", "ko", "급여 지급일 다음달부터 15일로 통일합니다. 공제 내역은 개별 톡으로 보내드려요"),
    ("B", "b26", "04-10 10:00", "im", "en", "Emma passed the patch test. Switching her to a soft balayage, bleach is fine now"),
    ("B", "b27", "04-15 16:20", "im", "ko", "부동산 실장님 통해 들음: 7월 재계약부터 건물주가 310으로 올린다고 함"),
    ("B", "b28", "04-20 22:05", "im", "ko", "서아 치과 검진 5/9 토 오전 10시 햇살키즈치과"),
    ("B", "b29", "04-25 12:40", "im", "ko", "염색약 주문 이제 격주 월요일마다 하기로 김과장님이랑 얘기함"),
    ("B", "b30", "05-02 19:05", "channel", "ko", "5월 가정의달 이벤트 뿌리염색 + 클리닉 20% 할인, 5/1~5/31"),
    ("B", "b31", "05-09 09:25", "im", "en", "Salon Instagram booking link updated: yunseul.hair/book"),
    ("B", "b32", "05-18 20:30", "im", "mixed", "POS terminal repair visit booked 5/22 오전, 기사님 황보준 010-3347-9021"),
    ("B", "b33", "06-01 14:15", "im", "ko", "건물 주차 등록 차량 2대까지 가능 내 차 + 서진실장 차"),
    ("B", "b34", "06-10 18:50", "im", "ko", "서진 실장 생일 6월 24일 회식은 삼겹살집 불꽃으로"),

    # ---------------- C: small-farm beekeeper ----------------
    ("C", "c01", "01-05 07:10", "im", "ko", "콩이 생일 11월 20일 진도믹스 숫놈 올해 5살"),
    ("C", "c02", "01-09 06:45", "im", "ko", "봉군 현재 48통 월동중"),
    ("C", "c03", "01-09 07:02", "im", "ko", "아까 48 오타 84통임 ㅎㅎ"),
    ("C", "c04", "01-13 19:30", "im", "ko", "농협 꿀 수매 담당 최병호 계장 010-2718-4460"),
    ("C", "c05", "01-17 08:20", "im", "ko", "응애 방제 약 개미산 스트립 씀 가을에 한번 더"),
    ("C", "c06", "01-21 20:15", "channel", "ko", "양봉협회 월례회 둘째주 목요일 저녁 7시 면사무소 2층 회의실"),
    ("C", "c07", "01-25 10:05", "im", "mixed", "택배 pickup 매주 화,금 오후 3시 솔빛택배 기사님"),
    ("C", "c08", "01-30 15:40", "im", "ko", "콩이 진드기약 매달 1일 바르기 (푸른동물병원서 삼)"),
    ("C", "c09", "02-03 09:15", "im", "ko", "스마트스토어 꿀단지마켓 가격 잡화꿀 2.4kg 45,000 / 아카시아 2.4kg 58,000"),
    ("C", "c10", "02-08 18:50", "im", "ko", "손녀 다은이 생일 2월 26일 곰인형 사주기로 약속햇음"),
    ("C", "c11", "02-12 11:30", "im", "ko", "군청 양봉 보조금 신청번호 YB-2026-0381 담당 농정과 문가을 주무관"),
    ("C", "c12", "02-17 14:20", "im", "en", "Queen order: 10 queens from Hilltop Apiary, ship week of Apr 20"),
    ("C", "c13", "02-22 16:00", "im", "ko", "화분떡 30kg 주문 벌골상회 계좌이체함 3/2 도착"),
    ("C", "c14", "03-02 07:45", "im", "ko", "1톤 트럭 브레이크 수리 읍내 한성카센터 맡김 금요일 찾기로"),
    ("C", "c15", "03-05 13:35", "im", "ko", "한성카센터서 전화옴 부품이 늦게와서 다음주 화요일에 된대요"),
    ("C", "c16", "03-10 19:05", "im", "ko", "최계장님 군 농협으로 발령 후임은 남궁현 대리 010-5530-8812 라고 문자옴"),
    ("C", "c17", "03-15 09:50", "im", "ko", "벌쏘임 알레르기 약 세티리진 항상 트럭 조수석 서랍에"),
    ("C", "c18", "03-20 17:25", "im", "ko", "올해부터 응애약은 옥살산 훈증으로 바꿈 군에서 지원해준대"),
    ("C", "c19", "03-26 08:10", "channel", "ko", "월례회 장소 바뀜 → 농업기술센터 2층 교육장, 시간은 그대로"),
    ("C", "c20", "04-02 06:55", "im", "ko", "아카시아 채밀 5월 8일 예정 인부 2명 부르기"),
    ("C", "c21", "04-08 15:15", "im", "ko", "콩이 광견병 접종 완료 4/8 푸른동물병원 다음 접종 내년 4월"),
    ("C", "c22", "04-14 20:40", "im", "ko", "택배 수거 요일 월,목으로 바뀜. 시간은 똑같이 3시"),
    ("C", "c23", "04-19 11:00", "im", "ko", "아버지 심장내과 외래 6/3 오전 9시 반 도립병원 본관 2층"),
    ("C", "c24", "04-23 18:30", "im", "ko", "로열젤리 주문 김순례 할머니 500g 2병 5/20까지 010-9203-5518"),
    ("C", "c25", "04-29 07:20", "im", "en", "Hive scale B-7 reads 41.2 kg. Nectar flow started"),
    ("C", "c26", "05-03 19:45", "im", "ko", "비와서 아카시 채밀 5/12로 미룸"),
    ("C", "c27", "05-07 12:05", "im", "ko", "아카시아만 62,000으로 올림 잡화는 그대로 45,000"),
    ("C", "c28", "05-10 21:10", "im", "ko", "꽃이 늦게 펴서 결국 15일로. 인부는 한명만 온대"),
    ("C", "c29", "05-16 16:30", "im", "ko", "꿀 성분검사 성적서 번호 HQ-55217 (수분 19.2%) 스토어 상세페이지에 올리기"),
    ("C", "c30", "05-22 09:40", "im", "ko", "병원서 문자 옴 아부지 외래 6월 10일로 연기 (교수님 학회)"),
    ("C", "c31", "05-27 14:55", "channel", "ko", "밀원수 헛개나무 묘목 200주 뒷산에 심음 (군 지원 사업)"),
    ("C", "c32", "06-04 10:20", "im", "ko", "콩이 사료 진도사랑 15kg 포대로 농협마트서 삼"),
    ("C", "c33", "06-11 19:00", "im", "mixed", "Cafe Honey&Oat 주문 20병 (500g), ship by June 19"),
    ("C", "c34", "06-18 08:30", "im", "ko", "여름 분봉 대비 빈 벌통 6개 창고에 준비해둠"),

    # ---------------- D: freelance translator ----------------
    ("D", "d01", "01-06 10:20", "im", "en", "Nabi Books novel 'The Salt Orchard' - first full draft due Apr 17. PM is Kim Tae-sik"),
    ("D", "d02", "01-08 15:45", "im", "en", "Lumen Agency per-word rate: 110 KRW (general docs)"),
    ("D", "d03", "01-12 21:10", "im", "ko", "집주인 최 사장님 010-2290-7734 보일러 고장나면 바로 연락"),
    ("D", "d04", "01-16 09:30", "im", "mixed", "CAT tool WordLoom annual 구독, 갱신일 7/1 자동결제"),
    ("D", "d05", "01-20 19:40", "im", "ko", "통번역 스터디 토요일 오전 10시 북카페 여백 (3층)"),
    ("D", "d06", "01-24 11:05", "channel", "mixed", "김태식 팀장님 style guide: serial comma 쓰고, 호칭 -ssi 그대로 살리기"),
    ("D", "d07", "01-28 14:30", "im", "en", "Pilates Mon/Wed 7am at Core Loft, 10-session pass"),
    ("D", "d08", "02-02 16:50", "im", "en", "Lumen raised the rate to 120/word starting Feb"),
    ("D", "d09", "02-05 13:15", "im", "en", "Invoice INV-0219 to Lumen sent: 1,340,000 KRW, net 30"),
    ("D", "d10", "02-09 20:35", "im", "en", "Dentist: Dr. Seo at Bright Smile Dental, cleaning Mar 6 at 2pm"),
    ("D", "d11", "02-13 10:10", "im", "ko", "엄마 생신 올해는 양력 9월 12일 (음력 8월 2일)"),
    ("D", "d12", "02-17 22:25", "im", "ko", "코워킹 Desk&Dot 2층 14번 자리 월 18만"),
    ("D", "d13", "02-20 08:45", "im", "en", "Correction: INV-0219 is 1,430,000 not 1,340,000. I swapped digits"),
    ("D", "d14", "02-24 17:30", "channel", "mixed", "김태식 팀장님은 call은 2시 이후, 파일 있는 건 email로"),
    ("D", "d15", "03-01 12:00", "im", "ko", "번역협회 회원번호 KT-20417 연회비 12만 3월 말까지"),
    ("D", "d16", "03-03 09:20", "im", "en", "Moved the cleaning to Mar 13, same time"),
    ("D", "d17", "03-07 19:55", "im", "en", "Switched Pilates to Tue/Thu evenings, 8pm class"),
    ("D", "d18", "03-11 14:40", "im", "ko", "과외 학생 하윤이 영어 목요일 6시, 회당 5만"),
    ("D", "d19", "03-16 21:15", "channel", "en", "Tae-sik says the draft can slip to May 2 - printer schedule moved"),
    ("D", "d20", "03-20 11:35", "im", "mixed", "Tax refund estimate ~820,000 KRW from the 3.3% withholding, 종소세 신고는 5월 중"),
    ("D", "d21", "03-25 16:05", "im", "ko", "노트북 수리 접수증 SR-55102 서비스센터 4/1 찾으러 가기"),
    ("D", "d22", "03-30 10:45", "im", "ko", "Orbit Localization 샘플 테스트 6/9까지, 1,500단어 법률 문서"),
    ("D", "d23", "04-03 20:20", "im", "en", "Landlord has a new number: 010-8841-3065"),
    ("D", "d24", "04-08 13:50", "im", "ko", "스터디장 유나가 공지함 이번 달부터 일요일 오후 2시로"),
    ("D", "d25", "04-12 18:15", "im", "mixed", "WordLoom → monthly plan으로 바꿈, 매달 12일 결제 (annual은 환불받음)"),
    ("D", "d26", "04-17 09:05", "im", "en", "Renegotiated with Lumen: 125 won per word from May"),
    ("D", "d27", "04-21 15:30", "im", "ko", "외장하드 백업 매주 금요일 저녁, 클라우드는 월말에"),
    ("D", "d28", "04-26 22:40", "im", "ko", "여분 노트북 충전기 파란 파우치에 있음 65W C타입"),
    ("D", "d29", "05-01 11:20", "im", "mixed", "나비북스 두번째 소설 'Ferry Lights' offer 받음, 약 92,000 words, 7월 시작"),
    ("D", "d30", "05-06 17:45", "channel", "mixed", "Nabi 표지 카피 번역 due 5/15, 김태식 팀장님께 docx로"),
    ("D", "d31", "05-12 08:30", "im", "ko", "서 원장님이 사랑니 발치 상담 받아보래 보험 적용된다고"),
    ("D", "d32", "05-19 19:10", "im", "ko", "유나 생일 6월 3일 스터디 끝나고 케이크"),
    ("D", "d33", "05-28 14:00", "im", "ko", "엄마 생신 식당은 한옥식탁 좋아하심 2주 전 예약 필수"),
    ("D", "d34", "06-15 10:35", "im", "ko", "여름 휴가 7/20~7/24 클라이언트들한테 미리 공지하기"),
]

A_KONG = ["a01", "a02", "a04", "a10", "a16", "a26"]
C_KONG = ["c01", "c08", "c21", "c32"]
B_KIM = ["b02", "b11", "b18", "b29"]
D_KIM = ["d01", "d06", "d14", "d19", "d30"]

# Queries. Optional keys: stale, lookalike, entity, neg_kind, other_user_has (user key),
# other_user_mem, confusable_other_user; `hard` is a README note for update queries only
# and is not written to queries.jsonl.
Q = [
    # ================= A =================
    dict(u="A", type="update", query="콩이 다니는 동물병원 어디였지", gold=["a16"], stale=["a02"], lookalike=["a10"],
         confusable_other_user=["c08", "c21"],
         hard="old note has no change word; query shares 다니는/병원 with stale; lookalike: neutering at the old clinic; other user's 콩이 has a vet too"),
    dict(u="A", type="update", query="오토바이 엔진오일 교체 어디서 하더라", gold=["a32"], stale=["a03", "a15"], lookalike=["a34"],
         hard="moved twice (2 stale); only the oldest says '엔진오일 교체'; gold says 갈아탐/오일 교환; mixed lookalike about next oil change"),
    dict(u="A", type="update", query="유상운송 보험 만기일 언제야", gold=["a25"], stale=["a05"], lookalike=["a19"],
         hard="typo'd number corrected; gold omits 유상운송 and the month ('21일 아니고 12일'); quote lookalike shares 유상운송 보험"),
    dict(u="A", type="update", query="구청 이륜차 사용신고 언제 가야 돼", gold=["a22"], stale=["a21"],
         hard="follow-up omits the subject ('아 그거 금요일 오전 10시로 바뀜'): gold shares no content word with the query"),
    dict(u="A", type="update", query="배차 담당 팀장님 누구지", gold=["a17"], stale=["a06"],
         hard="reported by someone else (라이더 단톡); nickname 민재팀장님; new person's title 매니저; query shares '배차 담당 팀장님' with stale"),
    dict(u="A", type="update", query="월세 얼마 내고 있지", gold=["a27"], stale=["a07"],
         hard="partial change (rent 45→48, transfer day 25일 stays); told by the landlord"),
    dict(u="A", type="update", query="What food is 콩이 on now?", gold=["a26"], stale=["a04"],
         confusable_other_user=["c32"],
         hard="cross-language: stale is mixed with 'food', gold Korean '사료'; query English; other user's 콩이 also has a 사료 note"),
    dict(u="A", type="update", query="점심 피크 프로모션 건당 얼마 주지", gold=["a24"], stale=["a08"],
         hard="change written in English (original Korean); Korean query shares 점심 피크 프로모션 건당 with stale only"),
    dict(u="A", type="update", query="지은이 생일 저녁 어디 예약했지", gold=["a33"], stale=["a30"], lookalike=["a31"],
         hard="gold omits 지은이/생일/저녁/예약; stale has all four; gift note for the same birthday is a lookalike"),
    dict(u="A", type="keyword", query="헬멧 사이즈 뭐였지", gold=["a09"]),
    dict(u="A", type="keyword", query="은하아파트 103동 오토바이 어디 세워", gold=["a13"]),
    dict(u="A", type="keyword", query="라이더 번개 어디서 모여", gold=["a28"]),
    dict(u="A", type="inflection", query="허리도수치료는 무슨 요일이었지", gold=["a20"]),
    dict(u="A", type="inflection", query="할머니 생신이 언제더라", gold=["a18"]),
    dict(u="A", type="paraphrase", query="우리 고양이 처음 데려온 날", gold=["a01"]),
    dict(u="A", type="paraphrase", query="내가 맡은 배달 지역 어디로 잡혀있지", gold=["a12"]),
    dict(u="A", type="paraphrase", query="매달 저축 얼마씩 붓고 있지", gold=["a23"]),
    dict(u="A", type="entity", query="콩이 관련 기록 다 보여줘", entity="콩이", gold=A_KONG,
         confusable_other_user=C_KONG),
    dict(u="A", type="numeric", query="접수번호 20260226-4471 사고 담당자 누구", gold=["a14"]),
    dict(u="A", type="numeric", query="18만원 들었던 수술 언제였지", gold=["a10"]),
    dict(u="A", type="mixed_lang", query="타이어 공기압 얼마로 넣어야 돼", gold=["a11"]),
    dict(u="A", type="mixed_lang", query="이번달 몇 키로 달렸지", gold=["a34"]),
    dict(u="A", type="negative", query="스쿠터 리스 반납일 언제지", gold=[], neg_kind="absent"),
    dict(u="A", type="negative", query="택배 수거 요일 바뀐 거 뭐였지", gold=[], neg_kind="isolation",
         other_user_has="C", other_user_mem=["c07", "c22"]),
    dict(u="A", type="negative", query="콩이 광견병 주사 언제 맞혔더라", gold=[], neg_kind="isolation_same_name",
         other_user_has="C", other_user_mem=["c21"]),

    # ================= B =================
    dict(u="B", type="update", query="컬러웨이 김태식 과장 번호", gold=["b18"], stale=["b02"], lookalike=["b11"],
         confusable_other_user=D_KIM,
         hard="nickname 김과장님 in gold, full name + company only in stale; another user has a different 김태식"),
    dict(u="B", type="update", query="염모제 정기발주 며칠에 넣지", gold=["b29"], stale=["b03", "b14"],
         hard="moved twice (2 stale); synonyms 염모제/발주 → 염색약/주문; middle note omits the object"),
    dict(u="B", type="update", query="하람쌤 휴무 언제로 바뀌었지", gold=["b15"], stale=["b04"],
         hard="channel posts; query uses the gold's nickname 하람쌤 and a change word, but gold also mentions the old day 화요일; stale says 하람 디자이너 정기휴무"),
    dict(u="B", type="update", query="What color am I doing for Emma?", gold=["b26"], stale=["b05"], lookalike=["b16"],
         hard="fully English pair; gold says balayage/bleach, no 'color'; stale has the full name; referral note is a lookalike"),
    dict(u="B", type="update", query="가게 월세 얼마였지", gold=["b27"], stale=["b06"],
         hard="reported by someone else (부동산 실장님); gold omits 가게 and 월세 ('310으로 올린다고')"),
    dict(u="B", type="update", query="기장 맡긴 세무사 누구야", gold=["b17"], stale=["b07"],
         hard="change written in English (bookkeeping) vs Korean 기장; stale shares 기장 and 세무사님"),
    dict(u="B", type="update", query="인테리어 잔금 얼마 남았더라", gold=["b24"], stale=["b08"],
         hard="typo'd amount corrected; gold contains both numbers and omits 인테리어"),
    dict(u="B", type="update", query="정미경 고객님 토요일 몇 시 예약이지", gold=["b22"], stale=["b21"], lookalike=["b10", "b30"],
         hard="follow-up omits the subject ('그분'); partial (clinic dropped); promo post shares 뿌리염색 + 클리닉"),
    dict(u="B", type="update", query="급여 지급일 며칠이지", gold=["b25"], stale=["b09"],
         hard="synonyms 월급날 vs 급여 지급일; both in channel; query uses the newer wording, so recency must not be needed to win here but must not hurt"),
    dict(u="B", type="keyword", query="보수교육 일정", gold=["b19"]),
    dict(u="B", type="keyword", query="샴푸 도매가 얼마였지", gold=["b20"]),
    dict(u="B", type="keyword", query="인턴 면접 지원자 이름", gold=["b23"]),
    dict(u="B", type="inflection", query="남편생일 케이크 어디서 주문했더라", gold=["b13"]),
    dict(u="B", type="inflection", query="서진 실장 생일이 언제야", gold=["b34"]),
    dict(u="B", type="paraphrase", query="가게 문 몇 시에 열어", gold=["b01"]),
    dict(u="B", type="paraphrase", query="가게 건물에 차 몇 대까지 세울 수 있지", gold=["b33"]),
    dict(u="B", type="paraphrase", query="우리 딸 이 검사 받는 날", gold=["b28"]),
    dict(u="B", type="entity", query="김태식 과장 관련된 거 다 알려줘", entity="김태식", gold=B_KIM,
         confusable_other_user=D_KIM),
    dict(u="B", type="numeric", query="01066192047 누구 번호야", gold=["b18"]),
    dict(u="B", type="numeric", query="78000원짜리 박스 뭐였지", gold=["b20"]),
    dict(u="B", type="mixed_lang", query="When is the stylist refresher training?", gold=["b19"]),
    dict(u="B", type="mixed_lang", query="카드단말기 고치러 언제 와", gold=["b32"]),
    dict(u="B", type="negative", query="가게 와이파이 이름 뭐였지", gold=[], neg_kind="absent"),
    dict(u="B", type="negative", query="할머니 생신 언제였지", gold=[], neg_kind="isolation",
         other_user_has="A", other_user_mem=["a18"]),
    dict(u="B", type="negative", query="김태식 씨 번역 원고 마감 언제지", gold=[], neg_kind="isolation_same_name",
         other_user_has="D", other_user_mem=["d01", "d19"]),

    # ================= C =================
    dict(u="C", type="update", query="벌통 몇 통 키우고 있지", gold=["c03"], stale=["c02"], lookalike=["c34"],
         hard="same-day typo correction, gold is only '아까 48 오타 84통임'; query says 벌통, stale 봉군; lookalike '빈 벌통 6개'"),
    dict(u="C", type="update", query="농협 꿀 수매 담당자 연락처", gold=["c16"], stale=["c04"],
         hard="nickname 최계장님; successor reported by SMS; query shares 농협 꿀 수매 담당 with stale"),
    dict(u="C", type="update", query="아카시아 채밀 날짜 언제로 잡혔지", gold=["c28"], stale=["c20", "c26"],
         hard="moved twice (2 stale); abbreviation 아카시 in the middle note; gold omits 아카시아/채밀 entirely"),
    dict(u="C", type="update", query="트럭 수리 맡긴 거 언제 찾으러 가", gold=["c15"], stale=["c14"],
         hard="reported by the garage by phone; gold omits 트럭/수리; stale shares 트럭 수리 맡김 찾기로"),
    dict(u="C", type="update", query="아카시아꿀 2.4키로 스토어에서 얼마에 팔지", gold=["c27"], stale=["c09"],
         hard="partial change (one product's price); stale has 스마트스토어/2.4kg, gold neither"),
    dict(u="C", type="update", query="When does the courier come to pick up?", gold=["c22"], stale=["c07"],
         hard="cross-language: stale mixed with 'pickup', gold Korean '수거'; English query shares 'pick up' with stale"),
    dict(u="C", type="update", query="응애약 요즘 뭐 쓰지", gold=["c18"], stale=["c05"],
         hard="synonyms 응애 방제 약 vs 응애약, 개미산 스트립 vs 옥살산 훈증; query uses the gold's compound 응애약, stale splits it (응애 방제 약)"),
    dict(u="C", type="update", query="아버지 도립병원 외래 날짜", gold=["c30"], stale=["c23"],
         hard="reported by hospital SMS; 아버지 vs 아부지; stale shares 아버지/도립병원/외래"),
    dict(u="C", type="update", query="양봉협회 모임 어디서 해", gold=["c19"], stale=["c06"],
         hard="partial (place changes, time stays); channel; gold omits 양봉협회"),
    dict(u="C", type="keyword", query="로열젤리 주문 김순례 할머니", gold=["c24"]),
    dict(u="C", type="keyword", query="화분떡 주문 언제 도착", gold=["c13"]),
    dict(u="C", type="inflection", query="손녀 생일이 언제였더라", gold=["c10"]),
    dict(u="C", type="inflection", query="꿀성분검사 성적서 번호", gold=["c29"]),
    dict(u="C", type="inflection", query="콩이 진드기약은 언제 바르지", gold=["c08"]),
    dict(u="C", type="paraphrase", query="양벌 지원사업 접수한 거 공무원 누구였지", gold=["c11"]),
    dict(u="C", type="paraphrase", query="꿀나무 심은 거 몇 그루였지", gold=["c31"]),
    dict(u="C", type="entity", query="콩이 관련 다 알려줘", entity="콩이", gold=C_KONG,
         confusable_other_user=A_KONG),
    dict(u="C", type="entity", query="아카시아 관련 기록 전부", entity="아카시아", gold=["c09", "c20", "c26", "c27", "c28"]),
    dict(u="C", type="numeric", query="9203-5518 누구 번호더라", gold=["c24"]),
    dict(u="C", type="numeric", query="0381로 끝나는 신청번호 담당자", gold=["c11"]),
    dict(u="C", type="mixed_lang", query="여왕벌 주문한 거 언제 배송돼", gold=["c12"]),
    dict(u="C", type="mixed_lang", query="Where do I keep the bee sting allergy meds?", gold=["c17"]),
    dict(u="C", type="negative", query="벌꿀 축제 부스 신청 마감일", gold=[], neg_kind="absent"),
    dict(u="C", type="negative", query="엔진오일 교체 몇 km마다 하지", gold=[], neg_kind="isolation",
         other_user_has="A", other_user_mem=["a03"]),
    dict(u="C", type="negative", query="딸 피아노학원 몇 시에 끝나", gold=[], neg_kind="isolation",
         other_user_has="B", other_user_mem=["b12"]),

    # ================= D =================
    dict(u="D", type="update", query="When is the Nabi Books draft due?", gold=["d19"], stale=["d01"], lookalike=["d29", "d30"],
         hard="fully English; nickname Tae-sik; 'can slip to' instead of 'due'; two other Nabi notes with due dates/offers"),
    dict(u="D", type="update", query="How much does Lumen pay per word now?", gold=["d26"], stale=["d02", "d08"],
         hard="fully English, moved twice (2 stale, 110 → 120 → 125); all three share Lumen/per word; the 120 note says 'raised', the gold says 'Renegotiated'"),
    dict(u="D", type="update", query="When's my cleaning at Bright Smile Dental?", gold=["d16"], stale=["d10"], lookalike=["d31"],
         hard="fully English; gold omits dentist and clinic ('Moved the cleaning to Mar 13, same time'); Korean lookalike about the same dentist"),
    dict(u="D", type="update", query="Pilates class days at Core Loft", gold=["d17"], stale=["d07"],
         hard="fully English; gold omits the studio; query shares Pilates + Core Loft with stale, only Pilates with gold"),
    dict(u="D", type="update", query="How much was invoice INV-0219?", gold=["d13"], stale=["d09"],
         hard="fully English typo correction; gold contains both amounts; stale has 'Invoice ... to Lumen sent'"),
    dict(u="D", type="update", query="집주인 최 사장님 번호", gold=["d23"], stale=["d03"],
         hard="cross-language: Korean original, English change ('Landlord'); Korean query shares 집주인 최 사장님 with stale"),
    dict(u="D", type="update", query="When does my CAT tool subscription renew?", gold=["d25"], stale=["d04"],
         hard="mixed pair, partial (annual → monthly, new day); query shares 'CAT tool' and 갱신 meaning with stale; gold says 결제"),
    dict(u="D", type="update", query="통번역 스터디 무슨 요일 몇 시", gold=["d24"], stale=["d05"], lookalike=["d32"],
         hard="reported by someone else (스터디장 유나); gold omits 통번역; lookalike '스터디 끝나고 케이크'"),
    dict(u="D", type="keyword", query="Desk&Dot 자리 번호", gold=["d12"]),
    dict(u="D", type="keyword", query="외장하드 백업 언제 하지", gold=["d27"]),
    dict(u="D", type="inflection", query="번역협회 회원번호가 뭐였지", gold=["d15"]),
    dict(u="D", type="inflection", query="노트북수리 접수증 번호", gold=["d21"]),
    dict(u="D", type="inflection", query="과외학생 하윤이는 무슨 요일이야", gold=["d18"]),
    dict(u="D", type="paraphrase", query="시험 번역 언제까지 제출해야 돼", gold=["d22"]),
    dict(u="D", type="paraphrase", query="7월에 일 안 받는 기간", gold=["d34"]),
    dict(u="D", type="entity", query="김태식 팀장 관련 메모 다", entity="김태식", gold=D_KIM,
         confusable_other_user=B_KIM),
    dict(u="D", type="entity", query="Lumen Agency 관련 전부 보여줘", entity="Lumen", gold=["d02", "d08", "d09", "d13", "d26"]),
    dict(u="D", type="numeric", query="01088413065 누구 번호야", gold=["d23"]),
    dict(u="D", type="numeric", query="82만원 환급 예상 그거", gold=["d20"]),
    dict(u="D", type="numeric", query="9만 2천 단어짜리 소설", gold=["d29"]),
    dict(u="D", type="mixed_lang", query="Where's my spare laptop charger?", gold=["d28"]),
    dict(u="D", type="mixed_lang", query="When is Mom's birthday this year?", gold=["d11"]),
    dict(u="D", type="negative", query="비자 연장 서류 언제 내야 돼", gold=[], neg_kind="absent"),
    dict(u="D", type="negative", query="지은이 생일 선물 뭐 샀지", gold=[], neg_kind="isolation",
         other_user_has="A", other_user_mem=["a31"]),
    dict(u="D", type="negative", query="김태식 과장 바뀐 번호", gold=[], neg_kind="isolation_same_name",
         other_user_has="B", other_user_mem=["b18", "b02"]),
]


def build():
    by_user = {}
    for u, key, when, ch, lang, text in MEM:
        md, hm = when.split()
        ts = f"2026-{md}T{hm}:{(sum(map(ord, key)) * 7) % 60:02d}Z"
        by_user.setdefault(u, []).append(dict(key=key, ts=ts, channel_type=ch, lang=lang, text=text))
    keymap, mems, n = {}, [], 0
    for u in ["A", "B", "C", "D"]:
        for m in sorted(by_user[u], key=lambda r: r["ts"]):
            n += 1
            mid = f"m{n:04d}"
            keymap[m["key"]] = mid
            mems.append({"id": mid, "user_id": USERS[u][0], "text": m["text"], "ts": m["ts"],
                         "channel_type": m["channel_type"], "lang": m["lang"]})
    ids = lambda ks: [keymap[k] for k in ks]
    queries = []
    for i, q in enumerate(Q, 1):
        row = {"qid": f"q{i:03d}", "user_id": USERS[q["u"]][0], "query": q["query"],
               "gold": ids(q["gold"]), "type": q["type"]}
        for f in ("stale", "lookalike", "confusable_other_user", "other_user_mem"):
            if f in q:
                row[f] = ids(q[f])
        if "entity" in q:
            row["entity"] = q["entity"]
        if "neg_kind" in q:
            row["neg_kind"] = q["neg_kind"]
            if "other_user_has" in q:
                row["other_user_has"] = USERS[q["other_user_has"]][0]
        queries.append(row)
    return mems, queries, keymap


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def update_table(mems, queries):
    text = {m["id"]: m for m in mems}
    uid2key = {v[0]: k for k, v in USERS.items()}
    lines = ["| qid | user | query | gold (newest) | stale | langs stale→gold | what makes it hard |",
             "|---|---|---|---|---|---|---|"]
    for q, src in zip(queries, Q):
        if q["type"] != "update":
            continue
        g = text[q["gold"][0]]
        langs = "+".join(text[s]["lang"] for s in q["stale"]) + "→" + g["lang"]
        lines.append(f"| {q['qid']} | {uid2key[q['user_id']]} | {q['query']} | {q['gold'][0]}: {g['text']} | "
                     f"{', '.join(q['stale'])} | {langs} | {src['hard']} |")
    return "\n".join(lines)


if __name__ == "__main__":
    mems, queries, _ = build()
    write(os.path.join(HERE, "memories.jsonl"), mems)
    write(os.path.join(HERE, "queries.jsonl"), queries)
    print(f"wrote {len(mems)} memories, {len(queries)} queries")
    if "--table" in sys.argv:
        print(update_table(mems, queries))
