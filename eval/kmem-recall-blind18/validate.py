#!/usr/bin/env python3
"""Checks memories.jsonl / queries.jsonl of blind18 and prints counts. Exit code 1 on any error."""
import json, re, os, sys, datetime
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []
def err(msg): errors.append(msg)

def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]

mems = load("memories.jsonl")
qs = load("queries.jsonl")
if not mems:
    err("memories.jsonl has no memory rows")

MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_REQ = ["qid", "user_id", "query", "gold", "type"]
Q_OPT = {"stale", "entity", "other_user_has", "other_user_mem", "neg_kind", "confusable_other_user"}
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
WD = "월화수목금토일"
BRANDS = {"ipTIME"}  # Latin brand names allowed in ko lines beyond the one free English word

def english_words(text):
    toks = re.findall(r"[A-Za-z0-9][A-Za-z0-9'’\-\.]*", text)
    out = []
    for t in toks:
        t = t.strip(".-'’")
        if sum(c.isalpha() for c in t) >= 2:
            out.append(t)
    return out

def ko_english_words(text):
    """English words that count against a ko line: not codes (digits / ALL CAPS) and not brands."""
    return [w for w in english_words(text)
            if not any(c.isdigit() for c in w) and not w.isupper() and w not in BRANDS]

DATE_RE = re.compile(r"(?:(\d{1,2})월\s*)?(\d{1,2})일\s*(?:\(([%s])\)|([%s])(?:요일|욜))" % (WD, WD))
SLASH_RE = re.compile(r"(\d{1,2})/(\d{1,2})\s*(?:\(([%s])\)|([%s])(?:요일|욜))" % (WD, WD))

def check_weekdays(text, where):
    n = 0
    # month-day forms, a bare "27일(금)" inherits the last month seen before it
    pos_months = [(m.start(), int(m.group(1))) for m in re.finditer(r"(\d{1,2})월(?!\s*[·,]?\s*[%s]요일)" % WD, text)]
    for m in DATE_RE.finditer(text):
        mon = int(m.group(1)) if m.group(1) else None
        if mon is None:
            prev = [mm for p, mm in pos_months if p < m.start()]
            if not prev:
                err("%s: weekday date without month: %r" % (where, m.group(0)))
                continue
            mon = prev[-1]
        day = int(m.group(2)); wd = m.group(3) or m.group(4)
        n += 1
        try:
            real = WD[datetime.date(2026, mon, day).weekday()]
        except ValueError:
            err("%s: impossible date %d/%d" % (where, mon, day)); continue
        if real != wd:
            err("%s: %d/%d is %s in 2026, text says %s" % (where, mon, day, real, wd))
    for m in SLASH_RE.finditer(text):
        mon, day = int(m.group(1)), int(m.group(2)); wd = m.group(3) or m.group(4)
        n += 1
        real = WD[datetime.date(2026, mon, day).weekday()]
        if real != wd:
            err("%s: %d/%d is %s in 2026, text says %s" % (where, mon, day, real, wd))
    return n

# ---------- memories ----------
byid = {}
wd_checked = 0
for i, m in enumerate(mems, 1):
    if list(m.keys()) != MEM_FIELDS:
        err("memory row %d: fields %s" % (i, list(m.keys())))
    if m.get("id") != "m%04d" % i:
        err("memory row %d: id %s not contiguous" % (i, m.get("id")))
    byid[m["id"]] = m
    if m["channel_type"] not in ("im", "channel"):
        err("%s: channel_type %s" % (m["id"], m["channel_type"]))
    if not re.fullmatch(r"2026-\d\d-\d\dT\d\d:\d\d:\d\dZ", m["ts"]):
        err("%s: ts format %s" % (m["id"], m["ts"]))
    elif not ("2026-01-03" <= m["ts"][:10] <= "2026-06-28"):
        err("%s: ts out of range %s" % (m["id"], m["ts"]))
    else:
        datetime.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%SZ")
    t, lang = m["text"], m["lang"]
    hangul = bool(HANGUL.search(t))
    if lang == "en":
        if hangul: err("%s: en row contains Hangul" % m["id"])
    elif lang == "mixed":
        if not hangul: err("%s: mixed row has no Hangul" % m["id"])
        if len(english_words(t)) < 2: err("%s: mixed row has <2 English words %s" % (m["id"], english_words(t)))
    elif lang == "ko":
        if not hangul: err("%s: ko row has no Hangul" % m["id"])
        if len(ko_english_words(t)) > 1: err("%s: ko row has English words %s" % (m["id"], ko_english_words(t)))
    else:
        err("%s: lang %s" % (m["id"], lang))
    if re.search(r"\d{2,3}-\d{3,4}-\d{4}", t):
        for ph in re.findall(r"\b0\d{1,2}-\d{3,4}-\d{4}\b", t):
            if ph.startswith("01") and not re.fullmatch(r"010-\d{4}-\d{4}", ph):
                err("%s: phone not in the 010-xxxx-xxxx form: %s" % (m["id"], ph))
    if re.search(r"(?i)password|비밀번호|\bpin\b|카드번호|계좌번호", t):
        err("%s: looks like a secret" % m["id"])
    wd_checked += check_weekdays(t, m["id"])

users = sorted({m["user_id"] for m in mems}, key=lambda u: min(x["id"] for x in mems if x["user_id"] == u))
per_user = defaultdict(list)
for m in mems:
    per_user[m["user_id"]].append(m)
for u, rows in per_user.items():
    for a, b in zip(rows, rows[1:]):
        if not a["ts"] < b["ts"]:
            err("%s: ts not strictly increasing at %s -> %s" % (u, a["id"], b["id"]))

# ---------- queries ----------
for i, q in enumerate(qs, 1):
    where = q.get("qid", "row %d" % i)
    keys = list(q.keys())
    if keys[:5] != Q_REQ or not set(keys[5:]) <= Q_OPT:
        err("%s: fields %s" % (where, keys))
    if q["qid"] != "q%03d" % i:
        err("%s: qid not contiguous (expected q%03d)" % (where, i))
    u, typ, gold = q["user_id"], q["type"], q["gold"]
    if u not in per_user: err("%s: unknown user %s" % (where, u))
    if typ not in TYPES: err("%s: type %s" % (where, typ))
    for g in gold:
        if g not in byid or byid[g]["user_id"] != u:
            err("%s: gold %s is not a memory row of %s" % (where, g, u))
    if len(set(gold)) != len(gold): err("%s: duplicate gold" % where)
    wd_checked += check_weekdays(q["query"], where)
    # optional-field placement
    if ("stale" in q) != (typ == "update"): err("%s: stale only (and always) on update" % where)
    if ("entity" in q) != (typ == "entity"): err("%s: entity only (and always) on entity" % where)
    if ("neg_kind" in q) != (typ == "negative"): err("%s: neg_kind only (and always) on negative" % where)
    if ("other_user_has" in q or "other_user_mem" in q) and typ != "negative":
        err("%s: other_user_* only on negative" % where)
    if typ == "update":
        if len(gold) != 1:
            err("%s: update needs exactly one gold" % where)
        else:
            g = byid.get(gold[0])
            if not q["stale"]: err("%s: update needs >=1 stale" % where)
            for s in q["stale"]:
                sm = byid.get(s)
                if sm is None or sm["user_id"] != u:
                    err("%s: stale %s not a memory row of %s" % (where, s, u))
                elif g and not sm["ts"] < g["ts"]:
                    err("%s: stale %s is not older than gold %s" % (where, s, gold[0]))
                if s in gold: err("%s: stale id also gold" % where)
    if typ == "entity":
        ent = q["entity"]
        want = sorted(m["id"] for m in per_user[u] if ent in m["text"])
        if sorted(gold) != want:
            err("%s: entity '%s' gold %s != all lines containing it %s" % (where, ent, sorted(gold), want))
        if not 3 <= len(gold) <= 8:
            err("%s: entity gold size %d outside 3-8" % (where, len(gold)))
    if typ == "negative":
        if gold: err("%s: negative with non-empty gold" % where)
        nk = q["neg_kind"]
        if nk not in NEG_KINDS: err("%s: neg_kind %s" % (where, nk))
        if nk == "absent":
            if "other_user_has" in q or "other_user_mem" in q:
                err("%s: absent negative with other_user fields" % where)
        else:
            ou, om = q.get("other_user_has"), q.get("other_user_mem", [])
            if not ou or not om or ou == u:
                err("%s: isolation negative needs other_user_has/other_user_mem" % where)
            for x in om:
                if x not in byid or byid[x]["user_id"] == u:
                    err("%s: other_user_mem %s is not another user's memory row" % (where, x))
            if ou and not any(byid.get(x, {}).get("user_id") == ou for x in om):
                err("%s: other_user_has owns none of other_user_mem" % where)
    else:
        if not gold: err("%s: positive query with empty gold" % where)
    for x in q.get("confusable_other_user", []):
        if typ == "negative": err("%s: confusable_other_user on a negative" % where)
        if x not in byid or byid[x]["user_id"] == u:
            err("%s: confusable %s is not another user's memory row" % (where, x))

# ---------- counts ----------
print("memory rows: %d   queries: %d   weekday-dated mentions checked: %d" % (len(mems), len(qs), wd_checked))
print("\nmemory rows per user (ko / en / mixed, im / channel):")
for u in users:
    rows = per_user[u]
    lc = Counter(m["lang"] for m in rows); cc = Counter(m["channel_type"] for m in rows)
    print("  %s %3d  ko %2d en %2d mixed %2d  im %2d channel %2d" % (u, len(rows), lc["ko"], lc["en"], lc["mixed"], cc["im"], cc["channel"]))
lc = Counter(m["lang"] for m in mems); cc = Counter(m["channel_type"] for m in mems)
print("  total      %3d  ko %2d en %2d mixed %2d  im %2d channel %2d" % (len(mems), lc["ko"], lc["en"], lc["mixed"], cc["im"], cc["channel"]))
print("\nqueries by type:")
tc = Counter(q["type"] for q in qs)
print("  " + "  ".join("%s %d" % (t, tc[t]) for t in TYPES))
print("\nqueries per user x type:")
for u in users:
    c = Counter(q["type"] for q in qs if q["user_id"] == u)
    print("  %s %3d  " % (u, sum(c.values())) + " ".join("%s:%d" % (t[:4], c[t]) for t in TYPES))
print("\nnegatives by neg_kind:", dict(Counter(q["neg_kind"] for q in qs if q["type"] == "negative")))
print("positives with confusable_other_user:", sum(1 for q in qs if q.get("confusable_other_user")))
up = [q for q in qs if q["type"] == "update"]
print("update queries: %d, with a chain (2 stale): %d" % (len(up), sum(1 for q in up if len(q["stale"]) >= 2)))
pair_langs = Counter("%s->%s" % (byid[q["stale"][-1]]["lang"], byid[q["gold"][0]]["lang"]) for q in up)
print("update pair languages (newest stale -> gold):", dict(pair_langs))

if errors:
    print("\nFAILED with %d error(s):" % len(errors))
    for e in errors: print("  - " + e)
    sys.exit(1)
print("\nOK: all checks passed")
