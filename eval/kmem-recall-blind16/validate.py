#!/usr/bin/env python3
"""Check blind16/memories.jsonl and queries.jsonl against the kmem-dev format and print counts.

Exits non-zero if any check fails.
"""
import collections
import datetime
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []


def err(msg):
    errors.append(msg)


def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                err(f"{name}:{n}: blank line")
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{name}:{n}: bad JSON ({e})")
    return rows


mems = load("memories.jsonl")
qs = load("queries.jsonl")

HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z']*")
MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_REQUIRED = ["qid", "user_id", "query", "gold", "type"]
Q_OPTIONAL = {"stale", "entity", "other_user_has", "other_user_mem", "neg_kind", "confusable_other_user"}
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
NEG_KINDS = ["absent", "isolation", "isolation_same_name"]
TS_MIN = datetime.datetime(2026, 1, 3, tzinfo=datetime.timezone.utc)
TS_MAX = datetime.datetime(2026, 6, 28, 23, 59, 59, tzinfo=datetime.timezone.utc)
KO_WEEKDAY = "월화수목금토일"

# ---------------------------------------------------------------- memories
by_id = {}
ts_of = {}
user_order = []
for i, m in enumerate(mems, 1):
    if list(m.keys()) != MEM_FIELDS:
        err(f"memory #{i}: fields {list(m.keys())} != {MEM_FIELDS}")
    mid = m.get("id", "")
    if mid != f"m{i:04d}":
        err(f"memory #{i}: id {mid!r}, expected m{i:04d}")
    if mid in by_id:
        err(f"duplicate memory id {mid}")
    by_id[mid] = m
    if not re.fullmatch(r"U[0-9A-Z]{8}", m.get("user_id", "")):
        err(f"{mid}: odd user_id {m.get('user_id')!r}")
    if m.get("user_id") not in user_order:
        user_order.append(m.get("user_id"))
    text = m.get("text", "")
    if not text.strip():
        err(f"{mid}: empty text")
    try:
        ts = datetime.datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
        ts_of[mid] = ts
        if not (TS_MIN <= ts <= TS_MAX):
            err(f"{mid}: ts {m['ts']} outside 2026-01-03..2026-06-28")
    except (KeyError, ValueError):
        err(f"{mid}: bad ts {m.get('ts')!r}")
    if m.get("channel_type") not in ("im", "channel"):
        err(f"{mid}: channel_type {m.get('channel_type')!r}")
    lang = m.get("lang")
    has_h = bool(HANGUL.search(text))
    # English words: Latin tokens of 2+ letters containing a lowercase letter (codes/brands like
    # EMR, LMS, KNS, BLS, 7C1203 do not count)
    en_words = [w for w in LATIN_WORD.findall(text) if len(w) >= 2 and re.search(r"[a-z]", w)]
    if lang == "en":
        if has_h:
            err(f"{mid}: lang en but contains Hangul")
    elif lang == "mixed":
        if not has_h:
            err(f"{mid}: lang mixed but no Hangul")
        if len(en_words) < 2:
            err(f"{mid}: lang mixed but fewer than 2 English words: {en_words}")
    elif lang == "ko":
        if not has_h:
            err(f"{mid}: lang ko but no Hangul")
        if len(en_words) > 1:
            err(f"{mid}: lang ko but has English words {en_words} (should it be mixed?)")
    else:
        err(f"{mid}: lang {lang!r}")

    # phone numbers: only 010-xxxx-xxxx
    for mm in re.finditer(r"(?<![\d.])0\d{1,3}[- ]?\d{3,4}[- ]?\d{4}(?!\d)", text):
        if not re.fullmatch(r"010-\d{4}-\d{4}", mm.group()):
            err(f"{mid}: phone-like number not in 010-xxxx-xxxx shape: {mm.group()}")
    if re.search(r"\d{9,}", text.replace(",", "")):
        err(f"{mid}: long bare digit run (account/card-like?): {text}")
    # no secrets
    if re.search(r"비밀번호|비번|password|passcode|\bPIN\b|핀번호|계좌|카드번호|card number|account number|CVC|OTP",
                 text, re.I):
        err(f"{mid}: mentions a password/PIN/card/account: {text}")
    # Korean date + weekday consistency for 2026 (e.g. "4월 18일 토요일", "3월 21일 토욜")
    for mm in re.finditer(r"(\d{1,2})월 (\d{1,2})일\s*\(?([월화수목금토일])(?:요일|욜)?(?=[\s,.)]|$)", text):
        mo, d, wd = int(mm.group(1)), int(mm.group(2)), mm.group(3)
        try:
            real = KO_WEEKDAY[datetime.date(2026, mo, d).weekday()]
        except ValueError:
            err(f"{mid}: impossible date {mo}/{d}")
            continue
        if real != wd:
            err(f"{mid}: {mo}월 {d}일 is {real}요일 in 2026, text says {wd}: {text}")

# per-user blocks, strictly increasing ts in id order
mems_of = collections.defaultdict(list)
for m in mems:
    mems_of[m["user_id"]].append(m)
prev_user = None
seen_users = set()
for m in mems:
    u = m["user_id"]
    if u != prev_user:
        if u in seen_users:
            err(f"{m['id']}: user {u} memories are not one contiguous id block")
        seen_users.add(u)
        prev_user = u
for u, rows in mems_of.items():
    for a, b in zip(rows, rows[1:]):
        if a["id"] in ts_of and b["id"] in ts_of and not ts_of[a["id"]] < ts_of[b["id"]]:
            err(f"user {u}: ts not strictly increasing at {a['id']} -> {b['id']}")
    texts = [r["text"] for r in rows]
    if len(set(texts)) != len(texts):
        err(f"user {u}: duplicate memory texts")

# ---------------------------------------------------------------- queries
def owner(mid):
    return by_id[mid]["user_id"] if mid in by_id else None


gold_of_nonentity = set()
stale_all = set()
qids = set()
for i, q in enumerate(qs, 1):
    qid = q.get("qid", f"#{i}")
    keys = list(q.keys())
    if keys[:5] != Q_REQUIRED:
        err(f"{qid}: first fields {keys[:5]} != {Q_REQUIRED}")
    extra = set(keys[5:]) - Q_OPTIONAL
    if extra:
        err(f"{qid}: unknown fields {extra}")
    if qid != f"q{i:03d}":
        err(f"{qid}: expected q{i:03d}")
    if qid in qids:
        err(f"duplicate qid {qid}")
    qids.add(qid)
    u, t = q.get("user_id"), q.get("type")
    if u not in mems_of:
        err(f"{qid}: user {u} has no memory rows")
    if t not in TYPES:
        err(f"{qid}: type {t!r}")
    if not str(q.get("query", "")).strip():
        err(f"{qid}: empty query")
    gold = q.get("gold", [])
    if not isinstance(gold, list) or len(set(gold)) != len(gold):
        err(f"{qid}: gold must be a list of distinct ids")
    for g in gold:
        if g not in by_id:
            err(f"{qid}: gold id {g} does not exist")
        elif owner(g) != u:
            err(f"{qid}: gold id {g} belongs to {owner(g)}, not {u}")
    if t != "entity":
        gold_of_nonentity.update(gold)

    # type-specific rules
    if t == "negative":
        if gold:
            err(f"{qid}: negative with non-empty gold")
        nk = q.get("neg_kind")
        if nk not in NEG_KINDS:
            err(f"{qid}: neg_kind {nk!r}")
        if nk == "absent":
            if "other_user_has" in q or "other_user_mem" in q:
                err(f"{qid}: absent negative must not carry other_user_* fields")
        else:
            has, om = q.get("other_user_has"), q.get("other_user_mem") or []
            if not om:
                err(f"{qid}: {nk} needs other_user_mem")
            if has == u or has not in mems_of:
                err(f"{qid}: other_user_has {has!r} must be another existing user")
            for mid in om:
                if mid not in by_id:
                    err(f"{qid}: other_user_mem {mid} does not exist")
                elif owner(mid) == u:
                    err(f"{qid}: other_user_mem {mid} belongs to the asker")
            if om and has not in {owner(x) for x in om}:
                err(f"{qid}: other_user_has {has} owns none of other_user_mem")
    else:
        for f in ("neg_kind", "other_user_has", "other_user_mem"):
            if f in q:
                err(f"{qid}: {f} on a non-negative query")
        if not gold:
            err(f"{qid}: empty gold on a {t} query")

    if t == "update":
        stale = q.get("stale") or []
        if len(gold) != 1:
            err(f"{qid}: update must have exactly one gold id (the newest fact)")
        if not stale:
            err(f"{qid}: update without stale ids")
        if set(stale) & set(gold):
            err(f"{qid}: id both gold and stale")
        for s in stale:
            stale_all.add(s)
            if s not in by_id:
                err(f"{qid}: stale id {s} does not exist")
            elif owner(s) != u:
                err(f"{qid}: stale id {s} belongs to {owner(s)}, not {u}")
            elif gold and gold[0] in ts_of and not ts_of[s] < ts_of[gold[0]]:
                err(f"{qid}: stale {s} is not older than gold {gold[0]}")
    elif "stale" in q:
        err(f"{qid}: stale on a non-update query")

    if t == "entity":
        ent = q.get("entity")
        if not ent:
            err(f"{qid}: entity query without entity")
        else:
            if not 3 <= len(gold) <= 8:
                err(f"{qid}: entity gold has {len(gold)} items (want 3-8)")
            for g in gold:
                if g in by_id and ent not in by_id[g]["text"]:
                    err(f"{qid}: gold {g} text does not mention {ent!r}")
            mentioned = {m["id"] for m in mems_of.get(u, []) if ent in m["text"]}
            if mentioned - set(gold):
                err(f"{qid}: memories mentioning {ent!r} missing from gold: {sorted(mentioned - set(gold))}")
    elif "entity" in q:
        err(f"{qid}: entity field on a non-entity query")

    for c in q.get("confusable_other_user", []):
        if c not in by_id:
            err(f"{qid}: confusable id {c} does not exist")
        elif owner(c) == u:
            err(f"{qid}: confusable id {c} belongs to the asker")
    if t == "negative" and "confusable_other_user" in q:
        err(f"{qid}: confusable_other_user is for positives")

    text = q.get("query", "")
    if re.search(r"비밀번호|비번|password|\bPIN\b|계좌|카드번호", text, re.I):
        err(f"{qid}: query asks about a secret")
    if re.search(r"\d{10,}", text):
        err(f"{qid}: query holds a bare 10+ digit run")

# stale memories must not be the answer to a non-entity query
for s in sorted(stale_all & gold_of_nonentity):
    err(f"stale memory {s} is gold of a non-entity query")

# every user: every type
per_user_types = collections.defaultdict(collections.Counter)
for q in qs:
    per_user_types[q["user_id"]][q["type"]] += 1
for u in mems_of:
    for t in TYPES:
        if per_user_types[u][t] == 0:
            err(f"user {u} has no {t} query")

# shared names between users (isolation material): must exist
SHARED = ["콩이", "김서연", "박지훈"]
for name in SHARED:
    owners = {m["user_id"] for m in mems if name in m["text"]}
    if len(owners) < 2:
        err(f"shared name {name!r} is used by only {len(owners)} user(s)")

# ---------------------------------------------------------------- report
def pct(a, b):
    return f"{100 * a / b:.0f}%" if b else "-"


print(f"memories: {len(mems)}  users: {len(mems_of)}")
for u in user_order:
    rows = mems_of[u]
    lc = collections.Counter(r["lang"] for r in rows)
    print(f"  {u}: {len(rows)} memories ({rows[0]['id']}-{rows[-1]['id']}), "
          f"ko {lc['ko']} / en {lc['en']} / mixed {lc['mixed']}")
lc = collections.Counter(m["lang"] for m in mems)
cc = collections.Counter(m["channel_type"] for m in mems)
print(f"  lang: ko {lc['ko']} ({pct(lc['ko'], len(mems))}), en {lc['en']} ({pct(lc['en'], len(mems))}), "
      f"mixed {lc['mixed']} ({pct(lc['mixed'], len(mems))})")
print(f"  channel_type: im {cc['im']} / channel {cc['channel']}")

tc = collections.Counter(q["type"] for q in qs)
print(f"queries: {len(qs)}")
print("  by type: " + ", ".join(f"{t} {tc[t]}" for t in TYPES))
for u in user_order:
    c = per_user_types[u]
    print(f"  {u}: {sum(c.values())} queries (" + ", ".join(f"{t} {c[t]}" for t in TYPES) + ")")
nk = collections.Counter(q.get("neg_kind") for q in qs if q["type"] == "negative")
print("  negatives by neg_kind: " + ", ".join(f"{k} {nk[k]}" for k in NEG_KINDS))
print(f"  positives with confusable_other_user: "
      f"{sum(1 for q in qs if q['type'] != 'negative' and q.get('confusable_other_user'))}")
ups = [q for q in qs if q["type"] == "update"]
pairs = collections.Counter(
    "->".join([by_id[q["stale"][-1]]["lang"], by_id[q["gold"][0]]["lang"]]) for q in ups)
chains = sum(1 for q in ups if len(q["stale"]) > 1)
print(f"  update queries: {len(ups)}, stale ids: {sum(len(q['stale']) for q in ups)}, chains (2+ stale): {chains}")
print("  update pairs by lang (stale->gold): " + ", ".join(f"{k} {v}" for k, v in sorted(pairs.items())))
ents = [q for q in qs if q["type"] == "entity"]
print(f"  entity gold sizes: {[len(q['gold']) for q in ents]}")
referenced = set()
for q in qs:
    referenced.update(q["gold"])
    referenced.update(q.get("stale", []))
print(f"  memories used as gold or stale: {len(referenced)} of {len(mems)}")

if warnings:
    print("WARNINGS:")
    for w in warnings:
        print("  " + w)
if errors:
    print(f"FAILED: {len(errors)} error(s)")
    for e in errors:
        print("  " + e)
    sys.exit(1)
print("OK: all checks passed")
