import type { ClosestPoint } from './closest-point.ts';
import { outgrewMemory, TetrahedralizeError } from './errors.ts';
import type { LatticeBox } from './lattice.ts';
import type { TriangleBvh } from './triangle-bvh.ts';
import { triangleGridOf } from './triangle-grid.ts';
import {
  copyArraysInto,
  instantiate,
  type LoadedModule,
  loadModule,
  type ModuleArray,
  type ReservingModule,
} from './wasm/load-module.ts';
import { SURFACE_QUERIES_WASM_BASE64 } from './wasm/surface-queries-wasm.ts';

/**
 * closest-point.ts's queries over one BVH in WebAssembly (wasm/assembly/surface-queries.ts), float
 * for float, for the reason wasm-delaunay.ts gives: the mesher makes hundreds of thousands of them
 * per run, most of them before V8 has compiled the JS ones. The BVH and its grid are copied into
 * the module's memory once; they never change (the grid already assumes it).
 */

/** What a module holding a copy of a BVH exports to have it copied in (copyBvhInto). */
export interface BvhHost extends ReservingModule {
  setBvh(
    positions: number,
    indices: number,
    order: number,
    box: number,
    left: number,
    right: number,
    start: number,
    count: number,
    stack: number,
    result: number,
    triangles: number,
  ): void;
  setGrid(
    boxes: number,
    start: number,
    list: number,
    seen: number,
    found: number,
    ox: number,
    oy: number,
    oz: number,
    sx: number,
    sy: number,
    sz: number,
    nx: number,
    ny: number,
    nz: number,
    margin: number,
  ): void;
  setDipoles(center: number, normalSum: number, radius: number): void;
}

interface SurfaceQueriesExports extends BvhHost {
  nearbyWithin(hint: number, x: number, y: number, z: number, radius: number): number;
  windingNumber(qx: number, qy: number, qz: number, accuracy: number): number;
  closestPoint(qx: number, qy: number, qz: number, maxDistance: number): number;
  triangleWithin(qx: number, qy: number, qz: number, radius: number): number;
  segmentWindingChange(px: number, py: number, pz: number, qx: number, qy: number, qz: number): number;
  interiorLattice(
    ox: number,
    oy: number,
    oz: number,
    nx: number,
    ny: number,
    nz: number,
    a: number,
    clearance: number,
    watertight: number,
    jitter: number,
  ): number;
  latticePointsAt(): number;
  latticeWindingsAt(): number;
  boundaryDistance(points: number, vertices: number, surface: number, ids: number, seen: number): number;
}

/** The surface queries' module's imports: V8's atan2, so that the solid angles are the host's to the bit. */
export const SURFACE_QUERIES_IMPORTS = { 'surface-queries': { atan2: Math.atan2 } };

export class WasmSurfaceQueries {
  private readonly wasm: SurfaceQueriesExports;
  /** The closest point and its distance after closestPoint: x, y, z, distance; nearbyWithin's hint distance. */
  private result: Float64Array;
  private readonly resultAt: number;

  constructor(loaded: LoadedModule, bvh: TriangleBvh) {
    const wasm = instantiate<SurfaceQueriesExports>(loaded, 'surface queries', SURFACE_QUERIES_IMPORTS);
    this.wasm = wasm;
    this.resultAt = copyBvhInto(wasm, bvh);
    this.result = new Float64Array(wasm.memory.buffer, this.resultAt, 5);
  }

  /** closest-point.ts's closestPoint: `out` as it fills it. */
  closestPoint(qx: number, qy: number, qz: number, out: ClosestPoint, maxDistance: number): ClosestPoint {
    const t = this.wasm.closestPoint(qx, qy, qz, maxDistance);
    out.triangle = t;
    if (t < 0) {
      out.distance = maxDistance;
      return out;
    }
    const r = this.result;
    out.x = r[0];
    out.y = r[1];
    out.z = r[2];
    out.distance = r[3];
    return out;
  }

  /** NearbyTriangleWithin.find's search from `hint` (−1: none): the triangle found, or −1. */
  nearbyWithin(hint: number, x: number, y: number, z: number, radius: number): number {
    return this.wasm.nearbyWithin(hint, x, y, z, radius);
  }

  /** The hint's distance from the last nearbyWithin's point, m (∞ when it had none). */
  get hintDistance(): number {
    return this.result[4];
  }

  windingNumber(qx: number, qy: number, qz: number, accuracy: number): number {
    return this.wasm.windingNumber(qx, qy, qz, accuracy);
  }

  triangleWithin(qx: number, qy: number, qz: number, radius: number): number {
    return this.wasm.triangleWithin(qx, qy, qz, radius);
  }

  segmentWindingChange(px: number, py: number, pz: number, qx: number, qy: number, qz: number): number {
    return this.wasm.segmentWindingChange(px, py, pz, qx, qy, qz);
  }

  /**
   * conforming.ts's interior lattice: the BCC points of `box` inside the surface and `clearance`
   * (m) clear of it, jittered within `jitter` (m), with their winding numbers.
   */
  interiorLattice(
    box: LatticeBox,
    clearance: number,
    watertight: boolean,
    jitter: number,
  ): { points: Float64Array; windings: Float64Array } {
    const [ox, oy, oz] = box.origin;
    const [nx, ny, nz] = box.cells;
    const count = this.wasm.interiorLattice(
      ox,
      oy,
      oz,
      nx,
      ny,
      nz,
      box.a,
      clearance,
      watertight ? 1 : 0,
      jitter,
    );
    if (count < 0)
      throw new TetrahedralizeError('failed', outgrewMemory("The surface queries' interior lattice"));
    // The lattice's lists may have grown the memory: the result's view is made again.
    const buffer = this.wasm.memory.buffer;
    this.result = new Float64Array(buffer, this.resultAt, 5);
    return {
      points: new Float64Array(buffer, this.wasm.latticePointsAt(), 3 * count).slice(),
      windings: new Float64Array(buffer, this.wasm.latticeWindingsAt(), count).slice(),
    };
  }

  /**
   * quality.ts's boundaryDistance before its division by the diagonal: the largest distance (m) to
   * this surface of the vertices of the boundary triangles `surface` (vertex ids into `p`, xyz
   * interleaved) and of their sample points.
   */
  boundaryDistance(p: ArrayLike<number>, surface: ArrayLike<number>): number {
    const vertices = Math.floor(p.length / 3);
    const wasm = this.wasm;
    // Fresh room each call (zeroed: the seen flags); a few bytes per vertex, once per mesh measured.
    const at = copyArraysInto(wasm, [
      {
        type: Float64Array,
        values: p.length === 3 * vertices ? p : Array.prototype.slice.call(p, 0, 3 * vertices),
      },
      { type: Uint32Array, values: surface },
      { type: Uint8Array, length: vertices },
    ]);
    if (!at) throw new TetrahedralizeError('failed', outgrewMemory("The surface queries' boundary distance"));
    const [pointsAt, surfaceAt, seenAt] = at;
    const worst = wasm.boundaryDistance(pointsAt, vertices, surfaceAt, surface.length, seenAt);
    this.result = new Float64Array(wasm.memory.buffer, this.resultAt, 5);
    return worst;
  }
}

/**
 * Copies `bvh` and its grid into `wasm`'s memory and hands their places to the module; the address
 * of its query result (f64 × 5).
 */
export function copyBvhInto(wasm: BvhHost, bvh: TriangleBvh): number {
  const grid = triangleGridOf(bvh);
  const triangles = bvh.indices.length / 3;
  const nodes = bvh.left.length;
  const arrays: ModuleArray[] = [
    { type: Float64Array, values: bvh.positions },
    { type: Uint32Array, values: bvh.indices },
    { type: Int32Array, values: bvh.order },
    { type: Float64Array, values: bvh.box },
    { type: Int32Array, values: bvh.left },
    { type: Int32Array, values: bvh.right },
    { type: Int32Array, values: bvh.start },
    { type: Int32Array, values: bvh.count },
    { type: Int32Array, length: nodes }, // the traversal stack
    { type: Float64Array, length: 5 }, // the result
    { type: Float64Array, values: grid.triangleBox },
    { type: Int32Array, values: grid.start },
    { type: Int32Array, values: grid.list },
    { type: Uint32Array, length: triangles }, // seen
    { type: Int32Array, length: triangles }, // found
    { type: Float64Array, values: bvh.center },
    { type: Float64Array, values: bvh.normalSum },
    { type: Float64Array, values: bvh.radius },
  ];
  const at = copyArraysInto(wasm, arrays);
  if (!at) throw new TetrahedralizeError('failed', outgrewMemory('The copy of the surface BVH'));
  wasm.setBvh(at[0], at[1], at[2], at[3], at[4], at[5], at[6], at[7], at[8], at[9], triangles);
  const [ox, oy, oz] = grid.origin;
  const [sx, sy, sz] = grid.cellSize;
  const [nx, ny, nz] = grid.cells;
  wasm.setGrid(at[10], at[11], at[12], at[13], at[14], ox, oy, oz, sx, sy, sz, nx, ny, nz, grid.queryMargin);
  wasm.setDipoles(at[15], at[16], at[17]);
  return at[9];
}

const queries = new WeakMap<TriangleBvh, WasmSurfaceQueries | null>();

/**
 * The WebAssembly queries over `bvh`, made on first use and kept while it lives; null where
 * WebAssembly is missing or refuses the module (closest-point.ts's JS answers then).
 */
export function surfaceQueriesOf(bvh: TriangleBvh): WasmSurfaceQueries | null {
  let q = queries.get(bvh);
  if (q === undefined) {
    const loaded = loadModule(SURFACE_QUERIES_WASM_BASE64);
    q = loaded ? new WasmSurfaceQueries(loaded, bvh) : null;
    queries.set(bvh, q);
  }
  return q;
}
