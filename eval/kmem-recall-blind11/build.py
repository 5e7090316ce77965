# Builds memories.jsonl and queries.jsonl for the blind11 set.
# Memories are written per user with a local key (N01, A01, B01, D01); keys are mapped to
# global ids m0001.. in order. Queries reference local keys.
import json, random

USERS = {
    "N": "U07K3MNQ2",  # ward nurse, rotating shifts, cat 콩이
    "A": "U07BX8RT4",  # university admissions officer, team lead 박준형
    "B": "U07P5WZ9E",  # small-farm beekeeper, dog 콩이
    "D": "U07D2HJ6A",  # K-pop dance instructor, student 준형이
}

# (date MM-DD, channel_type, lang, text)
MEM = {}

MEM["N"] = [
    ("01-04", "im", "ko", "1월 근무표 나옴ㅠ 나이트 7개, 오프 9·10·17·24일"),
    ("01-06", "im", "ko", "콩이 생일 4월 2일. 코숏 여아고 올해 네 살"),
    ("01-08", "im", "ko", "콩이 다니는 병원 초록숲동물병원 031-718-4402 정해린 원장님"),
    ("01-10", "im", "ko", "71병동 수간호사 오경란 선생님, 내선 3471"),
    ("01-13", "channel", "ko", "[71병동 공지] 데이 근무자는 06:40까지 탈의 후 스테이션 집합"),
    ("01-15", "im", "ko", "헬스장 PT 화목 저녁 8시 / 트레이너 강도윤 / 20회 등록함"),
    ("01-18", "im", "ko", "기숙사 B동 507호 살고있음. 택배는 경비실로 받기"),
    ("01-21", "im", "en", "BLS cert expires Mar 31, gotta renew before then"),
    ("01-24", "im", "ko", "BLS 재교육 신청함 3/14(토) 9시~13시 교육관 B102"),
    ("01-27", "im", "ko", "콩이 사료 로얄캐닌 인도어 2kg, 한달 반 정도 먹음"),
    ("02-02", "im", "ko", "2/20 오프 신청 승인됨!! 민채랑 강릉 당일치기 가기로"),
    ("02-05", "im", "mixed", "엔진오일 교체 done. next는 62,000km에"),
    ("02-07", "im", "ko", "아 엔진오일 62000 아니고 57000km임 오타ㅋ"),
    ("02-09", "im", "ko", "콩이 종합백신 3월 8일 오전 10시반 초록숲 예약"),
    ("02-12", "im", "ko", "미소담치과 스케일링 3/8 오후 4시"),
    ("02-16", "im", "ko", "민채 번호 010-3382-1907"),
    ("02-16", "im", "ko", "예진이 번호 010-3382-9071 뒷자리 순서 헷갈리지 말기"),
    ("02-24", "im", "ko", "콩이 접종 15일로 미룸. 8일에 병원 휴진이래"),
    ("03-02", "channel", "ko", "[공지] 3월 2일자로 71병동 수간호사 최미정 선생님 부임. 내선 3475"),
    ("03-04", "im", "ko", "수쌤이 데이 출근 6시반까지로 바꾸심ㅠㅠ 10분 더 일찍"),
    ("03-06", "im", "ko", "아 그 교육 3/21로 연기됨, 강사님 사정. 장소 B102는 그대로"),
    ("03-10", "im", "ko", "짐 PT 월수 오전 11시로 옮김. 저녁은 나이트랑 자꾸 겹쳐서"),
    ("03-13", "im", "en", "Kongi's shots pushed again -> Mar 22, 11am. I'm on nights that week"),
    ("03-18", "im", "ko", "3/29 엄마 생신 저녁 6시 오리고기집 '청둥' 6명 예약함 (이모네 포함)"),
    ("03-23", "im", "ko", "자동차보험 만기 5/3, 현대해상 설계사 노은비 010-5527-3140"),
    ("04-02", "im", "ko", "오늘 콩이 생일이라 츄르케이크 사옴ㅋㅋ 네살 축하해"),
    ("04-12", "im", "ko", "이사 끝!! 성남시 중원구 둔촌대로 83, 302호. 기숙사 방 빼고 열쇠 반납함"),
    ("04-20", "im", "mixed", "자동차보험 renewal 완료. 이번엔 DB손보 다이렉트로 갈아탐, 설계사 안 거침"),
    ("05-03", "im", "ko", "도윤쌤 그만두셔서 PT 담당 서지후 쌤으로 바뀜"),
    ("05-11", "im", "ko", "콩이 헤어볼 토해서 사료 힐스 헤어볼케어 1.6kg으로 바꿈"),
    ("05-19", "im", "en", "Blackout curtains for the bedroom: 140x230, ordered online, arriving May 24"),
    ("05-27", "im", "ko", "6월 오프 6/6, 6/7, 6/14, 6/21. 6/6 민채 결혼식 부산 1시라 1박"),
    ("06-08", "im", "ko", "민채 번호 바뀜 010-4410-1907 (신혼집 이사하면서 폰도 바꿈)"),
    ("06-20", "im", "mixed", "하반기 preceptor 교육 7/8 수 2시, 간호부 세미나실"),
]

MEM["A"] = [
    ("01-05", "channel", "ko", "2027 수시 면접위원 워크숍 1/22(목) 14시, 본관 4층 대회의실"),
    ("01-07", "im", "ko", "박준형 팀장님 휴대폰 010-2291-6604 (급한 일 아니면 카톡으로)"),
    ("01-08", "im", "ko", "러닝크루 화요일 저녁 7시 반 대운동장 트랙 집합"),
    ("01-09", "im", "ko", "정시 최종합격자 발표 2월 6일 14시"),
    ("01-12", "channel", "en", "Intl admissions: spring intake documents due Feb 13, 5pm KST"),
    ("01-14", "im", "ko", "고교방문 설명회① 경기 세화고 2/4 오전 10시, 진로부장 임소연 선생님 031-926-0137"),
    ("01-16", "im", "ko", "고교방문 설명회② 대전 한밭여고 2/11 오후 3시, 김도현 선생님 042-611-2280"),
    ("01-19", "im", "ko", "출장비 정산 매달 25일 마감. 영수증 원본은 재무팀 양미라 주임님께"),
    ("01-21", "im", "ko", "입학처 사무실 본관 108호. 택배 주소도 여기로 돼있음"),
    ("01-23", "im", "ko", "경주 벚꽃마라톤 하프 신청 완료 4/4, 배번 4417"),
    ("01-26", "channel", "ko", "처장님 지시로 정시 최종합격 발표 하루 당겨짐 → 2/5(목) 14시. 홈페이지 공지 수정 요망"),
    ("01-28", "im", "mixed", "spring intake 서류 마감 연장됨 → Feb 20. 에이전시들한테 메일 다 돌림"),
    ("02-02", "im", "ko", "면접 대기실 알바 4명, 조장은 최유나 학생 010-7781-2035"),
    ("02-06", "im", "en", "Dr. Alvarez (Lyon partner school) visiting Mar 10 - needs a campus tour and lunch"),
    ("02-10", "im", "ko", "김도현 선생님 문자 옴: 한밭여고 설명회 2시로 당겨짐"),
    ("02-13", "im", "ko", "2/16부터 입학처 학생회관 2층 203호로 이전함. 택배 주소 변경 필수"),
    ("02-18", "im", "ko", "부모님 결혼 35주년 3/13~15 제주, 숙소 '바람언덕' 2박 예약"),
    ("02-23", "im", "ko", "Alvarez 교수님 방문 3/12(목)로 변경, 점심은 '소반' 12시 예약"),
    ("02-27", "channel", "ko", "수시 면접 평가표 양식 v3 확정, 공유드라이브 '2027수시/면접' 폴더에 있음"),
    ("03-03", "im", "ko", "마라톤 배번 4417 아니고 4471임. 문자 다시 보니 내가 잘못 적음"),
    ("03-06", "im", "ko", "팀장님 폰 바꾸심 010-8830-6604"),
    ("03-09", "im", "en", "Running crew switched to Thursdays. Same time, same track"),
    ("03-16", "im", "ko", "수시 면접일 가안 11/14(토), 11/15(일) 이틀"),
    ("03-24", "channel", "mixed", "면접 rubric 최종본은 v4, 드라이브 같은 폴더에 덮어씀"),
    ("04-01", "im", "ko", "연세밝은치과 4/8 저녁 7시 신경치료 2차"),
    ("04-03", "im", "ko", "밝은눈안과 4/8 아침 8시반 시력검사, 출근 전에 들르기"),
    ("04-06", "im", "ko", "하프 완주!! 1시간 52분 30초 개인기록ㅎㅎ"),
    ("04-14", "im", "ko", "면접 11/14 하루로 확정, 15일은 예비일로만"),
    ("04-22", "im", "ko", "재무팀 공지 - 출장비 정산 마감 5월부터 매달 20일로 앞당김"),
    ("05-06", "im", "en", "Lyon student delegation: 4 students arriving Jul 6, rooms booked at International House"),
    ("05-12", "channel", "ko", "[입학처] 수능 일정 조정으로 수시 면접 11/21(토)로 변경"),
    ("05-26", "im", "en", "Update from Lyon: now 6 students, and they land Jul 8 instead"),
    ("06-02", "im", "mixed", "신규 직원 onboarding 7/1, mentor는 나랑 윤세린 주임"),
    ("06-15", "im", "ko", "여름휴가 7/27~31 결재 올림, 팀장님 승인 대기중"),
]

MEM["B"] = [
    ("01-03", "im", "ko", "콩이 생일 11월20일. 진도믹스 수컷 여섯살"),
    ("01-06", "im", "ko", "봉군 42통 월동중. 약한통 5개 뚜껑에 빨간테이프 표시"),
    ("01-09", "im", "ko", "설탕15kg 40포 주문 농협옥천지점 송기철 계장 043-731-5502"),
    ("01-12", "channel", "ko", "[작목반] 1월 정기모임 1/17 토 오전10시 이원면사무소 2층"),
    ("01-15", "im", "ko", "화분떡 벌꽃농자재 곽영수사장 010-6204-3318 한박스 2만9천"),
    ("01-18", "im", "ko", "콩이 산책 아침 6시반 저녁 5시 저수지 한바퀴"),
    ("01-22", "im", "ko", "포터 자동차검사 2/26까지 받아야됨"),
    ("01-25", "im", "ko", "꿀 택배 로젠 옥천영업소 기사님 010-9012-4477 오후3시 수거"),
    ("01-29", "im", "ko", "스토어 가격 아카시아 2.4kg 48000 잡화꿀 2.4kg 42000"),
    ("02-03", "im", "ko", "응애 방제 2/10 개미산 처리 예정"),
    ("02-07", "channel", "ko", "[작목반] 2월 정기모임 2/21 토 10시 이원면사무소 2층, 회비 걷음"),
    ("02-11", "im", "ko", "화분떡 이제 꿀벌상회서 받음 kg당 800원 쌈 010-2718-9063"),
    ("02-14", "im", "ko", "비와서 10일날 못함.. 17일로"),
    ("02-19", "im", "ko", "손주 돌잔치 4/25 토 12시 청주 가온뷔페 3층"),
    ("02-24", "im", "ko", "포터 검사 받음 이상없음. 다음 검사 2028년 2월"),
    ("03-02", "im", "ko", "내검 해보니 38통 살아남음 4통은 합봉함"),
    ("03-06", "im", "en", "Cafe order from Seoul: Mina Cho at Dalbit Cafe, 20 jars a month, starting April"),
    ("03-10", "im", "ko", "농협 담당 바뀜 송기철계장 → 유정란 계장 043-731-5510"),
    ("03-14", "im", "ko", "아카시아 2.4kg 52000으로 올림 잡화는 그대로"),
    ("03-19", "im", "ko", "콩이 심장사상충약 매달 1일 넥스가드 스펙트라 L사이즈"),
    ("03-24", "channel", "ko", "[작목반] 3월 모임 없음. 4월 모임 4/18 토 10시 읍사무소 회의실 (장소 주의)"),
    ("04-01", "im", "ko", "분봉 시작됨 분봉통 8개 준비"),
    ("04-07", "im", "mixed", "Mina 카페 order 20병 → 30병/month, 5월부터"),
    ("04-12", "im", "ko", "로젠 기사님 바뀜 새기사님 010-3356-8801 수거도 4시로"),
    ("04-18", "im", "ko", "며느리가 돌잔치 장소 바꿨다함. 청주 흥덕구 '더봄' 2층, 시간은 그대로 12시"),
    ("04-25", "im", "ko", "아카시아 채밀 5/8~10 예정. 드럼 4개 준비"),
    ("05-02", "im", "ko", "비 때문에 한주 밀림 5/15부터 하기로"),
    ("05-11", "im", "en", "Royal jelly order: Mr. Kwon, 1kg, by Jun 5. Deposit received"),
    ("05-20", "im", "ko", "아카시아 채밀 끝 3드럼반 약 1050kg"),
    ("05-24", "im", "ko", "콩이 저녁산책 더워서 7시로. 아침은 6시반 그대로"),
    ("05-29", "im", "mixed", "Mr. Kwon royal jelly 1.5kg로 늘리심, 납기 6/12로 당김"),
    ("06-05", "im", "ko", "포터 타이어 4짝 교체 넥센 개당 18만원 옥천타이어"),
    ("06-09", "channel", "ko", "[작목반] 6월 모임 6/20 토 10시 읍사무소 회의실, 회비 3만원"),
    ("06-25", "im", "ko", "밤꿀 채밀 7월초 예정 드럼 2개 비워둠"),
]

MEM["D"] = [
    ("01-04", "im", "mixed", "Sat 키즈반 10am, 성인 beginner 1pm @ 무브랩 A홀"),
    ("01-06", "im", "en", "Studio rent: 1.8M won, due the 5th of every month, transfer to Mr. Baek"),
    ("01-08", "im", "ko", "준형이 (중3) 대회팀 합류! 어머님 번호 010-4127-5530"),
    ("01-11", "im", "ko", "쇼케이스 오프닝곡 'Neon Tide' 편곡본 2분40초로 컷함"),
    ("01-14", "im", "en", "Ankle physio w/ Dr. Seo, Tuesdays 7pm, Hapjeong Sports Clinic"),
    ("01-17", "im", "ko", "서울 스트릿 컵 예선 3/21 토, 접수 마감 2/28, 팀명 NOVA"),
    ("01-20", "im", "ko", "B홀 대관 평일 밤 10시~12시 시간당 2만원"),
    ("01-23", "im", "mixed", "쇼케이스 3/7 토 6pm, venue는 홍대 '스테이지랩'"),
    ("01-27", "im", "ko", "음향 태오 010-9934-2210"),
    ("01-30", "im", "ko", "조명 담당 태우 010-9934-2201"),
    ("02-03", "im", "en", "Jiwoo in kids class has a peanut allergy - no nutty snacks at break"),
    ("02-06", "im", "ko", "헐 그거 3/14로 밀림ㅠㅠ 스테이지랩 대관 겹쳤대"),
    ("02-10", "im", "en", "Physio moved to Thursdays 8pm, Dr. Seo changed his schedule"),
    ("02-13", "im", "ko", "키즈반 토요일 10시→11시로 변경 (학부모님들 요청)"),
    ("02-17", "im", "mixed", "B홀 rental fee 3월부터 25,000/hr로 오름"),
    ("02-20", "im", "ko", "스트릿컵 접수 완료!! NOVA 5명 준형 하린 도윤 세아 민결"),
    ("02-24", "im", "en", "Mr. Baek texted: rent goes up to 2M from April"),
    ("03-01", "im", "ko", "쇼케이스 장소 스테이지랩 → 합정 블루박스 B1으로 옮김"),
    ("03-05", "im", "ko", "아 준형이 어머님 번호 5530 아니고 5350이었음ㅋㅋ 전화 안 받으셔서 다시 확인함"),
    ("03-09", "im", "mixed", "예선 3/21 call time 8:30am, 잠실 학생체육관 후문"),
    ("03-16", "im", "ko", "쇼케이스 끝!! 관객 120명ㅋㅋ 영상 편집은 태오가 해주기로"),
    ("03-22", "im", "en", "WE PASSED PRELIMS!!! Finals Apr 25, 2pm, Olympic Hall"),
    ("03-28", "im", "ko", "본선곡은 'Paper Moon'으로 감. 3분10초 버전"),
    ("04-02", "im", "mixed", "4월부터 성인 beginner반 일요일 2pm으로 옮김, 토요일은 키즈만"),
    ("04-08", "im", "ko", "본선 4/25 → 5/2로 연기됨 (체육관 공사)"),
    ("04-15", "im", "en", "Taeo got a new phone: 010-7715-2210. Old number's dead"),
    ("04-20", "im", "ko", "엄마 한국 오심! 5/9 인천 도착 오후 4시10분 KE082"),
    ("04-27", "im", "en", "Mom's flight got pushed a day, landing May 10, same time"),
    ("05-03", "im", "ko", "본선 3위!!! 상금 50만원, 팀 회식 5/6 합정 '불판대장'"),
    ("05-08", "im", "mixed", "summer intensive 7/20~8/14, 월수금 8pm"),
    ("05-18", "im", "en", "Kids class helper: Yuna, Saturdays, 15k/hour"),
    ("05-29", "im", "mixed", "summer intensive 요일 바뀜 → 화목토 8pm, 애들 학원 schedule 때문에"),
    ("06-10", "im", "en", "Yuna's doing Sundays now too, bumped her pay to 18k/hour"),
    ("06-21", "im", "ko", "다음 대회 부산 댄스 페스타 8/29, 접수 7/31까지"),
]

# Queries: (user prefix, query, type, gold keys, extra dict)
Q = []
def q(u, text, typ, gold, **extra):
    Q.append((u, text, typ, gold, extra))

# ---- N: nurse ----
q("N", "미소담치과 스케일링 몇 시였지", "keyword", ["N15"])
q("N", "청둥 예약 몇 명으로 했더라", "keyword", ["N24"])
q("N", "preceptor 교육 어디서 해?", "keyword", ["N34"])
q("N", "콩이생일이 언제였지", "inflection", ["N02", "N26"], confusable_other_user=["B01"])
q("N", "오프신청 승인났던 날 언제야", "inflection", ["N11"])
q("N", "9071로 끝나는 번호 누구꺼지", "numeric", ["N17"])
q("N", "010 5527 3140 누구 번호였더라", "numeric", ["N25"])
q("N", "콩이 관련해서 적어둔 거 다 보여줘", "entity", ["N02", "N03", "N10", "N14", "N18", "N23", "N26", "N30"],
  entity="콩이", confusable_other_user=["B01", "B06", "B20", "B30"])
q("N", "민채 관련 메모 전부", "entity", ["N11", "N16", "N32", "N33"], entity="민채")
q("N", "우리 고양이 주치의 선생님 성함", "paraphrase", ["N03"])
q("N", "동기 웨딩 몇 시 시작이었지", "paraphrase", ["N32"])
q("N", "1월에 밤근무 몇 번 들어갔었지", "paraphrase", ["N01"])
q("N", "심폐소생술 자격 언제 만료돼?", "mixed_lang", ["N08"])
q("N", "암막커튼 언제 도착한다 했지", "mixed_lang", ["N31"])
q("N", "우리 병동 수간호사 쌤 내선 몇 번이야", "update", ["N19"], stale=["N04"])
q("N", "데이 근무 출근 몇 시까지였지", "update", ["N20"], stale=["N05"])
q("N", "헬스장 PT 무슨 요일 몇 시더라", "update", ["N22"], stale=["N06"])
q("N", "엔진오일 다음 교체 몇 km에 하면 돼?", "update", ["N13"], stale=["N12"])
q("N", "콩이 예방접종 날짜 언제로 잡혀있지", "update", ["N23"], stale=["N14", "N18"])
q("N", "BLS 재교육 언제 받으러 가?", "update", ["N21"], stale=["N09"])
q("N", "택배 받을 내 주소 뭐였지", "update", ["N27"], stale=["N07"])
q("N", "자동차보험 지금 어디꺼야?", "update", ["N28"], stale=["N25"])
q("N", "콩이 요즘 먹는 사료 뭐더라", "update", ["N30"], stale=["N10"])
q("N", "민채 전화번호 알려줘", "update", ["N33"], stale=["N16"])
q("N", "콩이 저녁 산책 몇 시에 나가?", "negative", [], neg_kind="isolation_same_name",
  other_user_has="B", other_user_mem=["B06", "B30"])
q("N", "내 혈액형 뭐라고 했었지", "negative", [], neg_kind="absent")
q("N", "트럭 타이어 교체 비용 얼마였지", "negative", [], neg_kind="isolation",
  other_user_has="B", other_user_mem=["B32"])

# ---- A: admissions officer ----
q("A", "세화고 진로부장 선생님 연락처", "keyword", ["A06"])
q("A", "면접 대기실 알바 조장 번호", "keyword", ["A13"])
q("A", "면접위원워크숍 어디서 했지", "inflection", ["A01"])
q("A", "신경치료 2차는 몇시에 예약돼있나", "inflection", ["A25"])
q("A", "하프 기록 1:52:30 맞나?", "numeric", ["A27"])
q("A", "0426112280 누구 번호야", "numeric", ["A07"])
q("A", "수시 면접 관련해서 적어둔 거 다", "entity", ["A01", "A13", "A19", "A23", "A24", "A28", "A31"],
  entity="수시 면접")
q("A", "마라톤 관련 기록 전부", "entity", ["A10", "A20", "A27"], entity="마라톤")
q("A", "부모님 결혼기념일 여행 숙소 이름", "paraphrase", ["A17"])
q("A", "눈 검사 받으러 가는 날", "paraphrase", ["A26"])
q("A", "신입 직원 멘토 누구누구지", "paraphrase", ["A33"])
q("A", "Did I submit my summer vacation request?", "mixed_lang", ["A34"])
q("A", "Who do I give travel expense receipts to?", "mixed_lang", ["A08"])
q("A", "정시 합격자 발표 언제야", "update", ["A11"], stale=["A04"])
q("A", "What's the spring intake document deadline?", "update", ["A12"], stale=["A05"])
q("A", "한밭여고 설명회 몇 시 시작이지", "update", ["A15"], stale=["A07"])
q("A", "입학처 사무실 몇 호였지", "update", ["A16"], stale=["A09"])
q("A", "When is Dr. Alvarez visiting?", "update", ["A18"], stale=["A14"])
q("A", "마라톤 배번호 몇 번이었지", "update", ["A20"], stale=["A10"])
q("A", "박준형 팀장님 휴대폰 번호", "update", ["A21"], stale=["A02"], confusable_other_user=["D03", "D19"])
q("A", "러닝크루 무슨 요일에 뛰지", "update", ["A22"], stale=["A03"])
q("A", "수시 면접 날짜 언제로 정해졌지", "update", ["A31"], stale=["A23", "A28"])
q("A", "How many Lyon students are coming, and when?", "update", ["A32"], stale=["A30"])
q("A", "준형이 어머님 번호 뭐였지", "negative", [], neg_kind="isolation_same_name",
  other_user_has="D", other_user_mem=["D03", "D19"])
q("A", "콩이 생일 언제더라", "negative", [], neg_kind="isolation",
  other_user_has="N", other_user_mem=["N02", "N26", "B01"])
q("A", "새 집 잔금 치르는 날 언제였지", "negative", [], neg_kind="absent")

# ---- B: beekeeper ----
q("B", "잡화꿀 2.4kg 얼마에 팔고있지", "keyword", ["B09"])
q("B", "분봉통 몇개 준비했더라", "keyword", ["B22"])
q("B", "작목반 2월모임 언제였나", "inflection", ["B11"])
q("B", "약한 통 표시 뭘로 해놨지", "inflection", ["B02"])
q("B", "1050키로 나온거 무슨 꿀이었지", "numeric", ["B29"])
q("B", "0437315510 이거 누구냐", "numeric", ["B18"])
q("B", "콩이 관련 기록 다", "entity", ["B01", "B06", "B20", "B30"], entity="콩이",
  confusable_other_user=["N02", "N03", "N10", "N14", "N18", "N23", "N26", "N30"])
q("B", "작목반 모임 관련 다 보여줘", "entity", ["B04", "B11", "B21", "B33"], entity="작목반 모임")
q("B", "개 심장 기생충 예방약 이름", "paraphrase", ["B20"])
q("B", "트럭 바퀴 새로 간 비용", "paraphrase", ["B32"])
q("B", "밤나무 꿀 뜨는 거 언제 예정이지", "paraphrase", ["B34"])
q("B", "로얄젤리 누가 주문했었지?", "mixed_lang", ["B28", "B31"])
q("B", "When's the co-op meeting in June?", "mixed_lang", ["B33"])
q("B", "화분떡 어디서 사지", "update", ["B12"], stale=["B05"])
q("B", "응애약 치는 날 언제로 했지", "update", ["B13"], stale=["B10"])
q("B", "벌통 지금 몇 통 남았냐", "update", ["B16"], stale=["B02"])
q("B", "아카시아꿀 2.4키로 얼마 받지", "update", ["B19"], stale=["B09"])
q("B", "How many jars does Mina's cafe take a month?", "update", ["B23"], stale=["B17"])
q("B", "꿀 택배 기사님 번호", "update", ["B24"], stale=["B08"])
q("B", "손주 돌잔치 어디서 하지", "update", ["B25"], stale=["B14"])
q("B", "아카시아 채밀 언제 시작하지", "update", ["B27"], stale=["B26"])
q("B", "콩이 저녁 산책 몇 시에 나가", "update", ["B30"], stale=["B06"])
q("B", "로얄젤리 주문 몇 키로에 언제까지", "update", ["B31"], stale=["B28"])
q("B", "콩이 사료 뭐 먹이지", "negative", [], neg_kind="isolation_same_name",
  other_user_has="N", other_user_mem=["N10", "N30"])
q("B", "정시 합격자 발표 언제", "negative", [], neg_kind="isolation",
  other_user_has="A", other_user_mem=["A04", "A11"])
q("B", "벌통 보험 어디 들었지", "negative", [], neg_kind="absent")

# ---- D: dance instructor ----
q("D", "Paper Moon 몇 분 버전이었지", "keyword", ["D23"])
q("D", "쇼케이스 관객 몇 명 왔었지", "keyword", ["D21"])
q("D", "서울스트릿컵 팀명이 뭐였지", "inflection", ["D06", "D16"])
q("D", "부산댄스페스타 접수마감 언제까지야", "inflection", ["D34"])
q("D", "01099342201 누구 번호", "numeric", ["D10"])
q("D", "2분40초로 자른 곡 뭐였지", "numeric", ["D04"])
q("D", "준형이 관련 다 알려줘", "entity", ["D03", "D16", "D19"], entity="준형이",
  confusable_other_user=["A02", "A21"])
q("D", "태오 관련 기록 전부", "entity", ["D09", "D21", "D26"], entity="태오")
q("D", "대회 예선날 모이는 곳 어디지", "paraphrase", ["D20"])
q("D", "결선에서 우리 몇 등 했지", "paraphrase", ["D29"])
q("D", "땅콩 알레르기 있는 애 누구였지", "mixed_lang", ["D11"])
q("D", "What's the lighting guy's name?", "mixed_lang", ["D10"])
q("D", "When's the showcase?", "update", ["D12"], stale=["D08"])
q("D", "발목 물리치료 무슨 요일이지", "update", ["D13"], stale=["D05"])
q("D", "토요일 키즈반 몇 시 시작이야", "update", ["D14"], stale=["D01"])
q("D", "B홀 대관료 시간당 얼마였지", "update", ["D15"], stale=["D07"])
q("D", "How much is the studio rent now?", "update", ["D17"], stale=["D02"])
q("D", "준형이 어머님 전화번호", "update", ["D19"], stale=["D03"], confusable_other_user=["A02", "A21"])
q("D", "성인 초급반 언제 해?", "update", ["D24"], stale=["D01"])
q("D", "When are the finals?", "update", ["D25"], stale=["D22"])
q("D", "음향 태오 번호", "update", ["D26"], stale=["D09"])
q("D", "엄마 인천 도착 언제야", "update", ["D28"], stale=["D27"])
q("D", "썸머 인텐시브 무슨 요일이었지", "update", ["D32"], stale=["D30"])
q("D", "How much do I pay Yuna per hour?", "update", ["D33"], stale=["D31"])
q("D", "박준형 팀장님 휴대폰 번호", "negative", [], neg_kind="isolation_same_name",
  other_user_has="A", other_user_mem=["A02", "A21"])
q("D", "엔진오일 교체 언제 해야 돼", "negative", [], neg_kind="isolation",
  other_user_has="N", other_user_mem=["N12", "N13"])
q("D", "헤어샵 예약 몇 시였지", "negative", [], neg_kind="absent")


def main():
    rng = random.Random(20260111)
    key2id, rows = {}, []
    n = 0
    for p in ["N", "A", "B", "D"]:
        prev = None
        # per-date sorted random times so same-day notes stay in order
        by_date = {}
        for d, *_ in MEM[p]:
            by_date[d] = by_date.get(d, 0) + 1
        times = {d: sorted(rng.randrange(0, 86400) for _ in range(c)) for d, c in by_date.items()}
        used = {d: 0 for d in by_date}
        for i, (d, ch, lang, text) in enumerate(MEM[p], 1):
            n += 1
            mid = f"m{n:04d}"
            key2id[f"{p}{i:02d}"] = mid
            s = times[d][used[d]]; used[d] += 1
            ts = f"2026-{d}T{s//3600:02d}:{s%3600//60:02d}:{s%60:02d}Z"
            rows.append({"id": mid, "user_id": USERS[p], "text": text, "ts": ts,
                         "channel_type": ch, "lang": lang})
    with open("memories.jsonl", "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open("queries.jsonl", "w", encoding="utf-8") as f:
        for i, (p, text, typ, gold, extra) in enumerate(Q, 1):
            r = {"qid": f"q{i:03d}", "user_id": USERS[p], "query": text,
                 "gold": [key2id[k] for k in gold], "type": typ}
            for k, v in extra.items():
                if k in ("stale", "other_user_mem", "confusable_other_user"):
                    r[k] = [key2id[x] for x in v]
                elif k == "other_user_has":
                    r[k] = USERS[v]
                else:
                    r[k] = v
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(len(rows), "memories,", len(Q), "queries")


if __name__ == "__main__":
    main()
