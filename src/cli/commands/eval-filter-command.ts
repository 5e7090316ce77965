import { readFile } from "node:fs/promises";
import { replayFilterEval, scoreFilterEval, filterEvalRowSchema } from "../../eval/filter-eval.js";
import {
  EVAL_FILTER_CONFIG,
  filterConfigLines,
  formatFilterReport,
  toFilterSummary,
} from "../../eval/filter-report.js";
import { parseJsonLines } from "../../util/jsonl.js";
import { EXIT_OK, parseCommandArgs, required } from "../args.js";
import type { Command } from "../command.js";

/**
 * `eval-filter`: replays a kfilter-dev–shaped file through the content filter and the topic extractor
 * (no Chroma, no model: the offline embedder in memory) and prints keep-recall, noise-reject overall
 * and per kind, duplicate-skip and topic precision/recall/F1, overall and per lang. With `--json` the
 * last line is `{"keepRecall","noiseReject","byKind":{kind:{"n","rate"}},"duplicateSkip","topics":{…}}`.
 */
export const evalFilterCommand: Command = {
  name: "eval-filter",
  synopsis: "eval-filter --file F.jsonl [--json]",
  summary: "Score the content filter and the topic extractor on a kfilter-dev style set (offline).",
  readsStoredMemories: false,
  async run(ctx, args) {
    const values = parseCommandArgs(args, {
      file: { type: "string" },
      json: { type: "boolean", default: false },
    });
    const file = required(values.file, "file");
    const rows = parseJsonLines(await readFile(file, "utf8"), filterEvalRowSchema, file);
    const started = performance.now();
    const predictions = replayFilterEval(rows, EVAL_FILTER_CONFIG);
    const elapsedMs = performance.now() - started;
    const report = scoreFilterEval(rows, predictions);
    for (const line of filterConfigLines()) ctx.out(line);
    for (const line of formatFilterReport(report)) ctx.out(line);
    ctx.out(`${rows.length} messages in ${elapsedMs.toFixed(0)} ms (embedding included)`);
    if (values.json) ctx.out(JSON.stringify(toFilterSummary(report)));
    return EXIT_OK;
  },
};
