#!/usr/bin/env python3
"""Validate memories.jsonl and queries.jsonl of the blind21 set. Exit 1 on any error."""
import json
import os
import re
import sys
from collections import Counter, defaultdict
from datetime import date, datetime

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []


def err(msg):
    errors.append(msg)


MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_FIELDS = ["qid", "user_id", "query", "gold", "type"]
Q_OPTIONAL = ["stale", "entity", "neg_kind", "other_user_has", "other_user_mem",
              "confusable_other_user"]
TYPES = {"keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang",
         "update", "negative"}
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
TS_RE = re.compile(r"^2026-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
UID_RE = re.compile(r"^U[0-9A-Z]{8,10}$")


def load(name):
    rows = []
    path = os.path.join(HERE, name)
    try:
        with open(path, encoding="utf-8") as f:
            for i, line in enumerate(f, 1):
                if not line.strip():
                    err("%s:%d empty line" % (name, i))
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as e:
                    err("%s:%d bad JSON: %s" % (name, i, e))
    except OSError as e:
        err("cannot read %s: %s" % (name, e))
    return rows


# ---- weekday / date agreement (2026 calendar) -------------------------------
KO_WD = {c: i for i, c in enumerate("월화수목금토일")}
EN_WD_RE = (r"(Mon(?:day)?|Tue(?:s|sday)?|Wed(?:nesday)?|Thu(?:r|rs|rsday)?|Fri(?:day)?"
            r"|Sat(?:urday)?|Sun(?:day)?)")
EN_MON_RE = (r"(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
             r"|Sep(?:t|tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)")
EN_MON = {m: i + 1 for i, m in enumerate(
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])}
EN_WD = {w: i for i, w in enumerate(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])}
KO_WD_ALT = r"(?:\(\s*([월화수목금토일])(?:요일)?\s*\)|([월화수목금토일])요일)"

DATE_PATTERNS = [
    # 3월 14일 토요일 / 3월 14일(토)
    ("ko", re.compile(r"(\d{1,2})월\s*(\d{1,2})일\s*" + KO_WD_ALT), ("m", "d", "w", "w")),
    # 3/14(토) / 3/14 토요일
    ("ko", re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})\s*" + KO_WD_ALT), ("m", "d", "w", "w")),
    # 토요일(3/14) / 토요일 3월 14일
    ("ko", re.compile(r"([월화수목금토일])요일\s*\(?\s*(\d{1,2})\s*[/월]\s*(\d{1,2})(?!\d)"),
     ("w", "m", "d")),
    # Sat Mar 14 / Saturday, March 14
    ("en", re.compile(r"\b" + EN_WD_RE + r"\.?,?\s+" + EN_MON_RE + r"\.?\s+(\d{1,2})(?!\d)"),
     ("w", "m", "d")),
    # Mar 14 (Sat) / March 14, Saturday
    ("en", re.compile(r"\b" + EN_MON_RE + r"\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s*\(?\s*"
                      + EN_WD_RE + r"\b"), ("m", "d", "w")),
    # 3/14 (Sat) / Sat 3/14
    ("en", re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})\s*\(\s*" + EN_WD_RE + r"\s*\)"),
     ("m", "d", "w")),
    ("en", re.compile(r"\b" + EN_WD_RE + r"\.?,?\s+(\d{1,2})/(\d{1,2})(?![\d/])"),
     ("w", "m", "d")),
]


def check_dates(text, where):
    """Return the number of dated weekdays found; record errors for mismatches."""
    found = 0
    for lang, rx, roles in DATE_PATTERNS:
        for mt in rx.finditer(text):
            mo = d = wd = None
            for role, val in zip(roles, mt.groups()):
                if val is None:
                    continue
                if role == "m":
                    mo = int(val) if val.isdigit() else EN_MON[val[:3]]
                elif role == "d":
                    d = int(val)
                elif role == "w":
                    wd = KO_WD[val] if lang == "ko" else EN_WD[val[:3]]
            found += 1
            try:
                real = date(2026, mo, d).weekday()
            except (TypeError, ValueError):
                err("%s: impossible date in %r" % (where, mt.group(0)))
                continue
            if real != wd:
                err("%s: %r but 2026-%02d-%02d is a %s" % (
                    where, mt.group(0), mo, d, "MonTueWedThuFriSatSun"[real * 3:real * 3 + 3]))
    return found


# ---- phone numbers -----------------------------------------------------------
PHONE_CAND = re.compile(r"\+?\d[\d\-.\s()]{6,}\d")
PHONE_OK = re.compile(r"010-\d{4}-\d{4}")


def check_phones(text, where):
    for mt in PHONE_CAND.finditer(text):
        s = mt.group(0)
        if sum(c.isdigit() for c in s) >= 8 and not PHONE_OK.fullmatch(s.strip()):
            err("%s: phone-like number not in 010-xxxx-xxxx form: %r" % (where, s))
    for mt in re.finditer(r"(?<![\d-])0\d{1,2}-\d{3,4}-\d{4}(?![\d-])", text):
        if not PHONE_OK.fullmatch(mt.group(0)):
            err("%s: phone number not in 010-xxxx-xxxx form: %r" % (where, mt.group(0)))


def main():
    mems = load("memories.jsonl")
    qs = load("queries.jsonl")
    dated = 0

    # ---- memories ----
    by_id = {}
    last_ts = {}
    for i, m in enumerate(mems, 1):
        where = "memory %s" % m.get("id", "#%d" % i)
        if list(m.keys()) != MEM_FIELDS:
            err("%s: fields %s, expected %s" % (where, list(m.keys()), MEM_FIELDS))
            continue
        if m["id"] != "m%04d" % i:
            err("%s: expected id m%04d (ids in order)" % (where, i))
        if m["id"] in by_id:
            err("%s: duplicate id" % where)
        by_id[m["id"]] = m
        if not UID_RE.match(m["user_id"]):
            err("%s: odd user_id %r" % (where, m["user_id"]))
        if not isinstance(m["text"], str) or not m["text"].strip():
            err("%s: empty text" % where)
            continue
        if not TS_RE.match(m["ts"]):
            err("%s: ts %r not YYYY-MM-DDTHH:MM:SSZ in 2026" % (where, m["ts"]))
            continue
        try:
            ts = datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%SZ")
        except ValueError:
            err("%s: unparseable ts %r" % (where, m["ts"]))
            continue
        if not (datetime(2026, 1, 1) <= ts < datetime(2026, 7, 1)):
            err("%s: ts %s outside 2026-01..2026-06" % (where, m["ts"]))
        u = m["user_id"]
        if u in last_ts and ts <= last_ts[u]:
            err("%s: ts %s does not increase within user %s" % (where, m["ts"], u))
        last_ts[u] = ts
        if m["channel_type"] not in ("im", "channel"):
            err("%s: channel_type %r" % (where, m["channel_type"]))
        has_h = bool(HANGUL.search(m["text"]))
        has_latin_word = bool(re.search(r"[A-Za-z]{2,}", m["text"]))
        if m["lang"] == "en" and has_h:
            err("%s: lang en but has Hangul" % where)
        elif m["lang"] == "ko" and not has_h:
            err("%s: lang ko but no Hangul" % where)
        elif m["lang"] == "mixed" and not (has_h and has_latin_word):
            err("%s: lang mixed needs both Hangul and English words" % where)
        elif m["lang"] not in ("en", "ko", "mixed"):
            err("%s: lang %r" % (where, m["lang"]))
        dated += check_dates(m["text"], where)
        check_phones(m["text"], where)

    users = sorted({m["user_id"] for m in mems if "user_id" in m})

    def ts_of(mid):
        return by_id[mid]["ts"]

    # ---- queries ----
    seen_q = set()
    for i, q in enumerate(qs, 1):
        where = "query %s" % q.get("qid", "#%d" % i)
        keys = list(q.keys())
        if keys[:5] != Q_FIELDS:
            err("%s: first fields %s, expected %s" % (where, keys[:5], Q_FIELDS))
            continue
        extra = keys[5:]
        if any(k not in Q_OPTIONAL for k in extra) or extra != [k for k in Q_OPTIONAL if k in extra]:
            err("%s: optional fields %s not a subset of %s in that order" % (where, extra, Q_OPTIONAL))
        if q["qid"] != "q%03d" % i:
            err("%s: expected qid q%03d (qids in order)" % (where, i))
        if q["qid"] in seen_q:
            err("%s: duplicate qid" % where)
        seen_q.add(q["qid"])
        u, t = q["user_id"], q["type"]
        if u not in users:
            err("%s: user %s is missing from memories.jsonl" % (where, u))
        if t not in TYPES:
            err("%s: unknown type %r" % (where, t))
        if not isinstance(q["query"], str) or not q["query"].strip():
            err("%s: empty query text" % where)
        else:
            dated += check_dates(q["query"], where)
            check_phones(q["query"], where)
        gold = q["gold"]
        if not isinstance(gold, list) or len(set(gold)) != len(gold):
            err("%s: gold must be a list without duplicates" % where)
            continue
        for g in gold:
            if g not in by_id:
                err("%s: gold %s does not exist" % (where, g))
            elif by_id[g]["user_id"] != u:
                err("%s: gold %s belongs to %s" % (where, g, by_id[g]["user_id"]))
        stale = q.get("stale")
        if stale is not None:
            if t != "update":
                err("%s: stale on a %s query" % (where, t))
            if not stale or len(set(stale)) != len(stale):
                err("%s: stale must be a non-empty list without duplicates" % where)
            for s in stale:
                if s not in by_id:
                    err("%s: stale %s does not exist" % (where, s))
                elif by_id[s]["user_id"] != u:
                    err("%s: stale %s belongs to %s" % (where, s, by_id[s]["user_id"]))
                if s in gold:
                    err("%s: %s is both gold and stale" % (where, s))
        if t == "update":
            if len(gold) != 1 or not stale:
                err("%s: update needs exactly one gold and at least one stale" % where)
            elif gold[0] in by_id:
                for s in stale:
                    if s in by_id and not ts_of(s) < ts_of(gold[0]):
                        err("%s: stale %s (%s) is not older than gold %s (%s)" % (
                            where, s, ts_of(s), gold[0], ts_of(gold[0])))
        if ("entity" in q) != (t == "entity"):
            err("%s: entity field iff type entity" % where)
        if t == "entity" and not (3 <= len(gold) <= 8):
            err("%s: entity gold should hold 3-8 memories" % where)
        if t == "negative":
            if gold:
                err("%s: negative with non-empty gold" % where)
            nk = q.get("neg_kind")
            if nk not in NEG_KINDS:
                err("%s: neg_kind %r" % (where, nk))
            iso = nk in ("isolation", "isolation_same_name")
            if iso != ("other_user_has" in q and "other_user_mem" in q):
                err("%s: other_user_has/other_user_mem iff isolation kind" % where)
            if iso:
                om = q["other_user_mem"]
                owners = set()
                for x in om:
                    if x not in by_id:
                        err("%s: other_user_mem %s does not exist" % (where, x))
                    elif by_id[x]["user_id"] == u:
                        err("%s: other_user_mem %s belongs to the asker" % (where, x))
                    else:
                        owners.add(by_id[x]["user_id"])
                if q["other_user_has"] == u or q["other_user_has"] not in owners:
                    err("%s: other_user_has %s does not own any other_user_mem" % (
                        where, q["other_user_has"]))
        else:
            if not gold:
                err("%s: empty gold on a positive query" % where)
            for k in ("neg_kind", "other_user_has", "other_user_mem"):
                if k in q:
                    err("%s: %s on a non-negative query" % (where, k))
        for x in q.get("confusable_other_user", []):
            if x not in by_id:
                err("%s: confusable %s does not exist" % (where, x))
            elif by_id[x]["user_id"] == u:
                err("%s: confusable %s belongs to the asker" % (where, x))

    # ---- summary ----
    tc = Counter(q.get("type") for q in qs)
    print("memories: %d  users: %d  queries: %d  update queries: %d  dated weekdays checked: %d"
          % (len(mems), len(users), len(qs), tc.get("update", 0), dated))
    print("types:", dict(sorted(tc.items())))
    if errors:
        for e in errors:
            print("ERROR:", e)
        print("%d error(s)" % len(errors))
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
