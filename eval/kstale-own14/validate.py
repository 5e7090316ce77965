#!/usr/bin/env python3
# Checks memories.jsonl / queries.jsonl of the kstale-own14 set.
import json, re, sys
from collections import Counter, defaultdict
from pathlib import Path

D = Path(__file__).resolve().parent
errs = []
mems = [json.loads(l) for l in open(D / "memories.jsonl", encoding="utf-8")]
qs = [json.loads(l) for l in open(D / "queries.jsonl", encoding="utf-8")]

MKEYS = {"id", "user_id", "text", "ts", "channel_type", "lang"}
QKEYS = {"qid", "user_id", "query", "gold", "type", "stale"}
by_id = {}
for m in mems:
    if set(m) != MKEYS: errs.append(f"bad keys {m['id']}")
    if m["id"] in by_id: errs.append(f"dup id {m['id']}")
    by_id[m["id"]] = m
    if not re.fullmatch(r"U[A-Z0-9]{8}", m["user_id"]): errs.append(f"bad user_id {m['user_id']}")
    if not re.fullmatch(r"2026-0[1-6]-\d\dT\d\d:\d\d:\d\dZ", m["ts"]): errs.append(f"bad ts {m['id']}")
    if m["channel_type"] != "im": errs.append(f"channel {m['id']}")
    if m["lang"] not in ("ko", "en", "mixed"): errs.append(f"lang {m['id']}")
    has_ko = bool(re.search(r"[가-힣]", m["text"])); has_en = bool(re.search(r"[A-Za-z]{2,}", m["text"]))
    if m["lang"] == "en" and has_ko: errs.append(f"en note has hangul {m['id']}")
    if m["lang"] == "ko" and not has_ko: errs.append(f"ko note lacks hangul {m['id']}")
    if m["lang"] == "mixed" and not (has_ko and has_en): errs.append(f"mixed note not mixed {m['id']}")
    if m["lang"] == "ko" and m["text"].rstrip().endswith("."): errs.append(f"full stop {m['id']}")

# ids m0001.. in global timestamp order
ids = [m["id"] for m in mems]
if ids != [f"m{i:04d}" for i in range(1, len(mems) + 1)]: errs.append("ids not sequential")
if [m["ts"] for m in mems] != sorted(m["ts"] for m in mems): errs.append("ids not in ts order")
per_user = defaultdict(list)
for m in mems: per_user[m["user_id"]].append(m["ts"])
for u, ts in per_user.items():
    if any(a >= b for a, b in zip(ts, ts[1:])): errs.append(f"ts not strictly increasing for {u}")
    if len(ts) != 25: errs.append(f"{u} has {len(ts)} notes")

qids = [q["qid"] for q in qs]
if len(set(qids)) != len(qids): errs.append("dup qid")
if sorted(qids) != [f"q{i:03d}" for i in range(1, len(qs) + 1)]: errs.append("qids not q001..")
used = Counter()
for q in qs:
    if set(q) != QKEYS: errs.append(f"bad keys {q['qid']}")
    if q["user_id"] not in per_user: errs.append(f"unknown user {q['qid']}")
    for i in q["gold"] + q["stale"]:
        if i not in by_id: errs.append(f"{q['qid']} missing {i}"); continue
        if by_id[i]["user_id"] != q["user_id"]: errs.append(f"{q['qid']} {i} wrong user")
    if set(q["gold"]) & set(q["stale"]): errs.append(f"{q['qid']} gold/stale overlap")
    t = q["type"]
    if t == "update":
        if len(q["gold"]) != 1 or not q["stale"]: errs.append(f"{q['qid']} update shape")
    elif t == "single":
        if len(q["gold"]) != 1 or q["stale"]: errs.append(f"{q['qid']} single shape")
    elif t == "negative":
        if q["gold"] or q["stale"]: errs.append(f"{q['qid']} negative shape")
    else: errs.append(f"{q['qid']} bad type")
    for g in q["gold"]:
        for s in q["stale"]:
            if g in by_id and s in by_id and not by_id[s]["ts"] < by_id[g]["ts"]:
                errs.append(f"{q['qid']} stale {s} not older than gold {g}")
    for i in q["gold"]: used[i] += 1

lang = Counter(m["lang"] for m in mems)
types = Counter(q["type"] for q in qs)
doubles = sum(1 for q in qs if len(q["stale"]) == 2)
print("memories:", len(mems), dict(lang), f"ko share {lang['ko']/len(mems):.0%}")
print("queries:", len(qs), dict(types), "double changes:", doubles)
print("per-user queries:", dict(Counter(q["user_id"] for q in qs)))
print("queries with hangul:", sum(bool(re.search(r'[가-힣]', q['query'])) for q in qs))
if errs:
    print("ERRORS:"); [print(" ", e) for e in errs]; sys.exit(1)
print("OK")
