#!/usr/bin/env python3
"""Build kmem-recall-blind30: memories.jsonl + queries.jsonl.

Everything is written inline below. Memories carry a readable key and a local
KST time (UTC+9); the build converts the time to UTC `Z`, sorts each user's
memories by time, and assigns ids m0001... in per-user blocks (user 1 first).
Queries reference memories by key; keys are resolved to ids at build time.

Run:  python3 build.py   (writes memories.jsonl and queries.jsonl next to this file)
"""
import json
import os
import random
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
KST = timezone(timedelta(hours=9))

USERS = {
    "u1": "U07KM4R2P",  # 한서윤: backend developer, cat 모찌, Japanese study, futsal
    "u2": "U05TQ8N1X",  # 박준형: hospital pharmacist, daughter 하린, poodle 콩이, running
    "u3": "U09HD3W6B",  # Emily Carter: UX designer in Seoul, rabbit Pudding, climbing, Korean classes
    "u4": "U02LC7Y5F",  # 이도현: sales director, golf, blood pressure, son in the army, niece 하린
}
USER_ORDER = ["u1", "u2", "u3", "u4"]

# (key, KST local time, channel_type, lang, text)
MEMORIES = {
    "u1": [
        ("standup_v1", "2026-01-06 09:41:12", "channel", "ko", "주간 스탠드업 회의실 7층 702호로 잡혔습니다. 매주 월요일 10시"),
        ("laptop_v1", "2026-01-08 14:03:55", "im", "ko", "회사 노트북 받음: 맥북 프로 14 M3, 자산번호 NL-2231"),
        ("mochi_bday", "2026-01-11 21:17:40", "im", "ko", "모찌 생일 4월 2일! 치즈 코숏이고 올해 세 살 됨"),
        ("food_v1", "2026-01-13 22:30:05", "im", "ko", "모찌 사료는 로얄캐닌 인도어 2kg짜리 먹이는 중"),
        ("ext_mine", "2026-01-15 10:12:33", "channel", "ko", "제 내선번호 4127입니다. 배포 관련은 저한테 주세요"),
        ("ext_minjae", "2026-01-15 10:14:02", "channel", "ko", "민재님 내선 4172, 인프라 관련 문의는 민재님께"),
        ("jp_v1", "2026-01-19 20:05:48", "im", "ko", "일본어 학원 등록함 ㅎㅎ 강남 하나일본어학원, 화목 저녁 7시 반 N3반"),
        ("futsal_v1", "2026-01-24 12:40:10", "im", "ko", "풋살 매주 토요일 오전 10시, 상암 풋살파크"),
        ("futsal_dues", "2026-01-24 12:42:37", "im", "ko", "풋살팀 총무는 김도율, 회비 월 2만원 매달 5일까지 보내기"),
        ("vet_v1", "2026-01-29 19:22:11", "im", "ko", "모찌 다니는 동물병원: 망원 해피펫동물병원"),
        ("mgr_v1", "2026-02-02 11:30:00", "im", "ko", "우리 팀장님 정태윤 책임님, 1on1은 격주 목요일"),
        ("rent_v1", "2026-02-04 23:01:19", "im", "ko", "지금 집 월세 65만, 관리비 7만. 매달 25일 이체"),
        ("sub_v1", "2026-02-07 01:12:45", "im", "ko", "무비온 스탠다드 요금제 월 11,900원 쓰는 중"),
        ("allergy_v1", "2026-02-10 09:05:20", "im", "ko", "비염 때문에 아침마다 지르텍 한 알 먹는 중"),
        ("friend_cat", "2026-02-12 22:48:09", "im", "ko", "소연이네 고양이 이름은 모카, 모찌랑 동갑이고 생일 5월 9일"),
        ("aws_alarm", "2026-02-16 15:20:41", "channel", "en", "AWS cost alarm threshold set to $1,800/month for the staging account"),
        ("standup_v2", "2026-02-23 09:35:27", "channel", "ko", "스탠드업 회의실 이제 7층 705호로 바뀜"),
        ("brother_bday", "2026-02-25 20:11:50", "im", "ko", "동생 지우 생일 11월 23일, 올해 스물다섯"),
        ("jp_v2", "2026-03-03 21:40:16", "im", "ko", "일본어 학원 반 옮겼어. 월수 저녁 8시 N2반"),
        ("vet_v2", "2026-03-09 18:55:03", "im", "ko", "모찌 주치의 바꿈. 연남동 냥이솔 고양이병원 김하람 원장님"),
        ("dentist", "2026-03-11 13:02:48", "im", "ko", "스케일링 예약 3월 18일 오후 2시, 연남 바른이치과"),
        ("oncall", "2026-03-16 10:08:30", "channel", "en", "On-call rotation: I'm primary on the 2nd and 4th week of every month"),
        ("food_v2", "2026-03-20 20:26:14", "im", "ko", "모찌 밥: 힐스 퍼펙트 다이제스천 1.6kg, 쿠팡 정기배송 3주마다"),
        ("mgr_v2", "2026-03-24 16:45:09", "im", "mixed", "new manager는 오세린님 (Platform team lead), 1on1 매주 화요일 4시"),
        ("jeju_lastyear", "2026-03-28 23:15:36", "im", "ko", "작년 제주 여행 때 묵은 협재 '파란돌' 숙소는 별로였음 ㅋㅋ 다신 안 감"),
        ("jeju", "2026-04-02 22:03:11", "im", "ko", "제주 5월 22일~25일 확정! 숙소는 애월 '바람채' 독채"),
        ("futsal_v2", "2026-04-06 19:30:52", "im", "ko", "풋살 매주 일요일 저녁 6시, 망원 한강 풋살장"),
        ("laptop_v2", "2026-04-09 11:18:44", "im", "en", "Work laptop: ThinkPad X1 Carbon Gen 12, asset tag NL-3087"),
        ("design_room", "2026-04-13 09:50:07", "channel", "ko", "디자인팀 주간회의는 8층 801호에서 해요"),
        ("sub_v2", "2026-04-17 00:34:58", "im", "ko", "무비온 프리미엄으로 바꿨어 월 15,900원 ㅠ 4K 때문에"),
        ("standup_v3", "2026-04-20 09:38:21", "channel", "ko", "스탠드업 회의실 또 바뀜 ㅋㅋ 9층 903호"),
        ("allergy_v2", "2026-04-28 10:22:03", "im", "ko", "이비인후과 선생님이 항히스타민제 알레그라 120으로 바꿔주심. 하루 한 번"),
        ("jlpt", "2026-05-04 21:08:40", "im", "mixed", "JLPT N2 7월 5일 시험, 시험장 한국외대 본관 — don't forget 수험표"),
        ("deploy_freeze", "2026-05-11 14:35:16", "channel", "en", "Deploy freeze for the Q2 release: June 15–19, no prod deploys"),
        ("rent_v2", "2026-05-27 22:47:29", "im", "ko", "월세 68만 / 관리비 8만, 6월분부터 적용"),
        ("vet_v3", "2026-06-03 19:12:55", "im", "mixed", "Mochi's vet is now Dr. 문지후 at 캣웰 클리닉 in 합정"),
        ("team_dinner", "2026-06-08 17:20:10", "channel", "ko", "팀 회식 6월 12일 금요일 7시, 을지로 '삼미옥'"),
    ],
    "u2": [
        ("kong_bday", "2026-01-05 21:10:33", "im", "ko", "콩이 생일 9월 3일, 토이푸들 네 살이에요"),
        ("pickup_v1", "2026-01-07 08:02:15", "im", "ko", "하린이 어린이집 하원 4시 반. 화요일은 아내가 데리러 감"),
        ("groom_v1", "2026-01-09 19:44:51", "im", "ko", "콩이 미용은 영통 '보송펫살롱', 6주마다 예약"),
        ("parking_v1", "2026-01-12 07:35:09", "im", "ko", "병원 직원주차장 B3 27번 배정받음"),
        ("car_v1", "2026-01-14 20:21:38", "im", "ko", "내 차 아반떼 흰색, 2019년식"),
        ("ext_v1", "2026-01-16 13:27:44", "channel", "ko", "조제실 내선 3302로 연락 주세요"),
        ("shift_v1", "2026-01-19 22:15:02", "im", "ko", "1월 근무는 데이 고정, 8시 출근 5시 퇴근"),
        ("wife_bday", "2026-01-21 23:40:17", "im", "ko", "수아 생일 7월 30일. 작년엔 꽃 선물함"),
        ("mil_bday", "2026-01-21 23:42:50", "im", "ko", "장모님 생신은 7월 13일"),
        ("peds_v1", "2026-01-26 12:05:36", "im", "ko", "하린 소아과: 영통 튼튼소아과 이정민 선생님"),
        ("milk_v1", "2026-01-28 21:33:27", "im", "ko", "우유 정기배송 주 3회 월수금, 1L 두 병씩"),
        ("harin_allergy", "2026-02-02 19:58:06", "im", "ko", "하린이 땅콩 알레르기 있음!! 간식 살 때 꼭 성분표 확인"),
        ("gym_v1", "2026-02-05 06:50:21", "im", "ko", "헬스장 '파워짐 영통점' 등록, 월 5만 5천원"),
        ("harin_bday", "2026-02-09 22:30:48", "im", "ko", "하린이 생일 2월 14일, 케이크 주문 완료 ㅎㅎ"),
        ("half_v1", "2026-02-13 21:12:37", "im", "ko", "춘천 하프 목표 기록 1시간 55분"),
        ("crew", "2026-02-17 05:48:10", "im", "ko", "러닝크루 '새벽호수' 화목 새벽 6시, 광교호수공원 정문 집합"),
        ("groom_v2", "2026-02-24 18:30:33", "im", "ko", "콩이 그루밍은 이제 '몽글몽글 애견미용'에서 해요. 원장님 010-3857-2046"),
        ("ext_v2", "2026-03-02 09:10:57", "channel", "ko", "조제실 내선번호 3320으로 변경됐습니다"),
        ("shift_v2", "2026-03-04 22:44:19", "im", "ko", "3월부터 근무 이브닝으로 바뀜, 2시 출근 11시 퇴근"),
        ("coworker_car", "2026-03-06 12:38:25", "im", "ko", "민호 선생 차는 K5 은색, 퇴근길에 가끔 카풀"),
        ("emr_training", "2026-03-10 14:02:40", "channel", "ko", "처방전달시스템 교육 4월 8일 수요일 3시, 본관 지하 1층 세미나실"),
        ("parking_v2", "2026-03-16 07:41:13", "im", "ko", "직원주차 B2 14번"),
        ("peds_v2", "2026-03-23 20:17:59", "im", "ko", "하린이 다니는 아이 병원: 새싹아동병원 최유나 원장님"),
        ("friend_mom", "2026-03-27 16:55:02", "im", "ko", "서아 엄마 연락처 010-6624-1180, 하린이 제일 친한 친구"),
        ("pickup_v2", "2026-04-01 08:20:44", "im", "ko", "하원 시간 이제 5시로 바뀜, 연장반 신청함"),
        ("milk_v2", "2026-04-06 21:05:30", "im", "en", "Dairy delivery switched to twice a week, Tue/Sat, 2 bottles each"),
        ("car_v2", "2026-04-13 19:26:08", "im", "ko", "새로 뽑은 SUV 투싼 하이브리드, 색은 회색"),
        ("half_v2", "2026-04-20 21:48:33", "im", "ko", "춘천 하프 목표: 1시간 50분 안쪽 ㅋㅋ 할 수 있다"),
        ("trip", "2026-04-27 22:13:16", "im", "ko", "8월 가족여행 양양 '솔바람 펜션' 8/7~8/9 예약"),
        ("trip_lastyear", "2026-04-27 22:15:40", "im", "ko", "작년 여름엔 강릉 '해담 펜션' 갔었는데 바다 바로 앞이라 좋았음"),
        ("gym_v2", "2026-05-06 06:35:27", "im", "ko", "운동 다니는 곳: 크로스핏 '리프트원' 주 3회, 월 18만원"),
        ("groom_v3", "2026-05-19 19:02:51", "im", "ko", "콩이 털 자르는 곳 도그앤브러시 망포점, 5주 간격"),
        ("pharm_dinner", "2026-05-25 17:40:06", "channel", "mixed", "약제부 회식 6월 5일 금요일, 인계동 '고기굽는마을' — RSVP by Wednesday"),
        ("kong_vax", "2026-06-02 20:28:45", "im", "mixed", "콩이 heartworm 약 매달 1일, 넥스가드 스펙트라 S size"),
        ("daycare_teacher", "2026-06-09 21:55:14", "im", "ko", "하린이 반 담임은 박다은 선생님, 알림장은 키즈노트로 옴"),
    ],
    "u3": [
        ("class_v1", "2026-01-06 19:20:14", "im", "en", "Signed up for Korean at Garam Korean Academy — Level 2, Tue/Thu 7pm"),
        ("teacher", "2026-01-06 19:22:48", "im", "mixed", "My Korean teacher is 민서영 선생님, super patient"),
        ("pellet_v1", "2026-01-09 21:03:30", "im", "en", "Pudding's pellets: Oxbow Adult Rabbit Food, a 2.25kg bag lasts about 5 weeks"),
        ("pudding_bday", "2026-01-12 20:40:55", "im", "en", "Pudding's birthday is Oct 12 — Holland Lop, turning 3 this year"),
        ("climb_v1", "2026-01-15 18:55:07", "im", "en", "Climbing gym: The Crux Itaewon, monthly pass 150,000 won"),
        ("landlord_v1", "2026-01-20 10:30:42", "im", "en", "Landlord is Mr. Yoon Jaesik, 010-2719-4460, text before calling"),
        ("boss_v1", "2026-01-22 11:15:29", "channel", "en", "My creative director is Jenna Park — send decks to her by Thursday noon"),
        ("phone_v1", "2026-01-27 22:10:03", "im", "en", "Phone plan: KT 5G Slim, 55,000 won/month"),
        ("dentist_v1", "2026-02-03 13:45:50", "im", "en", "Dentist: Smile Dental Itaewon, Dr. Kang, speaks English"),
        ("rent_v1", "2026-02-06 09:02:18", "im", "en", "Rent 850,000 + maintenance 100,000, paid on the 1st"),
        ("flight_lastyear", "2026-02-09 23:14:36", "im", "en", "Last winter's flight home was Dec 20 — never flying the week before Christmas again lol"),
        ("pottery_v1", "2026-02-14 16:20:11", "im", "en", "Saturday pottery class at Clay Room in Huam-dong, 11am"),
        ("class_v2", "2026-02-19 20:48:26", "im", "en", "Passed the level test! Korean class moved up to Level 3 — Mon/Wed 7pm now"),
        ("allergy", "2026-02-23 12:33:09", "im", "mixed", "갑각류 알레르기 있음 — no shrimp/crab, tell the team before 회식"),
        ("boss_v2", "2026-03-02 10:05:44", "channel", "en", "Team lead now: Minkyu Seo. Jenna moved to the Busan office"),
        ("friend_gym", "2026-03-05 21:27:31", "im", "mixed", "Jisoo는 홍대 Climb Lab 다님 — auto-belay 벽이 좋대"),
        ("review", "2026-03-09 09:30:55", "channel", "en", "Design review every Wednesday 11am in the Maple room"),
        ("pine", "2026-03-09 09:32:20", "channel", "en", "Client calls go in the Pine room (3F), not Maple"),
        ("climb_v2", "2026-03-14 17:40:38", "im", "en", "Climbing gym: Boulder Garden Yongsan, 10-visit pass for 180,000"),
        ("pellet_v2", "2026-03-18 21:55:16", "im", "ko", "푸딩 사료: 토끼밭 티모시 펠렛 1.5kg"),
        ("flight_v1", "2026-03-21 22:40:12", "im", "en", "Summer trip home booked: flight Jul 3, ICN to YVR, departs 6:40pm"),
        ("arc", "2026-03-25 14:18:47", "im", "ko", "외국인등록증 만료일 2027년 3월 14일, 목동 출입국사무소에서 미리 갱신하기"),
        ("landlord_v2", "2026-03-30 19:08:33", "im", "ko", "집주인 바뀌었어요. 고은비 씨, 010-4418-2093"),
        ("lumen", "2026-04-03 16:25:09", "channel", "en", "Project Lumen final handoff due May 29 — client is Orbit Foods"),
        ("rent_v2", "2026-04-07 09:11:40", "im", "en", "Rent went up to 900,000 starting April, maintenance still 100,000"),
        ("phone_v2", "2026-04-10 22:31:58", "im", "en", "Phone plan: LG U+ 5G Lite, 47,000 won a month"),
        ("dentist_v2", "2026-04-15 12:50:27", "im", "ko", "치과 옮겼어요 — 해방촌 맑은치과, 원장님이 영어 잘하세요"),
        ("sister", "2026-04-19 20:02:44", "im", "en", "Chloe visiting May 2–9! She lands at Incheon 3:15pm on the 2nd"),
        ("class_v3", "2026-04-24 21:19:05", "im", "en", "Korean class is now Saturdays 10am–1pm, intensive track, still Level 3"),
        ("boss_v3", "2026-05-04 10:40:21", "channel", "en", "1:1s with Chaeeun Yoon, Head of Design — Thursdays 3pm"),
        ("pottery_v2", "2026-05-09 15:35:48", "im", "ko", "도자기 공방 수업: 토요일 오후 2시, 이태원 '흙과불'"),
        ("flight_v2", "2026-05-16 23:05:10", "im", "en", "Rebooked my flight home — now Jul 8, 8:15pm, same route"),
        ("tteok", "2026-05-21 19:47:33", "im", "ko", "제일 좋아하는 떡볶이집은 신당동 '홍매분식'"),
        ("topik", "2026-06-01 21:30:59", "im", "ko", "TOPIK 시험 7월 12일이에요. 3급 목표!"),
        ("pudding_hay", "2026-06-10 20:15:22", "im", "mixed", "Pudding 건초는 timothy 1st cut only, 알팔파 주면 안 됨 (vet said)"),
    ],
    "u4": [
        ("bp_v1", "2026-01-05 07:15:40", "im", "ko", "혈압약 아모디핀 5mg 아침 식후 1알"),
        ("golf_v1", "2026-01-07 21:30:12", "im", "ko", "월례 골프 모임 매달 셋째 토요일, 용인 청솔밸리CC"),
        ("seat_v1", "2026-01-08 08:45:27", "im", "ko", "사무실 자리 6층 C-14, 창가 쪽"),
        ("assist_v1", "2026-01-09 09:12:50", "channel", "ko", "제 일정 관련 문의는 김보라 대리에게 부탁드립니다"),
        ("weekly_v1", "2026-01-12 17:55:33", "channel", "ko", "주간 영업회의 매주 월요일 오전 8시 반, 본사 11층 대회의실"),
        ("car_v1", "2026-01-14 19:40:21", "im", "ko", "내 차 그랜저 검정, 2021년식"),
        ("ins", "2026-01-14 19:43:05", "im", "ko", "자동차 보험 만기 9월 30일, 한빛손해보험 담당 설계사 오미란"),
        ("brother_car", "2026-01-19 20:18:46", "im", "ko", "동생 도윤이 차는 쏘렌토 흰색, 명절에 빌려 쓰기로 함"),
        ("vn_v1", "2026-01-22 14:30:09", "im", "ko", "베트남 출장 4월 14일~18일 하노이, 박닌 공장 방문 포함"),
        ("vn_lastyear", "2026-01-22 14:33:51", "im", "ko", "작년 하노이 출장 때 묵은 호텔은 로터스 하노이, 공장까지 40분"),
        ("buyer_v1", "2026-01-27 11:02:38", "im", "ko", "대성기계 구매 담당 최경호 과장 010-5531-7702"),
        ("paper_v1", "2026-02-02 07:05:14", "im", "ko", "조간 경제신문 종이 구독, 월 2만원 자동이체"),
        ("jihun_v1", "2026-02-04 22:20:55", "im", "ko", "지훈이 휴가 5월 2일 나온다고 연락옴"),
        ("ext", "2026-02-09 10:05:18", "channel", "ko", "영업1팀 이도현 부장 내선 3105"),
        ("ext_park", "2026-02-09 10:07:42", "channel", "ko", "박정우 상무님 내선 3150, 결재 건은 오전에 올리기"),
        ("anniv", "2026-02-12 21:48:02", "im", "ko", "결혼기념일 5월 16일, 올해 25주년"),
        ("mom", "2026-02-16 19:30:37", "im", "ko", "어머니 요양병원 면회 평일 2시~5시, 주말은 10시~12시만"),
        ("q2target", "2026-02-20 18:10:29", "channel", "mixed", "Q2 매출 target 42억, 신규 거래처 3곳 onboarding 목표"),
        ("golf_v2", "2026-02-25 22:05:11", "im", "ko", "골프 정기모임 장소 바뀜, 이제 여주 금강힐스CC"),
        ("seat_v2", "2026-03-03 08:30:44", "im", "ko", "자리 이동함. 8층 A-03, 영업본부 옆"),
        ("niece", "2026-03-06 20:55:19", "im", "ko", "조카 하린이 대학 합격 선물로 노트북 보냄"),
        ("weekly_v2", "2026-03-09 18:02:30", "channel", "ko", "주간 영업회의 화요일 오전 9시, 11층 중회의실"),
        ("assist_v2", "2026-03-13 09:40:05", "channel", "mixed", "schedule 관리는 정수빈 사원 담당, ext. 2231"),
        ("vn_v2", "2026-03-18 15:12:48", "im", "ko", "베트남 출장 일정 바뀜, 4월 21일~25일로 연기"),
        ("checkup", "2026-03-24 07:50:06", "im", "ko", "건강검진 6월 10일 오전 7시 반, 분당 새봄검진센터. 전날 밤 9시 이후 금식"),
        ("supplier", "2026-03-27 13:20:17", "im", "ko", "세진테크 사장님은 권태호, 납품 단가 협의는 분기마다"),
        ("bp_v2", "2026-04-02 07:20:29", "im", "ko", "혈압약 텔미살탄 40mg, 아침에 한 알"),
        ("car_v2", "2026-04-08 19:05:58", "im", "ko", "새로 산 전기차 아이오닉 6, 색상은 트랜스미션 블루"),
        ("jihun_v2", "2026-04-15 21:40:23", "im", "ko", "지훈이 휴가 나오는 날 5월 9일. 터미널로 마중"),
        ("buyer_v2", "2026-04-22 10:25:46", "im", "mixed", "대성기계 purchasing contact: 한지민 차장, 031-8042-6615"),
        ("golf_v3", "2026-05-06 21:15:34", "im", "mixed", "monthly round 이제 둘째 토요일로, 해오름CC 7:12 tee-off"),
        ("paper_v2", "2026-05-12 07:10:20", "im", "mixed", "paper subscription 끊고 digital only로 switched, 월 15,000원"),
        ("golf_friend", "2026-05-20 20:40:11", "im", "ko", "대학 동기 골프 모임은 분기 1회, 다음은 7월 레이크뷰CC"),
        ("fil_70", "2026-06-04 18:25:37", "im", "ko", "장인어른 칠순 6월 20일 토요일, 강남 '한가람' 한정식 예약"),
        ("kpi", "2026-06-15 16:40:52", "channel", "en", "Reminder: Q2 pipeline review with the CEO on June 29, 2pm, board room"),
    ],
}


def U(user, query, type_, gold, stale, kind, cue, ch="im", same_user=None):
    """Update query: gold = newest memory, stale = older version(s)."""
    return dict(user=user, query=query, type=type_, gold=gold, stale=stale,
                update_kind=kind, change_cue=cue, ch=ch, same_user=same_user)


def L(user, query, type_, gold, ch="im", same_user=None, other_conf=None):
    """Ordinary lookup of a fact that never changed."""
    return dict(user=user, query=query, type=type_, gold=gold, ch=ch,
                same_user=same_user, other_conf=other_conf)


def N(user, query, neg_kind, other=None, ch="im"):
    """Negative: the answer is not in the asker's memory. other = (user, [keys]) who did say it."""
    return dict(user=user, query=query, type="negative", gold=[], neg_kind=neg_kind,
                other=other, ch=ch)


SAME, DIFF = "same_word", "diff_word"
EXP, IMP = "explicit", "implicit"

QUERIES = [
    # ---------------- u1 한서윤 ----------------
    U("u1", "월요일 스탠드업 몇 호에서 하더라?", "update", ["standup_v3"], ["standup_v1", "standup_v2"], SAME, EXP, ch="channel", same_user=["design_room"]),
    U("u1", "모찌 사료 뭐 먹이고 있었지?", "update", ["food_v2"], ["food_v1"], DIFF, IMP),
    U("u1", "일본어 수업 무슨 요일 몇 시야?", "update", ["jp_v2"], ["jp_v1"], SAME, EXP),
    U("u1", "내 직속 상사 누구였지? 1:1은 언제 하고", "update", ["mgr_v2"], ["mgr_v1"], DIFF, EXP),
    U("u1", "풋살 언제 어디서 차더라", "update", ["futsal_v2"], ["futsal_v1"], SAME, IMP, same_user=["futsal_dues"]),
    U("u1", "모찌 병원 어디 다니지?", "update", ["vet_v3"], ["vet_v1", "vet_v2"], DIFF, EXP),
    U("u1", "무비온 한 달에 얼마 나가?", "update", ["sub_v2"], ["sub_v1"], SAME, EXP),
    U("u1", "회사에서 받은 노트북 자산번호 뭐였지", "update", ["laptop_v2"], ["laptop_v1"], DIFF, IMP),
    U("u1", "요즘 월세랑 관리비 얼마 내고 있지?", "update", ["rent_v2"], ["rent_v1"], SAME, IMP),
    U("u1", "비염약 뭐 먹고 있더라", "update", ["allergy_v2"], ["allergy_v1"], DIFF, EXP),
    L("u1", "모찌 생일 언제야?", "keyword", ["mochi_bday"], same_user=["friend_cat"]),
    L("u1", "4172는 누구 내선이었지?", "numeric", ["ext_minjae"], ch="channel", same_user=["ext_mine"]),
    L("u1", "내 내선이 몇 번이더라", "inflection", ["ext_mine"], ch="channel", same_user=["ext_minjae"]),
    L("u1", "동생 태어난 날 언제였지", "paraphrase", ["brother_bday"]),
    L("u1", "풋살 회비 누구한테 얼마 보내?", "keyword", ["futsal_dues"]),
    L("u1", "AWS 비용 알람 기준 금액 얼마로 해놨지?", "mixed_lang", ["aws_alarm"], ch="channel"),
    L("u1", "온콜 내 차례 몇째 주야?", "mixed_lang", ["oncall"], ch="channel"),
    L("u1", "이번 제주 여행 묵는 곳 이름", "paraphrase", ["jeju"], same_user=["jeju_lastyear"]),
    L("u1", "배포 금지 기간 언제부터 언제까지였지?", "mixed_lang", ["deploy_freeze"], ch="channel"),
    L("u1", "JLPT 시험장이 어디였지", "inflection", ["jlpt"]),
    L("u1", "제주 여행 관련 기록 다 보여줘", "entity", ["jeju_lastyear", "jeju"]),
    L("u1", "팀 회식 장소 어디야?", "keyword", ["team_dinner"], ch="channel"),
    N("u1", "모찌 몸무게 몇 kg였지?", "absent"),
    N("u1", "내 차 보험 언제 만기였지?", "isolation", other=("u4", ["ins"])),
    N("u1", "JLPT 수험번호 뭐였더라?", "absent"),

    # ---------------- u2 박준형 ----------------
    U("u2", "하린이 몇 시에 데리러 가야 돼?", "update", ["pickup_v2"], ["pickup_v1"], SAME, EXP),
    U("u2", "콩이 미용 어디서 했더라", "update", ["groom_v3"], ["groom_v1", "groom_v2"], DIFF, IMP),
    U("u2", "병원 주차 자리 몇 번이야?", "update", ["parking_v2"], ["parking_v1"], SAME, IMP),
    U("u2", "내 차 색깔 뭐였지?", "update", ["car_v2"], ["car_v1"], DIFF, EXP, same_user=["coworker_car"]),
    U("u2", "요즘 몇 시 출근이더라", "update", ["shift_v2"], ["shift_v1"], SAME, EXP),
    U("u2", "하린이 주치의 선생님 누구지?", "update", ["peds_v2"], ["peds_v1"], DIFF, IMP, same_user=["daycare_teacher"]),
    U("u2", "춘천 하프 목표 기록 몇 분으로 잡았지?", "update", ["half_v2"], ["half_v1"], SAME, IMP),
    U("u2", "우유 배달 무슨 요일에 와?", "update", ["milk_v2"], ["milk_v1"], DIFF, EXP),
    U("u2", "조제실 내선 몇 번이에요?", "update", ["ext_v2"], ["ext_v1"], SAME, EXP, ch="channel"),
    U("u2", "헬스 한 달에 얼마씩 내고 있지?", "update", ["gym_v2"], ["gym_v1"], DIFF, IMP),
    L("u2", "콩이 생일 언제더라", "keyword", ["kong_bday"]),
    L("u2", "와이프 생일 며칠이지?", "paraphrase", ["wife_bday"], same_user=["mil_bday"]),
    L("u2", "장모님 생신이 며칠이었지", "inflection", ["mil_bday"], same_user=["wife_bday"]),
    L("u2", "하린이 못 먹는 음식 있었나?", "paraphrase", ["harin_allergy"]),
    L("u2", "2월 14일 누구 생일이었지?", "numeric", ["harin_bday"]),
    L("u2", "러닝크루 모이는 시간이 언제였지", "inflection", ["crew"]),
    L("u2", "처방전달시스템 교육 어디서 해요?", "keyword", ["emr_training"], ch="channel"),
    L("u2", "1180으로 끝나는 번호 누구 거야?", "numeric", ["friend_mom"]),
    L("u2", "여름휴가 숙소 어디로 잡았지?", "paraphrase", ["trip"], same_user=["trip_lastyear"]),
    L("u2", "What was the pension we stayed at last summer?", "mixed_lang", ["trip_lastyear"], same_user=["trip"]),
    L("u2", "When's the pharmacy team dinner?", "mixed_lang", ["pharm_dinner"], ch="channel"),
    L("u2", "콩이 심장사상충 약 언제 먹이지?", "mixed_lang", ["kong_vax"]),
    L("u2", "하린이 담임 선생님 성함이 뭐였지", "keyword", ["daycare_teacher"], same_user=["peds_v1", "peds_v2"]),
    N("u2", "모찌 생일 언제였더라?", "isolation", other=("u1", ["mochi_bday"])),
    N("u2", "하린이 유치원 원비 한 달에 얼마였지?", "absent"),

    # ---------------- u3 Emily Carter ----------------
    U("u3", "when's my korean class now?", "update", ["class_v3"], ["class_v1", "class_v2"], SAME, EXP),
    U("u3", "what pellets does Pudding eat?", "update", ["pellet_v2"], ["pellet_v1"], DIFF, IMP),
    U("u3", "which climbing gym am I going to, and what pass do I have?", "update", ["climb_v2"], ["climb_v1"], SAME, IMP, same_user=["friend_gym"]),
    U("u3", "landlord's phone number?", "update", ["landlord_v2"], ["landlord_v1"], DIFF, EXP),
    U("u3", "what time does my flight home in July leave?", "update", ["flight_v2"], ["flight_v1"], SAME, EXP, same_user=["flight_lastyear"]),
    U("u3", "who's my boss right now?", "update", ["boss_v3"], ["boss_v1", "boss_v2"], DIFF, IMP, ch="channel"),
    U("u3", "how much is my phone bill each month?", "update", ["phone_v2"], ["phone_v1"], SAME, IMP),
    U("u3", "where's my dentist again?", "update", ["dentist_v2"], ["dentist_v1"], DIFF, EXP),
    U("u3", "how much rent am I paying these days?", "update", ["rent_v2"], ["rent_v1"], SAME, EXP),
    U("u3", "what time is pottery on Saturdays?", "update", ["pottery_v2"], ["pottery_v1"], DIFF, IMP),
    L("u3", "When is Pudding's birthday?", "keyword", ["pudding_bday"]),
    L("u3", "한국어 선생님 이름 뭐였지?", "mixed_lang", ["teacher"]),
    L("u3", "Which foods am I allergic to?", "mixed_lang", ["allergy"]),
    L("u3", "Which room is the weekly design review in?", "keyword", ["review"], ch="channel", same_user=["pine"]),
    L("u3", "What's due on May 29?", "numeric", ["lumen"], ch="channel"),
    L("u3", "When do I need to renew my residence card?", "mixed_lang", ["arc"]),
    L("u3", "What time does Chloe land?", "inflection", ["sister"]),
    L("u3", "my favorite tteokbokki place?", "mixed_lang", ["tteok"]),
    L("u3", "When's my TOPIK test?", "mixed_lang", ["topik"]),
    L("u3", "Where does Jisoo climb?", "keyword", ["friend_gym"], same_user=["climb_v1", "climb_v2"]),
    L("u3", "푸딩한테 알팔파 줘도 돼?", "keyword", ["pudding_hay"]),
    L("u3", "List all the meeting rooms I use at work", "entity", ["review", "pine"], ch="channel"),
    L("u3", "When did I fly home last winter?", "paraphrase", ["flight_lastyear"], same_user=["flight_v1", "flight_v2"]),
    N("u3", "What's the name of Pudding's vet?", "absent"),
    N("u3", "When's the JLPT exam?", "isolation", other=("u1", ["jlpt"])),

    # ---------------- u4 이도현 ----------------
    U("u4", "혈압약 지금 뭐 먹고 있지?", "update", ["bp_v2"], ["bp_v1"], SAME, IMP),
    U("u4", "골프 모임 몇째 주 토요일이었지?", "update", ["golf_v3"], ["golf_v1", "golf_v2"], DIFF, EXP, same_user=["golf_friend"]),
    U("u4", "내 자리 몇 층 어디였지?", "update", ["seat_v2"], ["seat_v1"], SAME, EXP),
    U("u4", "내 스케줄 누가 챙겨주지?", "update", ["assist_v2"], ["assist_v1"], DIFF, IMP, ch="channel"),
    U("u4", "영업회의 무슨 요일 몇 시야?", "update", ["weekly_v2"], ["weekly_v1"], SAME, IMP, ch="channel"),
    U("u4", "요즘 타는 차 모델명 뭐더라?", "update", ["car_v2"], ["car_v1"], DIFF, EXP, same_user=["brother_car"]),
    U("u4", "하노이 출장 언제 가지?", "update", ["vn_v2"], ["vn_v1"], SAME, EXP, same_user=["vn_lastyear"]),
    U("u4", "대성기계 구매 담당자 연락처 알려줘", "update", ["buyer_v2"], ["buyer_v1"], DIFF, IMP),
    U("u4", "지훈이 휴가 언제 나오더라", "update", ["jihun_v2"], ["jihun_v1"], SAME, IMP),
    U("u4", "신문 구독료 얼마 나가고 있지?", "update", ["paper_v2"], ["paper_v1"], DIFF, EXP),
    L("u4", "자동차 보험 만기일이 언제지?", "inflection", ["ins"]),
    L("u4", "3150 누구 내선이에요?", "numeric", ["ext_park"], ch="channel", same_user=["ext"]),
    L("u4", "우리 결혼한 날 며칠이었지?", "paraphrase", ["anniv"]),
    L("u4", "어머니 뵈러 갈 수 있는 시간 언제야?", "paraphrase", ["mom"]),
    L("u4", "What's our Q2 revenue target?", "mixed_lang", ["q2target"], ch="channel"),
    L("u4", "6월 10일에 무슨 일정 있었지?", "numeric", ["checkup"]),
    L("u4", "세진테크 사장님 성함", "keyword", ["supplier"]),
    L("u4", "CEO 파이프라인 리뷰 언제 몇 시야?", "mixed_lang", ["kpi"], ch="channel"),
    L("u4", "작년 하노이 출장 호텔이 어디였지", "inflection", ["vn_lastyear"], same_user=["vn_v1", "vn_v2"]),
    L("u4", "장인어른 칠순 식당 어디로 잡았지?", "keyword", ["fil_70"]),
    L("u4", "사무실 내선번호 전부 알려줘", "entity", ["ext", "ext_park", "assist_v2"], ch="channel"),
    L("u4", "하린이 대학 붙었을 때 뭐 선물했더라?", "paraphrase", ["niece"], other_conf=("u2", "하린")),
    N("u4", "하린이 생일 언제였지?", "isolation_same_name", other=("u2", ["harin_bday"])),
    N("u4", "지훈이 부대 어디였지?", "absent"),
    N("u4", "골프 핸디캡 얼마였지?", "absent"),
]


def kst_to_utc_z(s):
    dt = datetime.strptime(s, "%Y-%m-%d %H:%M:%S").replace(tzinfo=KST)
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def build():
    key2id, memories, mem_by_id = {}, [], {}
    n = 0
    for u in USER_ORDER:
        rows = sorted(MEMORIES[u], key=lambda r: r[1])
        keys = [r[0] for r in rows]
        assert len(keys) == len(set(keys)), f"duplicate key in {u}"
        for key, kst, ch, lang, text in rows:
            n += 1
            mid = f"m{n:04d}"
            key2id[(u, key)] = mid
            row = {"id": mid, "user_id": USERS[u], "text": text, "ts": kst_to_utc_z(kst),
                   "channel_type": ch, "lang": lang}
            memories.append(row)
            mem_by_id[mid] = row

    def ids(u, keys):
        return [key2id[(u, k)] for k in keys]

    # Deterministic interleave: shuffle within each user so types are mixed.
    rng = random.Random(30)
    ordered = []
    for u in USER_ORDER:
        block = [q for q in QUERIES if q["user"] == u]
        rng.shuffle(block)
        ordered.extend(block)

    queries = []
    for i, q in enumerate(ordered, 1):
        u = q["user"]
        row = {"qid": f"q{i:03d}", "user_id": USERS[u], "query": q["query"],
               "gold": ids(u, q["gold"]), "type": q["type"]}
        if q["type"] == "update":
            row["stale"] = ids(u, q["stale"])
            row["update_kind"] = q["update_kind"]
            row["change_cue"] = q["change_cue"]
        if q["type"] == "negative":
            row["neg_kind"] = q["neg_kind"]
            if q.get("other"):
                ou, okeys = q["other"]
                row["other_user_has"] = USERS[ou]
                row["other_user_mem"] = ids(ou, okeys)
        if q.get("other_conf"):
            ou, word = q["other_conf"]
            row["confusable_other_user"] = [m["id"] for m in memories
                                            if m["user_id"] == USERS[ou] and word in m["text"]]
        if q.get("same_user"):
            row["confusable_same_user"] = ids(u, q["same_user"])
        row["channel_type"] = q["ch"]
        queries.append(row)

    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        for r in memories:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        for r in queries:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(memories)} memories, {len(queries)} queries")


if __name__ == "__main__":
    build()
