#!/usr/bin/env python3
"""Validate blind20 memories.jsonl and queries.jsonl. Exit 1 on any error."""
import datetime as dt
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_FIELDS = ["qid", "user_id", "query", "gold", "type"]
OPT_ORDER = ["stale", "entity", "neg_kind", "other_user_has", "other_user_mem", "confusable_other_user"]
TYPES = {"keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"}
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
TS_MIN = dt.datetime(2026, 1, 3, 0, 0, 0)
TS_MAX = dt.datetime(2026, 6, 28, 23, 59, 59)
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
KO_WD = "월화수목금토일"  # Monday=0
EN_WD = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
EN_MON = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                err(f"{name}:{ln}: blank line")
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{name}:{ln}: bad JSON ({e})")
    return rows


def english_words(text):
    """Real English words: letters only, >=2 chars, not ALL-CAPS, no digits (codes excluded)."""
    out = []
    for tok in re.findall(r"[A-Za-z0-9][A-Za-z0-9_'\-\.]*", text):
        tok = tok.strip(".-'_")
        if re.fullmatch(r"[A-Za-z]+(?:'[A-Za-z]+)?", tok) and len(tok) >= 2 and not tok.isupper():
            out.append(tok)
    return out


def check_dates(where, text, ts_date):
    found = []
    pats = [
        r"(\d{1,2})월\s*(\d{1,2})일\s*\(?\s*([월화수목금토일])요일",
        r"(\d{1,2})월\s*(\d{1,2})일\s*\(([월화수목금토일])\)",
        r"(?<![\d/])(\d{1,2})/(\d{1,2})\s*\(([월화수목금토일])\)",
    ]
    for p in pats:
        for m in re.finditer(p, text):
            found.append((int(m.group(1)), int(m.group(2)), KO_WD.index(m.group(3)), m.group(0)))
    mon = (r"(january|february|march|april|may|june|july|august|september|october|november|december"
           r"|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b\.?")
    wd = r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b"
    for m in re.finditer(mon + r"\s+(\d{1,2}),?\s*\(?\s*" + wd, text, re.I):
        found.append((EN_MON.index(m.group(1).lower()[:3]) + 1, int(m.group(2)),
                      EN_WD.index(m.group(3).lower()[:3]), m.group(0)))
    for m in re.finditer(wd + r",?\s+" + mon + r"\s+(\d{1,2})\b", text, re.I):
        found.append((EN_MON.index(m.group(2).lower()[:3]) + 1, int(m.group(3)),
                      EN_WD.index(m.group(1).lower()[:3]), m.group(0)))
    for mo, d, w, s in found:
        try:
            day = dt.date(2026, mo, d)
        except ValueError:
            err(f"{where}: impossible date {s!r}")
            continue
        if day.weekday() != w:
            err(f"{where}: {s!r} is a {'월화수목금토일'[day.weekday()]}요일 in 2026")
        if ts_date is not None and day < ts_date:
            err(f"{where}: dated mention {s!r} lies before the memory's ts")


def main():
    mems = load("memories.jsonl")
    qs = load("queries.jsonl")
    by_id, user_of, ts_of = {}, {}, {}
    prev_ts = {}
    users = []

    # ---------- memories ----------
    for i, r in enumerate(mems, 1):
        if list(r.keys()) != MEM_FIELDS:
            err(f"memory row {i}: fields {list(r.keys())} != {MEM_FIELDS}")
            continue
        mid = r["id"]
        if mid != f"m{i:04d}":
            err(f"memory row {i}: id {mid} not contiguous (expected m{i:04d})")
        by_id[mid] = r
        user_of[mid] = r["user_id"]
        if not re.fullmatch(r"U[0-9A-Z]{8,10}", r["user_id"]):
            err(f"{mid}: odd user_id {r['user_id']}")
        if r["user_id"] not in users:
            users.append(r["user_id"])
        m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z", r["ts"])
        if not m:
            err(f"{mid}: bad ts format {r['ts']}")
            continue
        try:
            t = dt.datetime(*map(int, m.groups()))
        except ValueError:
            err(f"{mid}: invalid ts {r['ts']}")
            continue
        if not TS_MIN <= t <= TS_MAX:
            err(f"{mid}: ts {r['ts']} outside 2026-01-03..2026-06-28")
        ts_of[mid] = t
        u = r["user_id"]
        if u in prev_ts and t <= prev_ts[u]:
            err(f"{mid}: ts not strictly increasing for user {u}")
        prev_ts[u] = t
        if r["channel_type"] not in ("im", "channel"):
            err(f"{mid}: bad channel_type {r['channel_type']}")
        text, lang = r["text"], r["lang"]
        if not text.strip():
            err(f"{mid}: empty text")
        ew = english_words(text)
        has_h = bool(HANGUL.search(text))
        if lang == "en":
            if has_h:
                err(f"{mid}: lang en but contains Hangul")
            if not ew:
                err(f"{mid}: lang en but no English words")
        elif lang == "mixed":
            if not has_h:
                err(f"{mid}: lang mixed but no Hangul")
            if len(ew) < 2:
                err(f"{mid}: lang mixed but fewer than 2 English words {ew}")
        elif lang == "ko":
            if not has_h:
                err(f"{mid}: lang ko but no Hangul")
            if len(ew) > 1:
                err(f"{mid}: lang ko but {len(ew)} English words {ew}")
        else:
            err(f"{mid}: bad lang {lang}")
        check_dates(mid, text, t.date())
        # cell phone numbers only as 010-xxxx-xxxx
        for pm in re.finditer(r"(?<![\d-])0\d{1,2}[- .]?\d{3,4}[- .]?\d{4}(?![\d])", text):
            if not re.fullmatch(r"010-\d{4}-\d{4}", pm.group(0)):
                err(f"{mid}: phone-like number {pm.group(0)!r} is not a 010-xxxx-xxxx cell phone number")
        for bad in (r"비밀번호", r"password", r"\bPIN\b", r"계좌", r"카드\s*번호", r"card number", r"account number"):
            if re.search(bad, text, re.I):
                err(f"{mid}: forbidden sensitive term {bad!r}")

    # ---------- queries ----------
    seen_types = {}
    for i, r in enumerate(qs, 1):
        keys = list(r.keys())
        qid = r.get("qid", f"row{i}")
        if keys[:5] != Q_FIELDS:
            err(f"{qid}: first fields {keys[:5]} != {Q_FIELDS}")
            continue
        extra = keys[5:]
        if [k for k in OPT_ORDER if k in extra] != extra:
            err(f"{qid}: unknown or misordered optional fields {extra}")
        if qid != f"q{i:03d}":
            err(f"{qid}: qid not contiguous (expected q{i:03d})")
        u, typ, gold = r["user_id"], r["type"], r["gold"]
        if u not in users:
            err(f"{qid}: unknown user {u}")
        if typ not in TYPES:
            err(f"{qid}: bad type {typ}")
            continue
        seen_types.setdefault(u, set()).add(typ)
        if not isinstance(gold, list) or len(set(gold)) != len(gold):
            err(f"{qid}: gold must be a list without duplicates")
            continue
        if not r["query"].strip():
            err(f"{qid}: empty query")
        for g in gold:
            if g not in by_id:
                err(f"{qid}: gold {g} unknown")
            elif user_of[g] != u:
                err(f"{qid}: gold {g} belongs to another user")
        check_dates(qid, r["query"], None)
        allowed = {"update": {"stale", "confusable_other_user"},
                   "entity": {"entity", "confusable_other_user"},
                   "negative": {"neg_kind", "other_user_has", "other_user_mem"}}.get(typ, {"confusable_other_user"})
        for k in extra:
            if k not in allowed:
                err(f"{qid}: field {k} not allowed on type {typ}")
        if typ != "negative" and not gold:
            err(f"{qid}: positive query with empty gold")

        if typ == "update":
            if len(gold) != 1:
                err(f"{qid}: update must have exactly one gold")
            stale = r.get("stale") or []
            if not stale:
                err(f"{qid}: update without stale")
            for s in stale:
                if s not in by_id:
                    err(f"{qid}: stale {s} unknown")
                elif user_of[s] != u:
                    err(f"{qid}: stale {s} belongs to another user")
                elif gold and gold[0] in ts_of and ts_of[s] >= ts_of[gold[0]]:
                    err(f"{qid}: stale {s} is not older than gold {gold[0]}")
                if s in gold:
                    err(f"{qid}: stale {s} also in gold")
        if typ == "entity":
            ent = r.get("entity")
            if not ent:
                err(f"{qid}: entity query without entity")
            else:
                want = [m["id"] for m in mems if m["user_id"] == u and ent in m["text"]]
                if sorted(gold) != sorted(want):
                    err(f"{qid}: entity gold {gold} != lines containing {ent!r} {want}")
                if not 3 <= len(want) <= 8:
                    err(f"{qid}: entity {ent!r} has {len(want)} lines (need 3-8)")
        if typ == "negative":
            if gold:
                err(f"{qid}: negative with non-empty gold")
            nk = r.get("neg_kind")
            if nk not in NEG_KINDS:
                err(f"{qid}: bad neg_kind {nk}")
            if nk == "absent":
                if "other_user_has" in r or "other_user_mem" in r:
                    err(f"{qid}: absent negative must not carry other_user fields")
            elif nk in NEG_KINDS:
                ouh, oum = r.get("other_user_has"), r.get("other_user_mem")
                if not ouh or not oum:
                    err(f"{qid}: {nk} negative needs other_user_has and other_user_mem")
                else:
                    if ouh == u or ouh not in users:
                        err(f"{qid}: other_user_has {ouh} invalid")
                    for m in oum:
                        if m not in by_id:
                            err(f"{qid}: other_user_mem {m} unknown")
                        elif user_of[m] == u:
                            err(f"{qid}: other_user_mem {m} belongs to the asker")
                    if not any(user_of.get(m) == ouh for m in oum):
                        err(f"{qid}: no other_user_mem belongs to other_user_has {ouh}")
        for c in r.get("confusable_other_user", []):
            if c not in by_id:
                err(f"{qid}: confusable {c} unknown")
            elif user_of[c] == u:
                err(f"{qid}: confusable {c} belongs to the asker")

    for u in users:
        missing = TYPES - seen_types.get(u, set())
        if missing:
            err(f"user {u}: query types missing {sorted(missing)}")

    if errors:
        for e in errors:
            print("ERROR:", e)
        print(f"{len(errors)} error(s)")
        sys.exit(1)
    print(f"OK: {len(mems)} memories, {len(qs)} queries, {len(users)} users")


if __name__ == "__main__":
    main()
