#!/usr/bin/env python3
"""Validate blind29 memories.jsonl / queries.jsonl and print count tables.

Exit code 0 if every check passes, 1 otherwise.
"""
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
NEG_KINDS = ["absent", "isolation", "isolation_same_name"]
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
LATIN_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
ID_RE = re.compile(r"^m\d{4}$")
UID_RE = re.compile(r"^U0[A-Z0-9]{7}$")
TS_RE = re.compile(r"^2026-\d\d-\d\dT\d\d:\d\d:\d\dZ$")

# Latin tokens that are names, brands, units or codes rather than English words.
# A `ko` line may contain these; a `mixed` line needs at least one Latin word NOT in this set.
NON_ENGLISH = {
    # units / abbreviations
    "mg", "km", "am", "pm", "ux", "rpg", "ut", "fc", "ktx", "kpa", "q", "v", "b", "c", "a", "m", "s",
    # people
    "daniel", "sora", "lim", "kevin", "park", "jenny", "jihyun", "mina", "ben", "tom", "bae", "jong", "su",
    "yoon", "hae", "ri", "cho", "grace",
    # brands, shops, places, titles
    "vic", "firth", "promark", "medisafe", "nimbus", "cirrus", "maru", "vinlab", "orbit", "studio",
    "fiton", "jeongja", "seattle", "jura", "savagnin", "clay", "hour", "slack", "pandemo",
    "daon", "pharm", "hanbit", "sharks", "bulldog", "itaewon", "hapjeong", "nanji", "haru",
    "yeonnam", "mangwon", "busan", "bulls", "seoul", "daejeon", "kimchi", "tea", "moto", "garage",
    "bean", "tree", "orion", "cave",
}


def english_words(text):
    return [w for w in LATIN_WORD.findall(text) if len(w) >= 2 and w.lower() not in NON_ENGLISH]


def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def table(title, rows, cols, row_label="user"):
    print(f"\n{title}")
    header = [row_label] + cols + ["total"]
    widths = [max(len(h), 10) for h in header]
    print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
    totals = Counter()
    for name, counter in rows:
        vals = [counter.get(c, 0) for c in cols]
        for c, v in zip(cols, vals):
            totals[c] += v
        print("  ".join(str(x).ljust(w) for x, w in zip([name] + vals + [sum(vals)], widths)))
    vals = [totals[c] for c in cols]
    print("  ".join(str(x).ljust(w) for x, w in zip(["ALL"] + vals + [sum(vals)], widths)))


def main():
    errors = []
    err = errors.append
    mems = load("memories.jsonl")
    qs = load("queries.jsonl")

    # ---------- memories ----------
    mem_fields = {"id", "user_id", "text", "ts", "channel_type", "lang"}
    by_id = {}
    for m in mems:
        if set(m) != mem_fields:
            err(f"{m.get('id')}: fields {sorted(m)}")
        if not ID_RE.match(m["id"]):
            err(f"{m['id']}: bad id")
        if m["id"] in by_id:
            err(f"{m['id']}: duplicate id")
        by_id[m["id"]] = m
        if not UID_RE.match(m["user_id"]):
            err(f"{m['id']}: bad user_id {m['user_id']}")
        if not TS_RE.match(m["ts"]):
            err(f"{m['id']}: bad ts {m['ts']}")
        if m["channel_type"] not in ("im", "channel"):
            err(f"{m['id']}: bad channel_type")
        t = m["text"]
        has_h = bool(HANGUL.search(t))
        eng = english_words(t)
        if m["lang"] == "en" and has_h:
            err(f"{m['id']}: lang=en but has Hangul")
        elif m["lang"] == "ko" and (not has_h or eng):
            err(f"{m['id']}: lang=ko but Hangul={has_h}, English words={eng}")
        elif m["lang"] == "mixed" and (not has_h or not eng):
            err(f"{m['id']}: lang=mixed but Hangul={has_h}, English words={eng}")
        elif m["lang"] not in ("ko", "en", "mixed"):
            err(f"{m['id']}: bad lang {m['lang']}")

    # ids sequential, users in contiguous blocks, ts strictly increasing per user
    ids = [m["id"] for m in mems]
    if ids != [f"m{i:04d}" for i in range(1, len(mems) + 1)]:
        err("memory ids are not m0001..mNNNN in file order")
    users = []
    for m in mems:
        if not users or users[-1] != m["user_id"]:
            if m["user_id"] in users:
                err(f"user {m['user_id']} memories not in one block")
            users.append(m["user_id"])
    last = {}
    for m in mems:
        u = m["user_id"]
        if u in last and not m["ts"] > last[u]:
            err(f"{m['id']}: ts not strictly increasing for {u}")
        last[u] = m["ts"]

    # ---------- queries ----------
    qids = set()
    per_user_types = defaultdict(Counter)
    for q in qs:
        qid, u, typ = q["qid"], q["user_id"], q["type"]
        if qid in qids:
            err(f"{qid}: duplicate qid")
        qids.add(qid)
        if typ not in TYPES:
            err(f"{qid}: bad type {typ}")
        if u not in users:
            err(f"{qid}: unknown user {u}")
        per_user_types[u][typ] += 1
        allowed = {"qid", "user_id", "query", "gold", "type", "stale", "entity", "other_user_has",
                   "other_user_mem", "neg_kind", "confusable_other_user"}
        if set(q) - allowed:
            err(f"{qid}: unexpected fields {set(q) - allowed}")
        if len(set(q["gold"])) != len(q["gold"]):
            err(f"{qid}: duplicate gold")
        for g in q["gold"]:
            if g not in by_id:
                err(f"{qid}: gold {g} missing")
            elif by_id[g]["user_id"] != u:
                err(f"{qid}: gold {g} belongs to another user")
        if typ == "negative":
            if q["gold"]:
                err(f"{qid}: negative with gold")
            nk = q.get("neg_kind")
            if nk not in NEG_KINDS:
                err(f"{qid}: bad neg_kind {nk}")
            if nk == "absent":
                if q.get("other_user_mem") or q.get("other_user_has"):
                    err(f"{qid}: absent but other_user fields set")
            else:
                om = q.get("other_user_mem") or []
                if not om or not q.get("other_user_has"):
                    err(f"{qid}: {nk} needs other_user_has and other_user_mem")
                for o in om:
                    if o not in by_id:
                        err(f"{qid}: other_user_mem {o} missing")
                    elif by_id[o]["user_id"] == u:
                        err(f"{qid}: other_user_mem {o} belongs to the asker")
                if om and q.get("other_user_has") not in {by_id[o]["user_id"] for o in om if o in by_id}:
                    err(f"{qid}: other_user_has owns none of other_user_mem")
        else:
            if not q["gold"]:
                err(f"{qid}: positive query with empty gold")
            if "neg_kind" in q or "other_user_mem" in q:
                err(f"{qid}: negative fields on positive query")
        if typ == "update":
            st = q.get("stale") or []
            if not st:
                err(f"{qid}: update without stale")
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
        elif "stale" in q:
            err(f"{qid}: stale on non-update query")
        if typ == "entity":
            if not q.get("entity"):
                err(f"{qid}: entity query without entity")
            if not 3 <= len(q["gold"]) <= 8:
                err(f"{qid}: entity gold size {len(q['gold'])} not in 3..8")
        for c in q.get("confusable_other_user", []):
            if c not in by_id or by_id[c]["user_id"] == u:
                err(f"{qid}: confusable {c} missing or owned by asker")

    for u in users:
        for t in TYPES:
            if per_user_types[u][t] == 0:
                err(f"user {u} has no {t} query")
    neg_by_user = defaultdict(Counter)
    for q in qs:
        if q["type"] == "negative":
            neg_by_user[q["user_id"]][q["neg_kind"]] += 1
    for u in users:
        if neg_by_user[u]["absent"] == 0 or (neg_by_user[u]["isolation"] + neg_by_user[u]["isolation_same_name"]) == 0:
            err(f"user {u} lacks an absent or an isolation negative")

    # ---------- tables ----------
    mem_lang = defaultdict(Counter)
    mem_ch = defaultdict(Counter)
    for m in mems:
        mem_lang[m["user_id"]][m["lang"]] += 1
        mem_ch[m["user_id"]][m["channel_type"]] += 1
    table("memories by language", [(u, mem_lang[u]) for u in users], ["ko", "en", "mixed"])
    tot = Counter(m["lang"] for m in mems)
    print("  share: " + ", ".join(f"{k} {tot[k] / len(mems):.0%}" for k in ("ko", "en", "mixed")))
    table("memories by channel_type", [(u, mem_ch[u]) for u in users], ["im", "channel"])
    table("queries by type", [(u, per_user_types[u]) for u in users], TYPES)
    table("negatives by kind", [(u, neg_by_user[u]) for u in users], NEG_KINDS)

    upd_lang = defaultdict(Counter)
    pair_lang = Counter()
    chains = 0
    for q in qs:
        if q["type"] != "update":
            continue
        g = by_id[q["gold"][0]]
        upd_lang[q["user_id"]][g["lang"]] += 1
        langs = {by_id[i]["lang"] for i in q["gold"][:1] + q["stale"]}
        pair_lang["all-en" if langs == {"en"} else "all-mixed" if langs == {"mixed"} else
                  "all-ko" if langs == {"ko"} else "cross"] += 1
        chains += len(q["stale"]) >= 2
    table("update queries by language of the newest (gold) note", [(u, upd_lang[u]) for u in users],
          ["ko", "en", "mixed"])
    print(f"  update pairs by language of gold+stale notes: {dict(pair_lang)}; chains (2+ stale): {chains}")
    conf = sum(1 for q in qs if q.get("confusable_other_user"))
    print(f"  positives with confusable_other_user: {conf}")

    print(f"\n{len(mems)} memories, {len(qs)} queries, {len(users)} users")
    if errors:
        print(f"\nFAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  - " + e)
        sys.exit(1)
    print("\nOK: all checks passed")


if __name__ == "__main__":
    main()
