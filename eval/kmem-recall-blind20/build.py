#!/usr/bin/env python3
"""Build the blind20 held-out set: memories.jsonl and queries.jsonl.

All data lives here. Memories are written with symbolic keys (a.*, b.*, c.*, d.*);
ids m0001.. and q001.. are assigned in the order below.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

UA = "U05SNPK2A"  # freelance wedding-snap photographer, Pomeranian 콩이
UB = "U06PEHK7B"  # high-school PE teacher, runs a weekend hiking club, cat 콩이
UC = "U07FTRK9C"  # chicken-skewer food-truck owner, part-timer 윤서연
UD = "U08CGVN4D"  # Filipino live-in caregiver in Busan

# (key, "MM-DD HH:MM", channel_type, lang, text) -- chronological per user
MEMS = {
    UA: [
        ("a.kong_bday", "01-05 10:12", "im", "ko", "콩이 생일 5월 2일! 포메라니안이고 올해 네 살 됨 ㅎㅎ"),
        ("a.studio1", "01-07 02:40", "im", "ko", "작업실 주소 망원동 412-7 2층. 촬영 소품 택배는 다 여기로 받기"),
        ("a.vet1", "01-09 05:03", "im", "ko", "콩이 다니는 동물병원은 다온동물병원. 원장님 진료는 화,목만 있음"),
        ("a.rent1", "01-12 01:15", "im", "ko", "작업실 월세 85만원, 매달 25일에 자동이체 걸어둠"),
        ("a.second1", "01-14 08:22", "channel", "ko", "올해 세컨 작가는 정우석 작가님이랑 가기로 함. 연락처 010-4827-3391"),
        ("a.rate1", "01-16 09:47", "channel", "en", "Second shooter fee for this season: 250k KRW per wedding, paid within 7 days after delivery"),
        ("a.lens", "01-19 04:30", "im", "ko", "렌즈 렌탈은 늘 렌즈하우스 충무로점. 85mm 하루 3만5천원이었음"),
        ("a.shoot1", "01-21 06:05", "channel", "ko", "윤서연 신부님 본식 스냅 확정: 4월 11일 토요일 오후 2시, 더라온홀 5층 그랜드볼룸"),
        ("a.tax1", "01-24 03:10", "im", "ko", "세무 기장은 김현철 세무사님 사무실에 맡기는 중, 월 11만원"),
        ("a.mom_bday", "01-27 12:00", "im", "ko", "엄마 생일 올해부터 양력 3월 9일로 챙기기로 했음. 까먹지 말자"),
        ("a.repair", "02-02 07:18", "im", "mixed", "Canon R6 셔터 고장ㅠ 용산 서비스센터 접수, ticket number RX-40721"),
        ("a.pt1", "02-05 11:40", "im", "ko", "PT 등록함. 화요일 목요일 저녁 7시, 트레이너는 강민호쌤"),
        ("a.food1", "02-09 00:55", "im", "ko", "콩이 사료 하루펫 연어 레시피 먹이는 중, 하루 두 번 40g씩"),
        ("a.seoyeon_phone", "02-12 05:21", "im", "ko", "윤서연 신부님 연락처 010-2294-6618. 카톡보다 문자 선호하심"),
        ("a.planner1", "02-16 02:33", "channel", "ko", "플래너 업체 루미에르웨딩 담당 유지호 실장님 010-7713-2045"),
        ("a.studio2", "02-20 13:05", "im", "ko", "작업실 이사 확정!! 3월 1일부터 성산동 28-3 1층. 망원동은 2월 말까지만"),
        ("a.rent2", "02-23 04:44", "im", "ko", "새 작업실 보증금은 그대로고 월 92만원, 관리비 4만원 따로"),
        ("a.studio3", "02-24 01:12", "im", "ko", "아 주소 잘못 적었다 ㅋㅋ 성산동 28-3 아니고 28-13임. 우편함에도 28-13이라고 써있음"),
        ("a.vet2", "03-02 09:30", "im", "ko", "콩이 병원 바꿈. 이사 오니까 다온은 너무 멀어서 이제 성미산로 바른숲동물병원 다님"),
        ("a.rate2", "03-05 06:16", "channel", "ko", "3월 예식부터 세컨 페이 건당 28만원으로 올려드리기로 함"),
        ("a.shoot2", "03-10 08:49", "channel", "ko", "윤서연 신부님 예식 일주일 밀림 → 4/18(토) 같은 시간, 홀도 동일"),
        ("a.food2", "03-13 10:02", "im", "ko", "연어 먹이니까 자꾸 귀를 긁어서 양고기로 갈아탐. 아침저녁 45g"),
        ("a.second2", "03-18 03:27", "channel", "ko", "정우석 작가님 4월부터 해외 촬영 가셔서 세컨은 백승훈 작가님으로 교체. 010-5530-8127"),
        ("a.pt2", "03-24 22:10", "im", "ko", "다음 주부터 PT 아침 7시, 월수금"),
        ("a.insurance", "03-30 05:55", "im", "en", "Camera gear insurance renewed with Hanul Insurance, covered until March 2027"),
        ("a.tax2", "04-03 02:18", "im", "ko", "종소세 신고는 올해부터 오미경 세무사님한테 넘김. 김현철 세무사님 은퇴하신대"),
        ("a.planner2", "04-08 07:40", "channel", "mixed", "루미에르웨딩 유지호 실장님 new number 010-7713-9902, old one은 해지됐대"),
        ("a.kong_vaccine", "04-14 04:05", "im", "ko", "콩이 종합백신 5월 20일 수요일 오전 11시 예약함"),
        ("a.kong_heart", "04-22 00:30", "im", "ko", "콩이 심장사상충 약은 매달 20일에 먹이기. 달력에 표시해둠"),
        ("a.portfolio", "04-27 11:11", "im", "en", "Portfolio domain minjae-snap.kr renews on June 12, about 22,000 won a year"),
        ("a.lightroom", "05-06 14:20", "channel", "mixed", "Lightroom 프리셋 Soft Peach v3가 요즘 신부님들 반응 제일 좋음"),
        ("a.car", "05-12 03:03", "im", "ko", "차 정기검사 6월 19일 금요일까지 받아야 함. 안 받으면 과태료"),
        ("a.album", "05-18 06:36", "channel", "ko", "윤서연 신부님 앨범 셀렉 마감 5월 31일, 40컷 고르시기로"),
        ("a.june_wedding", "06-03 08:15", "channel", "en", "June 27 wedding at Glass Garden Chapel, call time 10:30, bride is Lee Hana"),
        ("a.repair_done", "06-10 05:48", "im", "ko", "R6 수리 끝났다고 연락 옴. 수리비 18만원, 금요일에 찾으러 가기"),
    ],
    UB: [
        ("b.kong_bday", "01-04 12:20", "im", "ko", "우리 콩이 생일은 11월 23일. 치즈냥이 코숏이고 올해 일곱 살"),
        ("b.hike_jan", "01-06 13:10", "channel", "ko", "오르미산악회 1월 정기산행 1월 18일 일요일 관악산! 사당역 4번 출구 8시 집합"),
        ("b.dues1", "01-08 11:30", "channel", "ko", "산악회 연회비 6만원, 총무는 박지은쌤이 맡아서 걷기로 함"),
        ("b.room1", "01-13 00:45", "channel", "ko", "올해 체육교과실 본관 2층 204호. 공문은 여기로 주세요"),
        ("b.kong_vet", "01-15 09:12", "im", "ko", "콩이 정기검진은 고양이 전문 미야옹병원에서. 1년에 한 번 피검사"),
        ("b.shoes", "01-20 07:33", "im", "ko", "등산화 밑창 떨어짐ㅠ 을지로 한길수선에 맡겼고 2주 걸린대"),
        ("b.sd1", "01-22 02:50", "channel", "ko", "체육대회 5월 8일 금요일로 잠정 결정이요"),
        ("b.physio1", "01-26 08:08", "im", "ko", "무릎 물리치료 매주 수요일 저녁 6시 반, 바른걸음정형외과"),
        ("b.waiver", "02-01 12:40", "channel", "en", "Reminder: club insurance covers registered members only. Guests must sign the waiver before the hike"),
        ("b.bus1", "02-03 10:25", "channel", "ko", "지리산 종주 버스 대절 대한관광 45인승, 1대 85만원. 기사님 010-3381-7724"),
        ("b.hike_feb", "02-07 09:00", "channel", "ko", "2월 정기산행은 2월 22일 일요일 북한산. 구파발역 9시에 모여요"),
        ("b.homeroom1", "02-10 03:15", "im", "ko", "올해 담임 2학년 7반 확정. 반장은 아직 미정"),
        ("b.homeroom2", "02-11 01:05", "im", "ko", "아 어제 잘못 적었네 ㅋㅋ 7반 아니고 4반 담임이야"),
        ("b.jiri", "02-13 11:48", "channel", "en", "Jirisan traverse on March 28-29, two days, 23 members signed up so far"),
        ("b.room2", "02-17 06:20", "channel", "ko", "교과실 이사 끝! 신관 1층 105호에요. 택배도 이쪽으로 부탁드려요"),
        ("b.rubric", "02-24 08:34", "channel", "mixed", "수행평가 rubric 최종본 shared drive에 올려둠, 파일명은 PE_rubric_final"),
        ("b.vp1", "02-27 10:10", "channel", "en", "Club VP Jung Se-ra: 010-2750-1183, she handles the first-aid kit"),
        ("b.treasurer2", "03-02 04:27", "channel", "ko", "박지은쌤 육아휴직 들어가셔서 산악회 총무 이태호쌤으로 바뀜. 회비는 이태호쌤한테"),
        ("b.sd2", "03-05 05:05", "channel", "ko", "체육대회 5/15(금)으로 확정됐대요. 교감쌤 공지 떴음"),
        ("b.dues2", "03-09 12:12", "channel", "ko", "올해 회비 8만원. 버스비가 너무 올라서 어쩔 수 없다 ㅠ"),
        ("b.kong_food", "03-12 14:30", "im", "ko", "콩이 요즘 습식캔 하루 1개 + 건사료 조금. 물을 잘 안 마심"),
        ("b.physio2", "03-16 09:40", "im", "ko", "물리치료 금요일 저녁 7시로 옮김. 수요일은 보충수업 때문에 못 감"),
        ("b.bus2", "03-18 03:55", "channel", "ko", "대한관광 견적 너무 비싸서 취소함. 지리산은 푸른여행사 버스로 계약, 78만원"),
        ("b.coach1", "03-20 06:44", "channel", "ko", "배구부 외부코치 신동현 코치님, 화목 방과후. 010-6621-4408"),
        ("b.shoes_done", "04-02 10:20", "im", "en", "Picked up the hiking boots from the repair shop, paid 35,000 won"),
        ("b.hike_apr", "04-06 07:07", "channel", "ko", "4월 정기산행 4월 19일 일요일 도봉산, 다락원 쪽에서 출발"),
        ("b.counsel", "04-10 05:30", "channel", "ko", "학부모 상담주간 4월 20일~24일. 상담은 교과실 옆 상담실2에서"),
        ("b.hike_apr2", "04-15 12:00", "channel", "ko", "도봉산 산불조심기간이라 통제래요ㅠ 19일은 수락산으로 갑니다. 수락산역 1번 출구 8시 반"),
        ("b.coach2", "05-04 06:00", "channel", "ko", "배구부 새 코치님 오심! 남궁석 코치님이 이번 달부터 맡으심. 010-9034-2281"),
        ("b.locker", "05-07 08:48", "channel", "mixed", "Equipment room key 잃어버려서 행정실에서 spare key 받음, 금요일까지 반납"),
        ("b.sd3", "05-14 02:30", "channel", "ko", "비 예보 때문에 체육대회 또 밀림.. 5월 22일 금요일로 최종"),
        ("b.vp2", "05-26 11:22", "channel", "ko", "정세라 부회장님 번호 바뀌었대요 010-2750-6634로 저장"),
        ("b.summer", "06-01 13:13", "channel", "mixed", "여름 단합 산행 July 11 Saturday 설악산 1박 2일, registration 6/20 마감"),
        ("b.exam", "06-08 00:40", "channel", "ko", "기말고사 감독 7월 2일 목요일 1교시, 3교시"),
    ],
    UC: [
        ("c.spot1", "01-03 08:30", "channel", "ko", "평일 장사 자리: 성수동 연무장길 공영주차장 옆, 오후 5시부터 10시까지"),
        ("c.chicken1", "01-06 02:15", "im", "ko", "닭다리살 거래처 참맛육가공 김사장님 010-8846-2107, 키로당 7,800원"),
        ("c.hire", "01-09 05:40", "channel", "ko", "알바 윤서연 뽑음! 금토 저녁 타임, 시급 11,000원"),
        ("c.permit", "01-12 03:00", "im", "ko", "푸드트럭 영업신고증 갱신 기한 8월 31일. 구청 위생과 가면 됨"),
        ("c.gas1", "01-15 06:50", "im", "ko", "가스통 교체는 대성가스 010-4410-5582, 한 통에 3만2천원"),
        ("c.festival1", "01-19 09:25", "channel", "ko", "서울숲 봄 푸드마켓 참가 확정: 4월 4일 토요일~5일 일요일, 부스 B-12"),
        ("c.mom_bday", "01-22 04:00", "im", "ko", "엄마 생신 6월 6일 토요일, 올해 환갑이라 가족끼리 식사하기로"),
        ("c.sauce", "01-26 12:30", "im", "en", "Signature sauce ratio: soy 3, honey 2, chili paste 1, garlic 1. Don't change it"),
        ("c.spot2", "01-30 07:10", "channel", "ko", "3월부터 평일 자리 옮김 → 뚝섬역 2번 출구 앞 공터. 구청 허가 받음"),
        ("c.festival_fee", "02-02 03:20", "channel", "ko", "서울숲 푸드마켓 참가비 30만원, 3월 20일까지 내야 함"),
        ("c.pos1", "02-04 05:05", "im", "mixed", "POS 단말기 PayOne basic plan으로 렌탈, 월 2만2천원"),
        ("c.chicken_price2", "02-09 01:40", "im", "ko", "참맛육가공 닭다리살 2월부터 키로당 8,400원으로 올랐음ㅠ"),
        ("c.comm1", "02-13 10:10", "im", "ko", "공유주방 키친랩 성수 냉장고 7번 칸 배정받음"),
        ("c.comm2", "02-14 03:22", "im", "ko", "아 7번 아니고 17번 칸이었음 ㅋㅋ 어쩐지 남의 소스가 들어있더라"),
        ("c.generator", "02-20 08:00", "im", "en", "Generator service every 3 months. Next check is May 20 at the Seongsu garage"),
        ("c.seoyeon_phone", "02-25 06:15", "channel", "ko", "알바 윤서연 연락처 010-3307-5586, 급하면 전화"),
        ("c.skewer", "02-28 04:50", "im", "ko", "나무꼬치는 우림상사에서 주문, 한 박스 5천개짜리"),
        ("c.booth2", "03-03 02:45", "channel", "ko", "서울숲 푸드마켓 부스 C-07로 바뀜. 전기 들어오는 자리로 바꿔줬대"),
        ("c.wage2", "03-08 11:00", "channel", "ko", "4월부터 윤서연 시급 12,000원으로 올려주기로 함. 일 잘함"),
        ("c.insta", "03-12 04:35", "channel", "mixed", "인스타 @bulkkot_truck, 오늘 영업 위치는 매일 story랑 highlight에 올리기"),
        ("c.gas2", "03-17 07:20", "im", "en", "Daesung Gas changed their number, it's 010-4410-7719 now"),
        ("c.price1", "03-21 05:55", "channel", "ko", "메뉴 가격: 닭꼬치 기본 4,000원, 치즈 4,500원, 파닭꼬치 4,500원"),
        ("c.fridge_repair", "03-26 01:30", "im", "ko", "트럭 냉장고 고장남ㅠ 한성냉동 기사님 3월 27일 금요일 오전에 오신대"),
        ("c.night_market", "04-02 09:40", "channel", "ko", "한강 야시장 뚝섬 회차 참가 승인! 5월 매주 금토, 부스 A-03"),
        ("c.vat", "04-09 03:15", "im", "en", "VAT filing for Jan-Jun is due July 25. The accountant wants all receipts by July 10"),
        ("c.price2", "04-20 06:30", "channel", "ko", "재료값 못 버텨서 5월부터 기본 4,500 / 치즈 5,000 / 파닭 5,000"),
        ("c.chicken_contact2", "04-24 02:00", "im", "ko", "참맛육가공 김사장님 은퇴하셔서 이제 아드님 김도현 실장이 받음, 010-8846-3350"),
        ("c.shift2", "05-02 05:10", "channel", "ko", "윤서연 근무 5월부터 토일 낮 12시~6시로 변경. 금요일은 나 혼자"),
        ("c.spot3", "05-06 08:05", "channel", "ko", "뚝섬 자리 민원 들어와서 다음 주부터는 건대입구역 5번 출구 뒤 유료주차장에서 장사함"),
        ("c.health_cert", "05-16 09:00", "channel", "en", "Seoyeon's health certificate expires June 5, remind her to renew it"),
        ("c.pos2", "05-20 03:40", "im", "mixed", "PayOne plan 바꿈, 이제 lite 요금제 월 1만9천원"),
        ("c.mom_dinner", "06-02 10:00", "im", "ko", "엄마 환갑 식사 청담소반 6월 6일 저녁 6시 8명 예약 완료"),
        ("c.rain", "06-12 07:45", "channel", "ko", "장마 시작하면 타프 2개 챙기기. 작년에 하나로 버티다 다 젖음"),
        ("c.truck_insp", "06-20 02:20", "im", "ko", "트럭 구조변경 검사 7월 3일 금요일 오전 10시, 성산검사소"),
    ],
    UD: [
        ("d.meds", "01-04 00:30", "im", "en", "Grandma Park's blood pressure pill: one tablet at 8 am after breakfast"),
        ("d.clinic1", "01-07 01:20", "im", "ko", "할머니 내과는 해운대 온누리내과. 2주마다 목요일 오후 3시 진료"),
        ("d.class1", "01-10 06:00", "im", "mixed", "Korean class every Sunday 2pm, 부산글로벌센터 3층 302호"),
        ("d.mom_bday", "01-13 10:45", "im", "en", "Mama's birthday is March 3. Send the gift box early, shipping takes 2 weeks"),
        ("d.agency1", "01-16 02:10", "im", "ko", "파견업체 해온돌봄센터 담당은 최영숙 팀장님, 010-6250-3318"),
        ("d.church", "01-20 08:30", "im", "en", "Sunday English mass at Namcheon Cathedral, 11 am"),
        ("d.remit1", "01-24 04:15", "im", "en", "Sending money home on the 10th every month with the remittance app, fee is 5,000 won"),
        ("d.visa1", "01-28 03:40", "im", "en", "Visa extension appointment at the Busan immigration office: Feb 24, 10 am"),
        ("d.dayoff1", "02-02 11:05", "im", "ko", "쉬는 날은 일요일 하루랑 수요일 오후. 할머니 따님이 그때 오심"),
        ("d.food", "02-06 09:50", "im", "ko", "할머니 저염식이라 김치는 물에 한번 씻어서 드리기. 떡은 절대 안됨 목에 걸려요"),
        ("d.guardian1", "02-10 05:25", "im", "ko", "할머니 따님 정미경님 번호 010-2218-6045. 무슨 일 있으면 바로 연락"),
        ("d.topik1", "02-14 07:00", "im", "en", "TOPIK II exam on April 19 (Sunday), registration closes March 10"),
        ("d.visa2", "02-16 02:30", "im", "ko", "출입국 예약 날짜 바뀜. 2월 26일 목요일 오후 2시로 다시 잡았어요"),
        ("d.class2", "02-22 07:15", "im", "ko", "한국어 수업 교실 5층 507호로 옮겼대요"),
        ("d.pharmacy", "02-27 03:35", "im", "ko", "할머니 약은 동백약국에서 타요. 처방전 가져가면 30분 정도"),
        ("d.community", "03-04 12:10", "im", "mixed", "Filipino friends 모임 every first Sunday, 서면 카페 마닐라하우스"),
        ("d.class3", "03-06 06:40", "im", "ko", "아 507호 아니고 508호였어요ㅠㅠ 오늘 문 잘못 열었음"),
        ("d.bus", "03-08 09:00", "im", "ko", "센터 갈 때 1003번 버스 타고 해운대역에서 내려서 지하철로 환승"),
        ("d.clinic2", "03-12 01:50", "im", "ko", "온누리내과 진료 요일 바뀜. 이제 격주 화요일 오전 10시"),
        ("d.agency2", "03-16 04:20", "im", "ko", "해온돌봄센터 담당 바뀌었어요. 최영숙 팀장님 말고 이제 김나래 팀장님 010-6250-4471"),
        ("d.grandma_bday", "03-22 10:30", "im", "ko", "할머니 생신 4월 27일 월요일! 미역국이랑 잡채 하기"),
        ("d.topik_study", "03-26 09:10", "im", "ko", "TOPIK 스터디 매주 화요일 밤 9시, 줌으로 해요"),
        ("d.dayoff2", "04-02 12:15", "im", "mixed", "Day off changed: 이제 일요일 full day + 토요일 오후만"),
        ("d.guardian2", "04-08 08:40", "im", "en", "Mi-kyung (grandma's daughter) has a new phone: 010-2218-9930"),
        ("d.topik_result", "04-15 05:00", "im", "en", "TOPIK results will be posted on May 28. My target is level 3"),
        ("d.walk", "04-20 07:30", "im", "ko", "할머니 산책은 동백섬 한 바퀴, 오후 4시쯤 선선할 때"),
        ("d.rehab1", "04-26 02:50", "im", "ko", "할머니 재활운동 월수 오후 3시, 물리치료사 송지호 선생님이 집으로 오심"),
        ("d.remit2", "05-06 09:15", "im", "mixed", "송금 app fee went up, 이제 한 번 보낼 때 7,000원"),
        ("d.blood_test", "05-08 03:30", "im", "ko", "온누리내과 피검사 결과는 5월 14일 목요일에 나온대요"),
        ("d.rehab2", "05-15 06:05", "im", "ko", "재활 선생님 바뀜, 송지호 선생님 그만두시고 배은비 선생님이 오세요. 시간은 똑같이"),
        ("d.flight1", "05-22 11:40", "im", "mixed", "Vacation flight to Manila PR419, 8월 14일 김해 출발 확정"),
        ("d.saying", "05-30 08:20", "im", "ko", "할머니가 욕봤다 하시면 수고했다는 뜻이래요 ㅋㅋ 부산 사투리"),
        ("d.flight2", "06-05 04:25", "im", "en", "Flight moved to Aug 16, same flight number, same departure time"),
        ("d.hearing", "06-14 10:05", "im", "ko", "할머니 보청기 배터리는 312 사이즈, 일주일에 한 번 교체"),
    ],
}

# Query specs: (user, query, [gold keys], type, extras)
# extras keys: stale, entity, neg_kind, other_user_has, other_user_mem,
#              confusable_other_user, key (absent-check terms; not written out)
Q = []


def q(user, text, gold, typ, **kw):
    Q.append((user, text, gold, typ, kw))


# ---------------- user A: wedding photographer ----------------
q(UA, "렌즈 렌탈 늘 하는 곳 어디였지", ["a.lens"], "keyword")
q(UA, "차 정기검사 언제까지 받아야 돼", ["a.car"], "keyword")
q(UA, "심장사상충 약 먹이는 날", ["a.kong_heart"], "keyword")
q(UA, "콩이의 생일이 언제였더라", ["a.kong_bday"], "inflection", confusable_other_user=["b.kong_bday"])
q(UA, "앨범셀렉 마감일이 언제지", ["a.album"], "inflection")
q(UA, "우리 강아지 예방주사 맞히러 가는 날", ["a.kong_vaccine"], "paraphrase")
q(UA, "요즘 신부들한테 제일 인기 있는 보정 설정", ["a.lightroom"], "paraphrase")
q(UA, "접수번호 40721 이거 뭐였더라", ["a.repair"], "numeric")
q(UA, "6618로 끝나는 번호 누구 거야", ["a.seoyeon_phone"], "numeric")
q(UA, "카메라 장비 보험 언제까지 돼?", ["a.insurance"], "mixed_lang")
q(UA, "How much did the R6 repair cost?", ["a.repair_done"], "mixed_lang")
q(UA, "콩이 관련 다 알려줘", None, "entity", entity="콩이",
  confusable_other_user=["b.kong_bday", "b.kong_vet", "b.kong_food"])
q(UA, "윤서연 신부님 관련된 거 전부", None, "entity", entity="윤서연",
  confusable_other_user=["c.hire", "c.seoyeon_phone", "c.wage2", "c.shift2"])
q(UA, "작업실 주소 지금 어디야?", ["a.studio3"], "update", stale=["a.studio1", "a.studio2"])
q(UA, "작업실 월세 한 달에 얼마 내고 있지", ["a.rent2"], "update", stale=["a.rent1"])
q(UA, "콩이 요즘 어느 병원 다녀?", ["a.vet2"], "update", stale=["a.vet1"],
  confusable_other_user=["b.kong_vet"])
q(UA, "세컨 작가님 페이 건당 얼마 드리기로 했지", ["a.rate2"], "update", stale=["a.rate1"])
q(UA, "윤서연 신부님 본식 날짜", ["a.shoot2"], "update", stale=["a.shoot1"])
q(UA, "콩이 지금 무슨 사료 먹고 있더라", ["a.food2"], "update", stale=["a.food1"])
q(UA, "지금 같이 다니는 세컨 작가 번호", ["a.second2"], "update", stale=["a.second1"])
q(UA, "PT 몇 시였지", ["a.pt2"], "update", stale=["a.pt1"])
q(UA, "세금 신고 맡긴 세무사님 누구", ["a.tax2"], "update", stale=["a.tax1"])
q(UA, "루미에르웨딩 실장님 연락처", ["a.planner2"], "update", stale=["a.planner1"])
q(UA, "결혼반지 사이즈 몇 호로 했더라", [], "negative", neg_kind="absent", key=["반지"])
q(UA, "가스통 교체 업체 번호 뭐였지", [], "negative", neg_kind="isolation",
  other_user_has=UC, other_user_mem=["c.gas1", "c.gas2"])
q(UA, "TOPIK 시험 날짜 언제야", [], "negative", neg_kind="isolation",
  other_user_has=UD, other_user_mem=["d.topik1"])

# ---------------- user B: PE teacher + hiking club ----------------
q(UB, "관악산 산행 집합 장소", ["b.hike_jan"], "keyword")
q(UB, "기말고사 감독 몇 교시야", ["b.exam"], "keyword")
q(UB, "등산화밑창 수선을 어디에 맡겼었지", ["b.shoes"], "inflection")
q(UB, "학부모상담주간이 언제부터야", ["b.counsel"], "inflection")
q(UB, "콩이 생일이 며칠이더라", ["b.kong_bday"], "inflection", confusable_other_user=["a.kong_bday"])
q(UB, "고양이 건강검진 받는 병원", ["b.kong_vet"], "paraphrase",
  confusable_other_user=["a.vet1", "a.vet2"])
q(UB, "2월 등산 모임 어디서 만나", ["b.hike_feb"], "paraphrase")
q(UB, "3만5천원 냈던 거 뭐였지", ["b.shoes_done"], "numeric")
q(UB, "23명 신청한 산행 언제야", ["b.jiri"], "numeric")
q(UB, "게스트는 산행 전에 뭐 해야 돼?", ["b.waiver"], "mixed_lang")
q(UB, "When is my final exam proctoring duty?", ["b.exam"], "mixed_lang")
q(UB, "콩이 관련 기록 전부 보여줘", None, "entity", entity="콩이",
  confusable_other_user=["a.kong_bday", "a.vet1", "a.food1", "a.vet2", "a.kong_vaccine", "a.kong_heart"])
q(UB, "체육대회 관련 다 알려줘", None, "entity", entity="체육대회")
q(UB, "체육대회 결국 언제 하는 거야", ["b.sd3"], "update", stale=["b.sd1", "b.sd2"])
q(UB, "체육교과실 몇 호야", ["b.room2"], "update", stale=["b.room1"])
q(UB, "산악회 회비 누구한테 내야 돼", ["b.treasurer2"], "update", stale=["b.dues1"])
q(UB, "산악회 회비 올해 얼마야", ["b.dues2"], "update", stale=["b.dues1"])
q(UB, "요즘 물리치료 무슨 요일에 가지", ["b.physio2"], "update", stale=["b.physio1"])
q(UB, "지리산 버스 어느 업체로 했더라", ["b.bus2"], "update", stale=["b.bus1"])
q(UB, "4월 정기산행 어느 산으로 가?", ["b.hike_apr2"], "update", stale=["b.hike_apr"])
q(UB, "배구부 코치님 연락처", ["b.coach2"], "update", stale=["b.coach1"])
q(UB, "부회장님 전화번호 지금 뭐야", ["b.vp2"], "update", stale=["b.vp1"])
q(UB, "나 올해 몇 반 담임이지", ["b.homeroom2"], "update", stale=["b.homeroom1"])
q(UB, "스키캠프 버스 몇 시 출발이야", [], "negative", neg_kind="absent", key=["스키"])
q(UB, "엄마 생일 언제였지", [], "negative", neg_kind="isolation",
  other_user_has=UA, other_user_mem=["a.mom_bday", "c.mom_bday", "d.mom_bday"])
q(UB, "콩이 종합백신 예약 언제로 했지", [], "negative", neg_kind="isolation_same_name",
  other_user_has=UA, other_user_mem=["a.kong_vaccine"])

# ---------------- user C: food-truck owner ----------------
q(UC, "영업신고증 갱신 기한", ["c.permit"], "keyword")
q(UC, "나무꼬치 주문하는 데", ["c.skewer"], "keyword")
q(UC, "한강 야시장 부스 번호", ["c.night_market"], "keyword")
q(UC, "트럭냉장고 고치러 기사님 언제 오시지", ["c.fridge_repair"], "inflection")
q(UC, "엄마 환갑식사 예약은 몇 시로 했어", ["c.mom_dinner"], "inflection")
q(UC, "비 오는 날 장사할 때 챙겨야 할 거", ["c.rain"], "paraphrase")
q(UC, "가게 SNS 아이디 뭐였지", ["c.insta"], "paraphrase")
q(UC, "5586으로 끝나는 번호 누구 꺼야", ["c.seoyeon_phone"], "numeric",
  confusable_other_user=["a.seoyeon_phone"])
q(UC, "참가비 30만원 언제까지 내야 돼", ["c.festival_fee"], "numeric")
q(UC, "소스 배합 비율 어떻게 했지", ["c.sauce"], "mixed_lang")
q(UC, "부가세 신고 마감 언제야", ["c.vat"], "mixed_lang")
q(UC, "윤서연 관련해서 적어둔 거 다", None, "entity", entity="윤서연",
  confusable_other_user=["a.shoot1", "a.seoyeon_phone", "a.shoot2", "a.album"])
q(UC, "참맛육가공 관련 다 알려줘", None, "entity", entity="참맛육가공")
q(UC, "요즘 평일에 어디서 장사해?", ["c.spot3"], "update", stale=["c.spot1", "c.spot2"])
q(UC, "닭다리살 키로당 얼마지", ["c.chicken_price2"], "update", stale=["c.chicken1"])
q(UC, "참맛육가공 누구한테 연락하면 돼", ["c.chicken_contact2"], "update", stale=["c.chicken1"])
q(UC, "윤서연 시급 얼마 주고 있지", ["c.wage2"], "update", stale=["c.hire"])
q(UC, "가스 업체 전화번호", ["c.gas2"], "update", stale=["c.gas1"])
q(UC, "서울숲 푸드마켓 우리 부스 번호", ["c.booth2"], "update", stale=["c.festival1"])
q(UC, "기본 닭꼬치 지금 얼마 받고 있지", ["c.price2"], "update", stale=["c.price1"])
q(UC, "서연이 무슨 요일 근무야", ["c.shift2"], "update", stale=["c.hire"])
q(UC, "공유주방 냉장고 내 칸 몇 번", ["c.comm2"], "update", stale=["c.comm1"])
q(UC, "POS 요금제 한 달에 얼마 나가", ["c.pos2"], "update", stale=["c.pos1"])
q(UC, "트럭 세차 예약 며칠이었지", [], "negative", neg_kind="absent", key=["세차"])
q(UC, "등산화 수선 맡긴 데가 어디였지", [], "negative", neg_kind="isolation",
  other_user_has=UB, other_user_mem=["b.shoes", "b.shoes_done"])
q(UC, "윤서연 본식 몇 시 시작이야", [], "negative", neg_kind="isolation_same_name",
  other_user_has=UA, other_user_mem=["a.shoot1", "a.shoot2"])

# ---------------- user D: caregiver in Busan ----------------
q(UD, "보청기 배터리 사이즈 몇이야", ["d.hearing"], "keyword")
q(UD, "English mass time at Namcheon", ["d.church"], "keyword")
q(UD, "할머니 생신이 언제예요?", ["d.grandma_bday"], "inflection")
q(UD, "할머니약 타는 약국", ["d.pharmacy"], "inflection")
q(UD, "부산 사투리로 고생했다는 말", ["d.saying"], "paraphrase")
q(UD, "할머니 짠 음식 조심해야 하는 거", ["d.food"], "paraphrase")
q(UD, "1003번 버스 어디서 갈아타", ["d.bus"], "numeric")
q(UD, "5/28에 뭐 발표나지?", ["d.topik_result"], "numeric")
q(UD, "할머니 혈압약 몇 시에 드리지", ["d.meds"], "mixed_lang")
q(UD, "Where do I take grandma for her afternoon walk?", ["d.walk"], "mixed_lang")
q(UD, "TOPIK 관련 다 알려줘", None, "entity", entity="TOPIK")
q(UD, "온누리내과 관련 기록 전부", None, "entity", entity="온누리내과")
q(UD, "When is my visa appointment?", ["d.visa2"], "update", stale=["d.visa1"])
q(UD, "해온돌봄센터 담당 팀장님 누구", ["d.agency2"], "update", stale=["d.agency1"])
q(UD, "한국어 수업 몇 호실이야?", ["d.class3"], "update", stale=["d.class1", "d.class2"])
q(UD, "What are my days off now?", ["d.dayoff2"], "update", stale=["d.dayoff1"])
q(UD, "할머니 내과 진료 언제 가요?", ["d.clinic2"], "update", stale=["d.clinic1"])
q(UD, "정미경님 전화번호", ["d.guardian2"], "update", stale=["d.guardian1"])
q(UD, "요즘 재활 선생님 누가 오시죠", ["d.rehab2"], "update", stale=["d.rehab1"])
q(UD, "How much is the remittance fee?", ["d.remit2"], "update", stale=["d.remit1"])
q(UD, "Manila flight date?", ["d.flight2"], "update", stale=["d.flight1"])
q(UD, "When is my dentist appointment?", [], "negative", neg_kind="absent", key=["dentist", "치과"])
q(UD, "What's the volleyball coach's phone number?", [], "negative", neg_kind="isolation",
  other_user_has=UB, other_user_mem=["b.coach1", "b.coach2"])
q(UD, "작업실 월세 얼마 내지?", [], "negative", neg_kind="isolation",
  other_user_has=UA, other_user_mem=["a.rent1", "a.rent2"])

OPT_ORDER = ["stale", "entity", "neg_kind", "other_user_has", "other_user_mem", "confusable_other_user"]


def main():
    errors = []
    rows, key2id, key2user = [], {}, {}
    n = 0
    for user in (UA, UB, UC, UD):
        prev = None
        for key, when, ch, lang, text in MEMS[user]:
            n += 1
            mid = f"m{n:04d}"
            if key in key2id:
                errors.append(f"duplicate key {key}")
            key2id[key] = mid
            key2user[key] = user
            ts = f"2026-{when[:5]}T{when[6:]}:{(n * 37 + 11) % 60:02d}Z"
            if prev and ts <= prev:
                errors.append(f"{key}: ts {ts} not after {prev}")
            prev = ts
            rows.append({"id": mid, "user_id": user, "text": text, "ts": ts,
                         "channel_type": ch, "lang": lang})

    def ids(keys):
        out = []
        for k in keys:
            if k not in key2id:
                errors.append(f"unknown key {k}")
            else:
                out.append(key2id[k])
        return out

    queries = []
    for i, (user, text, gold, typ, kw) in enumerate(Q, 1):
        if typ == "entity":
            ent = kw["entity"]
            gold_ids = [r["id"] for r in rows if r["user_id"] == user and ent in r["text"]]
        else:
            gold_ids = ids(gold)
        rec = {"qid": f"q{i:03d}", "user_id": user, "query": text, "gold": gold_ids, "type": typ}
        for f in OPT_ORDER:
            if f not in kw:
                continue
            v = kw[f]
            if f in ("stale", "other_user_mem", "confusable_other_user"):
                v = ids(v)
            rec[f] = v
        if typ == "negative" and kw.get("neg_kind") == "absent":
            terms = kw.get("key") or []
            if not terms:
                errors.append(f"q{i:03d}: absent negative without key term")
            for t in terms:
                hits = [r["id"] for r in rows if t.lower() in r["text"].lower()]
                if hits:
                    errors.append(f"q{i:03d}: absent key term {t!r} appears in {hits}")
        queries.append(rec)

    if errors:
        for e in errors:
            print("ERROR:", e)
        sys.exit(1)

    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        for r in queries:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} memories, {len(queries)} queries")


if __name__ == "__main__":
    main()
