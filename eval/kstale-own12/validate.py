# Checks memories.jsonl / queries.jsonl and that README counts match.
import json, re, sys, collections
from datetime import datetime

errs = []
def err(s): errs.append(s)

def load(p, keys):
    rows = []
    for i, line in enumerate(open(p, encoding="utf-8"), 1):
        try:
            r = json.loads(line)
        except Exception as e:
            err(f"{p}:{i} not JSON: {e}"); continue
        miss = [k for k in keys if k not in r]
        if miss: err(f"{p}:{i} missing {miss}")
        rows.append(r)
    return rows

M = load("memories.jsonl", ["id", "user_id", "text", "ts", "channel_type", "lang"])
Q = load("queries.jsonl", ["qid", "user_id", "query", "gold", "type"])

mem = {}
for m in M:
    if m["id"] in mem: err(f"duplicate id {m['id']}")
    mem[m["id"]] = m
    if not re.fullmatch(r"U0[A-Z0-9]{7}", m["user_id"]): err(f"bad user id {m['user_id']}")
    if not re.fullmatch(r"2026-\d\d-\d\dT\d\d:\d\d:\d\dZ", m["ts"]): err(f"bad ts {m['id']}")
    if m["channel_type"] != "im": err(f"channel_type {m['id']}")
    if m["lang"] not in ("ko", "en", "mixed"): err(f"lang {m['id']}")
def T(i): return datetime.strptime(mem[i]["ts"], "%Y-%m-%dT%H:%M:%SZ")

# users contiguous, ids in order, ts rising
seen, prev = [], None
for k, m in enumerate(M, 1):
    if m["id"] != f"m{k:04d}": err(f"id order at {m['id']}")
    if m["user_id"] != (prev["user_id"] if prev else None):
        if m["user_id"] in seen: err(f"user {m['user_id']} not contiguous")
        seen.append(m["user_id"])
    elif T(m["id"]) <= T(prev["id"]): err(f"ts not rising at {m['id']}")
    prev = m

qids = set()
for k, q in enumerate(Q, 1):
    if q["qid"] in qids: err(f"duplicate qid {q['qid']}")
    qids.add(q["qid"])
    if q["qid"] != f"q{k:03d}": err(f"qid order {q['qid']}")
    ids = q["gold"] + q.get("stale", [])
    for i in ids:
        if i not in mem: err(f"{q['qid']}: {i} missing"); continue
        if mem[i]["user_id"] != q["user_id"]: err(f"{q['qid']}: {i} other user")
    t = q["type"]
    if t == "update":
        if len(q["gold"]) != 1 or not q.get("stale"): err(f"{q['qid']} update shape")
        elif all(i in mem for i in ids):
            for s in q["stale"]:
                if T(s) >= T(q["gold"][0]): err(f"{q['qid']}: stale {s} not older than gold")
    elif t == "keyword":
        if len(q["gold"]) != 1 or "stale" in q: err(f"{q['qid']} keyword shape")
    elif t == "negative":
        if q["gold"] or "stale" in q: err(f"{q['qid']} negative shape")
    else: err(f"{q['qid']} bad type")

tc = collections.Counter(q["type"] for q in Q)
lc = collections.Counter(m["lang"] for m in M)
actual = {"memories": len(M), "queries": len(Q), "update": tc["update"], "keyword": tc["keyword"],
          "negative": tc["negative"], "stale links": sum(len(q.get("stale", [])) for q in Q),
          "notes lang ko": lc["ko"], "notes lang en": lc["en"], "notes lang mixed": lc["mixed"]}

readme = open("README.md", encoding="utf-8").read()
for k, v in actual.items():
    m = re.search(r"^\| " + re.escape(k) + r" \| (\d+) \|", readme, re.M)
    if not m: err(f"README lacks count row '{k}'")
    elif int(m.group(1)) != v: err(f"README {k}={m.group(1)} but files have {v}")
for u in seen:
    ids = [m["id"] for m in M if m["user_id"] == u]
    c = collections.Counter(q["type"] for q in Q if q["user_id"] == u)
    row = re.search(r"^\| " + u + r" \|[^|]*\| (m\d{4})–(m\d{4}) \| (\d+) \| (\d+)/(\d+)/(\d+) \|", readme, re.M)
    if not row: err(f"README lacks user row {u}"); continue
    want = (ids[0], ids[-1], str(len(ids)), str(c["update"]), str(c["keyword"]), str(c["negative"]))
    if row.groups() != want: err(f"README user row {u} {row.groups()} != {want}")
# README update table: gold/stale ids and langs
for q in Q:
    if q["type"] != "update": continue
    row = re.search(r"^\| " + q["qid"] + r" \|[^|]*\| (.*?) \| (.*?) \|$", readme, re.M)
    fmt = lambda ids: ", ".join(f"{i} ({mem[i]['lang']})" for i in ids)
    if not row: err(f"README lacks update row {q['qid']}")
    elif row.groups() != (fmt(q["gold"]), fmt(q["stale"])): err(f"README row {q['qid']} {row.groups()}")

# cross-language update pairs and mixed involvement (informational)
def lg(i): return mem[i]["lang"]
cross = [q["qid"] for q in Q if q["type"] == "update"
         and any({lg(q["gold"][0]), lg(s)} == {"ko", "en"} for s in q["stale"])]
mixed = [q["qid"] for q in Q if q["type"] == "update"
         and any(lg(i) == "mixed" for i in q["gold"] + q["stale"])]
HANG = re.compile(r"[\uac00-\ud7a3]")
qx = [q["qid"] for q in Q if q["gold"] and bool(HANG.search(q["query"])) != (lg(q["gold"][0]) != "en")]

print("counts:", actual)
print("per user:", {u: sum(m["user_id"] == u for m in M) for u in seen})
print("cross-language ko/en update pairs:", len(cross), cross)
print("updates involving a mixed note:", len(mixed), mixed)
print("queries whose language differs from gold (ko-query vs en-gold or en-query vs ko/mixed-gold):", qx)
if len(cross) < 6: err("fewer than 6 cross-language pairs")
if len(mixed) < 4: err("fewer than 4 mixed updates")
if errs:
    print("FAIL"); [print(" -", e) for e in errs]; sys.exit(1)
print("OK")
