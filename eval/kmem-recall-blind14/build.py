#!/usr/bin/env python3
"""blind14: hand-written held-out memory set (4 invented users, KO/EN/mixed).

All data below is written by hand. This script only sorts, numbers and writes:
  memories.jsonl  {"id","user_id","text","ts","channel_type","lang"}
  queries.jsonl   {"qid","user_id","query","gold","type", optional fields}

Memory keys (A01, B13, ...) are local labels; global ids m0001.. are assigned
after sorting each user's memories by ts (users in order A, B, C, D).

  python3 build.py           # write the two files
  python3 build.py --table   # also print the markdown table of update queries
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

USERS = {
    "A": "U07HN3QK2",  # ward nurse on rotating 3 shifts, cat 콩이
    "B": "U05RT8VJ1",  # owner of a small café, bichon dog 콩이
    "C": "U03MB6WE9",  # middle-school science teacher, father of twins 서준/서윤
    "D": "U09ZP4LC7",  # indie game developer, writes mostly English, coworker 윤서진
}

# (key, "MM-DD HH:MM" in 2026, channel_type, lang, text)
MEMS = [
    # ---------------- A: ward nurse, cat 콩이 ----------------
    ("A01", "01-04 22:14", "im", "ko", "콩이 생일 5월 2일ㅎㅎ 코숏 치즈냥 올해 4살됨"),
    ("A02", "01-07 14:03", "im", "ko", "필라테스 '코어앤밸런스' 화목 저녁 7시반 그룹반, 강사 민지쌤"),
    ("A03", "01-09 16:40", "im", "ko", "수영강습 월수금 오전 9시반 한결구민체육센터 중급반"),
    ("A04", "01-12 23:51", "channel", "ko", "2월 근무표: 2/2~2/8 데이, 2/9~2/15 이브닝, 2/16~2/22 나이트"),
    ("A05", "01-15 10:20", "im", "ko", "콩이 다니는 동물병원 하늘숲동물병원, 오태경 원장님 010-4821-3307"),
    ("A06", "01-18 13:05", "im", "ko", "자동차보험 만기 3/21. 하나로손보 설계사 구민혁 010-7730-2915"),
    ("A07", "01-21 08:32", "im", "ko", "동생 결혼식 4/25 토 낮12시 라온웨딩홀 3층 아이리스홀"),
    ("A08", "01-24 19:47", "im", "ko", "한복 대여 '고운결한복' 4/24 오후 픽업, 대여료 18만원"),
    ("A09", "01-27 07:15", "channel", "ko", "이번 분기 병동 비품 담당 나랑 정소율쌤. 비품 주문 마감 매달 20일"),
    ("A10", "02-01 21:30", "im", "ko", "콩이 사료 로얄캐닌 인도어 2kg 한달에 한봉"),
    ("A11", "02-04 11:11", "im", "ko", "간호사 면허 보수교육 올해 8시간 채워야됨 ㅠ 협회 사이트에서 온라인으로"),
    ("A12", "02-07 15:42", "im", "ko", "관리비 자동이체 매달 25일 14만원쯤"),
    ("A13", "02-10 09:09", "im", "ko", "치과 스케일링 예약 2/19 목 오후 2시 미소담치과"),
    ("A14", "02-11 08:02", "im", "ko", "아 그거 2/26 같은 시간으로 미룸ㅠ 나이트 걸려서"),
    ("A15", "02-15 18:30", "im", "ko", "코어앤밸런스 필라 쌤 바뀜 → 수빈쌤. 요일 시간은 그대로"),
    ("A16", "02-20 12:10", "channel", "ko", "3월 근무표: 3/2~3/8 나이트, 3/9~3/22 데이, 3/23부터 이브닝"),
    ("A17", "02-24 22:45", "im", "ko", "콩이 병원 옮김 → 봄빛동물메디컬 (집앞이라ㅋㅋ) 채윤 수의사쌤 010-2268-5140"),
    ("A18", "03-01 10:00", "im", "ko", "차보험 갱신 완. 담당 바뀜 → 도하린 010-5517-0842, 만기 내년 3/21"),
    ("A19", "03-04 16:20", "im", "ko", "동생 결혼식 홀 5층 그랜드볼룸으로 바뀌었대. 날짜 시간은 그대로"),
    ("A20", "03-08 07:55", "channel", "ko", "수간호사쌤 공지) 물품 신청은 매달 15일까지"),
    ("A21", "03-12 20:05", "im", "ko", "콩이 살쪄서 힐스 체중관리 사료로 갈아탐 1.5kg짜리"),
    ("A22", "03-15 13:33", "im", "mixed", "주말에 climbing도 해볼까 고민중ㅋㅋ 더클라임블루 day pass 25,000원"),
    ("A23", "03-19 09:45", "im", "mixed", "Swim class 시간만 변경 → 월수금 10:30am, 센터랑 반은 same"),
    ("A24", "03-25 11:20", "im", "ko", "원룸 계약 만료 8/31, 집주인 최영배 사장님 010-6604-1178"),
    ("A25", "03-30 15:00", "im", "ko", "최영배 사장님 번호 오타였네ㅋㅋ 끝자리 1187이 맞음"),
    ("A26", "04-03 17:40", "im", "mixed", "동생 신혼집 선물 Le Creuset 냄비 세트로 결정, budget 30만원"),
    ("A27", "04-09 08:15", "channel", "ko", "5월 근무표: 5/4~5/10 이브닝, 5/11~5/17 나이트, 5/18부터 데이"),
    ("A28", "04-14 21:10", "im", "ko", "콩이 종합백신 5/9 토 오전 11시 봄빛에서"),
    ("A29", "04-20 10:30", "im", "ko", "여름휴가 6/8~6/12 신청함. 제주 숙소 '바람결스테이' 예약번호 BG-40217"),
    ("A30", "04-28 19:19", "im", "ko", "휴가 밀림ㅠㅠ 6/15~6/19로 최종 승인. 숙소 날짜도 바꿔야됨"),
    ("A31", "05-10 12:00", "im", "ko", "콩이 백신 맞고 옴. 몸무게 5.8kg, 다음 접종은 내년 5월"),
    ("A32", "05-12 23:30", "channel", "ko", "병동 회식 6/5 금 저녁 7시 '한우마당' 은행나무점"),
    ("A33", "05-20 09:00", "channel", "ko", "회식 장소 변경: 불판집 (병원 후문 쪽). 날짜 시간 동일"),
    ("A34", "06-02 14:14", "im", "ko", "바람결스테이 날짜 변경하면서 예약번호 새로 받음 BG-40588"),

    # ---------------- B: café owner, dog 콩이 ----------------
    ("B01", "01-03 09:10", "im", "ko", "우리 콩이 생일 11월 20일! 비숑 남아 3살"),
    ("B02", "01-05 22:30", "im", "ko", "원두 거래처 브라운힐로스터스 강태오 실장님 010-3356-7201, 매주 화요일 입고"),
    ("B03", "01-08 15:45", "im", "ko", "우유 거래처 푸른목장유업, 1L 48팩씩 주 2회(월/목), 팩당 2,150원"),
    ("B04", "01-11 20:00", "im", "ko", "알바 지유: 월수금 오픈 7시~12시, 시급 10,320원"),
    ("B05", "01-13 11:00", "im", "ko", "알바 민재: 화목토 마감 3시~9시, 시급 10,320원"),
    ("B06", "01-16 13:20", "channel", "ko", "에스프레소 머신 AS는 크레마테크 김보겸 기사님 010-9043-1275"),
    ("B07", "01-19 08:50", "im", "ko", "콩이 미용 몽글펫살롱 4주마다. 다음 예약 2/7 토 오전 10시"),
    ("B08", "01-23 17:30", "im", "ko", "가게 월세 230만원 매달 5일 이체, 건물주 배성찬 사장님"),
    ("B09", "01-26 21:05", "im", "ko", "세무사 홍유나님한테 기장 맡김, 수수료 월 15만원. 010-2754-9031"),
    ("B10", "01-30 10:15", "im", "ko", "신메뉴 흑임자라떼 레시피: 흑임자 페이스트 25g + 우유 180ml + 샷1"),
    ("B11", "02-02 14:40", "im", "ko", "지유 2월부터 시급 10,800원"),
    ("B12", "02-05 09:30", "im", "en", "Green beans via Beanbridge Trading (rep: Olivia Han): Ethiopia Guji 60kg, ETA Feb 20"),
    ("B13", "02-08 16:10", "im", "ko", "입고 요일 화→목 됨. 태오 실장님은 그대로"),
    ("B14", "02-12 19:00", "im", "ko", "몽글 원장님이 털 너무 짧게 밀지 말재서 이제 5주 간격으로"),
    ("B15", "02-15 11:30", "im", "ko", "솔매동 플리마켓 3/14 토 참가신청함. 부스비 3만원, 드립백 200개 준비"),
    ("B16", "02-19 08:20", "im", "mixed", "Guji 생두 ETA 3/3으로 밀림ㅠ 통관 delay래"),
    ("B17", "02-24 22:10", "im", "ko", "콩이 산책 코스 솔매천 한바퀴 40분, 보통 저녁 9시쯤"),
    ("B18", "03-02 13:00", "im", "ko", "우유값 인상 통보받음ㅠ 2,150 → 2,380원 3월 납품분부터"),
    ("B19", "03-06 10:45", "channel", "ko", "가게 인스타 관리 민재한테 맡김, 주 3회 업로드 + 월 5만원 추가"),
    ("B20", "03-10 15:15", "im", "ko", "흑임자 페이스트 30g으로 올림. 연하다는 리뷰 많아서"),
    ("B21", "03-13 18:40", "im", "ko", "플리마켓 비 예보로 3/21로 연기됨, 부스비 그대로"),
    ("B22", "03-18 09:00", "im", "ko", "기장 세무사 바꿈 → 세무법인 정연 문다솜 세무사 010-8125-6639, 월 13만원"),
    ("B23", "03-22 20:30", "im", "ko", "콩이 심장사상충약 매달 1일에 먹이기 (넥스가드 스펙트라)"),
    ("B24", "03-27 14:00", "im", "ko", "EK43 버 교체 완료 (3/27). 다음 교체는 원두 1,200kg 정도 갈고 나서"),
    ("B25", "04-02 11:11", "im", "ko", "가게 화재보험 만기 9/30, 보장 1억, 한빛화재 염지훈 010-6310-4478"),
    ("B26", "04-07 16:30", "im", "ko", "재계약하면서 월세 245만원으로 인상, 5월부터. 이체일 5일은 그대로"),
    ("B27", "04-12 09:40", "channel", "ko", "5월 시즌메뉴 카네이션 딸기라떼 5/1~5/31 판매"),
    ("B28", "04-17 21:00", "im", "ko", "콩이 미용 5/2 토 오전 11시 몽글"),
    ("B29", "04-23 13:25", "im", "ko", "배사장님이 사정 봐주셔서 임대료 240으로 조정됨!! 5월분부터"),
    ("B30", "05-01 10:00", "im", "mixed", "딸기라떼 계속 sold out이라 딸기청 batch 두배로"),
    ("B31", "05-08 15:50", "im", "ko", "민재 6월부터 화/토 마감만, 주 2회로 줄임"),
    ("B32", "05-15 19:30", "im", "en", "Beanbridge has a new rep from June: Ethan Cho. Olivia moved to their Busan office."),
    ("B33", "05-24 11:00", "im", "ko", "여름 휴무 7/27~7/31, 인스타 공지 7월 초에 올리기"),
    ("B34", "06-05 17:20", "im", "ko", "콩이 슬개골 검진 6/18 목 오후 4시 토닥동물병원"),

    # ---------------- C: science teacher, twins 서준/서윤 ----------------
    ("C01", "01-05 07:30", "im", "ko", "쌍둥이 태권도 한마음태권도 월~금 오후 4시, 관장님 010-2290-4416"),
    ("C02", "01-06 21:40", "im", "ko", "애들 겨울캠프 '숲속과학캠프' 1/20~1/22 2박3일, 참가비 1인 29만원"),
    ("C03", "01-08 20:00", "im", "ko", "서준 알레르기 복숭아, 땅콩 ㅠ 서윤이는 없음"),
    ("C04", "01-09 12:15", "channel", "ko", "새학기 2학년 4반 담임 확정 + 과학 2,3학년 맡음"),
    ("C05", "01-15 09:20", "im", "ko", "쌍둥이 소아과 튼튼소아청소년과 백지호 원장님, 예약은 앱으로"),
    ("C06", "01-19 22:05", "im", "ko", "늘봄교실 신청 1/30 마감, 오후 5시까지 돌봄"),
    ("C07", "01-22 14:30", "channel", "ko", "과학실 준비물 주문은 나혜원 실무사님, 내선 2214"),
    ("C08", "01-26 19:10", "im", "ko", "서준 수영 화목 5시반 아쿠아키즈, 셔틀 4시50분 아파트 정문"),
    ("C09", "01-28 19:30", "im", "ko", "서윤 피아노 월수 5시 도레미음악학원, 원비 16만원"),
    ("C10", "02-02 08:00", "im", "ko", "방학 연수 2/10~2/12 탐구수업 설계, 교육연수원 302호"),
    ("C11", "02-06 18:45", "im", "ko", "서윤이 피아노 화목으로 옮김. 시간은 똑같이 5시"),
    ("C12", "02-10 11:20", "channel", "ko", "아 과학실 내선 2241임ㅋㅋ 2214 아님 오타"),
    ("C13", "02-14 16:00", "im", "ko", "쌍둥이 반 배정: 서준 1반 윤서진 선생님, 서윤 3반 곽미래 선생님"),
    ("C14", "02-20 20:20", "im", "ko", "서준 학부모 상담 3/26 목 오후 4시 윤서진쌤, 대면"),
    ("C15", "02-24 21:00", "im", "ko", "서윤 상담 3/26 4시40분 곽미래쌤 전화로"),
    ("C16", "03-02 07:45", "channel", "ko", "우리반 2-4 반장 도윤하, 부반장 이채원"),
    ("C17", "03-05 13:10", "channel", "ko", "과학 수행평가 4/13~4/17 '산과 염기' 실험보고서"),
    ("C18", "03-09 22:30", "im", "ko", "윤서진쌤이 하루 미루자고 문자 주심. 27일 금요일 같은 시간"),
    ("C19", "03-12 17:00", "im", "ko", "태권도 관장님 번호 바뀜 010-2290-7781"),
    ("C20", "03-16 08:40", "im", "en", "Science fair judging Apr 24, 9am-12pm in the gym. I'm on panel B."),
    ("C21", "03-20 19:50", "im", "ko", "수영 셔틀 10분 당겨짐 → 4시40분"),
    ("C22", "03-24 12:00", "channel", "ko", "수행평가 한 주 밀림 → 4/20~4/24 (중간고사 범위 때문에)"),
    ("C23", "03-29 21:15", "im", "ko", "애들 병원: 해맑은아이들의원 (토요일 진료 O)"),
    ("C24", "04-03 10:10", "im", "mixed", "중간고사 science 범위: 1단원~3단원 2절까지, 서술형 40%"),
    ("C25", "04-08 18:30", "im", "ko", "피아노 원비 4월부터 17만원으로 오름"),
    ("C26", "04-14 20:45", "im", "ko", "어버이날 양가 식사 5/9 토 저녁 6시 청솔한정식 8명 예약"),
    ("C27", "04-21 07:50", "channel", "ko", "2학년 현장체험학습 5/22 별빛천문대, 인솔함. 버스 8시 학교 출발"),
    ("C28", "04-27 22:00", "im", "mixed", "Family trip 6/20~6/22 해솔리조트 2박, 예약번호 HS-77310"),
    ("C29", "05-04 16:40", "im", "en", "Grade head says the field trip bus leaves at 7:30am now, not 8."),
    ("C30", "05-07 21:30", "im", "ko", "어버이날 식사 처형네도 온대서 10명으로 변경함"),
    ("C31", "05-18 13:00", "channel", "ko", "1학기 기말고사 6/30~7/2, 과학은 7/1 2교시"),
    ("C32", "05-26 20:10", "im", "ko", "해솔 하루 연장해서 3박 6/20~6/23. 예약번호는 그대로래"),
    ("C33", "06-08 09:30", "im", "ko", "서준 알레르기 재검 땅콩은 음성!! 이제 복숭아만 조심"),
    ("C34", "06-15 19:00", "im", "ko", "여름방학 서준 서윤 수영캠프 7/27~7/31 아쿠아키즈, 1인 22만원"),

    # ---------------- D: indie game developer, coworker 윤서진 ----------------
    ("D01", "01-05 10:00", "channel", "en", "Lanternfall alpha milestone due Feb 27, submit through the publisher portal."),
    ("D02", "01-07 21:30", "im", "en", "Dentist: Dr. Hwang at Brightline Dental. Next cleaning Jan 29, 6:30pm."),
    ("D03", "01-10 12:45", "im", "mixed", "윤서진 (AD) prefers feedback as Figma comments, DM 말고"),
    ("D04", "01-13 19:20", "im", "en", "Futsal every Sunday 8pm, Riverside Arena court 2, team Offside Cats"),
    ("D05", "01-16 23:10", "im", "ko", "오피스텔 관리비 매달 10일 자동이체, 9만원 정도. 관리실 010-3948-2206"),
    ("D06", "01-20 08:15", "im", "ko", "출퇴근 자전거 Gearloop Cycles에서 정비 받음. 다음 점검 4월쯤"),
    ("D07", "01-24 14:00", "channel", "en", "Build server on-call: I'm on the weeks of Feb 9 and Mar 9."),
    ("D08", "01-28 20:40", "im", "en", "Japanese class Tue/Thu 9pm online, teacher Aoi, 12-week course"),
    ("D09", "02-01 11:30", "im", "en", "Studio lease ends Aug 31. Landlord Mr. Seo, 010-4471-2093"),
    ("D10", "02-04 09:10", "channel", "en", "Alpha pushed to Mar 13 - publisher wants co-op in the alpha build."),
    ("D11", "02-08 22:00", "im", "mixed", "풋살 court 4로 옮김 from Feb 15, 시간은 same"),
    ("D12", "02-12 17:45", "im", "en", "Gym: IronRoot Fitness by the office, 6-month membership until Jul 31, locker 117"),
    ("D13", "02-16 13:30", "im", "ko", "치과 다녀옴. 다음 스케일링은 7월 말쯤 예약하래"),
    ("D14", "02-19 10:20", "channel", "ko", "핸드헬드 포팅 성능 목표: 프레임 33ms, 메모리 2.8GB 상한"),
    ("D15", "02-23 21:15", "im", "en", "Japanese class: Wed/Fri 9pm with Aoi from this week."),
    ("D16", "02-27 19:00", "im", "ko", "엄마 생신 4월 11일 양력. 선물 안마기 생각중"),
    ("D17", "03-03 08:30", "channel", "mixed", "서진님이 UI art 최종본 3/6까지 넘겨준대"),
    ("D22", "03-05 09:45", "channel", "en", "Swapped build-server on-call with Jae: I now take the week of Mar 16, not Mar 9."),
    ("D18", "03-07 16:45", "im", "mixed", "집 근처 볼더링장 Chalk Harbor 10회권 끊음, expires May 31"),
    ("D19", "03-11 11:00", "channel", "ko", "알파 빌드 또 밀림ㅋㅋ 3/20 최종. 퍼블리셔 QA 일정 때문"),
    ("D20", "03-15 14:20", "im", "en", "IronRoot moved my locker from 117 to 203, membership unchanged."),
    ("D21", "03-19 20:10", "im", "en", "Mr. Seo retired; his daughter Seo Yerin manages the building now. Her number: 010-4471-8830"),
    ("D23", "03-28 18:00", "im", "mixed", "엄마 생신 선물 안마기 말고 massage chair 렌탈로, 월 4.9만원"),
    ("D24", "04-02 12:30", "im", "ko", "자전거 점검 4/18 토 오전 10시 기어루프"),
    ("D25", "04-07 22:40", "im", "en", "IndieCon Tokyo: flight out May 14, back May 17, booking ref QX7M2P"),
    ("D26", "04-12 10:00", "im", "mixed", "IndieCon 발표 slot: May 15 오후 2시, Hall C, 25분"),
    ("D27", "04-18 17:15", "im", "ko", "자전거 점검 끝. 체인은 3,000km쯤에서 교체하래"),
    ("D28", "04-24 21:20", "im", "ko", "관리비 이체일 25일로 바꿈, 월급날 맞춰서"),
    ("D29", "04-30 09:30", "im", "mixed", "IndieCon talk moved → May 16 오전 11시, Hall C는 그대로"),
    ("D30", "05-06 13:10", "channel", "en", "Beta target Jul 10. Steam page goes live Jun 12."),
    ("D31", "05-11 19:45", "im", "en", "Changed the IndieCon return flight to May 18. New booking ref QX7M9T."),
    ("D32", "05-20 22:30", "im", "ko", "윤서진님 결혼식 6/27 토 오후 1시 그레이스홀, 축의금 10만원"),
    ("D33", "05-27 11:00", "channel", "mixed", "Steam page 오픈 6/19로 일주일 밀림, beta는 Jul 10 그대로"),
    ("D34", "05-29 20:00", "im", "ko", "초크하버 10회권 6/30까지 연장해줌, 3회 남음"),
]

# Same-name memories of other users (for confusable_other_user).
KONGI_A = ["A01", "A05", "A10", "A17", "A21", "A28", "A31"]
KONGI_B = ["B01", "B07", "B17", "B23", "B28", "B34"]
SEOJIN_C = ["C13", "C14", "C18"]
SEOJIN_D = ["D03", "D17", "D32"]


def Q(u, query, type_, gold=(), **kw):
    d = {"u": u, "query": query, "type": type_, "gold": list(gold)}
    d.update(kw)
    return d


QUERIES = [
    # ======================= A =======================
    Q("A", "콩이 생일 언제더라", "keyword", ["A01"], confusable=["B01"]),
    Q("A", "3월 근무표 이브닝 언제부터야", "keyword", ["A16"], lookalike=["A04", "A27"]),
    Q("A", "힐스 체중관리 사료 몇 kg짜리 샀지", "keyword", ["A21"]),
    Q("A", "콩이 종합 백신 예약 몇 시였지", "inflection", ["A28"]),
    Q("A", "면허보수교육은 어디서 듣는댔지", "inflection", ["A11"]),
    Q("A", "관리비는 며칠에 빠져나가?", "inflection", ["A12"]),
    Q("A", "우리 고양이 체중 얼마 나갔지", "paraphrase", ["A31"]),
    Q("A", "동생 집들이 선물로 뭐 사주기로 했더라", "paraphrase", ["A26"]),
    Q("A", "2월 밤번 며칠부터 며칠까지야", "paraphrase", ["A04"], lookalike=["A16", "A27"]),
    Q("A", "콩이 관련된 거 전부 알려줘", "entity", KONGI_A, entity="콩이", confusable=KONGI_B),
    Q("A", "BG-40588 이거 무슨 예약번호야", "numeric", ["A34"]),
    Q("A", "25000원짜리 이용권 뭐였지", "numeric", ["A22"]),
    Q("A", "How much is the hanbok rental?", "mixed_lang", ["A08"]),
    Q("A", "When am I on nights in May?", "mixed_lang", ["A27"], lookalike=["A04", "A16"]),
    Q("A", "필라테스 강사 누구였지", "update", ["A15"], stale=["A02"], lookalike=["A03"],
      why="partial change (teacher only, time kept); new note abbreviates 필라테스→필라 and 강사→쌤; query words 필라테스/강사 only in the stale note; swim class look-alike"),
    Q("A", "콩이 동물병원 어디 다니지", "update", ["A17"], stale=["A05"], confusable=["B34"],
      why="stale note has the query's exact words 동물병원/다니는; new says 병원 옮김 + 동물메디컬; the other user's 콩이 has a 토닥동물병원 memory"),
    Q("A", "동생 결혼식 어느 홀이야", "update", ["A19"], stale=["A07"],
      why="partial change (hall/floor changed, date and time kept); stale note has the full hall name 아이리스홀 + 웨딩홀"),
    Q("A", "비품 주문 마감 며칠이야", "update", ["A20"], stale=["A09"],
      why="reported by someone else (수간호사 공지); no change word; synonyms 비품 주문 마감 → 물품 신청 …까지; stale contains every query word"),
    Q("A", "미소담치과 스케일링 언제로 잡았지", "update", ["A14"], stale=["A13"],
      why="follow-up that omits the subject (\"아 그거 2/26 …로 미룸\"); new note has no 치과/스케일링 word at all"),
    Q("A", "자동차보험 설계사 연락처", "update", ["A18"], stale=["A06"],
      why="synonyms/abbreviations 자동차보험→차보험, 설계사→담당; new number differs entirely"),
    Q("A", "수영강습 몇 시야", "update", ["A23"], stale=["A03"], lookalike=["A02", "A15"],
      why="original Korean, change written mixed ('Swim class … 10:30am … same'); partial (time only); pilates class look-alikes also have times"),
    Q("A", "집주인 전화번호 뭐였지", "update", ["A25"], stale=["A24"],
      why="typo correction of a number (…1178 → …1187), new note gives only the last 4 digits and no 집주인 word"),
    Q("A", "병동 회식 어디서 해", "update", ["A33"], stale=["A32"],
      why="query shares 병동 회식 with the stale note; new note is short ('회식 장소 변경: 불판집')"),
    Q("A", "콩이 산책 코스 어디였지", "negative", [], neg_kind="isolation_same_name", other=["B17"]),
    Q("A", "기장 맡긴 세무사 번호 뭐였지", "negative", [], neg_kind="isolation", other=["B09", "B22"]),
    Q("A", "내 혈액형 뭐였지", "negative", [], neg_kind="absent"),

    # ======================= B =======================
    Q("B", "콩이 산책 몇 시쯤 해", "keyword", ["B17"]),
    Q("B", "화재보험 만기 언제야", "keyword", ["B25"]),
    Q("B", "카네이션 딸기라떼 판매 기간", "keyword", ["B27"]),
    Q("B", "콩이 생일이 며칠이었지", "inflection", ["B01"], confusable=["A01"]),
    Q("B", "심장사상충 약은 언제 먹여", "inflection", ["B23"]),
    Q("B", "여름휴무 며칠부터였지", "inflection", ["B33"]),
    Q("B", "강아지 무릎 검사 예약 언제", "paraphrase", ["B34"]),
    Q("B", "SNS 계정 관리 누구한테 맡겼더라", "paraphrase", ["B19"]),
    Q("B", "민재 관련된 거 다 보여줘", "entity", ["B05", "B19", "B31"], entity="민재"),
    Q("B", "몽글펫살롱 관련 전부", "entity", ["B07", "B14", "B28"], entity="몽글펫살롱"),
    Q("B", "01063104478 누구 번호지", "numeric", ["B25"]),
    Q("B", "1200kg 되면 뭐 갈아야 된댔지", "numeric", ["B24"]),
    Q("B", "How much milk goes into the black sesame latte?", "mixed_lang", ["B10"]),
    Q("B", "When is Kongi's grooming appointment in May?", "mixed_lang", ["B28"]),
    Q("B", "브라운힐로스터스 원두 무슨 요일에 들어와", "update", ["B13"], stale=["B02"],
      why="follow-up without the vendor name (no 브라운힐/원두 in the new note), change shown only as '화→목'"),
    Q("B", "푸른목장유업 우유 팩당 얼마야", "update", ["B18"], stale=["B03"],
      why="new note drops the vendor name and 팩당, and still contains the old price 2,150"),
    Q("B", "흑임자 라떼 페이스트 몇 g 넣지", "update", ["B20"], stale=["B10"],
      why="partial change (paste only; milk and shot unchanged); new note omits the drink name; query spacing matches neither"),
    Q("B", "알바 지유 시급 얼마야", "update", ["B11"], stale=["B04"], lookalike=["B05"],
      why="no change word at all; stale shares 알바/지유/시급; look-alike: the other part-timer 민재 has the same old wage"),
    Q("B", "Guji 생두 언제 도착해", "update", ["B16"], stale=["B12"],
      why="original in English ('ETA Feb 20'), change in mixed Korean-English ('ETA 3/3으로 밀림')"),
    Q("B", "세무사 번호 뭐였지", "update", ["B22"], stale=["B09"],
      why="both notes are about 세무사 with a phone number; only recency separates them"),
    Q("B", "가게 월세 얼마 내지", "update", ["B29"], stale=["B08", "B26"],
      why="moved twice (230 → 245 → 240); final change reported via the landlord (배사장님) and uses 임대료, never 월세; both stale notes contain 가게/월세"),
    Q("B", "Who is my rep at Beanbridge?", "update", ["B32"], stale=["B12"],
      why="fully English; stale has the literal 'rep:' field; new note says 'new rep from June'"),
    Q("B", "콩이 예방접종 언제 했지", "negative", [], neg_kind="isolation_same_name", other=["A28", "A31"]),
    Q("B", "필라테스 강사 누구였지", "negative", [], neg_kind="isolation", other=["A02", "A15"]),
    Q("B", "에스프레소 머신 살 때 얼마 줬더라", "negative", [], neg_kind="absent"),

    # ======================= C =======================
    Q("C", "숲속과학캠프 참가비 얼마", "keyword", ["C02"]),
    Q("C", "늘봄교실 신청 마감 언제", "keyword", ["C06"]),
    Q("C", "우리 반 반장이 누구였지", "inflection", ["C16"]),
    Q("C", "기말고사에 과학은 몇교시야", "inflection", ["C31"]),
    Q("C", "애들 여름 물놀이 캠프 얼마였지", "paraphrase", ["C34"]),
    Q("C", "2학년 천문대 견학 날짜", "paraphrase", ["C27"]),
    Q("C", "중간 시험 주관식 몇 퍼센트야", "paraphrase", ["C24"]),
    Q("C", "서윤이 관련 다 알려줘", "entity", ["C03", "C09", "C11", "C13", "C15", "C25", "C34"], entity="서윤"),
    Q("C", "윤서진 선생님 관련된 거 전부", "entity", SEOJIN_C, entity="윤서진", confusable=SEOJIN_D),
    Q("C", "HS-77310 어디 예약이지", "numeric", ["C28"]),
    Q("C", "302호에서 하는 거 뭐였지", "numeric", ["C10"]),
    Q("C", "과학 경진대회 심사 몇 시부터야", "mixed_lang", ["C20"]),
    Q("C", "What's the twins' taekwondo schedule?", "mixed_lang", ["C01"]),
    Q("C", "서윤 피아노 무슨 요일이야", "update", ["C11"], stale=["C09"], lookalike=["C08"],
      why="partial change (days only, time kept); look-alike: the twin brother's swim class is also 화목 around 5"),
    Q("C", "과학실 내선번호 몇 번", "update", ["C12"], stale=["C07"],
      why="typo'd number corrected (2214 → 2241, transposed digits); the correction repeats the wrong number"),
    Q("C", "서준 학부모 상담 언제야", "update", ["C18"], stale=["C14"], lookalike=["C15"], confusable=SEOJIN_D,
      why="reported by someone else (the teacher texted); new note has no 서준/학부모/상담 and gives a relative change (하루 미루자, 27일); twin sister's 상담 is a look-alike; another user has a different 윤서진"),
    Q("C", "서준 수영 셔틀 몇 시에 와", "update", ["C21"], stale=["C08"], lookalike=["C11"],
      why="new note omits 서준 and states the change relatively ('10분 당겨짐 → 4시40분'); stale holds every query word"),
    Q("C", "과학 수행평가 기간 언제야", "update", ["C22"], stale=["C17"],
      why="new note drops 과학 and the topic name '산과 염기'; stale shares 과학 수행평가"),
    Q("C", "쌍둥이 소아과 어디 다니지", "update", ["C23"], stale=["C05"],
      why="no change word; synonyms 쌍둥이→애들, 소아과/소아청소년과→병원/의원"),
    Q("C", "현장체험학습 버스 몇 시 출발이야", "update", ["C29"], stale=["C27"],
      why="original Korean, change written in English and reported by someone else ('Grade head says'); query shares 현장체험학습/버스/출발 with the stale note only"),
    Q("C", "해솔리조트 체크아웃 며칠이야", "update", ["C32"], stale=["C28"],
      why="original mixed ('Family trip … 2박'), change in Korean; abbreviation 해솔리조트→해솔; partial (booking code kept)"),
    Q("C", "서준이 알레르기 뭐 있지", "update", ["C33"], stale=["C03"],
      why="partial correction (one of two allergens dropped); both notes name 땅콩 and 복숭아"),
    Q("C", "윤서진 결혼식 언제야", "negative", [], neg_kind="isolation_same_name", other=["D32"]),
    Q("C", "치과 스케일링 예약 언제지", "negative", [], neg_kind="isolation", other=["A13", "A14", "D02", "D13"]),
    Q("C", "아내 생일 언제더라", "negative", [], neg_kind="absent"),

    # ======================= D =======================
    Q("D", "Who's my dentist at Brightline Dental?", "keyword", ["D02"]),
    Q("D", "UI art 최종본 언제 넘겨준대", "keyword", ["D17"]),
    Q("D", "핸드헬드 포팅 메모리 상한이 얼마였지", "inflection", ["D14"]),
    Q("D", "자전거 체인은 몇 km에서 교체해", "inflection", ["D27"]),
    Q("D", "How does our art director want feedback?", "paraphrase", ["D03"], confusable=SEOJIN_C),
    Q("D", "서진님 웨딩 축의 얼마 하기로 했지", "paraphrase", ["D32"], confusable=SEOJIN_C),
    Q("D", "Everything about IndieCon", "entity", ["D25", "D26", "D29", "D31"], entity="IndieCon"),
    Q("D", "01044718830 whose number is this", "numeric", ["D21"]),
    Q("D", "3948-2206 어디 번호야", "numeric", ["D05"]),
    Q("D", "When is Mom's birthday?", "mixed_lang", ["D16"]),
    Q("D", "헬스장 회원권 언제까지야", "mixed_lang", ["D12"], lookalike=["D18"]),
    Q("D", "When is the Lanternfall alpha due?", "update", ["D19"], stale=["D01", "D10"],
      why="moved twice (Feb 27 → Mar 13 → Mar 20); final change in Korean without 'Lanternfall' or 'milestone'; both stale notes are English"),
    Q("D", "Which futsal court are we on?", "update", ["D11"], stale=["D04"],
      why="original English, change mixed ('court 4로 옮김'); partial (time kept); stale has 'Futsal … court'"),
    Q("D", "What days is my Japanese class?", "update", ["D15"], stale=["D08"],
      why="fully English; no change word ('from this week'); same teacher and time in both"),
    Q("D", "What's my gym locker number?", "update", ["D20"], stale=["D12"], lookalike=["D18"],
      why="fully English; new note contains the old number too; stale has 'Gym'; a second gym (bouldering) is a look-alike"),
    Q("D", "How do I reach the landlord?", "update", ["D21"], stale=["D09"],
      why="fully English; new contact reported as a handover (daughter manages the building); new note lacks the word 'landlord'"),
    Q("D", "Which week in March am I on build server on-call?", "update", ["D22"], stale=["D07"],
      why="fully English; partial (Feb week unchanged, Mar 9 → Mar 16); stale has the exact phrase 'Build server on-call'"),
    Q("D", "What's my IndieCon booking ref?", "update", ["D31"], stale=["D25"],
      why="fully English; codes differ by two characters (QX7M2P → QX7M9T); stale has 'booking ref' + IndieCon too"),
    Q("D", "IndieCon 발표 언제야", "update", ["D29"], stale=["D26"],
      why="both mixed; query's 발표 appears only in the stale note (new says 'talk')"),
    Q("D", "When does the Steam page go live?", "update", ["D33"], stale=["D30"],
      why="original English 'goes live', change mixed ('오픈 … 밀림'); stale shares the query phrase"),
    Q("D", "윤서진 선생님 상담 몇 시야", "negative", [], neg_kind="isolation_same_name", other=["C14", "C18"]),
    Q("D", "When does my car insurance expire?", "negative", [], neg_kind="isolation", other=["A06", "A18"]),
    Q("D", "When does my passport expire?", "negative", [], neg_kind="absent"),
    Q("D", "누나 졸업식 언제야", "negative", [], neg_kind="absent"),
]


def build():
    order = list(USERS)
    rows = []
    for key, when, ch, lang, text in MEMS:
        md, hm = when.split()
        rows.append((order.index(key[0]), f"2026-{md}T{hm}", key, ch, lang, text))
    rows.sort()
    keymap, mems = {}, []
    for i, (_, ts, key, ch, lang, text) in enumerate(rows, 1):
        mid = f"m{i:04d}"
        keymap[key] = mid
        sec = (i * 37) % 60
        mems.append({"id": mid, "user_id": USERS[key[0]], "text": text,
                     "ts": f"{ts}:{sec:02d}Z", "channel_type": ch, "lang": lang})

    def ids(keys):
        return [keymap[k] for k in keys]

    queries = []
    for n, q in enumerate(QUERIES, 1):
        d = {"qid": f"q{n:03d}", "user_id": USERS[q["u"]], "query": q["query"],
             "gold": ids(q["gold"]), "type": q["type"]}
        if "stale" in q:
            d["stale"] = ids(q["stale"])
        if "entity" in q:
            d["entity"] = q["entity"]
        if q["type"] == "negative":
            d["neg_kind"] = q["neg_kind"]
            if q.get("other"):
                d["other_user_has"] = USERS[q["other"][0][0]]
                d["other_user_mem"] = ids(q["other"])
        if q.get("confusable"):
            d["confusable_other_user"] = ids(q["confusable"])
        if q.get("lookalike"):
            d["lookalike"] = ids(q["lookalike"])
        queries.append(d)

    for name, data in (("memories.jsonl", mems), ("queries.jsonl", queries)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            for r in data:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(mems)} memories, {len(queries)} queries")
    return mems, queries, keymap


def table(mems, queries):
    text = {m["id"]: m["text"] for m in mems}
    lang = {m["id"]: m["lang"] for m in mems}
    print("| qid | query | gold (newest) | stale | what makes it hard |")
    print("|---|---|---|---|---|")
    for q, src in zip(queries, QUERIES):
        if q["type"] != "update":
            continue
        g = q["gold"][0]
        st = "; ".join(f"{s} ({lang[s]}) {text[s]}" for s in q["stale"])
        cell = lambda s: s.replace("|", "\\|")
        print(f"| {q['qid']} | {cell(q['query'])} | {g} ({lang[g]}) {cell(text[g])} | {cell(st)} | {cell(src['why'])} |")


if __name__ == "__main__":
    m, q, _ = build()
    if "--table" in sys.argv:
        table(m, q)
