#!/usr/bin/env python3
"""Checks blind17 memories.jsonl / queries.jsonl and prints counts."""
import json, os, re, sys, datetime
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_BASE = ["qid", "user_id", "query", "gold", "type"]
Q_OPT = {"stale", "entity", "other_user_has", "other_user_mem", "neg_kind", "confusable_other_user"}
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
# Latin names/brands/units allowed in `ko` lines; they are not counted as English words.
ALLOW = {"km", "kg", "mg", "fps", "mbps", "px", "tb"}
# words that must appear in no memory row at all (absent negatives), keyed by query text
ABSENT_TERMS = {
    "약국 에어컨 수리 기사 번호": ["에어컨"],
    "드론 촬영 허가 신청 했나": ["드론", "허가"],
    "애들 영어학원 레벨테스트 언제": ["영어", "레벨테스트"],
    "운전면허 갱신 언제까지": ["운전", "면허"],
}
WD_KO = "월화수목금토일"
MON_EN = {m: i for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}
DAY_EN = {d: i for i, d in enumerate(["mon", "tue", "wed", "thu", "fri", "sat", "sun"])}

errors = []
def err(msg):
    errors.append(msg)

def load(name):
    path = os.path.join(HERE, name)
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]

def english_words(text):
    words = []
    for tok in re.findall(r"[A-Za-z0-9][A-Za-z0-9'.\-]*", text):
        if re.search(r"\d", tok):
            continue  # codes like U10, H.265, a6400, S-2291
        tok = tok.strip(".'-")
        if len(tok) < 2 or tok.isupper() or tok.lower() in ALLOW:
            continue  # single letters, acronyms/codes (PD, KTX, AS, VAT), units
        words.append(tok)
    return words

def lang_of(text):
    if not HANGUL.search(text):
        return "en"
    return "mixed" if len(english_words(text)) >= 2 else "ko"

def check_dates(text, where):
    n = 0
    pats = [r"(\d{1,2})월\s*(\d{1,2})일\s*(?:\(([월화수목금토일])\)|([월화수목금토일])요일)",
            r"(?<![\d/])(\d{1,2})/(\d{1,2})\s*(?:\(([월화수목금토일])\)|([월화수목금토일])요일)"]
    for p in pats:
        for m in re.finditer(p, text):
            mo, da, w = int(m.group(1)), int(m.group(2)), m.group(3) or m.group(4)
            n += 1
            try:
                real = datetime.date(2026, mo, da).weekday()
            except ValueError:
                err("%s: impossible date %d/%d" % (where, mo, da)); continue
            if WD_KO[real] != w:
                err("%s: %d/%d is %s요일 in 2026, text says %s" % (where, mo, da, WD_KO[real], w))
    for m in re.finditer(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+(\d{1,2})\b", text):
        n += 1
        real = datetime.date(2026, MON_EN[m.group(2).lower()], int(m.group(3))).weekday()
        if real != DAY_EN[m.group(1).lower()]:
            err("%s: %s is wrong weekday for 2026" % (where, m.group(0)))
    return n

def grams(s):
    s = s.lower()
    out = set()
    for w in re.findall(r"[\uac00-\ud7a3]+", s):
        out |= {w[i:i + 2] for i in range(len(w) - 1)} if len(w) > 1 else {w}
    out |= set(re.findall(r"[a-z]{2,}|\d+", s))
    return out

def main():
    mems, qs = load("memories.jsonl"), load("queries.jsonl")
    if not mems:
        err("memories.jsonl has no memory rows")
    byid, by_user = {}, defaultdict(list)
    date_checks = 0
    for i, m in enumerate(mems, 1):
        if list(m.keys()) != MEM_FIELDS:
            err("%s: fields %s" % (m.get("id"), list(m.keys())))
        if m["id"] != "m%04d" % i:
            err("memory ids not contiguous at row %d (%s)" % (i, m["id"]))
        byid[m["id"]] = m
        by_user[m["user_id"]].append(m)
        if not re.fullmatch(r"2026-\d\d-\d\dT\d\d:\d\d:\d\dZ", m["ts"]) or not ("2026-01-03" <= m["ts"][:10] <= "2026-06-28"):
            err("%s: bad ts %s" % (m["id"], m["ts"]))
        if m["channel_type"] not in ("im", "channel"):
            err("%s: channel_type" % m["id"])
        got = lang_of(m["text"])
        if m["lang"] != got:
            err("%s: lang %s but text looks %s (english words: %s)" % (m["id"], m["lang"], got, english_words(m["text"])))
        date_checks += check_dates(m["text"], m["id"])
        for ph in re.findall(r"\d{2,4}-\d{3,4}-\d{4}", m["text"]):
            if not re.fullmatch(r"010-\d{4}-\d{4}", ph):
                err("%s: phone-like number %s not 010-xxxx-xxxx" % (m["id"], ph))
        if re.search(r"비밀번호|password|\bPIN\b|카드번호|계좌번호|account number", m["text"], re.I):
            err("%s: looks like a secret" % m["id"])
    texts = Counter(m["text"] for m in mems)
    for t, c in texts.items():
        if c > 1:
            err("duplicate text: " + t)
    for u, rows in by_user.items():
        for a, b in zip(rows, rows[1:]):
            if not a["ts"] < b["ts"]:
                err("%s: ts not strictly increasing (%s -> %s)" % (u, a["id"], b["id"]))
        ids = [int(r["id"][1:]) for r in rows]
        if ids != list(range(ids[0], ids[0] + len(ids))):
            err("%s: memory rows of this user are not one block" % u)

    per_user_types = defaultdict(Counter)
    upd_stale_more = 0
    for i, q in enumerate(qs, 1):
        qid = q.get("qid")
        keys = list(q.keys())
        if keys[:5] != Q_BASE or not set(keys[5:]) <= Q_OPT:
            err("%s: fields %s" % (qid, keys))
        if qid != "q%03d" % i:
            err("query ids not contiguous at row %d (%s)" % (i, qid))
        u, t, gold = q["user_id"], q["type"], q["gold"]
        if u not in by_user:
            err("%s: unknown user" % qid)
        if t not in TYPES:
            err("%s: bad type %s" % (qid, t))
        per_user_types[u][t] += 1
        date_checks += check_dates(q["query"], qid)
        for g in gold:
            if g not in byid or byid[g]["user_id"] != u:
                err("%s: gold %s not the user's" % (qid, g))
        if len(set(gold)) != len(gold):
            err("%s: repeated gold" % qid)
        if "stale" in q and t != "update":
            err("%s: stale on non-update" % qid)
        if t == "update":
            st = q.get("stale", [])
            if len(gold) != 1 or not st:
                err("%s: update needs exactly one gold and >=1 stale" % qid)
            else:
                g = byid[gold[0]]
                for s in st:
                    if s not in byid or byid[s]["user_id"] != u:
                        err("%s: stale %s not the user's" % (qid, s))
                    elif not byid[s]["ts"] < g["ts"]:
                        err("%s: stale %s is not older than gold" % (qid, s))
                    if s in gold:
                        err("%s: stale id also in gold" % qid)
                qg = grams(q["query"])
                og = len(qg & grams(g["text"]))
                os_ = max(len(qg & grams(byid[s]["text"])) for s in st if s in byid)
                if os_ > og:
                    upd_stale_more += 1
        if t == "entity":
            ent = q.get("entity")
            if not ent:
                err("%s: entity missing" % qid)
            else:
                want = sorted(m["id"] for m in by_user[u] if ent in m["text"])
                if sorted(gold) != want:
                    err("%s: entity gold %s != lines containing %s %s" % (qid, gold, ent, want))
                if not 3 <= len(gold) <= 8:
                    err("%s: entity gold size %d" % (qid, len(gold)))
        elif "entity" in q:
            err("%s: entity field on non-entity" % qid)
        if t == "negative":
            if gold:
                err("%s: negative with non-empty gold" % qid)
            nk = q.get("neg_kind")
            if nk not in NEG_KINDS:
                err("%s: neg_kind %s" % (qid, nk))
            if nk == "absent":
                if "other_user_has" in q or "other_user_mem" in q:
                    err("%s: absent negative names another user" % qid)
                terms = ABSENT_TERMS.get(q["query"])
                if not terms:
                    err("%s: absent negative without checked terms" % qid)
                for term in terms or []:
                    hits = [m["id"] for m in mems if term in m["text"]]
                    if hits:
                        err("%s: absent term %s found in %s" % (qid, term, hits))
            elif nk in ("isolation", "isolation_same_name"):
                o, om = q.get("other_user_has"), q.get("other_user_mem", [])
                if not o or o == u or not om:
                    err("%s: isolation negative needs other_user_has/other_user_mem" % qid)
                for x in om:
                    if x not in byid or byid[x]["user_id"] == u:
                        err("%s: other_user_mem %s belongs to the asker" % (qid, x))
                if om and o not in {byid[x]["user_id"] for x in om if x in byid}:
                    err("%s: other_user_has not among other_user_mem owners" % qid)
        else:
            if not gold:
                err("%s: positive query with empty gold" % qid)
            for f in ("neg_kind", "other_user_has", "other_user_mem"):
                if f in q:
                    err("%s: %s on a positive" % (qid, f))
        for x in q.get("confusable_other_user", []):
            if x not in byid or byid[x]["user_id"] == u:
                err("%s: confusable %s is the asker's own" % (qid, x))
        if t == "mixed_lang":
            if lang_of(q["query"]) == byid[gold[0]]["lang"]:
                err("%s: mixed_lang query and memory are the same language" % qid)

    for u in by_user:
        missing = [t for t in TYPES if per_user_types[u][t] == 0]
        if missing:
            err("%s: types missing %s" % (u, missing))

    # counts
    print("memory rows: %d  users: %d" % (len(mems), len(by_user)))
    for u, rows in by_user.items():
        lc = Counter(r["lang"] for r in rows)
        cc = Counter(r["channel_type"] for r in rows)
        print("  %s rows=%d ko=%d en=%d mixed=%d im=%d channel=%d queries=%d" % (
            u, len(rows), lc["ko"], lc["en"], lc["mixed"], cc["im"], cc["channel"], sum(per_user_types[u].values())))
    lc = Counter(m["lang"] for m in mems)
    print("lang: ko=%d en=%d mixed=%d" % (lc["ko"], lc["en"], lc["mixed"]))
    tc = Counter(q["type"] for q in qs)
    print("queries: %d  " % len(qs) + "  ".join("%s=%d" % (t, tc[t]) for t in TYPES))
    nk = Counter(q.get("neg_kind") for q in qs if q["type"] == "negative")
    print("negatives by kind: " + "  ".join("%s=%d" % kv for kv in sorted(nk.items())))
    upd = [q for q in qs if q["type"] == "update"]
    pairs = Counter()
    for q in upd:
        g = byid[q["gold"][0]]["lang"]
        s = byid[q["stale"][-1]]["lang"]
        pairs["%s->%s" % (s, g)] += 1
    print("update pairs (newest stale lang -> gold lang): " + "  ".join("%s=%d" % kv for kv in sorted(pairs.items())))
    print("update chains (>=2 stale): %d" % sum(1 for q in upd if len(q["stale"]) >= 2))
    print("update queries sharing more bigrams with a stale line than with gold: %d of %d" % (upd_stale_more, len(upd)))
    print("positives with confusable_other_user: %d" % sum(1 for q in qs if q.get("confusable_other_user")))
    print("weekday+date combos checked: %d" % date_checks)
    en_en = pairs.get("en->en", 0)
    mixed_pairs = sum(1 for q in upd if byid[q["gold"][0]]["lang"] == "mixed" and byid[q["stale"][-1]]["lang"] == "mixed")
    if en_en < 5:
        err("fewer than 5 English->English update pairs")
    if mixed_pairs < 3:
        err("fewer than 3 mixed update pairs")
    if errors:
        print("\nFAILED with %d problem(s):" % len(errors))
        for e in errors:
            print("  - " + e)
        sys.exit(1)
    print("\nOK: all checks passed")

if __name__ == "__main__":
    main()
