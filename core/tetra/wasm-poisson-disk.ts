import { type PoissonDisk, PoissonDiskSampler } from './poisson-disk.ts';
import type { SurfaceSamples } from './surface-sampling.ts';
import { instantiate, loadModule } from './wasm/load-module.ts';
import { POISSON_DISK_WASM_BASE64 } from './wasm/poisson-disk-wasm.ts';

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

interface PoissonDiskExports {
  memory: { buffer: ArrayBuffer };
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
}

class WasmPoissonDiskSampler implements PoissonDisk {
  private readonly wasm: PoissonDiskExports;
  private readonly headerAt: number;

  constructor(wasm: PoissonDiskExports, radius: number) {
    this.wasm = wasm;
    this.headerAt = wasm.init(radius);
    if (this.headerAt === 0) throw new RangeError('Poisson-disk sampler: no WebAssembly memory');
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
    if (accepted < 0) throw new RangeError('Poisson-disk sampler: the samples outgrew WebAssembly memory');
    return accepted === 1;
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
  const wasm = instantiate<PoissonDiskExports>(loaded, 'Poisson-disk sampler');
  return new WasmPoissonDiskSampler(wasm, radius);
}
