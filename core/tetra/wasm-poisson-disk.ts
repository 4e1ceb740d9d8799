import type { Lcg } from '../math/lcg.ts';
import { outgrewMemory, TetrahedralizeError, throwIfCancelled } from './errors.ts';
import {
  checkSurfaceCandidates,
  type GridCandidates,
  type PoissonDisk,
  PoissonDiskSampler,
} from './poisson-disk.ts';
import type { SurfaceSamples } from './surface-sampling.ts';
import {
  copyArraysInto,
  instantiate,
  type LoadedModule,
  loadModule,
  type ReservingModule,
} from './wasm/load-module.ts';
import { POISSON_DISK_WASM_BASE64 } from './wasm/poisson-disk-wasm.ts';
import type { WorkGuard } from './work-guard.ts';

/**
 * poisson-disk.ts's sampler in WebAssembly (wasm/assembly/poisson-disk.ts), step for step, for the
 * reason wasm-delaunay.ts gives: surface sampling offers tens of thousands of candidates, cold.
 */

/** The header's slots (wasm/assembly/poisson-disk.ts writes them by the same numbers). */
const H_COUNT = 0;
const H_POINTS = 1;
const H_NORMALS = 2;
const H_TRIANGLES = 3;
const H_FEATURE = 4;
const HEADER_SLOTS = 8;

const NO_MEMORY = outgrewMemory('Poisson-disk sampling');

interface PoissonDiskExports extends ReservingModule {
  init(radius: number): number;
  offer(
    x: number,
    y: number,
    z: number,
    nx: number,
    ny: number,
    nz: number,
    triangle: number,
    feature: number,
  ): number;
  offerTriangleGrids(
    positions: number,
    indices: number,
    triCount: number,
    faceNormals: number,
    fine: number,
    state: number,
    allowed: number,
    polled: number,
  ): number;
}

export class WasmPoissonDiskSampler implements PoissonDisk {
  private readonly wasm: PoissonDiskExports;
  private readonly headerAt: number;
  /** What the module's poll checks: the guard of offerTriangleGrids in progress. */
  private guard: WorkGuard | undefined;

  constructor(loaded: LoadedModule, radius: number) {
    this.wasm = instantiate<PoissonDiskExports>(loaded, 'Poisson-disk sampler', {
      'poisson-disk': { poll: () => throwIfCancelled(this.guard) },
    });
    const wasm = this.wasm;
    this.headerAt = wasm.init(radius);
    if (this.headerAt === 0) throw new TetrahedralizeError('failed', NO_MEMORY);
  }

  offer(
    x: number,
    y: number,
    z: number,
    nx: number,
    ny: number,
    nz: number,
    triangle: number,
    feature: boolean,
  ): boolean {
    const accepted = this.wasm.offer(x, y, z, nx, ny, nz, triangle, feature ? 1 : 0);
    if (accepted < 0) throw new TetrahedralizeError('failed', NO_MEMORY);
    return accepted === 1;
  }

  /**
   * surface-sampling.ts's offerTriangleGridsJs in the module, float for float: the soup and the
   * face normals copied in, `rng` continued from its state (and left where it was: sampling ends
   * with this step), `guard`'s candidate limit and cancellation checked as there.
   */
  offerTriangleGrids(grids: GridCandidates, rng: Lcg, guard?: WorkGuard): void {
    const { positions: p, indices: ix, faceNormals: faceNormal, fineM: fine } = grids;
    const wasm = this.wasm;
    const triCount = ix.length / 3;
    const at = copyArraysInto(wasm, [
      { type: Float64Array, values: p },
      { type: Uint32Array, values: ix },
      { type: Float64Array, values: faceNormal },
    ]);
    if (!at) throw new TetrahedralizeError('failed', NO_MEMORY);
    const [pAt, ixAt, normalsAt] = at;
    this.guard = guard;
    const allowed = guard ? guard.limits.surfaceCandidates : Number.POSITIVE_INFINITY;
    const over = wasm.offerTriangleGrids(
      pAt,
      ixAt,
      triCount,
      normalsAt,
      fine,
      rng.current,
      allowed,
      guard ? 1 : 0,
    );
    if (over === -2) throw new TetrahedralizeError('failed', NO_MEMORY);
    // Past the limit: the guard words it (the count where surface-sampling.ts's check threw).
    if (over !== -1) checkSurfaceCandidates(guard, over);
  }

  result(): SurfaceSamples {
    const buffer = this.wasm.memory.buffer;
    const h = new Int32Array(buffer, this.headerAt, HEADER_SLOTS);
    const count = h[H_COUNT];
    return {
      points: new Float64Array(buffer, h[H_POINTS], 3 * count).slice(),
      normals: new Float64Array(buffer, h[H_NORMALS], 3 * count).slice(),
      triangles: new Int32Array(buffer, h[H_TRIANGLES], count).slice(),
      feature: new Uint8Array(buffer, h[H_FEATURE], count).slice(),
      count,
    };
  }
}

/** A sampler with disks of `radius` (m): the WebAssembly one where it loads, else poisson-disk.ts's. */
export function newPoissonDiskSampler(radius: number): PoissonDisk {
  const loaded = loadModule(POISSON_DISK_WASM_BASE64);
  if (!loaded) return new PoissonDiskSampler(radius);
  return new WasmPoissonDiskSampler(loaded, radius);
}
