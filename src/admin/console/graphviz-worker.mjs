// @ts-check
// Graphviz (@viz-js/viz, WebAssembly) in a worker thread, so laying out a large graph never stalls the
// event loop that serves Slack and /healthz. Plain JavaScript: a worker loads it without a TS loader.
import { parentPort } from "node:worker_threads";
import { instance } from "@viz-js/viz";

const viz = await instance();
parentPort?.on("message", (/** @type {{ id: number; dot: string }} */ request) => {
  const result = viz.render(request.dot, { format: "svg", engine: "dot" });
  parentPort?.postMessage(
    result.status === "success"
      ? { id: request.id, svg: result.output }
      : { id: request.id, error: result.errors.map((e) => e.message).join("; ") || "graphviz failed" },
  );
});
