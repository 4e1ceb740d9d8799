import { signedTetVolumeM3 } from '../math/mesh-measures.ts';
import { minDihedralDeg } from './tet-geometry.ts';
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

/**
 * The flip being scored and the best one so far, as scratch arrays (a bad tet tries up to ten
 * flips and most fail: none of them allocates). Old tets: up to 3; new quadruples: up to 3 × 4.
 */
class Flip {
  readonly old = new Int32Array(3);
  oldCount = 0;
  readonly quads = new Int32Array(12);
  quadCount = 0;
  worst = 0;

  copyFrom(o: Flip): void {
    this.old.set(o.old);
    this.oldCount = o.oldCount;
    this.quads.set(o.quads);
    this.quadCount = o.quadCount;
    this.worst = o.worst;
  }
}

const trial = new Flip();
const best = new Flip();
/** The ring of edgeRing: its tets and their corners off the edge, in walking order. */
const RING_MAX = 64;
const ringTets = new Int32Array(RING_MAX);
const ringCorners = new Int32Array(RING_MAX);
/** otherCorners' answer. */
const others = new Int32Array(2);

function tryFlips(mesh: WorkMesh, t: number): boolean {
  let found = false;
  const consider = (made: boolean) => {
    if (made && (!found || trial.worst > best.worst)) {
      best.copyFrom(trial);
      found = true;
    }
  };
  for (let i = 0; i < 4; i++) consider(flip23(mesh, t, i));
  for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) consider(flip32(mesh, t, i, j));
  if (!found) return false;
  let before = 180;
  for (let k = 0; k < best.oldCount; k++) before = Math.min(before, mesh.angle[best.old[k]]);
  if (best.worst <= before + 1e-6) return false;
  const quads: Quad[] = [];
  for (let k = 0; k < best.quadCount; k++) {
    const q = best.quads;
    quads.push([q[4 * k], q[4 * k + 1], q[4 * k + 2], q[4 * k + 3]]);
  }
  mesh.replace(Array.from(best.old.subarray(0, best.oldCount)), quads);
  return true;
}

/**
 * Appends the positive quadruple of four corners (swapping two when negative) to the trial;
 * false when they are flat.
 */
function addPositive(p: Float64Array, a: number, b: number, c: number, d: number): boolean {
  const v = signedTetVolumeM3(p, a, b, c, d);
  if (!(v > 0 || v < 0)) return false;
  const q = trial.quads;
  const o = 4 * trial.quadCount++;
  q[o] = v > 0 ? a : b;
  q[o + 1] = v > 0 ? b : a;
  q[o + 2] = c;
  q[o + 3] = d;
  return true;
}

/** The trial's new tets: their total volume, and (`scoreTrial`) their smallest dihedral angle, degrees. */
function trialVolume(p: Float64Array): number {
  const q = trial.quads;
  let volume = 0;
  for (let k = 0; k < trial.quadCount; k++)
    volume += signedTetVolumeM3(p, q[4 * k], q[4 * k + 1], q[4 * k + 2], q[4 * k + 3]);
  return volume;
}

function scoreTrial(mesh: WorkMesh): number {
  const q = trial.quads;
  let worst = 180;
  for (let k = 0; k < trial.quadCount; k++)
    worst = Math.min(
      worst,
      minDihedralDeg(mesh.positions, q[4 * k], q[4 * k + 1], q[4 * k + 2], q[4 * k + 3]),
    );
  return worst;
}

/** 2-3 flip across face i of tet t (the face opposite its corner i), into the trial; false when it cannot be made. */
function flip23(mesh: WorkMesh, t: number, i: number): boolean {
  const nb = mesh.nbr[4 * t + i];
  if (nb < 0) return false;
  const u = nb >> 2;
  const a = mesh.tets[4 * t + i];
  const b = mesh.tets[nb];
  const c = mesh.tets[4 * t + (i === 0 ? 1 : 0)];
  const d = mesh.tets[4 * t + (i <= 1 ? 2 : 1)];
  const e = mesh.tets[4 * t + (i <= 2 ? 3 : 2)];
  const p = mesh.positions;
  trial.quadCount = 0;
  if (!addPositive(p, a, b, c, d) || !addPositive(p, a, b, d, e) || !addPositive(p, a, b, e, c)) return false;
  // The three new tets fill the old pair exactly only when edge ab pierces face cde, which is
  // when their volumes add up to the old ones.
  const oldVolume = volumeOf(mesh, t) + volumeOf(mesh, u);
  const newVolume = trialVolume(p);
  if (Math.abs(newVolume - oldVolume) > 1e-9 * oldVolume) return false;
  trial.old[0] = t;
  trial.old[1] = u;
  trial.oldCount = 2;
  trial.worst = scoreTrial(mesh);
  return true;
}

/**
 * 3-2 flip removing the edge between corners i and j of tet t, when three tets surround it,
 * into the trial; false when it cannot be made.
 */
function flip32(mesh: WorkMesh, t: number, i: number, j: number): boolean {
  const a = mesh.tets[4 * t + i];
  const b = mesh.tets[4 * t + j];
  if (edgeRing(mesh, t, a, b) !== 3) return false;
  const c = ringCorners[0];
  const d = ringCorners[1];
  const e = ringCorners[2];
  const p = mesh.positions;
  trial.quadCount = 0;
  if (!addPositive(p, c, d, e, a) || !addPositive(p, c, d, e, b)) return false;
  let oldVolume = 0;
  for (let k = 0; k < 3; k++) oldVolume += volumeOf(mesh, ringTets[k]);
  const newVolume = trialVolume(p);
  if (Math.abs(newVolume - oldVolume) > 1e-9 * oldVolume) return false;
  trial.old.set(ringTets.subarray(0, 3));
  trial.oldCount = 3;
  trial.worst = scoreTrial(mesh);
  return true;
}

function volumeOf(mesh: WorkMesh, t: number): number {
  const v = mesh.tets;
  return signedTetVolumeM3(mesh.positions, v[4 * t], v[4 * t + 1], v[4 * t + 2], v[4 * t + 3]);
}

/**
 * The tets around edge (a, b), walking face to face from t, into ringTets, and the ring corners
 * (the corner of each tet that is neither a nor b, in walking order) into ringCorners; returns
 * how many, or −1 for a boundary edge (or a ring longer than RING_MAX).
 */
function edgeRing(mesh: WorkMesh, t: number, a: number, b: number): number {
  let count = 0;
  let cur = t;
  // Start by leaving t through the face opposite one of its other two corners.
  otherCorners(mesh, t, a, b);
  let leaveCorner = others[0];
  for (let guard = 0; guard < RING_MAX; guard++) {
    ringTets[count] = cur;
    otherCorners(mesh, cur, a, b);
    // The corner we do not leave through is on the ring.
    const stay = others[0] === leaveCorner ? others[1] : others[0];
    ringCorners[count++] = stay;
    let face = 0;
    while (mesh.tets[4 * cur + face] !== leaveCorner) face++;
    const nb = mesh.nbr[4 * cur + face];
    if (nb < 0) return -1;
    const next = nb >> 2;
    if (next === t) return count;
    // We entered `next` through the face (a, b, stay); go on through its other face at the edge.
    leaveCorner = stay;
    cur = next;
  }
  return -1;
}

/** The two corners of tet t other than a and b, in tet order, into `others`. */
function otherCorners(mesh: WorkMesh, t: number, a: number, b: number): void {
  let n = 0;
  for (let k = 0; k < 4; k++) {
    const v = mesh.tets[4 * t + k];
    if (v !== a && v !== b && n < 2) others[n++] = v;
  }
}
