# Validates memories.jsonl / queries.jsonl and prints counts (no retrieval system involved).
import json, re, sys
from collections import Counter, defaultdict

HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
UID = re.compile(r"^U07[A-Z0-9]{6}$")

mems = [json.loads(l) for l in open("memories.jsonl", encoding="utf-8")]
qs = [json.loads(l) for l in open("queries.jsonl", encoding="utf-8")]
err = []
def bad(msg): err.append(msg)

byid = {}
for m in mems:
    if set(m) != {"id", "user_id", "text", "ts", "channel_type", "lang"}:
        bad(f"fields {m['id']}")
    if m["id"] in byid: bad(f"dup id {m['id']}")
    byid[m["id"]] = m
    if not UID.match(m["user_id"]): bad(f"user id {m['user_id']}")
    if not ("2026-01-03" <= m["ts"][:10] <= "2026-06-28") or not m["ts"].endswith("Z"):
        bad(f"ts range {m['id']} {m['ts']}")
    if m["channel_type"] not in ("im", "channel"): bad(f"channel {m['id']}")
    h = bool(HANGUL.search(m["text"]))
    if m["lang"] == "en" and h: bad(f"en with hangul {m['id']}")
    if m["lang"] in ("ko", "mixed") and not h: bad(f"{m['lang']} without hangul {m['id']}")
    if m["lang"] == "mixed" and not LATIN_WORD.search(m["text"]): bad(f"mixed w/o english {m['id']}")
    if re.search(r"(비밀번호|password|PIN|카드번호|계좌)", m["text"], re.I): bad(f"sensitive {m['id']}")

ids_sorted = sorted(byid)
if ids_sorted != [f"m{i:04d}" for i in range(1, len(mems) + 1)]: bad("ids not contiguous")
per_user = defaultdict(list)
for m in mems: per_user[m["user_id"]].append(m)
for u, ms in per_user.items():
    ms.sort(key=lambda m: m["id"])
    for a, b in zip(ms, ms[1:]):
        if not a["ts"] < b["ts"]: bad(f"ts not increasing {a['id']} {b['id']}")
    if not 30 <= len(ms) <= 36: bad(f"user {u} has {len(ms)} memories")

qids = set()
for q in qs:
    if q["qid"] in qids: bad(f"dup qid {q['qid']}")
    qids.add(q["qid"])
    u = q["user_id"]
    for g in q["gold"]:
        if g not in byid: bad(f"{q['qid']} gold {g} missing")
        elif byid[g]["user_id"] != u: bad(f"{q['qid']} gold {g} other user")
    if q["type"] == "negative":
        if q["gold"]: bad(f"{q['qid']} negative with gold")
        if q.get("neg_kind") not in ("absent", "isolation", "isolation_same_name"): bad(f"{q['qid']} neg_kind")
        if q["neg_kind"] != "absent":
            if not q.get("other_user_mem"): bad(f"{q['qid']} no other_user_mem")
            for x in q.get("other_user_mem", []):
                if byid[x]["user_id"] == u: bad(f"{q['qid']} other_user_mem {x} is own")
            if byid[q["other_user_mem"][0]]["user_id"] != q["other_user_has"] and \
               q["other_user_has"] not in {byid[x]["user_id"] for x in q["other_user_mem"]}:
                bad(f"{q['qid']} other_user_has mismatch")
    else:
        if not q["gold"]: bad(f"{q['qid']} empty gold")
    if q["type"] == "update":
        if len(q["gold"]) != 1: bad(f"{q['qid']} update gold should be 1")
        if not q.get("stale"): bad(f"{q['qid']} update without stale")
        for s in q.get("stale", []):
            if s not in byid: bad(f"{q['qid']} stale {s} missing"); continue
            if byid[s]["user_id"] != u: bad(f"{q['qid']} stale {s} other user")
            if s in q["gold"]: bad(f"{q['qid']} stale in gold")
            for g in q["gold"]:
                if not byid[s]["ts"] < byid[g]["ts"]: bad(f"{q['qid']} stale {s} not older than {g}")
    elif "stale" in q: bad(f"{q['qid']} stale on non-update")
    if q["type"] == "entity" and not 3 <= len(q["gold"]) <= 8: bad(f"{q['qid']} entity gold size")
    for x in q.get("confusable_other_user", []):
        if byid[x]["user_id"] == u: bad(f"{q['qid']} confusable {x} is own")

# every type for every user
types = ["keyword", "inflection", "paraphrase", "entity", "numeric", "mixed_lang", "update", "negative"]
tu = defaultdict(Counter)
for q in qs: tu[q["user_id"]][q["type"]] += 1
for u in per_user:
    for t in types:
        if tu[u][t] == 0: bad(f"user {u} lacks {t}")

# text copied verbatim between memories (near-duplicates are fine, exact dupes are not)
tc = Counter(m["text"] for m in mems)
for t, c in tc.items():
    if c > 1: bad(f"duplicate text: {t}")

print("ERRORS:", len(err))
for e in err: print("  ", e)
print("memories:", len(mems))
lc = Counter(m["lang"] for m in mems)
for k in ("ko", "en", "mixed"): print(f"  lang {k}: {lc[k]} ({100*lc[k]/len(mems):.1f}%)")
cc = Counter(m["channel_type"] for m in mems); print("  im/channel:", cc["im"], "/", cc["channel"])
print("queries:", len(qs))
tc = Counter(q["type"] for q in qs)
for t in types: print(f"  {t}: {tc[t]}")
print("  neg_kind:", dict(Counter(q.get("neg_kind") for q in qs if q["type"] == "negative")))
print("  with confusable_other_user:", sum(1 for q in qs if q.get("confusable_other_user")))
print("  update with 2 stale:", sum(1 for q in qs if len(q.get("stale", [])) >= 2))
qlang = Counter("en" if not HANGUL.search(q["query"]) else ("mixed" if LATIN_WORD.search(q["query"]) else "ko") for q in qs)
print("  query lang:", dict(qlang))
# update pairs by language of (stale, gold)
ul = Counter()
for q in qs:
    if q["type"] == "update":
        ul[(byid[q["stale"][-1]]["lang"], byid[q["gold"][0]]["lang"])] += 1
print("  update (stale lang -> gold lang):", {f"{a}->{b}": c for (a, b), c in sorted(ul.items())})
print("per user:")
for u, ms in per_user.items():
    print(f"  {u}: {len(ms)} memories, {sum(tu[u].values())} queries", dict(tu[u]))

# crude lexical check (own script, Hangul/Latin char-bigram overlap): does the stale note share more with the query?
def grams(s):
    s = re.sub(r"\s+", "", s.lower())
    return {s[i:i+2] for i in range(len(s) - 1)}
more = 0
for q in qs:
    if q["type"] == "update":
        qg = grams(q["query"])
        g = len(qg & grams(byid[q["gold"][0]]["text"]))
        st = max(len(qg & grams(byid[s]["text"])) for s in q["stale"])
        if st > g: more += 1
print(f"update queries where a stale note shares more char-bigrams with the query than the gold: {more}/{tc['update']}")
sys.exit(1 if err else 0)
