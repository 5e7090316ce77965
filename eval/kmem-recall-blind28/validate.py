#!/usr/bin/env python3
"""Validate blind28 memories.jsonl / queries.jsonl. Exit 1 on any error.

Checks ids, ownership of gold/stale ids, per-user time order, update staleness,
negatives, entity sizes, isolation fields, language labels and the required counts;
then prints count tables (query type x query language) used in README.md.
"""
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
NEG_KINDS = {"absent", "isolation", "isolation_same_name"}
MEM_FIELDS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_REQ = ["qid", "user_id", "query", "gold", "type"]
Q_OPT = {"stale", "entity", "neg_kind", "other_user_has", "other_user_mem", "confusable_other_user"}

HANGUL = re.compile(r"[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7A3\uD7B0-\uD7FF]")
TOKEN = re.compile(r"[A-Za-z0-9]+(?:['.\-/][A-Za-z0-9]+)*")
# Latin tokens that are not "real English words": units and proper names.
UNITS = {"kg", "g", "km", "cm", "mm", "ml", "mg", "kcal", "gb", "mb"}
NAMES = {"mina", "ram", "daniel", "priya", "nair", "soyeon", "taeo", "doyun", "eunji", "rachel",
         "moore", "owen", "park", "utrecht", "vancouver", "seattle", "jeju", "gimpo", "gapyeong",
         "dublin", "toronto", "ireland", "haneul", "ondo", "lumora", "zoom", "epipen"}

errors = []


def err(msg):
    errors.append(msg)


def latin_tokens(text):
    """-> (english_words, other_latin) where other_latin = codes, units, single letters, names."""
    words, other = [], []
    for tok in TOKEN.findall(text):
        if not re.search(r"[A-Za-z]", tok):
            continue                                   # pure number
        low = tok.lower()
        if re.search(r"\d", tok) or len(tok) == 1 or low in UNITS:
            other.append(tok)                          # code / unit / single letter (B동, 8-214)
        elif low in NAMES:
            other.append(tok)
        else:
            words.append(tok)
    return words, other


def detect_lang(text):
    has_h = bool(HANGUL.search(text))
    words, _ = latin_tokens(text)
    if has_h and words:
        return "mixed"
    if has_h:
        return "ko"
    return "en" if words else "und"


def check_mem_lang(m):
    text, lang = m["text"], m["lang"]
    has_h = bool(HANGUL.search(text))
    words, other = latin_tokens(text)
    if lang == "ko":
        names = [t for t in other if t.lower() in NAMES]
        if not has_h or words or names:
            err("%s lang=ko but hangul=%s english=%s names=%s" % (m["id"], has_h, words, names))
    elif lang == "en":
        if has_h or not words:
            err("%s lang=en but hangul=%s english=%s" % (m["id"], has_h, words))
    elif lang == "mixed":
        if not has_h or not words:
            err("%s lang=mixed but hangul=%s english=%s" % (m["id"], has_h, words))
    else:
        err("%s bad lang %r" % (m["id"], lang))


def load(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    mems = load("memories.jsonl")
    qs = load("queries.jsonl")

    # ---- memories ----
    by_id = {}
    for m in mems:
        if list(m) != MEM_FIELDS:
            err("memory fields %s" % list(m))
        if not re.fullmatch(r"m\d{4}", m["id"]):
            err("bad id %s" % m["id"])
        if m["id"] in by_id:
            err("duplicate memory id %s" % m["id"])
        by_id[m["id"]] = m
        if not re.fullmatch(r"2026-0[2-7]-\d\dT\d\d:\d\d:\d\dZ", m["ts"]):
            err("%s ts %s not 2026-02..07 ISO Z" % (m["id"], m["ts"]))
        if m["channel_type"] not in ("im", "channel"):
            err("%s channel_type %s" % (m["id"], m["channel_type"]))
        if not m["text"].strip():
            err("%s empty text" % m["id"])
        check_mem_lang(m)
    users = sorted({m["user_id"] for m in mems})
    for u in users:
        seq = sorted((m for m in mems if m["user_id"] == u), key=lambda m: m["id"])
        for a, b in zip(seq, seq[1:]):
            if not a["ts"] < b["ts"]:
                err("ts not strictly increasing for %s: %s %s >= %s %s" % (u, a["id"], a["ts"], b["id"], b["ts"]))
    texts = collections.Counter(m["text"] for m in mems)
    for t, c in texts.items():
        if c > 1:
            err("duplicate memory text: %s" % t)

    # ---- queries ----
    qids = set()
    for q in qs:
        qid = q.get("qid")
        if list(q)[:5] != Q_REQ:
            err("%s field order %s" % (qid, list(q)))
        if set(q) - set(Q_REQ) - Q_OPT:
            err("%s unknown fields %s" % (qid, set(q) - set(Q_REQ) - Q_OPT))
        if qid in qids:
            err("duplicate qid %s" % qid)
        qids.add(qid)
        if q["type"] not in TYPES:
            err("%s bad type %s" % (qid, q["type"]))
        u = q["user_id"]
        if u not in users:
            err("%s unknown user %s" % (qid, u))
        for field in ("gold", "stale"):
            for i in q.get(field, []):
                if i not in by_id:
                    err("%s %s id %s missing" % (qid, field, i))
                elif by_id[i]["user_id"] != u:
                    err("%s %s id %s belongs to another user" % (qid, field, i))
        if len(set(q["gold"])) != len(q["gold"]):
            err("%s duplicate gold ids" % qid)
        if set(q["gold"]) & set(q.get("stale", [])):
            err("%s id both gold and stale" % qid)
        if "stale" in q and q["type"] != "update":
            err("%s stale on non-update" % qid)
        if q["type"] == "update":
            if len(q["gold"]) != 1 or not q.get("stale"):
                err("%s update needs 1 gold and >=1 stale" % qid)
            else:
                g = by_id.get(q["gold"][0])
                for s in q["stale"]:
                    if s in by_id and g and not by_id[s]["ts"] < g["ts"]:
                        err("%s stale %s not older than gold %s" % (qid, s, g["id"]))
        if q["type"] == "negative":
            if q["gold"]:
                err("%s negative with gold" % qid)
            nk = q.get("neg_kind")
            if nk not in NEG_KINDS:
                err("%s bad neg_kind %s" % (qid, nk))
            if nk == "absent" and ("other_user_mem" in q or "other_user_has" in q):
                err("%s absent negative with other_user fields" % qid)
            if nk in ("isolation", "isolation_same_name"):
                oum = q.get("other_user_mem") or []
                if not oum or "other_user_has" not in q:
                    err("%s isolation negative without other_user fields" % qid)
                owners = {by_id[i]["user_id"] for i in oum if i in by_id}
                if len(owners) != len(oum) and any(i not in by_id for i in oum):
                    err("%s other_user_mem id missing" % qid)
                if u in owners:
                    err("%s other_user_mem includes asker's own memory" % qid)
                if q.get("other_user_has") not in owners:
                    err("%s other_user_has not among other_user_mem owners" % qid)
        else:
            if not q["gold"]:
                err("%s empty gold on %s" % (qid, q["type"]))
            for f in ("neg_kind", "other_user_has", "other_user_mem"):
                if f in q:
                    err("%s %s on non-negative" % (qid, f))
        if q["type"] == "entity":
            if not q.get("entity") or not 3 <= len(q["gold"]) <= 8:
                err("%s entity needs entity field and 3-8 gold" % qid)
        elif "entity" in q:
            err("%s entity field on non-entity" % qid)
        for i in q.get("confusable_other_user", []):
            if i not in by_id or by_id[i]["user_id"] == u:
                err("%s confusable id %s missing or own" % (qid, i))
        if "mobile number" in q["query"].lower():
            err("%s uses banned phrase" % qid)
    for m in mems:
        if "mobile number" in m["text"].lower():
            err("%s uses banned phrase" % m["id"])

    # ---- counts ----
    tcount = collections.Counter(q["type"] for q in qs)
    upd_lang = collections.Counter(detect_lang(q["query"]) for q in qs if q["type"] == "update")
    upd_gold_lang = collections.Counter(by_id[q["gold"][0]]["lang"] for q in qs if q["type"] == "update")
    if tcount["update"] < 40:
        err("only %d update queries" % tcount["update"])
    if upd_lang["en"] < 8 or upd_lang["mixed"] < 8:
        err("update queries by language %s (need >=8 en and >=8 mixed)" % dict(upd_lang))
    for u in users:
        ut = {q["type"] for q in qs if q["user_id"] == u}
        if set(TYPES) - ut:
            err("user %s lacks types %s" % (u, set(TYPES) - ut))
    mlang = collections.Counter(m["lang"] for m in mems)
    for lang, target in (("ko", 0.40), ("en", 0.25), ("mixed", 0.35)):
        share = mlang[lang] / len(mems)
        if abs(share - target) > 0.06:
            err("memory %s share %.2f far from %.2f" % (lang, share, target))

    # ---- report ----
    langs = ["ko", "en", "mixed"]
    print("memories: %d  by lang %s  by channel %s" % (
        len(mems), {l: mlang[l] for l in langs},
        dict(collections.Counter(m["channel_type"] for m in mems))))
    for u in users:
        um = [m for m in mems if m["user_id"] == u]
        print("  %s: %d memories %s, %d queries" % (
            u, len(um), dict(collections.Counter(m["lang"] for m in um)),
            sum(q["user_id"] == u for q in qs)))
    print("\nqueries: %d (language = detected language of the query text)" % len(qs))
    print("| type | ko | en | mixed | total |")
    print("|---|---|---|---|---|")
    tot = collections.Counter()
    for t in TYPES:
        c = collections.Counter(detect_lang(q["query"]) for q in qs if q["type"] == t)
        tot.update(c)
        print("| %s | %d | %d | %d | %d |" % (t, c["ko"], c["en"], c["mixed"], sum(c.values())))
    print("| **total** | %d | %d | %d | %d |" % (tot["ko"], tot["en"], tot["mixed"], sum(tot.values())))
    print("\nupdate queries: query lang %s, gold memory lang %s, 3-version chains %d" % (
        dict(upd_lang), dict(upd_gold_lang),
        sum(1 for q in qs if q["type"] == "update" and len(q["stale"]) >= 2)))
    print("negatives by neg_kind: %s" % dict(collections.Counter(q.get("neg_kind") for q in qs if q["type"] == "negative")))

    if errors:
        print("\nFAILED (%d errors)" % len(errors))
        for e in errors:
            print("  -", e)
        sys.exit(1)
    print("\nOK")


if __name__ == "__main__":
    main()
