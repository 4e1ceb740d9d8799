import { compileAhead } from './wasm/load-module.ts';
import { MESHER_WASM_BASE64 } from './wasm/mesher-wasm.ts';
import { OPTIMIZE_WASM_BASE64 } from './wasm/optimize-wasm.ts';
import { POISSON_DISK_WASM_BASE64 } from './wasm/poisson-disk-wasm.ts';
import { SURFACE_QUERIES_WASM_BASE64 } from './wasm/surface-queries-wasm.ts';
import { TET_QUALITY_WASM_BASE64 } from './wasm/tet-quality-wasm.ts';

/** Every WebAssembly module a conforming tetrahedralization loads. */
const TETRA_MODULES = [
  POISSON_DISK_WASM_BASE64,
  SURFACE_QUERIES_WASM_BASE64,
  MESHER_WASM_BASE64,
  OPTIMIZE_WASM_BASE64,
  TET_QUALITY_WASM_BASE64,
];

/**
 * Compiles the tetrahedralizer's modules off the calling thread (wasm/load-module.ts compileAhead):
 * a command that meshes once per process starts this before it reads its mesh, so that the two
 * overlap; resolves when all are compiled, and never rejects.
 */
export async function compileTetraModulesAhead(): Promise<void> {
  await Promise.all(TETRA_MODULES.map(compileAhead));
}
