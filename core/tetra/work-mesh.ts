import type { RawTetMesh } from './conforming.ts';
import { TetrahedralizeError } from './errors.ts';
import { OUTWARD_FACE } from './tet-adjacency.ts';
import { minDihedralDeg } from './tet-geometry.ts';

/**
 * A tet mesh under optimisation: growable tet slots with face adjacency (`nbr`: 4·u + j
 * across face i of tet t, the face opposite its corner i; −1 on the boundary), a live flag and
 * the cached smallest dihedral angle of each tet. Positions are doubles holding float32 values.
 */
export class WorkMesh implements TetSlots {
  positions: Float64Array;
  /** Per vertex: a VertexKind value. */
  readonly kind: Uint8Array;
  tets: Int32Array;
  nbr: Int32Array;
  alive: Uint8Array;
  /** Smallest dihedral angle per tet, degrees (−1 for a tet that is not positive). */
  angle: Float64Array;
  /** Slots in use (live or dead). */
  count: number;
  /**
   * Per vertex: 1 when a tet around it changed since the flag was last cleared, so that passes
   * can skip vertices whose neighbourhood they already failed to improve.
   */
  readonly touched: Uint8Array;
  private free: number[] = [];
  /**
   * replace's faces: 4 entries each, a sorted vertex triple and its link (outer faces first, then
   * new faces; −2 marks a matched one). A flip's cavity has 6 outer faces and 12 new ones.
   */
  private faceScratch = new Int32Array(4 * 32);

  constructor(raw: RawTetMesh) {
    this.positions = raw.positions;
    this.kind = raw.kind;
    this.count = raw.tets.length / 4;
    const capacity = Math.max(16, Math.ceil(this.count * 1.25));
    this.tets = new Int32Array(4 * capacity);
    this.tets.set(raw.tets);
    this.nbr = new Int32Array(4 * capacity).fill(-1);
    this.nbr.set(raw.nbr);
    this.alive = new Uint8Array(capacity);
    this.alive.fill(1, 0, this.count);
    this.angle = new Float64Array(capacity);
    for (let t = 0; t < this.count; t++) this.updateAngle(t);
    this.touched = new Uint8Array(this.kind.length).fill(1);
  }

  /** Flags the four corners of tet t as touched. */
  touchTet(t: number): void {
    for (let k = 0; k < 4; k++) this.touched[this.tets[4 * t + k]] = 1;
  }

  updateAngle(t: number): void {
    const v = this.tets;
    this.angle[t] = minDihedralDeg(this.positions, v[4 * t], v[4 * t + 1], v[4 * t + 2], v[4 * t + 3]);
  }

  /** Removes tet t; its neighbours see boundary faces where it was. */
  remove(t: number): void {
    this.touchTet(t);
    this.alive[t] = 0;
    for (let i = 0; i < 4; i++) {
      const nb = this.nbr[4 * t + i];
      if (nb >= 0) this.nbr[nb] = -1;
      this.nbr[4 * t + i] = -1;
    }
    this.free.push(t);
  }

  /**
   * Replaces the tets `old` (a connected cavity) by `quads` (positively oriented vertex
   * quadruples filling the same region), relinking faces: each new face matches either another
   * new tet's face or a face of the cavity's outer boundary. Returns the new tet ids.
   */
  replace(old: readonly number[], quads: readonly (readonly [number, number, number, number])[]): number[] {
    // Outer faces of the cavity, each as its sorted vertex triple, with the outer neighbour (or −1).
    if (this.faceScratch.length < 16 * (old.length + quads.length))
      this.faceScratch = new Int32Array(16 * (old.length + quads.length));
    const faces = this.faceScratch;
    let outer = 0;
    for (const t of old) {
      for (let i = 0; i < 4; i++) {
        const nb = this.nbr[4 * t + i];
        if (nb >= 0 && old.includes(nb >> 2)) continue;
        sortedFace(this.tets, t, i, faces, 4 * outer);
        faces[4 * outer + 3] = nb;
        outer++;
      }
    }
    for (const t of old) {
      this.alive[t] = 0;
      this.free.push(t);
    }
    const ids = quads.map((q) => {
      const n = this.allocate();
      this.tets.set(q, 4 * n);
      this.alive[n] = 1;
      this.updateAngle(n);
      this.touchTet(n);
      return n;
    });
    // New faces not yet matched follow the outer ones: triple and encoded face (−2 once matched).
    let pending = outer;
    let unmatched = 0;
    for (const n of ids) {
      for (let j = 0; j < 4; j++) {
        const at = 4 * pending;
        sortedFace(this.tets, n, j, faces, at);
        let k = 0;
        while (k < pending && !(faces[4 * k + 3] !== -2 && sameFace(faces, 4 * k, at))) k++;
        if (k < outer) {
          const nb = faces[4 * k + 3];
          this.nbr[4 * n + j] = nb;
          if (nb >= 0) this.nbr[nb] = 4 * n + j;
        } else if (k < pending) {
          const other = faces[4 * k + 3];
          this.nbr[4 * n + j] = other;
          this.nbr[other] = 4 * n + j;
          faces[4 * k + 3] = -2;
          unmatched--;
        } else {
          faces[at + 3] = 4 * n + j;
          pending++;
          unmatched++;
        }
      }
    }
    if (unmatched > 0) throw new TetrahedralizeError('failed', 'A tet flip left an unmatched face.');
    return ids;
  }

  /**
   * Live tets and the vertices they use, renumbered compactly, with the boundary faces
   * (counter-clockwise seen from outside).
   */
  compact(): CompactTetMesh {
    return compactTetMesh(this);
  }

  private allocate(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.count === this.alive.length) this.grow();
    return this.count++;
  }

  private grow(): void {
    const capacity = this.alive.length * 2;
    const tets = new Int32Array(4 * capacity);
    tets.set(this.tets);
    this.tets = tets;
    const nbr = new Int32Array(4 * capacity).fill(-1);
    nbr.set(this.nbr);
    this.nbr = nbr;
    const alive = new Uint8Array(capacity);
    alive.set(this.alive);
    this.alive = alive;
    const angle = new Float64Array(capacity);
    angle.set(this.angle);
    this.angle = angle;
  }
}

/** A tet mesh in growable slots, as WorkMesh and wasm-optimize.ts hold one. */
export interface TetSlots {
  /** Per vertex: xyz, m. */
  readonly positions: Float64Array;
  /** Per vertex (only its length is read here). */
  readonly kind: Uint8Array;
  /** Per slot: 4 vertex ids; face adjacency (−1 on the boundary); 1 while live. */
  readonly tets: Int32Array;
  readonly nbr: Int32Array;
  readonly alive: Uint8Array;
  /** Slots in use (live or dead). */
  readonly count: number;
}

export interface CompactTetMesh {
  positions: Float64Array;
  tets: Uint32Array;
  surface: Uint32Array;
}

/**
 * The live tets of `mesh` and the vertices they use, renumbered compactly, with the boundary faces
 * (counter-clockwise seen from outside).
 */
export function compactTetMesh(mesh: TetSlots): CompactTetMesh {
  const remap = new Int32Array(mesh.kind.length).fill(-1);
  const { alive, count } = mesh;
  let live = 0;
  for (let t = 0; t < count; t++) if (alive[t]) live++;
  const tets = new Uint32Array(4 * live);
  const positions = new Float64Array(mesh.positions.length);
  let vertexCount = 0;
  let k = 0;
  for (let t = 0; t < count; t++) {
    if (!alive[t]) continue;
    for (let c = 0; c < 4; c++) {
      const v = mesh.tets[4 * t + c];
      if (remap[v] < 0) {
        remap[v] = vertexCount;
        positions[3 * vertexCount] = mesh.positions[3 * v];
        positions[3 * vertexCount + 1] = mesh.positions[3 * v + 1];
        positions[3 * vertexCount + 2] = mesh.positions[3 * v + 2];
        vertexCount++;
      }
      tets[k++] = remap[v];
    }
  }
  const surface: number[] = [];
  for (let t = 0; t < count; t++) {
    if (!alive[t]) continue;
    for (let i = 0; i < 4; i++) {
      if (mesh.nbr[4 * t + i] >= 0) continue;
      for (const k of OUTWARD_FACE[i]) surface.push(remap[mesh.tets[4 * t + k]]);
    }
  }
  return { positions: positions.slice(0, 3 * vertexCount), tets, surface: Uint32Array.from(surface) };
}

/** The vertices of face i of tet t (the face opposite corner i), sorted, into out[at … at + 2]. */
function sortedFace(tets: Int32Array, t: number, i: number, out: Int32Array, at: number): void {
  let n = 0;
  for (let c = 0; c < 4; c++) if (c !== i) out[at + n++] = tets[4 * t + c];
  let x = out[at];
  let y = out[at + 1];
  let z = out[at + 2];
  let swap: number;
  if (x > y) {
    swap = x;
    x = y;
    y = swap;
  }
  if (y > z) {
    swap = y;
    y = z;
    z = swap;
  }
  if (x > y) {
    swap = x;
    x = y;
    y = swap;
  }
  out[at] = x;
  out[at + 1] = y;
  out[at + 2] = z;
}

function sameFace(faces: Int32Array, a: number, b: number): boolean {
  return faces[a] === faces[b] && faces[a + 1] === faces[b + 1] && faces[a + 2] === faces[b + 2];
}
