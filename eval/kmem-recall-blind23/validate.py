#!/usr/bin/env python3
"""Validate blind23 memories.jsonl and queries.jsonl (Python 3 standard library only).

Exits 0 and prints OK when every check passes; otherwise lists the problems and exits 1.
Run:  python3 validate.py   (reads the files next to this script)
"""
import json
import os
import re
import sys
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_BASE = ["qid", "user_id", "query", "gold", "type"]
Q_OPTIONAL_ORDER = ["stale", "entity", "other_user_has", "other_user_mem", "neg_kind", "confusable_other_user"]
TYPES = {"keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"}
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
TS_MIN = datetime(2026, 2, 1, tzinfo=timezone.utc)
TS_MAX = datetime(2026, 6, 30, 23, 59, 59, tzinfo=timezone.utc)
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
PHONE_LIKE = re.compile(r"\b\d{2,4}[- .]\d{3,4}[- .]\d{4}\b")
PHONE_OK = re.compile(r"^010-\d{4}-\d{4}$")

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    rows = []
    path = os.path.join(HERE, name)
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err("%s:%d empty line" % (name, n))
                continue
            try:
                obj = json.loads(line, object_pairs_hook=lambda p: p)
            except json.JSONDecodeError as e:
                err("%s:%d bad JSON: %s" % (name, n, e))
                continue
            keys = [k for k, _ in obj]
            if len(keys) != len(set(keys)):
                err("%s:%d duplicate keys" % (name, n))
            rows.append((n, keys, dict(obj)))
    return rows


def parse_ts(s):
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", s):
        return None
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def check_phone_text(where, text):
    for m in PHONE_LIKE.finditer(text):
        if not PHONE_OK.match(m.group(0)):
            err("%s: phone-like string not in 010-xxxx-xxxx form: %r" % (where, m.group(0)))


def main():
    mems = load("memories.jsonl")
    qs = load("queries.jsonl")

    # ---- memories
    by_id = {}
    for n, keys, m in mems:
        where = "memories.jsonl:%d" % n
        if keys != MEM_FIELDS:
            err("%s fields/order %s != %s" % (where, keys, MEM_FIELDS))
            continue
        if not re.fullmatch(r"m\d{4}", str(m["id"])):
            err("%s bad id %r" % (where, m["id"]))
        if m["id"] in by_id:
            err("%s duplicate id %s" % (where, m["id"]))
        if not re.fullmatch(r"U[0-9A-Z]{8}", str(m["user_id"])):
            err("%s bad user_id %r" % (where, m["user_id"]))
        if not isinstance(m["text"], str) or not m["text"].strip():
            err("%s empty text" % where)
            continue
        ts = parse_ts(str(m["ts"]))
        if ts is None:
            err("%s bad ts %r" % (where, m["ts"]))
        elif not (TS_MIN <= ts <= TS_MAX):
            err("%s ts %s outside 2026-02-01..2026-06-30" % (where, m["ts"]))
        m["_ts"] = ts
        if m["channel_type"] not in ("im", "channel"):
            err("%s bad channel_type %r" % (where, m["channel_type"]))
        has_h = bool(HANGUL.search(m["text"]))
        lang = m["lang"]
        if lang == "en" and has_h:
            err("%s lang en but text has Hangul" % where)
        elif lang == "ko" and not has_h:
            err("%s lang ko but no Hangul" % where)
        elif lang == "mixed" and not (has_h and LATIN_WORD.search(m["text"])):
            err("%s lang mixed but lacks Hangul or English words" % where)
        elif lang not in ("ko", "en", "mixed"):
            err("%s bad lang %r" % (where, lang))
        check_phone_text(where, m["text"])
        by_id[m["id"]] = m

    # id order is global and contiguous; ts strictly increases per user in id order
    ids = [m["id"] for _, _, m in mems]
    if ids != sorted(ids):
        err("memory ids are not in ascending order in the file")
    expected = ["m%04d" % i for i in range(1, len(ids) + 1)]
    if ids != expected:
        err("memory ids are not contiguous m0001..m%04d" % len(ids))
    last = {}
    for mid in sorted(by_id):
        m = by_id[mid]
        if m["_ts"] is None:
            continue
        prev = last.get(m["user_id"])
        if prev is not None and not (m["_ts"] > prev[1]):
            err("ts not strictly increasing for %s: %s (%s) after %s" % (m["user_id"], mid, m["ts"], prev[0]))
        last[m["user_id"]] = (mid, m["_ts"])

    # ---- queries
    qids = set()
    for n, keys, q in qs:
        where = "queries.jsonl:%d" % n
        if keys[:5] != Q_BASE:
            err("%s base fields/order %s != %s" % (where, keys[:5], Q_BASE))
            continue
        extra = keys[5:]
        unknown = [k for k in extra if k not in Q_OPTIONAL_ORDER]
        if unknown:
            err("%s unknown fields %s" % (where, unknown))
        elif extra != sorted(extra, key=Q_OPTIONAL_ORDER.index):
            err("%s optional fields out of order %s" % (where, extra))
        if not re.fullmatch(r"q\d{3}", str(q["qid"])):
            err("%s bad qid %r" % (where, q["qid"]))
        if q["qid"] in qids:
            err("%s duplicate qid %s" % (where, q["qid"]))
        qids.add(q["qid"])
        if not isinstance(q["query"], str) or not q["query"].strip():
            err("%s empty query" % where)
        else:
            check_phone_text(where, q["query"])
        uid, qtype, gold = q["user_id"], q["type"], q["gold"]
        if qtype not in TYPES:
            err("%s bad type %r" % (where, qtype))
        if not isinstance(gold, list) or len(gold) != len(set(gold)):
            err("%s gold must be a list without repeats" % where)
            continue

        for g in gold:
            if g not in by_id:
                err("%s gold id %s does not exist" % (where, g))
            elif by_id[g]["user_id"] != uid:
                err("%s gold id %s belongs to another user" % (where, g))

        if qtype == "negative":
            if gold:
                err("%s negative with non-empty gold" % where)
            kind = q.get("neg_kind")
            if kind not in NEG_KINDS:
                err("%s negative needs neg_kind in %s" % (where, sorted(NEG_KINDS)))
            if kind in ("isolation", "isolation_same_name"):
                oth, omem = q.get("other_user_has"), q.get("other_user_mem")
                if not oth or not omem:
                    err("%s %s needs other_user_has and other_user_mem" % (where, kind))
                else:
                    if oth == uid:
                        err("%s other_user_has is the asker" % where)
                    owners = set()
                    for o in omem:
                        if o not in by_id:
                            err("%s other_user_mem %s does not exist" % (where, o))
                        elif by_id[o]["user_id"] == uid:
                            err("%s other_user_mem %s belongs to the asker" % (where, o))
                        else:
                            owners.add(by_id[o]["user_id"])
                    if owners and oth not in owners:
                        err("%s other_user_has owns none of other_user_mem" % where)
            elif "other_user_has" in q or "other_user_mem" in q:
                err("%s absent negative must not name another user" % where)
        else:
            if not gold:
                err("%s non-negative query with empty gold" % where)
            for f in ("neg_kind", "other_user_has", "other_user_mem"):
                if f in q:
                    err("%s field %s only allowed on negatives" % (where, f))

        if qtype == "update":
            stale = q.get("stale")
            if not stale or len(gold) != 1:
                err("%s update needs exactly one gold and a non-empty stale list" % where)
            else:
                newest = by_id.get(gold[0])
                for s in stale:
                    if s not in by_id:
                        err("%s stale id %s does not exist" % (where, s))
                        continue
                    if s in gold:
                        err("%s stale id %s is also gold" % (where, s))
                    if by_id[s]["user_id"] != uid:
                        err("%s stale id %s belongs to another user" % (where, s))
                    if newest and newest["_ts"] and by_id[s]["_ts"] and not (newest["_ts"] > by_id[s]["_ts"]):
                        err("%s newer (gold) %s is not later than stale %s" % (where, gold[0], s))
        elif "stale" in q:
            err("%s stale only allowed on update queries" % where)

        if qtype == "entity":
            if not q.get("entity"):
                err("%s entity query needs an entity string" % where)
            if not (3 <= len(gold) <= 8):
                err("%s entity gold must hold 3-8 memories" % where)
        elif "entity" in q:
            err("%s entity field only allowed on entity queries" % where)

        for c in q.get("confusable_other_user", []):
            if c not in by_id:
                err("%s confusable id %s does not exist" % (where, c))
            elif by_id[c]["user_id"] == uid:
                err("%s confusable id %s belongs to the asker" % (where, c))

    if errors:
        print("FAILED: %d problem(s)" % len(errors))
        for e in errors:
            print("  -", e)
        sys.exit(1)
    print("OK: %d memories, %d queries, all checks passed" % (len(mems), len(qs)))


if __name__ == "__main__":
    main()
