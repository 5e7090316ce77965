#!/usr/bin/env python3
"""Checks memories.jsonl / queries.jsonl of blind14 and prints counts.

Hard checks (exit 1 on any failure):
  - memory ids and qids unique; required fields present; values in allowed sets
  - ts is 2026, ISO with Z; per user ts strictly increasing in id order
  - every gold / stale / lookalike id exists and belongs to the query's user
  - stale non-empty on update queries, disjoint from gold; every stale ts < its gold ts
  - lookalike disjoint from gold and stale
  - negatives: gold empty, neg_kind set; other_user_mem / confusable_other_user belong to other users
  - entity golds hold 3-8 ids
  - lang: en has no Hangul, ko/mixed have Hangul, mixed has an English word
  - phone numbers only in 010-xxxx-xxxx shape; weekday names next to M/D dates match 2026
"""
import collections
import datetime as dt
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
WEEKDAY = "월화수목금토일"

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


mems = load("memories.jsonl")
qs = load("queries.jsonl")

# ---------------- memories ----------------
by_id = {}
for m in mems:
    for k in ("id", "user_id", "text", "ts", "channel_type", "lang"):
        if k not in m:
            err(f"{m.get('id')}: missing {k}")
    if m["id"] in by_id:
        err(f"duplicate memory id {m['id']}")
    by_id[m["id"]] = m
    if m["channel_type"] not in ("im", "channel"):
        err(f"{m['id']}: bad channel_type")
    try:
        t = dt.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%SZ")
        if t.year != 2026:
            err(f"{m['id']}: ts not in 2026")
    except ValueError:
        err(f"{m['id']}: bad ts {m['ts']}")
    text, lang = m["text"], m["lang"]
    if lang not in ("ko", "en", "mixed"):
        err(f"{m['id']}: bad lang")
    if lang == "en" and HANGUL.search(text):
        err(f"{m['id']}: en text has Hangul")
    if lang in ("ko", "mixed") and not HANGUL.search(text):
        err(f"{m['id']}: {lang} text has no Hangul")
    if lang == "mixed" and not re.search(r"[A-Za-z]{2,}", text):
        err(f"{m['id']}: mixed text has no English word")
    # phone-like digit groups must be 010-xxxx-xxxx
    for tok in re.findall(r"\d[\d-]{8,}\d", text):
        if "-" in tok and not re.fullmatch(r"010-\d{4}-\d{4}", tok):
            err(f"{m['id']}: phone-like token not in 010-xxxx-xxxx shape: {tok}")
    # weekday check: "4/25 토" style
    for mo, da, wd in re.findall(r"(\d{1,2})/(\d{1,2}) ?([월화수목금토일])(?:요일)?(?![가-힣])", text):
        d = dt.date(2026, int(mo), int(da))
        if WEEKDAY[d.weekday()] != wd:
            err(f"{m['id']}: {mo}/{da} is {WEEKDAY[d.weekday()]}, text says {wd}")

ids = sorted(by_id)
if ids != [f"m{i:04d}" for i in range(1, len(ids) + 1)]:
    err("memory ids are not m0001..mNNNN contiguous")

per_user = collections.defaultdict(list)
for m in mems:
    per_user[m["user_id"]].append(m)
for u, ms in per_user.items():
    ms = sorted(ms, key=lambda x: x["id"])
    for a, b in zip(ms, ms[1:]):
        if not a["ts"] < b["ts"]:
            err(f"{u}: ts not strictly increasing {a['id']} {a['ts']} -> {b['id']} {b['ts']}")

# ---------------- queries ----------------
seen_q = set()
for q in qs:
    qid, uid = q["qid"], q["user_id"]
    if qid in seen_q:
        err(f"duplicate qid {qid}")
    seen_q.add(qid)
    if q["type"] not in TYPES:
        err(f"{qid}: bad type {q['type']}")
    if uid not in per_user:
        err(f"{qid}: unknown user")

    def own(field):
        for i in q.get(field, []):
            if i not in by_id:
                err(f"{qid}: {field} id {i} does not exist")
            elif by_id[i]["user_id"] != uid:
                err(f"{qid}: {field} id {i} belongs to another user")

    def other(field):
        for i in q.get(field, []):
            if i not in by_id:
                err(f"{qid}: {field} id {i} does not exist")
            elif by_id[i]["user_id"] == uid:
                err(f"{qid}: {field} id {i} belongs to the asker")

    own("gold"); own("stale"); own("lookalike")
    other("other_user_mem"); other("confusable_other_user")
    if len(set(q["gold"])) != len(q["gold"]):
        err(f"{qid}: duplicate gold ids")
    gold, stale, look = set(q["gold"]), set(q.get("stale", [])), set(q.get("lookalike", []))
    if gold & stale:
        err(f"{qid}: gold and stale overlap")
    if look & (gold | stale):
        err(f"{qid}: lookalike overlaps gold/stale")

    if q["type"] == "negative":
        if q["gold"]:
            err(f"{qid}: negative with gold")
        nk = q.get("neg_kind")
        if nk not in NEG_KINDS:
            err(f"{qid}: bad neg_kind {nk}")
        if nk == "absent" and q.get("other_user_mem"):
            err(f"{qid}: absent negative lists other_user_mem")
        if nk in ("isolation", "isolation_same_name"):
            if not q.get("other_user_mem"):
                err(f"{qid}: isolation negative without other_user_mem")
            elif q.get("other_user_has") not in {by_id[i]["user_id"] for i in q["other_user_mem"] if i in by_id}:
                err(f"{qid}: other_user_has not among other_user_mem owners")
    else:
        if not q["gold"]:
            err(f"{qid}: positive query with empty gold")
        if "neg_kind" in q or "other_user_mem" in q:
            err(f"{qid}: negative-only fields on a positive")

    if q["type"] == "update":
        if len(q["gold"]) != 1:
            err(f"{qid}: update must have exactly one gold")
        if not stale:
            err(f"{qid}: update without stale")
        for g in gold:
            for s in stale:
                if s in by_id and g in by_id and not by_id[s]["ts"] < by_id[g]["ts"]:
                    err(f"{qid}: stale {s} ts not earlier than gold {g}")
    elif "stale" in q:
        err(f"{qid}: stale on a non-update query")

    if q["type"] == "entity":
        if not q.get("entity"):
            err(f"{qid}: entity query without entity")
        if not 3 <= len(q["gold"]) <= 8:
            err(f"{qid}: entity gold size {len(q['gold'])} not in 3..8")

# ---------------- counts ----------------
C = collections.Counter
print(f"memories: {len(mems)}   queries: {len(qs)}   users: {len(per_user)}")
print("memories by user:", dict(C(m["user_id"] for m in mems)))
lc = C(m["lang"] for m in mems)
print("memories by lang:", {k: f"{v} ({100 * v / len(mems):.0f}%)" for k, v in sorted(lc.items())})
print("memories by channel:", dict(C(m["channel_type"] for m in mems)))
print("lang x user:")
for u in per_user:
    print(f"  {u}:", dict(C(m["lang"] for m in per_user[u])), dict(C(m["channel_type"] for m in per_user[u])))
tc = C(q["type"] for q in qs)
print("queries by type:", {t: tc[t] for t in TYPES})
print("queries by user:", dict(C(q["user_id"] for q in qs)))
for u in per_user:
    types = {q["type"] for q in qs if q["user_id"] == u}
    missing = set(TYPES) - types
    print(f"  {u}: {dict(C(q['type'] for q in qs if q['user_id'] == u))}" + (f"  MISSING {missing}" if missing else ""))
print("negatives by neg_kind:", dict(C(q["neg_kind"] for q in qs if q["type"] == "negative")))
print("positives with confusable_other_user:", sum(1 for q in qs if q["type"] != "negative" and q.get("confusable_other_user")))
print("queries with lookalike:", sum(1 for q in qs if q.get("lookalike")))
ups = [q for q in qs if q["type"] == "update"]
print(f"update queries: {len(ups)}  (with 2+ stale: {sum(len(q['stale']) >= 2 for q in ups)})")


def pair_langs(q):
    return {by_id[i]["lang"] for i in q["gold"] + q["stale"]}


print("update pairs fully English:", sum(pair_langs(q) == {"en"} for q in ups))
print("update pairs mixed or cross-language:", sum("mixed" in pair_langs(q) or len(pair_langs(q)) > 1 for q in ups))
print("query language:", dict(C("ko" if HANGUL.search(q["query"]) else "en" for q in qs)))

if errors:
    print(f"\nFAIL: {len(errors)} problem(s)")
    for e in errors:
        print("  -", e)
    sys.exit(1)
print("\nOK: all checks passed")
