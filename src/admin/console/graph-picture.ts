import { Worker } from "node:worker_threads";
import type { GraphData, StoredRelation } from "../../core/graph-types.js";
import { VALUE_LABEL } from "../../core/graph-types.js";

/** Relations drawn at most; past it the current ones and then the newest are kept. */
export const MAX_PICTURE_RELATIONS = 300;
/** Characters of a node or edge label shown; longer ones end with "…". */
const MAX_LABEL_CHARS = 48;

const FONT = "Noto Sans CJK KR,NanumGothic,DejaVu Sans,sans-serif";
const INK = "#1f2937";
const GREY = "#9ca3af";

/** A picture of a user's knowledge graph: an SVG element (Graphviz's text, escaped by it) and what it shows. */
export interface GraphPicture {
  svg: string;
  nodes: number;
  relations: number;
  /** Relations left out of the picture (over {@link MAX_PICTURE_RELATIONS}). */
  omitted: number;
}

/** How long a drawing may take before the page gives up on it. */
export const DRAW_TIMEOUT_MS = 15_000;

/**
 * Draws the graph with Graphviz (`@viz-js/viz`, its WebAssembly build, in a worker thread): entities as
 * ellipses, values as boxes, each relation an arrow labelled with its attribute; a superseded fact
 * (`current: false`) is grey and dashed, and so is a node that only superseded facts reach. The SVG has
 * classes `node entity|value`, `edge`, and `superseded`, for styling and tests.
 */
export async function drawGraph(data: GraphData): Promise<GraphPicture> {
  const relations = pickRelations(data.relations);
  const dot = toDot(data, relations);
  const svg = await graphviz.render(dot);
  const used = new Set(relations.flatMap((r) => [r.source, r.target]));
  return {
    svg: stripProlog(svg),
    nodes: used.size,
    relations: relations.length,
    omitted: data.relations.length - relations.length,
  };
}

/** The DOT text of the picture (exported for tests). */
export function toDot(data: GraphData, relations: readonly StoredRelation[]): string {
  const nodes = new Map(data.nodes.map((n) => [n.id, n]));
  const dotId = new Map<string, string>();
  const idOf = (nodeId: string): string => {
    let id = dotId.get(nodeId);
    if (!id) dotId.set(nodeId, (id = `n${dotId.size}`));
    return id;
  };
  const live = new Set<string>();
  for (const r of relations) {
    if (r.properties.current) {
      live.add(r.source);
      live.add(r.target);
    }
  }
  const lines = [
    "digraph knowledge {",
    `  graph [rankdir=LR, bgcolor="transparent", nodesep=0.25, ranksep=0.7, pad=0.2];`,
    `  node [fontname="${FONT}", fontsize=12, color="${INK}", fontcolor="${INK}", penwidth=1.2];`,
    `  edge [fontname="${FONT}", fontsize=10, color="${INK}", fontcolor="#374151", arrowsize=0.7];`,
  ];
  const drawn = new Set<string>();
  const drawNode = (nodeId: string) => {
    if (drawn.has(nodeId)) return;
    drawn.add(nodeId);
    const node = nodes.get(nodeId);
    const isValue = node?.label === VALUE_LABEL;
    const old = !live.has(nodeId);
    const attrs = [
      `label=${quote(node?.name ?? nodeId)}`,
      isValue
        ? `shape=box, style="rounded${old ? ",dashed" : ""}"`
        : `shape=ellipse${old ? ', style="dashed"' : ""}`,
      `class=${quote(`${isValue ? "value" : "entity"}${old ? " superseded" : ""}`)}`,
      ...(old ? [`color="${GREY}"`, `fontcolor="${GREY}"`] : []),
    ];
    lines.push(`  ${idOf(nodeId)} [${attrs.join(", ")}];`);
  };
  for (const r of relations) {
    drawNode(r.source);
    drawNode(r.target);
  }
  for (const r of relations) {
    const old = !r.properties.current;
    const attrs = [
      `label=${quote(r.label)}`,
      `class=${quote(old ? "superseded" : "current")}`,
      ...(old ? [`color="${GREY}"`, `fontcolor="${GREY}"`, `style="dashed"`] : []),
    ];
    lines.push(`  ${idOf(r.source)} -> ${idOf(r.target)} [${attrs.join(", ")}];`);
  }
  lines.push("}");
  return lines.join("\n");
}

/**
 * One worker thread running Graphviz, started on first use and unref'd (it never keeps the process
 * alive); requests are answered in order. A worker that fails or exits is replaced on the next request.
 */
class GraphvizWorker {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (svg: string) => void; reject: (err: Error) => void }
  >();

  render(dot: string): Promise<string> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`drawing the graph took over ${DRAW_TIMEOUT_MS} ms`));
      }, DRAW_TIMEOUT_MS);
      this.waiting.set(id, {
        resolve: (svg) => (clearTimeout(timer), resolve(svg)),
        reject: (err) => (clearTimeout(timer), reject(err)),
      });
      worker.postMessage({ id, dot });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./graphviz-worker.mjs", import.meta.url));
    worker.on("message", (m: { id: number; svg?: string; error?: string }) => {
      const waiter = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.svg !== undefined) waiter?.resolve(m.svg);
      else waiter?.reject(new Error(m.error ?? "graphviz failed"));
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiter of this.waiting.values()) waiter.reject(err);
      this.waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the graphviz worker exited (${code})`)));
    // After the listeners: adding a message listener refs the worker's port again.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

const graphviz = new GraphvizWorker();

/** The relations to draw: all, or the current ones and then the newest, up to the cap. */
function pickRelations(relations: readonly StoredRelation[]): StoredRelation[] {
  if (relations.length <= MAX_PICTURE_RELATIONS) return [...relations];
  return [...relations]
    .sort(
      (a, b) =>
        Number(b.properties.current) - Number(a.properties.current) ||
        b.properties.createdAt - a.properties.createdAt,
    )
    .slice(0, MAX_PICTURE_RELATIONS);
}

/**
 * A DOT double-quoted string: backslashes and quotes escaped (so no `\N`-style escapes), one line, and
 * every other control character shown as U+FFFD (Graphviz refuses a NUL, and XML has no C0 controls):
 * a name is drawn whatever bytes it holds.
 */
function quote(text: string): string {
  const oneLine = text
    .replace(/\s+/g, " ")
    .replace(/\p{Cc}/gu, "\uFFFD")
    .trim();
  const short =
    [...oneLine].length > MAX_LABEL_CHARS
      ? `${[...oneLine].slice(0, MAX_LABEL_CHARS - 1).join("")}…`
      : oneLine;
  return `"${short.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** The `<svg>` element alone: no XML prolog, doctype or comments (so it can sit inside HTML). */
function stripProlog(svg: string): string {
  return svg.slice(svg.indexOf("<svg")).replace(/<!--[\s\S]*?-->\n?/g, "");
}
