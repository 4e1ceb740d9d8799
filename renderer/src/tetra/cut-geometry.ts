/**
 * The geometry of a tet mesh cut by an axis-aligned plane, built on the CPU: the tets whose
 * centroid lies on the kept side stay, and the boundary faces of that kept set are drawn, so
 * the interior tets show on the cut. A face is on the boundary when its neighbour across is
 * absent (the mesh boundary) or cut away. Each face carries the colour of its tet's quality.
 */
import { OUTWARD_FACE } from '../../../core/tetra/tet-adjacency.ts';
import { qualityColour } from './quality-ramp.ts';

export type CutAxis = 0 | 1 | 2;

export interface CutInput {
  positions: Float32Array;
  tets: Uint32Array;
  /** Face neighbours, 4·u + j or −1 (core/tetra/tet-adjacency.ts faceAdjacency). */
  neighbours: Int32Array;
  tetMinDihedralDeg: Float32Array;
}

export interface CutGeometry {
  /** Triangle soup: 9 floats (3 corners, m) per face, counter-clockwise seen from outside. */
  positions: Float32Array;
  /** 9 floats (3 corners × RGB) per face: its tet's quality colour. */
  colours: Float32Array;
  /** Line segments, 6 floats per edge: every edge of the drawn faces once. */
  edges: Float32Array;
  keptTets: number;
  faces: number;
}

/** Centroid coordinate range of the tets along `axis`, m: the extent of the cut slider. */
export function centroidRange(input: CutInput, axis: CutAxis): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const tetCount = input.tets.length / 4;
  for (let t = 0; t < tetCount; t++) {
    const c = centroid(input, t, axis);
    if (c < min) min = c;
    if (c > max) max = c;
  }
  return tetCount > 0 ? { min, max } : { min: 0, max: 0 };
}

/**
 * Keeps the tets whose centroid coordinate along `axis` is ≤ `planeM` (m) and returns the
 * faces that bound them. `planeM` = +∞ keeps every tet (the plain surface).
 */
export function buildCutGeometry(input: CutInput, axis: CutAxis, planeM: number): CutGeometry {
  const { positions: p, tets, neighbours, tetMinDihedralDeg } = input;
  const tetCount = tets.length / 4;
  const kept = new Uint8Array(tetCount);
  let keptTets = 0;
  for (let t = 0; t < tetCount; t++) {
    if (centroid(input, t, axis) <= planeM) {
      kept[t] = 1;
      keptTets++;
    }
  }
  // Count first so that the arrays are allocated once at their final size.
  let faces = 0;
  for (let t = 0; t < tetCount; t++) {
    if (!kept[t]) continue;
    for (let i = 0; i < 4; i++) if (isBoundary(neighbours[4 * t + i], kept)) faces++;
  }
  const positions = new Float32Array(9 * faces);
  const colours = new Float32Array(9 * faces);
  // On the closed boundary of the kept set every edge is in two faces, once in each
  // direction; drawing only the direction with the smaller id first gives each edge once.
  const edgeList: number[] = [];
  const colour = new Float32Array(3);
  let f = 0;
  for (let t = 0; t < tetCount; t++) {
    if (!kept[t]) continue;
    qualityColour(tetMinDihedralDeg[t], colour);
    for (let i = 0; i < 4; i++) {
      if (!isBoundary(neighbours[4 * t + i], kept)) continue;
      const corners = OUTWARD_FACE[i];
      for (let k = 0; k < 3; k++) {
        const v = tets[4 * t + corners[k]];
        const w = tets[4 * t + corners[(k + 1) % 3]];
        positions.set(p.subarray(3 * v, 3 * v + 3), 9 * f + 3 * k);
        colours.set(colour, 9 * f + 3 * k);
        if (v < w) edgeList.push(v, w);
      }
      f++;
    }
  }
  const edges = new Float32Array(3 * edgeList.length);
  for (let e = 0; e < edgeList.length; e++) {
    const v = edgeList[e];
    edges.set(p.subarray(3 * v, 3 * v + 3), 3 * e);
  }
  return { positions, colours, edges, keptTets, faces };
}

function isBoundary(neighbour: number, kept: Uint8Array): boolean {
  return neighbour < 0 || kept[neighbour >> 2] === 0;
}

function centroid(input: CutInput, t: number, axis: CutAxis): number {
  const { positions: p, tets } = input;
  return (
    (p[3 * tets[4 * t] + axis] +
      p[3 * tets[4 * t + 1] + axis] +
      p[3 * tets[4 * t + 2] + axis] +
      p[3 * tets[4 * t + 3] + axis]) /
    4
  );
}
