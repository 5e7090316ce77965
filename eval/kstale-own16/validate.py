"""Validates memories.jsonl / queries.jsonl in this folder. Exit code 1 on any failure."""
import json, os, re, sys
from collections import Counter, defaultdict
from datetime import datetime

HERE = os.path.dirname(os.path.abspath(__file__))
errors = []


def check(cond, msg):
    if not cond:
        errors.append(msg)
    return cond


def load(name):
    rows = []
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                errors.append(f"{name}:{ln} blank line")
                continue
            rows.append(json.loads(line))
    return rows


HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
LATIN = re.compile(r"[A-Za-z]")


def qlang(s):
    h, l = bool(HANGUL.search(s)), bool(LATIN.search(s))
    return "mixed" if h and l else ("ko" if h else "en")


# ---------------- memories ----------------
mems = load("memories.jsonl")
MEM_FIELDS = {"id", "user_id", "text", "ts", "channel_type", "lang"}
TS_RE = re.compile(r"^2026-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
USER_RE = re.compile(r"^U[A-Z0-9]{8}$")
check(len(mems) == 100, f"expected 100 memories, got {len(mems)}")
by_id, prev_ts = {}, None
per_user_ts = defaultdict(list)
for i, m in enumerate(mems, 1):
    check(set(m) == MEM_FIELDS, f"memory {i}: fields {sorted(m)}")
    check(m.get("id") == f"m{i:04d}", f"memory {i}: id {m.get('id')} (expected m{i:04d})")
    check(USER_RE.match(m.get("user_id", "")), f"{m.get('id')}: bad user_id")
    check(m.get("channel_type") == "im", f"{m.get('id')}: channel_type")
    check(m.get("lang") in {"ko", "en", "mixed"}, f"{m.get('id')}: lang")
    t = m.get("text", "")
    check(isinstance(t, str) and 1 <= len(t) <= 120, f"{m.get('id')}: text length {len(t)}")
    ts = m.get("ts", "")
    if check(TS_RE.match(ts), f"{m.get('id')}: ts format {ts}"):
        dt = datetime.strptime(ts, "%Y-%m-%dT%H:%M:%SZ")
        check(datetime(2026, 1, 2) <= dt < datetime(2026, 8, 1), f"{m['id']}: ts out of range")
        if prev_ts is not None:
            check(ts > prev_ts, f"{m['id']}: ts not strictly increasing")
        prev_ts = ts
        per_user_ts[m["user_id"]].append(ts)
    # language label sanity
    h, l = bool(HANGUL.search(t)), bool(LATIN.search(t))
    lang = m.get("lang")
    check(not (lang == "en" and h), f"{m.get('id')}: lang en but has Hangul")
    check(not (lang == "ko" and not h), f"{m.get('id')}: lang ko but no Hangul")
    check(not (lang == "mixed" and not (h and l)), f"{m.get('id')}: lang mixed but not both scripts")
    by_id[m.get("id")] = m
check(len(by_id) == len(mems), "duplicate memory ids")
check(len({m["text"] for m in mems}) == len(mems), "duplicate memory texts")
users = Counter(m["user_id"] for m in mems)
check(len(users) == 4, f"expected 4 users, got {len(users)}")
for u, c in users.items():
    check(c == 25, f"user {u}: {c} notes (expected 25)")
for u, tss in per_user_ts.items():
    check(all(a < b for a, b in zip(tss, tss[1:])), f"user {u}: ts not increasing")

# ---------------- queries ----------------
qs = load("queries.jsonl")
Q_FIELDS = {"qid", "user_id", "query", "gold", "type", "stale"}
check(len(qs) == 48, f"expected 48 queries, got {len(qs)}")
type_count = Counter()
per_user_type = defaultdict(Counter)
two_stale = Counter()
qlangs = Counter()
cross_lang = 0
stale_more_overlap = []
for i, q in enumerate(qs, 1):
    qid = q.get("qid")
    check(set(q) == Q_FIELDS, f"query {i}: fields {sorted(q)}")
    check(qid == f"q{i:03d}", f"query {i}: qid {qid}")
    u, typ = q.get("user_id"), q.get("type")
    check(u in users, f"{qid}: unknown user {u}")
    check(typ in {"update", "single", "negative"}, f"{qid}: type {typ}")
    check(isinstance(q.get("query"), str) and q["query"].strip(), f"{qid}: empty query")
    gold, stale = q.get("gold", []), q.get("stale", [])
    check(isinstance(gold, list) and isinstance(stale, list), f"{qid}: gold/stale must be lists")
    check(len(set(gold)) == len(gold) and len(set(stale)) == len(stale), f"{qid}: duplicate ids")
    check(not set(gold) & set(stale), f"{qid}: gold and stale overlap")
    type_count[typ] += 1
    per_user_type[u][typ] += 1
    for nid in gold + stale:
        if check(nid in by_id, f"{qid}: id {nid} does not exist"):
            check(by_id[nid]["user_id"] == u, f"{qid}: {nid} belongs to another user")
    if typ == "update":
        check(len(gold) == 1, f"{qid}: update needs exactly one gold")
        check(1 <= len(stale) <= 2, f"{qid}: update needs 1-2 stale")
        if len(stale) == 2:
            two_stale[u] += 1
        if all(n in by_id for n in gold + stale):
            gts = min(by_id[g]["ts"] for g in gold)
            for s in stale:
                check(by_id[s]["ts"] < gts, f"{qid}: stale {s} not older than gold")
    elif typ == "single":
        check(len(gold) >= 1 and stale == [], f"{qid}: single needs gold and empty stale")
    elif typ == "negative":
        check(gold == [] and stale == [], f"{qid}: negative needs empty gold and stale")
    ql = qlang(q.get("query", ""))
    qlangs[ql] += 1
    if gold and gold[0] in by_id and by_id[gold[0]]["lang"] != ql:
        cross_lang += 1
    # lexical overlap: query tokens found (as substrings) in the note text
    if typ == "update" and all(n in by_id for n in gold + stale):
        toks = [t for t in re.findall(r"[\w]+", q["query"].lower()) if len(t) >= 2]
        ov = lambda nid: sum(t in by_id[nid]["text"].lower() for t in toks)
        if max(ov(s) for s in stale) > ov(gold[0]):
            stale_more_overlap.append(qid)

check(type_count == Counter(update=28, single=12, negative=8), f"type counts {dict(type_count)}")
for u in users:
    c = per_user_type[u]
    check(c == Counter(update=7, single=3, negative=2), f"user {u}: type counts {dict(c)}")
    check(two_stale[u] == 1, f"user {u}: {two_stale[u]} update queries with 2 stale (expected 1)")
check(len({q["qid"] for q in qs}) == len(qs), "duplicate qids")
check(qlangs == Counter(ko=38, mixed=4, en=6), f"query language counts {dict(qlangs)}")
check(len(stale_more_overlap) >= 3, f"only {len(stale_more_overlap)} stale-more-overlap queries")
# shuffled: no run of >4 consecutive queries by one user
run, longest = 1, 1
for a, b in zip(qs, qs[1:]):
    run = run + 1 if a["user_id"] == b["user_id"] else 1
    longest = max(longest, run)
check(longest <= 4, f"queries not shuffled (run of {longest} by one user)")
# every note used as gold/stale is referenced at most by one update query as gold
gold_refs = Counter(n for q in qs if q["type"] == "update" for n in q["gold"])
check(all(c == 1 for c in gold_refs.values()), "an update gold note is reused")

print(f"memories: {len(mems)}  users: {dict(users)}")
print(f"memory langs: {dict(Counter(m['lang'] for m in mems))}")
print(f"queries: {len(qs)}  types: {dict(type_count)}  query langs: {dict(qlangs)}")
print(f"queries whose language differs from gold note: {cross_lang}")
print(f"update queries where a stale note overlaps the query more than gold: "
      f"{len(stale_more_overlap)} {stale_more_overlap}")
print(f"longest same-user run in queries: {longest}")
if errors:
    print(f"\nFAILED ({len(errors)} problems):")
    for e in errors:
        print("  -", e)
    sys.exit(1)
print("\nALL CHECKS PASSED")
