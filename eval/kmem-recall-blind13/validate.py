#!/usr/bin/env python3
"""Validate blind13 memories.jsonl / queries.jsonl and print counts (markdown)."""
import json
import os
import re
import sys
from collections import Counter, defaultdict
from datetime import datetime

HERE = os.path.dirname(os.path.abspath(__file__))
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
TS_RE = re.compile(r"^2026-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
UID_RE = re.compile(r"^U09[A-Z0-9]{6}$")
SENSITIVE = re.compile(r"password|passwd|비밀번호|비번|\bPIN\b|핀번호|카드번호|계좌|account number", re.I)
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
MEM_FIELDS = {"id", "user_id", "text", "ts", "channel_type", "lang"}
Q_REQ = {"qid", "user_id", "query", "gold", "type"}
Q_OPT = {"stale", "entity", "neg_kind", "other_user_has", "other_user_mem", "confusable_other_user", "lookalike"}

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def lang_of(text):
    h = bool(HANGUL.search(text))
    return "ko_or_mixed" if h else "en"


mems = load("memories.jsonl")
qs = load("queries.jsonl")

# ---------------- memories ----------------
by_id = {}
for i, m in enumerate(mems, 1):
    if set(m) != MEM_FIELDS:
        err(f"{m.get('id')}: fields {sorted(m)}")
    if m["id"] in by_id:
        err(f"duplicate id {m['id']}")
    if m["id"] != f"m{i:04d}":
        err(f"id out of sequence at row {i}: {m['id']}")
    by_id[m["id"]] = m
    if not UID_RE.match(m["user_id"]):
        err(f"{m['id']}: bad user_id {m['user_id']}")
    if not TS_RE.match(m["ts"]):
        err(f"{m['id']}: bad ts {m['ts']}")
    else:
        d = datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%SZ")
        if not (datetime(2026, 1, 3) <= d <= datetime(2026, 6, 28, 23, 59, 59)):
            err(f"{m['id']}: ts out of range {m['ts']}")
    if m["channel_type"] not in ("im", "channel"):
        err(f"{m['id']}: channel_type {m['channel_type']}")
    lang, text = m["lang"], m["text"]
    if lang == "en" and HANGUL.search(text):
        err(f"{m['id']}: lang en but has Hangul")
    if lang in ("ko", "mixed") and not HANGUL.search(text):
        err(f"{m['id']}: lang {lang} but no Hangul")
    if lang == "mixed" and not LATIN_WORD.search(text):
        err(f"{m['id']}: lang mixed but no Latin word")
    if lang not in ("ko", "en", "mixed"):
        err(f"{m['id']}: lang {lang}")
    if SENSITIVE.search(text):
        err(f"{m['id']}: sensitive-looking text")

texts = Counter(m["text"] for m in mems)
for t, c in texts.items():
    if c > 1:
        err(f"duplicate text: {t}")

user_mems = defaultdict(list)
for m in mems:
    user_mems[m["user_id"]].append(m)
for u, ms in user_mems.items():
    ids = [m["id"] for m in ms]
    if ids != sorted(ids):
        err(f"{u}: ids not in order")
    for a, b in zip(ms, ms[1:]):
        if not a["ts"] < b["ts"]:
            err(f"{u}: ts not strictly increasing {a['id']} {a['ts']} -> {b['id']} {b['ts']}")
    if not 30 <= len(ms) <= 36:
        err(f"{u}: {len(ms)} memories (want 30-36)")
# users should occupy contiguous id blocks
order = [m["user_id"] for m in mems]
blocks = [u for i, u in enumerate(order) if i == 0 or order[i - 1] != u]
if len(blocks) != len(set(blocks)):
    err("user blocks not contiguous")

# ---------------- queries ----------------
qids = set()
per_user_types = defaultdict(Counter)
update_pairs = []
for q in qs:
    qid = q.get("qid")
    keys = set(q)
    if not Q_REQ <= keys or not keys <= Q_REQ | Q_OPT:
        err(f"{qid}: fields {sorted(keys)}")
    if qid in qids:
        err(f"duplicate qid {qid}")
    qids.add(qid)
    u, t = q["user_id"], q["type"]
    if u not in user_mems:
        err(f"{qid}: unknown user {u}")
    if t not in TYPES:
        err(f"{qid}: type {t}")
    per_user_types[u][t] += 1
    if SENSITIVE.search(q["query"]):
        err(f"{qid}: sensitive-looking query")
    for g in q["gold"]:
        if g not in by_id:
            err(f"{qid}: gold {g} missing")
        elif by_id[g]["user_id"] != u:
            err(f"{qid}: gold {g} belongs to another user")
    if len(set(q["gold"])) != len(q["gold"]):
        err(f"{qid}: duplicate gold")
    if t == "negative":
        if q["gold"]:
            err(f"{qid}: negative with gold")
        nk = q.get("neg_kind")
        if nk not in ("absent", "isolation", "isolation_same_name"):
            err(f"{qid}: neg_kind {nk}")
        if nk in ("isolation", "isolation_same_name"):
            om = q.get("other_user_mem") or []
            if not om or q.get("other_user_has") not in user_mems or q.get("other_user_has") == u:
                err(f"{qid}: isolation fields")
            for x in om:
                if x not in by_id or by_id[x]["user_id"] == u:
                    err(f"{qid}: other_user_mem {x} bad")
            if q.get("other_user_has") != by_id[om[0]]["user_id"]:
                err(f"{qid}: other_user_has does not own first other_user_mem")
    else:
        if not q["gold"]:
            err(f"{qid}: positive without gold")
        if "neg_kind" in q or "other_user_mem" in q:
            err(f"{qid}: negative fields on positive")
    if t == "update":
        st = q.get("stale") or []
        if not st or len(q["gold"]) != 1:
            err(f"{qid}: update needs 1 gold and >=1 stale")
        for s in st:
            if s not in by_id:
                err(f"{qid}: stale {s} missing")
                continue
            if by_id[s]["user_id"] != u:
                err(f"{qid}: stale {s} belongs to another user")
            if s in q["gold"]:
                err(f"{qid}: stale {s} also gold")
            for g in q["gold"]:
                if g in by_id and not by_id[s]["ts"] < by_id[g]["ts"]:
                    err(f"{qid}: stale {s} not older than gold {g}")
        if q["gold"] and all(s in by_id for s in st):
            update_pairs.append((qid, q["gold"][0], st))
    elif "stale" in q:
        err(f"{qid}: stale on non-update")
    if t == "entity":
        if not q.get("entity") or not 3 <= len(q["gold"]) <= 8:
            err(f"{qid}: entity needs entity string and 3-8 gold")
    for x in q.get("confusable_other_user", []):
        if x not in by_id or by_id[x]["user_id"] == u:
            err(f"{qid}: confusable {x} bad")
    for x in q.get("lookalike", []):
        if x not in by_id or by_id[x]["user_id"] != u:
            err(f"{qid}: lookalike {x} must be same user")
        if x in q["gold"] or x in q.get("stale", []):
            err(f"{qid}: lookalike {x} is gold/stale")

for u in user_mems:
    for t in TYPES:
        if per_user_types[u][t] == 0:
            err(f"{u}: no {t} query")

# a memory should not be the stale of one update chain and the gold of an unrelated one
for qid, g, st in update_pairs:
    pass

# ---------------- report ----------------
n = len(mems)
lang_c = Counter(m["lang"] for m in mems)
ch_c = Counter(m["channel_type"] for m in mems)
type_c = Counter(q["type"] for q in qs)
nk_c = Counter(q.get("neg_kind") for q in qs if q["type"] == "negative")
qlang = Counter(("en" if not HANGUL.search(q["query"]) else ("mixed" if LATIN_WORD.search(q["query"]) else "ko")) for q in qs)


def pair_kind(gold, stale):
    langs = {by_id[x]["lang"] for x in [gold] + stale}
    if langs == {"en"}:
        return "en"
    if langs == {"ko"}:
        return "ko"
    return "mixed"


pk = Counter(pair_kind(g, st) for _, g, st in update_pairs)
two_stale = sum(1 for _, g, st in update_pairs if len(st) >= 2)
conf = sum(1 for q in qs if q.get("confusable_other_user"))
look = sum(1 for q in qs if q.get("lookalike"))

print("| split | ko | en | mixed | im / channel |")
print("|---|---|---|---|---|")
print(f"| blind13 | {lang_c['ko']} ({lang_c['ko']/n:.0%}) | {lang_c['en']} ({lang_c['en']/n:.0%}) | "
      f"{lang_c['mixed']} ({lang_c['mixed']/n:.0%}) | {ch_c['im']} / {ch_c['channel']} |")
print()
print("| user | memories | " + " | ".join(TYPES) + " | total |")
print("|---|---|" + "---|" * len(TYPES) + "---|")
for u, ms in user_mems.items():
    c = per_user_types[u]
    print(f"| {u} | {len(ms)} | " + " | ".join(str(c[t]) for t in TYPES) + f" | {sum(c.values())} |")
print(f"| **all** | {n} | " + " | ".join(str(type_c[t]) for t in TYPES) + f" | {len(qs)} |")
print()
print(f"negatives by neg_kind: {dict(nk_c)}")
print(f"update pairs by language of (gold+stale) memories: {dict(pk)}; with two stale: {two_stale}")
print(f"query language (by script): {dict(qlang)}")
print(f"queries with confusable_other_user: {conf}; with lookalike: {look}")
print()
if errors:
    print(f"{len(errors)} ERRORS:")
    for e in errors:
        print("  -", e)
    sys.exit(1)
print("OK: all checks passed")
