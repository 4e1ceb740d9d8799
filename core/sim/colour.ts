/**
 * Graph colouring of a constraint block: constraints of one colour share no particle, so a
 * parallel or GPU path may solve a whole colour at once; the serial solver walks the colours
 * in order, which makes the Gauss-Seidel sweep order explicit and deterministic.
 *
 * Greedy first-fit in input order: each constraint takes the lowest colour none of its
 * particles has used yet. Per-particle bit masks make that a few OR operations per constraint.
 */

import { constraintNode, DISSECTION_NODES } from './dissection.ts';

export interface Colouring {
  /** `order[k]` is the input index of the constraint placed at position k (block → input remap). */
  readonly order: Uint32Array;
  /** Colour c occupies positions [colourStarts[c], colourStarts[c + 1]); length colourCount + 1. */
  readonly colourStarts: Uint32Array;
  /**
   * Where the constraints come in dissection order (dissection.ts): the colours of node n are
   * [nodeColourStarts[n], nodeColourStarts[n + 1]), length DISSECTION_NODES + 1; null when every
   * constraint falls in one node (a body too small to cut).
   */
  readonly nodeColourStarts: Uint32Array | null;
}

/**
 * Colours `count` constraints of `arity` particles each (`particles[arity·i + k]`).
 * Deterministic: the same input always yields the same colours and order. With `leafOf` (each
 * particle's leaf of the nested dissection, dissection.ts) the constraints are grouped by node
 * first, leaves to root, and each node's constraints take colours of their own.
 */
export function colourConstraints(
  particles: Uint32Array,
  arity: number,
  particleCount: number,
  leafOf?: Uint8Array,
): Colouring {
  const count = Math.floor(particles.length / arity);
  const nodeOf = leafOf ? constraintNodes(particles, arity, count, leafOf) : null;
  const degree = new Uint32Array(particleCount);
  for (let k = 0; k < count * arity; k++) degree[particles[k]]++;
  // First-fit never needs more colours than one plus the number of neighbouring constraints.
  let bound = 1;
  for (let c = 0; c < count; c++) {
    let neighbours = 1;
    for (let k = 0; k < arity; k++) neighbours += degree[particles[c * arity + k]] - 1;
    if (neighbours > bound) bound = neighbours;
  }
  const words = Math.ceil(bound / 32);
  const used = new Uint32Array(particleCount * words);
  const colourOf = new Uint32Array(count);
  const nodeColourStarts = nodeOf ? new Uint32Array(DISSECTION_NODES + 1) : null;
  let colourCount = 0;
  // Node by node (one pass over all constraints without a dissection), each in input order.
  for (let node = 0; node < (nodeOf ? DISSECTION_NODES : 1); node++) {
    const base = colourCount;
    if (nodeColourStarts) nodeColourStarts[node] = base;
    if (node > 0) used.fill(0);
    for (let c = 0; c < count; c++) {
      if (nodeOf && nodeOf[c] !== node) continue;
      let colour = -1;
      for (let word = 0; word < words && colour < 0; word++) {
        let mask = 0;
        for (let k = 0; k < arity; k++) mask |= used[particles[c * arity + k] * words + word];
        if (mask !== -1) {
          const lowestFree = ~mask & (mask + 1);
          colour = word * 32 + (31 - Math.clz32(lowestFree));
        }
      }
      colourOf[c] = base + colour;
      if (base + colour + 1 > colourCount) colourCount = base + colour + 1;
      const word = colour >>> 5;
      const bit = 1 << (colour & 31);
      for (let k = 0; k < arity; k++) used[particles[c * arity + k] * words + word] |= bit;
    }
  }
  if (nodeColourStarts) nodeColourStarts[DISSECTION_NODES] = colourCount;
  // Counting sort by colour keeps input order inside each colour (stable, deterministic).
  const colourStarts = new Uint32Array(colourCount + 1);
  for (let c = 0; c < count; c++) colourStarts[colourOf[c] + 1]++;
  for (let k = 0; k < colourCount; k++) colourStarts[k + 1] += colourStarts[k];
  const next = colourStarts.slice(0, colourCount);
  const order = new Uint32Array(count);
  for (let c = 0; c < count; c++) order[next[colourOf[c]]++] = c;
  return { order, colourStarts, nodeColourStarts };
}

/** Each constraint's dissection node; null when they all fall in one (nothing to group). */
function constraintNodes(
  particles: Uint32Array,
  arity: number,
  count: number,
  leafOf: Uint8Array,
): Uint8Array | null {
  const nodeOf = new Uint8Array(count);
  let mixed = false;
  for (let c = 0; c < count; c++) {
    nodeOf[c] = constraintNode(particles, arity, c, leafOf);
    if (nodeOf[c] !== nodeOf[0]) mixed = true;
  }
  return mixed ? nodeOf : null;
}

type NumericArray = Float64Array | Uint32Array;

/** Reorders per-constraint data (`stride` values each) into block order: out[k] = src[order[k]]. */
export function permute<T extends NumericArray>(src: T, stride: number, order: Uint32Array): T {
  const out = new (src.constructor as { new (length: number): T })(order.length * stride);
  for (let k = 0; k < order.length; k++) {
    const from = order[k] * stride;
    for (let s = 0; s < stride; s++) out[k * stride + s] = src[from + s];
  }
  return out;
}
