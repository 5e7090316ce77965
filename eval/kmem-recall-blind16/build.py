#!/usr/bin/env python3
"""blind16: a small held-out Korean/English memory set (same layout as kmem-dev).

All data lives in this file. Memories have symbolic keys; queries refer to those keys.
Running this script sorts each user's memories by ts, numbers them m0001.. (user by user),
numbers the queries q001.. and writes memories.jsonl and queries.jsonl next to this file.
Everything here is invented.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# four invented Slack users
USERS = {
    "A": "U05NRS2K7",  # ward nurse on three shifts, cat 콩이
    "B": "U05TCH8M3",  # high-school math teacher + night grad school, dog 콩이
    "C": "U05DEV4Q9",  # startup backend developer, writes a lot of English
    "D": "U05CRG7H1",  # daughter caring full-time for her retired parents
}
ORDER = ["A", "B", "C", "D"]

# (key, ts, channel_type, lang, text)
MEMORIES = {
"A": [
 ("a_jan_duty",      "2026-01-05T11:20:13Z", "im", "ko", "1월 근무표 나옴. 나이트 1/12~1/16 다섯개 연속ㅠㅠ 그 담주는 데이"),
 ("a_head_old",      "2026-01-08T05:41:02Z", "channel", "ko", "우리 병동 수간호사 최미정 선생님. 휴가 신청은 최쌤한테 먼저 카톡 드리고 EMR에 올리기"),
 ("a_kongi_bday",    "2026-01-10T13:05:47Z", "im", "ko", "콩이 생일 5월 2일! 치즈 코숏 남아고 올해 4살 됨"),
 ("a_vet",           "2026-01-14T02:18:30Z", "im", "ko", "콩이 다니는 동물병원 온누리동물병원 (미아사거리역 3번출구), 원장님 응급 연락처 010-3381-2047"),
 ("a_food_old",      "2026-01-18T09:52:11Z", "im", "ko", "콩이 사료 로얄캐닌 인도어 2kg로 주문함. 하루 55g씩"),
 ("a_landlord_old",  "2026-01-22T12:33:09Z", "im", "ko", "집주인 아주머니 번호 010-5512-8830. 보일러나 수도 고장나면 여기로 연락"),
 ("a_addr_old",      "2026-01-25T04:10:55Z", "im", "ko", "지금 사는 곳 강북구 미아동 솔빛원룸 302호, 택배는 1층 무인함으로"),
 ("a_locker_old",    "2026-01-29T07:44:21Z", "channel", "ko", "병동 탈의실 사물함 214번 배정받음"),
 ("a_bls_old",       "2026-02-02T10:15:38Z", "im", "ko", "BLS 재교육 4월 18일 토요일 오전 9시, 본관 지하1층 교육장. 이거 빠지면 안됨"),
 ("a_pt_old",        "2026-02-06T13:27:04Z", "im", "en", "PT sessions are Mon & Wed 7pm at FitOn Mia, trainer is Coach Jay"),
 ("a_dentist_old",   "2026-02-10T03:08:49Z", "im", "ko", "스마일치과 3월 21일 토욜 오후 2시 예약함. 사랑니 발치 상담"),
 ("a_precep_old",    "2026-02-13T06:55:16Z", "channel", "ko", "프리셉티 배정됨: 신규 한지우 쌤, 3월 첫주부터 같이 듀티 섬"),
 ("a_mom_bday",      "2026-02-16T14:02:37Z", "im", "ko", "엄마 생신 7월 3일. 올해는 한우 사드리기로 언니랑 얘기함"),
 ("a_abstract_old",  "2026-02-20T11:40:02Z", "im", "mixed", "KNS spring conference abstract 마감 4월 30일, 주제는 낙상 예방 bundle 적용 효과"),
 ("a_seoyeon_wed",   "2026-02-24T08:19:45Z", "im", "ko", "동기 김서연 결혼식 6월 13일 토 낮 12시, 더케이웨딩홀 3층 그랜드홀"),
 ("a_lens",          "2026-03-01T04:36:28Z", "im", "ko", "렌즈 도수 왼쪽 -4.25 오른쪽 -3.75, 아큐브 원데이 90개입으로 삼"),
 ("a_scaling",       "2026-03-04T12:50:19Z", "im", "ko", "콩이 스케일링 예약 4월 11일 토 오전 10시, 전날 밤 10시부터 금식"),
 ("a_head_new",      "2026-03-07T02:12:51Z", "channel", "ko", "3월부터 우리 병동 새 수간호사 윤정아 선생님. 최미정쌤은 간호부로 가심"),
 ("a_dentist_new",   "2026-03-09T10:03:14Z", "im", "ko", "치과 28일로 미룸ㅠ 21일에 이브닝 잡혀서"),
 ("a_food_new",      "2026-03-12T13:45:33Z", "im", "ko", "콩이 방광염이래ㅠ 앞으로 사료는 힐스 c/d 유리너리만 먹이라고 하심"),
 ("a_locker_new",    "2026-03-15T06:22:40Z", "channel", "ko", "탈의실 리모델링 끝나고 사물함 재배정 309번"),
 ("a_bls_new",       "2026-03-18T09:30:07Z", "im", "ko", "BLS 교육 날짜 변경 → 4월 25일 토, 시간이랑 장소는 동일"),
 ("a_pt_new",        "2026-03-22T12:11:58Z", "im", "en", "Moved my PT to Tue/Thu 10am since the new rotation puts me on evenings"),
 ("a_precep_new",    "2026-03-26T07:37:26Z", "channel", "ko", "한지우 쌤 외과병동으로 로테이션 가서 내 프리셉티는 오승민 쌤으로 바뀜"),
 ("a_addr_new",      "2026-04-05T05:58:12Z", "im", "ko", "이사 끝!! 새 집 성북구 길음동 푸른마을 108동 1203호"),
 ("a_landlord_new",  "2026-04-07T11:14:46Z", "im", "ko", "새 집주인 번호 010-2764-1195 (관리사무소 말고 집주인분 직접)"),
 ("a_landlord_fix",  "2026-04-08T01:26:33Z", "im", "ko", "아 집주인 번호 잘못 적었다 1195 아니고 1159임. 010-2764-1159"),
 ("a_abstract_new",  "2026-04-10T10:42:19Z", "im", "en", "KNS abstract deadline got extended to May 14"),
 ("a_flight_old",    "2026-04-14T13:33:50Z", "im", "ko", "제주 비행기 6/23 김포→제주 7C1203 오전 8시 5분, 예약번호 JX4KQ2"),
 ("a_flight_new",    "2026-04-20T08:08:27Z", "im", "ko", "제주 가는 편 항공사에서 7C1207 오전 9시 40분으로 바꿔버림. 예약번호는 그대로"),
 ("a_leave",         "2026-04-28T04:51:09Z", "channel", "mixed", "6월 연차 6/22~6/25 approved!! 제주 trip 확정 ㅎㅎ"),
 ("a_kongi_weight",  "2026-05-06T12:27:44Z", "im", "ko", "콩이 체중 5.4kg 나옴.. 쌤이 살 좀 빼야 된대"),
 ("a_mom_gift",      "2026-05-15T09:19:02Z", "im", "ko", "엄마 생신 선물 한우 선물세트 '한우마을'에서 주문완료, 89,000원"),
 ("a_seoyeon_gift",  "2026-06-05T10:44:37Z", "im", "ko", "서연이 결혼식 축의금 10만원 + 동기들이랑 에어프라이어 같이 선물하기로"),
],
"B": [
 ("b_kongi_bday",    "2026-01-03T12:14:25Z", "im", "ko", "콩이 생일 11월 23일~ 토이푸들 여아, 올해 7살"),
 ("b_groom_old",     "2026-01-06T09:31:50Z", "im", "ko", "콩이 미용은 멍멍살롱 원장님한테, 전체미용 한번에 45,000원"),
 ("b_desk_old",      "2026-01-09T02:47:13Z", "channel", "ko", "교무실 자리 본관 2층 수학과 교무실 창가 세번째 자리로 확정"),
 ("b_homeroom",      "2026-01-11T06:05:38Z", "channel", "ko", "올해 2학년 5반 담임 확정 + 수학Ⅱ 세 반 수업"),
 ("b_tuition",       "2026-01-16T11:58:02Z", "im", "ko", "교육대학원 등록금 납부 2월 6일까지 3,480,000원. 늦으면 제적이라 꼭 챙기기"),
 ("b_head_old",      "2026-01-20T04:22:17Z", "channel", "ko", "2학년 학년부장 정태호 선생님. 결재는 정부장님 거쳐서 교감쌤께"),
 ("b_ta_old",        "2026-01-24T09:15:40Z", "im", "ko", "교육대학원 조교 임채원 씨 010-4418-2093, 과제 문의는 여기로"),
 ("b_prof_old",      "2026-02-01T10:09:36Z", "im", "mixed", "지도교수 이수민 교수님 office hour 화요일 4시, 연구실 사범대 511호"),
 ("b_vet",           "2026-02-04T12:36:20Z", "im", "ko", "콩이 슬개골 탈구 2기래.. 하늘동물메디컬센터 윤재석 원장님이 수술 권하심"),
 ("b_trip_old",      "2026-02-09T05:13:44Z", "channel", "ko", "수학여행 경주 4월 15~17일, 숙소는 경주 더블루힐 유스호스텔"),
 ("b_meeting_old",   "2026-02-12T06:48:29Z", "channel", "ko", "수학과 교과협의회 매주 수요일 7교시 끝나고 3시 40분, 수학과 교무실"),
 ("b_class_room",    "2026-02-15T13:21:07Z", "im", "ko", "대학원 교육평가론 목요일 저녁 7시 반, 사범대 402호"),
 ("b_pilates_old",   "2026-02-19T12:02:55Z", "im", "ko", "동네 필라테스 10회권 33만원 끊음, 강사님은 유나쌤"),
 ("b_groom_new",     "2026-02-23T10:27:41Z", "im", "ko", "콩이 미용 이제 5만원이래요. 원장님이 재료비 올랐다고ㅠ"),
 ("b_class_pres",    "2026-02-26T03:55:18Z", "channel", "ko", "2-5 반장 최도윤, 부반장 이하린. 급식 당번표는 이하린이 관리"),
 ("b_dad_bday",      "2026-03-02T11:33:46Z", "im", "ko", "아빠 생신 3월 29일 일요일, 가족 점심은 내가 예약 담당"),
 ("b_head_new",      "2026-03-05T01:59:03Z", "channel", "ko", "정태호 부장님 병가 들어가셔서 학년부장 업무는 송민경 선생님이 대신 하심"),
 ("b_meeting_new",   "2026-03-08T09:42:24Z", "channel", "ko", "교과협의회 목요일 4시로 옮김, 장소는 그대로"),
 ("b_dad_rest",      "2026-03-10T12:57:31Z", "im", "ko", "아빠 생신 점심 한정식 '소반' 3월 29일 12시 8명 예약함"),
 ("b_prof_new",      "2026-03-11T13:08:15Z", "im", "mixed", "Prof. Lee office hours → 금요일 오후 2시로 바뀜 (연구실 동일)"),
 ("b_parent_mtg",    "2026-03-14T08:20:59Z", "im", "ko", "최도윤 어머님 상담 3월 25일 수 오후 4시 20분, 진로 상담 원하심"),
 ("b_trip_new",      "2026-03-17T07:16:36Z", "channel", "ko", "수학여행 숙소 변경 - 경주 한옥스테이 달빛채로 (학생 100명 수용 가능)"),
 ("b_assign",        "2026-03-20T14:05:12Z", "im", "ko", "대학원 중간과제 4월 9일 자정까지 LMS에 업로드"),
 ("b_pilates_new",   "2026-03-28T13:14:50Z", "im", "ko", "필라테스 담당 소희쌤으로 바뀜. 수업은 화목 저녁 8시"),
 ("b_trip_fix",      "2026-03-30T06:31:22Z", "channel", "ko", "아 숙소 이름 오타… 달빛채 아니고 '달빛재'임. 수학여행 안내문 다시 고쳐야 함"),
 ("b_surg_old",      "2026-04-02T11:26:08Z", "im", "ko", "콩이 슬개골 수술 5월 9일 토 오전으로 잡음, 입원 2박"),
 ("b_midterm",       "2026-04-06T05:37:45Z", "channel", "ko", "중간고사 수학Ⅱ 4월 28일 2교시, 범위는 미분 끝까지"),
 ("b_surg_new",      "2026-04-10T12:44:19Z", "im", "ko", "콩이 수술 일주일 미뤄짐.. 16일"),
 ("b_desk_new",      "2026-04-13T08:01:33Z", "channel", "ko", "2학년 교무실로 자리 옮김! 신관 3층 출입문 옆자리"),
 ("b_ta_new",        "2026-05-04T10:22:08Z", "im", "ko", "대학원 조교 바뀜 → 한승우 조교 010-9935-2741"),
 ("b_camp_old",      "2026-05-12T12:09:54Z", "im", "en", "Summer math camp for class 2-5: July 21-24, budget 1.2M won"),
 ("b_doyoon_contest","2026-05-22T07:40:26Z", "channel", "ko", "최도윤 수학경시대회 교내 예선 1등! 본선 6월 20일, 인솔은 내가 하기로"),
 ("b_camp_new",      "2026-06-01T11:47:26Z", "im", "en", "Math camp got pushed back a week, it's July 28-31 now"),
 ("b_final",         "2026-06-08T04:30:11Z", "channel", "ko", "기말고사 7월 6일 월요일 시작, 수학Ⅱ 문제 출제 마감은 6월 19일"),
],
"C": [
 ("c_1on1_old",      "2026-01-04T05:10:27Z", "im", "mixed", "1on1 with 팀장 박지훈님: 격주 화요일 5pm, 회의실 한라"),
 ("c_release_old",   "2026-01-07T08:44:52Z", "channel", "en", "Deploy freeze starts Jan 26, v2.3.0 release planned for Jan 29"),
 ("c_office_old",    "2026-01-09T01:58:10Z", "im", "ko", "회사 주소 강남구 테헤란로4길 18, 5층. 택배 받을 땐 이 주소로"),
 ("c_isp",           "2026-01-12T11:25:33Z", "im", "ko", "집 인터넷 기가 설치 기사님 1월 17일 토 오후 2~4시 방문 예정"),
 ("c_pg_old",        "2026-01-15T06:31:47Z", "channel", "mixed", "PG사 연동 contact: 이현우 매니저 010-2287-6614, webhook 이슈는 이분께 문의"),
 ("c_seoyeon_bday",  "2026-01-19T09:12:05Z", "im", "ko", "디자이너 김서연님 생일 2월 14일, 팀 케이크는 내가 준비하기로"),
 ("c_asset_old",     "2026-01-21T03:36:58Z", "im", "en", "MacBook Pro 14 asset tag LL-2291, return it to ops when leaving"),
 ("c_standup",       "2026-01-23T00:48:19Z", "channel", "mixed", "daily standup 10:30, Slack huddle로 진행 (카메라는 off 해도 됨)"),
 ("c_release_new",   "2026-01-27T10:07:41Z", "channel", "en", "v2.3.0 slipped to Feb 3 because of the payment webhook bug"),
 ("c_climb",         "2026-01-31T13:49:16Z", "im", "ko", "클라이밍 시작함ㅋㅋ 클라임팩토리 성수점 월 회원권 16만원"),
 ("c_cfp",           "2026-02-03T14:22:39Z", "im", "en", "Submitted a DevDay Seoul CFP: 'Idempotent payment webhooks in practice'"),
 ("c_rate_old",      "2026-02-06T07:19:24Z", "channel", "ko", "파트너사 핏메이트 API 호출 제한 분당 600건으로 합의함"),
 ("c_mom_bday",      "2026-02-09T12:40:56Z", "im", "ko", "엄마 생신 4월 9일. 올해 환갑이라 가족여행 얘기 나오는 중"),
 ("c_lease",         "2026-02-11T11:03:12Z", "im", "ko", "전세 만기 8월 31일, 집주인 010-8842-3307. 6월 전에 연장할지 말해줘야 됨"),
 ("c_cron",          "2026-02-14T15:30:48Z", "im", "mixed", "Slack digest bot cron 매일 새벽 3시 KST로 돌게 세팅함"),
 ("c_1on1_new",      "2026-02-17T04:55:29Z", "im", "mixed", "지훈님이랑 1on1 이제 매주 목요일 11am"),
 ("c_asset_fix",     "2026-02-20T06:14:07Z", "im", "en", "Correction: my asset tag is LL-2219, not LL-2291. I swapped the digits"),
 ("c_pg_new",        "2026-02-25T08:27:52Z", "channel", "mixed", "PG 담당자 changed to 정수아 매니저 010-7731-4058 (이현우 매니저 퇴사함)"),
 ("c_office_new",    "2026-03-03T02:41:36Z", "im", "ko", "사무실 성수로 이사 완료. 성동구 연무장길 41, 3층"),
 ("c_buddy",         "2026-03-06T05:33:19Z", "channel", "ko", "신규 백엔드 오태윤님 온보딩 버디 내가 맡음, 첫 출근 3월 9일"),
 ("c_rate_new",      "2026-03-10T09:18:44Z", "channel", "mixed", "핏메이트 요청으로 rate limit 1200/min으로 올림, 다음주 월요일부터 적용"),
 ("c_seoyeon_logo",  "2026-03-13T07:50:01Z", "channel", "ko", "김서연님이 새 앱 아이콘 시안 3개 피그마에 올려줌, 금요일까지 피드백 주기"),
 ("c_mom_dinner",    "2026-03-18T12:12:36Z", "im", "mixed", "Mom's 환갑 dinner: 한정식 '담소' 4월 9일 7pm, 10명 예약"),
 ("c_devday_acc",    "2026-03-24T10:31:22Z", "im", "en", "DevDay talk accepted! My slot is Jun 20, 14:30, Room B"),
 ("c_dentist",       "2026-03-27T13:04:59Z", "im", "ko", "밝은미소치과 5월 7일 목 저녁 7시, 잇몸 치료 2회차"),
 ("c_db_old",        "2026-04-03T08:16:43Z", "channel", "mixed", "DB migration maintenance window 5월 16일 토 새벽 2시~5시로 공지함"),
 ("c_climb_sched",   "2026-04-11T12:35:50Z", "im", "ko", "클라이밍 화목 저녁 8시로 고정함. 암장 끝나고 바로 집"),
 ("c_db_new",        "2026-04-21T06:40:12Z", "channel", "ko", "DB 작업 한 시간 당김. 새벽 1시~4시, 공지 다시 나감"),
 ("c_vacation",      "2026-04-25T03:22:08Z", "im", "en", "Taking Jun 29 - Jul 3 off, Fukuoka flight booking ref 8HQ2ZT"),
 ("c_devday_new",    "2026-05-02T11:55:47Z", "im", "en", "DevDay moved my talk: now 16:00 in Room C"),
 ("c_desk",          "2026-05-20T13:02:14Z", "im", "ko", "재택용 모션데스크 질렀다 290,000원ㅋㅋ"),
 ("c_devday_rehearsal","2026-05-28T09:00:31Z", "channel", "mixed", "DevDay 리허설 6월 18일 목 저녁, 팀원들 앞에서 30분 dry run"),
 ("c_seoyeon_bye",   "2026-06-03T08:41:15Z", "channel", "ko", "김서연님 6월 말 퇴사ㅠ 송별회 6월 26일 금 저녁 성수 '온기식당'"),
 ("c_oncall",        "2026-06-10T02:27:38Z", "channel", "en", "On-call rotation: I'm primary Jun 15-21, backup is Minjae"),
],
"D": [
 ("d_neuro_old",     "2026-01-06T01:40:18Z", "im", "ko", "아빠 신경과 한마음병원 오세진 교수님, 다음 진료 2월 26일 목 오전 10시 40분"),
 ("d_pt_old",        "2026-01-08T07:12:44Z", "im", "ko", "아빠 물리치료 박지훈 선생님, 화·금 오후 3시 재활센터 2층"),
 ("d_carer_old",     "2026-01-11T03:25:09Z", "im", "ko", "요양보호사 이모님 정순자 님, 평일 오전 9시~오후 1시. 연락처 010-3927-5581"),
 ("d_mom_med_old",   "2026-01-13T12:48:36Z", "im", "ko", "엄마 당뇨약 메트포르민 500mg 아침저녁 한 알씩"),
 ("d_daycare_old",   "2026-01-16T08:05:51Z", "im", "ko", "아빠 주간보호센터 햇살주간보호센터 월수금, 차량 픽업 8시 50분"),
 ("d_minho_old",     "2026-01-19T13:17:22Z", "im", "ko", "동생 민호 번호 010-4472-1068"),
 ("d_grade",         "2026-01-23T05:37:14Z", "im", "ko", "아빠 장기요양등급 3등급 나옴. 공단 직원분이 방문요양 하루 3시간까지 된다고 함"),
 ("d_mom_bday",      "2026-01-26T11:02:58Z", "im", "ko", "엄마 생신 9월 19일 (양력). 음력 아님!!"),
 ("d_pharmacy",      "2026-01-29T02:55:40Z", "im", "ko", "아빠 약은 건강한약국에서 타요. 처방전 사진 카톡으로 보내면 미리 조제해 주심"),
 ("d_wheelchair",    "2026-02-02T06:21:17Z", "im", "mixed", "Dad's wheelchair 렌탈 월 23,000원, 업체 케어온 담당자 010-5530-8847"),
 ("d_neuro_new",     "2026-02-10T10:34:29Z", "im", "en", "Dad's neurology follow-up moved to Mar 12, 9:20am (Dr. Oh's clinic schedule changed)"),
 ("d_diaper_old",    "2026-02-14T13:51:45Z", "im", "ko", "성인용 기저귀 대형 30매 2주마다 정기배송 38,900원"),
 ("d_grabbar",       "2026-02-18T04:09:33Z", "im", "ko", "화장실 안전바 설치 3월 7일 토 오전, 동네 설비 김사장님이 해주기로 함"),
 ("d_pt_tip",        "2026-02-22T07:46:02Z", "im", "ko", "박지훈 선생님이 아빠 집 안에서도 워커 쓰게 하래요. 낙상 위험 있다고"),
 ("d_bp",            "2026-02-27T00:30:17Z", "im", "ko", "아빠 아침 혈압 132/84, 맥박 71. 약 드시기 전에 잼"),
 ("d_carer_new",     "2026-03-02T09:28:50Z", "im", "ko", "요양보호사 바뀜. 새 이모님 김말순 님 010-6614-2079, 월요일부터 오심"),
 ("d_walker",        "2026-03-03T10:05:27Z", "im", "ko", "보행기(워커) 복지용구로 구입함, 본인부담 15%라 21,450원"),
 ("d_eye_old",       "2026-03-05T11:16:23Z", "im", "ko", "엄마 백내장 수술 4월 16일 목, 밝은눈안과 김도현 원장님"),
 ("d_preop",         "2026-03-09T03:58:41Z", "im", "ko", "엄마 수술 전 검사 4월 2일 아침 8시, 전날 밤 12시부터 금식"),
 ("d_night",         "2026-03-16T06:42:27Z", "im", "ko", "아빠 요즘 밤에 두세번씩 깨심. 담 진료때 오세진 교수님께 꼭 여쭤보기"),
 ("d_mom_med_new",   "2026-03-20T12:20:05Z", "im", "ko", "엄마 메트포르민 1000mg 서방정으로 처방 나옴, 아침에만 한 알"),
 ("d_eye_new",       "2026-03-25T08:34:52Z", "im", "ko", "밝은눈안과에서 전화옴. 엄마 수술 4월 23일로 일주일 밀림 (병원 사정)"),
 ("d_bath",          "2026-03-28T05:03:11Z", "im", "ko", "방문목욕 매주 수요일 오후 2시, 센터에서 두 분 오심"),
 ("d_minho_new",     "2026-04-01T14:06:38Z", "im", "ko", "민호 번호 이걸로 저장: 010-4472-9306"),
 ("d_daycare_new",   "2026-04-06T23:55:10Z", "im", "en", "Day center van now comes at 8:20 instead of 8:50"),
 ("d_minho_visit",   "2026-04-20T10:37:45Z", "im", "ko", "민호네 가족 어린이날 5월 5일에 와서 1박. 조카들 이불 꺼내두기"),
 ("d_eye_drops",     "2026-04-24T09:12:33Z", "im", "ko", "엄마 안약 크라비트 하루 4번, 수술 후 4주 동안. 눈 비비지 마시라고 하기"),
 ("d_pt_new",        "2026-04-28T05:14:49Z", "im", "ko", "5월부터 물리치료 월목 오후 2시 반. 박지훈쌤 스케줄 때문에"),
 ("d_diaper_new",    "2026-05-03T10:11:36Z", "im", "ko", "기저귀 정기배송 41,500원 됬네.. 다른데 알아봐야겠다"),
 ("d_mom_diet",      "2026-05-09T04:26:58Z", "im", "mixed", "Mom's 식단: 현미밥 2/3공기, 간식은 plain yogurt 정도만"),
 ("d_respite",       "2026-05-14T07:53:20Z", "im", "ko", "6월 12~14일 아빠 단기보호 신청함. 나 건강검진이랑 좀 쉬려고"),
 ("d_checkup",       "2026-05-18T01:15:47Z", "im", "ko", "내 건강검진 6월 12일 금 오전 7시 반, 검진센터 일산점. 전날 밤 9시 이후 금식"),
 ("d_dad_shoes",     "2026-05-25T12:40:09Z", "im", "en", "Bought Dad non-slip indoor shoes, size 265"),
 ("d_support",       "2026-06-10T08:22:36Z", "im", "ko", "치매·파킨슨 보호자 모임 매달 둘째 주 토요일 오후 2시, 주민센터 3층"),
],
}

# Queries. Fields: u, type, q, gold (keys); optional: stale, entity, other (keys), neg_kind, conf (keys), note.
# `note` (update queries) says how the update is phrased; it is kept here only, not written out.
QUERIES = [
 # ---------------- A: nurse ----------------
 dict(u="A", type="update", q="우리 병동 수간호사 누구셨지?", gold=["a_head_new"], stale=["a_head_old"],
      note="new person in charge; '새 수간호사', no 바뀜; new line also names the old person"),
 dict(u="A", type="update", q="치과 예약 며칠이었더라", gold=["a_dentist_new"], stale=["a_dentist_old"],
      note="follow-up naming only the new value ('치과 28일로 미룸'), no month/time/clinic name"),
 dict(u="A", type="update", q="콩이 요즘 무슨 사료 먹여?", gold=["a_food_new"], stale=["a_food_old"],
      note="new product, no change word ('앞으로 ... 만 먹이라고')"),
 dict(u="A", type="update", q="탈의실 사물함 번호 몇번이지", gold=["a_locker_new"], stale=["a_locker_old"],
      note="new number via synonym '재배정'"),
 dict(u="A", type="update", q="BLS 재교육 날짜 언제야", gold=["a_bls_new"], stale=["a_bls_old"],
      note="new date with '변경'; stale shares 재교육 and the full time/place"),
 dict(u="A", type="update", q="When are my PT sessions?", gold=["a_pt_new"], stale=["a_pt_old"],
      note="English pair; new time with 'Moved'"),
 dict(u="A", type="update", q="내 집 주소 뭐였지? 택배 주소 입력해야 됨", gold=["a_addr_new"], stale=["a_addr_old"],
      note="move; stale shares 택배 and 사는 곳"),
 dict(u="A", type="update", q="집주인 전화번호 알려줘", gold=["a_landlord_fix"], stale=["a_landlord_old", "a_landlord_new"],
      note="chain: new landlord after the move, then a typo correction of the new number"),
 dict(u="A", type="update", q="KNS abstract 마감 언제까지야?", gold=["a_abstract_new"], stale=["a_abstract_old"],
      note="mixed -> English; 'extended'"),
 dict(u="A", type="update", q="제주 비행기 편명이랑 출발 시간", gold=["a_flight_new"], stale=["a_flight_old"],
      note="new flight code and time ('바꿔버림'); stale has 비행기 and 예약번호"),
 dict(u="A", type="keyword", q="오승민 쌤 누구였지?", gold=["a_precep_new"]),
 dict(u="A", type="keyword", q="서연이 축의금 얼마 하기로 했더라", gold=["a_seoyeon_gift"],
      conf=["c_seoyeon_bday", "c_seoyeon_logo", "c_seoyeon_bye"]),
 dict(u="A", type="keyword", q="콩이 스케일링 예약 언제", gold=["a_scaling"]),
 dict(u="A", type="inflection", q="콩이의 생일이 언제였지", gold=["a_kongi_bday"], conf=["b_kongi_bday"]),
 dict(u="A", type="inflection", q="1월 근무표에서 나이트는 언제였어", gold=["a_jan_duty"]),
 dict(u="A", type="paraphrase", q="우리 냥이 몸무게 얼마 나왔었지", gold=["a_kongi_weight"]),
 dict(u="A", type="paraphrase", q="6월에 쉬는 날 며칠부터 며칠까지 받았지", gold=["a_leave"]),
 dict(u="A", type="entity", q="콩이 관련된 거 전부 알려줘", entity="콩이",
      gold=["a_kongi_bday", "a_vet", "a_food_old", "a_scaling", "a_food_new", "a_kongi_weight"],
      conf=["b_kongi_bday", "b_groom_old", "b_vet", "b_groom_new", "b_surg_old", "b_surg_new"]),
 dict(u="A", type="numeric", q="2047로 끝나는 번호 누구 거야?", gold=["a_vet"]),
 dict(u="A", type="numeric", q="89000원 주고 주문한 거 뭐였지", gold=["a_mom_gift"]),
 dict(u="A", type="mixed_lang", q="What's my contact lens prescription?", gold=["a_lens"]),
 dict(u="A", type="mixed_lang", q="When is my mom's birthday?", gold=["a_mom_bday"], conf=["c_mom_bday", "d_mom_bday"]),
 dict(u="A", type="negative", q="콩이 슬개골 수술 언제로 잡았었지?", gold=[], neg_kind="isolation_same_name",
      other=["b_vet", "b_surg_old", "b_surg_new"]),
 dict(u="A", type="negative", q="수학여행 숙소 어디로 바뀌었지", gold=[], neg_kind="isolation",
      other=["b_trip_old", "b_trip_new", "b_trip_fix"]),
 dict(u="A", type="negative", q="운전면허 갱신 기간 언제까지더라", gold=[], neg_kind="absent"),

 # ---------------- B: teacher ----------------
 dict(u="B", type="update", q="콩이 미용비 얼마였지?", gold=["b_groom_new"], stale=["b_groom_old"],
      note="new price with '이제', polite 해요체"),
 dict(u="B", type="update", q="학년부장 누구한테 결재 올려야 돼?", gold=["b_head_new"], stale=["b_head_old"],
      note="new person in charge via '대신 하심' (acting head), no 바뀜; stale has 결재"),
 dict(u="B", type="update", q="교과협의회 무슨 요일 몇 시야", gold=["b_meeting_new"], stale=["b_meeting_old"],
      note="new day and time with '옮김'"),
 dict(u="B", type="update", q="이수민 교수님 office hour 언제임?", gold=["b_prof_new"], stale=["b_prof_old"],
      note="mixed pair; new line names the professor in English only ('Prof. Lee')"),
 dict(u="B", type="update", q="수학여행 숙소 이름 정확히 뭐였지", gold=["b_trip_fix"], stale=["b_trip_old", "b_trip_new"],
      note="chain: lodging changed ('변경'), then a typo correction of the new name (달빛채 -> 달빛재)"),
 dict(u="B", type="update", q="필라테스 강사님 누구더라", gold=["b_pilates_new"], stale=["b_pilates_old"],
      note="new person with '바뀜'; new line says 담당 instead of 강사님"),
 dict(u="B", type="update", q="콩이 슬개골 수술 날짜 언제야", gold=["b_surg_new"], stale=["b_surg_old"],
      note="follow-up naming only the new day ('16일'), no month, no 슬개골"),
 dict(u="B", type="update", q="내 교무실 자리 어디였지", gold=["b_desk_new"], stale=["b_desk_old"],
      note="move of desk ('자리 옮김')"),
 dict(u="B", type="update", q="대학원 조교 연락처 알려줘", gold=["b_ta_new"], stale=["b_ta_old"],
      note="new contact person and new phone number"),
 dict(u="B", type="update", q="When is the summer math camp?", gold=["b_camp_new"], stale=["b_camp_old"],
      note="English pair; 'pushed back a week', new line lacks 'summer'"),
 dict(u="B", type="keyword", q="소반 예약 몇 명으로 했지", gold=["b_dad_rest"]),
 dict(u="B", type="keyword", q="중간고사 범위 어디까지였지", gold=["b_midterm"]),
 dict(u="B", type="inflection", q="콩이 생일이 언제였더라", gold=["b_kongi_bday"], conf=["a_kongi_bday"]),
 dict(u="B", type="inflection", q="우리 반 반장이 누구였지", gold=["b_class_pres"]),
 dict(u="B", type="inflection", q="대학원 중간과제는 언제까지 내야 돼?", gold=["b_assign"]),
 dict(u="B", type="paraphrase", q="우리 강아지 무릎 상태 뭐라고 했더라", gold=["b_vet"]),
 dict(u="B", type="paraphrase", q="학생 어머니랑 면담 잡은 날 언제지", gold=["b_parent_mtg"]),
 dict(u="B", type="entity", q="콩이 관련 다 알려줘", entity="콩이",
      gold=["b_kongi_bday", "b_groom_old", "b_vet", "b_groom_new", "b_surg_old", "b_surg_new"],
      conf=["a_kongi_bday", "a_vet", "a_food_old", "a_scaling", "a_food_new", "a_kongi_weight"]),
 dict(u="B", type="entity", q="최도윤 관련된 거 전부 보여줘", entity="최도윤",
      gold=["b_class_pres", "b_parent_mtg", "b_doyoon_contest"]),
 dict(u="B", type="numeric", q="348만원 내야 하는 거 기한 언제야", gold=["b_tuition"]),
 dict(u="B", type="numeric", q="402호에서 듣는 수업 뭐였지", gold=["b_class_room"]),
 dict(u="B", type="mixed_lang", q="When does the final exam period start?", gold=["b_final"]),
 dict(u="B", type="mixed_lang", q="Which class am I homeroom teacher for this year?", gold=["b_homeroom"]),
 dict(u="B", type="negative", q="DevDay 발표 시간 몇 시로 바뀌었지?", gold=[], neg_kind="isolation",
      other=["c_devday_acc", "c_devday_new"]),
 dict(u="B", type="negative", q="콩이 광견병 주사 언제 맞혔지", gold=[], neg_kind="absent"),

 # ---------------- C: backend developer ----------------
 dict(u="C", type="update", q="지훈님이랑 1on1 언제야?", gold=["c_1on1_new"], stale=["c_1on1_old"],
      conf=["d_pt_old", "d_pt_tip", "d_pt_new"],
      note="mixed pair; new schedule with '이제'"),
 dict(u="C", type="update", q="What's the v2.3.0 release date?", gold=["c_release_new"], stale=["c_release_old"],
      note="English pair; 'slipped to', new line lacks the word 'release'"),
 dict(u="C", type="update", q="회사 주소 어디야?", gold=["c_office_new"], stale=["c_office_old"],
      note="office move ('이사 완료'); only the stale line contains '회사 주소'"),
 dict(u="C", type="update", q="PG 담당자 연락처 뭐였지", gold=["c_pg_new"], stale=["c_pg_old"],
      note="mixed pair; new person + new phone with English 'changed'"),
 dict(u="C", type="update", q="What's my laptop asset tag?", gold=["c_asset_fix"], stale=["c_asset_old"],
      note="English typo correction of a code (swapped digits)"),
 dict(u="C", type="update", q="핏메이트 rate limit 얼마로 해놨지", gold=["c_rate_new"], stale=["c_rate_old"],
      note="Korean (호출 제한 분당 600건) -> mixed (rate limit 1200/min), new value in the other language's wording"),
 dict(u="C", type="update", q="DevDay talk time and room?", gold=["c_devday_new"], stale=["c_devday_acc"],
      note="English pair; 'moved my talk', new time and room"),
 dict(u="C", type="update", q="DB 마이그레이션 작업 몇 시부터야", gold=["c_db_new"], stale=["c_db_old"],
      note="mixed -> Korean; '한 시간 당김', new window"),
 dict(u="C", type="keyword", q="오태윤님 첫 출근 언제지", gold=["c_buddy"]),
 dict(u="C", type="keyword", q="송별회 장소 어디였지", gold=["c_seoyeon_bye"]),
 dict(u="C", type="keyword", q="클라임팩토리 회원권 얼마야", gold=["c_climb"]),
 dict(u="C", type="inflection", q="김서연님의 생일은 언제?", gold=["c_seoyeon_bday"], conf=["a_seoyeon_wed", "a_seoyeon_gift"]),
 dict(u="C", type="inflection", q="전세 만기가 언제였지", gold=["c_lease"]),
 dict(u="C", type="paraphrase", q="볼더링 가는 요일이 언제였지", gold=["c_climb_sched"]),
 dict(u="C", type="paraphrase", q="엄마 60세 생신 저녁 먹는 식당 어디로 잡았지", gold=["c_mom_dinner"]),
 dict(u="C", type="entity", q="DevDay 관련 다 알려줘", entity="DevDay",
      gold=["c_cfp", "c_devday_acc", "c_devday_new", "c_devday_rehearsal"]),
 dict(u="C", type="numeric", q="3307로 끝나는 번호 누구 거지", gold=["c_lease"]),
 dict(u="C", type="numeric", q="8HQ2ZT 이거 무슨 예약이었지", gold=["c_vacation"]),
 dict(u="C", type="numeric", q="29만원 주고 산 거 뭐였더라", gold=["c_desk"]),
 dict(u="C", type="mixed_lang", q="When is the home internet install visit?", gold=["c_isp"]),
 dict(u="C", type="mixed_lang", q="When's my dentist appointment?", gold=["c_dentist"]),
 dict(u="C", type="mixed_lang", q="온콜 내 차례 언제야", gold=["c_oncall"]),
 dict(u="C", type="negative", q="요양보호사 이모님 연락처 뭐였지", gold=[], neg_kind="isolation",
      other=["d_carer_old", "d_carer_new"]),
 dict(u="C", type="negative", q="필라테스 10회권 얼마 줬더라", gold=[], neg_kind="isolation",
      other=["b_pilates_old"]),
 dict(u="C", type="negative", q="여권 만료일 언제야", gold=[], neg_kind="absent"),

 # ---------------- D: caretaker ----------------
 dict(u="D", type="update", q="아빠 신경과 다음 진료 언제지", gold=["d_neuro_new"], stale=["d_neuro_old"],
      note="Korean -> English ('moved to'); new line says neurology / Dr. Oh instead of 신경과 / 오세진"),
 dict(u="D", type="update", q="박지훈 선생님 물리치료 무슨 요일 몇 시야", gold=["d_pt_new"], stale=["d_pt_old"],
      conf=["c_1on1_old", "c_1on1_new"],
      note="new days and time, no change word ('5월부터 ...')"),
 dict(u="D", type="update", q="요양보호사 이모님 번호 알려줘", gold=["d_carer_new"], stale=["d_carer_old"],
      note="new person + new phone number with '바뀜'"),
 dict(u="D", type="update", q="엄마 메트포르민 몇 mg 드시더라", gold=["d_mom_med_new"], stale=["d_mom_med_old"],
      note="new dose, no change word ('처방 나옴'); stale has 당뇨약"),
 dict(u="D", type="update", q="주간보호센터 차 몇 시에 와?", gold=["d_daycare_new"], stale=["d_daycare_old"],
      note="Korean -> English ('now comes at ... instead of')"),
 dict(u="D", type="update", q="민호 전화번호 뭐지", gold=["d_minho_new"], stale=["d_minho_old"],
      note="follow-up naming only the new number ('이걸로 저장'), no 바뀜"),
 dict(u="D", type="update", q="엄마 백내장 수술 날짜 언제야", gold=["d_eye_new"], stale=["d_eye_old"],
      note="new date via '밀림'; new line lacks 백내장"),
 dict(u="D", type="update", q="기저귀 정기배송 가격 얼마야", gold=["d_diaper_new"], stale=["d_diaper_old"],
      note="new price, no change word, typo '됬네'"),
 dict(u="D", type="keyword", q="건강한약국 처방전 어떻게 보내면 돼?", gold=["d_pharmacy"]),
 dict(u="D", type="keyword", q="보호자 모임 언제 하지", gold=["d_support"]),
 dict(u="D", type="inflection", q="엄마 생신이 며칠이었지", gold=["d_mom_bday"], conf=["a_mom_bday", "c_mom_bday"]),
 dict(u="D", type="inflection", q="방문목욕은 무슨 요일이야", gold=["d_bath"]),
 dict(u="D", type="paraphrase", q="화장실 손잡이 다는 거 언제 해주기로 했지", gold=["d_grabbar"]),
 dict(u="D", type="paraphrase", q="정부 돌봄 심사에서 아빠 몇 급 받았지?", gold=["d_grade"]),
 dict(u="D", type="paraphrase", q="나 좀 쉬려고 아빠 며칠 맡기는 거 언제였지", gold=["d_respite"]),
 dict(u="D", type="entity", q="박지훈 선생님 관련 다 알려줘", entity="박지훈",
      gold=["d_pt_old", "d_pt_tip", "d_pt_new"], conf=["c_1on1_old", "c_1on1_new"]),
 dict(u="D", type="entity", q="민호 관련된 거 다 알려줘", entity="민호",
      gold=["d_minho_old", "d_minho_new", "d_minho_visit"]),
 dict(u="D", type="numeric", q="혈압 132에 84 나왔던 거 언제야", gold=["d_bp"]),
 dict(u="D", type="numeric", q="5530 8847 이거 어디 번호였지", gold=["d_wheelchair"]),
 dict(u="D", type="mixed_lang", q="아빠 실내화 사이즈 몇으로 샀지", gold=["d_dad_shoes"]),
 dict(u="D", type="mixed_lang", q="How often does Mom need her eye drops?", gold=["d_eye_drops"]),
 dict(u="D", type="negative", q="박지훈님이랑 1on1 무슨 요일로 바뀌었지", gold=[], neg_kind="isolation_same_name",
      other=["c_1on1_old", "c_1on1_new"]),
 dict(u="D", type="negative", q="BLS 교육 언제로 변경됐더라", gold=[], neg_kind="isolation",
      other=["a_bls_old", "a_bls_new"]),
 dict(u="D", type="negative", q="PG사 담당 매니저 번호 뭐였지", gold=[], neg_kind="isolation",
      other=["c_pg_old", "c_pg_new"]),
 dict(u="D", type="negative", q="아빠 틀니 맞춘 치과 어디였지", gold=[], neg_kind="absent"),
]


def build():
    key2id, key2user = {}, {}
    mem_rows = []
    n = 0
    for u in ORDER:
        rows = sorted(MEMORIES[u], key=lambda r: r[1])
        for key, ts, ch, lang, text in rows:
            if key in key2id:
                raise SystemExit(f"duplicate memory key {key}")
            n += 1
            mid = f"m{n:04d}"
            key2id[key], key2user[key] = mid, USERS[u]
            mem_rows.append({"id": mid, "user_id": USERS[u], "text": text, "ts": ts,
                             "channel_type": ch, "lang": lang})

    def ids(keys):
        missing = [k for k in keys if k not in key2id]
        if missing:
            raise SystemExit(f"unknown memory keys: {missing}")
        return [key2id[k] for k in keys]

    q_rows = []
    for i, q in enumerate(QUERIES, 1):
        row = {"qid": f"q{i:03d}", "user_id": USERS[q["u"]], "query": q["q"],
               "gold": ids(q["gold"]), "type": q["type"]}
        if "stale" in q:
            row["stale"] = ids(q["stale"])
        if "entity" in q:
            row["entity"] = q["entity"]
        if "other" in q:
            other = ids(q["other"])
            row["other_user_has"] = key2user[q["other"][0]]
            row["other_user_mem"] = other
        if "neg_kind" in q:
            row["neg_kind"] = q["neg_kind"]
        if "conf" in q:
            row["confusable_other_user"] = ids(q["conf"])
        q_rows.append(row)

    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        for r in mem_rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        for r in q_rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(mem_rows)} memories and {len(q_rows)} queries to {HERE}")


if __name__ == "__main__":
    build()
