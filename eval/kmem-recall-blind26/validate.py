#!/usr/bin/env python3
"""Validate blind26 memories.jsonl / queries.jsonl. Prints 'OK: ...' (exit 0) or problems (exit 1)."""
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import build  # noqa: E402

HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
TS = re.compile(r"^2026-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_REQ = ["qid", "user_id", "query", "gold", "type"]
Q_OPT = {"stale", "entity", "other_user_has", "other_user_mem", "neg_kind", "confusable_other_user"}
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}

problems = []


def bad(msg):
    problems.append(msg)


def load(name):
    path = os.path.join(HERE, name)
    rows, raw = [], open(path, encoding="utf-8").read()
    for i, line in enumerate(raw.splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except ValueError as e:
            bad("%s line %d: bad json (%s)" % (name, i, e))
    return rows, raw


mems, mem_raw = load("memories.jsonl")
queries, q_raw = load("queries.jsonl")
users = set(build.USERS.values())

# ---- memories ----
mem = {}
for i, m in enumerate(mems, 1):
    if list(m.keys()) != MEM_FIELDS:
        bad("memory %d: fields %s" % (i, list(m.keys())))
        continue
    if m["id"] != "m%04d" % i:
        bad("memory %d: id %s not sequential" % (i, m["id"]))
    if m["id"] in mem:
        bad("duplicate id %s" % m["id"])
    mem[m["id"]] = m
    if m["user_id"] not in users:
        bad("%s: unknown user" % m["id"])
    if not TS.match(m["ts"]) or not ("2026-01-03" <= m["ts"][:10] <= "2026-06-28"):
        bad("%s: bad ts %s" % (m["id"], m["ts"]))
    if m["channel_type"] not in ("im", "channel"):
        bad("%s: bad channel_type" % m["id"])
    t = m["text"]
    if not isinstance(t, str) or not t.strip():
        bad("%s: empty text" % m["id"])
    lang = m["lang"]
    if lang == "en" and HANGUL.search(t):
        bad("%s: lang en but has Hangul" % m["id"])
    elif lang == "ko" and not HANGUL.search(t):
        bad("%s: lang ko without Hangul" % m["id"])
    elif lang == "mixed" and not (HANGUL.search(t) and LATIN_WORD.search(t)):
        bad("%s: lang mixed needs Hangul and English" % m["id"])
    elif lang not in ("en", "ko", "mixed"):
        bad("%s: bad lang" % m["id"])
last = {}
for m in mems:
    u = m["user_id"]
    if u in last and not m["ts"] > last[u]:
        bad("%s: ts not strictly increasing within user" % m["id"])
    last[u] = m["ts"]
for name, raw in (("memories", mem_raw), ("queries", q_raw)):
    low = raw.lower()
    for phrase in ("mobile number", "password", "비밀번호", "계좌번호", "카드번호"):
        if phrase in low:
            bad("%s contains forbidden phrase %r" % (name, phrase))

# ---- queries ----
stale_all, gold_nonupdate = set(), {}
per_user_types = defaultdict(Counter)
for i, q in enumerate(queries, 1):
    qid = q.get("qid")
    if any(f not in q for f in Q_REQ) or set(q) - set(Q_REQ) - Q_OPT:
        bad("query %d: fields %s" % (i, list(q.keys())))
        continue
    if qid != "q%03d" % i:
        bad("query %d: qid %s not sequential" % (i, qid))
    u, typ, gold = q["user_id"], q["type"], q["gold"]
    if u not in users:
        bad("%s: unknown user" % qid)
    if typ not in TYPES:
        bad("%s: bad type %s" % (qid, typ))
    if not q["query"].strip():
        bad("%s: empty query" % qid)
    per_user_types[u][typ] += 1
    for g in gold + q.get("stale", []):
        if g not in mem:
            bad("%s: unknown id %s" % (qid, g))
        elif mem[g]["user_id"] != u:
            bad("%s: id %s belongs to another user" % (qid, g))
    if len(set(gold)) != len(gold):
        bad("%s: duplicate gold" % qid)
    if typ == "negative":
        if gold:
            bad("%s: negative with gold" % qid)
        nk = q.get("neg_kind")
        if nk not in NEG_KINDS:
            bad("%s: bad neg_kind" % qid)
        if nk != "absent":
            if q.get("other_user_has") not in users - {u} or not q.get("other_user_mem"):
                bad("%s: isolation negative needs other_user_has/other_user_mem" % qid)
    else:
        if not gold:
            bad("%s: empty gold" % qid)
        if "neg_kind" in q or "other_user_has" in q or "other_user_mem" in q:
            bad("%s: negative-only field on positive" % qid)
    for k in ("other_user_mem", "confusable_other_user"):
        for x in q.get(k, []):
            if x not in mem or mem[x]["user_id"] == u:
                bad("%s: %s id %s must be another user's memory" % (qid, k, x))
    if q.get("other_user_has"):
        for x in q.get("other_user_mem", []):
            pass  # may include several other users
    if typ == "update":
        st = q.get("stale", [])
        if len(gold) != 1 or not st:
            bad("%s: update needs one gold and >=1 stale" % qid)
        elif gold[0] in mem and all(s in mem for s in st):
            if gold[0] in st:
                bad("%s: gold also stale" % qid)
            gts = mem[gold[0]]["ts"]
            for s in st:
                if not mem[s]["ts"] < gts:
                    bad("%s: stale %s not older than gold" % (qid, s))
        stale_all.update(st)
    else:
        if "stale" in q:
            bad("%s: stale on non-update" % qid)
        for g in gold:
            gold_nonupdate.setdefault(g, []).append(qid)
    if typ == "entity":
        if not q.get("entity") or not 3 <= len(gold) <= 8:
            bad("%s: entity needs entity string and 3-8 gold" % qid)
    elif "entity" in q:
        bad("%s: entity field on non-entity" % qid)

for s in sorted(stale_all):
    if s in gold_nonupdate:
        bad("stale %s is gold of non-update %s" % (s, gold_nonupdate[s]))
upd_gold = {q["gold"][0] for q in queries if q["type"] == "update" and q["gold"]}
if upd_gold & stale_all:
    bad("update gold also stale elsewhere: %s" % sorted(upd_gold & stale_all))
for u in users:
    missing = [t for t in TYPES if per_user_types[u][t] == 0]
    if missing:
        bad("user %s lacks types %s" % (u, missing))
    if per_user_types[u]["update"] != 10:
        bad("user %s has %d update queries (want 10)" % (u, per_user_types[u]["update"]))

# ---- look-alike pairs ----
kid = build.key_map()
for k1, k2, note in build.LOOKALIKES:
    a, b = kid[k1], kid[k2]
    if mem[a]["user_id"] != mem[b]["user_id"]:
        bad("look-alike %s/%s: different users" % (a, b))
    for x, y in ((a, b), (b, a)):
        if not any(x in q["gold"] and y not in q["gold"] for q in queries):
            bad("look-alike %s: never queried alone as gold" % x)
    if a in stale_all or b in stale_all:
        bad("look-alike %s/%s: part of an update chain" % (a, b))
    for q in queries:
        ids = set(q["gold"]) | set(q.get("stale", []))
        if a in ids and b in ids:
            bad("%s: look-alike pair %s/%s together" % (q["qid"], a, b))

# ---- chain requirements ----
chains = build.CHAINS
lang_of = {m["key"]: m["lang"] for m in build.MEMS}
for c in chains:
    langs = {lang_of[k] for k in c["versions"]}
    expect = "en" if langs == {"en"} else "ko" if langs == {"ko"} else "mixed"
    if c["lang"] != expect:
        bad("chain %s: declared %s, memories say %s" % (c["query"], c["lang"], expect))
n3 = sum(len(c["versions"]) == 3 for c in chains)
ncorr = sum(c["correction"] for c in chains)
clang = Counter(c["lang"] for c in chains)
if len(chains) != 40 or n3 != 8 or ncorr != 5 or clang["en"] < 8 or clang["mixed"] < 12:
    bad("chain counts: %d chains, %d three-version, %d corrections, langs %s"
        % (len(chains), n3, ncorr, dict(clang)))
tc = Counter(q["type"] for q in queries)
if tc["negative"] != 12 or len(build.LOOKALIKES) < 8:
    bad("need 12 negatives and >=8 look-alike pairs")

# ---- deterministic rebuild ----
m2, q2 = build.build()
if build.render(m2) != mem_raw:
    bad("memories.jsonl differs from build.py output")
if build.render(q2) != q_raw:
    bad("queries.jsonl differs from build.py output")

if problems:
    print("FAILED: %d problem(s)" % len(problems))
    for p in problems:
        print(" -", p)
    sys.exit(1)
print("OK: %d memories (%s; im %d / channel %d), %d queries (%s), %d update chains "
      "(%d three-version, %d corrections, langs %s), %d look-alike pairs, %d negatives"
      % (len(mems), dict(Counter(m["lang"] for m in mems)),
         sum(m["channel_type"] == "im" for m in mems), sum(m["channel_type"] == "channel" for m in mems),
         len(queries), dict(tc), len(chains), n3, ncorr, dict(clang), len(build.LOOKALIKES),
         tc["negative"]))
