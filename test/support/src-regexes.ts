/**
 * Every regular expression in src/: the literals (read from the source with the TypeScript parser)
 * and the ones built with `new RegExp` while the modules load (recorded by a stand-in constructor
 * around their import), plus any RegExp a module exports. For the test that checks each is linear.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

export interface FoundRegex {
  source: string;
  flags: string;
  /** `src/agent/intents.ts:12` for a literal; `src/agent/intents.ts (built at load)` otherwise. */
  where: string;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const SRC = path.join(ROOT, "src");

/** Modules that start something when imported (entry points): read, never imported. */
const ENTRY_POINTS = new Set(["src/main.ts", "src/cli/memory-cli.ts"]);

export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The regex literals of one TypeScript file. */
export function regexLiterals(file: string, text = readFileSync(file, "utf8")): FoundRegex[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FoundRegex[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(sf);
      const end = literal.lastIndexOf("/");
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      found.push({
        source: literal.slice(1, end),
        flags: literal.slice(end + 1),
        where: `${path.relative(ROOT, file)}:${line}`,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * The patterns built with `new RegExp(…)` while each module of src/ is imported (module-level
 * constants built from shared fragments), and the RegExp values the modules export.
 */
export async function regexesBuiltAtLoad(files: readonly string[]): Promise<FoundRegex[]> {
  const found: FoundRegex[] = [];
  const Original = globalThis.RegExp;
  let current = "";
  let recording = true;
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args: [string | RegExp, string?], newTarget) {
      const made = Reflect.construct(target, args, newTarget) as RegExp;
      // Only patterns built by src/ itself, not by the packages it imports; named by the line that
      // builds them (a module imported by another is built while the other one is being imported).
      const caller = new Error().stack?.split("\n")[2] ?? "";
      const at = caller.indexOf(`${SRC}${path.sep}`);
      if (recording && at >= 0) {
        const place = /^(.*?\.ts):(\d+)/u.exec(caller.slice(at));
        const file = place ? `${path.relative(ROOT, place[1]!)}:${place[2]}` : current;
        found.push({ source: made.source, flags: made.flags, where: `${file} (built at load)` });
      }
      return made;
    },
  });
  try {
    for (const file of files) {
      const rel = path.relative(ROOT, file);
      if (ENTRY_POINTS.has(rel)) continue;
      current = rel;
      const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      current = "";
      for (const [name, value] of Object.entries(exports)) {
        if (value instanceof Original)
          found.push({ source: value.source, flags: value.flags, where: `${rel} export ${name}` });
      }
    }
  } finally {
    recording = false;
    globalThis.RegExp = Original;
  }
  return found;
}

/** Every pattern once (by source and flags), with the first place it was seen. */
export async function allSrcRegexes(): Promise<FoundRegex[]> {
  const files = sourceFiles();
  const all = [...files.flatMap((f) => regexLiterals(f)), ...(await regexesBuiltAtLoad(files))];
  const seen = new Map<string, FoundRegex>();
  for (const r of all) {
    const key = `/${r.source}/${r.flags}`;
    if (!seen.has(key)) seen.set(key, r);
  }
  return [...seen.values()];
}
