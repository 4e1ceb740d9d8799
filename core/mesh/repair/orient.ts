import { signedVolume } from '../report.ts';
import { buildEdgeTable } from '../topology.ts';
import type { TriMesh } from '../types.ts';
import { identityVertexMap, type RepairResult } from './repair-types.ts';

/**
 * Makes the winding consistent: per edge-connected part, a breadth-first walk over
 * manifold edges flips each neighbour that runs the same way along the shared edge.
 * Then a closed part whose enclosed volume is negative is turned inside out, and an open
 * part keeps the winding most of its triangles had. Non-orientable parts (a Möbius
 * strip) cannot be fixed; the conflicting edges are counted in the summary.
 * The mesh should be welded first: orientation is judged across shared vertices.
 */
export function orientConsistently(mesh: TriMesh): RepairResult {
  const indices = mesh.indices.slice();
  const vertexCount = mesh.positions.length / 3;
  const triangles = indices.length / 3;
  const skip = new Uint8Array(triangles);
  for (let t = 0; t < triangles; t++) {
    const a = indices[3 * t];
    const b = indices[3 * t + 1];
    const c = indices[3 * t + 2];
    skip[t] = a === b || b === c || a === c ? 1 : 0;
  }
  const table = buildEdgeTable(indices, vertexCount, skip);
  const { edgeStart, edgeTri } = table;

  // Triangle → its edges, to walk from a triangle to its neighbours.
  const triEdges = new Int32Array(3 * triangles).fill(-1);
  const filled = new Uint8Array(triangles);
  for (let e = 0; e + 1 < edgeStart.length; e++) {
    for (let h = edgeStart[e]; h < edgeStart[e + 1]; h++) triEdges[3 * edgeTri[h] + filled[edgeTri[h]]++] = e;
  }

  const flipped = new Uint8Array(triangles);
  const visited = new Uint8Array(triangles);
  let conflicts = 0;
  let flips = 0;
  let inverted = 0;
  const queue = new Uint32Array(triangles);
  for (let seed = 0; seed < triangles; seed++) {
    if (visited[seed] || skip[seed]) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    visited[seed] = 1;
    let closed = true;
    while (head < tail) {
      const t = queue[head++];
      for (let k = 0; k < 3; k++) {
        const e = triEdges[3 * t + k];
        const count = edgeStart[e + 1] - edgeStart[e];
        if (count !== 2) {
          closed = false;
          continue;
        }
        const other = edgeTri[edgeStart[e]] === t ? edgeTri[edgeStart[e] + 1] : edgeTri[edgeStart[e]];
        const agree =
          runsAlong(indices, t, table.edgeLo[e], table.edgeHi[e]) !==
          runsAlong(indices, other, table.edgeLo[e], table.edgeHi[e]);
        if (visited[other]) {
          if (!agree) conflicts++;
          continue;
        }
        visited[other] = 1;
        if (!agree) {
          flip(indices, other);
          flipped[other] ^= 1;
        }
        queue[tail++] = other;
      }
    }
    const part = queue.subarray(0, tail);
    let partFlips = 0;
    for (const t of part) partFlips += flipped[t];
    // Which way round: outward for a closed part, else the majority's winding.
    const invert = closed ? partVolume(mesh.positions, indices, part) < 0 : partFlips * 2 > part.length;
    if (invert) {
      for (const t of part) {
        flip(indices, t);
        flipped[t] ^= 1;
      }
      if (closed) inverted++;
    }
    for (const t of part) flips += flipped[t];
  }
  const notes = [`flipped ${flips} triangles to a consistent winding`];
  if (inverted > 0) notes.push(`${inverted} closed part(s) turned outward`);
  if (conflicts > 0)
    notes.push(`${conflicts / 2} edge(s) could not be made consistent (non-orientable part)`);
  return {
    mesh: { ...mesh, indices },
    repair: 'orient',
    changed: flips,
    summary: notes.join('; '),
    vertexOf: identityVertexMap(vertexCount),
  };
}

/** True if triangle t traverses the edge lo→hi (rather than hi→lo). */
function runsAlong(indices: Uint32Array, t: number, lo: number, hi: number): boolean {
  for (let k = 0; k < 3; k++) {
    if (indices[3 * t + k] === lo && indices[3 * t + ((k + 1) % 3)] === hi) return true;
  }
  return false;
}

function flip(indices: Uint32Array, t: number): void {
  const b = indices[3 * t + 1];
  indices[3 * t + 1] = indices[3 * t + 2];
  indices[3 * t + 2] = b;
}

function partVolume(positions: Float32Array, indices: Uint32Array, part: Uint32Array): number {
  const subset = new Uint32Array(3 * part.length);
  for (let i = 0; i < part.length; i++) subset.set(indices.subarray(3 * part[i], 3 * part[i] + 3), 3 * i);
  return signedVolume(positions, subset);
}
