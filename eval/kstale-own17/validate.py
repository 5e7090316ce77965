#!/usr/bin/env python3
"""Validate blind17 memories.jsonl / queries.jsonl. Exit code 1 on any error."""
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
MEM_KEYS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_KEYS = ["qid", "user_id", "query", "gold", "type", "stale"]
TOKEN_RE = re.compile(r"[0-9a-z가-힣]+")
HANGUL = re.compile(r"[가-힣ㄱ-ㅎㅏ-ㅣ]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")

errors = []


def err(msg):
    errors.append(msg)


def toks(s):
    return set(TOKEN_RE.findall(s.lower()))


def qlang(s):
    h, l = bool(HANGUL.search(s)), bool(LATIN_WORD.search(s))
    return "mixed" if h and l else ("ko" if h else "en")


def load(name, keys):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                err(f"{name}:{i} blank line")
                continue
            o = json.loads(line)
            if list(o.keys()) != keys:
                err(f"{name}:{i} keys {list(o.keys())} != {keys}")
            rows.append(o)
    return rows


mems = load("memories.jsonl", MEM_KEYS)
qs = load("queries.jsonl", Q_KEYS)

# ---- memories ----
by_id = {}
for i, m in enumerate(mems, 1):
    if m["id"] != f"m{i:04d}":
        err(f"memory #{i} id {m['id']} not sequential")
    if m["id"] in by_id:
        err(f"duplicate id {m['id']}")
    by_id[m["id"]] = m
    if not re.fullmatch(r"U[A-Z0-9]{8}", m["user_id"]):
        err(f"{m['id']} bad user_id {m['user_id']}")
    if not re.fullmatch(r"2026-\d\d-\d\dT\d\d:\d\d:\d\dZ", m["ts"]):
        err(f"{m['id']} bad ts {m['ts']}")
    if not ("2026-01-02T00:00:00Z" <= m["ts"] <= "2026-07-30T23:59:59Z"):
        err(f"{m['id']} ts out of range {m['ts']}")
    if m["channel_type"] != "im":
        err(f"{m['id']} channel_type {m['channel_type']}")
    if m["lang"] not in ("ko", "en", "mixed"):
        err(f"{m['id']} lang {m['lang']}")
    if not m["text"].strip():
        err(f"{m['id']} empty text")
    # declared lang roughly consistent with script
    if m["lang"] == "en" and HANGUL.search(m["text"]):
        err(f"{m['id']} lang=en but contains Hangul")
    if m["lang"] == "mixed" and not (HANGUL.search(m["text"]) and LATIN_WORD.search(m["text"])):
        err(f"{m['id']} lang=mixed but not mixed")
    if m["lang"] == "ko" and not HANGUL.search(m["text"]):
        err(f"{m['id']} lang=ko but no Hangul")
ts_list = [m["ts"] for m in mems]
if ts_list != sorted(ts_list):
    err("memories not sorted by ts")
if len(set(ts_list)) != len(ts_list):
    err("duplicate timestamps")
if len(set(m["text"] for m in mems)) != len(mems):
    err("duplicate note texts")

users = Counter(m["user_id"] for m in mems)
if len(mems) != 100:
    err(f"{len(mems)} memories, expected 100")
if len(users) != 4 or any(c != 25 for c in users.values()):
    err(f"notes per user {dict(users)}, expected 4 x 25")
langs = Counter(m["lang"] for m in mems)
ko_share = langs["ko"] / max(1, len(mems))
if not 0.65 <= ko_share <= 0.82:
    err(f"Korean share {ko_share:.2f} not about 3/4")

# ---- queries ----
seen_q = set()
per_user = defaultdict(Counter)
double = Counter()
gold_used = Counter()
stale_more = 0
uq_lang = Counter()
for i, q in enumerate(qs, 1):
    qid = q["qid"]
    if qid != f"q{i:03d}":
        err(f"query #{i} qid {qid} not sequential")
    if qid in seen_q:
        err(f"duplicate qid {qid}")
    seen_q.add(qid)
    if q["user_id"] not in users:
        err(f"{qid} unknown user {q['user_id']}")
    if not q["query"].strip():
        err(f"{qid} empty query")
    t = q["type"]
    per_user[q["user_id"]][t] += 1
    for ref in q["gold"] + q["stale"]:
        if ref not in by_id:
            err(f"{qid} references missing {ref}")
        elif by_id[ref]["user_id"] != q["user_id"]:
            err(f"{qid} references {ref} of another user")
    if set(q["gold"]) & set(q["stale"]):
        err(f"{qid} note both gold and stale")
    if t == "update":
        if len(q["gold"]) != 1 or not 1 <= len(q["stale"]) <= 2:
            err(f"{qid} update needs 1 gold and 1-2 stale")
            continue
        if any(r not in by_id for r in q["gold"] + q["stale"]):
            continue
        g = by_id[q["gold"][0]]
        for s in q["stale"]:
            if not by_id[s]["ts"] < g["ts"]:
                err(f"{qid} gold {g['id']} not newer than stale {s}")
        if len(q["stale"]) == 2:
            double[q["user_id"]] += 1
        gold_used[g["id"]] += 1
        qt = toks(q["query"])
        go = len(qt & toks(g["text"]))
        st = max(len(qt & toks(by_id[s]["text"])) for s in q["stale"])
        stale_more += st > go
        uq_lang[qlang(q["query"])] += 1
    elif t == "single":
        if len(q["gold"]) != 1 or q["stale"]:
            err(f"{qid} single needs 1 gold, no stale")
        else:
            gold_used[q["gold"][0]] += 1
    elif t == "negative":
        if q["gold"] or q["stale"]:
            err(f"{qid} negative must have empty gold/stale")
    else:
        err(f"{qid} bad type {t}")

stale_ids = {s for q in qs for s in q["stale"]}
for mid, c in gold_used.items():
    if c > 1:
        err(f"{mid} is gold for {c} queries")
    if mid in stale_ids:
        err(f"{mid} is gold in one query and stale in another")

if len(qs) != 48:
    err(f"{len(qs)} queries, expected 48")
for u in users:
    c = per_user[u]
    if (c["update"], c["single"], c["negative"]) != (7, 3, 2):
        err(f"{u} query mix {dict(c)}, expected 7/3/2")
    if double[u] != 1:
        err(f"{u} has {double[u]} facts with two stale notes, expected 1")
if uq_lang["en"] < 2 or uq_lang["mixed"] < 2:
    err(f"update query languages {dict(uq_lang)}: need >=2 en and >=2 mixed")
n_upd = sum(c["update"] for c in per_user.values())
if stale_more != 17:
    err(f"stale shares more words than gold in {stale_more}/{n_upd} update queries, expected 17")

print(f"memories: {len(mems)}  users: {len(users)}  langs: {dict(langs)} (ko {ko_share:.0%})")
tc = Counter(q["type"] for q in qs)
print(f"queries: {len(qs)}  types: {dict(tc)}  update-query langs: {dict(uq_lang)}")
print(f"update queries where stale overlaps query more than gold: {stale_more}/{n_upd}")
print(f"stale notes: {len(stale_ids)}  facts with two stale notes: {sum(double.values())}")
if errors:
    print(f"\n{len(errors)} ERROR(S):")
    for e in errors:
        print("  -", e)
    sys.exit(1)
print("OK")
