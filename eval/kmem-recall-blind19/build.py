#!/usr/bin/env python3
"""blind19: hand-written held-out set for a Korean/English Slack memory assistant.

All data lives in this file. Memories are written with symbolic keys in per-user chronological
order; ids m0001... and q001... are assigned in list order. Writes memories.jsonl and queries.jsonl.
"""
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

USERS = {
    "A": "U06HJS4NR",  # 한지수, ICU nurse on rotating shifts, cat 모카
    "B": "U03DKY7PM",  # 윤도경, startup PM
    "C": "U05OMS2TC",  # 오명숙, retired teacher learning Python
    "D": "U09DSK3LA",  # Daniel 서지훈, Korean-American back in Seoul, dog 모카
}

# (user, key, "MM-DD HH:MM" UTC, channel_type, lang, text)
MEMS = [
    # ---------------- A: 한지수, MICU nurse, 3교대, cat 모카 ----------------
    ("A", "a_mocha_bday", "01-05 12:10", "im", "ko", "모카 생일 4월 2일! 삼색 코숏이고 올해 네 살 됨"),
    ("A", "a_mom_bday", "01-08 13:22", "im", "ko", "엄마 생신 양력 6월 11일. 올해는 케이크 미리 예약해두기"),
    ("A", "a_vet_old", "01-11 04:05", "im", "ko", "모카 다니는 동물병원: 초록숲동물병원 윤태오 원장님, 02-3141-5521"),
    ("A", "a_headnurse_old", "01-14 10:40", "channel", "ko", "우리 병동 수간호사 오정란 선생님, 급한 일 있으면 010-4821-3307"),
    ("A", "a_pilates_old", "01-17 14:02", "im", "ko", "필라테스 화목 저녁 8시 반 타임으로 등록함ㅋㅋ 강사는 민아쌤"),
    ("A", "a_food_old", "01-20 03:30", "im", "ko", "모카 사료 포레스트펫 인도어 4kg, 펫몰마켓에서 48,900원"),
    ("A", "a_scaling", "01-27 06:00", "im", "ko", "새봄치과 스케일링 2월 14일 토요일 오전 11시 예약"),
    ("A", "a_allergy", "01-30 13:45", "im", "ko", "나 조영제 알레르기 있음. 검사받을 때 꼭 먼저 말하기!!"),
    ("A", "a_bls_old", "02-02 11:48", "channel", "en", "BLS recertification: Apr 11 (Sat), 9am, Room 302 in the education building"),
    ("A", "a_shift_old", "02-09 12:30", "channel", "ko", "3월 근무표 나옴. 3/9(월)~3/13(금) 나이트, 그 담주에 오프 이틀"),
    ("A", "a_shift_new", "02-10 01:20", "channel", "ko", "정정: 3/9 주는 나이트 아니고 이브닝이래. 나이트는 3/16(월)부터임"),
    ("A", "a_locker", "02-14 09:05", "channel", "ko", "탈의실 사물함 88번으로 배정받음 (3층 여자 탈의실)"),
    ("A", "a_sister_old", "02-19 12:15", "im", "ko", "언니 결혼식 9월 19일 토요일 낮 12시, 더포레홀"),
    ("A", "a_handover", "02-23 08:30", "channel", "en", "ICU handover template is in the shared drive, folder 'MICU-Handover-v3'"),
    ("A", "a_headnurse_new", "03-02 00:30", "channel", "ko", "3월부터 수간호사 곽미선 쌤으로 바뀜. 번호 010-2290-6614"),
    ("A", "a_move_old", "03-05 13:50", "im", "ko", "이사 날짜 확정: 5월 23일 토요일, 망원동 투룸"),
    ("A", "a_pilates_new", "03-09 13:10", "im", "ko", "근무 돌아가는 게 평일반이랑 안 맞아서 토요일 오전 10시 그룹반으로 옮김. 쌤도 세린쌤으로 바뀜"),
    ("A", "a_vet_new", "03-14 05:00", "im", "ko", "모카 병원 옮겼어. 집 앞 달빛동물의료센터, 담당은 서하은 선생님. 밤 12시까지 진료해서 나이트 끝나고도 갈 수 있음"),
    ("A", "a_poster1", "03-18 11:00", "channel", "ko", "중환자간호학회 포스터 발표 5월 16일 토요일로 배정됨"),
    ("A", "a_bls_new", "03-25 07:20", "channel", "ko", "BLS 재교육 장소 변경 → 본관 지하 1층 세미나실. 시간은 그대로"),
    ("A", "a_preceptor", "03-27 10:10", "channel", "ko", "Preceptor 맡게 됨. 신규 간호사 남궁별 선생님, 4월 6일부터 6주"),
    ("A", "a_food_new", "04-01 02:10", "im", "ko", "포레스트펫 인도어 가격 올랐네… 이제 53,500원ㅡㅡ"),
    ("A", "a_ext", "04-03 14:20", "channel", "ko", "중환자실 스테이션 내선 4417, 야간 약제실은 4420"),
    ("A", "a_poster2", "04-08 12:45", "channel", "ko", "포스터 세션 5/17(일) 오전으로 옮겨짐. 발표 5분 + 질의 3분"),
    ("A", "a_wisdom", "04-10 04:30", "im", "ko", "새봄치과 사랑니 발치 4월 25일 토요일 오후 2시"),
    ("A", "a_mocha_vacc", "04-13 06:40", "im", "ko", "모카 종합백신 맞힘. 다음 접종은 내년 4월"),
    ("A", "a_move_new", "04-20 11:15", "im", "ko", "이삿날 하루 밀림 ㅠ 5/24(일)로. 이삿짐센터는 오전 8시에 옴"),
    ("A", "a_swap", "04-22 09:55", "channel", "mixed", "Shift swap: 5/2(토) 데이를 지현이 이브닝이랑 바꿈"),
    ("A", "a_dental_after", "04-26 03:10", "im", "ko", "새봄치과 실밥 빼는 날 5월 4일 월요일 저녁 6시"),
    ("A", "a_sister_new", "05-02 13:30", "im", "ko", "언니 식 날짜 당겨졌대!! 9월 5일 토요일, 장소는 그대로"),
    ("A", "a_poster3", "05-06 08:05", "channel", "en", "Poster session moved again: May 17, 2:40pm, Hall B. Print the A0 poster by Friday"),
    ("A", "a_insurance", "05-12 12:40", "im", "mixed", "모카 pet insurance 가입함, 펫케어플러스 monthly 21,000원"),
    ("A", "a_charge", "05-20 10:25", "channel", "mixed", "Charge nurse 교육 6월 8일 월요일부터 2주, 아침 8시까지 교육센터로"),
    ("A", "a_cake", "05-28 12:05", "im", "ko", "엄마 생신 케이크 연남동 구름제과에 예약함, 6월 10일 저녁 픽업"),
    ("A", "a_vacation", "06-01 09:40", "channel", "ko", "여름휴가 7월 27일~31일 확정됐다 제주 가야지"),

    # ---------------- B: 윤도경, PM at 루미노랩스 (Slotly) ----------------
    ("B", "b_report_old", "01-05 00:40", "channel", "ko", "입사 첫 주. 리포팅 라인은 COO 신유라님, 1:1은 격주 월요일"),
    ("B", "b_jh_intro", "01-06 02:15", "channel", "ko", "엔지니어링 리드 박준혁님, 백엔드 총괄. 휴가는 최소 2주 전에 공유해달라고 하심"),
    ("B", "b_launch1", "01-12 05:30", "channel", "ko", "Slotly v2.0 출시일 4월 14일 화요일로 확정"),
    ("B", "b_standup_old", "01-13 01:00", "channel", "en", "Daily standup: 10:00 every weekday on Zoom, 15 min max"),
    ("B", "b_price_old", "01-20 08:10", "channel", "ko", "Pro 플랜 가격 초안: 인당 월 29,000원"),
    ("B", "b_client_old", "01-26 06:25", "channel", "ko", "고객사 그린루트물류 담당자 여민철 과장님 010-3382-1904"),
    ("B", "b_rent_old", "01-30 13:05", "im", "ko", "지금 집 월세 95만, 관리비 12만 따로"),
    ("B", "b_review_old", "02-03 03:20", "channel", "ko", "스프린트 리뷰 매주 목요일 오후 4시, 6층 회의실 한라"),
    ("B", "b_board_old", "02-10 09:40", "channel", "en", "Board deck due Mar 20. Taemin wants the churn numbers up front"),
    ("B", "b_board_new", "02-12 00:50", "channel", "en", "I was wrong, the board deck is due Mar 18, not the 20th. The board meets on the 19th"),
    ("B", "b_agency_old", "02-17 05:35", "channel", "ko", "디자인 외주 픽셀정원이랑 계약 6월 30일까지"),
    ("B", "b_jh_vac", "02-24 07:00", "channel", "ko", "박준혁님 휴가 3월 30일~4월 3일. 그 주엔 배포 없음"),
    ("B", "b_launch2", "03-03 04:45", "channel", "ko", "QA에서 결제 버그 터져서 출시 4/21(화)로 밀림 ㅠ"),
    ("B", "b_client_new", "03-06 02:30", "channel", "mixed", "그린루트 쪽 담당 바뀜 → new contact 도수빈 대리님, 010-7745-2218"),
    ("B", "b_report_new", "03-10 01:15", "channel", "ko", "조직개편 공지 나옴. 이제 CPO 마준서님한테 보고, 1:1은 매주 수요일"),
    ("B", "b_standup_new", "03-16 00:20", "channel", "ko", "이제 아침에 다같이 모이는 거 없애고, 각자 9시 반까지 팀 스레드에 어제/오늘/막힌 거 적기로 함"),
    ("B", "b_review_new", "03-19 06:50", "channel", "ko", "목요일 리뷰 방 7층 백두로 옮김. 한라는 영업팀이 가져감"),
    ("B", "b_price_new", "03-26 09:05", "channel", "ko", "가격 최종 확정!! 인당 월 34,000원, 연간 결제 시 15% 할인"),
    ("B", "b_tax", "03-30 05:10", "channel", "ko", "세금계산서 발행은 재무팀 길소라님 담당"),
    ("B", "b_mobile", "04-02 03:40", "channel", "mixed", "모바일 앱 v1.3 release는 6월 2일 화요일, App Store 심사 일주일 잡기"),
    ("B", "b_okr", "04-03 08:00", "channel", "ko", "2분기 OKR: 신규 고객 온보딩 기간 14일 → 5일로 줄이기"),
    ("B", "b_advisory", "04-06 02:20", "channel", "en", "Customer advisory call: every first Tuesday of the month, 11am KST"),
    ("B", "b_launch3", "04-09 07:30", "channel", "en", "Launch moved again: v2.0 now ships Apr 28 (Tue), pending the security review"),
    ("B", "b_rent_new", "04-15 12:50", "im", "ko", "재계약 도장 찍음. 보증금 올리고 월세 82만으로 낮춤"),
    ("B", "b_agency_new", "04-22 06:15", "channel", "mixed", "We're ending the 픽셀정원 contract early, last day is May 15"),
    ("B", "b_jh_promo", "04-27 01:35", "channel", "ko", "박준혁님 5월 1일부로 CTO 승진!"),
    ("B", "b_jh_interview", "04-30 05:55", "channel", "ko", "박준혁님이 추천한 백엔드 후보 면접 5월 7일 목요일 오후 3시"),
    ("B", "b_offsite_old", "05-06 04:10", "channel", "ko", "상반기 워크숍 6월 18일 목요일~19일 금요일, 가평 솔바람리조트"),
    ("B", "b_lunch", "05-08 02:45", "channel", "ko", "팀 점심 회식 5월 13일 수요일, 을지로 화목식당"),
    ("B", "b_interview", "05-14 06:30", "channel", "mixed", "User interview with 그린루트 ops team 다음 주 목요일 2시, 녹화는 동의 받고"),
    ("B", "b_offsite_new", "05-20 08:20", "channel", "ko", "워크숍 장소 바뀜, 양평 강물소리펜션. 날짜는 그대로"),
    ("B", "b_running", "05-24 13:15", "im", "ko", "일요일 아침 반포 러닝크루 새벽물결이랑 10km"),
    ("B", "b_allergy", "05-27 11:00", "im", "ko", "나 갑각류 알레르기. 회식 장소 고를 때 꼭 체크"),
    ("B", "b_laptop", "06-02 04:25", "channel", "ko", "회사 노트북 자산번호 LM-0423, 반납할 때 필요함"),
    ("B", "b_leave", "06-09 12:35", "im", "ko", "올해 연차 9일 남음"),

    # ---------------- C: 오명숙, 63, retired teacher learning Python ----------------
    ("C", "c_class_old", "01-06 01:30", "im", "ko", "평생학습관 파이썬 기초반 등록했어요. 3층 305호, 화목 오전 10시"),
    ("C", "c_teacher_old", "01-08 03:10", "im", "ko", "파이썬 강사님 성함 류지완 선생님. 질문은 수업 끝나고 10분 동안 받으심"),
    ("C", "c_hajun_old", "01-10 11:20", "im", "ko", "손주 하준이 생일 7월 12일"),
    ("C", "c_mentor", "01-15 02:00", "im", "ko", "코딩 도와주는 대학생 멘토 박준혁 학생. 토요일 오후 2시 구립도서관 스터디룸에서 봄"),
    ("C", "c_mentor_phone", "01-15 02:05", "im", "ko", "박준혁 학생 연락처 010-5532-0187"),
    ("C", "c_swim_old", "01-19 10:40", "im", "ko", "수영 새벽반 월수금 6시, 구민체육센터"),
    ("C", "c_checkup1", "01-22 04:15", "im", "ko", "건강검진 3월 25일 수요일 오전 8시. 전날 저녁 9시부터 금식"),
    ("C", "c_hajun_new", "01-25 12:30", "im", "ko", "아 아니다 하준이 생일 7월 21일이다. 숫자를 거꾸로 적었네ㅎㅎ"),
    ("C", "c_hayun", "01-28 11:50", "im", "ko", "손녀 하윤이 생일은 11월 3일"),
    ("C", "c_project_old", "02-03 02:40", "im", "ko", "첫 프로젝트 주제: 가계부 프로그램 만들기. 엑셀 말고 파이썬으로 해볼 거예요"),
    ("C", "c_github_old", "02-05 05:20", "im", "ko", "깃허브 아이디 omsook_py 로 만들었어요"),
    ("C", "c_hajun_school", "02-06 10:05", "im", "ko", "하준이 초등학교 입학식 3월 2일 월요일 오전 10시. 꽃다발 사가기"),
    ("C", "c_fee_old", "02-10 03:35", "im", "ko", "다음 학기 파이썬 중급반 수강료 9만원이래요"),
    ("C", "c_checkup2", "02-16 01:45", "im", "ko", "검진센터에서 전화 왔어요. 날짜 4월 1일(수)로 변경"),
    ("C", "c_reunion_old", "02-20 09:30", "im", "ko", "사대 동기 모임 5월 16일 토요일 12시, 종로 한옥마루"),
    ("C", "c_class_new", "02-24 02:10", "im", "ko", "강의실이 2층 컴퓨터실 201호로 바꼈어요. 시간은 똑같고"),
    ("C", "c_husband", "02-27 00:50", "im", "ko", "남편 혈압약 아침 식후 한 알. 약은 늘봄약국에서 타요"),
    ("C", "c_teacher_new", "03-03 02:25", "im", "ko", "류 선생님 개인 사정으로 그만두셨어요ㅠ 새로 오신 분은 표은정 선생님"),
    ("C", "c_swim_new", "03-09 11:35", "im", "ko", "요즘은 새벽에 물에 안 들어가고 저녁 먹고 안양천 한 시간씩 걸어요. 무릎이 시려서"),
    ("C", "c_knee", "03-12 06:20", "im", "ko", "튼튼정형외과 무릎 물리치료 매주 화요일 오후 3시"),
    ("C", "c_checkup3", "03-20 04:50", "im", "ko", "검진 또 미뤄졌네요. 4월 8일 수요일 오전 8시 반"),
    ("C", "c_project_new", "03-23 03:00", "im", "ko", "가계부는 접고 동창회 주소록 웹페이지 만들기로 했어요. 멘토 학생도 그게 더 재밌겠대요"),
    ("C", "c_fee_new", "03-30 05:40", "im", "ko", "중급반은 구청 지원 받아서 45,000원만 내면 된대요"),
    ("C", "c_github_new", "04-06 07:15", "im", "ko", "깃허브 아이디 omsook63 으로 바꿨어요. 예전 건 지웠음"),
    ("C", "c_mentor_time", "04-09 10:30", "im", "ko", "준혁 학생 시험기간이라 당분간 일요일 오전 11시에 만나기로"),
    ("C", "c_reunion_new", "04-14 01:05", "im", "ko", "동기 모임 장소 바뀜 → 인사동 다솜정. 날짜랑 시간은 그대로"),
    ("C", "c_en", "04-17 03:25", "im", "en", "Today I learned: a for loop stops when the list ends. Next week: dictionaries!"),
    ("C", "c_book", "04-22 02:50", "im", "mixed", "멘토 학생이 추천한 책 'Gentle Python for Beginners', 다음 달에 도서관에서 빌리기"),
    ("C", "c_childrensday", "04-28 11:10", "im", "ko", "5월 5일 어린이날 하준이랑 하윤이 데리고 어린이대공원 가기로 했어요"),
    ("C", "c_hajun_gift", "05-02 04:35", "im", "ko", "하준이 생일선물은 레고 말고 과학상자로 사주기"),
    ("C", "c_font", "05-03 06:05", "im", "mixed", "VS Code 글씨 크기 16으로 키움. Settings 들어가서 font size 검색하면 돼요"),
    ("C", "c_daughter", "05-10 09:45", "im", "ko", "딸 지영이네 이사 6월 13일 토요일. 그날 반찬 좀 해다 주기"),
    ("C", "c_glasses", "05-15 05:30", "im", "ko", "돋보기 도수 +2.0, 밝은눈안경에서 맞춤"),
    ("C", "c_digital", "05-19 02:15", "im", "ko", "구청 디지털 배움터 보조강사 지원했어요. 발표는 6월 첫째 주"),
    ("C", "c_jh_meal", "05-25 10:55", "im", "ko", "박준혁 학생한테 고마워서 6월에 밥 한번 사기로"),

    # ---------------- D: Daniel 서지훈, Korean-American back in Seoul, dog 모카 ----------------
    ("D", "d_tempstay", "01-04 17:30", "im", "mixed", "Landing Feb 3! 첫 달은 연희동 short-term rental, until Feb 28"),
    ("D", "d_mocha_bday", "01-06 18:10", "im", "en", "Mocha's birthday is Oct 20. Shiba mix, turning 5 this year"),
    ("D", "d_phone_old", "02-04 03:20", "im", "en", "Korean number for now: 010-6613-2479 (prepaid SIM, good for 60 days)"),
    ("D", "d_cousin", "02-06 11:05", "im", "mixed", "Cousin 서민재 lives in 분당, 010-2048-7731"),
    ("D", "d_hr_old", "02-10 02:30", "im", "mixed", "네오픽셀 HR relocation contact: 문가영 매니저님, 010-3920-5147"),
    ("D", "d_korean_old", "02-11 09:40", "im", "mixed", "Signed up for Korean class at 한마음어학원, Mon/Wed 7pm, level 3"),
    ("D", "d_bank", "02-12 05:15", "im", "ko", "한결은행 망원지점 2층 외국인 창구 이용하면 됨"),
    ("D", "d_lease", "02-13 08:25", "im", "en", "Signed the lease: Mangwon-dong officetel, unit 1203, move-in Mar 7"),
    ("D", "d_allergy", "02-15 12:00", "im", "mixed", "Note to self: buckwheat allergy, 메밀국수 조심"),
    ("D", "d_geoso_old", "02-17 01:50", "im", "en", "F-4 residence report at the immigration office: Apr 6 (Mon), 10am"),
    ("D", "d_geoso_new", "02-18 00:35", "im", "en", "I was wrong, the immigration appointment is Apr 9 (Thu) at 2:20pm, not Apr 6"),
    ("D", "d_job", "02-19 07:10", "im", "mixed", "Offer paperwork done at 네오픽셀. Team lead will be 황보진, desk 14F-22"),
    ("D", "d_patella", "02-20 10:30", "im", "ko", "모카 슬개골 수술 2월 24일 화요일, 한강숲동물병원. 수술비 견적 180만원"),
    ("D", "d_onboarding", "02-25 04:40", "im", "ko", "네오픽셀 신규 입사자 온보딩 3월 3일 화요일 오전 9시, 20층 대강당"),
    ("D", "d_walker_old", "03-01 13:20", "im", "en", "Dog walker from Mar 9: Chaeyoon (college student), weekdays 1pm, 15,000 won per walk"),
    ("D", "d_cafeteria", "03-04 03:55", "im", "ko", "네오픽셀 구내식당 점심 11:30~13:00, 식권 한 장 6,000원"),
    ("D", "d_unit_new", "03-05 09:15", "im", "en", "Unit changed last minute. 1203 had a ceiling leak, so I'm getting 1507 in the same building"),
    ("D", "d_phone_new", "03-06 06:45", "im", "ko", "새 번호 개통함 010-8874-3156, 후불 요금제"),
    ("D", "d_subway", "03-09 00:30", "im", "ko", "출근은 6호선 망원 → 합정에서 2호선 환승, 40분쯤 걸림"),
    ("D", "d_food_old", "03-10 02:40", "im", "en", "Mocha food: 3 cups of kibble a day, split morning and night"),
    ("D", "d_gym_old", "03-10 11:30", "im", "ko", "핏라인 망원점 3개월 등록, 270,000원"),
    ("D", "d_korean_new", "03-12 12:20", "im", "ko", "학원은 그만두고 과외로. 서윤 쌤, 토요일 오전 11시, 집 앞 카페에서"),
    ("D", "d_hr_new", "03-16 05:05", "im", "mixed", "HR 담당 바뀜: 문가영 매니저님 parental leave 들어가서 이제 국도윤 매니저님이 relocation 건 봐주심"),
    ("D", "d_mom_flight_old", "03-20 13:40", "im", "ko", "엄마 LA에서 5월 2일 토요일 도착, OZ2041"),
    ("D", "d_hairshop", "03-21 08:10", "im", "ko", "망원 결이용실 커트 2만원. 원장님이 영어 잘하심"),
    ("D", "d_mom_bday", "03-22 13:55", "im", "en", "Mom's birthday is Jun 6, plan something while she's here"),
    ("D", "d_taxes", "03-25 02:35", "im", "en", "US taxes: send the W-2 to my CPA Grace Lim before Apr 10"),
    ("D", "d_walker_new", "03-28 10:50", "im", "en", "From April, Kevin Bang takes Mocha out on weekdays at 11:30, same rate"),
    ("D", "d_dad_flight", "04-07 03:05", "im", "en", "Dad flies in separately: Jun 20 (Sat), KE2210 from LAX"),
    ("D", "d_mom_flight_new", "04-12 14:10", "im", "en", "Mom's flight changed to May 9 (Sat). She lands at ICN at 5:40am"),
    ("D", "d_food_new", "04-18 11:25", "im", "ko", "모카 사료 하루 2컵 반. 수술하고 살 좀 빼야 된대"),
    ("D", "d_insurance", "04-22 06:00", "im", "ko", "건강보험 지역가입자로 나옴, 월 13만 4천원"),
    ("D", "d_pickup", "04-25 12:45", "im", "ko", "일요일 아침 8시 망원한강공원 조기축구, 회비 월 만원"),
    ("D", "d_gym_new", "06-05 10:20", "im", "ko", "핏라인 6개월 재등록함 460,000원"),
]

# (user, type, query, gold keys, extras)
# extras: stale=[keys], entity=str, neg=kind, other=[keys], conf=[keys], absent_terms=[str]
Q = [
    # ================= A =================
    ("A", "keyword", "사물함 번호 몇 번이었지", ["a_locker"], {}),
    ("A", "keyword", "새봄치과 스케일링 예약 언제야", ["a_scaling"], {}),
    ("A", "keyword", "Where's the ICU handover template folder?", ["a_handover"], {}),
    ("A", "inflection", "모카의 생일이 언제지?", ["a_mocha_bday"], {"conf": ["d_mocha_bday"]}),
    ("A", "inflection", "사랑니발치 몇 시였더라", ["a_wisdom"], {}),
    ("A", "paraphrase", "고양이 보험 한 달에 얼마 나가?", ["a_insurance"], {}),
    ("A", "paraphrase", "울 엄마 태어난 날 며칠이었지", ["a_mom_bday"], {}),
    ("A", "paraphrase", "CT 찍을 때 미리 얘기해야 하는 거 있었나", ["a_allergy"], {}),
    ("A", "entity", "모카 관련 기록 다 알려줘", ["a_mocha_bday", "a_vet_old", "a_food_old", "a_vet_new", "a_mocha_vacc", "a_insurance"],
     {"entity": "모카", "conf": ["d_mocha_bday", "d_patella", "d_food_old", "d_walker_new", "d_food_new"]}),
    ("A", "entity", "새봄치과 관련된 거 전부 찾아줘", ["a_scaling", "a_wisdom", "a_dental_after"], {"entity": "새봄치과"}),
    ("A", "numeric", "내선 4417 어디 번호야?", ["a_ext"], {}),
    ("A", "numeric", "6월 8일부터 2주 동안 뭐 있지?", ["a_charge"], {}),
    ("A", "mixed_lang", "When is my summer vacation?", ["a_vacation"], {}),
    ("A", "mixed_lang", "Who's the new nurse I'm training?", ["a_preceptor"], {}),
    ("A", "update", "3월 9일 주에 나 무슨 근무였지?", ["a_shift_new"], {"stale": ["a_shift_old"]}),
    ("A", "update", "모카 요즘 어느 병원 다녀?", ["a_vet_new"], {"stale": ["a_vet_old"], "conf": ["d_patella"]}),
    ("A", "update", "수간호사 선생님 연락처 뭐야", ["a_headnurse_new"], {"stale": ["a_headnurse_old"]}),
    ("A", "update", "필라테스 지금 언제 가지?", ["a_pilates_new"], {"stale": ["a_pilates_old"]}),
    ("A", "update", "요즘 모카 사료 한 포대 얼마야", ["a_food_new"], {"stale": ["a_food_old"]}),
    ("A", "update", "학회 포스터 발표 결국 언제로 됐어?", ["a_poster3"], {"stale": ["a_poster1", "a_poster2"]}),
    ("A", "update", "Where is the BLS class now?", ["a_bls_new"], {"stale": ["a_bls_old"]}),
    ("A", "update", "언니 결혼식 날짜 언제야", ["a_sister_new"], {"stale": ["a_sister_old"]}),
    ("A", "update", "이사 가는 날이 언제였지", ["a_move_new"], {"stale": ["a_move_old"]}),
    ("A", "negative", "헌혈 예약 언제로 했었지?", [], {"neg": "absent", "absent_terms": ["헌혈"]}),
    ("A", "negative", "핏라인 몇 개월 끊었더라", [], {"neg": "isolation", "other": ["d_gym_old", "d_gym_new"]}),
    ("A", "negative", "모카 슬개골 수술 날짜 언제였지?", [], {"neg": "isolation_same_name", "other": ["d_patella"]}),

    # ================= B =================
    ("B", "keyword", "모바일 앱 v1.3 release 날짜", ["b_mobile"], {}),
    ("B", "keyword", "나 갑각류 알레르기 있다고 적어놨었나", ["b_allergy"], {}),
    ("B", "keyword", "연차 며칠 남았지", ["b_leave"], {}),
    ("B", "inflection", "박준혁님의 휴가는 언제야?", ["b_jh_vac"], {"conf": ["c_mentor", "c_mentor_phone", "c_jh_meal"]}),
    ("B", "inflection", "팀 점심회식 장소 어디였지", ["b_lunch"], {}),
    ("B", "paraphrase", "주말마다 같이 뛰는 모임 이름이 뭐였지", ["b_running"], {}),
    ("B", "paraphrase", "이번 분기 목표 뭐로 잡았었지", ["b_okr"], {}),
    ("B", "paraphrase", "인보이스 처리 누구한테 물어봐야 돼?", ["b_tax"], {}),
    ("B", "entity", "박준혁님 관련 내용 다 보여줘", ["b_jh_intro", "b_jh_vac", "b_jh_promo", "b_jh_interview"],
     {"entity": "박준혁", "conf": ["c_mentor", "c_mentor_phone", "c_jh_meal"]}),
    ("B", "entity", "그린루트 관련된 거 다 알려줘", ["b_client_old", "b_client_new", "b_interview"], {"entity": "그린루트"}),
    ("B", "numeric", "01077452218 누구 번호야?", ["b_client_new"], {}),
    ("B", "mixed_lang", "When is the backend candidate interview that Junhyuk recommended?", ["b_jh_interview"], {}),
    ("B", "mixed_lang", "고객 자문 콜 언제 하지?", ["b_advisory"], {}),
    ("B", "update", "v2.0 출시 지금 언제로 잡혀있어?", ["b_launch3"], {"stale": ["b_launch1", "b_launch2"]}),
    ("B", "update", "요즘 스탠드업 어떻게 해?", ["b_standup_new"], {"stale": ["b_standup_old"]}),
    ("B", "update", "Pro 플랜 가격 최종 얼마로 됐지", ["b_price_new"], {"stale": ["b_price_old"]}),
    ("B", "update", "그린루트물류 담당자 연락처", ["b_client_new"], {"stale": ["b_client_old"]}),
    ("B", "update", "지금 월세 얼마 내고 있지?", ["b_rent_new"], {"stale": ["b_rent_old"]}),
    ("B", "update", "스프린트 리뷰 어느 회의실이야?", ["b_review_new"], {"stale": ["b_review_old"]}),
    ("B", "update", "When is the board deck due?", ["b_board_new"], {"stale": ["b_board_old"]}),
    ("B", "update", "픽셀정원 계약 언제 끝나?", ["b_agency_new"], {"stale": ["b_agency_old"]}),
    ("B", "update", "요즘 내 매니저 누구야?", ["b_report_new"], {"stale": ["b_report_old"]}),
    ("B", "update", "워크숍 어디로 가더라", ["b_offsite_new"], {"stale": ["b_offsite_old"]}),
    ("B", "negative", "명함 새로 주문한 거 언제 나온대?", [], {"neg": "absent", "absent_terms": ["명함"]}),
    ("B", "negative", "엄마 생신 언제였지?", [], {"neg": "isolation", "other": ["a_mom_bday", "a_cake", "d_mom_bday"]}),
    ("B", "negative", "필라테스 수업 몇 시야?", [], {"neg": "isolation", "other": ["a_pilates_old", "a_pilates_new"]}),

    # ================= C =================
    ("C", "keyword", "돋보기 도수 얼마였지", ["c_glasses"], {}),
    ("C", "keyword", "남편 혈압약 어느 약국에서 타요?", ["c_husband"], {}),
    ("C", "keyword", "손녀 하윤이 생일 언제야", ["c_hayun"], {}),
    ("C", "inflection", "무릎물리치료 몇 시였죠", ["c_knee"], {}),
    ("C", "inflection", "디지털배움터 보조강사 발표 언제래요?", ["c_digital"], {}),
    ("C", "paraphrase", "코딩 프로그램 화면 글자 크게 하는 법", ["c_font"], {}),
    ("C", "paraphrase", "하준이 학교 처음 가는 날 언제였죠?", ["c_hajun_school"], {}),
    ("C", "paraphrase", "손주들 데리고 5월에 놀러 가는 곳이 어디였지", ["c_childrensday"], {}),
    ("C", "entity", "하준이 관련된 거 다 알려줘", ["c_hajun_old", "c_hajun_new", "c_hajun_school", "c_childrensday", "c_hajun_gift"], {"entity": "하준"}),
    ("C", "entity", "박준혁 학생 관련 다 알려줘", ["c_mentor", "c_mentor_phone", "c_jh_meal"],
     {"entity": "박준혁", "conf": ["b_jh_intro", "b_jh_vac", "b_jh_promo", "b_jh_interview"]}),
    ("C", "numeric", "0187로 끝나는 번호 누구 거지?", ["c_mentor_phone"], {}),
    ("C", "mixed_lang", "다음 주에 파이썬 뭐 배운다고 했지?", ["c_en"], {}),
    ("C", "mixed_lang", "When is my daughter moving?", ["c_daughter"], {}),
    ("C", "update", "파이썬 수업 교실 몇 호예요?", ["c_class_new"], {"stale": ["c_class_old"]}),
    ("C", "update", "요즘 파이썬 가르치는 선생님 성함이 뭐였지", ["c_teacher_new"], {"stale": ["c_teacher_old"]}),
    ("C", "update", "하준이 생일 며칠이지", ["c_hajun_new"], {"stale": ["c_hajun_old"]}),
    ("C", "update", "건강검진 언제로 됐어요?", ["c_checkup3"], {"stale": ["c_checkup1", "c_checkup2"]}),
    ("C", "update", "요즘 운동 뭐 하고 있지?", ["c_swim_new"], {"stale": ["c_swim_old"]}),
    ("C", "update", "코딩 프로젝트 주제 뭐로 하기로 했죠", ["c_project_new"], {"stale": ["c_project_old"]}),
    ("C", "update", "내 깃허브 아이디 뭐더라", ["c_github_new"], {"stale": ["c_github_old"]}),
    ("C", "update", "중급반 수강료 얼마 내면 돼요?", ["c_fee_new"], {"stale": ["c_fee_old"]}),
    ("C", "update", "동기 모임 어디서 해요?", ["c_reunion_new"], {"stale": ["c_reunion_old"]}),
    ("C", "update", "멘토 학생이랑 지금 언제 만나지?", ["c_mentor_time"], {"stale": ["c_mentor"]}),
    ("C", "negative", "손주 돌잔치 어디서 했더라", [], {"neg": "absent", "absent_terms": ["돌잔치"]}),
    ("C", "negative", "박준혁 휴가 언제부터였지?", [], {"neg": "isolation_same_name", "other": ["b_jh_vac"]}),
    ("C", "negative", "강아지 산책 알바 몇 시에 와?", [], {"neg": "isolation", "other": ["d_walker_old", "d_walker_new"]}),

    # ================= D =================
    ("D", "keyword", "Am I allergic to buckwheat?", ["d_allergy"], {}),
    ("D", "keyword", "Who's my CPA for the US taxes?", ["d_taxes"], {}),
    ("D", "keyword", "Dad's flight from LAX", ["d_dad_flight"], {}),
    ("D", "inflection", "구내식당 점심시간이 몇 시부터야", ["d_cafeteria"], {}),
    ("D", "inflection", "조기 축구는 몇 시에 해?", ["d_pickup"], {}),
    ("D", "paraphrase", "회사까지 지하철로 얼마나 걸려?", ["d_subway"], {}),
    ("D", "paraphrase", "머리 자르는 데 어디였지", ["d_hairshop"], {}),
    ("D", "paraphrase", "How do I reach my relative in Bundang?", ["d_cousin"], {}),
    ("D", "entity", "네오픽셀 관련 다 알려줘", ["d_hr_old", "d_job", "d_onboarding", "d_cafeteria"], {"entity": "네오픽셀"}),
    ("D", "numeric", "수술비 180만 원 견적 나온 거 뭐였지?", ["d_patella"], {}),
    ("D", "numeric", "매달 134,000원 나가는 거 뭐였더라", ["d_insurance"], {}),
    ("D", "mixed_lang", "모카 생일 언제야?", ["d_mocha_bday"], {"conf": ["a_mocha_bday"]}),
    ("D", "mixed_lang", "When's the new hire onboarding at work?", ["d_onboarding"], {}),
    ("D", "update", "Which unit am I living in now?", ["d_unit_new"], {"stale": ["d_tempstay", "d_lease"]}),
    ("D", "update", "내 한국 폰 번호 뭐였지?", ["d_phone_new"], {"stale": ["d_phone_old"]}),
    ("D", "update", "When is my Korean lesson now?", ["d_korean_new"], {"stale": ["d_korean_old"]}),
    ("D", "update", "Who's my relocation contact at HR?", ["d_hr_new"], {"stale": ["d_hr_old"]}),
    ("D", "update", "When is the immigration appointment?", ["d_geoso_new"], {"stale": ["d_geoso_old"]}),
    ("D", "update", "Who walks Mocha on weekdays?", ["d_walker_new"], {"stale": ["d_walker_old"]}),
    ("D", "update", "핏라인 얼마 냈지?", ["d_gym_new"], {"stale": ["d_gym_old"]}),
    ("D", "update", "When does Mom land in Seoul?", ["d_mom_flight_new"], {"stale": ["d_mom_flight_old"]}),
    ("D", "update", "How much food does Mocha get a day?", ["d_food_new"], {"stale": ["d_food_old"], "conf": ["a_food_old"]}),
    ("D", "negative", "When do I exchange my driver's license?", [], {"neg": "absent", "absent_terms": ["license", "운전면허"]}),
    ("D", "negative", "모카 다음 백신 언제 맞혀야 돼?", [], {"neg": "isolation_same_name", "other": ["a_mocha_vacc"]}),
    ("D", "negative", "사랑니 뽑는 날 언제였지?", [], {"neg": "isolation", "other": ["a_wisdom", "a_dental_after"]}),
]


def ts_of(key, mmdd_hhmm):
    md, hm = mmdd_hhmm.split()
    sec = int(hashlib.sha1(key.encode()).hexdigest(), 16) % 60
    return f"2026-{md}T{hm}:{sec:02d}Z"


def die(msg):
    print("build error:", msg, file=sys.stderr)
    sys.exit(1)


def main():
    key2id, key2user, mem_rows = {}, {}, []
    for i, (u, key, when, ch, lang, text) in enumerate(MEMS, 1):
        if key in key2id:
            die(f"duplicate key {key}")
        mid = f"m{i:04d}"
        key2id[key], key2user[key] = mid, u
        mem_rows.append({"id": mid, "user_id": USERS[u], "text": text, "ts": ts_of(key, when),
                         "channel_type": ch, "lang": lang})

    def ids(keys):
        for k in keys:
            if k not in key2id:
                die(f"unknown key {k}")
        return [key2id[k] for k in keys]

    q_rows = []
    for n, (u, typ, query, gold, ex) in enumerate(Q, 1):
        row = {"qid": f"q{n:03d}", "user_id": USERS[u], "query": query, "gold": ids(gold), "type": typ}
        if "stale" in ex:
            row["stale"] = ids(ex["stale"])
        if "entity" in ex:
            row["entity"] = ex["entity"]
        if "neg" in ex:
            row["neg_kind"] = ex["neg"]
            if ex["neg"] == "absent":
                for term in ex["absent_terms"]:
                    hits = [m["id"] for m in mem_rows if term.lower() in m["text"].lower()]
                    if hits:
                        die(f"{row['qid']}: absent term {term!r} occurs in {hits}")
            else:
                other = ex["other"]
                row["other_user_has"] = USERS[key2user[other[0]]]
                row["other_user_mem"] = ids(other)
        if "conf" in ex:
            row["confusable_other_user"] = ids(ex["conf"])
        q_rows.append(row)

    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        for r in mem_rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        for r in q_rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(mem_rows)} memories, {len(q_rows)} queries")


if __name__ == "__main__":
    main()
