/**
 * Dense vectors of the production embedders' shapes for the benchmarks, without a model: a seeded
 * mixture of Gaussians on the unit sphere. `clusters` centres are drawn once from the seed (isotropic
 * Gaussian, normalised); a text's vector is its cluster's centre plus isotropic Gaussian noise of
 * total norm about `spread`, normalised — every component non-zero, as a real embedding's. The
 * cluster and the noise are seeded by a hash of the text, so a text always gets the same vector and
 * nothing has to be kept: 110k × 1,024 floats would be the bench's own 450 MiB otherwise.
 *
 * Queries are drawn near their clusters: the centre of the cluster the query text hashes to, plus
 * noise of norm `querySpread` (smaller than a memory's), normalised.
 *
 * `--vectors offline|dense1024|dense768` of bench:recall and bench:ingest picks the space.
 */
import type { Embedder } from "../../../src/core/embedder.js";
import { OfflineEmbedder } from "../../../src/llm/offline-embedder.js";
import { createRng, type Rng } from "./prng.js";

/** The vector kinds the benchmarks run with. */
export const VECTOR_KINDS = ["offline", "dense1024", "dense768"] as const;
export type VectorKind = (typeof VECTOR_KINDS)[number];

/** bge-m3's and nomic-embed-text's dimensions. */
const DENSE_DIMENSIONS: Record<Exclude<VectorKind, "offline">, number> = { dense1024: 1024, dense768: 768 };
/** Mixture components: about one per hundred memories at 100k. */
export const DEFAULT_CLUSTERS = 1000;
/** Noise norm of a memory around its centre: same-cluster cosine about 1 / (1 + spread²) ≈ 0.5. */
export const DEFAULT_SPREAD = 1.0;
/** Noise norm of a query around its centre. */
export const DEFAULT_QUERY_SPREAD = 0.75;
/** Salt that keeps a query's noise apart from a memory's of the same text. */
const QUERY_SALT = 0x9e3779b9;

/** `--vectors`: a vector kind, checked. */
export function vectorKindOption(text: string): VectorKind {
  if (!(VECTOR_KINDS as readonly string[]).includes(text)) {
    throw new Error(`--vectors accepts ${VECTOR_KINDS.join(", ")} (got "${text}")`);
  }
  return text as VectorKind;
}

/** FNV-1a over the UTF-16 code units: a text's 32-bit seed. */
export function hashText(text: string, salt = 0): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A standard normal draw (Box–Muller). */
function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function normaliseInto(out: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < out.length; i++) n += out[i]! * out[i]!;
  const inv = n > 0 ? 1 / Math.sqrt(n) : 0;
  for (let i = 0; i < out.length; i++) out[i]! *= inv;
  return out;
}

/** The mixture: centres from a seed, and the vector of any text. */
export class DenseVectorSpace {
  readonly dimension: number;
  private readonly centres: Float32Array[];
  private readonly spread: number;
  private readonly querySpread: number;

  constructor(options: {
    seed: number;
    dimension: number;
    clusters?: number;
    spread?: number;
    querySpread?: number;
  }) {
    this.dimension = options.dimension;
    this.spread = options.spread ?? DEFAULT_SPREAD;
    this.querySpread = options.querySpread ?? DEFAULT_QUERY_SPREAD;
    const rng = createRng(options.seed);
    this.centres = Array.from({ length: options.clusters ?? DEFAULT_CLUSTERS }, () => {
      const c = new Float32Array(this.dimension);
      for (let i = 0; i < c.length; i++) c[i] = gaussian(rng);
      return normaliseInto(c);
    });
  }

  /** The cluster a text belongs to. */
  clusterOf(text: string): number {
    return hashText(text) % this.centres.length;
  }

  /** A memory's vector: its cluster's centre plus noise of norm ≈ spread, normalised. */
  memoryVector(text: string): Float32Array {
    return this.draw(this.clusterOf(text), hashText(text, 1), this.spread);
  }

  /** A query's vector: near the centre of the cluster its text hashes to. */
  queryVector(text: string): Float32Array {
    return this.draw(this.clusterOf(text), hashText(text, QUERY_SALT), this.querySpread);
  }

  private draw(cluster: number, seed: number, spread: number): Float32Array {
    const rng = createRng(seed);
    const centre = this.centres[cluster]!;
    const sigma = spread / Math.sqrt(this.dimension);
    const out = new Float32Array(this.dimension);
    for (let i = 0; i < out.length; i++) out[i] = centre[i]! + sigma * gaussian(rng);
    return normaliseInto(out);
  }
}

/** An Embedder over a DenseVectorSpace: what the lifecycle stores for each memory. */
export class DenseBenchEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  constructor(readonly space: DenseVectorSpace) {
    this.dimension = space.dimension;
    this.id = `bench:dense-gmm:${space.dimension}`;
  }
  embed(texts: string[]): Promise<number[][]> {
    return Promise.resolve(texts.map((t) => Array.from(this.space.memoryVector(t))));
  }
}

/** The vectors of one kind: the embedder the stores use, and the vector of a query and of a memory text. */
export interface BenchVectors {
  kind: VectorKind;
  embedder: Embedder;
  dimension: number;
  queryVector(text: string): number[];
  /** The vector the embedder gives `text` (for exact search). */
  memoryVector(text: string): Float32Array;
}

/** The benchmark vectors of `kind`; dense spaces are seeded by `seed`. */
export function benchVectors(kind: VectorKind, seed: number): BenchVectors {
  if (kind === "offline") {
    const embedder = new OfflineEmbedder();
    return {
      kind,
      embedder,
      dimension: embedder.dimension,
      queryVector: (text) => embedder.embedOne(text),
      memoryVector: (text) => Float32Array.from(embedder.embedOne(text)),
    };
  }
  const space = new DenseVectorSpace({ seed, dimension: DENSE_DIMENSIONS[kind] });
  return {
    kind,
    embedder: new DenseBenchEmbedder(space),
    dimension: space.dimension,
    queryVector: (text) => Array.from(space.queryVector(text)),
    memoryVector: (text) => space.memoryVector(text),
  };
}
