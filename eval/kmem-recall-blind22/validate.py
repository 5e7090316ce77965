#!/usr/bin/env python3
"""Validate blind22 memories.jsonl / queries.jsonl. Prints every problem; exit 1 on any error."""
import datetime as dt
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
ERRORS = []
DATE_CHECKS = [0]


def err(msg):
    ERRORS.append(msg)


def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                err("%s line %d: blank line" % (name, n))
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err("%s line %d: bad JSON (%s)" % (name, n, e))
    return rows


MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_BASE = ["qid", "user_id", "query", "gold", "type"]
Q_OPTIONAL = ["stale", "entity", "other_user_has", "other_user_mem", "neg_kind", "confusable_other_user"]
TYPES = {"keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"}
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
USER_RE = re.compile(r"^U0[A-Z0-9]{7,9}$")
TS_RE = re.compile(r"^2026-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")

KO_WD = "월화수목금토일"
EN_WD = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
EN_MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
WD_ALT = "|".join(EN_WD)
MON_ALT = "|".join(EN_MON)
DATE_PATTERNS = [
    # 2월 12일 목요일 / 5월 23일 (토) / 4월 5일 일요일 / 3월 6일 금욜
    ("ko", re.compile(r"(\d{1,2})월\s*(\d{1,2})일\s*(?:\(([%s])(?:요일)?\)|([%s])(?:요일|욜))" % (KO_WD, KO_WD)),
     lambda m: (int(m.group(1)), int(m.group(2)), KO_WD.index(m.group(3) or m.group(4)))),
    # 3/21(토) / 6/5 (금) / 3/19 (Thu)
    ("slash", re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})\s*\(([%s]|%s)[a-z]*\)" % (KO_WD, WD_ALT)),
     lambda m: (int(m.group(1)), int(m.group(2)),
                KO_WD.index(m.group(3)) if m.group(3) in KO_WD else EN_WD.index(m.group(3)))),
    # Thu, Mar 5 / Saturday June 13
    ("en_wd_first", re.compile(r"\b(%s)[a-z]*,?\s+(%s)[a-z]*\.?\s+(\d{1,2})\b" % (WD_ALT, MON_ALT)),
     lambda m: (EN_MON.index(m.group(2)) + 1, int(m.group(3)), EN_WD.index(m.group(1)))),
    # Mar 5 (Thu)
    ("en_date_first", re.compile(r"\b(%s)[a-z]*\.?\s+(\d{1,2})\s*\((%s)[a-z]*\)" % (MON_ALT, WD_ALT)),
     lambda m: (EN_MON.index(m.group(1)) + 1, int(m.group(2)), EN_WD.index(m.group(3)))),
]
PHONE_CANDIDATES = [
    re.compile(r"(?<![\d-])\+?\d{2,4}[-.\s]\d{3,4}[-.\s]\d{4}(?![\d-])"),
    re.compile(r"(?<!\d)0\d{8,10}(?!\d)"),
    re.compile(r"\+82"),
]
PHONE_OK = re.compile(r"^010-\d{4}-\d{4}$")
BANNED = [
    (re.compile(r"mobile\s+number", re.I), "an English phrase for a cell phone's number"),
    (re.compile(r"password|passcode|비밀번호|비번", re.I), "a password"),
    (re.compile(r"\bPIN\b"), "a PIN"),
    (re.compile(r"계좌|account number|card number|카드번호|카드 번호", re.I), "an account/card number"),
]


def check_text_rules(where, text, ts=None):
    # phone numbers only as 010-xxxx-xxxx
    for pat in PHONE_CANDIDATES:
        for m in pat.finditer(text):
            if not PHONE_OK.match(m.group(0)):
                err("%s: phone-like string %r is not 010-xxxx-xxxx" % (where, m.group(0)))
    for pat, what in BANNED:
        if pat.search(text):
            err("%s: contains %s" % (where, what))
    # weekday-date agreement (year 2026); appointments stored before they happen
    for name, pat, conv in DATE_PATTERNS:
        for m in pat.finditer(text):
            mon, day, wd = conv(m)
            DATE_CHECKS[0] += 1
            try:
                d = dt.date(2026, mon, day)
            except ValueError:
                err("%s: impossible date %r" % (where, m.group(0)))
                continue
            if d.weekday() != wd:
                err("%s: %r but 2026-%02d-%02d is a %s" % (where, m.group(0), mon, day, EN_WD[d.weekday()]))
            if ts is not None and d < ts.date():
                err("%s: dated event %r is before the note's ts %s" % (where, m.group(0), ts.date()))
    return


def main():
    mems = load("memories.jsonl")
    qs = load("queries.jsonl")

    # ---------------- memories ----------------
    by_id = {}
    last_ts = {}
    texts = Counter()
    phone_owner = {}
    for i, r in enumerate(mems, 1):
        where = "memory %s" % r.get("id", "#%d" % i)
        if list(r.keys()) != MEM_FIELDS:
            err("%s: fields %s != %s" % (where, list(r.keys()), MEM_FIELDS))
            continue
        if r["id"] != "m%04d" % i:
            err("%s: expected sequential id m%04d" % (where, i))
        if r["id"] in by_id:
            err("%s: duplicate id" % where)
        by_id[r["id"]] = r
        if not isinstance(r["user_id"], str) or not USER_RE.match(r["user_id"]):
            err("%s: bad user_id %r" % (where, r["user_id"]))
        if r["channel_type"] not in ("im", "channel"):
            err("%s: bad channel_type %r" % (where, r["channel_type"]))
        text = r["text"]
        if not isinstance(text, str) or not text.strip():
            err("%s: empty text" % where)
            continue
        texts[text] += 1
        ts = None
        if not TS_RE.match(r["ts"]):
            err("%s: bad ts %r (want 2026-MM-DDTHH:MM:SSZ)" % (where, r["ts"]))
        else:
            try:
                ts = dt.datetime.strptime(r["ts"], "%Y-%m-%dT%H:%M:%SZ")
            except ValueError:
                err("%s: invalid ts %r" % (where, r["ts"]))
        if ts is not None:
            prev = last_ts.get(r["user_id"])
            if prev is not None and ts <= prev:
                err("%s: ts %s not after previous ts %s of the same user" % (where, r["ts"], prev))
            last_ts[r["user_id"]] = ts
        # lang
        has_h = bool(HANGUL.search(text))
        has_en_word = bool(re.search(r"[A-Za-z]{3,}", text))
        if r["lang"] == "en":
            if has_h:
                err("%s: lang en but text has Hangul" % where)
        elif r["lang"] == "mixed":
            if not (has_h and has_en_word):
                err("%s: lang mixed needs both Hangul and an English word" % where)
        elif r["lang"] == "ko":
            if not has_h:
                err("%s: lang ko but no Hangul" % where)
            if re.search(r"\b[a-z]{4,}\b", text):
                err("%s: lang ko but has a lowercase English word (mixed?)" % where)
        else:
            err("%s: bad lang %r" % (where, r["lang"]))
        check_text_rules(where, text, ts)
        for p in re.findall(r"010-\d{4}-\d{4}", text):
            owner = phone_owner.setdefault(p, r["user_id"])
            if owner != r["user_id"]:
                err("%s: phone %s also used by another user" % (where, p))
    for t, c in texts.items():
        if c > 1:
            err("duplicate memory text %r" % t)

    def ts_of(mid):
        return dt.datetime.strptime(by_id[mid]["ts"], "%Y-%m-%dT%H:%M:%SZ")

    def check_ids(where, ids, what):
        if not isinstance(ids, list):
            err("%s: %s is not a list" % (where, what))
            return []
        if len(set(ids)) != len(ids):
            err("%s: duplicate ids in %s" % (where, what))
        ok = []
        for mid in ids:
            if mid not in by_id:
                err("%s: %s id %s does not exist" % (where, what, mid))
            else:
                ok.append(mid)
        return ok

    # ---------------- queries ----------------
    gold_any, stale_any = set(), set()
    seen_q = set()
    per_user_types = defaultdict(Counter)
    for i, q in enumerate(qs, 1):
        where = "query %s" % q.get("qid", "#%d" % i)
        keys = list(q.keys())
        if keys[:5] != Q_BASE:
            err("%s: first fields %s != %s" % (where, keys[:5], Q_BASE))
            continue
        extra = keys[5:]
        if any(k not in Q_OPTIONAL for k in extra):
            err("%s: unknown fields %s" % (where, [k for k in extra if k not in Q_OPTIONAL]))
            continue
        if extra != sorted(extra, key=Q_OPTIONAL.index):
            err("%s: optional fields out of order %s" % (where, extra))
        if q["qid"] != "q%03d" % i:
            err("%s: expected sequential qid q%03d" % (where, i))
        if q["qid"] in seen_q:
            err("%s: duplicate qid" % where)
        seen_q.add(q["qid"])
        uid, t = q["user_id"], q["type"]
        if t not in TYPES:
            err("%s: bad type %r" % (where, t))
        per_user_types[uid][t] += 1
        if not isinstance(q["query"], str) or not q["query"].strip():
            err("%s: empty query" % where)
        else:
            check_text_rules(where, q["query"])
        gold = check_ids(where, q["gold"], "gold")
        for mid in gold:
            if by_id[mid]["user_id"] != uid:
                err("%s: gold %s belongs to another user" % (where, mid))
        gold_any.update(gold)
        allowed = set()
        if t == "update":
            allowed = {"stale", "confusable_other_user"}
            if "stale" not in q or not q["stale"]:
                err("%s: update without stale" % where)
            if len(gold) != 1:
                err("%s: update needs exactly one gold (the newest note)" % where)
            stale = check_ids(where, q.get("stale", []), "stale")
            for mid in stale:
                if by_id[mid]["user_id"] != uid:
                    err("%s: stale %s belongs to another user" % (where, mid))
                if mid in gold:
                    err("%s: %s is both gold and stale" % (where, mid))
                for g in gold:
                    if ts_of(g) <= ts_of(mid):
                        err("%s: gold %s is not newer than stale %s" % (where, g, mid))
            stale_any.update(stale)
        elif t == "negative":
            allowed = {"other_user_has", "other_user_mem", "neg_kind"}
            if q["gold"] != []:
                err("%s: negative with non-empty gold" % where)
            nk = q.get("neg_kind")
            if nk not in NEG_KINDS:
                err("%s: bad neg_kind %r" % (where, nk))
            if nk == "absent":
                if "other_user_has" in q or "other_user_mem" in q:
                    err("%s: absent negative must not name another user" % where)
            elif nk in NEG_KINDS:
                if "other_user_has" not in q or "other_user_mem" not in q:
                    err("%s: %s negative needs other_user_has and other_user_mem" % (where, nk))
                else:
                    other = q["other_user_has"]
                    if other == uid:
                        err("%s: other_user_has is the asking user" % where)
                    om = check_ids(where, q["other_user_mem"], "other_user_mem")
                    if not om:
                        err("%s: empty other_user_mem" % where)
                    if any(by_id[m]["user_id"] == uid for m in om):
                        err("%s: other_user_mem contains the asker's own memory" % where)
                    if om and not any(by_id[m]["user_id"] == other for m in om):
                        err("%s: no other_user_mem belongs to other_user_has" % where)
        elif t == "entity":
            allowed = {"entity", "confusable_other_user"}
            if not q.get("entity"):
                err("%s: entity query without entity" % where)
            if not 3 <= len(gold) <= 8:
                err("%s: entity gold should hold 3-8 memories" % where)
        else:
            allowed = {"confusable_other_user"}
            if len(gold) < 1:
                err("%s: positive query with empty gold" % where)
        bad = [k for k in extra if k not in allowed]
        if bad:
            err("%s: fields %s not allowed on type %s" % (where, bad, t))
        if "confusable_other_user" in q:
            cu = check_ids(where, q["confusable_other_user"], "confusable_other_user")
            if not cu:
                err("%s: empty confusable_other_user" % where)
            if any(by_id[m]["user_id"] == uid for m in cu):
                err("%s: confusable_other_user contains the asker's own memory" % where)

    both = gold_any & stale_any
    if both:
        err("memories used both as stale and as gold: %s" % sorted(both))

    # ---------------- summary ----------------
    tc = Counter(q["type"] for q in qs)
    print("memories: %d, queries: %d" % (len(mems), len(qs)))
    print("by type: " + ", ".join("%s=%d" % (k, tc[k]) for k in sorted(tc)))
    print("neg_kind: %s" % dict(Counter(q.get("neg_kind") for q in qs if q["type"] == "negative")))
    print("lang: %s; channel: %s" % (dict(Counter(m["lang"] for m in mems)),
                                      dict(Counter(m["channel_type"] for m in mems))))
    upd_lang = Counter()
    chains = 0
    for q in qs:
        if q["type"] != "update" or not all(m in by_id for m in q["gold"] + q.get("stale", [])):
            continue
        langs = {by_id[m]["lang"] for m in q["gold"] + q["stale"]}
        upd_lang["en" if langs == {"en"} else "ko" if langs == {"ko"} else "mixed"] += 1
        chains += len(q["stale"]) >= 2
    print("weekday-date checks: %d" % DATE_CHECKS[0])
    print("update pairs by language: %s; 3-version chains: %d" % (dict(upd_lang), chains))
    for uid, c in per_user_types.items():
        missing = TYPES - set(c)
        print("  %s: %d queries%s" % (uid, sum(c.values()), (" (missing types: %s)" % sorted(missing)) if missing else ""))
    if ERRORS:
        print("\n%d error(s):" % len(ERRORS))
        for e in ERRORS:
            print("  - " + e)
        sys.exit(1)
    print("OK: no errors")


if __name__ == "__main__":
    main()
