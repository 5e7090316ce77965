#!/usr/bin/env python3
"""Checks memories.jsonl / queries.jsonl of blind15 and prints counts. Exit 1 on any error."""
import json
import math
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
TS = re.compile(r"^2026-(0[1-9]|1[0-2])-\d\dT\d\d:\d\d:\d\dZ$")
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


mems = load("memories.jsonl")
queries = load("queries.jsonl")

# ---- memories ----
mem_by_id = {}
for m in mems:
    if set(m) != {"id", "user_id", "text", "ts", "channel_type", "lang"}:
        err(f"{m.get('id')}: unexpected fields {sorted(m)}")
    if m["id"] in mem_by_id:
        err(f"duplicate memory id {m['id']}")
    mem_by_id[m["id"]] = m
    if not TS.match(m["ts"]):
        err(f"{m['id']}: bad ts {m['ts']}")
    if m["channel_type"] not in ("im", "channel"):
        err(f"{m['id']}: bad channel_type")
    has_h = bool(HANGUL.search(m["text"]))
    if m["lang"] == "en" and has_h:
        err(f"{m['id']}: lang en but has Hangul")
    if m["lang"] in ("ko", "mixed") and not has_h:
        err(f"{m['id']}: lang {m['lang']} but no Hangul")
    if m["lang"] not in ("ko", "en", "mixed"):
        err(f"{m['id']}: bad lang")
    if re.search(r"01[016789]-?\d{3,4}-?\d{4}", m["text"]) and not re.search(r"010-\d{4}-\d{4}", m["text"]):
        err(f"{m['id']}: phone number not in 010-xxxx-xxxx shape")

ids_sorted = sorted(mem_by_id)
if ids_sorted != [f"m{i:04d}" for i in range(1, len(mems) + 1)]:
    err("memory ids are not m0001..mNNNN contiguous")

per_user = defaultdict(list)
for m in mems:
    per_user[m["user_id"]].append(m)
for u, rows in per_user.items():
    rows.sort(key=lambda r: r["id"])
    for a, b in zip(rows, rows[1:]):
        if not a["ts"] < b["ts"]:
            err(f"user {u}: ts not strictly increasing at {a['id']} ({a['ts']}) -> {b['id']} ({b['ts']})")

# ---- queries ----
qids = set()
for q in queries:
    qid, uid = q["qid"], q["user_id"]
    if qid in qids:
        err(f"duplicate qid {qid}")
    qids.add(qid)
    if uid not in per_user:
        err(f"{qid}: unknown user {uid}")
    if q["type"] not in TYPES:
        err(f"{qid}: bad type {q['type']}")
    if len(set(q["gold"])) != len(q["gold"]):
        err(f"{qid}: duplicate gold ids")
    for mid in q["gold"] + q.get("stale", []) + q.get("lookalike", []):
        if mid not in mem_by_id:
            err(f"{qid}: unknown id {mid}")
        elif mem_by_id[mid]["user_id"] != uid:
            err(f"{qid}: {mid} belongs to another user")
    for mid in q.get("confusable_other_user", []) + q.get("other_user_mem", []):
        if mid not in mem_by_id:
            err(f"{qid}: unknown id {mid}")
        elif mem_by_id[mid]["user_id"] == uid:
            err(f"{qid}: {mid} should belong to another user")
    overlap = (set(q["gold"]) & set(q.get("stale", []))) | (set(q.get("lookalike", [])) & (set(q["gold"]) | set(q.get("stale", []))))
    if overlap:
        err(f"{qid}: gold/stale/lookalike overlap {sorted(overlap)}")
    t = q["type"]
    if t == "negative":
        if q["gold"]:
            err(f"{qid}: negative with non-empty gold")
        if q.get("neg_kind") not in NEG_KINDS:
            err(f"{qid}: bad neg_kind")
        if q.get("neg_kind") != "absent":
            if not q.get("other_user_mem") or q.get("other_user_has") in (None, uid):
                err(f"{qid}: isolation negative needs other_user_has/other_user_mem")
            elif mem_by_id[q["other_user_mem"][0]]["user_id"] != q["other_user_has"]:
                err(f"{qid}: other_user_has does not own other_user_mem[0]")
    else:
        if not q["gold"]:
            err(f"{qid}: empty gold")
    if t == "update":
        if len(q["gold"]) != 1 or not q.get("stale"):
            err(f"{qid}: update needs exactly one gold and >=1 stale")
        else:
            g = mem_by_id.get(q["gold"][0])
            for s in q["stale"]:
                if s in mem_by_id and g and not mem_by_id[s]["ts"] < g["ts"]:
                    err(f"{qid}: stale {s} is not earlier than gold {g['id']}")
    elif "stale" in q:
        err(f"{qid}: stale on a non-update query")
    if t == "entity" and not (3 <= len(q["gold"]) <= 8 and q.get("entity")):
        err(f"{qid}: entity needs 3-8 gold and an entity string")

by_user_types = defaultdict(set)
for q in queries:
    by_user_types[q["user_id"]].add(q["type"])
for u in per_user:
    missing = set(TYPES) - by_user_types[u]
    if missing:
        err(f"user {u}: missing query types {sorted(missing)}")

# ---- report ----
n = len(mems)
print(f"memories: {n}   queries: {len(queries)}   users: {len(per_user)}")
print("\nmemories per user:", dict(Counter(m["user_id"] for m in mems)))
lang = Counter(m["lang"] for m in mems)
print("lang:", ", ".join(f"{k} {lang[k]} ({100*lang[k]/n:.0f}%)" for k in ("ko", "en", "mixed")))
ch = Counter(m["channel_type"] for m in mems)
print("channel_type:", dict(ch))
print("lang x user:")
for u in per_user:
    c = Counter(m["lang"] for m in per_user[u])
    cc = Counter(m["channel_type"] for m in per_user[u])
    print(f"  {u}: ko {c['ko']:2d} en {c['en']:2d} mixed {c['mixed']:2d} | im {cc['im']:2d} channel {cc['channel']:2d}")
tc = Counter(q["type"] for q in queries)
print("\nqueries by type:", ", ".join(f"{t} {tc[t]}" for t in TYPES))
print("queries per user:", dict(Counter(q["user_id"] for q in queries)))
print("negatives by neg_kind:", dict(Counter(q["neg_kind"] for q in queries if q["type"] == "negative")))
ups = [q for q in queries if q["type"] == "update"]
print(f"update: {len(ups)} queries, {sum(len(q['stale']) == 2 for q in ups)} with 2 stale, "
      f"{sum(1 for q in queries if q.get('lookalike'))} queries carry lookalike, "
      f"{sum(1 for q in queries if q.get('confusable_other_user'))} carry confusable_other_user")
pair_langs = Counter()
for q in ups:
    ls = {mem_by_id[i]["lang"] for i in q["gold"] + q["stale"]}
    pair_langs["fully en" if ls == {"en"} else "ko only" if ls == {"ko"} else "ko/en mixed"] += 1
print("update pair languages:", dict(pair_langs))
ql = Counter("en" if not HANGUL.search(q["query"]) else "ko/mixed" for q in queries)
print("query language:", dict(ql))


# ---- informational: lexical baseline on updates (per-user BM25 over Hangul bigrams + Latin/number tokens)
def toks(s):
    s = s.lower()
    out = re.findall(r"[a-z0-9]+", s)
    for w in re.findall(r"[\uac00-\ud7a3]+", s):
        out += [w] if len(w) == 1 else [w[i:i + 2] for i in range(len(w) - 1)]
    return out


def bm25_rank(query, rows, k1=1.2, b=0.75):
    docs = [toks(r["text"]) for r in rows]
    avg = sum(map(len, docs)) / len(docs)
    df = Counter(t for d in docs for t in set(d))
    qt = toks(query)
    scores = []
    for r, d in zip(rows, docs):
        tf = Counter(d)
        s = sum(math.log(1 + (len(docs) - df[t] + .5) / (df[t] + .5)) * tf[t] * (k1 + 1)
                / (tf[t] + k1 * (1 - b + b * len(d) / avg)) for t in qt if t in tf)
        scores.append((s, r["id"]))
    return [i for s, i in sorted(scores, key=lambda x: -x[0]) if s > 0]


worse = 0
for q in ups:
    rank = bm25_rank(q["query"], per_user[q["user_id"]])
    g = rank.index(q["gold"][0]) if q["gold"][0] in rank else 10 ** 6
    if any(s in rank and rank.index(s) < g for s in q["stale"]):
        worse += 1
print(f"\n(info) plain per-user BM25: a stale memory outranks the gold in {worse} of {len(ups)} update queries")

if errors:
    print(f"\nFAILED: {len(errors)} error(s)")
    for e in errors:
        print("  -", e)
    sys.exit(1)
print("\nOK: all checks passed")
