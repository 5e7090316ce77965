/**
 * Seeded dense vectors for the large-owner tests of the in-process and sqlite-vec indexes: clustered
 * around 20 centres (near ties, like real memories), norms from 0.5 to 2. The same seed gives the same
 * vectors.
 */
export function clusteredVectors(n: number, dimension: number, seed: number): number[][] {
  let state = seed;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
  const centres = Array.from({ length: 20 }, () => Array.from({ length: dimension }, gauss));
  return Array.from({ length: n }, () => {
    const centre = centres[Math.floor(next() * centres.length)]!;
    const v = centre.map((c) => c + 0.7 * gauss());
    const scale = (0.5 + 1.5 * next()) / Math.hypot(...v);
    return v.map((x) => x * scale);
  });
}
