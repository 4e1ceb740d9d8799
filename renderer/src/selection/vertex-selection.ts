/**
 * The vertex selection: one body and a set of its BODY-LOCAL particle indices (world index minus
 * BodyLayout.particleOffset, the numbering pins and groups use in the scene). Pure and immutable:
 * every operation returns a new selection, or null for "nothing selected", so views can compare
 * by identity. Selection is UI state, never part of the document or its undo history.
 */
import type { BodyLayout } from '../sim/protocol.ts';

export interface VertexSelection {
  /** Index of the body in the loaded layout (the same order as scene.bodies). */
  readonly body: number;
  /** 1 where body-local vertex i is selected; length = the body's particle count. Never mutated. */
  readonly mask: Uint8Array;
  /** How many entries of `mask` are 1 (always at least 1). */
  readonly count: number;
}

/** How a pick combines with the current selection: plain click/drag, Shift, Ctrl or Alt. */
export type SelectOp = 'replace' | 'add' | 'subtract';

/** The op for a gesture's modifier keys: Shift adds, Ctrl, Alt or Cmd subtracts. */
export function opForModifiers(keys: {
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}): SelectOp {
  if (keys.ctrlKey || keys.altKey || keys.metaKey) return 'subtract';
  if (keys.shiftKey) return 'add';
  return 'replace';
}

/** A selection of `vertices` (body-local; out-of-range indices are ignored) of body `body`; null when none. */
export function selectionOf(
  body: number,
  particleCount: number,
  vertices: Iterable<number>,
): VertexSelection | null {
  const mask = new Uint8Array(particleCount);
  for (const v of vertices) if (Number.isInteger(v) && v >= 0 && v < particleCount) mask[v] = 1;
  return fromMask(body, mask);
}

/** The selected vertices in increasing order. */
export function selectedVertices(selection: VertexSelection | null): number[] {
  if (!selection) return [];
  const out: number[] = [];
  for (let v = 0; v < selection.mask.length; v++) if (selection.mask[v]) out.push(v);
  return out;
}

/**
 * Combines a pick with the current selection. `hits[b]` are the body-local vertices of body b the
 * pick found (any body may have none). A selection holds one body at a time, so:
 * - replace takes the body with the most hits (the lower index on a tie); no hits clears;
 * - add extends the current body with its hits (from an empty selection it acts as replace);
 * - subtract removes the current body's hits.
 * Hits on other bodies than the current one are ignored by add and subtract.
 */
export function applyPick(
  current: VertexSelection | null,
  layouts: readonly BodyLayout[],
  hits: readonly (readonly number[])[],
  op: SelectOp,
): VertexSelection | null {
  if (op === 'replace' || (op === 'add' && !current)) {
    let best = -1;
    for (let b = 0; b < hits.length && b < layouts.length; b++) {
      if ((hits[b]?.length ?? 0) > (best < 0 ? 0 : hits[best].length)) best = b;
    }
    if (best < 0) return op === 'replace' ? null : current;
    return selectionOf(best, layouts[best].particleCount, hits[best]);
  }
  if (!current) return null; // subtract from nothing
  const own = hits[current.body] ?? [];
  if (own.length === 0) return current;
  const mask = current.mask.slice();
  const value = op === 'add' ? 1 : 0;
  for (const v of own) if (v >= 0 && v < mask.length) mask[v] = value;
  return fromMask(current.body, mask);
}

/** Adds every vertex that shares an edge with a selected one (one ring). */
export function grow(selection: VertexSelection | null, layout: BodyLayout): VertexSelection | null {
  if (!selection) return null;
  const { start, neighbours } = adjacencyOf(layout);
  const mask = selection.mask.slice();
  for (let v = 0; v < selection.mask.length; v++) {
    if (!selection.mask[v]) continue;
    for (let k = start[v]; k < start[v + 1]; k++) mask[neighbours[k]] = 1;
  }
  return fromMask(selection.body, mask);
}

/** Removes every selected vertex that shares an edge with an unselected one (one ring). */
export function shrink(selection: VertexSelection | null, layout: BodyLayout): VertexSelection | null {
  if (!selection) return null;
  const { start, neighbours } = adjacencyOf(layout);
  const mask = selection.mask.slice();
  for (let v = 0; v < selection.mask.length; v++) {
    if (!selection.mask[v]) continue;
    for (let k = start[v]; k < start[v + 1]; k++) {
      if (!selection.mask[neighbours[k]]) {
        mask[v] = 0;
        break;
      }
    }
  }
  return fromMask(selection.body, mask);
}

/** Selects exactly the vertices of the same body that were not selected. */
export function invert(selection: VertexSelection | null): VertexSelection | null {
  if (!selection) return null;
  const mask = selection.mask.map((m) => (m ? 0 : 1));
  return fromMask(selection.body, mask);
}

/** Vertex adjacency of a body as compressed rows: the neighbours of v are neighbours[start[v] … start[v+1]). */
export interface Adjacency {
  start: Uint32Array;
  neighbours: Uint32Array;
}

const adjacencyCache = new WeakMap<BodyLayout, Adjacency>();

/**
 * The body's vertex neighbours over its edges (tet edges, cloth edges, rope links); a body
 * without edges uses its surface triangles' edges. Cached per layout (layouts are immutable).
 */
export function adjacencyOf(layout: BodyLayout): Adjacency {
  const cached = adjacencyCache.get(layout);
  if (cached) return cached;
  const n = layout.particleCount;
  const pairs = layout.edges.length > 0 ? layout.edges : triangleEdges(layout.surfaceTriangles);
  const degree = new Uint32Array(n + 1);
  const valid = (a: number, b: number) => a !== b && a < n && b < n;
  for (let e = 0; e + 1 < pairs.length; e += 2) {
    const a = pairs[e];
    const b = pairs[e + 1];
    if (!valid(a, b)) continue;
    degree[a]++;
    degree[b]++;
  }
  const start = new Uint32Array(n + 1);
  for (let v = 0; v < n; v++) start[v + 1] = start[v] + degree[v];
  const fill = start.slice(0, n);
  const neighbours = new Uint32Array(start[n]);
  for (let e = 0; e + 1 < pairs.length; e += 2) {
    const a = pairs[e];
    const b = pairs[e + 1];
    if (!valid(a, b)) continue;
    neighbours[fill[a]++] = b;
    neighbours[fill[b]++] = a;
  }
  const adjacency = { start, neighbours };
  adjacencyCache.set(layout, adjacency);
  return adjacency;
}

/** The three edges of each triangle as index pairs (shared edges appear twice; harmless here). */
function triangleEdges(triangles: Uint32Array): Uint32Array {
  const out = new Uint32Array(triangles.length * 2);
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const [a, b, c] = [triangles[t], triangles[t + 1], triangles[t + 2]];
    out.set([a, b, b, c, c, a], t * 2);
  }
  return out;
}

function fromMask(body: number, mask: Uint8Array): VertexSelection | null {
  let count = 0;
  for (let v = 0; v < mask.length; v++) count += mask[v];
  return count > 0 ? { body, mask, count } : null;
}
