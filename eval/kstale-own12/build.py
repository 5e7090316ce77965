# Builds memories.jsonl and queries.jsonl for kstale-own12. All content is made up.
import json, random, re

rnd = random.Random(1205)

# (key, date, text) per user, in order
USERS = {
 "U0KM4P7R2": [  # ward nurse, rotating 3 shifts
  ("n_ward",      "01-04", "신경외과 72병동 배정 확정됨. 다음 주부터 3교대 시작"),
  ("n_night1",    "01-09", "나이트 근무는 밤 9시 반까지 병동 도착해야 함. 인계는 9시 40분부터"),
  ("n_locker1",   "01-15", "탈의실 사물함 B-214 배정받음 (2층 여자 탈의실)"),
  ("n_head1",     "01-22", "우리 병동 수간호사는 한미경 선생님. 휴가 신청은 한 달 전에 수간호사한테 직접"),
  ("n_park1",     "02-03", "직원 주차장 지하 2층, 월 주차비 45,000원 급여에서 공제됨"),
  ("n_day",       "02-11", "데이 출근은 아침 6시 40분까지, 이브닝은 오후 2시 40분까지"),
  ("n_cpd1",      "02-20", "보수교육 8시간 6월 30일까지 이수해야 면허신고 가능"),
  ("n_pil1",      "03-02", "필라테스 등록함. 화목 저녁 8시 반 수업, 10회권 32만원"),
  ("n_chat",      "03-10", "동기 단톡방 이름 '72병동 생존자들' ㅋㅋ 매달 첫째 주 금요일에 모이기로"),
  ("n_pharm",     "03-24", "야간에 약제부 당직 내선 5530, 마약류 불출은 5531"),
  ("n_night2",    "04-06", "인계 시간 당겨짐. 나이트는 이제 9시까지 들어가야 함 ㅠ"),
  ("n_pilpark",   "04-15", "필라테스 센터 건물 주차 2시간 무료, 등록하면 주차 스티커 줌"),
  ("n_vac1",      "04-28", "여름휴가 7월 20일~24일로 신청했고 승인 남"),
  ("n_head2",     "05-07", "새로 오신 수쌤 오정란 선생님, 엄청 꼼꼼하심. 투약 카트 매일 점검하신대"),
  ("n_cpd2",      "05-19", "보수교육 마감 9월 30일로 연기됐대. 온라인 8시간은 그대로"),
  ("n_locker2",   "06-02", "Locker room got renovated, my locker moved to C-07 on the 3rd floor"),
  ("n_pil2",      "06-16", "Pilates is now Wed/Fri 7am. The evening classes kept clashing with my evening shifts"),
  ("n_vac2",      "06-24", "여름휴가 staffing 이슈로 8/10~8/14로 밀림. 제주 비행기 다시 끊어야 함"),
  ("n_park2",     "07-01", "직원 주차비 인상 공지 떴음. 7월부터 월 52,000원"),
  ("n_me",        "07-14", "수액펌프 고장나면 의공팀 구나래 주임님 내선 2290"),
  ("n_jeju",      "07-20", "제주 숙소 애월 '바람결 스테이' 2박 예약, 체크인 오후 3시"),
  ("n_mom",       "08-05", "엄마 생신 9월 21일. 올해는 나이트 끝나고 바로 내려가야 함"),
  ("n_park3",     "10-13", "11월분 주차 정기권 58,000원 결제함"),
  ("n_gukbap",    "10-27", "나이트 끝나고 가는 국밥집 '온담국밥' 아침 7시 오픈, 병원 후문 건너편"),
  ("n_headbday",  "11-18", "수쌤 생신 12월 4일이라 케이크 회비 1인 1만원 걷는 중"),
 ],
 "U0HS9D2T6": [  # owner of a small neighbourhood bakery
  ("b_open1",     "01-06", "가게 오픈 오전 10시, 마감 저녁 7시로 시작"),
  ("b_salt1",     "01-12", "소금빵 가격 2,800원으로 시작"),
  ("b_flour1",    "01-19", "밀가루 거래처 한솔유통, 강력분 20kg 포대 단위. 담당 최 과장 010-4827-3391"),
  ("b_off1",      "01-27", "보리밭제과 정기휴무 월요일"),
  ("b_wifi",      "02-05", "가게 와이파이 boribat_guest / 비번 salt2580"),
  ("b_alba1",     "02-14", "주말 알바 민서, 토일 오전 9시~오후 3시, 시급 10,500원"),
  ("b_cake1",     "02-23", "홀케이크 예약은 픽업 3일 전까지만 받기"),
  ("b_oven1",     "03-04", "데크오븐 AS는 김철호 기사님 010-9152-6604"),
  ("b_cafe",      "03-15", "건너편 카페 '모퉁이'에서 소금빵 매일 10개 납품 요청, 오전 9시까지"),
  ("b_butter",    "03-26", "버터는 엘르앤비르 무염 10kg 박스로 주문, 2주에 한 번"),
  ("b_open2",     "04-07", "출근길 손님들 많아서 8시 반 오픈으로 당김. 마감은 그대로"),
  ("b_salt2",     "04-18", "버터값 폭등.. 소금빵 3,200원으로 인상"),
  ("b_storage",   "04-29", "밀가루 창고 온도 18도 이하 유지, 습도 60% 넘으면 제습기 틀기"),
  ("b_tax",       "05-12", "세무사 박은영 세무사님 0507-1388-2046, 부가세 신고는 1월이랑 7월"),
  ("b_flour2",    "05-26", "Flour supplier switched to Daon Foods, about 8% cheaper, delivery every Tue/Fri"),
  ("b_preheat",   "06-08", "오븐 예열은 220도 40분, 바게트는 스팀 3초"),
  ("b_off2",      "06-22", "월휴 말고 화요일에 쉬기로 함. 월요일이 동네 시장 장날이라 손님 많아서"),
  ("b_alba2",     "07-06", "일요일 shift는 이제 준호가 맡기로, 민서는 Sat only"),
  ("b_sunsale",   "07-19", "일요일 오후 4시 이후 남은 빵 30% 할인"),
  ("b_box",       "08-03", "포장 박스 업체 '박스앤', 최소 주문 500개, 로고 인쇄 개당 120원"),
  ("b_cake2",     "08-20", "Whole cake orders need 5 days' notice from now on. The 3-day rule was killing us"),
  ("b_cakepop",   "09-09", "홀케이크 인기 1위 얼그레이 무화과, 2위 딸기 생크림"),
  ("b_salt3",     "09-28", "소금빵 3,500 받기로 함.. 손님들 반응 보자"),
  ("b_oven2",     "10-15", "오븐 AS 업체 바꿈 → 한빛주방설비 1588-4471, 출장비 3만원"),
  ("b_nephew",    "11-10", "조카 돌잔치 12월 12일 토요일 점심, 가게 조기마감 공지 붙이기"),
 ],
 "U0PL3X8W5": [  # 2nd-year PhD student in environmental engineering, TA
  ("g_adv1",      "01-08", "Weekly 1:1 with Prof. Yoon, Thursdays 4pm in his office"),
  ("g_desk1",     "01-14", "연구실 자리 공학관 412호 창가 자리 받음"),
  ("g_advoff",    "01-21", "Prof. Yoon's office is Eng Bldg 602, ext 3108"),
  ("g_sti1",      "02-02", "이번 학기 인건비 월 180 들어옴, 매달 25일 입금"),
  ("g_tacourse",  "02-16", "이번 학기 TA 과목 환경화학실험, 수강생 38명"),
  ("g_ta1",       "02-27", "TA office hours Tue 2-3pm, room 305"),
  ("g_hplc",      "03-11", "HPLC 예약 시트는 매주 월요일 오전 9시에 열림, 선착순"),
  ("g_mgr",       "03-25", "lab manager 정다은 선생님 내선 6612, 시약 주문은 금요일 마감"),
  ("g_ta2",       "04-08", "오피스아워 수요일 3시~4시, 305호"),
  ("g_adv2",      "04-22", "교수님 미팅 금요일 오전 10시로 옮김. 목요일은 교수회의랑 겹쳐서"),
  ("g_abs1",      "05-06", "KSEE 추계학술대회 초록 마감 8월 14일"),
  ("g_venue",     "05-20", "학회 장소 부산 BEXCO, 10월 22~24일, 숙소는 연구실 단체 예약"),
  ("g_sid",       "06-03", "내 student ID 2024-31877 (학회 registration form 쓸 때 필요)"),
  ("g_desk2",     "06-17", "desk 옮김, 이제 신공학관 517호. 새 실험실 생겨서 다 같이 이사"),
  ("g_def1",      "07-01", "proposal defense 11월 둘째 주쯤으로 예정"),
  ("g_fig",       "07-15", "Advisor wants all figures as 300dpi TIFF, Arial 8pt"),
  ("g_abs2",      "08-05", "KSEE abstract deadline 1주 연장돼서 8/21까지"),
  ("g_sti2",      "08-26", "From September my stipend goes up to 220 a month (BK21 funding)"),
  ("g_def2",      "09-09", "프로포절 디펜스 11월 11일 수요일 오후 2시 확정, 심사위원 5명"),
  ("g_rent",      "09-30", "자취방 월세 이체일 매달 27일, 집주인 계좌 메모장에 적어둠"),
  ("g_snack",     "10-14", "디펜스 다과비 학과에서 5만원까지 지원, 영수증 필수"),
  ("g_def3",      "10-28", "심사위원 한 분 해외 출장이라 디펜스 12월 2일로 밀림. 시간은 같음"),
  ("g_poster",    "11-12", "학회 잘 끝남. poster award 후보였음 ㅎㅎ"),
  ("g_gym",       "11-20", "학교 체육관 1년권 2027년 2월 만료"),
 ],
 "U0RN6J1Q4": [  # amateur marathon runner, freelance EN>KO translator
  ("r_race1",     "01-05", "올해 목표 대회는 춘천마라톤 (10월)! 풀코스 두 번째 도전"),
  ("r_goal1",     "01-13", "목표 sub-3:30, 페이스 4:58/km로 훈련"),
  ("r_shoe1",     "01-24", "Daily trainer: Novablast 4, size 270"),
  ("r_rate1",     "02-04", "영한 번역 단가 단어당 80원, 검수는 별도 30원"),
  ("r_client",    "02-15", "Main client is Linguabridge, PM Sarah Oh, invoices due by the 5th"),
  ("r_crew1",     "02-27", "크루 정기런 화요일 저녁 7시 반, 여의도 물빛광장 집합"),
  ("r_crewfee",   "03-10", "크루 회비 월 1만원, 총무 계좌로 매달 1일"),
  ("r_hr",        "03-22", "HR max 188 (스포츠의학센터 lab test)"),
  ("r_pt1",       "04-03", "물리치료 김도윤 선생님, 매주 토요일 오전 11시. 장경인대 때문에"),
  ("r_claim",     "04-16", "실손 청구할 때 진료비 영수증이랑 세부내역서 둘 다 필요"),
  ("r_long",      "04-30", "Long run route: 잠수교 왕복 + 반포 loop = 32k"),
  ("r_goal2",     "05-14", "목표 3시간 20분으로 올림. km당 4분 44초"),
  ("r_race2",     "05-28", "Changed my A-race to the JTBC Seoul Marathon on Nov 1 instead of Chuncheon, flatter course"),
  ("r_tax",       "06-10", "종소세 신고 끝, 환급 42만원 6월 말 입금 예정"),
  ("r_shoe2",     "06-23", "노바블 다 닳아서 데일리는 페가수스 41로 감"),
  ("r_rate2",     "07-07", "Rate card for H2: EN>KO 100 KRW per word, review 35 KRW per word"),
  ("r_pt2",       "07-21", "물치 토요일 말고 목요일 저녁 7시로 바꿈"),
  ("r_summer",    "08-04", "여름엔 새벽 5시 반에 뛰기, 반포 쪽 그늘 코스로"),
  ("r_crew2",     "08-19", "crew run 장소 반포한강공원 세빛섬 앞으로 바뀜, 시간은 그대로 화 7:30"),
  ("r_taper",     "09-02", "대회 3주 전부터 테이퍼링, 마지막 30k는 10월 11일"),
  ("r_pay",       "09-16", "Linguabridge pays on the 10th of the following month"),
  ("r_carb",      "10-01", "카보로딩은 대회 3일 전부터, 체중 1kg당 탄수화물 8g"),
  ("r_cap",       "10-20", "Bought a new white Ciele running cap"),
  ("r_finish",    "11-06", "풀코스 완주! 다음 주는 완전 휴식"),
 ],
}

# (user, query, type, gold_key or None, [stale keys])
Q = [
 # nurse
 ("U0KM4P7R2", "요즘 나이트 때 몇 시까지 병동 들어가야 하지?", "update", "n_night2", ["n_night1"]),
 ("U0KM4P7R2", "내 사물함 번호 뭐였더라?", "update", "n_locker2", ["n_locker1"]),
 ("U0KM4P7R2", "지금 우리 병동 수간호사 누구셔?", "update", "n_head2", ["n_head1"]),
 ("U0KM4P7R2", "직원 주차 한 달에 얼마 내고 있지?", "update", "n_park3", ["n_park1", "n_park2"]),
 ("U0KM4P7R2", "what's the deadline for my continuing education hours?", "update", "n_cpd2", ["n_cpd1"]),
 ("U0KM4P7R2", "필라테스 무슨 요일 몇 시였지?", "update", "n_pil2", ["n_pil1"]),
 ("U0KM4P7R2", "올여름 휴가 날짜 언제로 됐더라", "update", "n_vac2", ["n_vac1"]),
 ("U0KM4P7R2", "데이 근무 땐 몇 시까지 출근이야?", "keyword", "n_day", []),
 ("U0KM4P7R2", "밤에 약제부 당직 내선 번호", "keyword", "n_pharm", []),
 ("U0KM4P7R2", "수액펌프 고장나면 누구한테 연락해?", "keyword", "n_me", []),
 ("U0KM4P7R2", "when is mom's birthday?", "keyword", "n_mom", []),
 ("U0KM4P7R2", "내 차 번호판 뭐였지?", "negative", None, []),
 ("U0KM4P7R2", "병원 직원식당 저녁 몇 시까지 해?", "negative", None, []),
 # bakery
 ("U0HS9D2T6", "우리 가게 아침에 몇 시에 문 열지?", "update", "b_open2", ["b_open1"]),
 ("U0HS9D2T6", "요즘 소금빵 얼마 받고 있지?", "update", "b_salt3", ["b_salt1", "b_salt2"]),
 ("U0HS9D2T6", "밀가루 지금 어디서 받고 있더라", "update", "b_flour2", ["b_flour1"]),
 ("U0HS9D2T6", "what day is the shop closed every week?", "update", "b_off2", ["b_off1"]),
 ("U0HS9D2T6", "일요일 알바 누가 하지?", "update", "b_alba2", ["b_alba1"]),
 ("U0HS9D2T6", "홀케이크 주문 며칠 전까지 받기로 했지?", "update", "b_cake2", ["b_cake1"]),
 ("U0HS9D2T6", "오븐 고장나면 어디에 연락해야 돼?", "update", "b_oven2", ["b_oven1"]),
 ("U0HS9D2T6", "손님용 와이파이 비번 뭐였지", "keyword", "b_wifi", []),
 ("U0HS9D2T6", "버터 어떤 거 얼마나 주문하지?", "keyword", "b_butter", []),
 ("U0HS9D2T6", "세무사님 연락처 알려줘", "keyword", "b_tax", []),
 ("U0HS9D2T6", "which company makes our packaging boxes?", "keyword", "b_box", []),
 ("U0HS9D2T6", "가게 월세 얼마 내고 있었지?", "negative", None, []),
 # grad student
 ("U0PL3X8W5", "when is my weekly meeting with Prof. Yoon now?", "update", "g_adv2", ["g_adv1"]),
 ("U0PL3X8W5", "요즘 내 연구실 자리 어디지?", "update", "g_desk2", ["g_desk1"]),
 ("U0PL3X8W5", "요즘 인건비 한 달에 얼마 받지?", "update", "g_sti2", ["g_sti1"]),
 ("U0PL3X8W5", "what are my TA office hours?", "update", "g_ta2", ["g_ta1"]),
 ("U0PL3X8W5", "학회 초록 마감 언제까지였지?", "update", "g_abs2", ["g_abs1"]),
 ("U0PL3X8W5", "프로포절 디펜스 날짜 언제야?", "update", "g_def3", ["g_def1", "g_def2"]),
 ("U0PL3X8W5", "HPLC 예약 언제 열리더라?", "keyword", "g_hplc", []),
 ("U0PL3X8W5", "랩매니저 선생님 내선 번호", "keyword", "g_mgr", []),
 ("U0PL3X8W5", "내 학번 뭐였지?", "keyword", "g_sid", []),
 ("U0PL3X8W5", "교수님이 figure 형식 뭐로 달라고 하셨지?", "keyword", "g_fig", []),
 ("U0PL3X8W5", "what's my dissertation title?", "negative", None, []),
 ("U0PL3X8W5", "기숙사 방 번호 몇 호였지?", "negative", None, []),
 # runner / translator
 ("U0RN6J1Q4", "올해 메인으로 뛰는 대회 어디였지?", "update", "r_race2", ["r_race1"]),
 ("U0RN6J1Q4", "what's my marathon goal time now?", "update", "r_goal2", ["r_goal1"]),
 ("U0RN6J1Q4", "요즘 데일리 러닝화 뭐 신지?", "update", "r_shoe2", ["r_shoe1"]),
 ("U0RN6J1Q4", "what do I charge per word for EN>KO translation?", "update", "r_rate2", ["r_rate1"]),
 ("U0RN6J1Q4", "도수치료 무슨 요일에 가지?", "update", "r_pt2", ["r_pt1"]),
 ("U0RN6J1Q4", "크루 정기런 어디서 모이지?", "update", "r_crew2", ["r_crew1"]),
 ("U0RN6J1Q4", "메인 클라이언트 PM 이름 뭐였지", "keyword", "r_client", []),
 ("U0RN6J1Q4", "내 최대심박수 몇이었지?", "keyword", "r_hr", []),
 ("U0RN6J1Q4", "장거리 훈련 코스 몇 km짜리였지?", "keyword", "r_long", []),
 ("U0RN6J1Q4", "종합소득세 환급 얼마 받았더라", "keyword", "r_tax", []),
 ("U0RN6J1Q4", "what's my marathon PB?", "negative", None, []),
]

HANGUL = re.compile(r"[\uac00-\ud7a3]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
UNITS = {"kg", "km"}  # units do not make a note mixed
def lang(t):
    h = bool(HANGUL.search(t))
    l = any(w.lower() not in UNITS for w in LATIN_WORD.findall(t))
    return "mixed" if (h and l) else ("ko" if h else "en")

mems, key2id, n = [], {}, 0
for uid, notes in USERS.items():
    for key, md, text in notes:
        n += 1
        mid = f"m{n:04d}"
        assert key not in key2id, key
        key2id[key] = mid
        ts = f"2026-{md}T{rnd.randint(0,14):02d}:{rnd.randint(0,59):02d}:{rnd.randint(0,59):02d}Z"
        mems.append({"id": mid, "user_id": uid, "text": text, "ts": ts,
                     "channel_type": "im", "lang": lang(text)})

qs = []
for i, (uid, query, typ, gold, stale) in enumerate(Q, 1):
    q = {"qid": f"q{i:03d}", "user_id": uid, "query": query,
         "gold": [key2id[gold]] if gold else [], "type": typ}
    if typ == "update":
        q["stale"] = [key2id[s] for s in stale]
    qs.append(q)

with open("memories.jsonl", "w", encoding="utf-8") as f:
    for m in mems: f.write(json.dumps(m, ensure_ascii=False) + "\n")
with open("queries.jsonl", "w", encoding="utf-8") as f:
    for q in qs: f.write(json.dumps(q, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    for m in mems: print(m["id"], m["user_id"], m["lang"], m["ts"][:10], [k for k,v in key2id.items() if v==m["id"]][0])
