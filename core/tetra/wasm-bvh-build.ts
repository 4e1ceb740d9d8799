import { copyArraysInto, instantiate, loadModule, type ReservingModule } from './wasm/load-module.ts';
import { SURFACE_QUERIES_WASM_BASE64 } from './wasm/surface-queries-wasm.ts';
import { SURFACE_QUERIES_IMPORTS } from './wasm-surface-queries.ts';

/** What triangle-bvh.ts's build makes besides its input: its per-triangle order and per-node arrays. */
export interface BuiltBvh {
  order: Int32Array;
  nodeCount: number;
  box: Float64Array;
  left: Int32Array;
  right: Int32Array;
  start: Int32Array;
  count: Int32Array;
  normalSum: Float64Array;
  center: Float64Array;
  radius: Float64Array;
  area: Float64Array;
}

interface BvhBuildExports extends ReservingModule {
  buildBvh(table: number, triCount: number): number;
}

/**
 * triangle-bvh.ts's build of the BVH over `indices` (3 per triangle) of `positions`, with room for
 * `maxNodes` nodes, in the surface queries' module (wasm/assembly/bvh-build.ts: the same arrays to
 * the bit), on an instance of its own; null where WebAssembly is missing or refuses the module or
 * its memory cannot grow (the JS build answers then).
 */
export function buildBvhInWasm(
  positions: Float64Array,
  indices: Uint32Array,
  maxNodes: number,
): BuiltBvh | null {
  const loaded = loadModule(SURFACE_QUERIES_WASM_BASE64);
  if (!loaded) return null;
  const wasm = instantiate<BvhBuildExports>(loaded, 'BVH build', SURFACE_QUERIES_IMPORTS);
  const triangles = indices.length / 3;
  const noChild = new Int32Array(maxNodes).fill(-1);
  // In the order of bvh-build.ts's table slots, then the table itself.
  const at = copyArraysInto(wasm, [
    { type: Float64Array, values: positions },
    { type: Uint32Array, values: indices },
    { type: Int32Array, length: triangles }, // order
    { type: Float64Array, length: 3 * triangles }, // centroids
    { type: Int32Array, length: 3 * maxNodes }, // the split's stack
    { type: Float64Array, length: 6 * maxNodes }, // box
    { type: Int32Array, values: noChild }, // left
    { type: Int32Array, values: noChild }, // right
    { type: Int32Array, length: maxNodes }, // start
    { type: Int32Array, length: maxNodes }, // count
    { type: Float64Array, length: 3 * maxNodes }, // normalSum
    { type: Float64Array, length: 3 * maxNodes }, // center
    { type: Float64Array, length: maxNodes }, // radius
    { type: Float64Array, length: maxNodes }, // area
    { type: Int32Array, length: 14 }, // the table
  ]);
  if (!at) return null;
  const tableAt = at[14];
  new Int32Array(wasm.memory.buffer, tableAt, 14).set(at.slice(0, 14));
  const nodeCount = wasm.buildBvh(tableAt, triangles);
  const buffer = wasm.memory.buffer;
  const ints = (k: number, length: number) => new Int32Array(buffer, at[k], length).slice();
  const floats = (k: number, length: number) => new Float64Array(buffer, at[k], length).slice();
  return {
    order: ints(2, triangles),
    nodeCount,
    box: floats(5, 6 * maxNodes),
    left: ints(6, maxNodes),
    right: ints(7, maxNodes),
    start: ints(8, maxNodes),
    count: ints(9, maxNodes),
    normalSum: floats(10, 3 * maxNodes),
    center: floats(11, 3 * maxNodes),
    radius: floats(12, maxNodes),
    area: floats(13, maxNodes),
  };
}
