#!/usr/bin/env python3
"""blind18: hand-written held-out set for a Korean/English Slack personal-memory assistant.
All people, shops, numbers and ids are invented.  Run: python3 build.py  (writes memories.jsonl, queries.jsonl)
python3 build.py --update-table  prints the markdown table of update queries used in README.md."""
import json, sys, random, os

USERS = {
    "a": "U0LIB4R7S",  # 윤하은, university librarian, cat 호두, boss 김서연
    "b": "U0DNT8H2Y",  # 한지우, dental hygienist + bassist in band 늦은오후, vocalist 김서연
    "c": "U0JJU3G5H",  # 고민석, runs parents' guesthouse 바람소리 on Jeju, dog 호두, boiler man 박민준
    "d": "U0VNX6T1Q",  # Linh, Vietnamese exchange student, language partner 박민준
}

# (key, "MM-DD HH:MM", channel_type, lang, text)
MEMS = {
"a": [
 ("hodu_bday",  "01-05 00:41", "im", "ko", "호두 생일 4월 2일! 치즈 코숏이고 올해 세 살 됨"),
 ("ext_old",    "01-06 01:15", "channel", "ko", "열람서비스팀 김서연 선생님 내선 4217, 급한 건 이쪽으로 ㄱㄱ"),
 ("pil_old",    "01-07 11:02", "im", "ko", "필라테스 등록함! 화목 저녁 7시 반, 정문 앞 코어앤밸런스"),
 ("addr_old",   "01-08 13:27", "im", "ko", "집 주소 연남동 동교로38길 21, 302호 (택배는 경비실 말고 문앞에)"),
 ("food",       "01-09 10:48", "im", "ko", "호두 사료 로얄캐닌 인도어 2kg 주문함 한달 반은 먹을 듯"),
 ("ill_old",    "01-12 02:03", "channel", "ko", "상호대차 신청 마감은 매주 수요일 오후 3시"),
 ("dent_1",     "01-14 12:30", "im", "ko", "스케일링 예약 1월 29일 목요일 오전 10시, 연희바른치과"),
 ("book_old",   "01-16 09:05", "im", "en", "Book club meets at Cafe Lumen on the first Saturday of every month, 2pm."),
 ("duty_old",   "01-19 03:44", "channel", "ko", "야간 당직 순번 나옴ㅋㅋ 나는 매달 둘째 주 금요일"),
 ("bro_old",    "01-21 12:12", "im", "ko", "재훈이 새 번호 010-3381-7720 저장해두기"),
 ("bro_new",    "01-21 12:19", "im", "ko", "아 오타;; 7720 아니고 7702임 재훈이 끝자리"),
 ("shift_old",  "01-24 04:10", "im", "en", "Saturday reading-room shift: 9am to 1pm, pick up the badge at the loan desk."),
 ("dent_2",     "01-26 09:33", "im", "ko", "스케일링 2/5(목)로 미뤄졌대 시간은 그대로 10시"),
 ("vet",        "01-27 11:20", "im", "mixed", "호두 vet은 연희동물병원. heart murmur 살짝 있다고 6개월마다 check-up 받으래"),
 ("stock",      "02-02 01:55", "channel", "ko", "장서점검 2월 23일(월)~27일(금), 그 주는 3층 열람실 닫음"),
 ("dent_3",     "02-04 10:41", "im", "ko", "치과 또 밀림ㅠㅠ 2/12 목요일 오전 11시로"),
 ("pil_new",    "02-09 12:58", "im", "ko", "필라테스 월수로 바꿈, 8시꺼"),
 ("ill_new",    "02-11 02:27", "channel", "ko", "상호대차 마감 이제 화요일 오후 5시까지래요"),
 ("mom",        "02-15 13:04", "im", "en", "Mom's birthday is March 9. She asked for a silk scarf instead of flowers this year."),
 ("ext_new",    "02-18 05:16", "channel", "ko", "서연 팀장님 2층 행정실로 자리 옮기심, 내선 4305로 변경"),
 ("book_new",   "02-24 09:47", "im", "en", "From March we're in the back room at Pageturner Books. Same Saturday, same time."),
 ("duty_new",   "03-02 00:58", "channel", "ko", "3월부터 당직 재배정됨 → 나 넷째 주 금요일"),
 ("vacc",       "03-06 11:36", "im", "ko", "호두 예방접종 3월 21일 토요일 오전, 연희동물병원"),
 ("kick_old",   "03-12 06:22", "channel", "mixed", "Digital archive project kickoff 4월 7일 화요일, IT팀 최도윤 주임이랑 같이 맡음"),
 ("house",      "03-16 10:14", "im", "ko", "망원동 집 계약함!! 잔금 치르고 이사는 4월 25일 토요일"),
 ("peach",      "03-20 12:45", "im", "ko", "회식 때 복숭아 알레르기 있다고 꼭 말하기, 복숭아 통조림도 안 됨"),
 ("kick_new",   "03-27 03:31", "channel", "mixed", "kickoff 4/14(화)로 push됨, 장소는 그대로 세미나실 B"),
 ("shift_new",  "04-03 08:52", "im", "en", "Starting this week I work 1pm to 6pm on Saturdays, no more early mornings."),
 ("conf",       "04-08 02:40", "channel", "ko", "도서관 대회 발표 확정 5월 22일 금요일 부산 벡스코 2전시장"),
 ("addr_new",   "04-27 11:09", "im", "ko", "이사 끝!!! 이제 망원동 성미산로 9, 201호 ㅎㅎ 짐 정리 언제 다하냐"),
 ("claw",       "05-06 12:01", "im", "ko", "호두 발톱 깎다가 물림ㅋㅋㅋ 담엔 병원 가서 깎자"),
 ("exhibit",    "05-13 01:47", "channel", "ko", "6월 신착도서 전시 주제 '여름밤 추리소설', 도서 선정 마감 5월 29일"),
 ("weight",     "05-28 02:33", "im", "mixed", "호두 5.2kg 나옴, vet says diet 해야 된대ㅠㅠ 간식 줄이기"),
 ("card",       "06-20 07:15", "channel", "en", "New library card design goes live July 1; old cards keep working until December."),
],
"b": [
 ("band",       "01-04 11:20", "im", "ko", "밴드 이름 '늦은오후'로 정함ㅋㅋ 나 베이스, 김서연 언니 보컬"),
 ("work_old",   "01-05 00:12", "channel", "ko", "한결치과 위생사 출근 8시 50분까지, 오전 진료는 9시 반 시작"),
 ("edu_old",    "01-06 01:40", "channel", "ko", "우리 치과 실장님 정유나, 신입 위생사 교육도 실장님 담당"),
 ("prac_1",     "01-07 12:33", "im", "ko", "합주 매주 토요일 오후 4시, 사운드박스 망원점 B룸"),
 ("strings",    "01-09 13:05", "im", "ko", "베이스 줄 다다리오 45-105 니켈로 주문함 담주 도착"),
 ("closed",     "01-12 02:18", "channel", "ko", "원장님 학회라 1월 30일 금요일 휴진, 예약 환자들 전화 돌려야 됨"),
 ("dues_old",   "01-14 10:47", "im", "en", "Band dues are 30,000 won a month, due by the 5th. Seoyeon collects."),
 ("sy_bday",    "01-16 11:58", "im", "ko", "김서연 언니 생일 2월 11일, 케이크 내 담당"),
 ("gig_old",    "01-20 09:26", "im", "ko", "첫 공연 날짜 잡힘 3월 14일 토요일 홍대 클럽 온도"),
 ("amp",        "01-22 12:40", "im", "ko", "앰프 펜더 럼블 40 중고로 28만원에 업어옴"),
 ("set_old",    "01-25 03:15", "im", "mixed", "setlist 초안: 오프닝 '버스 정류장', 마지막은 cover곡 하나, encore 없음"),
 ("work_new",   "01-28 01:02", "channel", "ko", "2월부터 8시 40분까지 와야 됨, 아침 회의 생겨서"),
 ("drum",       "02-02 11:51", "im", "ko", "드럼 오태민 번호 010-5529-1036"),
 ("edu_new",    "02-05 12:24", "channel", "ko", "정유나 실장님 3월에 강남점 가심ㅠ 신입 교육은 이제 내가 맡음"),
 ("prac_2",     "02-08 13:30", "im", "ko", "합주실 옮김. 연남동 '그루브랩' 2번방, 토요일 4시는 그대로"),
 ("prac_3",     "02-10 10:05", "im", "ko", "토욜 5시 반으로 미뤄짐 태민이 알바 땜에"),
 ("dues_new",   "02-13 14:22", "im", "en", "Monthly fee goes up to 35,000 won from March because the studio raised the rent."),
 ("lunch_old",  "02-17 02:44", "channel", "ko", "치과 점심시간 12시 반부터 1시 반까지"),
 ("gig_new",    "02-21 12:10", "im", "ko", "첫 공연 일주일 밀림 → 3/21(토), 장소는 같음"),
 ("set_new",    "02-26 11:14", "im", "mixed", "setlist 확정! 오프닝은 '버스 정류장' 대신 '새벽 두 시'로, cover는 그대로"),
 ("cpe",        "03-03 01:30", "channel", "ko", "위생사 보수교육 온라인 8시간, 3월 31일까지 이수해야 함"),
 ("fivestr",    "03-09 12:02", "im", "en", "Bought a used 5-string bass from a guy in Ilsan for 650,000 won. Setup at Woodnote Guitars on the 14th."),
 ("night_old",  "03-15 03:40", "channel", "ko", "목요일 야간진료 내가 고정, 저녁 8시까지"),
 ("gig_done",   "03-22 13:50", "im", "ko", "첫 공연 끝!!! 관객 40명 정도 왔음 ㅠㅠ 감동"),
 ("kb",         "03-29 10:20", "im", "ko", "김서연 언니가 키보드 한 명 더 뽑자고 함, 후보는 교회 반주하는 예린"),
 ("night_new",  "03-30 01:25", "channel", "ko", "4월부터 야간 진료 수요일로 넘어감, 목욜은 민지쌤"),
 ("gig2_old",   "04-06 11:40", "im", "ko", "두 번째 공연 5월 16일 토요일 성수 언더스테이지 확정"),
 ("case",       "04-15 09:10", "im", "ko", "베이스 케이스 지퍼 나감 낙원상가 수리점에 맡김, 찾는 날 4월 22일"),
 ("gig2_new",   "04-28 10:35", "im", "ko", "언더스테이지 하루 당겨짐 5/15(금) 저녁 8시"),
 ("lunch_new",  "05-04 01:10", "channel", "en", "Lunch break is now 1 to 2pm, starting May 11."),
 ("soban",      "05-12 12:30", "im", "ko", "치과 근처 밥집 '소반' 제육 맛집인데 일요일 휴무"),
 ("sy_voice",   "05-26 11:45", "im", "ko", "김서연 언니 목 상태 안 좋아서 여름 공연 키 반음 내리기로"),
 ("phone",      "06-08 02:20", "channel", "ko", "치과 대표번호 02-544-7081, 예약 변경은 이 번호로만"),
 ("busk",       "06-18 13:10", "im", "ko", "여름 공연 7월 4일 토요일 망원 한강공원 버스킹"),
],
"c": [
 ("hodu_bday",  "01-03 10:15", "im", "ko", "호두 생일 11월 3일, 진도 믹스 수컷이고 네 살"),
 ("out_1",      "01-04 01:30", "channel", "ko", "바람소리 체크인 오후 4시, 체크아웃 오전 11시"),
 ("boiler_old", "01-06 02:45", "im", "ko", "보일러 기사님 박민준 010-2281-6604, 2호실 온수 자꾸 끊김"),
 ("linen_old",  "01-08 09:12", "channel", "ko", "린넨 세탁 한라린넨에 맡김, 월·목 수거, 장당 1,800원"),
 ("dad_1",      "01-10 11:40", "im", "ko", "아버지 정기검진 2월 12일 목요일 오전 9시 반, 서울 청운대병원"),
 ("wifi",       "01-13 03:20", "im", "en", "Guesthouse wifi network is BaramSori_5G; the router sits behind the shoe rack."),
 ("heartworm",  "01-15 12:05", "im", "ko", "호두 심장사상충 약 매달 15일에 먹이기 (하트가드)"),
 ("price_old",  "01-18 02:10", "channel", "ko", "겨울 1박 요금 도미토리 2만5천원, 2인실 6만원"),
 ("pt_old",     "01-20 10:30", "im", "ko", "엄마 무릎 물리치료 매주 화요일 오후 2시, 애월 하나정형외과"),
 ("quote",      "01-23 05:55", "im", "ko", "박민준 기사님 분배기 교체 견적 45만원 불렀음.. 비싸다"),
 ("review",     "01-27 13:10", "im", "mixed", "Airbnb 후기 답글은 영어로, 네이버 후기는 한국어로. reply within 24 hours 지키기"),
 ("out_2",      "02-01 00:50", "channel", "ko", "이번 달부터 10시 반으로 당김, 청소 시간 모자라서"),
 ("dad_2",      "02-03 12:25", "im", "ko", "아버지 검진 2/26(목)으로 밀렸다고 병원 문자 옴"),
 ("walk",       "02-07 06:40", "im", "ko", "호두 산책 아침 7시, 저녁 6시 해안도로 쪽으로"),
 ("linen_days", "02-11 01:15", "channel", "ko", "한라린넨 수거 화·금으로 바뀜"),
 ("dad_3",      "02-14 09:35", "im", "ko", "아빠 검진 또 바뀜;; 3월 5일 목요일 오후 2시로"),
 ("ferry",      "02-19 11:20", "im", "en", "Van ferry Wando to Jeju on March 28, booking code HN4817."),
 ("price_new",  "02-23 02:55", "channel", "ko", "3/1부터 도미 2만8천, 2인실 6만5천으로 올림"),
 ("boiler_new", "02-27 10:45", "im", "ko", "박민준 기사님 은퇴하심ㅠ 앞으로 보일러는 장태호 기사님 010-8843-2197"),
 ("pt_new",     "03-03 00:20", "im", "ko", "엄마 물리치료 목요일로 옮김, 시간은 같음"),
 ("helpers",    "03-09 12:50", "channel", "mixed", "봄 시즌 staff 헬퍼 2명 뽑음, 4월 1일부터 2주 trial, 숙식 제공"),
 ("window",     "03-14 03:05", "im", "ko", "4번방 창문 실리콘 다시 쏴야 됨 비 오면 샘"),
 ("shift_old",  "03-20 11:55", "im", "en", "Helper schedule: Sora takes mornings, Jun takes evenings from April 1."),
 ("ferry2",     "03-26 13:30", "im", "ko", "완도 배 3/28 그대로 탐, 차량 선적 7시 반까지 가야 함"),
 ("shift_new",  "04-04 01:45", "channel", "en", "Sora and Jun swapped, so Jun handles breakfast and rooms now and Sora does night check-ins."),
 ("anniv_old",  "04-09 10:10", "im", "ko", "부모님 결혼 40주년 4월 30일, 함덕 '바다정원' 저녁 7시 예약"),
 ("anniv_new",  "04-15 02:30", "im", "ko", "바다정원 6시로 당겼음, 아버지 일찍 주무셔서"),
 ("skin",       "04-22 12:40", "im", "ko", "호두 피부병 약 하루 두 번, 애월펫클리닉"),
 ("holiday",    "05-02 03:50", "channel", "ko", "5/1~5/5 만실, 추가 예약 받지 말기"),
 ("naver",      "05-11 11:05", "im", "mixed", "Naver 플레이스 대표사진 교체, new photos는 마당 노을 위주로"),
 ("dad_bp",     "05-19 01:35", "im", "ko", "아버지 혈압약 아침 한 알, 저녁 반 알"),
 ("linen_price","05-27 10:20", "channel", "ko", "한라린넨 장당 1,800원 → 6월부터 2,100원"),
 ("out_3",      "06-05 12:15", "im", "en", "Checkout is 10 am for the summer; a late checkout costs 10,000 won."),
 ("mom_bday",   "06-21 02:00", "im", "ko", "엄마 생신 7월 2일, 제주시 한정식집 알아보기"),
],
"d": [
 ("room_old",   "01-05 02:10", "im", "en", "My dorm is Global House, room 714. No curfew this semester!"),
 ("lx_old",     "01-06 08:30", "im", "mixed", "Language exchange with 박민준 every Tuesday 6pm at the student union cafe."),
 ("arc_old",    "01-08 11:45", "im", "ko", "외국인등록증 연장 2월 3일 화요일 오전 10시 출입국사무소 예약함"),
 ("cafe_old",   "01-11 13:00", "im", "en", "Momo Coffee shifts: Friday and Saturday, 2pm to 8pm, 10,500 won an hour."),
 ("topik_reg",  "01-13 05:20", "im", "ko", "TOPIK 3급 목표!! 4월 시험 접수는 2월 9일부터"),
 ("adv_old",    "01-15 12:35", "im", "en", "My advisor is Prof. Han Jiwon. Office hours Wednesday 3-5pm, Room 408, Humanities building."),
 ("book",       "01-18 03:10", "im", "mixed", "박민준 오빠 recommended this grammar book: 한국어 표현 문법, 22,000 won"),
 ("mom_flight", "01-21 10:05", "im", "en", "Mom lands at Incheon on Feb 14 from Hanoi, flight VN416 at 6:40am."),
 ("clinic",     "01-24 09:50", "im", "ko", "학교 보건소 진료 평일 9시~5시, 학생증 꼭 챙기기"),
 ("arc_new",    "01-28 11:20", "im", "en", "Immigration office called: the ARC renewal moved to Feb 10, same time."),
 ("lx_new",     "02-02 14:00", "im", "en", "Minjun has night classes on Tuesdays now, so we switched to Thursday 6pm."),
 ("rent",       "02-06 04:25", "im", "en", "Global House rent for spring: 1,350,000 won, pay by Feb 20."),
 ("cafe_new",   "02-12 12:55", "im", "en", "New schedule at Momo: Saturday and Sunday, same hours."),
 ("name",       "02-17 02:40", "im", "ko", "내 한국 이름 '이린'으로 하기로 함ㅋㅋ 민준 오빠가 지어줌"),
 ("room_new",   "02-20 11:10", "im", "en", "Moved to 1103 because the heater in 714 kept breaking."),
 ("topik_date", "02-25 03:35", "im", "mixed", "TOPIK 접수 완료!! 시험 4월 19일 일요일, 고사장은 still 미정"),
 ("adv_new",    "03-03 12:20", "im", "en", "Prof. Han sees students Thursdays 10 to 12 from now on, same room."),
 ("pres",       "03-08 10:40", "im", "ko", "한국어 발표 3월 24일 화요일, 주제는 베트남 설날 뗏"),
 ("grp_old",    "03-14 06:15", "im", "mixed", "Group project 팀원 지수, 현우, 나. meeting은 매주 월요일 7시 도서관 스터디룸 3"),
 ("flu",        "03-19 13:05", "im", "en", "Got the flu shot at the health center, next one in October."),
 ("grp_new",    "03-27 01:55", "im", "mixed", "이제 수요일 8시 zoom으로 해요, 현우가 월요일 안 된대서 group chat에서 정함"),
 ("wedding",    "04-02 11:30", "im", "en", "Hoang's wedding in Da Nang is June 27; I booked VJ881 for June 25."),
 ("dentist",    "04-07 12:10", "im", "ko", "보건소에서 서하치과 소개받음, 스케일링 1만5천원"),
 ("testroom",   "04-11 03:25", "im", "en", "TOPIK test room: Seoha High School, room 12, be there by 9:20."),
 ("mj_bday",    "04-18 14:30", "im", "mixed", "박민준 오빠 생일 5월 8일, gift는 Vietnamese coffee phin으로"),
 ("intv_old",   "04-25 02:00", "im", "en", "Summer internship interview at Lotus Trading on May 12, 3pm, Gangnam office."),
 ("intv_new",   "05-04 10:45", "im", "ko", "로터스 인턴 면접 5월 15일로 바꼈어요 시간은 똑같이 3시"),
 ("schol_old",  "05-09 11:50", "im", "en", "Scholarship report is due June 10, two pages, email it to the international office."),
 ("topik_res",  "05-14 12:05", "im", "ko", "TOPIK 3급 합격!!! 152점 ㅠㅠ"),
 ("schol_new",  "05-20 01:30", "im", "en", "Good news: the deadline got extended to June 17 for everyone."),
 ("home",       "05-29 09:40", "im", "mixed", "방학 때 집 가는 flight 6월 24일 인천→하노이 VN417, 박민준 오빠가 airport까지 ride 해준대"),
 ("storage_old","06-03 10:10", "im", "mixed", "여름방학 Global House 잔류 신청 안 함, 짐은 B동 창고에 맡기기"),
 ("ref",        "06-12 13:20", "im", "en", "Last cafe shift is June 21. The manager, Ms. Oh, will write me a reference letter."),
 ("storage_new","06-22 03:00", "im", "mixed", "storage B동 말고 C동으로 변경됨, deadline 6/23"),
],
}

# Queries: (user, query, type, gold keys, extras, note-for-update-table)
# extras keys: stale, entity, other_user_has (user letter), other_user_mem ("x:key"), neg_kind, confusable ("x:key"), absent_term
Q = [
# ---------------- a: librarian ----------------
("a", "김서연 선생님 내선 몇 번이었지?", "update", ["ext_new"], {"stale": ["ext_old"]},
 "new line calls her 서연 팀장님, 옮기심 + 변경; query shares 김서연 선생님 내선 with stale"),
("a", "필라테스 무슨 요일 저녁 몇 시였지", "update", ["pil_new"], {"stale": ["pil_old"]},
 "바꿈, terse '8시꺼'; stale shares 저녁"),
("a", "상호대차 신청 마감 언제까지야?", "update", ["ill_new"], {"stale": ["ill_old"]},
 "이제 …까지래요; stale shares 신청 마감"),
("a", "스케일링 예약 언제로 잡혀있지", "update", ["dent_3"], {"stale": ["dent_1", "dent_2"]},
 "chain of two: 미뤄졌대 then 또 밀림; newest says 치과 not 스케일링"),
("a", "Where does the book club meet every month?", "update", ["book_new"], {"stale": ["book_old"]},
 "en→en; new line never says 'book club' or 'meets'"),
("a", "야간 당직 나 몇째 주 금요일이지", "update", ["duty_new"], {"stale": ["duty_old"]},
 "재배정됨 →; stale shares 야간 당직"),
("a", "재훈이 새 번호 뭐였지", "update", ["bro_new"], {"stale": ["bro_old"]},
 "typo correction 7 minutes later, gives only the last four digits"),
("a", "디지털 아카이브 kickoff 4월 7일 맞아?", "update", ["kick_new"], {"stale": ["kick_old"]},
 "mixed→mixed, 'push됨' with slash date; query repeats the stale date"),
("a", "우리 집 주소 몇 호였지", "update", ["addr_new"], {"stale": ["addr_old"]},
 "move-in line '이사 끝 이제 …' with no word 주소"),
("a", "What are my Saturday reading-room shift hours?", "update", ["shift_new"], {"stale": ["shift_old"]},
 "en→en, 'Starting this week I work …', no word 'shift'"),
("a", "장서점검 기간 언제야", "keyword", ["stock"], {}, None),
("a", "신착도서 전시 선정 마감", "keyword", ["exhibit"], {}, None),
("a", "도서관대회 발표 어디서 하지", "inflection", ["conf"], {}, None),
("a", "호두 예방 접종은 언제야", "inflection", ["vacc"], {"confusable": ["c:heartworm"]}, None),
("a", "우리 고양이 태어난 날 언제였지", "paraphrase", ["hodu_bday"], {"confusable": ["c:hodu_bday"]}, None),
("a", "먹으면 안 되는 과일 뭐였더라", "paraphrase", ["peach"], {}, None),
("a", "호두 관련된 거 다 알려줘", "entity", ["hodu_bday", "food", "vet", "vacc", "claw", "weight"],
 {"entity": "호두", "confusable": ["c:hodu_bday", "c:heartworm", "c:walk", "c:skin"]}, None),
("a", "4305 누구 내선이야", "numeric", ["ext_new"], {}, None),
("a", "5/22 일정 뭐였지", "numeric", ["conf"], {}, None),
("a", "엄마 생신 선물 뭐 원하셨지", "mixed_lang", ["mom"], {"confusable": ["c:mom_bday"]}, None),
("a", "What's the theme of the June new-books display?", "mixed_lang", ["exhibit"], {}, None),
("a", "김서연 생일 언제더라", "negative", [], {"neg_kind": "isolation_same_name", "other_user_has": "b", "other_user_mem": ["b:sy_bday"]}, None),
("a", "바람소리 게스트하우스 체크아웃 몇 시", "negative", [], {"neg_kind": "isolation", "other_user_has": "c", "other_user_mem": ["c:out_1", "c:out_2", "c:out_3"]}, None),
("a", "요가 매트 어디서 샀었지", "negative", [], {"neg_kind": "absent", "absent_term": "요가"}, None),
("a", "호두 산책 몇 시에 시켜야 돼", "negative", [], {"neg_kind": "isolation_same_name", "other_user_has": "c", "other_user_mem": ["c:walk"]}, None),
# ---------------- b: hygienist + bassist ----------------
("b", "한결치과 출근 몇 시까지야", "update", ["work_new"], {"stale": ["work_old"]},
 "new value with no change word and no 출근/한결치과 ('8시 40분까지 와야 됨')"),
("b", "토요일 합주 몇 시지", "update", ["prac_3"], {"stale": ["prac_1", "prac_2"]},
 "chain: 합주실 옮김 (time 그대로) then '토욜 5시 반으로 미뤄짐' with no 합주"),
("b", "신입 교육 담당 누구야", "update", ["edu_new"], {"stale": ["edu_old"]},
 "new contact is the writer: '이제 내가 맡음'"),
("b", "How much are the band dues?", "update", ["dues_new"], {"stale": ["dues_old"]},
 "en→en, new line says 'Monthly fee' instead of 'band dues'"),
("b", "첫 공연 날짜 언제야", "update", ["gig_new"], {"stale": ["gig_old"]},
 "밀림 → 3/21(토); stale shares 첫 공연 날짜"),
("b", "setlist 오프닝 곡 뭐로 했지", "update", ["set_new"], {"stale": ["set_old"]},
 "mixed→mixed, '대신'; both lines contain the old song title"),
("b", "내 야간진료 무슨 요일이지", "update", ["night_new"], {"stale": ["night_old"]},
 "넘어감; new line spaced '야간 진료', stale spelled like the query"),
("b", "언더스테이지 공연 날짜", "update", ["gig2_new"], {"stale": ["gig2_old"]},
 "당겨짐, slash date 5/15(금)"),
("b", "치과 점심시간 몇 시부터 몇 시까지", "update", ["lunch_new"], {"stale": ["lunch_old"]},
 "Korean old → English new ('Lunch break is now …')"),
("b", "보수교육 몇 시간 들어야 돼", "keyword", ["cpe"], {}, None),
("b", "베이스 케이스 수리 맡긴 곳", "keyword", ["case"], {}, None),
("b", "한강공원 버스킹 언제", "keyword", ["busk"], {}, None),
("b", "베이스줄 뭐로 주문했지", "inflection", ["strings"], {}, None),
("b", "원장님 학회 휴진은 언제였어", "inflection", ["closed"], {}, None),
("b", "처음 무대 섰을 때 사람 몇 명 왔지", "paraphrase", ["gig_done"], {}, None),
("b", "직장 앞 식당 쉬는 날", "paraphrase", ["soban"], {}, None),
("b", "김서연 관련 다 알려줘", "entity", ["band", "sy_bday", "kb", "sy_voice"],
 {"entity": "김서연", "confusable": ["a:ext_old"]}, None),
("b", "025447081 어디 번호지", "numeric", ["phone"], {}, None),
("b", "1036으로 끝나는 번호 누구야", "numeric", ["drum"], {}, None),
("b", "How much did I pay for the amp?", "mixed_lang", ["amp"], {}, None),
("b", "5현 베이스 셋업 어디 맡겼지", "mixed_lang", ["fivestr"], {}, None),
("b", "상호대차 마감 언제야", "negative", [], {"neg_kind": "isolation", "other_user_has": "a", "other_user_mem": ["a:ill_old", "a:ill_new"]}, None),
("b", "김서연 선생님 내선번호", "negative", [], {"neg_kind": "isolation_same_name", "other_user_has": "a", "other_user_mem": ["a:ext_old", "a:ext_new"]}, None),
("b", "기타 피크 어디서 샀지", "negative", [], {"neg_kind": "absent", "absent_term": "피크"}, None),
("b", "치과 주차 등록 어떻게 하더라", "negative", [], {"neg_kind": "absent", "absent_term": "주차"}, None),
# ---------------- c: Jeju guesthouse ----------------
("c", "바람소리 체크아웃 오전 몇 시였지", "update", ["out_3"], {"stale": ["out_1", "out_2"]},
 "chain of two: '10시 반으로 당김' (no 체크아웃) then English 'Checkout is 10 am' (Korean old → English new)"),
("c", "린넨 세탁 수거 요일", "update", ["linen_days"], {"stale": ["linen_old"]},
 "바뀜; stale shares 린넨 세탁 수거"),
("c", "아버지 정기검진 언제야", "update", ["dad_3"], {"stale": ["dad_1", "dad_2"]},
 "chain: 밀렸다고 then '아빠 검진 또 바뀜' (아빠 vs 아버지)"),
("c", "도미토리 1박 요금 얼마 받지", "update", ["price_new"], {"stale": ["price_old"]},
 "올림, abbreviated '도미', no 1박/요금"),
("c", "엄마 무릎 물리치료 무슨 요일이었지", "update", ["pt_new"], {"stale": ["pt_old"]},
 "옮김, follow-up naming only the new day"),
("c", "보일러 기사님 연락처", "update", ["boiler_new"], {"stale": ["boiler_old"]},
 "new contact person, '앞으로 보일러는 …'"),
("c", "Who covers the morning shift?", "update", ["shift_new"], {"stale": ["shift_old"]},
 "en→en, 'swapped', new line says 'breakfast and rooms' not 'mornings'"),
("c", "40주년 저녁 예약 몇 시야", "update", ["anniv_new"], {"stale": ["anniv_old"]},
 "당겼음, names only restaurant and new hour"),
("c", "한라린넨 장당 세탁비 얼마야", "update", ["linen_price"], {"stale": ["linen_old"]},
 "arrow line holding both old and new price"),
("c", "하트가드 며칠에 먹여", "keyword", ["heartworm"], {}, None),
("c", "Airbnb 후기 답글 어떻게 하기로 했지", "keyword", ["review"], {}, None),
("c", "5월 초 추가예약 받아도 돼?", "inflection", ["holiday"], {}, None),
("c", "아버지 혈압 약 어떻게 드시지", "inflection", ["dad_bp"], {}, None),
("c", "우리 개 태어난 날", "paraphrase", ["hodu_bday"], {"confusable": ["a:hodu_bday"]}, None),
("c", "빗물 들어오는 방 어디였지", "paraphrase", ["window"], {}, None),
("c", "박민준 관련 다 알려줘", "entity", ["boiler_old", "quote", "boiler_new"],
 {"entity": "박민준", "confusable": ["d:lx_old", "d:book", "d:mj_bday", "d:home"]}, None),
("c", "호두 관련 다 알려줘", "entity", ["hodu_bday", "heartworm", "walk", "skin"],
 {"entity": "호두", "confusable": ["a:hodu_bday", "a:food", "a:vet", "a:vacc", "a:claw", "a:weight"]}, None),
("c", "HN4817 이거 뭐였지", "numeric", ["ferry"], {}, None),
("c", "6604로 끝나는 번호 누구꺼", "numeric", ["boiler_old"], {}, None),
("c", "When is mom's birthday?", "mixed_lang", ["mom_bday"], {"confusable": ["a:mom"]}, None),
("c", "공유기 어디 있더라", "mixed_lang", ["wifi"], {}, None),
("c", "호두 사료 뭐 먹이지", "negative", [], {"neg_kind": "isolation_same_name", "other_user_has": "a", "other_user_mem": ["a:food"]}, None),
("c", "합주실 어디였지", "negative", [], {"neg_kind": "isolation", "other_user_has": "b", "other_user_mem": ["b:prac_1", "b:prac_2"]}, None),
("c", "수영장 청소 업체 번호", "negative", [], {"neg_kind": "absent", "absent_term": "수영장"}, None),
("c", "박민준 언어교환 언제 만나", "negative", [], {"neg_kind": "isolation_same_name", "other_user_has": "d", "other_user_mem": ["d:lx_old", "d:lx_new"]}, None),
# ---------------- d: exchange student ----------------
("d", "What's my dorm room number?", "update", ["room_new"], {"stale": ["room_old"]},
 "en→en, 'Moved to 1103', no dorm/room words"),
("d", "When do I meet 박민준 for language exchange?", "update", ["lx_new"], {"stale": ["lx_old"]},
 "mixed old → en new; new line uses 'Minjun' and 'switched'"),
("d", "외국인등록증 연장 예약 언제야", "update", ["arc_new"], {"stale": ["arc_old"]},
 "Korean old → English new ('ARC renewal moved to' + a new date)"),
("d", "Which days are my Momo Coffee shifts?", "update", ["cafe_new"], {"stale": ["cafe_old"]},
 "en→en, 'New schedule at Momo', new value with no change verb"),
("d", "When are my advisor's office hours?", "update", ["adv_new"], {"stale": ["adv_old"]},
 "en→en, 'sees students … from now on' instead of 'office hours'"),
("d", "group project meeting 몇 시 어디서 해?", "update", ["grp_new"], {"stale": ["grp_old"]},
 "mixed→mixed, '이제 … zoom으로'"),
("d", "When is the Lotus Trading internship interview?", "update", ["intv_new"], {"stale": ["intv_old"]},
 "English old → Korean new with typo 바꼈어요, 로터스 in Hangul"),
("d", "When is the scholarship report due?", "update", ["schol_new"], {"stale": ["schol_old"]},
 "en→en, 'deadline got extended', no 'scholarship'"),
("d", "짐 어느 동 창고에 맡겨야 돼?", "update", ["storage_new"], {"stale": ["storage_old"]},
 "mixed→mixed, 변경됨; new line says storage not 창고"),
("d", "grammar book recommended", "keyword", ["book"], {}, None),
("d", "reference letter from Ms. Oh", "keyword", ["ref"], {}, None),
("d", "TOPIK 시험접수는 언제부터?", "inflection", ["topik_reg"], {}, None),
("d", "When did I get my flu shots?", "inflection", ["flu"], {}, None),
("d", "Where do I take the Korean proficiency exam?", "paraphrase", ["testroom"], {}, None),
("d", "When is my friend getting married in Vietnam?", "paraphrase", ["wedding"], {}, None),
("d", "박민준 관련 다 알려줘", "entity", ["lx_old", "book", "mj_bday", "home"],
 {"entity": "박민준", "confusable": ["c:boiler_old", "c:quote", "c:boiler_new"]}, None),
("d", "Global House 관련 다 알려줘", "entity", ["room_old", "rent", "storage_old"], {"entity": "Global House"}, None),
("d", "VN416 몇 시 도착이야", "numeric", ["mom_flight"], {}, None),
("d", "What's the 1.35 million won payment for?", "numeric", ["rent"], {}, None),
("d", "Who gave me my Korean name?", "mixed_lang", ["name"], {}, None),
("d", "health center opening hours", "mixed_lang", ["clinic"], {}, None),
("d", "How much are the band dues?", "negative", [], {"neg_kind": "isolation", "other_user_has": "b", "other_user_mem": ["b:dues_old", "b:dues_new"]}, None),
("d", "박민준 기사님 전화번호", "negative", [], {"neg_kind": "isolation_same_name", "other_user_has": "c", "other_user_mem": ["c:boiler_old", "c:boiler_new"]}, None),
("d", "Did I sign up for a swimming class?", "negative", [], {"neg_kind": "absent", "absent_term": "swim"}, None),
("d", "When is my driving test?", "negative", [], {"neg_kind": "absent", "absent_term": "driving"}, None),
]


def build():
    rng = random.Random(18)
    mems, idmap, n = [], {}, 0
    for u in "abcd":
        for key, when, ch, lang, text in MEMS[u]:
            n += 1
            mid = "m%04d" % n
            full = u + ":" + key
            assert full not in idmap, full
            idmap[full] = mid
            md, hm = when.split()
            ts = "2026-%sT%s:%02dZ" % (md, hm, rng.randrange(60))
            mems.append({"id": mid, "user_id": USERS[u], "text": text, "ts": ts,
                         "channel_type": ch, "lang": lang})
    texts = [m["text"].lower() for m in mems]

    def ref(u, k):
        return idmap[k if ":" in k else u + ":" + k]

    queries = []
    for i, (u, qtext, typ, gold, ex, note) in enumerate(Q, 1):
        q = {"qid": "q%03d" % i, "user_id": USERS[u], "query": qtext,
             "gold": [ref(u, g) for g in gold], "type": typ}
        if "stale" in ex:
            q["stale"] = [ref(u, s) for s in ex["stale"]]
        if "entity" in ex:
            q["entity"] = ex["entity"]
        if "other_user_has" in ex:
            q["other_user_has"] = USERS[ex["other_user_has"]]
            q["other_user_mem"] = [ref(u, s) for s in ex["other_user_mem"]]
        if "neg_kind" in ex:
            q["neg_kind"] = ex["neg_kind"]
        if "confusable" in ex:
            q["confusable_other_user"] = [ref(u, s) for s in ex["confusable"]]
        if "absent_term" in ex:  # build-time check only, not written
            t = ex["absent_term"].lower()
            assert not any(t in x for x in texts), ("absent term found", t)
        queries.append((q, note))
    return mems, queries


def main():
    mems, queries = build()
    if "--update-table" in sys.argv:
        byid = {m["id"]: m for m in mems}
        print("| qid | user | query | gold | stale | how the update is phrased |")
        print("|---|---|---|---|---|---|")
        for q, note in queries:
            if q["type"] == "update":
                print("| %s | %s | %s | %s | %s | %s |" % (q["qid"], q["user_id"], q["query"],
                      q["gold"][0], ", ".join(q["stale"]), note))
        return
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "memories.jsonl"), "w", encoding="utf-8") as f:
        for m in mems:
            f.write(json.dumps(m, ensure_ascii=False) + "\n")
    with open(os.path.join(here, "queries.jsonl"), "w", encoding="utf-8") as f:
        for q, _ in queries:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    print("wrote %d memory rows, %d queries" % (len(mems), len(queries)))


if __name__ == "__main__":
    main()
