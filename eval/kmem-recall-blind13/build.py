#!/usr/bin/env python3
"""Build blind13: hand-written memories and queries for four invented Slack users.

Memories are written with local keys (T.., P.., V.., F..); queries refer to those keys.
Within each user the memories are sorted by timestamp and then numbered m0001.. in user order,
so ids increase with ts inside every user.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

USERS = {
    "T": "U09D4RV7K",  # long-haul truck driver + youth soccer coach
    "P": "U09PH3M8A",  # pharmacist, small pharmacy, two part-timers
    "V": "U09VN5BS2",  # Vietnamese-Korean grad student in Busan
    "F": "U09FL0R6E",  # freelance wedding/event florist
}

# (key, "MM-DD HH:MM", channel_type, lang, text)
MEM = [
    # ---------------- T: truck driver / youth soccer coach (반말, terse, typos) ----------------
    ("T01", "01-04 21:10", "im", "ko", "내 차 엑시언트 25톤 윙바디. 차번호 부산91사4417"),
    ("T02", "01-05 06:02", "im", "ko", "배차 담당 최과장 010-3318-4072 한결물류 김해지점"),
    ("T03", "01-06 22:40", "im", "ko", "콩이 사료 로얄캐닌 미니어덜트 2키로짜리 한달 좀 넘게 먹음"),
    ("T04", "01-08 20:15", "im", "ko", "콩이 생일 4월 2일ㅋㅋ 시바믹스 세살됨"),
    ("T05", "01-10 19:30", "channel", "ko", "해오름FC U-11 토요일 연습 오전 9시 신곡초 운동장. 물은 각자 챙겨오기"),
    ("T06", "01-12 05:20", "im", "ko", "타이어집 사장님 번호 010-7781-2093 금호타이어 김해점"),
    ("T07", "01-13 23:00", "im", "ko", "다음주 화욜 부산신항 3부두 상차 새벽 4시, 평택 하차 오후1시까지"),
    ("T08", "01-16 14:05", "im", "ko", "아 그거 5시반으로 밀림 ㅡㅡ 부두는 그대로임"),
    ("T09", "01-18 10:00", "im", "ko", "유소년 회비 월 5만원 매달 5일까지 총무한테"),
    ("T10", "01-22 21:40", "im", "ko", "트럭 정기검사 3월 12일 오전 10시 김해 자동차검사소 예약함"),
    ("T11", "01-25 08:10", "channel", "en", "U11 league kickoff: March 21, Gangseo Sports Park field 3, arrive by 8:30"),
    ("T12", "01-27 19:55", "im", "ko", "준서 엄마가 팀 총무. 010-5524-1187"),
    ("T13", "01-30 16:20", "im", "ko", "엔진오일 교환 412,300km에서 함. 다음 교환 43만 근처"),
    ("T14", "02-02 20:30", "channel", "mixed", "team jersey 사이즈 취합 마감 2/20, 단체주문은 킥스포츠"),
    ("T15", "02-04 22:15", "im", "ko", "광양항→이천 물류센터 고정배차 매주 목요일, 상차 밤 10시"),
    ("T16", "02-06 07:45", "im", "ko", "배차 담당 바뀜. 최과장 다른 지점 가고 이제 윤대리 010-2259-6130"),
    ("T17", "02-09 12:30", "im", "ko", "검사 3/19로 미뤘음 그날 광양 운행 잡혀서"),
    ("T18", "02-11 18:00", "im", "ko", "콩이 피부 빨개져서 해든동물병원 감. 원장님이 닭 알러지 같다고 닭고기 들어간거 다 빼래"),
    ("T19", "02-13 20:10", "im", "ko", "콩이 사료 바꿈 → 나우 스몰브리드 그레인프리 (닭 안들어간거)"),
    ("T20", "02-15 06:30", "im", "ko", "타이어집 번호 오타였음ㅋㅋ 010-7781-2039 이게 맞음"),
    ("T21", "02-18 21:00", "channel", "mixed", "jersey 마감 2/27로 연장됨, 아직 5명 size 안 냄"),
    ("T22", "02-20 13:15", "im", "ko", "칠곡휴게소 상행 돈까스 ㄱㅊ 문경휴게소는 별로"),
    ("T23", "02-21 09:40", "channel", "ko", "토요 연습 10시 시작으로 변경. 장소는 그대로 신곡초"),
    ("T24", "02-24 17:25", "im", "ko", "검사 또 바뀜 ㅡㅡ 3월 26일 목 오후 2시 같은 검사소"),
    ("T25", "02-27 22:05", "im", "ko", "준서 엄마가 회비 4월부터 6만원으로 올린대 버스 대절비 땜에"),
    ("T26", "03-03 20:00", "channel", "ko", "U-11 주전 키퍼 민재, 서브 도윤. 도윤이 손목 아직 조심해야됨"),
    ("T27", "03-10 07:50", "channel", "en", "League update: kickoff pushed back to March 28, same field, same arrival time"),
    ("T28", "03-15 19:20", "im", "ko", "콩이 광견병 접종 3/14 완료 다음건 내년 3월"),
    ("T29", "03-20 23:30", "im", "ko", "운임 평택건 1회 58만, 광양-이천 62만"),
    ("T30", "04-05 10:30", "channel", "en", "Regional youth tournament May 16-17 at Yangsan Stadium, entry fee 150,000 won per team"),
    ("T31", "04-12 21:10", "im", "mixed", "민재 어머니 부탁: 민재 peanut allergy 있음 간식에 땅콩 절대 X"),
    ("T32", "04-20 05:50", "im", "ko", "운행기록계 점검 다음 정비때 같이 하기"),
    ("T33", "05-02 18:40", "im", "ko", "해오름FC 감독님 정상훈 010-9043-3375"),
    ("T34", "05-22 22:30", "im", "ko", "대회 3위ㅋㅋㅋ 애들 잘했다 민재 선방 미쳤음"),

    # ---------------- P: pharmacist (해요체 + noun-phrase notes, work posts in channel) ----------------
    ("P01", "01-03 09:10", "im", "ko", "새봄약국 영업시간 평일 8:30~20:00, 토요일 8:30~14:00"),
    ("P02", "01-05 18:20", "channel", "ko", "지오팜약품 주문 마감 매일 오후 5시. 담당 영업 이동현 과장 010-4120-8857"),
    ("P03", "01-06 11:05", "channel", "ko", "한빛약품 주문 마감 오후 3시 → 다음날 오전 배송. 담당 서은비 대리"),
    ("P04", "01-08 21:30", "im", "ko", "지수(알바) 월수금 오후 2시~7시, 시급 10,800원. 약대 편입 준비중이라 한가할 땐 공부해도 된다고 함"),
    ("P05", "01-09 21:45", "im", "ko", "하은 알바 토요일 9시~2시, 시급 10,500원"),
    ("P06", "01-12 13:20", "im", "ko", "세무사 사무실 다온세무 담당 정민경 실장님. 부가세 자료 매달 10일까지 메일로"),
    ("P07", "01-14 20:00", "im", "ko", "약국 정기휴무 매달 셋째주 일요일"),
    ("P08", "01-16 10:40", "channel", "en", "NutriCore order (vitamin D drops, kids omega-3) - rep Emily Tran, delivery every other Monday"),
    ("P09", "01-19 08:50", "channel", "ko", "조제실 냉장고 2~8도 유지. 매일 아침 온도기록지 체크, 인슐린은 맨 아래칸"),
    ("P10", "01-21 19:30", "im", "ko", "임대료 매달 25일 건물주 황사장님께. 재계약 2027년 2월"),
    ("P11", "01-23 12:15", "channel", "ko", "유통기한 점검은 지수가 매달 첫 근무일에 하기로"),
    ("P12", "01-26 17:40", "im", "ko", "최옥순 할머니 돋보기 두고 가심. 카운터 두번째 서랍에 보관중"),
    ("P13", "01-29 15:00", "im", "ko", "POS 유지보수 팜링크 기사님 방문 3월 5일 오전"),
    ("P14", "02-02 20:20", "im", "ko", "지수 학교 시간표 바뀌어서 화목 오후 1시~6시로 변경"),
    ("P15", "02-04 16:10", "channel", "ko", "지오 발주 컷 4시반으로 당겨짐 (물류센터 이전 때문)"),
    ("P16", "02-09 14:30", "im", "mixed", "팜링크 visit rescheduled → 3/9 Mon 10am, 기사님 한도윤님"),
    ("P17", "02-12 21:05", "im", "ko", "하은 시급 11,000원으로 올려줬어요. 근무시간은 그대로"),
    ("P18", "02-16 22:00", "im", "ko", "약사회 분회 모임 3월 18일 저녁 7시 서면 한정식 '담소'"),
    ("P19", "02-20 11:30", "channel", "ko", "한빛약품 반품 수거 매주 금요일"),
    ("P20", "02-25 16:45", "im", "ko", "세무사 사무실에서 전화 옴. 정실장님 퇴사하셔서 앞으로 오승우 대리님이 담당이래요 051-806-2274"),
    ("P21", "03-02 09:30", "channel", "en", "NutriCore is switching delivery to Wednesdays starting April. Emily stays our rep"),
    ("P22", "03-06 18:00", "im", "en", "Receipt paper rolls: storage room, top shelf, left side"),
    ("P23", "03-09 13:00", "im", "ko", "분회 모임 장소 변경 문자 옴 → 서면 '바다향' 2층 룸. 날짜 시간은 동일"),
    ("P24", "03-16 20:40", "im", "ko", "5월부터 약국 휴무일: 둘째, 넷째 일요일"),
    ("P25", "03-24 15:20", "im", "ko", "간판 LED 교체 견적 빛나라간판 85만원. 한 군데 더 받아보기"),
    ("P26", "03-28 19:10", "im", "ko", "지수가 스터디 때문에 4월부터는 목요일만 나오겠대요. 시간은 1시~6시 그대로"),
    ("P27", "04-06 21:00", "im", "ko", "하은 4/18 토 친구 결혼식이라 못 나옴 → 그날 나 혼자"),
    ("P28", "04-10 22:30", "im", "mixed", "약국 Instagram 시작! 영양제 카드뉴스 주 1회 upload"),
    ("P29", "04-15 11:10", "im", "ko", "한빛 서은비 대리 010-6673-0918"),
    ("P30", "04-22 23:00", "im", "ko", "약대 동기 모임 6월 13일 토 해운대, 회비 7만원"),
    ("P31", "05-06 17:30", "im", "en", "Foreign customers keep asking for English labels - make a bilingual dosage sticker template"),
    ("P32", "05-12 09:15", "im", "ko", "건강기능식품 판매업 신고 갱신 6월 30일까지"),
    ("P33", "05-20 20:50", "im", "ko", "에어컨 필터 청소 쿨케어 6월 3일 오전 9시 (오픈 전)"),
    ("P34", "06-02 19:40", "channel", "mixed", "여름 진열: 선크림, 모기기피제 앞쪽 end cap으로 빼기"),

    # ---------------- V: Vietnamese-Korean grad student (ko with mistakes + en) ----------------
    ("V01", "01-04 22:30", "im", "ko", "나 환경공학과 석사 2학기 에요. 지도교수님 강현우 교수님"),
    ("V02", "01-06 10:15", "im", "en", "Prof. Kang office hours: Thu 10-12, Engineering Bldg 3 room 306"),
    ("V03", "01-07 16:40", "channel", "ko", "연구실 미팅 매주 화요일 2시 있어요. 진행상황 슬라이드 3장 준비 해야되요"),
    ("V04", "01-09 21:00", "im", "ko", "원룸 대연동 이에요. 월세 38만 관리비 5만, 집주인 아저씨 서태식씨"),
    ("V05", "01-11 13:30", "im", "ko", "베트남어 과외 민호씨 매주 토요일 11시 서면 카페 '온기'. 한번 4만원"),
    ("V06", "01-13 23:10", "im", "en", "KSEE spring conference (Jeju, June 11-13) - abstract deadline April 10, 2 pages max"),
    ("V07", "01-15 18:20", "im", "ko", "지수 선배 (박지수) 박사과정 3년차. 미세플라스틱 샘플링 같이 해요. 생일 11월 8일"),
    ("V08", "01-18 20:00", "im", "mixed", "TA class 환경화학실험, 공학관 B103 목요일 1시"),
    ("V09", "01-22 09:10", "im", "ko", "아 강의실 B103 아니고 B130 이에요 ㅋㅋ 잘못 썻다"),
    ("V10", "01-25 15:00", "im", "ko", "베트남 식재료는 김해 외동 '사이공마트'에서 사요. 라이스페이퍼, 느억맘"),
    ("V11", "01-28 17:30", "channel", "ko", "랩 세미나 발표 내 차례는 5월 마지막주 (5/26)"),
    ("V13", "02-05 14:20", "channel", "en", "Lab meeting moved to Wednesdays 3pm starting next week"),
    ("V14", "02-08 10:00", "im", "mixed", "BK21 장학금 stipend 매달 25일 들어옴, 월 80만"),
    ("V15", "02-11 22:40", "im", "ko", "엄마 생일 음력 1월 10일, 올해는 양력으로 2월 26일. 잊지마!!"),
    ("V16", "02-14 19:50", "im", "ko", "이사 완료!! 이제 남천동 투룸 빌라 3층, 월세 42만 관리비 없어요. 집주인 할머니 친절하심"),
    ("V17", "02-17 12:10", "im", "ko", "민호씨 과외 일요일 오후 4시로 바꼈어요. 장소 같아요"),
    ("V18", "02-22 09:30", "im", "en", "Prof Kang moved to the new building - Engineering Bldg 5, room 412. office hours unchanged"),
    ("V19", "02-26 16:00", "im", "ko", "지수 선배가 그러는데 세미나 발표 순서 바뀌었데요, 나는 6월 9일"),
    ("V20", "03-02 21:15", "im", "mixed", "낙동강 하구 sampling trip 3/14, 지수 선배 차 타고 가요. 장화 챙기기!!"),
    ("V12", "03-04 18:00", "channel", "ko", "GPU 서버 예약 했어요 3월 20일~22일 시뮬레이션 돌릴거"),
    ("V21", "03-06 08:40", "channel", "ko", "아 그거 하루 늘렸어요 23일까지 써요"),
    ("V22", "03-09 23:50", "im", "en", "KSEE deadline extended to April 24!! thank god"),
    ("V23", "03-12 20:30", "im", "ko", "또 바꿈ㅠ 민호씨 다시 토요일인데 오후 2시"),
    ("V24", "03-18 10:20", "im", "ko", "엄마 베트남 갔다가 오는 비행기 VJ980, 5월 2일 밤 9시10분 김해 도착"),
    ("V25", "03-25 13:00", "im", "ko", "학교 보건소 건강검진 4/7 오전 9시, 전날 밤부터 금식 해야되요"),
    ("V26", "04-02 17:00", "im", "en", "Thesis topic fixed: seasonal change of microplastics in the Nakdong estuary. Prof. Kang OK'd it"),
    ("V27", "04-08 22:10", "im", "mixed", "Mom's flight changed → May 3, same VJ980, 도착 시간도 같아요"),
    ("V28", "04-14 18:30", "im", "en", "Reading group every other Friday 5pm, we're on chapter 4 of Environmental Organic Chemistry now"),
    ("V29", "04-20 20:00", "im", "ko", "통역 알바 부산외국인주민센터, 시간당 2만5천원. 다음 일정 5월 9일 토 오전"),
    ("V30", "04-28 21:30", "im", "ko", "지수 선배 결혼식 6월 20일 토 낮 12시 센텀 '라온홀'. 축의금 랩 사람들이랑 같이 낼까"),
    ("V31", "05-04 19:00", "im", "ko", "외할머니 엄마랑 같이 오셔서 6월 1일까지 계셔요. 주말마다 김해 가기"),
    ("V32", "05-12 15:40", "im", "mixed", "poster A0 세로, 인쇄는 학교 앞 '정인쇄' 장당 2만원"),
    ("V33", "05-30 22:00", "im", "mixed", "6/9 세미나 발표 rehearsal 6/5 지수 선배랑, 슬라이드 15장 이내"),
    ("V34", "06-15 21:20", "im", "en", "Got the best poster award at KSEE!!! 300,000 won prize"),

    # ---------------- F: freelance wedding/event florist (해요체, emoji, client notes) ----------------
    ("F01", "01-03 14:00", "im", "ko", "콩이 치즈냥 코숏이고 생일은 9월 3일 (데려온 날 기준ㅎㅎ) 이제 두 살"),
    ("F02", "01-05 11:30", "im", "ko", "윤슬플라워 작업실 성수동 2층, 월세 130 관리비 12"),
    ("F03", "01-07 21:20", "im", "ko", "꽃시장 사입 화·금 새벽 5시 출발 (양재)"),
    ("F04", "01-09 15:10", "channel", "ko", "이다은 신부님 4/25 토 오후 2시 메종드블랑 가든홀. 부케 화이트+피치 작약, 부토니에 1개"),
    ("F05", "01-12 10:30", "im", "en", "Sarah & James wedding (Jeju): May 30, 4pm ceremony, 6 boutonnieres, bridal bouquet in blush tones"),
    ("F06", "01-14 16:00", "im", "ko", "포장지·리본 거래처 리본하우스, 주문은 카톡 채널로 하고 배송 이틀 걸림"),
    ("F07", "01-16 19:45", "im", "ko", "번개용달 김기사님 010-2847-5561 성수→강남 3만5천"),
    ("F08", "01-19 13:20", "im", "ko", "꽃다발 원데이클래스 1인 6만5천원, 최대 6명까지"),
    ("F09", "01-22 17:00", "channel", "ko", "박예린 신부님 6/6 토 르비엔 3층 루체홀. 한소라 실장님(플래너) 통해서 들어온 건"),
    ("F10", "01-25 22:15", "im", "mixed", "콩이 vet checkup 3/10 오후 2시, 해솔동물병원"),
    ("F11", "01-28 11:40", "channel", "ko", "다은 신부님 부케 리본은 아이보리 실크로 해달래요"),
    ("F12", "02-01 20:30", "im", "ko", "콩이 중성화 수술 2/20 오전 10시. 전날 밤 12시부터 금식 ㅠ"),
    ("F13", "02-04 09:00", "im", "mixed", "작약 season 5월~6월 초, 수입 작약 한 대 6~8천원 정도"),
    ("F14", "02-06 18:20", "channel", "ko", "다은 신부님 예식 1시로 당겨졌대요ㅠ 장소는 그대로. 나 11시까지 세팅 끝내야 함"),
    ("F15", "02-10 06:10", "im", "ko", "사입 요일 월/목으로 옮김. 화요일 경매 물량 너무 적음"),
    ("F16", "02-13 21:00", "im", "ko", "채린씨 (주말 어시) 일당 15만, 웨딩 있는 토요일만"),
    ("F17", "02-17 14:30", "im", "ko", "리본하우스 배송 너무 느려서 이제 '랩앤리본'에서 시켜요. 다음날 도착"),
    ("F18", "02-21 19:10", "im", "ko", "콩이 수술 잘 끝났어요ㅠㅠ 넥카라 일주일"),
    ("F19", "02-24 10:50", "im", "mixed", "콩이 checkup moved to 3/12 Thu, 시간은 똑같이 2시"),
    ("F20", "02-27 16:40", "im", "ko", "번개용달 김기사님 번호 바뀌셨대요 → 010-2847-9013"),
    ("F21", "03-03 23:00", "im", "en", "Sarah emailed - they want 8 boutonnieres now, not 6. palette still blush + a bit of sage"),
    ("F22", "03-08 12:00", "im", "ko", "원데이클래스 가격: 1인 7만원, 4월 수업부터"),
    ("F23", "03-16 17:30", "channel", "ko", "한소라 실장님 연락: 예린 신부님 홀 르비엔 5층 스카이홀로 바뀜. 날짜 시간은 그대로"),
    ("F24", "03-20 10:00", "im", "ko", "어버이날 카네이션 꽃바구니 단체주문 40개, 5월 7일 납품 성수동 하랑요양원"),
    ("F25", "03-27 15:30", "channel", "ko", "예린 신부님 부케 올화이트 카라+은방울꽃. 은방울 단가 비싸니까 견적 다시"),
    ("F26", "04-03 20:10", "im", "ko", "플로리스트 협회 세미나 4/21 화 오후 3시 코엑스"),
    ("F27", "04-09 11:00", "im", "en", "Invoice for Sarah & James: 50% deposit received, balance due May 23"),
    ("F28", "04-17 18:00", "im", "ko", "채린씨 번호 010-3360-7124"),
    ("F29", "04-26 22:40", "im", "ko", "다은 신부님 웨딩 끝!! 부케 받은 친구분이 본인 웨딩도 문의하심ㅋㅋ 10월이래요"),
    ("F30", "05-08 19:30", "im", "ko", "카네이션 납품 완료. 요양원 원장님이 6월에 수국 테이블 장식도 부탁하심"),
    ("F31", "05-19 21:00", "im", "en", "Jeju trip May 29-31, picking up flowers from Jeju Bloom on the 29th"),
    ("F32", "06-05 20:00", "im", "ko", "작업실 이사 완료🎉 망원동 1층, 월세 110 관리비 8"),
    ("F33", "06-12 13:00", "im", "ko", "콩이 요즘 건사료 안 먹음.. 습식 '캣츠랑' 섞어주니까 먹어요"),
    ("F34", "06-24 09:30", "im", "ko", "장마 시즌 꽃 물올림 시간 늘리기, 수국은 반나절 이상"),
]

# Queries: (user_prefix, query, gold_keys, type, extra)
# extra keys: stale, entity, neg_kind, other (list of keys of other users), confusable, lookalike
Q = [
    # ================= T =================
    ("T", "배차 담당 누구한테 연락해야 돼?", ["T16"], "update", {"stale": ["T02"]}),
    ("T", "토요일 연습 몇 시 시작이지", ["T23"], "update", {"stale": ["T05"]}),
    ("T", "트럭 정기검사 날짜 언제로 잡혀있지", ["T24"], "update", {"stale": ["T10", "T17"]}),
    ("T", "콩이 요즘 먹는 사료 뭐더라", ["T19"], "update", {"stale": ["T03"], "confusable": ["F33"]}),
    ("T", "금호타이어 김해점 사장님 번호", ["T20"], "update", {"stale": ["T06"]}),
    ("T", "When is the U11 league kickoff?", ["T27"], "update", {"stale": ["T11"]}),
    ("T", "유소년 회비 한 달에 얼마 내는 거였지", ["T25"], "update", {"stale": ["T09"]}),
    ("T", "신항 상차 몇 시야", ["T08"], "update", {"stale": ["T07"], "lookalike": ["T15"]}),
    ("T", "jersey 사이즈 마감 언제까지?", ["T21"], "update", {"stale": ["T14"]}),
    ("T", "칠곡휴게소 돈까스", ["T22"], "keyword", {}),
    ("T", "광양항 고정배차 상차 시간", ["T15"], "keyword", {"lookalike": ["T07", "T08"]}),
    ("T", "엔진오일교환 몇 km에서 했었나", ["T13"], "inflection", {}),
    ("T", "운행기록계점검은 언제 하기로 했지", ["T32"], "inflection", {}),
    ("T", "우리 강아지 태어난 날", ["T04"], "paraphrase", {"confusable": ["F01"]}),
    ("T", "팀 골문 지키는 애들 누구누구지", ["T26"], "paraphrase", {}),
    ("T", "견과류 못 먹는 선수 있었나", ["T31"], "paraphrase", {}),
    ("T", "콩이 관련 다 알려줘", ["T03", "T04", "T18", "T19", "T28"], "entity",
     {"entity": "콩이", "confusable": ["F01", "F10", "F12", "F18", "F19", "F33"]}),
    ("T", "민재 관련된 거 다 보여줘", ["T26", "T31", "T34"], "entity", {"entity": "민재"}),
    ("T", "부산91사4417 무슨 차였지", ["T01"], "numeric", {}),
    ("T", "3375로 끝나는 번호 누구지", ["T33"], "numeric", {"lookalike": ["T12"]}),
    ("T", "운임 62만원짜리 어느 노선이었지", ["T29"], "numeric", {}),
    ("T", "양산 대회 참가비 얼마였어", ["T30"], "mixed_lang", {}),
    ("T", "soccer team head coach's phone number?", ["T33"], "mixed_lang", {}),
    ("T", "콩이 중성화 수술 언제 했지?", [], "negative",
     {"neg_kind": "isolation_same_name", "other": ["F12", "F18"]}),
    ("T", "약국 휴무일 언제야", [], "negative", {"neg_kind": "isolation", "other": ["P07", "P24"]}),
    ("T", "트럭 보험 만기일 언제야", [], "negative", {"neg_kind": "absent"}),

    # ================= P =================
    ("P", "지오팜 주문 마감 몇 시야?", ["P15"], "update", {"stale": ["P02"], "lookalike": ["P03"]}),
    ("P", "지수 무슨 요일에 나와요?", ["P26"], "update", {"stale": ["P04", "P14"]}),
    ("P", "하은이 시급 얼마 주고 있지", ["P17"], "update", {"stale": ["P05"], "lookalike": ["P04"]}),
    ("P", "What day does NutriCore deliver?", ["P21"], "update", {"stale": ["P08"]}),
    ("P", "팜링크 기사님 언제 오세요?", ["P16"], "update", {"stale": ["P13"]}),
    ("P", "세무사 사무실 담당자 누구예요", ["P20"], "update", {"stale": ["P06"]}),
    ("P", "약국 쉬는 일요일 언제지", ["P24"], "update", {"stale": ["P07"]}),
    ("P", "분회 모임 장소 어디였지", ["P23"], "update", {"stale": ["P18"], "lookalike": ["P30"]}),
    ("P", "돋보기 어디 보관했지", ["P12"], "keyword", {}),
    ("P", "에어컨 필터 청소 업체", ["P33"], "keyword", {}),
    ("P", "유통기한점검 누가 해요", ["P11"], "inflection", {}),
    ("P", "임대료 내는 날이 며칠이었나", ["P10"], "inflection", {}),
    ("P", "동기모임 회비 얼마", ["P30"], "inflection", {"lookalike": ["P18", "P23"]}),
    ("P", "찬 데 보관해야 하는 약들 온도 범위", ["P09"], "paraphrase", {}),
    ("P", "SNS 홍보 얼마나 자주 올리기로 했지", ["P28"], "paraphrase", {}),
    ("P", "여름에 매대 앞쪽에 뭐 놓기로 했더라", ["P34"], "paraphrase", {}),
    ("P", "한빛약품 관련 정보 다", ["P03", "P19", "P29"], "entity", {"entity": "한빛약품"}),
    ("P", "0918로 끝나는 번호 누구예요", ["P29"], "numeric", {"lookalike": ["P02", "P20"]}),
    ("P", "85만원 견적 뭐였지", ["P25"], "numeric", {}),
    ("P", "6월 3일 9시 예약 뭐였지", ["P33"], "numeric", {}),
    ("P", "When do I need to renew the health supplement sales registration?", ["P32"], "mixed_lang", {}),
    ("P", "영수증 용지 어디 뒀지", ["P22"], "mixed_lang", {}),
    ("P", "지수 결혼식 언제야?", [], "negative", {"neg_kind": "isolation_same_name", "other": ["V30"]}),
    ("P", "용달 기사님 번호 뭐였지", [], "negative", {"neg_kind": "isolation", "other": ["F07", "F20"]}),
    ("P", "약국 화재보험 갱신일", [], "negative", {"neg_kind": "absent"}),

    # ================= V =================
    ("V", "랩 미팅 무슨 요일 몇 시예요?", ["V13"], "update", {"stale": ["V03"]}),
    ("V", "What's the KSEE abstract deadline?", ["V22"], "update", {"stale": ["V06"]}),
    ("V", "Which room is Prof. Kang's office?", ["V18"], "update", {"stale": ["V02"]}),
    ("V", "나 지금 사는 집 월세 얼마지", ["V16"], "update", {"stale": ["V04"]}),
    ("V", "민호씨 과외 언제 해?", ["V23"], "update", {"stale": ["V05", "V17"]}),
    ("V", "TA 실험 수업 강의실 어디", ["V09"], "update", {"stale": ["V08"]}),
    ("V", "엄마 김해 도착 날짜", ["V27"], "update", {"stale": ["V24"], "lookalike": ["V31", "V15"]}),
    ("V", "세미나 발표 내 차례 언제", ["V19"], "update", {"stale": ["V11"], "lookalike": ["V33"]}),
    ("V", "GPU 서버 언제까지 예약돼 있지?", ["V21"], "update", {"stale": ["V12"]}),
    ("V", "사이공마트에서 뭐 사", ["V10"], "keyword", {}),
    ("V", "정인쇄 포스터 인쇄 가격", ["V32"], "keyword", {}),
    ("V", "건강검진 전날 금식해야 되나", ["V25"], "inflection", {}),
    ("V", "장학금 들어오는 날이 며칠이지", ["V14"], "inflection", {}),
    ("V", "엄마 태어난 날 올해 양력으로 며칠", ["V15"], "paraphrase", {"lookalike": ["V24", "V27"]}),
    ("V", "현장 채취 나가는 날 뭐 챙겨야 돼", ["V20"], "paraphrase", {}),
    ("V", "외국인 도와주는 통번역 아르바이트 보수", ["V29"], "paraphrase", {}),
    ("V", "지수 선배 관련 다 알려줘", ["V07", "V19", "V20", "V30", "V33"], "entity",
     {"entity": "지수 선배", "confusable": ["P04", "P11", "P14", "P26"]}),
    ("V", "상금 30만원 받은 거 무슨 상이었지", ["V34"], "numeric", {}),
    ("V", "5월 9일 토요일 일정 뭐였지", ["V29"], "numeric", {}),
    ("V", "논문 주제 확정된 거 뭐였지", ["V26"], "mixed_lang", {}),
    ("V", "독서 모임 몇 시에 해?", ["V28"], "mixed_lang", {}),
    ("V", "When is Jisoo sunbae's wedding?", ["V30"], "mixed_lang", {}),
    ("V", "지수 시급 얼마였더라", [], "negative", {"neg_kind": "isolation_same_name", "other": ["P04"]}),
    ("V", "콩이 생일 언제야", [], "negative", {"neg_kind": "isolation", "other": ["T04", "F01"]}),
    ("V", "졸업 논문 심사 날짜", [], "negative", {"neg_kind": "absent"}),

    # ================= F =================
    ("F", "다은 신부님 예식 몇 시예요", ["F14"], "update", {"stale": ["F04"], "lookalike": ["F11", "F29"]}),
    ("F", "꽃시장 사입 무슨 요일에 가지", ["F15"], "update", {"stale": ["F03"]}),
    ("F", "How many boutonnieres for Sarah & James?", ["F21"], "update", {"stale": ["F05"]}),
    ("F", "콩이 병원 검진 날짜", ["F19"], "update", {"stale": ["F10"], "confusable": ["T18"]}),
    ("F", "리본 포장지 어디서 주문해", ["F17"], "update", {"stale": ["F06"]}),
    ("F", "번개용달 기사님 연락처", ["F20"], "update", {"stale": ["F07"], "lookalike": ["F28"]}),
    ("F", "원데이클래스 1인당 얼마 받지", ["F22"], "update", {"stale": ["F08"]}),
    ("F", "예린 신부님 홀 어디", ["F23"], "update", {"stale": ["F09"], "lookalike": ["F25"]}),
    ("F", "작업실 월세 얼마 나가", ["F32"], "update", {"stale": ["F02"]}),
    ("F", "하랑요양원 카네이션 납품", ["F24"], "keyword", {}),
    ("F", "협회 세미나 코엑스 몇 시", ["F26"], "keyword", {}),
    ("F", "채린씨 일당이 얼마", ["F16"], "inflection", {"lookalike": ["F28"]}),
    ("F", "콩이 중성화수술 날", ["F12"], "inflection", {}),
    ("F", "비 많이 오는 철에 꽃 관리 팁", ["F34"], "paraphrase", {}),
    ("F", "고양이가 밥 잘 안 먹을 때 어떻게 했지", ["F33"], "paraphrase", {"confusable": ["T03", "T19"]}),
    ("F", "부케 받은 하객이 문의한 예식", ["F29"], "paraphrase", {}),
    ("F", "Sarah & James 웨딩 관련 다", ["F05", "F21", "F27"], "entity", {"entity": "Sarah & James"}),
    ("F", "다은 신부님 관련 전부", ["F04", "F11", "F14", "F29"], "entity", {"entity": "이다은 신부님"}),
    ("F", "7124로 끝나는 번호", ["F28"], "numeric", {"lookalike": ["F07", "F20"]}),
    ("F", "꽃바구니 40개 어디 납품이지", ["F24"], "numeric", {}),
    ("F", "제주 커플 잔금 언제까지야?", ["F27"], "mixed_lang", {}),
    ("F", "What's the imported peony price per stem?", ["F13"], "mixed_lang", {}),
    ("F", "콩이 광견병 접종 언제 했지", [], "negative", {"neg_kind": "isolation_same_name", "other": ["T28"]}),
    ("F", "준서 엄마 번호", [], "negative", {"neg_kind": "isolation", "other": ["T12"]}),
    ("F", "부케 보존 처리 업체", [], "negative", {"neg_kind": "absent"}),
]


def build():
    # sort each user's memories by ts, assign ids in user order T, P, V, F
    key2id, rows = {}, []
    n = 0
    for pref in "TPVF":
        ms = sorted([m for m in MEM if m[0][0] == pref], key=lambda m: m[1])
        for i, (key, when, ch, lang, text) in enumerate(ms):
            n += 1
            mid = f"m{n:04d}"
            key2id[key] = mid
            mmdd, hm = when.split()
            sec = (int(key[1:]) * 23 + i * 7) % 60
            rows.append({"id": mid, "user_id": USERS[pref], "text": text,
                         "ts": f"2026-{mmdd}T{hm}:{sec:02d}Z", "channel_type": ch, "lang": lang})
    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    mem_user = {r["id"]: r["user_id"] for r in rows}
    qrows = []
    for i, (pref, query, gold, typ, ex) in enumerate(Q, 1):
        q = {"qid": f"q{i:03d}", "user_id": USERS[pref], "query": query,
             "gold": [key2id[k] for k in gold], "type": typ}
        if "stale" in ex:
            q["stale"] = [key2id[k] for k in ex["stale"]]
        if "entity" in ex:
            q["entity"] = ex["entity"]
        if "neg_kind" in ex:
            q["neg_kind"] = ex["neg_kind"]
        if "other" in ex:
            ids = [key2id[k] for k in ex["other"]]
            q["other_user_has"] = mem_user[ids[0]]
            q["other_user_mem"] = ids
        if "confusable" in ex:
            q["confusable_other_user"] = [key2id[k] for k in ex["confusable"]]
        if "lookalike" in ex:
            q["lookalike"] = [key2id[k] for k in ex["lookalike"]]
        qrows.append(q)
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        for q in qrows:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} memories, {len(qrows)} queries")


if __name__ == "__main__":
    build()
