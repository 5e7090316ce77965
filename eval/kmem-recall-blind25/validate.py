#!/usr/bin/env python3
"""Validate blind25 memories.jsonl / queries.jsonl. Prints 'OK: ...' and exits 0, else lists problems, exits 1."""
import datetime as dt
import importlib.util
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
MEM_KEYS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_REQ = ["qid", "user_id", "query", "gold", "type"]
Q_OPT = {"stale": {"update"}, "entity": {"entity"}, "other_user_has": {"negative"}, "other_user_mem": {"negative"},
         "neg_kind": {"negative"},
         "confusable_other_user": {"keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update"}}
HANGUL = re.compile(r"[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
LOWER_WORD = re.compile(r"\b[a-z]{4,}\b")
TS_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
BANNED = ["mobile" + " number", "password", "비밀번호", "카드번호", "card number", "계좌", "account number"]

problems = []


def bad(msg):
    problems.append(msg)


def load(name):
    rows = []
    path = os.path.join(HERE, name)
    if not os.path.exists(path):
        bad("missing file " + name)
        return rows, ""
    raw = open(path, encoding="utf-8").read()
    for i, line in enumerate(raw.splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except ValueError as e:
            bad("%s line %d: bad JSON (%s)" % (name, i, e))
    return rows, raw


def parse_ts(s):
    return dt.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")


mems, mem_raw = load("memories.jsonl")
qs, q_raw = load("queries.jsonl")

# ---------------------------------------------------------------- memories
by_id = {}
for i, m in enumerate(mems, 1):
    if list(m.keys()) != MEM_KEYS:
        bad("memory row %d: keys %s != %s" % (i, list(m.keys()), MEM_KEYS))
        continue
    mid = m["id"]
    if mid != "m%04d" % i:
        bad("memory row %d: id %s, expected m%04d" % (i, mid, i))
    if mid in by_id:
        bad("duplicate memory id " + mid)
    by_id[mid] = m
    if not re.match(r"^U[0-9A-Z]{8}$", m["user_id"]):
        bad(mid + ": bad user_id " + m["user_id"])
    if not TS_RE.match(m["ts"]):
        bad(mid + ": bad ts " + m["ts"])
    else:
        t = parse_ts(m["ts"])
        if not (dt.datetime(2026, 1, 1) <= t <= dt.datetime(2026, 12, 31)):
            bad(mid + ": ts out of 2026")
    if m["channel_type"] not in ("im", "channel"):
        bad(mid + ": bad channel_type")
    text = m["text"]
    if not isinstance(text, str) or not text.strip():
        bad(mid + ": empty text")
        continue
    hangul = bool(HANGUL.search(text))
    if m["lang"] == "en":
        if hangul:
            bad(mid + ": lang en but has Hangul")
    elif m["lang"] == "ko":
        if not hangul:
            bad(mid + ": lang ko without Hangul")
        if len(LOWER_WORD.findall(text)) > 1:
            bad(mid + ": lang ko but looks like it has English words: %s" % LOWER_WORD.findall(text))
    elif m["lang"] == "mixed":
        if not hangul or not LATIN_WORD.search(text):
            bad(mid + ": lang mixed needs Hangul and an English word")
    else:
        bad(mid + ": bad lang " + str(m["lang"]))
texts = [m.get("text") for m in mems]
if len(set(texts)) != len(texts):
    bad("duplicate memory texts")

users = sorted({m["user_id"] for m in by_id.values()})
if len(users) != 4:
    bad("expected 4 users, got %d" % len(users))
for u in users:
    ums = [m for m in mems if m.get("user_id") == u and TS_RE.match(m.get("ts", ""))]
    for a, b in zip(ums, ums[1:]):
        if not parse_ts(a["ts"]) < parse_ts(b["ts"]):
            bad("user %s: ts not strictly increasing in id order at %s -> %s" % (u, a["id"], b["id"]))
    ids = [int(m["id"][1:]) for m in ums]
    if ids != list(range(ids[0], ids[0] + len(ids))):
        bad("user %s: ids not contiguous" % u)
    if not 30 <= len(ums) <= 37:
        bad("user %s: %d memories (expected about 33)" % (u, len(ums)))


def owner(mid):
    return by_id[mid]["user_id"] if mid in by_id else None


# ---------------------------------------------------------------- queries
for i, x in enumerate(qs, 1):
    if any(k not in x for k in Q_REQ):
        bad("query row %d: missing required keys" % i)
        continue
    if list(x.keys())[:4] != ["qid", "user_id", "query", "gold"]:
        bad("%s: key order differs from kmem-dev" % x["qid"])
    if x["qid"] != "q%03d" % i:
        bad("query row %d: qid %s, expected q%03d" % (i, x["qid"], i))
    if x["type"] not in TYPES:
        bad(x["qid"] + ": bad type " + str(x["type"]))
    for k in x:
        if k in Q_REQ:
            continue
        if k not in Q_OPT:
            bad("%s: unknown field %s" % (x["qid"], k))
        elif x["type"] not in Q_OPT[k]:
            bad("%s: field %s not allowed on type %s" % (x["qid"], k, x["type"]))
    if x["user_id"] not in users:
        bad(x["qid"] + ": unknown user")
    if not isinstance(x["query"], str) or not x["query"].strip():
        bad(x["qid"] + ": empty query")
    if len(set(x["gold"])) != len(x["gold"]):
        bad(x["qid"] + ": duplicate gold ids")
    for fld in ("gold", "stale"):
        for mid in x.get(fld, []):
            if mid not in by_id:
                bad("%s: %s id %s does not exist" % (x["qid"], fld, mid))
            elif owner(mid) != x["user_id"]:
                bad("%s: %s id %s belongs to another user" % (x["qid"], fld, mid))
    for mid in x.get("confusable_other_user", []):
        if mid not in by_id or owner(mid) == x["user_id"]:
            bad("%s: confusable id %s missing or same user" % (x["qid"], mid))

stale_all = set()
for x in qs:
    stale_all.update(x.get("stale", []))

for x in qs:
    qid, t = x["qid"], x["type"]
    if t == "update":
        if len(x["gold"]) != 1:
            bad(qid + ": update gold must be a single id")
            continue
        if not x.get("stale"):
            bad(qid + ": update without stale")
            continue
        g = x["gold"][0]
        if g in stale_all:
            bad(qid + ": update gold %s is stale elsewhere" % g)
        if any(s not in by_id for s in x["stale"]) or g not in by_id:
            continue
        gt = parse_ts(by_id[g]["ts"])
        for s in x["stale"]:
            if not parse_ts(by_id[s]["ts"]) < gt:
                bad("%s: stale %s is not older than gold %s" % (qid, s, g))
        if g in x["stale"]:
            bad(qid + ": gold listed as stale")
    else:
        for g in x["gold"]:
            if g in stale_all:
                bad("%s (%s): gold %s is a stale memory" % (qid, t, g))
    if t == "negative":
        if x["gold"]:
            bad(qid + ": negative with non-empty gold")
        nk = x.get("neg_kind")
        if nk not in ("absent", "isolation", "isolation_same_name"):
            bad(qid + ": bad neg_kind")
        elif nk == "absent":
            if "other_user_has" in x or "other_user_mem" in x:
                bad(qid + ": absent negative with other_user fields")
        else:
            ou, om = x.get("other_user_has"), x.get("other_user_mem", [])
            if not ou or not om:
                bad(qid + ": isolation negative without other_user_has/other_user_mem")
            elif ou == x["user_id"] or ou not in users:
                bad(qid + ": bad other_user_has")
            else:
                for mid in om:
                    if mid not in by_id or owner(mid) == x["user_id"]:
                        bad("%s: other_user_mem %s missing or the asker's own" % (qid, mid))
                if not any(owner(mid) == ou for mid in om):
                    bad(qid + ": other_user_has owns none of other_user_mem")
    else:
        if not x["gold"]:
            bad(qid + ": positive query with empty gold")
    if t == "entity":
        if not x.get("entity"):
            bad(qid + ": entity query without entity")
        if not 3 <= len(x["gold"]) <= 8:
            bad(qid + ": entity gold size %d not in 3..8" % len(x["gold"]))

# per-user type coverage and counts
tc = {}
for x in qs:
    tc.setdefault(x["user_id"], {}).setdefault(x["type"], 0)
    tc[x["user_id"]][x["type"]] += 1
for u in users:
    for t in TYPES:
        if tc.get(u, {}).get(t, 0) == 0:
            bad("user %s has no %s query" % (u, t))
    if tc.get(u, {}).get("update", 0) != 10:
        bad("user %s: %d update queries, expected 10" % (u, tc.get(u, {}).get("update", 0)))
    if tc.get(u, {}).get("negative", 0) != 3:
        bad("user %s: expected 3 negatives" % u)
n_upd = sum(1 for x in qs if x["type"] == "update")
n_neg = sum(1 for x in qs if x["type"] == "negative")
if n_upd != 40:
    bad("expected 40 update queries, got %d" % n_upd)
if n_neg != 12:
    bad("expected 12 negatives, got %d" % n_neg)
if not 95 <= len(qs) <= 105:
    bad("expected about 100 queries, got %d" % len(qs))
if not 120 <= len(mems) <= 140:
    bad("expected about 130 memories, got %d" % len(mems))

# banned content
for name in ("memories.jsonl", "queries.jsonl", "README.md", "build.py", "validate.py"):
    p = os.path.join(HERE, name)
    if os.path.exists(p):
        low = open(p, encoding="utf-8").read().lower()
        if BANNED[0] in low:
            bad("%s contains a banned phrase" % name)
for row in mems + qs:
    s = json.dumps(row, ensure_ascii=False).lower()
    for w in BANNED[1:] + [" pin ", "pin:", "pin번호"]:
        if w in s:
            bad("row %s contains banned word %r" % (row.get("id", row.get("qid")), w))

# ---------------------------------------------------------------- rebuild and chain / look-alike metadata
spec = importlib.util.spec_from_file_location("blind25_build", os.path.join(HERE, "build.py"))
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)
b_mems, b_qs, meta = build.build()
if build.dumps_jsonl(b_mems) != mem_raw:
    bad("memories.jsonl differs from what build.py produces")
if build.dumps_jsonl(b_qs) != q_raw:
    bad("queries.jsonl differs from what build.py produces")
rd = os.path.join(HERE, "README.md")
if not os.path.exists(rd) or open(rd, encoding="utf-8").read() != build.render_readme(b_mems, b_qs, meta):
    bad("README.md differs from what build.py produces")

k2i = meta["key2id"]
chains = meta["chains"]
qchain = meta["qchain"]
if sorted(qchain.values()) != sorted(chains):
    bad("every chain must be queried by exactly one update query")
three = corr = 0
clang = {"ko": 0, "en": 0, "mixed": 0}
for name, c in chains.items():
    ids = [k2i[k] for k in c["keys"]]
    if len({owner(i) for i in ids}) != 1:
        bad("chain %s spans users" % name)
    tss = [parse_ts(by_id[i]["ts"]) for i in ids if i in by_id]
    if tss != sorted(tss) or len(set(tss)) != len(tss):
        bad("chain %s not in time order" % name)
    three += len(ids) == 3
    corr += bool(c["correction"])
    clang[build.chain_lang(c["keys"], meta["by_key"])] += 1
for qid, name in qchain.items():
    x = next(r for r in qs if r["qid"] == qid)
    ids = [k2i[k] for k in chains[name]["keys"]]
    if x["gold"] != [ids[-1]] or x["stale"] != ids[:-1]:
        bad("%s: gold/stale do not match chain %s" % (qid, name))
    # the gold must be the newest version of its fact: nothing in the chain is newer
    if max(ids, key=lambda i: by_id[i]["ts"]) != x["gold"][0]:
        bad("%s: gold is not the newest version" % qid)
if three != 8:
    bad("expected 8 three-version chains, got %d" % three)
if corr != 5:
    bad("expected 5 corrections, got %d" % corr)
if clang["en"] < 8:
    bad("need >= 8 all-English chains, got %d" % clang["en"])
if clang["mixed"] < 12:
    bad("need >= 12 mixed-language chains, got %d" % clang["mixed"])

looks = meta["lookalikes"]
if len(looks) < 8:
    bad("need >= 8 look-alike pairs, got %d" % len(looks))
for a, b, _ in looks:
    if owner(a) != owner(b):
        bad("look-alike %s/%s span users" % (a, b))
    if a in stale_all or b in stale_all:
        bad("look-alike %s/%s includes a stale memory" % (a, b))
    for x in qs:
        ids = set(x["gold"]) | set(x.get("stale", []))
        if a in ids and b in ids:
            bad("%s: look-alike pair %s/%s together in gold/stale" % (x["qid"], a, b))
    for side, other in ((a, b), (b, a)):
        if not any(side in x["gold"] and other not in x["gold"] for x in qs):
            bad("look-alike side %s is never queried alone" % side)

if problems:
    print("FAILED: %d problem(s)" % len(problems))
    for p in problems:
        print(" - " + p)
    sys.exit(1)

lc = {}
for m in mems:
    lc[m["lang"]] = lc.get(m["lang"], 0) + 1
allt = {}
for x in qs:
    allt[x["type"]] = allt.get(x["type"], 0) + 1
print("OK: %d memories (ko %d, en %d, mixed %d), %d queries (%s); %d update chains: %d three-version, "
      "%d corrections, chain lang ko %d / en %d / mixed %d; %d look-alike pairs; %d negatives; files match build.py"
      % (len(mems), lc.get("ko", 0), lc.get("en", 0), lc.get("mixed", 0), len(qs),
         ", ".join("%s %d" % (t, allt.get(t, 0)) for t in TYPES), len(chains), three, corr,
         clang["ko"], clang["en"], clang["mixed"], len(looks), n_neg))
