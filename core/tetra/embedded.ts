import { TetrahedralizeError, throwIfCancelled } from './errors.ts';
import { BCC_MEAN_EDGE, latticeBox } from './lattice.ts';
import type { PreparedSurface } from './prepare-input.ts';
import { triangleIntersectsTet } from './tri-tet-overlap.ts';
import type { TriangleBvh } from './triangle-bvh.ts';
import { windingNumber } from './winding-number.ts';
import type { WorkGuard } from './work-guard.ts';

/**
 * Embedded mode: the BCC lattice tets (see lattice.ts) that touch the surface or lie inside
 * it (winding number > ½). Every point of every input triangle is then inside some kept tet,
 * so the whole render mesh is enclosed; all tets are congruent (dihedral angles 60° and 90°).
 */
export function meshEmbedded(
  surface: PreparedSurface,
  bvh: TriangleBvh,
  edge: number,
  guard: WorkGuard,
): { positions: Float64Array; tets: Uint32Array } {
  const a = edge / BCC_MEAN_EDGE;
  const box = latticeBox(surface.min, surface.max, a, a);
  const [nx, ny, nz] = box.cells;
  const maxCells = guard.limits.latticeCells;
  if (nx * ny * nz > maxCells) {
    throw new TetrahedralizeError(
      'invalid-option',
      `An edge length of ${edge.toPrecision(3)} m needs a lattice of ${nx}×${ny}×${nz} cells; the limit is ${maxCells.toLocaleString('en-US')} (tetra limit latticeCells). Choose a longer edge or fewer tets.`,
    );
  }
  const lattice = new BccIndex(box.origin, a, nx, ny, nz);
  const keep = new Uint8Array(lattice.tetCount);
  const p = surface.positions;
  const ix = surface.indices;
  const tri = new Float64Array(9);
  const tet = new Float64Array(12);
  const ids = new Int32Array(4);
  const lo = new Float64Array(3);
  const hi = new Float64Array(3);
  const touch = (id: number) => {
    if (keep[id]) return;
    lattice.tetVertices(id, ids);
    for (let c = 0; c < 4; c++) lattice.position(ids[c], tet, 3 * c);
    if (triangleIntersectsTet(tri, tet)) keep[id] = 1;
  };
  // Tets that touch a triangle.
  for (let t = 0; t < ix.length / 3; t++) {
    if ((t & 4095) === 4095) throwIfCancelled(guard);
    lo.fill(Infinity);
    hi.fill(-Infinity);
    for (let c = 0; c < 3; c++) {
      for (let k = 0; k < 3; k++) {
        const v = p[3 * ix[3 * t + c] + k];
        tri[3 * c + k] = v;
        lo[k] = Math.min(lo[k], v);
        hi[k] = Math.max(hi[k], v);
      }
    }
    lattice.forTetsNear(lo, hi, touch);
  }
  throwIfCancelled(guard);
  // Tets inside: a tet that touches no triangle is wholly inside or outside, like its vertices;
  // classify each lattice vertex once and read the class of the tet's first cube centre.
  const vertexInside = new Int8Array(lattice.vertexCount).fill(-1);
  const xyz = new Float64Array(3);
  for (let id = 0; id < lattice.tetCount; id++) {
    if (keep[id]) continue;
    lattice.tetVertices(id, ids);
    const v = ids[0];
    if (vertexInside[v] < 0) {
      lattice.position(v, xyz, 0);
      vertexInside[v] = windingNumber(bvh, xyz[0], xyz[1], xyz[2]) > 0.5 ? 1 : 0;
    }
    if (vertexInside[v] === 1) keep[id] = 1;
    if ((id & 65535) === 65535) throwIfCancelled(guard);
  }
  return lattice.compact(keep);
}

/**
 * Numbering of a BCC lattice over nx × ny × nz cubes. Vertices: the corners (i, j, k), then the
 * cube centres. Tets: for each interior grid face (perpendicular to axis `ax`, between two
 * cubes) and each of its 4 edges, the tet (centre, centre, edge start, edge end); the vertex
 * order puts the two centres first.
 */
class BccIndex {
  readonly vertexCount: number;
  readonly tetCount: number;
  private readonly cornerCount: number;
  /** Faces per axis: ax ranges over 1…n_ax − 1, the other two axes over their cell counts. */
  private readonly faceDims: [number, number, number][];
  private readonly faceOffset: number[];
  private readonly n: [number, number, number];
  /** forTetsNear's first and last face index per axis. */
  private readonly range = new Int32Array(6);

  constructor(
    private readonly origin: [number, number, number],
    private readonly a: number,
    nx: number,
    ny: number,
    nz: number,
  ) {
    this.n = [nx, ny, nz];
    this.cornerCount = (nx + 1) * (ny + 1) * (nz + 1);
    this.vertexCount = this.cornerCount + nx * ny * nz;
    this.faceDims = [0, 1, 2].map((ax) => {
      const d: [number, number, number] = [this.n[0], this.n[1], this.n[2]];
      d[ax] = Math.max(0, this.n[ax] - 1);
      return d;
    });
    this.faceOffset = [0];
    for (let ax = 0; ax < 3; ax++) {
      const [d0, d1, d2] = this.faceDims[ax];
      this.faceOffset.push(this.faceOffset[ax] + 4 * d0 * d1 * d2);
    }
    this.tetCount = this.faceOffset[3];
  }

  private corner(i: number, j: number, k: number): number {
    return i + (this.n[0] + 1) * (j + (this.n[1] + 1) * k);
  }

  private centre(i: number, j: number, k: number): number {
    return this.cornerCount + i + this.n[0] * (j + this.n[1] * k);
  }

  /** Writes the position of lattice vertex v to out[at…at+2]. */
  position(v: number, out: Float64Array, at: number): void {
    let i: number;
    let j: number;
    let k: number;
    let off = 0;
    if (v < this.cornerCount) {
      const sx = this.n[0] + 1;
      const sy = this.n[1] + 1;
      i = v % sx;
      j = Math.floor(v / sx) % sy;
      k = Math.floor(v / (sx * sy));
    } else {
      const c = v - this.cornerCount;
      i = c % this.n[0];
      j = Math.floor(c / this.n[0]) % this.n[1];
      k = Math.floor(c / (this.n[0] * this.n[1]));
      off = 0.5;
    }
    out[at] = this.origin[0] + (i + off) * this.a;
    out[at + 1] = this.origin[1] + (j + off) * this.a;
    out[at + 2] = this.origin[2] + (k + off) * this.a;
  }

  /**
   * The 4 vertex ids of tet `id`. No temporaries: the lattice build calls this for every tet near
   * every triangle, in a worker whose compiler has not optimised it yet.
   */
  tetVertices(id: number, out: Int32Array): void {
    let ax = 0;
    while (id >= this.faceOffset[ax + 1]) ax++;
    const local = id - this.faceOffset[ax];
    const e = local & 3;
    const f = local >> 2;
    const d0 = this.faceDims[ax][0];
    const d1 = this.faceDims[ax][1];
    // c indexes interior faces from 0 along ax: the face sits at corner plane c[ax] + 1, between
    // cube c and the next cube along ax.
    const c0 = f % d0;
    const c1 = Math.floor(f / d0) % d1;
    const c2 = Math.floor(f / (d0 * d1));
    out[0] = this.centre(c0, c1, c2);
    out[1] = this.centre(c0 + (ax === 0 ? 1 : 0), c1 + (ax === 1 ? 1 : 0), c2 + (ax === 2 ? 1 : 0));
    // Corners of the face square in order around it, (u, w) = (0, 0), (1, 0), (1, 1), (0, 1) with
    // u = ax + 1 and w = ax + 2 (mod 3); edge e joins square corners e and e + 1.
    for (let s = 0; s < 2; s++) {
      const q = (e + s) & 3;
      const du = q === 1 || q === 2 ? 1 : 0;
      const dw = q >= 2 ? 1 : 0;
      if (ax === 0) out[2 + s] = this.corner(c0 + 1, c1 + du, c2 + dw);
      else if (ax === 1) out[2 + s] = this.corner(c0 + dw, c1 + 1, c2 + du);
      else out[2 + s] = this.corner(c0 + du, c1 + dw, c2 + 1);
    }
  }

  /** Calls back every tet whose extent overlaps the box [lo, hi] (m). */
  forTetsNear(lo: ArrayLike<number>, hi: ArrayLike<number>, visit: (id: number) => void): void {
    const range = this.range;
    for (let ax = 0; ax < 3; ax++) {
      const dims = this.faceDims[ax];
      for (let k = 0; k < 3; k++) {
        const l = (lo[k] - this.origin[k]) / this.a;
        const h = (hi[k] - this.origin[k]) / this.a;
        // Along ax a face tet spans [plane − ½, plane + ½]; across it spans one cell.
        const first = k === ax ? Math.ceil(l - 0.5) - 1 : Math.floor(l);
        const last = k === ax ? Math.floor(h + 0.5) - 1 : Math.floor(h);
        range[2 * k] = Math.max(0, first);
        range[2 * k + 1] = Math.min(dims[k] - 1, last);
      }
      const d0 = dims[0];
      const d1 = dims[1];
      for (let c2 = range[4]; c2 <= range[5]; c2++) {
        for (let c1 = range[2]; c1 <= range[3]; c1++) {
          for (let c0 = range[0]; c0 <= range[1]; c0++) {
            const f = c0 + d0 * (c1 + d1 * c2);
            for (let e = 0; e < 4; e++) visit(this.faceOffset[ax] + 4 * f + e);
          }
        }
      }
    }
  }

  /** The kept tets with their vertices renumbered, each positively oriented. */
  compact(keep: Uint8Array): { positions: Float64Array; tets: Uint32Array } {
    const remap = new Int32Array(this.vertexCount).fill(-1);
    const positions: number[] = [];
    const tets: number[] = [];
    const ids = new Int32Array(4);
    const xyz = new Float64Array(12);
    for (let id = 0; id < this.tetCount; id++) {
      if (!keep[id]) continue;
      this.tetVertices(id, ids);
      for (let c = 0; c < 4; c++) this.position(ids[c], xyz, 3 * c);
      // Signed volume sign of (c0, c1, e0, e1); swap the edge ends when negative.
      const ux = xyz[3] - xyz[0];
      const uy = xyz[4] - xyz[1];
      const uz = xyz[5] - xyz[2];
      const vx = xyz[6] - xyz[0];
      const vy = xyz[7] - xyz[1];
      const vz = xyz[8] - xyz[2];
      const wx = xyz[9] - xyz[0];
      const wy = xyz[10] - xyz[1];
      const wz = xyz[11] - xyz[2];
      const det = ux * (vy * wz - vz * wy) - uy * (vx * wz - vz * wx) + uz * (vx * wy - vy * wx);
      for (const c of det > 0 ? POSITIVE_ORDER : SWAPPED_ORDER) {
        const v = ids[c];
        if (remap[v] < 0) {
          remap[v] = positions.length / 3;
          positions.push(xyz[3 * c], xyz[3 * c + 1], xyz[3 * c + 2]);
        }
        tets.push(remap[v]);
      }
    }
    return { positions: Float64Array.from(positions), tets: Uint32Array.from(tets) };
  }
}

/** A tet's vertex order as the lattice numbers it, and with its edge ends swapped. */
const POSITIVE_ORDER = [0, 1, 2, 3] as const;
const SWAPPED_ORDER = [0, 1, 3, 2] as const;
