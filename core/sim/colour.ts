/**
 * Graph colouring of a constraint block: constraints of one colour share no particle, so a
 * parallel or GPU path may solve a whole colour at once; the serial solver walks the colours
 * in order, which makes the Gauss-Seidel sweep order explicit and deterministic.
 *
 * Greedy first-fit in input order: each constraint takes the lowest colour none of its
 * particles has used yet. Per-particle bit masks make that a few OR operations per constraint.
 * Then, for a kernel that solves `batch` constraints of a colour at a time, each colour's size is
 * made a multiple of `batch` where a later colour can take the remainder, so that the kernel seldom
 * ends a colour on its scalar path.
 */

import { constraintNode, DISSECTION_NODES, ROOT_ACROSS } from './dissection.ts';

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
 * first, leaves to root, and each node's constraints take colours of their own. With `batch` > 1
 * the colour sizes are evened to multiples of it (`evenColourSizes`), and with a dissection what a
 * node's colours cannot take evenly goes to ROOT_ACROSS, the node swept last (it may touch every
 * part, and every part has been swept by then); 1 keeps first fit's colours.
 */
export function colourConstraints(
  particles: Uint32Array,
  arity: number,
  particleCount: number,
  leafOf?: Uint8Array,
  batch = 1,
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
    const members: number[][] = [];
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
      const word = colour >>> 5;
      const bit = 1 << (colour & 31);
      for (let k = 0; k < arity; k++) used[particles[c * arity + k] * words + word] |= bit;
      for (let k = members.length; k <= colour; k++) members.push([]);
      members[colour].push(c);
    }
    if (batch > 1) {
      evenColourSizes(members, batch, { particles, arity, used, words });
      // What is left over moves on to the node swept last, whose constraints may touch any part.
      if (nodeOf && node < ROOT_ACROSS) {
        for (const list of members)
          for (const c of list.splice(list.length - (list.length % batch))) nodeOf[c] = ROOT_ACROSS;
      }
    }
    // Numbered in order, a colour emptied above left out.
    for (const list of members) {
      if (list.length === 0) continue;
      for (const c of list) colourOf[c] = colourCount;
      colourCount++;
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

interface ColourMasks {
  readonly particles: Uint32Array;
  readonly arity: number;
  /** Per particle, `words` words of bits: bit j set where one of its constraints has colour j. */
  readonly used: Uint32Array;
  readonly words: number;
}

/**
 * Brings each colour, first to last, to a multiple of `batch` where the colouring allows: its
 * last (size mod batch) constraints move on to the first later colour where they share no
 * particle. `members[j]` lists colour j's constraints (of one node, colours numbered from 0); no
 * colour is added. Deterministic, as the first fit. (Pulling constraints of later colours in
 * instead finds none: first fit left each of them a neighbour in every earlier colour.)
 */
function evenColourSizes(members: number[][], batch: number, masks: ColourMasks): void {
  for (let colour = 0; colour + 1 < members.length; colour++) {
    const list = members[colour];
    const kept: number[] = [];
    for (const c of list.splice(list.length - (list.length % batch))) {
      let target = colour + 1;
      while (target < members.length && !fits(c, target, masks)) target++;
      if (target === members.length) {
        kept.push(c);
        continue;
      }
      recolour(c, colour, target, masks);
      members[target].push(c);
    }
    list.push(...kept);
  }
}

/** Whether constraint `c` shares no particle with colour `colour`'s constraints. */
function fits(c: number, colour: number, masks: ColourMasks): boolean {
  const { particles, arity, used, words } = masks;
  const word = colour >>> 5;
  let mask = 0;
  for (let k = 0; k < arity; k++) mask |= used[particles[c * arity + k] * words + word];
  return (mask & (1 << (colour & 31))) === 0;
}

/** Moves constraint `c`'s particles' marks from colour `from` to colour `to`. */
function recolour(c: number, from: number, to: number, masks: ColourMasks): void {
  const { particles, arity, used, words } = masks;
  for (let k = 0; k < arity; k++) {
    const p = particles[c * arity + k] * words;
    used[p + (from >>> 5)] &= ~(1 << (from & 31));
    used[p + (to >>> 5)] |= 1 << (to & 31);
  }
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
