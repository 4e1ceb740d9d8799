/**
 * A coarser stand-in for a dense surface, for the light viewport (render-quality.ts). Where WebGL
 * runs in software, every triangle drawn costs the CPU the simulation steps on: about 1.35 µs a
 * triangle a draw on top of fixed costs (SwiftShader, the 128² cloth drawn whole, in halves and in
 * tenths). At the light profile's half resolution, a surface of tens of thousands of triangles has
 * about a pixel per triangle, and a fifth of them draws nearly the same picture.
 *
 * Vertex clustering (Rossignac and Borrel, 1993): the surface's vertices, where the body is when it
 * is loaded, are binned into cubes of `cellM`; each cube's vertices are stood in for by the one
 * nearest their centroid, and a triangle is kept when its three corners fall in three different
 * cubes (once, whatever its corners' order). The stand-in indexes the body's own vertices, so it
 * draws from the same positions and colours as the whole surface; its normals come from its own,
 * fewer, triangles.
 */

import { edgeLengthM } from '../../../core/math/mesh-measures.ts';

export interface CoarseSurface {
  /** Triangles of the stand-in, three vertex indices each (the body's own vertices). */
  triangles: Uint32Array;
  /** The cube edge it was clustered with, m. */
  cellM: number;
}

/**
 * Clusters `triangles` (three indices into `positions` each) by cubes of twice their mean edge
 * length at `positions` (m, xyz): on an even mesh about a quarter of the triangles are left.
 */
export function coarseSurface(positions: Float32Array, triangles: Uint32Array): CoarseSurface {
  const cellM = 2 * meanTriangleEdgeM(positions, triangles);
  return { triangles: clusterTriangles(positions, triangles, cellM), cellM };
}

/** Mean length of the triangles' edges (each edge counted once per triangle it bounds), m. */
function meanTriangleEdgeM(positions: Float32Array, triangles: Uint32Array): number {
  let sum = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) sum += edgeLengthM(positions, triangles[t + k], triangles[t + ((k + 1) % 3)]);
  }
  return triangles.length > 0 ? sum / triangles.length : 0;
}

/** The triangles of `triangles` left when their corners are clustered by cubes of `cellM` m. */
export function clusterTriangles(
  positions: Float32Array,
  triangles: Uint32Array,
  cellM: number,
): Uint32Array {
  if (!(cellM > 0)) return triangles.slice();
  const vertexCount = positions.length / 3;
  const clusterOf = new Int32Array(vertexCount).fill(-1);
  const cubes = new Map<string, number>();
  const sums: number[] = [];
  for (let t = 0; t < triangles.length; t++) {
    const v = triangles[t];
    if (clusterOf[v] >= 0) continue;
    const key = `${Math.floor(positions[3 * v] / cellM)},${Math.floor(positions[3 * v + 1] / cellM)},${Math.floor(positions[3 * v + 2] / cellM)}`;
    let cluster = cubes.get(key);
    if (cluster === undefined) {
      cluster = cubes.size;
      cubes.set(key, cluster);
      sums.push(0, 0, 0, 0);
    }
    clusterOf[v] = cluster;
    sums[4 * cluster] += positions[3 * v];
    sums[4 * cluster + 1] += positions[3 * v + 1];
    sums[4 * cluster + 2] += positions[3 * v + 2];
    sums[4 * cluster + 3] += 1;
  }
  // Each cube's stand-in: its vertex nearest the centroid of its vertices (lowest index on a tie).
  const standIn = new Int32Array(cubes.size).fill(-1);
  const nearest = new Float64Array(cubes.size).fill(Number.POSITIVE_INFINITY);
  for (let v = 0; v < vertexCount; v++) {
    const cluster = clusterOf[v];
    if (cluster < 0) continue;
    const n = sums[4 * cluster + 3];
    const dx = positions[3 * v] - sums[4 * cluster] / n;
    const dy = positions[3 * v + 1] - sums[4 * cluster + 1] / n;
    const dz = positions[3 * v + 2] - sums[4 * cluster + 2] / n;
    const d2 = dx * dx + dy * dy + dz * dz;
    if (d2 < nearest[cluster]) {
      nearest[cluster] = d2;
      standIn[cluster] = v;
    }
  }
  const kept: number[] = [];
  const seen = new Set<string>();
  for (let t = 0; t < triangles.length; t += 3) {
    const a = standIn[clusterOf[triangles[t]]];
    const b = standIn[clusterOf[triangles[t + 1]]];
    const c = standIn[clusterOf[triangles[t + 2]]];
    if (a === b || b === c || a === c) continue;
    const key =
      a < b
        ? b < c
          ? `${a},${b},${c}`
          : a < c
            ? `${a},${c},${b}`
            : `${c},${a},${b}`
        : a < c
          ? `${b},${a},${c}`
          : b < c
            ? `${b},${c},${a}`
            : `${c},${b},${a}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(a, b, c);
  }
  return Uint32Array.from(kept);
}
