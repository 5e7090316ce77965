#!/usr/bin/env python3
"""Validate blind19 memories.jsonl / queries.jsonl. Exit 1 on any error."""
import datetime as dt
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []


def err(msg):
    errors.append(msg)


def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{name}:{ln}: bad json: {e}")
    return rows


mems = load("memories.jsonl")
qs = load("queries.jsonl")

MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_BASE = ["qid", "user_id", "query", "gold", "type"]
TYPES = {"keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"}
OPT_ON = {"stale": {"update"}, "entity": {"entity"}, "neg_kind": {"negative"},
          "other_user_has": {"negative"}, "other_user_mem": {"negative"},
          "confusable_other_user": TYPES - {"negative"}}
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
TS_RE = re.compile(r"^2026-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
LO, HI = dt.datetime(2026, 1, 3), dt.datetime(2026, 6, 28, 23, 59, 59)
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
KO_WD = "월화수목금토일"
EN_WD = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
EN_MON = {m: i for i, m in enumerate(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
                                      "Sep", "Oct", "Nov", "Dec"], 1)}
WD = r"(?:\(([월화수목금토일])\)|([월화수목금토일])요일)"
KO_DATE = re.compile(r"(\d{1,2})월\s*(\d{1,2})일\s*" + WD)
SLASH_DATE = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})\s*" + WD)
RANGE_TAIL = re.compile(r"~\s*(\d{1,2})일\s*" + WD)
EN_DATE = re.compile(r"\b(" + "|".join(EN_MON) + r")\s+(\d{1,2})\s*\((" + "|".join(EN_WD) + r")\)")
PHONE_ANY = re.compile(r"(?<!\d)01[0-9][- ]?\d{3,4}[- ]?\d{4}(?!\d)")
PHONE_OK = re.compile(r"^010-\d{4}-\d{4}$")


def english_words(text):
    """Latin words that are not codes (digits, _, -, .) and not ALL-CAPS names."""
    out = []
    for tok in re.findall(r"[A-Za-z0-9][A-Za-z0-9_'.\-]*", text):
        tok = tok.rstrip(".'-")
        if not re.search(r"[A-Za-z]", tok):
            continue
        if re.search(r"[0-9_\-.]", tok):
            continue  # code such as KE2210, v2.0, omsook_py, LM-0423
        core = tok.replace("'", "")
        if core.isupper():
            continue  # ALL-CAPS name / acronym
        if len(core) < 2:
            continue
        out.append(tok)
    return out


def check_weekdays(where, text):
    for m in KO_DATE.finditer(text):
        mo, d, wd = int(m.group(1)), int(m.group(2)), m.group(3) or m.group(4)
        try:
            real = KO_WD[dt.date(2026, mo, d).weekday()]
        except ValueError:
            err(f"{where}: impossible date {mo}/{d}")
            continue
        if real != wd:
            err(f"{where}: {mo}월 {d}일 is {real}, text says {wd}")
        tail = RANGE_TAIL.match(text, m.end())
        if tail:
            d2, wd2 = int(tail.group(1)), tail.group(2) or tail.group(3)
            real2 = KO_WD[dt.date(2026, mo, d2).weekday()]
            if real2 != wd2:
                err(f"{where}: {mo}월 {d2}일 is {real2}, text says {wd2}")
    for m in SLASH_DATE.finditer(text):
        mo, d, wd = int(m.group(1)), int(m.group(2)), m.group(3) or m.group(4)
        try:
            real = KO_WD[dt.date(2026, mo, d).weekday()]
        except ValueError:
            err(f"{where}: impossible date {mo}/{d}")
            continue
        if real != wd:
            err(f"{where}: {mo}/{d} is {real}, text says {wd}")
    for m in EN_DATE.finditer(text):
        mo, d, wd = EN_MON[m.group(1)], int(m.group(2)), m.group(3)
        real = EN_WD[dt.date(2026, mo, d).weekday()]
        if real != wd:
            err(f"{where}: {m.group(0)} is {real}")


# ---------------- memories ----------------
by_id, user_rows = {}, defaultdict(list)
texts = Counter()
for i, m in enumerate(mems, 1):
    where = f"memory #{i}"
    if list(m.keys()) != MEM_FIELDS:
        err(f"{where}: fields {list(m.keys())} != {MEM_FIELDS}")
        continue
    if m["id"] != f"m{i:04d}":
        err(f"{where}: id {m['id']} not contiguous (expected m{i:04d})")
    where = m["id"]
    by_id[m["id"]] = m
    user_rows[m["user_id"]].append(m)
    texts[m["text"]] += 1
    if not re.match(r"^U[0-9A-Z]{8}$", m["user_id"]):
        err(f"{where}: odd user_id {m['user_id']}")
    if not TS_RE.match(m["ts"]):
        err(f"{where}: bad ts {m['ts']}")
    else:
        t = dt.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%SZ")
        if not (LO <= t <= HI):
            err(f"{where}: ts {m['ts']} out of range")
    if m["channel_type"] not in ("im", "channel"):
        err(f"{where}: channel_type {m['channel_type']}")
    text, lang = m["text"], m["lang"]
    has_h = bool(HANGUL.search(text))
    ew = english_words(text)
    if lang == "en":
        if has_h:
            err(f"{where}: lang en but contains Hangul")
    elif lang == "mixed":
        if not has_h or len(ew) < 2:
            err(f"{where}: lang mixed needs Hangul and >=2 English words (got {ew})")
    elif lang == "ko":
        if not has_h:
            err(f"{where}: lang ko without Hangul")
        if len(ew) > 1:
            err(f"{where}: lang ko has {len(ew)} English words {ew}")
    else:
        err(f"{where}: bad lang {lang}")
    check_weekdays(where, text)
    for p in PHONE_ANY.findall(text):
        if not PHONE_OK.match(p):
            err(f"{where}: cell phone not written as 010-xxxx-xxxx: {p}")
for t, c in texts.items():
    if c > 1:
        err(f"duplicate memory text: {t}")
for u, rows in user_rows.items():
    for a, b in zip(rows, rows[1:]):
        if not a["ts"] < b["ts"]:
            err(f"{u}: ts not strictly increasing at {a['id']} -> {b['id']}")
# ids grouped per user must also be in id order (already implied); check id order within user
for u, rows in user_rows.items():
    idn = [int(r["id"][1:]) for r in rows]
    if idn != sorted(idn):
        err(f"{u}: ids out of order")

users = set(user_rows)


def uid(mid):
    return by_id[mid]["user_id"] if mid in by_id else None


# ---------------- queries ----------------
per_user_types = defaultdict(set)
for i, q in enumerate(qs, 1):
    where = f"query #{i}"
    keys = list(q.keys())
    if keys[:5] != Q_BASE:
        err(f"{where}: first fields {keys[:5]} != {Q_BASE}")
        continue
    if q["qid"] != f"q{i:03d}":
        err(f"{where}: qid {q['qid']} not contiguous (expected q{i:03d})")
    where = q["qid"]
    typ, u, gold = q["type"], q["user_id"], q["gold"]
    if typ not in TYPES:
        err(f"{where}: unknown type {typ}")
        continue
    if u not in users:
        err(f"{where}: unknown user {u}")
    per_user_types[u].add(typ)
    for k in keys[5:]:
        if k not in OPT_ON:
            err(f"{where}: unknown field {k}")
        elif typ not in OPT_ON[k]:
            err(f"{where}: field {k} not allowed on type {typ}")
    if not isinstance(gold, list) or len(set(gold)) != len(gold):
        err(f"{where}: gold must be a list without duplicates")
        continue
    for g in gold:
        if g not in by_id:
            err(f"{where}: gold {g} unknown")
        elif uid(g) != u:
            err(f"{where}: gold {g} belongs to another user")
    if not q["query"].strip():
        err(f"{where}: empty query")
    check_weekdays(where, q["query"])

    if typ == "negative":
        if gold:
            err(f"{where}: negative with non-empty gold")
        nk = q.get("neg_kind")
        if nk not in NEG_KINDS:
            err(f"{where}: bad neg_kind {nk}")
        if nk == "absent":
            if "other_user_has" in q or "other_user_mem" in q:
                err(f"{where}: absent negative must not name another user")
        elif nk in NEG_KINDS:
            oh, om = q.get("other_user_has"), q.get("other_user_mem")
            if oh not in users or oh == u:
                err(f"{where}: other_user_has {oh} invalid")
            if not om:
                err(f"{where}: other_user_mem missing")
            else:
                owners = set()
                for mid in om:
                    if mid not in by_id:
                        err(f"{where}: other_user_mem {mid} unknown")
                    elif uid(mid) == u:
                        err(f"{where}: other_user_mem {mid} belongs to the asker")
                    else:
                        owners.add(uid(mid))
                if oh not in owners:
                    err(f"{where}: other_user_has {oh} owns none of other_user_mem")
    else:
        if not gold:
            err(f"{where}: positive with empty gold")
        for k in ("neg_kind", "other_user_has", "other_user_mem"):
            if k in q:
                err(f"{where}: {k} on a positive")

    if typ == "update":
        st = q.get("stale")
        if len(gold) != 1:
            err(f"{where}: update needs exactly one gold")
        if not st:
            err(f"{where}: update needs >=1 stale")
        elif len(gold) == 1 and gold[0] in by_id:
            gts = by_id[gold[0]]["ts"]
            for s in st:
                if s not in by_id:
                    err(f"{where}: stale {s} unknown")
                elif uid(s) != u:
                    err(f"{where}: stale {s} of another user")
                elif s in gold:
                    err(f"{where}: stale {s} also gold")
                elif not by_id[s]["ts"] < gts:
                    err(f"{where}: stale {s} not older than gold")
    elif "stale" in q:
        err(f"{where}: stale on non-update")

    if typ == "entity":
        ent = q.get("entity")
        if not ent:
            err(f"{where}: entity missing")
        else:
            want = [r["id"] for r in user_rows[u] if ent in r["text"]]
            if sorted(want) != sorted(gold):
                err(f"{where}: entity gold {sorted(gold)} != lines containing {ent!r}: {want}")
            if not 3 <= len(gold) <= 8:
                err(f"{where}: entity gold size {len(gold)} not in 3..8")

    for c in q.get("confusable_other_user", []):
        if c not in by_id:
            err(f"{where}: confusable {c} unknown")
        elif uid(c) == u:
            err(f"{where}: confusable {c} belongs to the asker")

for u in users:
    missing = TYPES - per_user_types[u]
    if missing:
        err(f"user {u} lacks query types {sorted(missing)}")

if errors:
    for e in errors:
        print("ERROR:", e)
    print(f"{len(errors)} error(s)")
    sys.exit(1)

lang = Counter(m["lang"] for m in mems)
typ = Counter(q["type"] for q in qs)
nk = Counter(q.get("neg_kind") for q in qs if q["type"] == "negative")
print(f"OK: {len(mems)} memories, {len(qs)} queries")
print("  lang:", dict(lang), " channel:", dict(Counter(m['channel_type'] for m in mems)))
print("  types:", dict(typ))
print("  neg_kind:", dict(nk))
print("  per user memories:", {u: len(r) for u, r in user_rows.items()})
print("  per user queries:", dict(Counter(q["user_id"] for q in qs)))
print("  chains (>=2 stale):", sum(1 for q in qs if len(q.get("stale", [])) >= 2),
      " with confusable:", sum(1 for q in qs if "confusable_other_user" in q))
