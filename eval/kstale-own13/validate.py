#!/usr/bin/env python3
"""Validate the kstale13 memory-recall eval set.

Checks: JSON shape, unique ids, user id format, per-user timestamps,
gold/stale ids exist and belong to the query's user, stale notes are strictly
older than every gold note, type rules (update: 1 gold + >=1 stale; single:
gold, no stale; negative: no gold, no stale). Prints counts.
Exit code 1 if any error.
"""
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
errors = []


def err(msg):
    errors.append(msg)


def load(name):
    rows = []
    with open(HERE / name, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"{name}:{n}: blank line")
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{name}:{n}: bad JSON: {e}")
    return rows


mems = load("memories.jsonl")
qs = load("queries.jsonl")

UID = re.compile(r"^U[0-9A-Z]{8}$")
TS = re.compile(r"^2026-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
MEM_KEYS = {"id", "user_id", "text", "ts", "channel_type", "lang"}
Q_KEYS = {"qid", "user_id", "query", "gold", "type", "stale"}

by_id = {}
for m in mems:
    if set(m) != MEM_KEYS:
        err(f"memory {m.get('id')}: keys {sorted(m)}")
    if m["id"] in by_id:
        err(f"duplicate memory id {m['id']}")
    by_id[m["id"]] = m
    if not re.fullmatch(r"m\d{4}", m["id"]):
        err(f"bad memory id {m['id']}")
    if not UID.match(m["user_id"]):
        err(f"{m['id']}: bad user_id {m['user_id']}")
    if not TS.match(m["ts"]):
        err(f"{m['id']}: bad ts {m['ts']}")
    if m["channel_type"] != "im":
        err(f"{m['id']}: channel_type {m['channel_type']}")
    if m["lang"] not in ("ko", "en", "mixed"):
        err(f"{m['id']}: lang {m['lang']}")
    if not m["text"].strip():
        err(f"{m['id']}: empty text")

# timestamps strictly increasing per user, in file order
last = {}
for m in mems:
    u = m["user_id"]
    if u in last and m["ts"] <= last[u]:
        err(f"{m['id']}: ts not increasing for {u}")
    last[u] = m["ts"]

texts = Counter(m["text"] for m in mems)
for t, c in texts.items():
    if c > 1:
        err(f"duplicate memory text x{c}: {t}")

seen_q = set()
for q in qs:
    qid = q.get("qid")
    if set(q) != Q_KEYS:
        err(f"{qid}: keys {sorted(q)}")
        continue
    if qid in seen_q:
        err(f"duplicate qid {qid}")
    seen_q.add(qid)
    if not UID.match(q["user_id"]):
        err(f"{qid}: bad user_id")
    if not q["query"].strip():
        err(f"{qid}: empty query")
    t, gold, stale = q["type"], q["gold"], q["stale"]
    for mid in gold + stale:
        if mid not in by_id:
            err(f"{qid}: unknown memory {mid}")
        elif by_id[mid]["user_id"] != q["user_id"]:
            err(f"{qid}: {mid} belongs to another user")
    if set(gold) & set(stale):
        err(f"{qid}: id in both gold and stale")
    if t == "update":
        if len(gold) != 1 or not stale:
            err(f"{qid}: update needs 1 gold and >=1 stale")
        elif all(x in by_id for x in gold + stale):
            g_min = min(by_id[g]["ts"] for g in gold)
            for s in stale:
                if by_id[s]["ts"] >= g_min:
                    err(f"{qid}: stale {s} not older than gold")
    elif t == "single":
        if not gold or stale:
            err(f"{qid}: single needs gold and no stale")
    elif t == "negative":
        if gold or stale:
            err(f"{qid}: negative must have empty gold and stale")
    else:
        err(f"{qid}: unknown type {t}")

# every memory user must have queries and vice versa
mu = {m["user_id"] for m in mems}
qu = {q["user_id"] for q in qs}
for u in qu - mu:
    err(f"queries for user without memories: {u}")

# ---- counts ----
print(f"memories: {len(mems)}")
per_user = Counter(m["user_id"] for m in mems)
span = defaultdict(list)
for m in mems:
    span[m["user_id"]].append(m["ts"])
for u in sorted(per_user):
    print(f"  {u}: {per_user[u]} notes, {min(span[u])[:10]} .. {max(span[u])[:10]}")
lang = Counter(m["lang"] for m in mems)
print("  lang:", dict(sorted(lang.items())))
print(f"queries: {len(qs)}")
print("  type:", dict(sorted(Counter(q["type"] for q in qs).items())))
for u in sorted(qu):
    c = Counter(q["type"] for q in qs if q["user_id"] == u)
    print(f"  {u}: {dict(sorted(c.items()))}")
multi = sum(1 for q in qs if q["type"] == "update" and len(q["stale"]) > 1)
print(f"  updates with 2+ stale notes: {multi}")
print(f"  stale notes referenced: {sum(len(q['stale']) for q in qs)}")

if errors:
    print(f"\n{len(errors)} ERROR(S):")
    for e in errors:
        print("  -", e)
    sys.exit(1)
print("\nOK: no errors")
