// @ts-check
/**
 * The layers of src/ and the one direction imports may point (docs/architecture.md draws them):
 *
 *   entry (main.ts) → interfaces (slack, http, admin, console, cli) → app (composition, eval)
 *     → features (agent, memory, history, graph, autosave) → language (text, extraction) → core
 *   adapters (backends, stores, db, llm) → language, core; only app constructs them.
 *
 * `npm run lint:deps` (part of `npm run check`) fails on an import that points the wrong way, so the
 * shape holds by itself. Type-only imports count: a type is a dependency too.
 */
const CORE = "^src/(core|util|logging|types)/";
const LANGUAGE = "^src/(text|extraction)/";
const CONFIG = "^src/config/";
const ADAPTERS = "^src/(backends|stores|db|llm)/";
const FEATURES = "^src/(agent|memory|history|graph|autosave)/";
const APP = "^src/(app|eval)/";
const INTERFACES = "^src/(slack|http|admin|console|cli)/";
const ENTRY = "^src/main\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "core-is-innermost",
      comment: "core (types, errors, ports, visibility), util and logging import nothing else of src/",
      severity: "error",
      from: { path: CORE },
      to: { path: "^src/", pathNot: CORE },
    },
    {
      name: "language-imports-core",
      comment: "text and extraction are pure language code: they import core and each other only",
      severity: "error",
      from: { path: LANGUAGE },
      to: { path: "^src/", pathNot: `${CORE}|${LANGUAGE}` },
    },
    {
      name: "config-imports-core",
      comment: "the configuration schema sits just above core; it may check regexes with text/",
      severity: "error",
      from: { path: CONFIG },
      to: { path: "^src/", pathNot: `${CORE}|${CONFIG}|^src/text/` },
    },
    {
      name: "adapters-import-core",
      comment: "backends, stores, PostgreSQL and Ollama adapters import core and language only",
      severity: "error",
      from: { path: ADAPTERS },
      to: { path: "^src/", pathNot: `${CORE}|${LANGUAGE}|${ADAPTERS}` },
    },
    {
      name: "adapters-stay-apart",
      comment: "one adapter does not reach into another, except the PostgreSQL connection (src/db)",
      severity: "error",
      from: { path: ADAPTERS },
      to: { path: ADAPTERS, pathNot: "^src/($1|db)/" },
    },
    {
      name: "features-point-inward",
      comment:
        "features take their collaborators (ports in core) and never build or name an adapter, the app or an interface",
      severity: "error",
      from: { path: FEATURES },
      to: { path: `${ADAPTERS}|${APP}|${INTERFACES}|${ENTRY}` },
    },
    {
      name: "features-stand-alone",
      comment: "agent, memory, history and graph do not import one another (they meet in core's ports)",
      severity: "error",
      from: { path: "^src/(agent|memory|history|graph)/" },
      to: { path: FEATURES, pathNot: "^src/$1/" },
    },
    {
      name: "autosave-below-agent",
      comment: "autosave uses memory, graph and history; the agent is above it",
      severity: "error",
      from: { path: "^src/autosave/" },
      to: { path: "^src/agent/" },
    },
    {
      name: "lifecycle-only-writer",
      comment: "the store's write path (StoreWriter) is the lifecycle's alone: nothing else may import it",
      severity: "error",
      from: { pathNot: "^src/memory/lifecycle/" },
      to: { path: "^src/memory/lifecycle/store-writer\\.ts$" },
    },
    {
      name: "app-below-interfaces",
      comment: "the composition root builds services and adapters; the interfaces and main.ts call it",
      severity: "error",
      from: { path: APP },
      to: { path: `${INTERFACES}|${ENTRY}` },
    },
    {
      name: "interfaces-apart",
      comment: "an interface imports another only for the shared HTTP plumbing (src/http)",
      severity: "error",
      from: { path: INTERFACES },
      to: { path: INTERFACES, pathNot: "^src/($1|http)/" },
    },
    {
      name: "src-never-imports-tests-or-tools",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(test|tools|fixtures)/" },
    },
    {
      name: "tools-never-import-tests",
      comment: "benchmarks and scripts share fixtures/ with the tests, never the tests' support code",
      severity: "error",
      from: { path: "^(tools|fixtures)/" },
      to: { path: "^test/" },
    },
    {
      name: "no-module-cycles",
      comment: "no cycle of modules at run time (a cycle closed only by a type import is not one)",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".mjs", ".json"] },
  },
};
