#!/usr/bin/env python3
"""Validate blind24: memories.jsonl and queries.jsonl.

Prints "OK: ..." and exits 0, or lists every problem and exits 1.
Standard library only. It also rebuilds the set in memory (import build) to check that
the files on disk are exactly what build.py produces, that look-alike pairs are never
treated as updates, and that appointments are noted before they happen.
"""
import json
import os
import re
import sys
from collections import Counter, defaultdict
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import build  # noqa: E402

TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
TARGET = {"keyword": 9, "inflection": 8, "paraphrase": 10, "entity": 4, "numeric": 8,
          "mixed_lang": 9, "update": 40, "negative": 12}
UPDATE_LANG_TARGET = {"ko": 20, "en": 8, "mixed": 12}
N_USERS, MEM_PER_USER, Q_PER_USER = 4, 33, 25
TS_MIN, TS_MAX = "2026-02-01T00:00:00Z", "2026-06-30T23:59:59Z"
MEM_KEYS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_KEYS = ["qid", "user_id", "query", "gold", "type"]
OPT = ["stale", "entity", "other_user_has", "other_user_mem", "neg_kind", "confusable_other_user"]
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
BANNED = [" ".join(["mobile", "number"])]  # phrase the brief forbids; not spelled out literally

problems = []


def bad(msg):
    problems.append(msg)


def load(name):
    rows = []
    path = os.path.join(HERE, name)
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                bad("%s line %d: blank line" % (name, n))
                continue
            try:
                rows.append(json.loads(line))
            except ValueError as e:
                bad("%s line %d: bad JSON (%s)" % (name, n, e))
    return rows


mems = load("memories.jsonl")
queries = load("queries.jsonl")

# ---------------- memories ----------------
mem = {}
by_user = defaultdict(list)
for i, m in enumerate(mems, 1):
    if list(m.keys()) != MEM_KEYS:
        bad("memory %s: keys %s, expected %s" % (m.get("id"), list(m.keys()), MEM_KEYS))
    mid = m.get("id", "")
    if mid != "m%04d" % i:
        bad("memory #%d: id %r, expected m%04d" % (i, mid, i))
    if mid in mem:
        bad("duplicate memory id " + mid)
    mem[mid] = m
    if not re.fullmatch(r"U[0-9A-Z]{8,10}", m.get("user_id", "")):
        bad("%s: user_id %r not Slack-like" % (mid, m.get("user_id")))
    ts = m.get("ts", "")
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", ts):
        bad("%s: ts %r not UTC ISO with Z" % (mid, ts))
    elif not (TS_MIN <= ts <= TS_MAX):
        bad("%s: ts %s outside %s..%s" % (mid, ts, TS_MIN, TS_MAX))
    if m.get("channel_type") not in ("im", "channel"):
        bad("%s: channel_type %r" % (mid, m.get("channel_type")))
    text, lang = m.get("text", ""), m.get("lang")
    has_h = bool(HANGUL.search(text))
    if lang == "en" and has_h:
        bad("%s: lang en but has Hangul" % mid)
    elif lang in ("ko", "mixed") and not has_h:
        bad("%s: lang %s but no Hangul" % (mid, lang))
    elif lang == "mixed" and not re.search(r"[A-Za-z]{2,}", text):
        bad("%s: lang mixed but no English word" % mid)
    elif lang == "ko" and re.search(r"[a-z]{3,}", text):
        bad("%s: lang ko but has an English word (should be mixed?)" % mid)
    elif lang not in ("ko", "en", "mixed"):
        bad("%s: lang %r" % (mid, lang))
    nw = len(text.split())
    if not (5 <= nw <= 25):
        bad("%s: %d words (want 5-25): %s" % (mid, nw, text))
    by_user[m.get("user_id")].append(m)

if len(mems) != N_USERS * MEM_PER_USER:
    bad("memories: %d rows, expected %d" % (len(mems), N_USERS * MEM_PER_USER))
if len(by_user) != N_USERS:
    bad("memories: %d users, expected %d" % (len(by_user), N_USERS))
for u, rows in by_user.items():
    if len(rows) != MEM_PER_USER:
        bad("user %s: %d memories, expected %d" % (u, len(rows), MEM_PER_USER))
    for a, b in zip(rows, rows[1:]):  # rows are in id order
        if not a["ts"] < b["ts"]:
            bad("user %s: ts not strictly increasing in id order: %s %s >= %s %s"
                % (u, a["id"], a["ts"], b["id"], b["ts"]))

norm = lambda s: re.sub(r"\s+", " ", s.strip().lower())
dup = [t for t, c in Counter(norm(m["text"]) for m in mems).items() if c > 1]
for t in dup:
    bad("duplicate memory text: " + t)

# ---------------- queries ----------------
users = set(by_user)
qtypes_by_user = defaultdict(Counter)
stale_of = {}          # stale id -> qid
gold_of_update = {}    # gold id -> qid
seen_q = Counter()
for i, q in enumerate(queries, 1):
    qid = q.get("qid", "")
    if qid != "q%03d" % i:
        bad("query #%d: qid %r, expected q%03d" % (i, qid, i))
    keys = list(q.keys())
    if keys[:5] != Q_KEYS or any(k not in OPT for k in keys[5:]):
        bad("%s: unexpected keys %s" % (qid, keys))
    u, t, gold = q.get("user_id"), q.get("type"), q.get("gold")
    seen_q[(u, norm(q.get("query", "")))] += 1
    if u not in users:
        bad("%s: unknown user %s" % (qid, u))
    if t not in TYPES:
        bad("%s: unknown type %r" % (qid, t))
    qtypes_by_user[u][t] += 1
    if not isinstance(gold, list) or len(set(gold)) != len(gold):
        bad("%s: gold must be a list of distinct ids" % qid)
        continue
    for g in gold:
        if g not in mem:
            bad("%s: gold %s does not exist" % (qid, g))
        elif mem[g]["user_id"] != u:
            bad("%s: gold %s belongs to %s, not %s" % (qid, g, mem[g]["user_id"], u))
    for k in OPT:
        if k in q and k in ("stale", "other_user_mem", "confusable_other_user"):
            if not isinstance(q[k], list) or not q[k] or any(x not in mem for x in q[k]):
                bad("%s: %s must be a non-empty list of existing ids" % (qid, k))
    # per type
    if t == "negative":
        if gold:
            bad("%s: negative with non-empty gold" % qid)
        nk = q.get("neg_kind")
        if nk not in NEG_KINDS:
            bad("%s: neg_kind %r" % (qid, nk))
        if nk in ("isolation", "isolation_same_name"):
            ou, om = q.get("other_user_has"), q.get("other_user_mem") or []
            if not ou or ou == u or ou not in users:
                bad("%s: other_user_has %r invalid" % (qid, ou))
            if any(x in mem and mem[x]["user_id"] == u for x in om):
                bad("%s: other_user_mem holds the asker's own memory" % qid)
            if ou and not any(x in mem and mem[x]["user_id"] == ou for x in om):
                bad("%s: no other_user_mem belongs to other_user_has" % qid)
        elif "other_user_has" in q or "other_user_mem" in q:
            bad("%s: absent negative should not name another user" % qid)
    else:
        if not gold:
            bad("%s: %s with empty gold" % (qid, t))
        for k in ("neg_kind", "other_user_has", "other_user_mem"):
            if k in q:
                bad("%s: %s only belongs on negatives" % (qid, k))
    if t == "update":
        st = q.get("stale") or []
        if len(gold) != 1:
            bad("%s: update gold must be exactly one id" % qid)
        if not st:
            bad("%s: update without stale" % qid)
        if gold and gold[0] in mem:
            g = gold[0]
            if g in gold_of_update:
                bad("%s: gold %s already gold of update %s" % (qid, g, gold_of_update[g]))
            gold_of_update[g] = qid
            for s in st:
                if s not in mem:
                    continue
                if mem[s]["user_id"] != u:
                    bad("%s: stale %s belongs to another user" % (qid, s))
                if not mem[s]["ts"] < mem[g]["ts"]:
                    bad("%s: stale %s is not older than gold %s" % (qid, s, g))
                if s in stale_of:
                    bad("%s: stale %s also stale in %s" % (qid, s, stale_of[s]))
                stale_of[s] = qid
                if s == g:
                    bad("%s: %s is both gold and stale" % (qid, s))
    elif "stale" in q:
        bad("%s: stale only belongs on updates" % qid)
    if t == "entity":
        if not q.get("entity"):
            bad("%s: entity query without entity" % qid)
        if not (3 <= len(gold) <= 8):
            bad("%s: entity gold has %d items (want 3-8)" % (qid, len(gold)))
    elif "entity" in q:
        bad("%s: entity field on a %s query" % (qid, t))
    for c in q.get("confusable_other_user", []):
        if c in mem and mem[c]["user_id"] == u:
            bad("%s: confusable_other_user %s is the asker's own" % (qid, c))

for (u, text), c in seen_q.items():
    if c > 1:
        bad("duplicate query for %s: %s" % (u, text))

# no non-update query asks for an outdated fact; stale never appears as gold
for q in queries:
    for g in q["gold"]:
        if g in stale_of:
            bad("%s (%s): gold %s is stale in %s" % (q["qid"], q["type"], g, stale_of[g]))

# counts per type, every type per user
tc = Counter(q.get("type") for q in queries)
for t in TYPES:
    if tc[t] != TARGET[t]:
        bad("type %s: %d queries, expected %d" % (t, tc[t], TARGET[t]))
if len(queries) != N_USERS * Q_PER_USER:
    bad("queries: %d, expected %d" % (len(queries), N_USERS * Q_PER_USER))
for u in users:
    n = sum(qtypes_by_user[u].values())
    if n != Q_PER_USER:
        bad("user %s: %d queries, expected %d" % (u, n, Q_PER_USER))
    for t in TYPES:
        if qtypes_by_user[u][t] == 0:
            bad("user %s: no %s query" % (u, t))

# update languages (language of the whole chain: all ko / all en / otherwise mixed)
ul = Counter(build.chain_lang(mem, q["stale"] + q["gold"]) for q in queries
             if q.get("type") == "update" and q.get("stale") and all(x in mem for x in q["stale"] + q["gold"]))
if dict(ul) != UPDATE_LANG_TARGET:
    bad("update languages %s, expected %s" % (dict(ul), UPDATE_LANG_TARGET))
three = sum(1 for q in queries if q.get("type") == "update" and len(q.get("stale", [])) == 2)
if not (6 <= three <= 10):
    bad("three-version chains: %d (want about 8)" % three)

# banned phrase anywhere
readme = ""
if os.path.exists(os.path.join(HERE, "README.md")):
    readme = open(os.path.join(HERE, "README.md"), encoding="utf-8").read()
blob = "\n".join([m["text"] for m in mems] + [q["query"] for q in queries] + [readme]).lower()
for p in BANNED:
    if p in blob:
        bad("banned phrase %r used" % p)

# ---------------- cross-check with build.py ----------------
b_mems, b_queries, key_to_id, events = build.build()
if build.dumps(b_mems) != open(os.path.join(HERE, "memories.jsonl"), encoding="utf-8").read():
    bad("memories.jsonl differs from what build.py generates (rerun build.py)")
if build.dumps(b_queries) != open(os.path.join(HERE, "queries.jsonl"), encoding="utf-8").read():
    bad("queries.jsonl differs from what build.py generates (rerun build.py)")

# look-alike pairs: never gold/stale of one another, both sides queried with themselves as gold
lookalike_ok = 0
for ka, kb in build.LOOKALIKE:
    a, b = key_to_id[ka], key_to_id[kb]
    if mem[a]["user_id"] != mem[b]["user_id"]:
        bad("look-alike %s/%s: different users" % (a, b))
    for q in queries:
        inv = set(q["gold"]) | set(q.get("stale", []))
        if a in inv and b in inv:
            bad("%s: look-alike pair %s/%s both in gold/stale" % (q["qid"], a, b))
    qa = any(a in q["gold"] for q in queries)
    qb = any(b in q["gold"] for q in queries)
    if not (qa and qb):
        bad("look-alike %s/%s: not both sides are queried" % (a, b))
    lookalike_ok += 1

# appointments are noted before they happen (event date given in build.py, KST)
for mid, (local, ev) in events.items():
    if not ("%d-%s" % (build.YEAR, local[:5]) < "%d-%s" % (build.YEAR, ev)):
        bad("%s: noted %s KST but the event is on %s" % (mid, local, ev))
    ts_kst = datetime.strptime(mem[mid]["ts"], "%Y-%m-%dT%H:%M:%SZ") + timedelta(hours=9)
    if ts_kst.strftime("%m-%d %H:%M") != local:
        bad("%s: ts %s does not match local time %s" % (mid, mem[mid]["ts"], local))

if problems:
    print("%d problem(s):" % len(problems))
    for p in problems:
        print(" - " + p)
    sys.exit(1)

print("OK: %d memories (%d users x %d), %d queries (%s); updates by language %s, %d three-version; "
      "%d look-alike pairs; %d appointment notes dated before their events"
      % (len(mems), len(by_user), MEM_PER_USER, len(queries),
         ", ".join("%s=%d" % (t, tc[t]) for t in TYPES), dict(sorted(ul.items())), three,
         lookalike_ok, len(events)))
