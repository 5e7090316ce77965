import { z } from "zod";

/**
 * The stored shapes of the knowledge graph, as zod schemas: the one source of their types (core/types.ts
 * re-exports `z.infer` of each) and of the check every graph file read goes through.
 */

/**
 * A node. `id` is derived from the normalised name and the label (`${normName}_${label}`, see
 * `nodeId`), so the same name said twice is one node.
 */
export const entityNodeSchema = z.object({
  id: z.string().min(1),
  /** Display name, as first said (particles stripped). */
  name: z.string(),
  label: z.string(),
  /** For entity nodes: each attribute's current value (a string, or a list when several are current). */
  properties: z.record(z.string(), z.unknown()),
});

/** One memory a fact was said in: which, when and where. */
export const relationSourceSchema = z.object({
  /** The memory the fact was extracted from (absent for facts ingested without one). */
  memoryId: z.string().optional(),
  /** When it was said, ms since the epoch. */
  at: z.number(),
  /** Where it was said (core/visibility.ts: "private", "channel:<id>", "shared"). */
  visibility: z.string(),
});

/**
 * Properties every relation carries; more may be added. `sources` is what a fact is derived from;
 * `createdAt`, `sourceMemoryId`, `visibilities`, `current` and `supersededAt` are derived from the
 * sources of the relation and of its slot and from `retiredBy` (apply-triplets.ts), and kept for
 * readers of the file.
 */
export const relationPropertiesSchema = z
  .object({
    /** When the fact was first said, ms since the epoch. */
    createdAt: z.number(),
    /** False once a newer value for the same (entity, attribute) replaced it; the relation stays as history. */
    current: z.boolean(),
    /** When a newer value replaced it, ms since the epoch. */
    supersededAt: z.number().optional(),
    /** The latest memory the fact was said in. */
    sourceMemoryId: z.string().optional(),
    /** Every memory the fact was said in; absent on files written before sources existed. */
    sources: z.array(relationSourceSchema).optional(),
    /** Where the fact may be shown, one per source. Absent on old files: private. */
    visibilities: z.array(z.string()).optional(),
    /**
     * Later memories that said the fact changed without giving a new value of its slot: after the
     * fact's latest source, one makes it not current (apply-triplets.ts `restatedRelations`).
     */
    retiredBy: z.array(relationSourceSchema).optional(),
  })
  .catchall(z.unknown());

/** A directed, labelled edge: `source -[label]-> target` (node ids). */
export const relationSchema = z.object({
  /** Unique within a graph. */
  id: z.string().min(1),
  source: z.string().min(1),
  target: z.string().min(1),
  label: z.string(),
  properties: relationPropertiesSchema,
});
