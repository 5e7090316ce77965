process.env.RECHECK_BACKEND = process.env.B ?? "native";
const { check } = await import("recheck");
const { allSrcRegexes } = await import("./test/support/src-regexes.ts");
const all = await allSrcRegexes();
const t0 = Date.now();
const slow: string[] = [];
for (const r of all) { const t=Date.now(); const v = await check(r.source, r.flags, {checker:"automaton", timeout: 10000}); const d=Date.now()-t; if (v.status!=="safe" || d>500) slow.push(`${d}ms ${v.status} ${(v as any).complexity?.summary ?? (v as any).error?.kind ?? ""} ${r.where} /${r.source.slice(0,60)}/${r.flags}`); }
console.log(slow.join("\n")); console.log("total", Date.now()-t0, all.length);
