import { Float64List } from '../math/float64-list.ts';

/** Surface points added for quality stay this far (× edge) from same-facing surface vertices. */
export const QUALITY_SPACING = 0.3;
/**
 * Surface points added to pull a straying boundary face back to the surface may come closer:
 * down to this fraction of the bbox diagonal (never more than QUALITY_SPACING × edge), which
 * lets a coarse mesh follow a curved or creased surface within tolerance.
 */
export const FIDELITY_SPACING = 0.004;

/** Why a surface point is being added; it picks the spacing it must keep. */
export type SurfacePointPurpose = 'quality' | 'fidelity';

/**
 * What refinement's surface index starts from (either implementation's: this file's or
 * wasm-meshing.ts's module): its spacings, m, the input's unit normal per triangle and the surface
 * samples with their normals, xyz interleaved.
 */
export interface SurfaceIndexStart {
  qualitySpacing: number;
  fidelitySpacing: number;
  faceNormals: Float64Array;
  points: Float64Array;
  normals: Float64Array;
  count: number;
}

/** The start of the index refinement uses for a target edge length and bbox diagonal (both m). */
export function surfaceIndexStart(
  edge: number,
  diagonal: number,
  faceNormals: Float64Array,
  samples: { points: Float64Array; normals: Float64Array; count: number },
): SurfaceIndexStart {
  const quality = QUALITY_SPACING * edge;
  const fidelity = Math.min(quality, FIDELITY_SPACING * diagonal);
  const { points, normals, count } = samples;
  return { qualitySpacing: quality, fidelitySpacing: fidelity, faceNormals, points, normals, count };
}

/**
 * Surface vertices in a hash grid with their facing direction, so that refinement adds a
 * surface point only where no surface vertex facing the same way (normals less than 120°
 * apart: the two sides of a thin part do not block each other) is closer than the spacing.
 */
export class SurfaceIndex {
  private readonly cell: number;
  private readonly grid = new Map<number, number[]>();
  /** Points and their unit normals, xyz (typed: integer input coordinates stay doubles). */
  private readonly pts = new Float64List();
  private readonly nrm = new Float64List();
  private readonly spacing2: Record<SurfacePointPurpose, number>;
  private readonly faceNormals: Float64Array;

  /** Spacings in m; faceNormals: unit normal per input triangle, xyz interleaved. */
  constructor(qualitySpacing: number, fidelitySpacing: number, faceNormals: Float64Array) {
    this.faceNormals = faceNormals;
    this.cell = Math.max(qualitySpacing, fidelitySpacing);
    this.spacing2 = { quality: qualitySpacing ** 2, fidelity: fidelitySpacing ** 2 };
  }

  /** The index over `start`'s samples. */
  static from(start: SurfaceIndexStart): SurfaceIndex {
    const index = new SurfaceIndex(start.qualitySpacing, start.fidelitySpacing, start.faceNormals);
    const { points: p, normals: n } = start;
    for (let k = 0; k < start.count; k++)
      index.add(p[3 * k], p[3 * k + 1], p[3 * k + 2], n[3 * k], n[3 * k + 1], n[3 * k + 2]);
    return index;
  }

  /** Adds a point with an explicit normal (the initial samples). */
  add(x: number, y: number, z: number, nx: number, ny: number, nz: number): void {
    const id = this.pts.length / 3;
    this.pts.push3(x, y, z);
    this.nrm.push3(nx, ny, nz);
    const key = this.key(Math.floor(x / this.cell), Math.floor(y / this.cell), Math.floor(z / this.cell));
    const bucket = this.grid.get(key);
    if (bucket) bucket.push(id);
    else this.grid.set(key, [id]);
  }

  /** Adds the point on input `triangle` unless a same-facing surface vertex is too close. */
  tryAdd(x: number, y: number, z: number, triangle: number, purpose: SurfacePointPurpose): boolean {
    const fn = this.faceNormals;
    const nx = fn[3 * triangle];
    const ny = fn[3 * triangle + 1];
    const nz = fn[3 * triangle + 2];
    const limit2 = this.spacing2[purpose];
    const pts = this.pts.values;
    const nrm = this.nrm.values;
    const ci = Math.floor(x / this.cell);
    const cj = Math.floor(y / this.cell);
    const ck = Math.floor(z / this.cell);
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        for (let dk = -1; dk <= 1; dk++) {
          const bucket = this.grid.get(this.key(ci + di, cj + dj, ck + dk));
          if (!bucket) continue;
          for (const s of bucket) {
            const dx = pts[3 * s] - x;
            const dy = pts[3 * s + 1] - y;
            const dz = pts[3 * s + 2] - z;
            if (dx * dx + dy * dy + dz * dz >= limit2) continue;
            if (nrm[3 * s] * nx + nrm[3 * s + 1] * ny + nrm[3 * s + 2] * nz > -0.5) return false;
          }
        }
      }
    }
    this.add(x, y, z, nx, ny, nz);
    return true;
  }

  private key(i: number, j: number, k: number): number {
    return (i * 73856093) ^ (j * 19349663) ^ (k * 83492791);
  }
}
