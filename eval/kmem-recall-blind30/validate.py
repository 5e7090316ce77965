#!/usr/bin/env python3
"""Validate kmem-recall-blind30 (memories.jsonl, queries.jsonl). Exit 0 = pass."""
import json
import os
import re
import sys
from collections import Counter, defaultdict
from datetime import datetime

HERE = os.path.dirname(os.path.abspath(__file__))
errors, warnings = [], []


def err(msg):
    errors.append(msg)


def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                err(f"{name}:{ln} blank line")
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{name}:{ln} bad JSON: {e}")
    return rows


HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
TS_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
# Korean change words; the short ones must start a word (다이제스천 contains 이제 but is not a cue).
CHANGE_WORDS_KO = re.compile(r"바꿨|바뀜|바뀌|바꿔|바꿈|옮겼|변경|(?<![가-힣])(?:이제|이동|새로)")
CHANGE_WORDS_EN = re.compile(r"\b(now|new|moved|switched|rebooked|changed|went up)\b", re.I)

mems = load("memories.jsonl")
qs = load("queries.jsonl")

# ---------------- memories ----------------
MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
by_id = {}
for i, m in enumerate(mems, 1):
    if list(m.keys()) != MEM_FIELDS:
        err(f"memory row {i}: fields {list(m.keys())} != {MEM_FIELDS}")
    mid = m.get("id", "")
    if not re.fullmatch(r"m\d{4}", mid):
        err(f"memory row {i}: bad id {mid!r}")
    if mid != f"m{i:04d}":
        err(f"memory row {i}: id {mid} not sequential (expected m{i:04d})")
    if mid in by_id:
        err(f"duplicate memory id {mid}")
    by_id[mid] = m
    if not TS_RE.match(m.get("ts", "")):
        err(f"{mid}: ts {m.get('ts')!r} not UTC Z format")
    else:
        try:
            datetime.strptime(m["ts"], "%Y-%m-%dT%H:%M:%SZ")
        except ValueError:
            err(f"{mid}: ts unparsable")
    if m.get("channel_type") not in ("im", "channel"):
        err(f"{mid}: bad channel_type {m.get('channel_type')!r}")
    text, lang = m.get("text", ""), m.get("lang")
    if not text.strip():
        err(f"{mid}: empty text")
    has_h = bool(HANGUL.search(text))
    if lang == "en":
        if has_h:
            err(f"{mid}: lang en but has Hangul")
    elif lang == "ko":
        if not has_h:
            err(f"{mid}: lang ko but no Hangul")
    elif lang == "mixed":
        if not has_h or len(LATIN_WORD.findall(text)) < 2:
            err(f"{mid}: lang mixed needs Hangul and >=2 Latin words")
    else:
        err(f"{mid}: bad lang {lang!r}")
    if re.search(r"비밀번호|password|PIN\b|계좌|카드번호", text, re.I):
        err(f"{mid}: looks like a secret/account field")

# per-user blocks, strictly increasing ts
users_in_order, user_mems = [], defaultdict(list)
for m in mems:
    u = m["user_id"]
    if not users_in_order or users_in_order[-1] != u:
        if u in users_in_order:
            err(f"user {u} memories are not one contiguous block")
        users_in_order.append(u)
    user_mems[u].append(m)
for u, rows in user_mems.items():
    for a, b in zip(rows, rows[1:]):
        if not a["ts"] < b["ts"]:
            err(f"{u}: ts not strictly increasing {a['id']} {a['ts']} -> {b['id']} {b['ts']}")
texts = Counter(m["text"] for m in mems)
for t, c in texts.items():
    if c > 1:
        err(f"duplicate memory text x{c}: {t}")

# ---------------- queries ----------------
TYPES = {"keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"}
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
OPTIONAL = {"stale", "update_kind", "change_cue", "neg_kind", "other_user_has", "other_user_mem",
            "confusable_other_user", "confusable_same_user", "channel_type"}
qids = set()
for i, q in enumerate(qs, 1):
    qid = q.get("qid", f"row{i}")
    keys = list(q.keys())
    if keys[:5] != ["qid", "user_id", "query", "gold", "type"]:
        err(f"{qid}: first fields {keys[:5]}")
    extra = set(keys[5:]) - OPTIONAL
    if extra:
        err(f"{qid}: unknown fields {extra}")
    if qid != f"q{i:03d}":
        err(f"{qid}: qid not sequential (expected q{i:03d})")
    if qid in qids:
        err(f"duplicate qid {qid}")
    qids.add(qid)
    u, t = q.get("user_id"), q.get("type")
    if u not in user_mems:
        err(f"{qid}: unknown user {u}")
    if t not in TYPES:
        err(f"{qid}: bad type {t}")
    if not q.get("query", "").strip():
        err(f"{qid}: empty query")
    ch = q.get("channel_type", "im")
    if ch not in ("im", "channel"):
        err(f"{qid}: bad channel_type {ch}")

    def check_own(field, ids):
        for x in ids:
            if x not in by_id:
                err(f"{qid}: {field} id {x} does not exist")
            elif by_id[x]["user_id"] != u:
                err(f"{qid}: {field} id {x} belongs to {by_id[x]['user_id']}, not {u}")

    gold, stale = q.get("gold"), q.get("stale", [])
    if not isinstance(gold, list) or len(set(gold)) != len(gold):
        err(f"{qid}: gold must be a list of unique ids")
        gold = []
    check_own("gold", gold)
    check_own("stale", stale)
    check_own("confusable_same_user", q.get("confusable_same_user", []))
    if set(q.get("confusable_same_user", [])) & set(gold):
        err(f"{qid}: confusable_same_user overlaps gold")
    for x in q.get("confusable_other_user", []):
        if x not in by_id or by_id[x]["user_id"] == u:
            err(f"{qid}: confusable_other_user {x} missing or same user")
    if any(by_id[x]["text"].strip() == q["query"].strip() for x in gold if x in by_id):
        err(f"{qid}: query copies gold text verbatim")

    if t == "negative":
        if gold:
            err(f"{qid}: negative with non-empty gold")
        nk = q.get("neg_kind")
        if nk not in NEG_KINDS:
            err(f"{qid}: bad neg_kind {nk}")
        if nk in ("isolation", "isolation_same_name"):
            ou, om = q.get("other_user_has"), q.get("other_user_mem", [])
            if not ou or not om or ou == u:
                err(f"{qid}: isolation negative needs other_user_has/other_user_mem of another user")
            for x in om:
                if x not in by_id or by_id[x]["user_id"] == u:
                    err(f"{qid}: other_user_mem {x} missing or belongs to asker")
            if om and ou and not any(by_id.get(x, {}).get("user_id") == ou for x in om):
                err(f"{qid}: other_user_has {ou} not among other_user_mem owners")
        elif "other_user_mem" in q:
            err(f"{qid}: absent negative should not list other_user_mem")
    else:
        if not gold:
            err(f"{qid}: non-negative with empty gold")
        if "neg_kind" in q:
            err(f"{qid}: neg_kind on non-negative")

    if t == "update":
        if len(gold) != 1:
            err(f"{qid}: update must have exactly one gold")
        if not stale or len(stale) > 2:
            err(f"{qid}: update needs 1-2 stale ids")
        if set(stale) & set(gold):
            err(f"{qid}: stale overlaps gold")
        for s in stale:
            for g in gold:
                if s in by_id and g in by_id and not by_id[s]["ts"] < by_id[g]["ts"]:
                    err(f"{qid}: stale {s} not older than gold {g}")
        if q.get("update_kind") not in ("same_word", "diff_word"):
            err(f"{qid}: bad update_kind")
        cue = q.get("change_cue")
        if cue not in ("explicit", "implicit"):
            err(f"{qid}: bad change_cue")
        elif gold and gold[0] in by_id:
            gt = by_id[gold[0]]["text"]
            has_cue = bool(CHANGE_WORDS_KO.search(gt)) or bool(CHANGE_WORDS_EN.search(gt))
            if cue == "explicit" and not has_cue:
                err(f"{qid}: change_cue explicit but gold text has no change word: {gt}")
            if cue == "implicit" and has_cue:
                err(f"{qid}: change_cue implicit but gold text has a change word: {gt}")
    else:
        for f in ("stale", "update_kind", "change_cue"):
            if f in q:
                err(f"{qid}: {f} on non-update query")

    # visibility: a channel query must only need channel memories
    if ch == "channel":
        for x in list(gold) + list(stale):
            if x in by_id and by_id[x]["channel_type"] != "channel":
                err(f"{qid}: channel query needs DM-only memory {x}")

# a memory must not be gold for one update query and stale for another
gold_ids = {x for q in qs for x in q.get("gold", [])}
stale_ids = {x for q in qs for x in q.get("stale", [])}
if gold_ids & stale_ids:
    err(f"ids both gold and stale somewhere: {sorted(gold_ids & stale_ids)}")
# every stale memory must not be gold of a non-update lookup (its fact changed)
for q in qs:
    if q["type"] not in ("update",):
        for x in q.get("gold", []):
            if x in stale_ids:
                err(f"{q['qid']}: non-update gold {x} is a superseded (stale) memory")
# every user has look-alike notes used as distractors
for u in user_mems:
    if not any(q["user_id"] == u and q.get("confusable_same_user") for q in qs):
        err(f"user {u} has no confusable_same_user look-alikes")

# ---------------- counts ----------------
upd = [q for q in qs if q["type"] == "update"]
types = Counter(q["type"] for q in qs)
langs = Counter(m["lang"] for m in mems)
chans = Counter(m["channel_type"] for m in mems)
qchans = Counter(q.get("channel_type", "im") for q in qs)
kinds = Counter(q["update_kind"] for q in upd)
cues = Counter(q["change_cue"] for q in upd)
chains = sum(1 for q in upd if len(q["stale"]) == 2)
negk = Counter(q["neg_kind"] for q in qs if q["type"] == "negative")
n_conf = sum(1 for q in qs if q.get("confusable_same_user"))

expect = [
    (len(user_mems) == 4, f"users = {len(user_mems)} (expect 4)"),
    (130 <= len(mems) <= 150, f"memories = {len(mems)} (expect 130-150)"),
    (len(qs) == 100, f"queries = {len(qs)} (expect 100)"),
    (len(upd) == 40, f"update queries = {len(upd)} (expect 40)"),
    (abs(kinds["same_word"] - kinds["diff_word"]) <= 6, f"same/diff = {dict(kinds)} (expect about half each)"),
    (5 <= chains <= 7, f"3-version chains = {chains} (expect about 6)"),
    (min(cues.values()) >= 12 if len(cues) == 2 else False, f"change cues = {dict(cues)} (expect both kinds)"),
    (8 <= types["negative"] <= 12, f"negatives = {types['negative']} (expect ~10)"),
    (0.62 <= langs["ko"] / len(mems) <= 0.78, f"ko share = {langs['ko'] / len(mems):.2f} (expect ~0.70)"),
    (0.14 <= langs["en"] / len(mems) <= 0.26, f"en share = {langs['en'] / len(mems):.2f} (expect ~0.20)"),
    (0.06 <= langs["mixed"] / len(mems) <= 0.14, f"mixed share = {langs['mixed'] / len(mems):.2f} (expect ~0.10)"),
    (chans["im"] > chans["channel"], f"memory channel_type = {dict(chans)} (expect mostly im)"),
]
for ok, msg in expect:
    if not ok:
        err("count check failed: " + msg)

print("== kmem-recall-blind30 validation ==")
print(f"memories: {len(mems)}  users: {len(user_mems)}  per user: "
      + ", ".join(f"{u}={len(r)}" for u, r in user_mems.items()))
print(f"memory lang: {dict(langs)}  ({', '.join(f'{k} {v / len(mems):.0%}' for k, v in langs.items())})")
print(f"memory channel_type: {dict(chans)}")
print(f"queries: {len(qs)}  per user: " + ", ".join(
    f"{u}={sum(1 for q in qs if q['user_id'] == u)}" for u in user_mems))
print(f"query types: {dict(sorted(types.items()))}")
print(f"query channel_type: {dict(qchans)}")
print(f"updates: {len(upd)}  same_word/diff_word: {kinds['same_word']}/{kinds['diff_word']}  "
      f"explicit/implicit cue: {cues['explicit']}/{cues['implicit']}  3-version chains: {chains}")
print("  by kind x cue: " + ", ".join(f"{k}+{c}={n}" for (k, c), n in sorted(
    Counter((q['update_kind'], q['change_cue']) for q in upd).items())))
print(f"negatives: {types['negative']}  neg_kind: {dict(negk)}")
print(f"queries with same-user look-alikes (confusable_same_user): {n_conf}")
if errors:
    print(f"\nFAIL: {len(errors)} error(s)")
    for e in errors:
        print("  -", e)
    sys.exit(1)
print("\nPASS: all checks ok")
sys.exit(0)
