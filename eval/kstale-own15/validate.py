# checks memories.jsonl / queries.jsonl in this folder
import json, os, re, sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
errs = []

def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]

mem = load("memories.jsonl")
qs = load("queries.jsonl")

# memories: count, ids, fields, order
if len(mem) != 100:
    errs.append("memories: %d lines, want 100" % len(mem))
by_id = {}
for i, m in enumerate(mem, 1):
    if m.get("id") != "m%04d" % i:
        errs.append("memories line %d has id %s" % (i, m.get("id")))
    if set(m) != {"id", "user_id", "text", "ts", "channel_type", "lang"}:
        errs.append("%s: fields %s" % (m.get("id"), sorted(m)))
    if m.get("lang") not in ("ko", "en", "mixed"):
        errs.append("%s: lang %s" % (m["id"], m.get("lang")))
    if m.get("channel_type") != "im":
        errs.append("%s: channel_type" % m["id"])
    if not re.fullmatch(r"U[A-Z0-9]{8}", m.get("user_id", "")):
        errs.append("%s: user_id %s" % (m["id"], m.get("user_id")))
    if not re.fullmatch(r"2026-0[1-7]-\d\dT\d\d:\d\d:\d\dZ", m.get("ts", "")):
        errs.append("%s: ts %s" % (m["id"], m.get("ts")))
    if not (1 <= len(m["text"]) <= 120):
        errs.append("%s: text length %d" % (m["id"], len(m["text"])))
    by_id[m["id"]] = m
if not mem[0]["ts"] >= "2026-01-02" or not mem[-1]["ts"] < "2026-08-01":
    errs.append("ts outside 2026-01-02..2026-07-31")
for a, b in zip(mem, mem[1:]):
    if not a["ts"] < b["ts"]:
        errs.append("global ts order broken at %s/%s" % (a["id"], b["id"]))
per_user = defaultdict(list)
for m in mem:
    per_user[m["user_id"]].append(m)
if len(per_user) != 4:
    errs.append("want 4 users, got %d" % len(per_user))
for u, ms in per_user.items():
    if len(ms) != 25:
        errs.append("%s has %d notes" % (u, len(ms)))
    for a, b in zip(ms, ms[1:]):
        if not a["ts"] < b["ts"]:
            errs.append("%s ts order broken at %s" % (u, b["id"]))

# queries
if len(qs) != 48:
    errs.append("queries: %d lines, want 48" % len(qs))
types = Counter(q["type"] for q in qs)
if types != Counter(update=28, single=12, negative=8):
    errs.append("query types %s" % dict(types))
qpu = Counter(q["user_id"] for q in qs)
for u in per_user:
    if qpu[u] != 12:
        errs.append("%s has %d queries" % (u, qpu[u]))
for i, q in enumerate(qs, 1):
    qid = q.get("qid")
    if qid != "q%03d" % i:
        errs.append("queries line %d has qid %s" % (i, qid))
    if set(q) != {"qid", "user_id", "query", "gold", "type", "stale"}:
        errs.append("%s: fields %s" % (qid, sorted(q)))
    for x in q["gold"] + q["stale"]:
        if x not in by_id:
            errs.append("%s: unknown id %s" % (qid, x))
        elif by_id[x]["user_id"] != q["user_id"]:
            errs.append("%s: %s belongs to another user" % (qid, x))
    t = q["type"]
    if t == "update":
        if len(q["gold"]) != 1 or not q["stale"]:
            errs.append("%s: update needs 1 gold and >=1 stale" % qid)
    elif t == "single":
        if len(q["gold"]) != 1 or q["stale"]:
            errs.append("%s: single needs 1 gold, no stale" % qid)
    elif t == "negative":
        if q["gold"] or q["stale"]:
            errs.append("%s: negative needs empty gold/stale" % qid)
    if set(q["gold"]) & set(q["stale"]):
        errs.append("%s: id both gold and stale" % qid)
    for g in q["gold"]:
        for s in q["stale"]:
            if g in by_id and s in by_id and not by_id[s]["ts"] < by_id[g]["ts"]:
                errs.append("%s: stale %s not older than gold %s" % (qid, s, g))

# no gold note reused across queries of the same user
seen = Counter(g for q in qs for g in q["gold"])
for g, c in seen.items():
    if c > 1:
        errs.append("gold %s used %d times" % (g, c))

print("notes per user:", {u: len(ms) for u, ms in per_user.items()})
print("lang:", dict(Counter(m["lang"] for m in mem)))
print("query types:", dict(types))
if errs:
    print("FAIL")
    for e in errs:
        print(" -", e)
    sys.exit(1)
print("OK")
