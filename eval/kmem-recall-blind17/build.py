#!/usr/bin/env python3
"""blind17: hand-written held-out set. Writes memories.jsonl and queries.jsonl."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

UA = "U07KQ3M2P"  # pharmacist running a small neighbourhood pharmacy
UB = "U05TR8XW1"  # freelance video editor with a hedgehog named 콩이
UC = "U09HB4LN6"  # father of twins, coaches a U10 youth football team
UD = "U03ZP7DC8"  # bilingual ceramic-studio owner with a shiba named 콩이

# (key, ts, channel_type, lang, text) -- per user in ts order
MEM = {
UA: [
("a01","2026-01-05T01:12:40Z","im","ko","한결약품 담당 최성훈 과장님 번호 010-3381-0472. 주문은 오전 11시 전에 넣어야 당일 배송됨"),
("a02","2026-01-07T10:48:05Z","channel","ko","토요일은 오후 2시까지만 문 열기로 했음. 입구에 안내문 붙여야 함"),
("a03","2026-01-09T00:31:17Z","im","ko","약국 차는 망원 공영주차장 B구역 월정기권 끊어둠, 8만원"),
("a04","2026-01-12T05:20:44Z","channel","ko","수진씨(이수진) 알바 화목 오후 2시~7시 근무, 시급 12,000원"),
("a05","2026-01-14T08:03:59Z","im","ko","세무 기장은 정담세무회계에 맡겼어요. 월 15만원, 자료는 매달 5일까지 메일로 보내기"),
("a06","2026-01-16T02:44:21Z","channel","ko","밝은내과 월요일마다 당뇨 처방 몰림 → 메트포르민 500 재고 넉넉히 잡아두기"),
("a07","2026-01-20T11:15:36Z","im","ko","다인이 피아노 학원 도레미음악학원으로 등록함. 월 16만원, 화수목 4시"),
("a08","2026-01-22T00:58:10Z","channel","ko","인슐린 펜 냉장고 2~8도 유지! 매일 아침 오픈하자마자 온도 체크리스트에 적기"),
("a09","2026-01-26T12:40:02Z","im","en","Tennis lessons: Tuesdays 8pm at the Mangwon riverside courts, coach is Mr. Pyo"),
("a10","2026-01-28T03:27:45Z","im","ko","다인이 알레르기 복숭아랑 새우. 유치원 급식실에 전달 완료"),
("a11","2026-02-02T06:09:33Z","channel","ko","한결약품 반품은 유효기간 3개월 이상 남은 것만 받아준대요"),
("a12","2026-02-05T09:51:12Z","channel","ko","밝은내과 2/16(월)~2/18(수) 설 연휴 휴진. 그 주는 처방 적을 듯"),
("a13","2026-02-09T04:36:27Z","im","ko","약국 화재보험 든든손해보험으로 갱신함, 연 42만원. 3월 1일부터 적용"),
("a14","2026-02-12T07:22:50Z","channel","ko","수진씨 목요일이 학교 수업이랑 겹친대서 목 대신 금요일로 옮김. 이제 화/금 근무"),
("a15","2026-02-20T10:05:14Z","im","ko","간판 교체 공사 3월 9일 월요일 밤에 하기로. 업체는 빛글사인"),
("a16","2026-02-24T01:47:38Z","channel","ko","한결약품 결제일 매달 25일. 계산서 금액 확인하고 보내기"),
("a17","2026-02-27T09:30:26Z","channel","ko","토욜 마감 4시로 늘림. 2시 넘어서도 손님들이 계속 문 두드려서ㅠ"),
("a18","2026-03-03T13:02:49Z","im","en","Note to self: pharmacist CE credits, 8 hours needed by June 30 and I still have 4 hours left"),
("a19","2026-03-06T05:44:03Z","im","ko","빛글사인 연락옴. 자재가 늦게 들어와서 간판 공사 3/16(월)로 미뤄짐"),
("a20","2026-03-10T02:18:55Z","channel","ko","한결약품 담당 바뀐대요. 최과장님 지방 발령 나서 이제 오경민 대리님이 오심 010-5520-1936"),
("a21","2026-03-13T08:56:31Z","im","ko","간판 또 연기;; 3월 23일 월요일 밤으로 확정이라고 함. 이번엔 진짜래"),
("a22","2026-03-18T11:33:07Z","im","ko","구약사회 월례회 4월 8일 수요일 저녁 7시 진성각"),
("a23","2026-03-19T00:20:48Z","im","ko","아 진성각 아니고 진상각임 ㅋㅋ 오타. 마포역 2번 출구 앞 중식당"),
("a24","2026-03-25T12:11:19Z","im","en","Dain switched to Allegro Piano Studio right next to her school. 180k a month, Mon/Wed/Fri"),
("a25","2026-03-30T03:49:42Z","im","ko","엄마 생신 5월 2일 토요일 점심. 케이크는 다인이가 고르겠대"),
("a26","2026-04-03T06:27:16Z","im","ko","기장 세무사 바꿈. 앞으로 바른숲세무 김혜린 세무사님이 봐주시기로, 월 13만원"),
("a27","2026-04-08T02:40:37Z","channel","ko","팜스캔 업데이트하고 바코드 인식 안 되면: 설정 > 스캐너 > 재연결 누르기"),
("a28","2026-04-14T12:58:24Z","im","en","Tennis moved to Wednesdays at 7pm, same courts but a new coach, Dana Ko"),
("a29","2026-04-20T01:06:51Z","im","ko","월주차 건너편 상가 빌딩 지하 2층으로 옮김. 월 10만원인데 비 안 맞아서 좋음"),
("a30","2026-04-27T05:35:09Z","channel","ko","밝은내과 새 원장님 오시고 고혈압약 처방 늘어남, 암로디핀 5mg 추가 주문"),
("a31","2026-05-06T07:14:28Z","im","mixed","약국 dispensing robot 견적 받음, 소형 모델 2,300만원.. 일단 보류"),
("a32","2026-05-12T03:03:40Z","im","ko","수진씨 생일 6월 3일 수요일, 케이크 쿠폰 보내주기"),
("a33","2026-05-20T08:47:55Z","channel","ko","한결약품 여름 프로모션 비타민 묶음 10+1, 6월 말까지"),
("a34","2026-06-02T10:22:13Z","im","ko","다인이 여름방학 캠프 7월 27일 월요일부터 3박4일"),
],
UB: [
("b01","2026-01-04T14:22:10Z","im","ko","스튜디오 라임 담당 PD 한지우 010-7713-2085, 카톡보다 전화 선호함"),
("b02","2026-01-06T16:40:51Z","im","ko","콩이 생일 3월 14일! 고슴도치 올해 세 살 됨ㅋㅋ"),
("b03","2026-01-08T13:05:29Z","im","mixed","배고픈곰 export preset: 4K 30fps, H.265, bitrate 45Mbps"),
("b04","2026-01-10T15:18:44Z","im","ko","풋살 매주 목요일 밤 9시 합정 골때리는구장"),
("b05","2026-01-13T17:31:02Z","im","en","Backup plan: archive drive is the Samsung T7 2TB labeled B-ARCHIVE, mirror every Sunday"),
("b06","2026-01-15T14:09:37Z","im","ko","작업실 월세 55만원, 매달 10일에 이체"),
("b07","2026-01-19T13:48:20Z","im","ko","콩이 밀웜 하루 3마리 넘게 주지 말기. 살쪄서 공처럼 굴러다님ㅋㅋㅋ"),
("b08","2026-01-21T16:27:54Z","channel","ko","배고픈곰 12화 편집본 2/6(금)까지 넘기기"),
("b09","2026-01-24T12:55:03Z","im","ko","맥북 키보드 수리 맡김. 가로수길 서비스센터, 1/30에 찾으러 가면 됨"),
("b10","2026-01-27T15:36:41Z","channel","ko","12화 마감 하루 당겨짐.. 2/5 목요일 밤까지 달래"),
("b11","2026-01-29T14:14:15Z","im","ko","맥북 부품 없어서 수리 2/4로 밀림 ㅡㅡ"),
("b12","2026-02-02T11:02:38Z","im","ko","센터에서 전화옴 부품 일찍 와서 낼 픽업 가능하대. 2/3 오후"),
("b13","2026-02-04T16:45:26Z","im","ko","프리미어 단축키 세팅 백업 구글드라이브 '편집세팅' 폴더에 올려둠"),
("b14","2026-02-07T13:33:50Z","channel","ko","유튜브 배고픈곰 편집 단가 편당 28만원, 매달 말일 정산"),
("b15","2026-02-11T15:20:04Z","im","ko","종소세 맡길 세무사 번호 010-2847-5513. 지인 소개"),
("b16","2026-02-11T18:02:47Z","im","ko","아 아까 세무사 번호 잘못 적음 ㅋㅋ 010-2847-5531 이게 맞음"),
("b17","2026-02-16T14:50:19Z","im","ko","콩이 케이지 온도 24도 밑으로 떨어지면 안 됨, 겨울엔 히팅패드 켜두기"),
("b18","2026-02-23T12:38:33Z","channel","ko","라임 3월 광고건 견적: 편집 5일 x 35만 = 175만 + 색보정 40만"),
("b19","2026-02-26T15:11:08Z","channel","ko","라임 담당 재배정됨. 이제 배소윤 PD랑 얘기하면 됨 010-4492-6608"),
("b20","2026-03-02T13:27:45Z","im","ko","풋살 구장 옮김 망원 한강 쪽 킥오프필드. 시간은 똑같이 9시"),
("b21","2026-03-05T16:58:12Z","im","en","Night street LUT I keep coming back to: Teal Fade 03 at around 60% intensity"),
("b22","2026-03-09T14:03:57Z","im","ko","콩이 다니는 특수동물병원 작은숲동물병원 연남동, 원장님이 고슴도치 잘 봄"),
("b23","2026-03-12T15:44:31Z","im","ko","예린 생일 저녁 오르조 예약함 4월 11일 토요일 7시"),
("b24","2026-03-17T13:16:20Z","im","mixed","썸네일 font는 Black Han Sans 고정, stroke 8px 검정"),
("b25","2026-03-20T16:35:02Z","im","en","Swapped the archive drive for a SanDisk 4TB. The old T7 is scratch only now, don't trust it"),
("b26","2026-03-24T13:50:48Z","channel","mixed","배고픈곰 export 이제 1080p로 내려달래, bitrate 20Mbps. 업로드 오래 걸린다고"),
("b27","2026-04-01T15:07:29Z","im","en","Moved Yerin's birthday dinner to Sunday Apr 12, 6:30pm, same restaurant"),
("b28","2026-04-06T14:21:16Z","im","ko","작업실 주인 바뀌면서 월세 60으로 오름.. 날짜는 그대로 10일"),
("b29","2026-04-15T16:12:44Z","im","ko","풋살 회비 월 3만원, 총무 민규한테 매달 첫쨰 주에"),
("b30","2026-04-22T13:39:57Z","im","ko","콩이 병원 바꿈. 작은숲 원장님 그만두셔서 이제 상암 포근동물의료센터 다님"),
("b31","2026-05-04T15:55:21Z","im","ko","종합소득세 신고 6월 1일 월요일까지래. 5/31이 일요일이라 하루 밀림"),
("b32","2026-05-13T14:47:06Z","im","ko","예린이 카메라 소니 a6400에 시그마 18-50 렌즈"),
("b33","2026-05-27T13:02:33Z","im","ko","아빠 환갑 6월 20일 토요일 가족 식사, 내가 축하 영상 만들어가기로"),
("b34","2026-06-08T15:28:49Z","channel","ko","배고픈곰 여름 시즌 편집 외주 한 명 더 구해야 함, 후보는 준호"),
],
UC: [
("c01","2026-01-03T22:15:33Z","channel","ko","U10 토요일 훈련 망원유수지 인조잔디 오전 9시, 애들 8시 50분까지 집합"),
("c02","2026-01-06T12:42:18Z","im","ko","서준이 땅콩 알레르기 있음. 서윤이는 없음. 간식 돌릴 때 꼭 확인"),
("c03","2026-01-08T11:27:05Z","channel","en","Kit colors this season: home navy, away white"),
("c04","2026-01-11T09:03:47Z","im","ko","서준이 서윤이 수영 월수 5시 반 구민체육센터"),
("c05","2026-01-13T13:38:29Z","channel","mixed","Assistant coach는 Ryan, 수요일 session 맡기로 함"),
("c06","2026-01-15T10:51:14Z","channel","en","Team fee is 80,000 won a month, due on the 1st"),
("c07","2026-01-19T12:24:56Z","im","ko","쌍둥이 소아과 튼튼소아과, 김원장님 목요일 휴진이니까 목요일엔 다른 데로"),
("c08","2026-01-21T14:09:40Z","channel","ko","한강유나이티드 창단 2023년, 내가 U10 맡은 지 2년째"),
("c09","2026-01-26T11:46:22Z","channel","ko","U10 명단 14명. 서준 7번, 서윤 11번"),
("c10","2026-01-29T13:17:03Z","im","ko","골키퍼 장갑 5호 두개 주문함 담주 도착"),
("c11","2026-02-03T12:33:48Z","channel","ko","한강유나이티드 선수 단체보험 가입, 1인당 2만5천원"),
("c12","2026-02-06T10:58:30Z","channel","en","Parent rule at practice: no coaching from the sideline, cheering only"),
("c13","2026-02-10T13:41:12Z","im","ko","이수진 선생님 상담 4월 7일 화요일 오후 4시"),
("c14","2026-02-13T12:02:55Z","channel","ko","한강유나이티드 유니폼 킥스웨어 사장님 010-6624-3307"),
("c15","2026-02-18T14:26:39Z","channel","en","League email: away kits have to be yellow this season, white clashes with too many teams"),
("c16","2026-02-24T11:19:08Z","channel","ko","담주부터 토요 훈련 성산초 운동장에서 해요. 유수지 잔디 보수공사래요"),
("c17","2026-03-02T12:47:21Z","im","ko","수영 반 바뀜 화목 4시로. 둘 다 초급2반 올라감"),
("c18","2026-03-05T13:55:46Z","im","ko","지혜 생일 10월 3일. 작년에 목걸이 했으니까 올해는 다른 걸로"),
("c19","2026-03-09T10:34:17Z","channel","ko","회비 다음 달부터 9만원으로 올려요, 구장 대관료가 올라서"),
("c20","2026-03-12T12:21:03Z","im","ko","구청장배 유소년 대회 5월 16일 토요일, 참가 신청 완료"),
("c21","2026-03-17T13:08:50Z","im","ko","엄마 생신 7월 11일 토요일, 대구 내려가기. KTX 미리 끊기"),
("c22","2026-03-23T11:49:36Z","im","ko","상담 시간 당겨짐 4시 → 3시 반. 선생님이 회의가 생기셨대요"),
("c23","2026-03-27T14:14:28Z","channel","mixed","Ryan 이사 가서 Wednesday drills는 박태오 코치가 대신 맡음, starting next week"),
("c24","2026-04-02T12:36:10Z","im","ko","차 엔진오일 8만km에서 교환함. 다음은 9만km"),
("c25","2026-04-08T13:27:59Z","im","ko","애들 병원 집 앞 아이사랑소아청소년과로 옮김. 야간진료 해서 편함"),
("c26","2026-04-14T11:02:44Z","im","ko","결혼기념일 6월 6일 토요일 라메종 예약, 7시"),
("c27","2026-04-21T13:44:15Z","im","ko","구청장배 일주일 미뤄짐 5/23(토)로"),
("c28","2026-04-28T12:18:37Z","im","ko","서윤이 태권도 노란띠 심사 6월 13일 토요일"),
("c29","2026-05-04T14:30:22Z","channel","ko","한강유나이티드 학부모 단톡 공지는 금요일 밤에 올리기"),
("c30","2026-05-11T12:52:09Z","channel","en","Update from the league: the district cup is now Sunday May 24 because of a field booking clash"),
("c31","2026-05-19T13:11:48Z","im","mixed","Coaching license D급 온라인 과정 신청함, deadline 6월 30일"),
("c32","2026-05-26T11:37:26Z","im","ko","라메종 그날 대관이라 온다정으로 다시 예약. 시간은 7시 그대로"),
("c33","2026-06-03T12:59:51Z","channel","ko","패스 훈련 drill: 삼각패스 3인 1조 10분 → 미니게임 20분"),
("c34","2026-06-15T13:23:05Z","im","ko","쌍둥이 생일 8월 19일, 올해 파티는 키즈카페 말고 집에서"),
],
UD: [
("d01","2026-01-03T04:10:22Z","im","en","Clay order from Hanul Clay: 20kg white stoneware, delivered every first Monday"),
("d02","2026-01-05T07:45:36Z","im","ko","콩이 생일 9월 2일, 시바 네 살"),
("d03","2026-01-07T02:28:49Z","channel","en","Kiln tech is Marco, 010-2290-4418, comes once a year for the element check"),
("d04","2026-01-10T05:37:11Z","channel","en","Saturday wheel class: 10am to 12pm, max 6 students, 55,000 won per session"),
("d05","2026-01-12T03:19:58Z","im","ko","콩이 사료 포레스트키친 연어 2kg, 한 달 반 정도 감"),
("d06","2026-01-15T06:52:34Z","im","ko","공방 월세 130만원, 건물주 박사장님. 매달 말일"),
("d07","2026-01-19T04:04:07Z","channel","en","Firing schedule: bisque at 900°C, glaze firing at 1250°C (cone 8)"),
("d08","2026-01-21T08:26:45Z","channel","ko","택배는 한빛로지스 계약, 수요일 오후에 수거해 감"),
("d09","2026-01-23T03:41:13Z","channel","en","Glaze recipe Ash Celadon: feldspar 40, whiting 20, silica 25, kaolin 15"),
("d10","2026-01-27T05:58:27Z","channel","en","Ash Celadon correction: silica should be 30 and kaolin 10, I copied it wrong"),
("d11","2026-02-02T02:33:50Z","im","ko","콩이 슬개골 검사 1기래. 계단 줄이고 미끄럼 매트 깔기"),
("d12","2026-02-04T07:14:06Z","im","ko","물레 페달 고장, 신와 물레 AS 접수번호 S-2291"),
("d13","2026-02-09T04:47:29Z","im","mixed","연남 플리마켓 booth 신청, fee 5만원, 3월 28일 토요일"),
("d14","2026-02-12T06:21:44Z","channel","mixed","Wholesale order from 카페 오후세시: 40 mugs, 12,000 won each, due 5월 29일"),
("d15","2026-02-17T03:09:15Z","im","en","Instagram shop restock goes live every first Friday at 8pm"),
("d16","2026-02-23T05:33:01Z","channel","en","Switched clay to Dalbit Ceramics, they drop off stoneware every other Thursday and shipping is cheaper"),
("d17","2026-02-26T02:56:38Z","im","ko","엄마랑 영상통화 일요일 아침 9시 (밴쿠버는 토요일 오후 5시)"),
("d18","2026-03-03T06:40:19Z","im","en","Landlord wants to raise the studio rent to 1.4M from April"),
("d19","2026-03-10T04:15:52Z","im","mixed","Quarterly VAT filing 메모: 1~3월 studio 매출 약 680만원"),
("d20","2026-03-16T07:02:24Z","im","ko","건물주랑 다시 얘기해서 135로 합의함 ㅎㅎ 4월부터"),
("d21","2026-03-20T03:27:37Z","channel","ko","수강생 완성작 보관 기간 2주, 안 찾아가면 폐기한다고 공지"),
("d22","2026-03-24T05:51:58Z","im","mixed","연남 마켓 rain 예보로 cancel, 대신 4월 4일 토요일 same spot"),
("d23","2026-03-31T04:38:14Z","channel","en","Marco retired. New kiln guy is Seokjin Oh, 010-8837-1204, recommended by the supplier"),
("d24","2026-04-06T06:12:40Z","im","ko","콩이 산책 알바 하람씨, 화목 점심 한 번에 2만원"),
("d25","2026-04-13T03:48:26Z","im","en","Kongi's vet says go low-fat, so she's on Meadowpaw lamb kibble now"),
("d26","2026-04-17T07:25:33Z","channel","ko","택배사 바꿈. 이제 두리택배가 화/금 두 번 와요"),
("d27","2026-04-22T05:10:09Z","im","mixed","Glaze 실험: 철분 2% 넣으니까 honey color 나옴, 다음엔 3%"),
("d28","2026-04-28T02:46:55Z","channel","en","From May the weekend wheel class runs 11 to 1:30, still 6 people max"),
("d29","2026-05-05T06:34:27Z","im","ko","동생 제니 결혼식 밴쿠버 8월 22일 토요일. 비행기표 아직"),
("d30","2026-05-12T04:20:43Z","im","mixed","이천 도자기축제 booth application 4/30 마감이었는데 놓침 ㅠ 내년엔 early bird로"),
("d31","2026-05-19T07:08:31Z","channel","ko","수강생 민아씨 점토 알레르기 있어서 니트릴 장갑 꼭 챙기기"),
("d32","2026-05-28T03:55:16Z","im","en","Jenny's wedding got pushed to Saturday Sept 5, the venue double-booked"),
("d33","2026-06-09T05:29:48Z","im","ko","아빠 생신 11월 8일. 밴쿠버로 소포는 10월 중순엔 보내야 도착함"),
("d34","2026-06-22T04:02:11Z","im","en","Dentist: Dr. Han at Smile Tree Dental, scaling every 6 months, next one in August"),
],
}

def Q(user, query, typ, gold=(), **kw):
    d = {"user_id": user, "query": query, "gold": list(gold), "type": typ}
    d.update(kw)
    return d

QUERIES = [
# ---------------- A: pharmacist ----------------
Q(UA,"한결약품 과장님 번호 뭐였지","update",["a20"],stale=["a01"]),
Q(UA,"토요일은 몇 시까지 문 열어?","update",["a17"],stale=["a02"]),
Q(UA,"수진씨 근무 요일 화목이었나","update",["a14"],stale=["a04"]),
Q(UA,"what night is my tennis lesson","update",["a28"],stale=["a09"]),
Q(UA,"간판 교체 공사 언제 하지","update",["a21"],stale=["a15","a19"]),
Q(UA,"다인이 피아노 학원 어디 다녀","update",["a24"],stale=["a07"]),
Q(UA,"구약사회 월례회 장소 어디였지","update",["a23"],stale=["a22"]),
Q(UA,"세무 기장 맡긴 곳 어디","update",["a26"],stale=["a05"]),
Q(UA,"차 월정기권 끊어둔 주차장 어디더라","update",["a29"],stale=["a03"]),
Q(UA,"메트포르민 재고","keyword",["a06"]),
Q(UA,"팜스캔 바코드 인식 안 될 때","keyword",["a27"]),
Q(UA,"여름방학 캠프 언제부터","keyword",["a34"]),
Q(UA,"다인이의 알레르기가 뭐였더라","inflection",["a10"]),
Q(UA,"엄마생신 점심","inflection",["a25"],confusable_other_user=["c21"]),
Q(UA,"냉장 보관 주사제 몇 도로 맞춰야 돼","paraphrase",["a08"]),
Q(UA,"명절에 근처 병원 문 닫는 날","paraphrase",["a12"]),
Q(UA,"한결약품 관련 다 알려줘","entity",["a01","a11","a16","a20","a33"],entity="한결약품"),
Q(UA,"42만원 낸 보험 뭐였지","numeric",["a13"]),
Q(UA,"1936으로 끝나는 번호 누구야","numeric",["a20"]),
Q(UA,"약사 보수교육 몇 시간 남았지","mixed_lang",["a18"]),
Q(UA,"how much was the dispensing machine estimate","mixed_lang",["a31"]),
Q(UA,"이수진 선생님 상담 몇 시야","negative",[],neg_kind="isolation_same_name",other_user_has=UC,other_user_mem=["c13","c22"]),
Q(UA,"풋살 구장 어디로 옮겼지","negative",[],neg_kind="isolation",other_user_has=UB,other_user_mem=["b04","b20"]),
Q(UA,"가마 소성 온도 몇 도로 해","negative",[],neg_kind="isolation",other_user_has=UD,other_user_mem=["d07"]),
Q(UA,"약국 에어컨 수리 기사 번호","negative",[],neg_kind="absent"),
# ---------------- B: video editor ----------------
Q(UB,"스튜디오 라임 PD 연락처","update",["b19"],stale=["b01"]),
Q(UB,"배고픈곰 12화 편집본 언제까지 넘겨야 돼","update",["b10"],stale=["b08"]),
Q(UB,"목요일 풋살 어디서 해","update",["b20"],stale=["b04"]),
Q(UB,"배고픈곰 export preset 뭐로 뽑아","update",["b26"],stale=["b03"]),
Q(UB,"which drive is the archive backup","update",["b25"],stale=["b05"]),
Q(UB,"콩이 특수동물병원 어디 다니지","update",["b30"],stale=["b22"]),
Q(UB,"작업실 월세 얼마 내지","update",["b28"],stale=["b06"]),
Q(UB,"예린 생일 저녁 예약 몇 시지","update",["b27"],stale=["b23"]),
Q(UB,"종소세 세무사 번호","update",["b16"],stale=["b15"]),
Q(UB,"맥북 수리 언제 찾으러 가","update",["b12"],stale=["b09","b11"]),
Q(UB,"프리미어 단축키 백업 어디","keyword",["b13"]),
Q(UB,"풋살 회비 총무","keyword",["b29"]),
Q(UB,"아빠 환갑 식사","keyword",["b33"]),
Q(UB,"콩이의 생일이 언제지","inflection",["b02"],confusable_other_user=["d02"]),
Q(UB,"배고픈곰 편집단가","inflection",["b14"]),
Q(UB,"고슴도치 간식 벌레 하루에 몇 개까지","paraphrase",["b07"]),
Q(UB,"여자친구 쓰는 카메라 기종","paraphrase",["b32"]),
Q(UB,"콩이 관련 다 알려줘","entity",["b02","b07","b17","b22","b30"],entity="콩이",confusable_other_user=["d02","d05","d11","d24"]),
Q(UB,"175만 견적 뭐였지","numeric",["b18"]),
Q(UB,"6608 번호 누구","numeric",["b19"]),
Q(UB,"밤거리 영상 색보정 프리셋 뭐 썼지","mixed_lang",["b21"]),
Q(UB,"when is the income tax filing deadline","mixed_lang",["b31"]),
Q(UB,"콩이 슬개골 검사 결과 어땠지","negative",[],neg_kind="isolation_same_name",other_user_has=UD,other_user_mem=["d11"]),
Q(UB,"쌍둥이 수영 몇 시야","negative",[],neg_kind="isolation",other_user_has=UC,other_user_mem=["c04","c17"]),
Q(UB,"간판 공사 언제로 미뤄졌지","negative",[],neg_kind="isolation",other_user_has=UA,other_user_mem=["a15","a19","a21"]),
Q(UB,"드론 촬영 허가 신청 했나","negative",[],neg_kind="absent"),
# ---------------- C: twins' dad, youth coach ----------------
Q(UC,"토요일 훈련 장소 어디지","update",["c16"],stale=["c01"]),
Q(UC,"이수진 선생님 상담 몇 시","update",["c22"],stale=["c13"],confusable_other_user=["a04"]),
Q(UC,"what color is our away kit","update",["c15"],stale=["c03"]),
Q(UC,"쌍둥이 수영 월수 몇 시더라","update",["c17"],stale=["c04"]),
Q(UC,"구청장배 대회 날짜 언제","update",["c30"],stale=["c20","c27"]),
Q(UC,"수요일 session 맡는 assistant coach 누구","update",["c23"],stale=["c05"]),
Q(UC,"how much is the monthly team fee","update",["c19"],stale=["c06"]),
Q(UC,"쌍둥이 소아과 어디 다니지","update",["c25"],stale=["c07"]),
Q(UC,"결혼기념일 저녁 예약 어디","update",["c32"],stale=["c26"]),
Q(UC,"서준이 땅콩 알레르기","keyword",["c02"]),
Q(UC,"삼각패스 훈련 몇 분","keyword",["c33"]),
Q(UC,"태권도 노란띠 심사","keyword",["c28"]),
Q(UC,"엄마생신 대구","inflection",["c21"],confusable_other_user=["a25"]),
Q(UC,"지혜 생일이 언제였지","inflection",["c18"]),
Q(UC,"키퍼 글러브 사이즈","paraphrase",["c10"]),
Q(UC,"애들 태어난 날 파티 어디서","paraphrase",["c34"]),
Q(UC,"한강유나이티드 관련 다 알려줘","entity",["c08","c11","c14","c29"],entity="한강유나이티드"),
Q(UC,"3307로 끝나는 번호","numeric",["c14"]),
Q(UC,"11번 달고 뛰는 애 누구","numeric",["c09"]),
Q(UC,"학부모 응원 규칙 뭐였지","mixed_lang",["c12"]),
Q(UC,"when is the next oil change due","mixed_lang",["c24"]),
Q(UC,"이수진 알바 시급 얼마","negative",[],neg_kind="isolation_same_name",other_user_has=UA,other_user_mem=["a04"]),
Q(UC,"Ash Celadon glaze recipe","negative",[],neg_kind="isolation",other_user_has=UD,other_user_mem=["d09","d10"]),
Q(UC,"메트포르민 재고 얼마나 잡아둬","negative",[],neg_kind="isolation",other_user_has=UA,other_user_mem=["a06"]),
Q(UC,"애들 영어학원 레벨테스트 언제","negative",[],neg_kind="absent"),
# ---------------- D: ceramic studio ----------------
Q(UD,"when does my clay order get delivered","update",["d16"],stale=["d01"]),
Q(UD,"kiln tech phone number","update",["d23"],stale=["d03"]),
Q(UD,"what time does the Saturday wheel class start","update",["d28"],stale=["d04"]),
Q(UD,"콩이 사료 뭐 먹이지","update",["d25"],stale=["d05"],confusable_other_user=["b07"]),
Q(UD,"연남 플리마켓 booth 날짜 언제였지","update",["d22"],stale=["d13"]),
Q(UD,"공방 월세 얼마야","update",["d20"],stale=["d06","d18"]),
Q(UD,"택배 수거 무슨 요일","update",["d26"],stale=["d08"]),
Q(UD,"how much silica in the Ash Celadon glaze recipe","update",["d10"],stale=["d09"]),
Q(UD,"동생 결혼식 언제야","update",["d32"],stale=["d29"]),
Q(UD,"물레 AS 접수번호","keyword",["d12"]),
Q(UD,"니트릴 장갑 챙길 수강생","keyword",["d31"]),
Q(UD,"Smile Tree Dental scaling","keyword",["d34"]),
Q(UD,"콩이 생일은 언제야","inflection",["d02"],confusable_other_user=["b02"]),
Q(UD,"엄마 영상 통화 몇 시에 해","inflection",["d17"]),
Q(UD,"강아지 무릎 검사 결과","paraphrase",["d11"]),
Q(UD,"what day do new items drop on the online store","paraphrase",["d15"]),
Q(UD,"콩이 관련 다 알려줘","entity",["d02","d05","d11","d24"],entity="콩이",confusable_other_user=["b02","b07","b17","b22","b30"]),
Q(UD,"what gets fired at 1250","numeric",["d07"]),
Q(UD,"머그 40개 주문한 카페","numeric",["d14"]),
Q(UD,"who walks Kongi and how much do I pay","mixed_lang",["d24"]),
Q(UD,"when do I need to ship dad's birthday package","mixed_lang",["d33"]),
Q(UD,"콩이 밀웜 하루 몇 마리까지","negative",[],neg_kind="isolation_same_name",other_user_has=UB,other_user_mem=["b07"]),
Q(UD,"배고픈곰 편집 단가","negative",[],neg_kind="isolation",other_user_has=UB,other_user_mem=["b14"]),
Q(UD,"U10 유니폼 업체 번호","negative",[],neg_kind="isolation",other_user_has=UC,other_user_mem=["c14"]),
Q(UD,"운전면허 갱신 언제까지","negative",[],neg_kind="absent"),
]

def main():
    key2id, rows = {}, []
    n = 0
    for user in (UA, UB, UC, UD):
        for key, ts, ch, lang, text in MEM[user]:
            n += 1
            mid = "m%04d" % n
            if key in key2id:
                raise SystemExit("duplicate key " + key)
            key2id[key] = mid
            rows.append({"id": mid, "user_id": user, "text": text, "ts": ts,
                         "channel_type": ch, "lang": lang})
    qrows = []
    for i, q in enumerate(QUERIES, 1):
        out = {"qid": "q%03d" % i}
        for k, v in q.items():
            if k in ("gold", "stale", "other_user_mem", "confusable_other_user"):
                v = [key2id[x] for x in v]
            out[k] = v
        qrows.append(out)
    with open(os.path.join(HERE, "memories.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "queries.jsonl"), "w", encoding="utf-8") as f:
        for r in qrows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d memory rows, %d queries" % (len(rows), len(qrows)))

if __name__ == "__main__":
    main()
