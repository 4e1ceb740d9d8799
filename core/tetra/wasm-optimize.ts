import type { RawTetMesh } from './conforming.ts';
import { outgrewMemory, pauseForEvents, TetrahedralizeError, throwIfCancelled } from './errors.ts';
import type { OptimizeSettings } from './optimize.ts';
import { instantiate, loadModule } from './wasm/load-module.ts';
import { OPTIMIZE_WASM_BASE64 } from './wasm/optimize-wasm.ts';
import { type BvhHost, copyBvhInto } from './wasm-surface-queries.ts';
import type { CompactTetMesh, TetSlots } from './work-mesh.ts';

/**
 * optimize.ts's sliver removal in WebAssembly (wasm/assembly/optimize.ts) over a copy of the raw
 * mesh, step for step and float for float, for the reason wasm-delaunay.ts gives: the passes run
 * once per meshing, cold, at 5–8 times their warm time in JS. The surface queries run in the same
 * module, over a copy of the BVH (copyBvhInto), as in the mesher's.
 */

/** The header's slots (wasm/assembly/optimize.ts writes them by the same numbers). */
const H_COUNT = 0;
const H_CAPACITY = 1;
const H_POSITIONS = 2;
const H_KIND = 3;
const H_TETS = 4;
const H_NBR = 5;
const H_ALIVE = 6;
const HEADER_SLOTS = 8;

/** The module's failures (negative results of a pass). */
const FAILURES: Record<number, string> = {
  [-1]: 'A tet flip left an unmatched face.',
  [-2]: outgrewMemory('Sliver removal'),
};

interface OptimizeExports extends BvhHost {
  reserveMesh(vertices: number, tets: number): number;
  init(targetDeg: number, peelDeg: number, surfaceTolerance: number): void;
  pass(): number;
  compact(): number;
  compactAt(which: number): number;
  compactCounts(which: number): number;
}

/** The mesh the passes left in the module's memory, and its compaction there. */
export interface WasmOptimized extends TetSlots {
  /** work-mesh.ts's compactTetMesh, in the module (the same arrays, copied out). */
  compact(): CompactTetMesh;
}

/**
 * Runs optimize.ts's passes on a copy of `raw` (which is left as it was); the mesh they leave, as
 * views on the module's memory, or null where WebAssembly (or its surface queries) is missing.
 */
export async function optimizeInWasm(raw: RawTetMesh, s: OptimizeSettings): Promise<WasmOptimized | null> {
  const loaded = loadModule(OPTIMIZE_WASM_BASE64);
  if (!loaded) return null;
  const imports = {
    'tet-shape': { acos: Math.acos },
    optimize: { poll: () => throwIfCancelled(s.signal) },
  };
  const wasm = instantiate<OptimizeExports>(loaded, 'sliver removal', imports);
  const vertices = raw.kind.length;
  const tetCount = raw.tets.length / 4;
  // The mesh first: it starts the module's heap afresh, and the BVH goes above it.
  const at = wasm.reserveMesh(vertices, tetCount);
  if (at === 0) throw new TetrahedralizeError('failed', FAILURES[-2]);
  copyBvhInto(wasm, s.bvh);
  let h = new Int32Array(wasm.memory.buffer, at, HEADER_SLOTS);
  const buffer = wasm.memory.buffer;
  new Float64Array(buffer, h[H_POSITIONS], 3 * vertices).set(raw.positions.subarray(0, 3 * vertices));
  new Uint8Array(buffer, h[H_KIND], vertices).set(raw.kind);
  new Int32Array(buffer, h[H_TETS], raw.tets.length).set(raw.tets);
  new Int32Array(buffer, h[H_NBR], raw.nbr.length).set(raw.nbr);
  wasm.init(s.targetDihedralDeg, s.peelDihedralDeg, s.surfaceTolerance);
  for (let pass = 0; pass < s.passes; pass++) {
    await pauseForEvents(s.signal);
    const changed = wasm.pass();
    if (changed < 0)
      throw new TetrahedralizeError('failed', FAILURES[changed] ?? `Sliver removal failure ${changed}.`);
    if (changed === 0) break;
  }
  const memory = wasm.memory.buffer;
  h = new Int32Array(memory, at, HEADER_SLOTS);
  const capacity = h[H_CAPACITY];
  return {
    positions: new Float64Array(memory, h[H_POSITIONS], 3 * vertices),
    kind: new Uint8Array(memory, h[H_KIND], vertices),
    tets: new Int32Array(memory, h[H_TETS], 4 * capacity),
    nbr: new Int32Array(memory, h[H_NBR], 4 * capacity),
    alive: new Uint8Array(memory, h[H_ALIVE], capacity),
    count: h[H_COUNT],
    compact: () => compactInWasm(wasm),
  };
}

function compactInWasm(wasm: OptimizeExports): CompactTetMesh {
  const live = wasm.compact();
  if (live < 0) throw new TetrahedralizeError('failed', FAILURES[live]);
  const buffer = wasm.memory.buffer;
  return {
    positions: new Float64Array(buffer, wasm.compactAt(1), 3 * wasm.compactCounts(0)).slice(),
    tets: new Uint32Array(buffer, wasm.compactAt(0), 4 * live).slice(),
    surface: new Uint32Array(buffer, wasm.compactAt(2), 3 * wasm.compactCounts(1)).slice(),
  };
}
