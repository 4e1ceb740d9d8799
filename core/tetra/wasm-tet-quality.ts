import { copyArraysInto, instantiate, loadModule, type ReservingModule } from './wasm/load-module.ts';
import { TET_QUALITY_WASM_BASE64 } from './wasm/tet-quality-wasm.ts';

/**
 * quality.ts's pass over every tet in WebAssembly (wasm/assembly/tet-quality.ts), float for float,
 * for the reason wasm-delaunay.ts gives: a meshing command measures its mesh once, cold.
 */

/** What the pass over the tets gathers (quality.ts's loop). */
export interface TetAggregates {
  /** Σ signed volumes, m³. */
  volume: number;
  /** The largest of the tets' smallest-angle cosines, and the smallest of their largest-angle ones. */
  maxCos: number;
  minCos: number;
  maxRadiusEdge: number;
  sumQuality: number;
  minQuality: number;
  inverted: number;
  /** Dihedral angles per histogram bin. */
  counts: Int32Array;
}

interface TetQualityExports extends ReservingModule {
  measure(
    positions: number,
    vertexCount: number,
    tets: number,
    tetCount: number,
    edgesAbove: number,
    edgeCosine: number,
    result: number,
  ): number;
}

const IMPORTS = { 'tet-quality': { cbrt: Math.cbrt } };

/**
 * The pass over `tetCount` tets (4 vertex ids each in `tets`) of `positions`, with quality.ts's
 * histogram tables; null where WebAssembly is missing or refuses the module, or a tet names a
 * vertex that is not there (quality.ts's JS loop answers then).
 */
export function measureTetsInWasm(
  positions: ArrayLike<number>,
  tets: ArrayLike<number>,
  tetCount: number,
  edgesAbove: Uint8Array,
  edgeCosine: Float64Array,
  bins: number,
): TetAggregates | null {
  const loaded = loadModule(TET_QUALITY_WASM_BASE64);
  if (!loaded) return null;
  const wasm = instantiate<TetQualityExports>(loaded, 'tet measures', IMPORTS);
  const vertexCount = Math.floor(positions.length / 3);
  const tetValues = 4 * tetCount;
  const at = copyArraysInto(wasm, [
    { type: Float64Array, values: positions },
    {
      type: Int32Array,
      values: tets.length === tetValues ? tets : Array.from({ length: tetValues }, (_, k) => tets[k]),
    },
    { type: Uint8Array, values: edgesAbove },
    { type: Float64Array, values: edgeCosine },
    { type: Uint8Array, length: 52 + 4 * bins },
  ]);
  // No memory: quality.ts's JS loop answers.
  if (!at) return null;
  const buffer = wasm.memory.buffer;
  if (!wasm.measure(at[0], vertexCount, at[1], tetCount, at[2], at[3], at[4])) return null;
  const sums = new Float64Array(buffer, at[4], 6);
  return {
    volume: sums[0],
    maxCos: sums[1],
    minCos: sums[2],
    maxRadiusEdge: sums[3],
    sumQuality: sums[4],
    minQuality: sums[5],
    inverted: new Int32Array(buffer, at[4] + 48, 1)[0],
    counts: new Int32Array(buffer, at[4] + 52, bins).slice(),
  };
}
