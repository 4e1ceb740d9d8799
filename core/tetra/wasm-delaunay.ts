import { Delaunay, superTet, type Triangulation } from './delaunay.ts';
import { outgrewMemory, TetrahedralizeError } from './errors.ts';
import { instantiate, type LoadedModule, loadModule } from './wasm/load-module.ts';
import { MESHER_WASM_BASE64 } from './wasm/mesher-wasm.ts';
import { SURFACE_QUERIES_IMPORTS } from './wasm-surface-queries.ts';

/**
 * The Delaunay tetrahedralization in WebAssembly (wasm/assembly/delaunay.ts, in the mesher's module
 * with the refinement over it: wasm-meshing.ts): delaunay.ts's class
 * step for step, so the same points give the same tets in the same slots. Why: a meshing command
 * runs once per process, and V8 runs the JS mesher in its interpreter and baseline tiers until it
 * has compiled it (4–10 times its warm time on a first call); a WebAssembly module is compiled as
 * it loads. The arrays are views on the module's memory, made again when the memory grows or an
 * array moves (after an insert), so the mesher reads them as it reads the JS class's.
 */

/** What insert and the other calls return when they failed; the reason is in the header. */
const FAILED = -2147483648;
/** The header's slots (wasm/assembly/delaunay.ts writes them by the same numbers). */
const H_GENERATION = 0;
const H_VERTEX_COUNT = 1;
const H_SLOT_COUNT = 2;
const H_FREE_COUNT = 3;
const H_VERTEX_CAPACITY = 4;
const H_TET_CAPACITY = 5;
const H_COORDS = 6;
const H_VERTEX_TET = 7;
const H_TET_VERTS = 8;
const H_TET_NBRS = 9;
const H_TET_ALIVE = 10;
const H_TET_STAMP = 11;
const H_ERROR = 12;
const HEADER_SLOTS = 16;

/** The messages of the module's failures, by its reason numbers (delaunay.ts's, word for word). */
const FAILURES: Record<number, string> = {
  1: 'A point lies outside the enclosing tetrahedron.',
  2: 'Point location did not terminate.',
  3: 'The triangulation has no tets.',
  4: outgrewMemory('The triangulation'),
};

export interface DelaunayExports {
  memory: { buffer: ArrayBuffer };
  init(cx: number, cy: number, cz: number, s: number, capacity: number): number;
  insert(x: number, y: number, z: number): number;
  locate(x: number, y: number, z: number, start: number): number;
  inSphere(t: number, x: number, y: number, z: number): number;
  orientSign(a: number, b: number, d: number, e: number): number;
}

/**
 * The mesher module's imports: V8's atan2 and acos for the surface queries and the tet shapes, and
 * the refinement's calls back (wasm-meshing.ts), which a plain triangulation never makes.
 */
export function mesherImports(mesher: {
  poll(): void;
  checkpoint(steiner: number): void;
}): Record<string, object> {
  return {
    ...SURFACE_QUERIES_IMPORTS,
    'tet-shape': { acos: Math.acos },
    mesher,
  };
}

const NO_CALLS = { poll: () => {}, checkpoint: () => {} };

/** The mesher's module, compiled once per isolate; null where WebAssembly is missing. */
export function loadMesher(): LoadedModule | null {
  return loadModule(MESHER_WASM_BASE64);
}

/**
 * A triangulation of the box min…max with room for `capacity` points: the WebAssembly one where
 * the module loads, else delaunay.ts's class (the same tets either way).
 */
export function newTriangulation(
  min: ArrayLike<number>,
  max: ArrayLike<number>,
  capacity = 1024,
): Triangulation {
  const loaded = loadMesher();
  if (!loaded) return new Delaunay(min, max, capacity);
  const wasm = instantiate<DelaunayExports>(loaded, 'Delaunay tetrahedralization', mesherImports(NO_CALLS));
  return new WasmDelaunay(wasm, min, max, capacity);
}

export class WasmDelaunay implements Triangulation {
  coords!: Float64Array;
  vertexTet!: Int32Array;
  tetVerts!: Int32Array;
  tetNbrs!: Int32Array;
  tetAlive!: Uint8Array;
  tetStamp!: Uint32Array;
  private header!: Int32Array;
  private buffer: ArrayBuffer | null = null;
  private generation = -1;
  private readonly wasm: DelaunayExports;
  private readonly headerAt: number;

  /** Sets up the triangulation in `wasm`, an instance of the mesher's module (its heap starts afresh). */
  constructor(wasm: DelaunayExports, min: ArrayLike<number>, max: ArrayLike<number>, capacity: number) {
    this.wasm = wasm;
    const { cx, cy, cz, s } = superTet(min, max);
    this.headerAt = this.wasm.init(cx, cy, cz, s, capacity);
    if (this.headerAt === 0) throw new TetrahedralizeError('failed', FAILURES[4]);
    this.refresh();
  }

  get vertexCount(): number {
    return this.header[H_VERTEX_COUNT];
  }

  get slotCount(): number {
    return this.header[H_SLOT_COUNT];
  }

  get liveTetCount(): number {
    return this.header[H_SLOT_COUNT] - this.header[H_FREE_COUNT];
  }

  insert(x: number, y: number, z: number): number {
    return this.checked(this.wasm.insert(x, y, z));
  }

  locate(x: number, y: number, z: number, start: number): number {
    return this.checked(this.wasm.locate(x, y, z, start));
  }

  inSphere(t: number, x: number, y: number, z: number): number {
    return this.wasm.inSphere(t, x, y, z);
  }

  orientSign(a: number, b: number, d: number, e: number): number {
    return this.wasm.orientSign(a, b, d, e);
  }

  /**
   * `result` (of a call into the module that may insert) once the views are current; throws the
   * module's failure when it is one.
   */
  checked(result: number): number {
    this.refresh();
    if (result === FAILED) {
      const reason = this.header[H_ERROR];
      throw new TetrahedralizeError('failed', FAILURES[reason] ?? `Delaunay failure ${reason}.`);
    }
    return result;
  }

  /** Makes the views again when the memory grew or an array moved. */
  refresh(): void {
    const buffer = this.wasm.memory.buffer;
    if (buffer !== this.buffer) {
      this.buffer = buffer;
      this.header = new Int32Array(buffer, this.headerAt, HEADER_SLOTS);
      this.generation = -1;
    }
    const h = this.header;
    if (h[H_GENERATION] === this.generation) return;
    this.generation = h[H_GENERATION];
    const vertices = h[H_VERTEX_CAPACITY];
    const tets = h[H_TET_CAPACITY];
    this.coords = new Float64Array(buffer, h[H_COORDS], 3 * vertices);
    this.vertexTet = new Int32Array(buffer, h[H_VERTEX_TET], vertices);
    this.tetVerts = new Int32Array(buffer, h[H_TET_VERTS], 4 * tets);
    this.tetNbrs = new Int32Array(buffer, h[H_TET_NBRS], 4 * tets);
    this.tetAlive = new Uint8Array(buffer, h[H_TET_ALIVE], tets);
    this.tetStamp = new Uint32Array(buffer, h[H_TET_STAMP], tets);
  }
}
