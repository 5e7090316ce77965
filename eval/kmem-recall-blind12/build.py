#!/usr/bin/env python3
"""Build the blind12 held-out set: memories.jsonl and queries.jsonl.

Everything here is hand-written and invented. Memories are written with a local key
(F01, G07, ...) and a date; the script sorts each user's memories by time, assigns the
global ids m0001..., and resolves the keys in the queries.
"""
import json
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent
YEAR = 2026

USERS = {
    "F": "U08FK3R2T",  # firefighter, 24h shifts, toddler 서아
    "G": "U08GT7BN4",  # wedding-band guitarist + lessons
    "S": "U08SW5DG9",  # elderly-care social worker in Daegu, dog 콩이
    "P": "U08PX2KD6",  # Korean-American game dev in Pangyo, cat Kongi (콩이)
}

# (key, "MM-DD HH:MM" UTC, channel_type, lang, text)
MEMS = [
    # ---------------- F: firefighter ----------------
    ("F01", "01-04 11:20", "im", "ko", "서아 생일 11/21 ㅎㅎ 올해 세돌이네"),
    ("F02", "01-05 01:12", "im", "ko", "나 3팀 배정됨. 첫 당번 1월10일 토욜"),
    ("F03", "01-06 12:40", "im", "ko", "서아 어린이집 하원 4시. 비번날은 내가 데리러 가기"),
    ("F04", "01-06 12:44", "im", "ko", "등원은 8시반까지 햇살어린이집 초록반"),
    ("F05", "01-08 03:05", "im", "ko", "서아 흰우유 먹으면 입 주변 두드러기 올라옴;; 당분간 두유로"),
    ("F06", "01-09 13:30", "im", "ko", "당번날 서아는 장모님이 봐주심. 화성에서 오전에 오심"),
    ("F07", "01-12 02:15", "im", "ko", "서아 담임 김하늘 선생님. 알림장은 키즈노트로 옴"),
    ("F08", "01-14 10:50", "channel", "ko", "펌프차 정기점검 매주 월요일 09시 차고 앞 집결"),
    ("F09", "01-17 04:22", "im", "ko", "센터장님 이정훈. 말수 적은데 보고서 오타 귀신같이 잡으심 ㅋㅋ 양식 꼭 지키자"),
    ("F10", "01-20 06:33", "im", "ko", "팀 바꼈다 ㅠ 2월부터 1팀. 당번 패턴 다시 외워야됨"),
    ("F11", "01-23 08:10", "im", "ko", "허리 디스크 초기래.. 바른척정형외과 (센터 건너편) 도수치료 주2회"),
    ("F13", "01-30 09:05", "im", "ko", "도수치료 1회 8만원. 실비 청구됨 영수증이랑 세부내역서 꼭 받기"),
    ("F14", "02-03 12:20", "im", "ko", "비번날 수영 화목 아침 7시반 구민체육센터 중급반"),
    ("F15", "02-05 03:30", "im", "ko", "장인어른 칠순 식당 예약 5/16 토 12시 한우마을명가 031-276-4810 룸 12명"),
    ("F16", "02-05 03:36", "im", "ko", "아 번호 잘못 적음 031-276-4180 이 맞음"),
    ("F17", "02-10 11:00", "im", "ko", "결혼기념일 5월 9일. 올해 5주년이라 뭐라도 해야됨"),
    ("F12", "02-12 13:10", "im", "ko", "서아 영유아검진 2/19 오전 10시 아이사랑소아과 예약"),
    ("F18", "02-13 02:50", "im", "ko", "아 그거 20일 11시로 미룸. 와이프 반차 맞추느라"),
    ("F19", "02-18 05:15", "channel", "ko", "화재조사 교육 3/23~27 중앙소방학교. 첫날 9시 입교, 숙소 제공"),
    ("F20", "02-20 07:00", "im", "ko", "와이프 말로는 3월부터 서아 담임 정유리 쌤으로 바뀐대. 반도 햇님반으로"),
    ("F21", "02-24 12:30", "im", "ko", "3월부터는 장모님 말고 울엄마가 서아 봐주기로 함. 수원에서 버스타고 오심"),
    ("F22", "03-02 10:10", "im", "ko", "인사 또 났음.. 결국 2팀. 3/7부터 2팀으로 당번"),
    ("F23", "03-04 03:20", "im", "ko", "연장반 신청 됐다!! 서아 하원 5시반으로"),
    ("F24", "03-09 13:00", "im", "ko", "체력검정 6월12일 금요일. 턱걸이 좀 해야겠다"),
    ("F25", "03-16 02:00", "im", "mixed", "체력검정 prep: 턱걸이 15개 목표, 1.5km run 6분 안쪽. 비번날마다"),
    ("F26", "03-20 09:40", "im", "ko", "제주 가족여행 6/20~23 확정! 숙소 애월 돌담스테이 독채"),
    ("F27", "03-26 11:11", "im", "en", "Jeju flights: 7C 1203 GMP-CJU Jun 20 08:40 / back 7C 1218 Jun 23 19:10"),
    ("F28", "04-02 04:30", "im", "ko", "수영 목욜만 8시로 바뀜. 화요일은 그대로 7시반"),
    ("F29", "04-08 12:00", "im", "mixed", "제주 rent car: 한라렌트카 booked, car seat 1개 추가함"),
    ("F34", "04-10 08:00", "im", "ko", "캠핑 5/2~3 솔바람오토캠핑장 B-7 사이트 예약 (전기 O)"),
    ("F30", "04-15 06:10", "im", "ko", "응급구조사 보수교육 6/10까지 온라인으로 8시간 이수해야됨"),
    ("F31", "04-21 03:00", "im", "ko", "정형외과 쌤이 허리땜에 당분간 데드리프트 금지래 ㅠ 코어 위주로"),
    ("F32", "05-06 08:45", "im", "ko", "체검 6/26으로 연기. 본부 일정 땜에"),
    ("F33", "05-12 10:20", "im", "ko", "서아 일본뇌염 접종 5/28 아이사랑소아과"),

    # ---------------- G: wedding-band guitarist ----------------
    ("G01", "01-03 05:10", "im", "ko", "민서(중2) 레슨 매주 화요일 5시, 어쿠스틱. 연락은 어머님 카톡으로"),
    ("G02", "01-03 05:14", "im", "ko", "윤아 초4 토요일 11시 레슨. 클래식기타 교본 1권 진행중"),
    ("G03", "01-04 13:00", "im", "ko", "강태오님 직장인 레슨 목요일 저녁 8시 일렉. 블루스 즉흥 배우고 싶으시대"),
    ("G04", "01-06 07:30", "im", "ko", "레슨비 1회 5만 / 4회 패키지 18만, 선입금"),
    ("G05", "01-08 10:00", "im", "ko", "합주실: 합정 사운드팩토리 B룸. 밴드 합주 격주 일욜 7시"),
    ("G06", "01-10 04:20", "channel", "ko", "[공지] 웨딩 1건당 세션비 기타 25만 / 교통비 2만 별도"),
    ("G07", "01-12 12:00", "im", "ko", "이정훈 형(밴드 리더, 건반) 생일 8/3 ㅋㅋ 작년에 까먹어서 엄청 구박받음"),
    ("G08", "01-15 09:40", "im", "mixed", "Setlist for 3/21 라포레홀 — 입장 A Thousand Years, 퇴장 Marry You, 축가 반주는 key 한 키 down"),
    ("G09", "01-19 03:00", "im", "ko", "기타 수리 맡김. 낙원상가 현음악기, 넥 휨 조정+프렛 드레싱 / 2/4 찾으러 오래요"),
    ("G10", "01-22 11:15", "im", "mixed", "Tele strings Ernie Ball 9-46, 2주마다 교체"),
    ("G11", "01-25 06:45", "im", "ko", "민서 어머님이 화욜 말고 수요일 6시로 옮겨달라심 (수학학원 땜에). 2월부터"),
    ("G12", "02-02 02:30", "im", "ko", "현음 픽업 2/11로 밀림ㅠ 부품이 늦게 온대요"),
    ("G13", "02-06 08:00", "im", "ko", "텔레 넥픽업 씨모어던컨 리틀59로 바꿀까 고민중. 14만 정도"),
    ("G14", "02-09 04:00", "im", "ko", "합주실 망원 소리공방 3번방으로 옮김. 사운드팩토리 에어컨 고장 너무 잦아서"),
    ("G15", "02-14 10:30", "im", "ko", "5/16 토 웨딩 그랜드모아홀 오후 3시. 리허설 1시간 전 도착"),
    ("G16", "02-20 05:00", "im", "en", "Taeo moved to Fridays 7:30pm from next week, his team got new Thursday standups"),
    ("G17", "02-26 12:20", "im", "mixed", "4/11 gig @ 가든블랑, call time 2시, 리허설 2:30"),
    ("G18", "03-03 07:10", "im", "ko", "레슨비 4회 패키지만 20으로 올림. 1회는 그대로 5만"),
    ("G19", "03-06 09:00", "im", "ko", "윤아 교본 1권 끝!! 담주부터 2권 + 동요 반주"),
    ("G20", "03-12 02:00", "im", "mixed", "Tele 줄 10-46으로 바꿈, 9는 low fret에서 buzz 너무 남"),
    ("G21", "03-18 11:30", "im", "ko", "종소세 5월 신고. 한결세무 02-3142-7788, 작년 수수료 15만"),
    ("G22", "03-25 04:40", "im", "mixed", "4/11 call time pushed to 1pm, 신랑측에서 리허설 일찍 하재요"),
    ("G23", "03-29 06:10", "im", "ko", "결국 또 옮김 ㅋㅋ 상수역 헤르츠 A룸 월 정기대관 32만"),
    ("G24", "04-02 10:00", "im", "ko", "윤아 어머님 010-5529-1083. 레슨 취소는 하루 전까지 말씀드림"),
    ("G25", "04-06 13:00", "im", "ko", "맞춤 이어플러그 귀본뜨기 4/17 을지로 청음랩, 필터 25dB"),
    ("G26", "04-14 08:30", "channel", "ko", "정훈이형 연락옴 - 5/16 건 장소 루체테라스로 변경, 시간은 그대로"),
    ("G27", "04-20 03:50", "im", "ko", "5/30 웨딩은 야외(양평 숲속정원). 무선 인이어랑 앰프 배터리 챙기기"),
    ("G28", "04-28 12:15", "im", "ko", "새 드러머 송재윤 들어옴 010-7781-2306"),
    ("G29", "05-04 07:00", "im", "ko", "어버이날 부모님 저녁 5/8 7시 목동 온기한식 4명 예약"),
    ("G30", "05-10 09:20", "im", "ko", "윤아 발표회 6/13 토 2시 구민회관 소강당, 로망스 솔로"),
    ("G31", "05-19 05:30", "im", "ko", "카포 잃어버림ㅠㅠ 카이저로 새로 주문 2만2천"),
    ("G32", "06-01 10:00", "im", "ko", "7~8월 웨딩 비수기 → 레슨 늘리기. 인스타 모집글 6/5에 올리기"),

    # ---------------- S: social worker, Daegu ----------------
    ("S01", "01-05 00:40", "im", "ko", "콩이 생일 9/5, 말티즈 7살. 슬개골 2기라 계단은 안고 다니기"),
    ("S02", "01-05 01:00", "im", "ko", "콩이 사료 로얄캐닌 미니 어덜트, 하루 두 번 40g씩"),
    ("S03", "01-07 00:30", "channel", "ko", "재가노인지원팀 사례회의 매주 수요일 오후 2시, 2층 상담실"),
    ("S04", "01-08 06:00", "im", "ko", "김순례 어르신(82) 독거, 당뇨. 남구 대명동 2층 주택, 초록 대문"),
    ("S05", "01-09 02:20", "im", "ko", "박점동 어르신(88) 치매 초기, 배회 있으심. 보호자 아들 박성호 010-4421-7093"),
    ("S06", "01-12 05:00", "im", "ko", "이말순 어르신 복용약: 혈압약 아침 1회, 당뇨약 아침저녁 2회"),
    ("S07", "01-14 03:10", "channel", "ko", "밑반찬 배달 대상 23가구. 매주 목 오전 10시 출발"),
    ("S08", "01-19 07:45", "im", "ko", "자원봉사센터 담당 최윤정 주임 010-3381-2047"),
    ("S09", "01-22 04:00", "im", "ko", "박점동 어르신 요양보호사 방문 월수금 오전 9-12시"),
    ("S10", "01-27 08:20", "im", "ko", "설 선물꾸러미 배부 2/12(목) 1층 로비. 쌀 10kg + 참기름 세트"),
    ("S11", "01-29 06:00", "im", "ko", "아 최주임 번호 끝자리 잘못 적었네. 010-3381-2074 이 맞음"),
    ("S12", "02-03 02:00", "im", "ko", "밑반찬 25가구로 늘었어요 (대명동 신규 2가구)"),
    ("S13", "02-06 05:30", "im", "ko", "사회복지사 보수교육 올해 8시간. 협회 온라인 강의로 들어도 됨"),
    ("S14", "02-11 07:00", "im", "ko", "이말순 어르신 병원 동행 3/12 목 10시 경북대병원 내분비내과"),
    ("S15", "02-16 09:10", "channel", "ko", "과장님 공지 - 3월부터 사례회의 목요일 오전 10시로 변경"),
    ("S16", "02-20 03:30", "im", "ko", "김순례 어르신 병원동행 3/19 대구의료원 안과. 백내장 검사"),
    ("S17", "02-25 06:40", "im", "ko", "박점동 어르신 배회감지기(GPS) 지급 완료. 충전 주2회 단디 확인하기"),
    ("S18", "03-03 04:15", "im", "ko", "박점동 어르신 보호자 딸 박미경 씨로 변경. 아드님 해외 발령 나심. 010-2958-3316"),
    ("S19", "03-09 08:00", "im", "mixed", "콩이 food → 힐스 시니어 small bites로 바꿈. 7살 넘어서 senior용으로"),
    ("S20", "03-13 10:00", "im", "ko", "이말순 어르신 당뇨약 저녁 한 번으로 줄었음. 혈압약은 그대로 아침"),
    ("S21", "03-17 02:30", "im", "ko", "요보사쌤 화목토 오후로 바뀜 (박점동 어르신 댁)"),
    ("S22", "03-24 05:00", "im", "ko", "엄마 무릎 인공관절 수술 5/7 칠곡경대병원, 입원 2주 예상"),
    ("S23", "04-01 07:20", "im", "ko", "4월부터 밑반찬 28가구. 배달 차량 2대로 나눠가 간다"),
    ("S24", "04-03 09:00", "im", "ko", "김순례 어르신 봉덕동 영구임대 103동으로 이사하셨어요. 엘베 있어서 다행이다"),
    ("S25", "04-10 06:10", "im", "ko", "월례 후원자 간담회 5/22 금 오후 4시 복지관 3층 강당"),
    ("S26", "04-13 02:45", "im", "ko", "그거 장소 1층 카페 쉼으로 바꿨어요. 인원이 적어서"),
    ("S27", "04-22 08:00", "im", "ko", "콩이 스케일링 6/6 토 수성동물메디컬센터. 전날 밤 12시부터 금식"),
    ("S34", "04-28 09:00", "im", "ko", "엄마 간병인 늘봄간병 하루 13만원, 5/7~5/20"),
    ("S28", "05-04 11:00", "im", "ko", "무더위쉼터 운영 6/1~9/30, 복지관 1층 경로식당 옆"),
    ("S29", "05-13 03:00", "im", "ko", "필라테스 범어역 코어온 화목 저녁 7시반. 10회권 4회 남음"),
    ("S30", "05-20 07:30", "im", "en", "Gerontology social work forum Jun 26 - poster abstract due Jun 12, 300 words in English"),
    ("S33", "05-27 10:00", "im", "ko", "엄마 5/21 퇴원하심. 칠곡연세재활병원에서 2주 더 재활"),
    ("S31", "06-02 04:00", "im", "ko", "콩이 또 절뚝거린다 아이가.. 원장님이 체중 3.2kg 넘기지 말라카네"),
    ("S32", "06-09 02:00", "channel", "ko", "무더위쉼터 냉방비 지원 구청 담당 이수민 주무관 053-664-2718"),

    # ---------------- P: Korean-American game dev, Pangyo ----------------
    ("P01", "01-03 14:20", "im", "en", "First week at Nullbyte Games done. I'm on the Tidewell client team, lead is Sora Han"),
    ("P02", "01-05 01:30", "im", "en", "1:1 with Sora every Tuesday 4pm, room Coral"),
    ("P03", "01-06 13:00", "im", "mixed", "콩이 vet = 판교 온누리동물병원, annual shots Feb 14 (Sat) 11am"),
    ("P04", "01-08 09:00", "channel", "en", "Tidewell closed beta target: Apr 15. Store page copy due 2 weeks before"),
    ("P05", "01-09 10:30", "im", "en", "Unity version pinned for Tidewell: 2022.3.41f1, do NOT let Hub auto-update"),
    ("P06", "01-12 12:10", "im", "ko", "오피스텔 월세 115만, 관리비 18만. 매달 25일 자동이체"),
    ("P07", "01-14 02:40", "im", "mixed", "한국어 과외 지혜쌤 every Wed 8pm on zoom"),
    ("P08", "01-15 03:00", "im", "en", "correction on the Unity version: it's 2022.3.14f1, I typed 41 earlier"),
    ("P09", "01-18 05:00", "im", "en", "Dentist: Dr. Cho at Smile Pangyo Dental, cleaning Mar 3 6:30pm"),
    ("P10", "01-21 11:00", "im", "en", "Kongi weighs 4.6kg now, she's ~3. adopted from a Seongnam shelter in 2023"),
    ("P11", "01-26 08:30", "im", "ko", "스탠드업 매일 10시 반, 금요일은 5시에 데모"),
    ("P12", "02-02 04:20", "im", "en", "Mom's flying in from LAX, lands Incheon May 2 at 5:40am. book the airport limo bus"),
    ("P13", "02-06 07:00", "channel", "en", "CBT pushed to Apr 29, build lock Apr 22"),
    ("P14", "02-09 10:00", "im", "mixed", "Kongi 접종 moved to 2/21, 병원 사정 때문에"),
    ("P15", "02-12 03:15", "im", "en", "Sora says our 1:1s move to Thursday 11am starting next week"),
    ("P16", "02-20 09:00", "im", "ko", "판교역 근처 점심 괜찮은곳: 정원칼국수 (줄 김), 스시하루 런치 15000원"),
    ("P17", "02-24 12:00", "im", "en", "Smile Pangyo Dental - cleaning Mar 10, 6:30pm"),
    ("P18", "03-02 06:30", "im", "en", "Alpha milestone passed!! next up: perf pass on low-end Android, Galaxy A15 baseline, 30fps target"),
    ("P19", "03-05 08:00", "im", "mixed", "과외 Wed → Mon 8pm now, 지혜쌤 schedule 바뀜"),
    ("P20", "03-09 11:10", "im", "en", "Team dinner for alpha: Fri Mar 20, Korean BBQ at Hwarodang near Pangyo station"),
    ("P21", "03-16 05:20", "im", "ko", "회식 3/27로 미뤄짐. 장소는 그대로 화로당"),
    ("P22", "03-23 02:00", "channel", "en", "CBT now May 20. final. (lol)"),
    ("P23", "03-30 09:40", "im", "ko", "여권 갱신 - 미국대사관 4/14 오전 9시 예약, 2x2 인치 사진 챙기기"),
    ("P24", "04-06 03:30", "im", "en", "Mom's flight changed: now ICN May 3, 4:50am, KE012"),
    ("P25", "04-09 10:00", "im", "mixed", "관리비 went up to 21만 from April, 월세는 same"),
    ("P26", "04-15 12:30", "im", "ko", "콩이 캐리어 진짜 싫어함. 병원 갈때 집냄새 나는 수건 넣어주기"),
    ("P27", "04-22 04:10", "im", "ko", "엄마 오시면 가고싶은곳: 전주 한옥마을, 부산 해운대. KTX 미리 예매하기"),
    ("P28", "05-01 06:00", "im", "ko", "집에 32인치 4K 모니터 샀음 LG 59만원"),
    ("P29", "05-11 08:00", "im", "mixed", "Mom 한국 체류 until May 24, 그 다음 LA로 돌아감. 공항 배웅 5/24 아침"),
    ("P30", "05-25 09:00", "channel", "en", "Post-CBT retro Jun 3, 2pm, room Coral. bring crash-rate numbers (target < 0.3%)"),
    ("P31", "06-08 07:00", "im", "mixed", "Kongi 귀 염증 다 나았음, next check Jul 10"),
    ("P32", "06-15 03:00", "im", "ko", "여름휴가 7/27~31 신청함. 괌 갈까 고민중"),
]

# Queries. Keys refer to memory keys above; the user is the first letter of the key set.
Q = []


def q(user, text, qtype, gold=(), **kw):
    Q.append(dict(user=user, query=text, type=qtype, gold=list(gold), **kw))


# ---------------- F queries ----------------
q("F", "비번날 서아 어린이집 몇 시에 데리러 가면 돼?", "update", ["F23"], stale=["F03"])
q("F", "나 지금 몇 팀이더라", "update", ["F22"], stale=["F02", "F10"])
q("F", "서아 영유아검진 언제로 잡았지", "update", ["F18"], stale=["F12"])
q("F", "장인어른 칠순 식당 전화번호", "update", ["F16"], stale=["F15"])
q("F", "서아 담임쌤 누구야", "update", ["F20"], stale=["F07"])
q("F", "체력검정 날짜 언제지", "update", ["F32"], stale=["F24"])
q("F", "목요일 수영 몇 시 강습이었지", "update", ["F28"], stale=["F14"])
q("F", "당번날 서아 누가 봐주지?", "update", ["F21"], stale=["F06"])
q("F", "펌프차 정기점검 무슨 요일이야", "keyword", ["F08"])
q("F", "돌담스테이 예약한 날짜", "keyword", ["F26"])
q("F", "응급구조사 보수교육 마감 언제", "keyword", ["F30"])
q("F", "서아생일이 며칠이지", "inflection", ["F01"])
q("F", "결혼 기념일이 언제였더라", "inflection", ["F17"])
q("F", "도수 치료비 실비 되나", "inflection", ["F13"])
q("F", "딸 유제품 먹으면 피부 반응 있던가", "paraphrase", ["F05"])
q("F", "우리 센터 제일 높은 분 누구였지", "paraphrase", ["F09"], confusable=["G07", "G26"])
q("F", "허리 때문에 하면 안 되는 운동", "paraphrase", ["F31"])
q("F", "제주 여행 관련 다 알려줘", "entity", ["F26", "F27", "F29"], entity="제주 여행")
q("F", "허리 관련된 거 전부", "entity", ["F11", "F13", "F31"], entity="허리")
q("F", "B-7 사이트 잡은 캠핑장 어디", "numeric", ["F34"])
q("F", "7C1203 몇시 출발이야", "numeric", ["F27"])
q("F", "what time is daycare drop-off for Seoa", "mixed_lang", ["F04"])
q("F", "name of the orthopedic clinic for my back", "mixed_lang", ["F11"])
q("F", "이정훈 생일 언제더라", "negative", neg_kind="isolation_same_name", other=["G07"])
q("F", "서아 키 몇 cm였지", "negative", neg_kind="absent")
q("F", "합주실 어디로 옮겼더라", "negative", neg_kind="isolation", other=["G05", "G14", "G23"])

# ---------------- G queries ----------------
q("G", "민서 레슨 무슨 요일 몇 시였지", "update", ["G11"], stale=["G01"])
q("G", "4회 레슨비 얼마 받기로 했더라", "update", ["G18"], stale=["G04"])
q("G", "요즘 밴드 합주실 어디야", "update", ["G23"], stale=["G05", "G14"])
q("G", "4월 11일 웨딩 몇 시까지 가야돼", "update", ["G22"], stale=["G17"])
q("G", "텔레 줄 몇 게이지 쓰고 있지", "update", ["G20"], stale=["G10"])
q("G", "강태오님 레슨 언제로 바뀌었지", "update", ["G16"], stale=["G03"])
q("G", "5월 16일 웨딩 장소 어디", "update", ["G26"], stale=["G15"])
q("G", "수리 맡긴 기타 언제 찾으러 가", "update", ["G12"], stale=["G09"])
q("G", "3/21 웨딩 퇴장곡 뭐였지", "keyword", ["G08"])
q("G", "종소세 신고 언제", "keyword", ["G21"])
q("G", "윤아 레슨은 몇시야", "inflection", ["G02"])
q("G", "어버이날에 부모님 저녁 예약한 곳", "inflection", ["G29"])
q("G", "카포를 어디 걸로 새로 주문했더라", "inflection", ["G31"])
q("G", "결혼식 한 번 연주하면 얼마 받지", "paraphrase", ["G06"])
q("G", "야외 결혼식 때 챙겨야 할 장비", "paraphrase", ["G27"])
q("G", "귀마개 맞추러 가는 날", "paraphrase", ["G25"])
q("G", "윤아 관련 정리해줘", "entity", ["G02", "G19", "G24", "G30"], entity="윤아")
q("G", "01055291083 누구 번호야", "numeric", ["G24"])
q("G", "3142-7788 어디 번호였지", "numeric", ["G21"])
q("G", "2306으로 끝나는 번호 누구지", "numeric", ["G28"])
q("G", "How much was the pickup I was thinking of putting in the Tele?", "mixed_lang", ["G13"])
q("G", "When is Jeonghoon's birthday?", "mixed_lang", ["G07"], confusable=["F09"])
q("G", "기타 보험 들었었나?", "negative", neg_kind="absent")
q("G", "어린이집 등원 몇 시까지였지", "negative", neg_kind="isolation", other=["F04"])
q("G", "관리비 얼마였지", "negative", neg_kind="isolation", other=["P06", "P25"])

# ---------------- S queries ----------------
q("S", "김순례 어르신 댁 주소 어디였지", "update", ["S24"], stale=["S04"])
q("S", "박점동 어르신 보호자 연락처", "update", ["S18"], stale=["S05"])
q("S", "사례회의 무슨 요일이에요", "update", ["S15"], stale=["S03"])
q("S", "밑반찬 배달 몇 가구지", "update", ["S23"], stale=["S07", "S12"])
q("S", "자원봉사센터 최윤정 주임 번호", "update", ["S11"], stale=["S08"])
q("S", "콩이 사료 뭐 먹이고 있더라", "update", ["S19"], stale=["S02"])
q("S", "박점동 어르신 요양보호사 오는 요일", "update", ["S21"], stale=["S09"])
q("S", "이말순 어르신 당뇨약 하루 몇 번 드시지", "update", ["S20"], stale=["S06"])
q("S", "후원자 간담회 어디서 해", "update", ["S26"], stale=["S25"])
q("S", "설 선물꾸러미 배부 날짜", "keyword", ["S10"])
q("S", "배회감지기 충전", "keyword", ["S17"])
q("S", "보수교육 몇 시간 들어야 돼", "keyword", ["S13"])
q("S", "이말순 어르신 병원동행은 언제야", "inflection", ["S14"])
q("S", "콩이 스케일링하는 날이 언제지", "inflection", ["S27"])
q("S", "김순례 어르신 눈 검사 받으러 가는 병원", "paraphrase", ["S16"])
q("S", "여름에 더위 피하는 곳 언제까지 운영해", "paraphrase", ["S28"])
q("S", "콩이 몸무게 몇 키로 넘으면 안 된다고 했지", "paraphrase", ["S31"], confusable=["P10"])
q("S", "콩이 관련 다 알려줘", "entity", ["S01", "S02", "S19", "S27", "S31"], entity="콩이",
  confusable=["P03", "P10", "P14", "P26", "P31"])
q("S", "엄마 수술 관련 정리해줘", "entity", ["S22", "S34", "S33"], entity="엄마 수술")
q("S", "0536642718 누구 번호", "numeric", ["S32"])
q("S", "2958-3316 누구였지", "numeric", ["S18"])
q("S", "Where's my pilates studio and what time?", "mixed_lang", ["S29"])
q("S", "When is Mom's knee surgery?", "mixed_lang", ["S22"])
q("S", "콩이 예방접종 언제였지", "negative", neg_kind="isolation_same_name", other=["P03", "P14"])
q("S", "김순례 어르신 생신 언제더라", "negative", neg_kind="absent")
q("S", "레슨비 얼마 받기로 했지", "negative", neg_kind="isolation", other=["G04", "G18"])

# ---------------- P queries ----------------
q("P", "when's the closed beta now?", "update", ["P22"], stale=["P04", "P13"])
q("P", "when's my 1:1 with Sora", "update", ["P15"], stale=["P02"])
q("P", "when is my dental cleaning", "update", ["P17"], stale=["P09"])
q("P", "which Unity version is Tidewell pinned to", "update", ["P08"], stale=["P05"])
q("P", "what time does mom land at Incheon", "update", ["P24"], stale=["P12"])
q("P", "Kongi annual shots - which day?", "update", ["P14"], stale=["P03"])
q("P", "한국어 과외 무슨 요일이야", "update", ["P19"], stale=["P07"])
q("P", "when's the team dinner", "update", ["P21"], stale=["P20"])
q("P", "관리비 얼마 내고 있지", "update", ["P25"], stale=["P06"])
q("P", "Galaxy A15 baseline fps target", "keyword", ["P18"])
q("P", "여름휴가 신청한 날짜", "keyword", ["P32"])
q("P", "how much does Kongi weigh", "inflection", ["P10"], confusable=["S31"])
q("P", "스탠드업은 몇 시에 해?", "inflection", ["P11"])
q("P", "who's my team lead", "paraphrase", ["P01"])
q("P", "회사 근처 밥집 적어둔 거", "paraphrase", ["P16"])
q("P", "when does mom fly back home", "paraphrase", ["P29"])
q("P", "everything about Kongi", "entity", ["P03", "P10", "P14", "P26", "P31"], entity="Kongi",
  confusable=["S01", "S02", "S19", "S27", "S31"])
q("P", "what did I buy for 590,000 won", "numeric", ["P28"])
q("P", "what's the 0.3% target about", "numeric", ["P30"])
q("P", "When's my passport renewal appointment?", "mixed_lang", ["P23"])
q("P", "places I wanted to take mom", "mixed_lang", ["P27"])
q("P", "Kongi's birthday?", "negative", neg_kind="isolation_same_name", other=["S01"])
q("P", "what's our Jira board called", "negative", neg_kind="absent")
q("P", "what time is my swim class", "negative", neg_kind="isolation", other=["F14", "F28"])


def seconds(key):
    return zlib.crc32(key.encode()) % 60


def main():
    key2id, rows = {}, []
    n = 0
    for u in "FGSP":
        mine = [m for m in MEMS if m[0][0] == u]
        mine.sort(key=lambda m: m[1])
        for key, when, ch, lang, text in mine:
            n += 1
            mid = f"m{n:04d}"
            key2id[key] = mid
            md, hm = when.split()
            ts = f"{YEAR}-{md}T{hm}:{seconds(key):02d}Z"
            rows.append({"id": mid, "user_id": USERS[u], "text": text, "ts": ts,
                         "channel_type": ch, "lang": lang})
    assert len(key2id) == len(MEMS), "duplicate memory key"

    qrows = []
    for i, x in enumerate(Q, 1):
        r = {"qid": f"q{i:03d}", "user_id": USERS[x["user"]], "query": x["query"],
             "gold": [key2id[k] for k in x["gold"]], "type": x["type"]}
        if "stale" in x:
            r["stale"] = [key2id[k] for k in x["stale"]]
        if "entity" in x:
            r["entity"] = x["entity"]
        if "neg_kind" in x:
            r["neg_kind"] = x["neg_kind"]
        if x.get("other"):
            others = [key2id[k] for k in x["other"]]
            r["other_user_has"] = USERS[x["other"][0][0]]
            r["other_user_mem"] = others
        if x.get("confusable"):
            r["confusable_other_user"] = [key2id[k] for k in x["confusable"]]
        qrows.append(r)

    with open(OUT / "memories.jsonl", "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(OUT / "queries.jsonl", "w", encoding="utf-8") as f:
        for r in qrows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} memories, {len(qrows)} queries")


if __name__ == "__main__":
    main()
