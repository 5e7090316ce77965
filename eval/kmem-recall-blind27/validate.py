#!/usr/bin/env python3
"""Validate blind27 memories.jsonl / queries.jsonl. Exit status 1 on any error."""
import json
import os
import re
import sys
from collections import Counter, defaultdict
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import build  # noqa: E402

ERR = []
MEM_KEYS = ["id", "user_id", "text", "ts", "channel_type", "lang"]
Q_KEYS = ["qid", "user_id", "query", "gold", "type"]
OPTIONAL = {"update": {"stale", "confusable_other_user"},
            "entity": {"entity", "confusable_other_user"},
            "negative": {"other_user_has", "other_user_mem", "neg_kind"}}
POS_OPTIONAL = {"confusable_other_user"}
TYPES = build.TYPE_ORDER
PER_USER = {"keyword": 3, "inflection": 2, "paraphrase": 2, "entity": 1, "numeric": 2,
            "mixed_lang": 2, "update": 10, "negative": 3}
TS_MIN, TS_MAX = "2026-01-03T00:00:00Z", "2026-06-28T23:59:59Z"
HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
# Latin tokens a 'ko' line may carry without counting as English (units, codes)
KO_LATIN_OK = {"kg", "km", "GAP"}
BANNED = ["mobile" + " number", "password", "passcode", "비밀번호", "비번", "카드번호", "계좌", "account number",
          "card number", "PIN"]


def err(msg):
    ERR.append(msg)


def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err(f"{name}:{i}: bad JSON ({e})")
    return rows


def ts(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")


def main():
    mems, qs = load("memories.jsonl"), load("queries.jsonl")
    M = {r["id"]: r for r in mems}

    # ---------------- memories: schema ----------------
    prev_user, seen_users, last_ts = None, [], {}
    for i, r in enumerate(mems, 1):
        if list(r) != MEM_KEYS:
            err(f"memory {r.get('id')}: fields {list(r)}")
            continue
        if r["id"] != f"m{i:04d}":
            err(f"memory #{i}: id {r['id']} not sequential")
        if not re.fullmatch(r"U[0-9A-Z]{8}", r["user_id"]):
            err(f"{r['id']}: bad user_id {r['user_id']}")
        if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", r["ts"]) or not TS_MIN <= r["ts"] <= TS_MAX:
            err(f"{r['id']}: ts {r['ts']} malformed or out of range")
        if r["channel_type"] not in ("im", "channel"):
            err(f"{r['id']}: channel_type {r['channel_type']}")
        if not r["text"].strip():
            err(f"{r['id']}: empty text")
        # users appear as contiguous blocks, in A, B, C, D order
        if r["user_id"] != prev_user:
            if r["user_id"] in seen_users:
                err(f"{r['id']}: user {r['user_id']} not contiguous")
            seen_users.append(r["user_id"])
            prev_user = r["user_id"]
        # ts strictly increases within a user
        if r["user_id"] in last_ts and r["ts"] <= last_ts[r["user_id"]]:
            err(f"{r['id']}: ts not increasing within user")
        last_ts[r["user_id"]] = r["ts"]
        # lang
        has_h = bool(HANGUL.search(r["text"]))
        latin = [w for w in re.findall(r"[A-Za-z]{2,}", r["text"])]
        english = [w for w in latin if w not in KO_LATIN_OK and len(w) >= 3]
        if r["lang"] == "en" and has_h:
            err(f"{r['id']}: lang en but has Hangul")
        elif r["lang"] == "ko" and (not has_h or [w for w in latin if w not in KO_LATIN_OK]):
            err(f"{r['id']}: lang ko but no Hangul or has English words {latin}")
        elif r["lang"] == "mixed" and (not has_h or not english):
            err(f"{r['id']}: lang mixed needs Hangul and English")
        elif r["lang"] not in ("ko", "en", "mixed"):
            err(f"{r['id']}: lang {r['lang']}")
    if seen_users != [u["user_id"] for u in build.USERS.values()]:
        err(f"user order {seen_users} != A, B, C, D")
    if len({r["text"] for r in mems}) != len(mems):
        err("duplicate memory texts")

    # ---------------- content bans ----------------
    for r in mems + qs:
        t = r.get("text", r.get("query", ""))
        for b in BANNED:
            hit = re.search(r"\b" + b + r"\b", t) if b == "PIN" else (b.lower() in t.lower())
            if hit:
                err(f"{r.get('id', r.get('qid'))}: banned phrase '{b}'")

    # ---------------- queries: schema ----------------
    def check_ids(qid, field, lst, uid, same=True):
        for x in lst:
            if x not in M:
                err(f"{qid}: {field} id {x} unknown")
            elif same and M[x]["user_id"] != uid:
                err(f"{qid}: {field} id {x} belongs to another user")
            elif not same and M[x]["user_id"] == uid:
                err(f"{qid}: {field} id {x} belongs to the asker")

    per_user = defaultdict(Counter)
    stale_all, gold_nonupdate, gold_update = set(), {}, {}
    for i, r in enumerate(qs, 1):
        qid = r.get("qid")
        if list(r)[:5] != Q_KEYS:
            err(f"{qid}: leading fields {list(r)[:5]}")
            continue
        if qid != f"q{i:03d}":
            err(f"query #{i}: qid {qid} not sequential")
        t, uid = r["type"], r["user_id"]
        if t not in TYPES:
            err(f"{qid}: type {t}")
            continue
        per_user[uid][t] += 1
        extra = set(r) - set(Q_KEYS)
        allowed = OPTIONAL.get(t, set()) | (POS_OPTIONAL if t != "negative" else set())
        if extra - allowed:
            err(f"{qid}: unexpected fields {extra - allowed}")
        if not r["query"].strip():
            err(f"{qid}: empty query")
        check_ids(qid, "gold", r["gold"], uid)
        if len(set(r["gold"])) != len(r["gold"]):
            err(f"{qid}: duplicate gold ids")
        if "confusable_other_user" in r:
            check_ids(qid, "confusable_other_user", r["confusable_other_user"], uid, same=False)
        if t == "negative":
            if r["gold"]:
                err(f"{qid}: negative with gold")
            nk = r.get("neg_kind")
            if nk not in ("absent", "isolation", "isolation_same_name"):
                err(f"{qid}: neg_kind {nk}")
            if nk == "absent" and ("other_user_has" in r or "other_user_mem" in r):
                err(f"{qid}: absent negative with other_user fields")
            if nk in ("isolation", "isolation_same_name"):
                om = r.get("other_user_mem", [])
                if not om:
                    err(f"{qid}: isolation without other_user_mem")
                check_ids(qid, "other_user_mem", om, uid, same=False)
                if om and om[0] in M and r.get("other_user_has") != M[om[0]]["user_id"]:
                    err(f"{qid}: other_user_has does not match other_user_mem")
        else:
            if not r["gold"]:
                err(f"{qid}: empty gold")
        if t == "update":
            st = r.get("stale", [])
            if len(r["gold"]) != 1 or not st:
                err(f"{qid}: update needs exactly one gold and at least one stale")
            check_ids(qid, "stale", st, uid)
            if set(st) & set(r["gold"]):
                err(f"{qid}: id both gold and stale")
            if r["gold"] and r["gold"][0] in M:
                g = ts(M[r["gold"][0]]["ts"])
                for s in st:
                    if s in M and not ts(M[s]["ts"]) < g:
                        err(f"{qid}: stale {s} is not older than gold")
            for s in st:
                if s in stale_all:
                    err(f"{qid}: stale {s} used by two update queries")
                stale_all.add(s)
            for g in r["gold"]:
                if g in gold_update:
                    err(f"{qid}: gold {g} is also gold of {gold_update[g]}")
                gold_update[g] = qid
        elif "stale" in r:
            err(f"{qid}: stale on non-update")
        if t not in ("update", "negative"):
            for g in r["gold"]:
                gold_nonupdate.setdefault(g, qid)
        if t == "entity":
            ent = r.get("entity", "")
            if not 3 <= len(r["gold"]) <= 8:
                err(f"{qid}: entity gold size {len(r['gold'])}")
            mentions = {m["id"] for m in mems if m["user_id"] == uid and ent.lower() in m["text"].lower()}
            if mentions != set(r["gold"]):
                err(f"{qid}: entity '{ent}' gold {r['gold']} != memories naming it {sorted(mentions)}")
            if mentions & stale_ids_from_build():
                err(f"{qid}: entity gold holds a stale memory")
    for s in stale_all:
        if s in gold_nonupdate:
            err(f"stale {s} is gold of non-update query {gold_nonupdate[s]}")
        if s in gold_update:
            err(f"stale {s} is gold of update query {gold_update[s]}")
    for uid, c in per_user.items():
        for t, n in PER_USER.items():
            if c[t] != n:
                err(f"user {uid}: {c[t]} {t} queries, want {n}")
    if len(per_user) != 4 or len(qs) != 100:
        err(f"{len(per_user)} users / {len(qs)} queries, want 4 / 100")

    # ---------------- chains (from build.py) ----------------
    _, _, key2id, chain_qid = build.build()
    Q = {r["qid"]: r for r in qs}
    chains = build.CHAINS
    per_user_chains = Counter(c["user"] for c in chains)
    three = sum(len(c["members"]) == 3 for c in chains)
    corr = [c for c in chains if c["correction"]]
    langs = Counter(build.chain_lang(c) for c in chains)
    if len(chains) != 40 or set(per_user_chains.values()) != {10}:
        err(f"chains: {len(chains)} total, per user {dict(per_user_chains)}")
    if three != 8:
        err(f"three-version chains: {three}, want 8")
    if len(corr) != 5:
        err(f"corrections: {len(corr)}, want 5")
    if not (15 <= langs["ko"] <= 19 and 7 <= langs["en"] <= 11 and 12 <= langs["mixed"] <= 16):
        err(f"chain languages {dict(langs)}, want about 17/9/14")
    for c in chains:
        ids = [key2id[k] for k in c["members"]]
        if any(M[i]["user_id"] != build.USERS[c["user"]]["user_id"] for i in ids):
            err(f"chain {c['key']}: member of another user")
        times = [ts(M[i]["ts"]) for i in ids]
        if times != sorted(times) or len(set(times)) != len(times):
            err(f"chain {c['key']}: members not in time order")
        qr = Q.get(chain_qid.get(c["key"]))
        if not qr or qr["type"] != "update" or qr["gold"] != ids[-1:] or qr["stale"] != ids[:-1]:
            err(f"chain {c['key']}: update query does not match (gold = newest, stale = older)")
        gap = times[-1] - times[-2]
        if c["correction"] and gap > timedelta(hours=24):
            err(f"chain {c['key']}: correction written {gap} later (want same day)")
        for a, b in zip(times, times[1:]):
            if not c["correction"] and b - a < timedelta(days=1):
                err(f"chain {c['key']}: non-correction update only {b - a} later")
        # the update query should not copy a run from either note:
        # no shared run of 3 words, and no shared run of 7 Hangul letters
        qt = re.findall(r"[\w']+", c["query"].lower())
        qh = re.sub(r"[^\uac00-\ud7a3]", "", c["query"])
        for i in ids:
            tt = " " + " ".join(re.findall(r"[\w']+", M[i]["text"].lower())) + " "
            th = re.sub(r"[^\uac00-\ud7a3]", "", M[i]["text"])
            if any(" " + " ".join(qt[j:j + 3]) + " " in tt for j in range(len(qt) - 2)):
                err(f"chain {c['key']}: query copies three words in a row from {i}")
            if any(qh[j:j + 7] in th for j in range(len(qh) - 6)):
                err(f"chain {c['key']}: query copies 7 Hangul letters from {i}")
    if len(chain_qid) != 40:
        err(f"{len(chain_qid)} chain queries")

    # ---------------- look-alike pairs ----------------
    la = build.LOOKALIKE
    if len(la) != 8 or set(Counter(a[0] for a, _, _ in la).values()) != {2}:
        err(f"look-alike pairs: {len(la)}, want 8 (2 per user)")
    for a, b, _ in la:
        ia, ib = key2id.get(a), key2id.get(b)
        if not ia or not ib or ia == ib:
            err(f"look-alike {a}/{b}: unknown or identical")
            continue
        if M[ia]["user_id"] != M[ib]["user_id"]:
            err(f"look-alike {a}/{b}: different users")
        for x in (ia, ib):
            if x in stale_all:
                err(f"look-alike {x} is stale")
        for r in qs:
            s = set(r["gold"]) | set(r.get("stale", []))
            if ia in s and ib in s:
                err(f"look-alike {ia}/{ib} together in {r['qid']}")
        for x, y in ((ia, ib), (ib, ia)):
            if not any(x in r["gold"] and y not in r["gold"] + r.get("stale", []) for r in qs):
                err(f"look-alike {x}: never queried alone")

    # ---------------- isolation_same_name: asker really has a same-name entity ----------------
    for x, r in zip([x for x in build.QUERIES], [None] * len(build.QUERIES)):
        sn = x["extra"].get("same_name")
        if x["type"] == "negative" and x["extra"].get("neg_kind") == "isolation_same_name":
            uid = build.USERS[x["user"]]["user_id"]
            if not sn:
                err(f"same-name negative '{x['query']}' lacks same_name")
                continue
            own = [m for m in mems if m["user_id"] == uid and sn[0].lower() in m["text"].lower()]
            oth = [M[key2id[k]] for k in x["extra"]["other"] if sn[1].lower() in M[key2id[k]]["text"].lower()]
            if not own or not oth:
                err(f"same-name negative '{x['query']}': name not found on both sides")

    # ---------------- files equal a fresh rebuild ----------------
    mem_rows, q_rows, _, _ = build.build()
    for name, rows in (("memories.jsonl", mem_rows), ("queries.jsonl", q_rows)):
        with open(os.path.join(HERE, name), encoding="utf-8") as f:
            if f.read() != build.dumps(rows):
                err(f"{name} differs from a fresh build (run python3 build.py)")

    # ---------------- report ----------------
    lc = Counter(r["lang"] for r in mems)
    cc = Counter(r["channel_type"] for r in mems)
    nk = Counter(r.get("neg_kind") for r in qs if r["type"] == "negative")
    print(f"memories {len(mems)} (ko {lc['ko']}, en {lc['en']}, mixed {lc['mixed']}; "
          f"im {cc['im']}, channel {cc['channel']})")
    print(f"queries {len(qs)}: " + ", ".join(f"{t} {sum(r['type'] == t for r in qs)}" for t in TYPES))
    print(f"negatives: " + ", ".join(f"{k} {v}" for k, v in sorted(nk.items())))
    print(f"chains {len(chains)}: 3-version {three}, corrections {len(corr)}, "
          f"lang ko {langs['ko']} / en {langs['en']} / mixed {langs['mixed']}")
    print(f"look-alike pairs {len(la)}; confusable_other_user on "
          f"{sum('confusable_other_user' in r for r in qs)} queries")
    if ERR:
        print(f"\nFAILED: {len(ERR)} error(s)")
        for e in ERR:
            print("  -", e)
        return 1
    print("\nOK: all checks passed")
    return 0


def stale_ids_from_build():
    _, _, key2id, _ = build.build()
    return {key2id[k] for c in build.CHAINS for k in c["members"][:-1]}


if __name__ == "__main__":
    sys.exit(main())
