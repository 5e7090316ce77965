#!/usr/bin/env python3
"""Validate blind12 memories.jsonl / queries.jsonl and print the counts used in README.md."""
import json
import re
import sys
from collections import Counter, defaultdict
from datetime import datetime, timezone
from pathlib import Path

D = Path(__file__).resolve().parent
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
SECRET = re.compile(r"password|passcode|\bPIN\b|비밀번호|비번\s*\d|계좌|카드번호|cvc|cvv", re.I)
LO = datetime(2026, 1, 3, tzinfo=timezone.utc)
HI = datetime(2026, 6, 28, 23, 59, 59, tzinfo=timezone.utc)

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(D / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


mems = load("memories.jsonl")
qs = load("queries.jsonl")

# ---- memories ----
by_id = {}
MEM_FIELDS = {"id", "user_id", "text", "ts", "channel_type", "lang"}
for i, m in enumerate(mems, 1):
    if set(m) != MEM_FIELDS:
        err(f"{m.get('id')}: fields {sorted(m)}")
    if m["id"] != f"m{i:04d}":
        err(f"id out of sequence: {m['id']} at row {i}")
    if m["id"] in by_id:
        err(f"duplicate id {m['id']}")
    by_id[m["id"]] = m
    if not re.fullmatch(r"U08[A-Z0-9]{6}", m["user_id"]):
        err(f"{m['id']}: bad user_id {m['user_id']}")
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", m["ts"]):
        err(f"{m['id']}: bad ts format {m['ts']}")
    t = datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    m["_t"] = t
    if not (LO <= t <= HI):
        err(f"{m['id']}: ts out of range {m['ts']}")
    if m["channel_type"] not in ("im", "channel"):
        err(f"{m['id']}: bad channel_type")
    has_h = bool(HANGUL.search(m["text"]))
    if m["lang"] == "en" and has_h:
        err(f"{m['id']}: lang en but has Hangul")
    if m["lang"] in ("ko", "mixed") and not has_h:
        err(f"{m['id']}: lang {m['lang']} but no Hangul")
    if m["lang"] == "mixed" and len(LATIN_WORD.findall(m["text"])) < 2:
        err(f"{m['id']}: lang mixed but fewer than 2 Latin words")
    if m["lang"] not in ("ko", "en", "mixed"):
        err(f"{m['id']}: bad lang")
    if SECRET.search(m["text"]):
        err(f"{m['id']}: looks like a secret: {m['text']}")

texts = Counter(m["text"] for m in mems)
for t, c in texts.items():
    if c > 1:
        err(f"duplicate memory text: {t}")

per_user = defaultdict(list)
for m in mems:
    per_user[m["user_id"]].append(m)
for u, ms in per_user.items():
    for a, b in zip(ms, ms[1:]):
        if not a["_t"] < b["_t"]:
            err(f"{u}: ts not strictly increasing {a['id']} {a['ts']} -> {b['id']} {b['ts']}")
    if not 30 <= len(ms) <= 36:
        err(f"{u}: {len(ms)} memories (want 30-36)")

# ---- queries ----
qids = set()
for x in qs:
    qid = x["qid"]
    if qid in qids:
        err(f"duplicate qid {qid}")
    qids.add(qid)
    u = x["user_id"]
    if u not in per_user:
        err(f"{qid}: unknown user {u}")
    if x["type"] not in TYPES:
        err(f"{qid}: bad type {x['type']}")
    for g in x["gold"]:
        if g not in by_id:
            err(f"{qid}: gold {g} missing")
        elif by_id[g]["user_id"] != u:
            err(f"{qid}: gold {g} belongs to another user")
    if len(set(x["gold"])) != len(x["gold"]):
        err(f"{qid}: duplicate gold")
    if x["type"] == "negative":
        if x["gold"]:
            err(f"{qid}: negative with gold")
        if x.get("neg_kind") not in NEG_KINDS:
            err(f"{qid}: bad neg_kind")
        if x["neg_kind"] != "absent":
            om = x.get("other_user_mem") or []
            if not om:
                err(f"{qid}: isolation negative without other_user_mem")
            for o in om:
                if o not in by_id or by_id[o]["user_id"] == u:
                    err(f"{qid}: other_user_mem {o} invalid")
            if om and by_id[om[0]]["user_id"] != x.get("other_user_has"):
                err(f"{qid}: other_user_has does not own first other_user_mem")
        elif "other_user_mem" in x:
            err(f"{qid}: absent negative has other_user_mem")
    else:
        if not x["gold"]:
            err(f"{qid}: positive without gold")
        if "neg_kind" in x:
            err(f"{qid}: neg_kind on positive")
    if x["type"] == "update":
        st = x.get("stale") or []
        if not st:
            err(f"{qid}: update without stale")
        if len(x["gold"]) != 1:
            err(f"{qid}: update gold should be exactly the newest memory")
        for s in st:
            if s not in by_id:
                err(f"{qid}: stale {s} missing")
                continue
            if by_id[s]["user_id"] != u:
                err(f"{qid}: stale {s} belongs to another user")
            if s in x["gold"]:
                err(f"{qid}: stale {s} also gold")
            for g in x["gold"]:
                if g in by_id and not by_id[s]["_t"] < by_id[g]["_t"]:
                    err(f"{qid}: stale {s} not older than gold {g}")
    elif "stale" in x:
        err(f"{qid}: stale on non-update")
    if x["type"] == "entity":
        if not x.get("entity"):
            err(f"{qid}: entity query without entity field")
        if not 3 <= len(x["gold"]) <= 8:
            err(f"{qid}: entity gold size {len(x['gold'])}")
    for c in x.get("confusable_other_user", []):
        if c not in by_id or by_id[c]["user_id"] == u:
            err(f"{qid}: confusable {c} invalid")

# every type for every user
for u in per_user:
    have = {x["type"] for x in qs if x["user_id"] == u}
    miss = set(TYPES) - have
    if miss:
        err(f"{u}: missing query types {sorted(miss)}")

# stale ids must not be gold for the same user's other update query on the same fact
# (sanity: a stale memory is never the gold of another update query)
upd_gold = {g for x in qs if x["type"] == "update" for g in x["gold"]}
for x in qs:
    for s in x.get("stale", []):
        if s in upd_gold:
            err(f"{x['qid']}: stale {s} is gold of another update query")

# ---- counts ----
n = len(mems)
lang = Counter(m["lang"] for m in mems)
chan = Counter(m["channel_type"] for m in mems)
types = Counter(x["type"] for x in qs)
negk = Counter(x["neg_kind"] for x in qs if x["type"] == "negative")
users = list(per_user)


def pct(a, b):
    return f"{100 * a / b:.0f}%"


print("## memories")
print(f"total {n}; ko {lang['ko']} ({pct(lang['ko'], n)}), en {lang['en']} ({pct(lang['en'], n)}), "
      f"mixed {lang['mixed']} ({pct(lang['mixed'], n)}); im {chan['im']} / channel {chan['channel']}")
print()
print("| user | memories | ko | en | mixed | im / channel | queries |")
print("|---|---|---|---|---|---|---|")
for u in users:
    ms = per_user[u]
    lc = Counter(m["lang"] for m in ms)
    cc = Counter(m["channel_type"] for m in ms)
    nq = sum(1 for x in qs if x["user_id"] == u)
    print(f"| {u} | {len(ms)} | {lc['ko']} | {lc['en']} | {lc['mixed']} | {cc['im']} / {cc['channel']} | {nq} |")
print(f"| all | {n} | {lang['ko']} | {lang['en']} | {lang['mixed']} | {chan['im']} / {chan['channel']} | {len(qs)} |")
print()
print("## queries by type and user")
print("| user | " + " | ".join(TYPES) + " | total |")
print("|---|" + "---|" * (len(TYPES) + 1))
for u in users:
    c = Counter(x["type"] for x in qs if x["user_id"] == u)
    print(f"| {u} | " + " | ".join(str(c[t]) for t in TYPES) + f" | {sum(c.values())} |")
print("| all | " + " | ".join(str(types[t]) for t in TYPES) + f" | {len(qs)} |")
print()
qlang = Counter()
for x in qs:
    h = bool(HANGUL.search(x["query"]))
    lat = bool(LATIN_WORD.search(x["query"]))
    qlang["ko" if h and not lat else "en" if not h else "mixed"] += 1
print(f"query text language: ko {qlang['ko']}, en {qlang['en']}, mixed {qlang['mixed']}")
print(f"negatives by neg_kind: " + ", ".join(f"{k} {negk[k]}" for k in sorted(negk)))
print(f"positives with confusable_other_user: {sum(1 for x in qs if x.get('confusable_other_user'))}")

# update details
ups = [x for x in qs if x["type"] == "update"]
two_stale = sum(1 for x in ups if len(x["stale"]) >= 2)
combo = Counter()
for x in ups:
    langs = {by_id[i]["lang"] for i in x["gold"] + x["stale"]}
    if langs == {"en"}:
        combo["all-en"] += 1
    elif langs == {"mixed"}:
        combo["all-mixed"] += 1
    elif langs == {"ko"}:
        combo["all-ko"] += 1
    else:
        combo["cross-language (" + "+".join(sorted(langs)) + ")"] += 1
print(f"update queries: {len(ups)}; with two stale: {two_stale}; "
      + ", ".join(f"{k} {v}" for k, v in sorted(combo.items())))

if errors:
    print("\nERRORS:", file=sys.stderr)
    for e in errors:
        print(" -", e, file=sys.stderr)
    sys.exit(1)
print("\nOK: all checks passed")
