import { minDihedralDeg, tetVolume } from './tet-geometry.ts';
import type { WorkMesh } from './work-mesh.ts';

type Quad = [number, number, number, number];

/**
 * Quality-driven topological flips (the 2-3 and 3-2 flips of Klingner & Shewchuk 2007,
 * "Aggressive tetrahedral mesh improvement"): for every live tet whose smallest dihedral
 * angle is below `targetDeg`, try
 * - 2-3: replace it and its neighbour across an interior face (c, d, e) by the three tets
 *   around the edge joining the two opposite corners;
 * - 3-2: replace the three tets around one of its interior edges (a, b) by the two tets on the
 *   triangle of the three ring corners;
 * and keep the flip that raises the smallest dihedral angle of the tets involved the most.
 * Flips never touch boundary faces, so the boundary and the volume stay as they are.
 * Returns the number of flips made.
 */
export function flipBadTets(mesh: WorkMesh, targetDeg: number): number {
  let flips = 0;
  const end = mesh.count;
  for (let t = 0; t < end; t++) {
    if (!mesh.alive[t] || mesh.angle[t] >= targetDeg) continue;
    if (tryFlips(mesh, t)) flips++;
  }
  return flips;
}

interface Candidate {
  old: number[];
  quads: Quad[];
  worst: number;
}

function tryFlips(mesh: WorkMesh, t: number): boolean {
  let best: Candidate | undefined;
  const consider = (c: Candidate | undefined) => {
    if (c && (!best || c.worst > best.worst)) best = c;
  };
  for (let i = 0; i < 4; i++) consider(flip23(mesh, t, i));
  for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) consider(flip32(mesh, t, i, j));
  if (!best) return false;
  let before = 180;
  for (const o of best.old) before = Math.min(before, mesh.angle[o]);
  if (best.worst <= before + 1e-6) return false;
  mesh.replace(best.old, best.quads);
  return true;
}

/** A positive quadruple from four corners (swapping two when negative), or null when flat. */
function positive(p: Float64Array, a: number, b: number, c: number, d: number): Quad | null {
  const v = tetVolume(p, a, b, c, d);
  if (v > 0) return [a, b, c, d];
  if (v < 0) return [b, a, c, d];
  return null;
}

/** Smallest dihedral angle over the candidate tets, degrees. */
function scoreQuads(mesh: WorkMesh, quads: Quad[]): number {
  let worst = 180;
  for (const q of quads) worst = Math.min(worst, minDihedralDeg(mesh.positions, q[0], q[1], q[2], q[3]));
  return worst;
}

/** 2-3 flip across face i of tet t (the face opposite its corner i). */
function flip23(mesh: WorkMesh, t: number, i: number): Candidate | undefined {
  const nb = mesh.nbr[4 * t + i];
  if (nb < 0) return undefined;
  const u = nb >> 2;
  const a = mesh.tets[4 * t + i];
  const b = mesh.tets[nb];
  const face: number[] = [];
  for (let k = 0; k < 4; k++) if (k !== i) face.push(mesh.tets[4 * t + k]);
  const [c, d, e] = face;
  const p = mesh.positions;
  const q1 = positive(p, a, b, c, d);
  const q2 = positive(p, a, b, d, e);
  const q3 = positive(p, a, b, e, c);
  if (!q1 || !q2 || !q3) return undefined;
  // The three new tets fill the old pair exactly only when edge ab pierces face cde, which is
  // when their volumes add up to the old ones.
  const oldVolume = volumeOf(mesh, t) + volumeOf(mesh, u);
  const newVolume = tetVolume(p, ...q1) + tetVolume(p, ...q2) + tetVolume(p, ...q3);
  if (Math.abs(newVolume - oldVolume) > 1e-9 * oldVolume) return undefined;
  const quads = [q1, q2, q3];
  return { old: [t, u], quads, worst: scoreQuads(mesh, quads) };
}

/** 3-2 flip removing the edge between corners i and j of tet t, when three tets surround it. */
function flip32(mesh: WorkMesh, t: number, i: number, j: number): Candidate | undefined {
  const a = mesh.tets[4 * t + i];
  const b = mesh.tets[4 * t + j];
  const ring = edgeRing(mesh, t, a, b);
  if (ring?.tets.length !== 3) return undefined;
  const [c, d, e] = ring.corners;
  const p = mesh.positions;
  const q1 = positive(p, c, d, e, a);
  const q2 = positive(p, c, d, e, b);
  if (!q1 || !q2) return undefined;
  let oldVolume = 0;
  for (const r of ring.tets) oldVolume += volumeOf(mesh, r);
  const newVolume = tetVolume(p, ...q1) + tetVolume(p, ...q2);
  if (Math.abs(newVolume - oldVolume) > 1e-9 * oldVolume) return undefined;
  const quads = [q1, q2];
  return { old: ring.tets, quads, worst: scoreQuads(mesh, quads) };
}

function volumeOf(mesh: WorkMesh, t: number): number {
  const v = mesh.tets;
  return tetVolume(mesh.positions, v[4 * t], v[4 * t + 1], v[4 * t + 2], v[4 * t + 3]);
}

/**
 * The tets around edge (a, b), walking face to face from t, and the ring corners (the corner
 * of each tet that is neither a nor b, in walking order). Undefined for a boundary edge.
 */
function edgeRing(
  mesh: WorkMesh,
  t: number,
  a: number,
  b: number,
): { tets: number[]; corners: number[] } | undefined {
  const tets: number[] = [];
  const corners: number[] = [];
  let cur = t;
  // Start by leaving t through the face opposite one of its other two corners.
  let leaveCorner = otherCorners(mesh, t, a, b)[0];
  for (let guard = 0; guard < 64; guard++) {
    tets.push(cur);
    const others = otherCorners(mesh, cur, a, b);
    // The corner we do not leave through is on the ring.
    const stay = others[0] === leaveCorner ? others[1] : others[0];
    corners.push(stay);
    let face = 0;
    while (mesh.tets[4 * cur + face] !== leaveCorner) face++;
    const nb = mesh.nbr[4 * cur + face];
    if (nb < 0) return undefined;
    const next = nb >> 2;
    if (next === t) return { tets, corners };
    // We entered `next` through the face (a, b, stay); go on through its other face at the edge.
    leaveCorner = stay;
    cur = next;
  }
  return undefined;
}

function otherCorners(mesh: WorkMesh, t: number, a: number, b: number): [number, number] {
  const out: number[] = [];
  for (let k = 0; k < 4; k++) {
    const v = mesh.tets[4 * t + k];
    if (v !== a && v !== b) out.push(v);
  }
  return [out[0], out[1]];
}
