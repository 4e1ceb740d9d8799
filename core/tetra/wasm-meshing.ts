import type { RawTetMesh } from './conforming.ts';
import { SUPER_VERTEX_COUNT } from './delaunay.ts';
import {
  type AbortSignalLike,
  outgrewMemory,
  pauseForEvents,
  TetrahedralizeError,
  throwIfCancelled,
} from './errors.ts';
import { MeshingState } from './meshing-state.ts';
import { type RefineSettings, SMALLEST_RADIUS, STEINER_CLEARANCE } from './refine.ts';
import { RefinementLimits } from './refine-limits.ts';
import type { SurfaceIndexStart } from './surface-index.ts';
import type { TriangleBvh } from './triangle-bvh.ts';
import { copyArraysInto, instantiate, type LoadedModule, type ModuleArray } from './wasm/load-module.ts';
import { type DelaunayExports, loadMesher, mesherImports, WasmDelaunay } from './wasm-delaunay.ts';
import { type BvhHost, copyBvhInto } from './wasm-surface-queries.ts';

/**
 * meshing-state.ts's state and refine.ts's refinement in WebAssembly (wasm/assembly/mesher.ts),
 * over the Delaunay tetrahedralization in the same module and a copy of the surface queries' BVH,
 * step for step and float for float (the same tets in the same slots), for the reason
 * wasm-delaunay.ts gives: refinement classifies and tests every tet it makes, cold, at 3–4 times
 * its warm time in JS. The host keeps the limits (refine-limits.ts, called back every 1024 bad
 * tets) and the pauses for events between rounds.
 */

interface MesherExports extends DelaunayExports, BvhHost {
  meshingInit(watertight: number, capacity: number): number;
  kindAt(): number;
  insertPoints(
    pointsAt: number,
    n: number,
    kindsAt: number,
    uniformKind: number,
    clearanceM: number,
    windingsAt: number,
  ): number;
  isInside(t: number): number;
  insideCount(): number;
  insideTetBound(): number;
  fitTetArrays(): number;
  indexInit(qualitySpacing: number, fidelitySpacing: number, normalsAt: number): number;
  indexAddAll(points: number, normals: number, count: number): number;
  refineInit(clear: number, smallest: number, qualityBound: number, surfaceTolerance: number): number;
  surfacePointsAt(): number;
  surfacePointCount(): number;
  roundScan(): void;
  insertCircumcentres(): number;
  insertQueued(): number;
  liveTetCount(): number;
  extractInside(): number;
  carvedAt(which: number): number;
  carvedVertexCount(): number;
}

const NO_MEMORY = outgrewMemory('Meshing');

/**
 * The meshing state conforming.ts builds on: the WebAssembly one where the module loads, else
 * meshing-state.ts's (the same tets either way).
 */
export function newMeshingState(
  bvh: TriangleBvh,
  watertight: boolean,
  min: ArrayLike<number>,
  max: ArrayLike<number>,
  capacity: number,
): MeshingState | WasmMeshingState {
  const loaded = loadMesher();
  return loaded
    ? new WasmMeshingState(loaded, bvh, watertight, min, max, capacity)
    : new MeshingState(bvh, watertight, min, max, capacity);
}

export class WasmMeshingState {
  readonly dt: WasmDelaunay;
  private readonly wasm: MesherExports;
  /** What the module's poll checks: the signal of the call in progress. */
  private signal: AbortSignalLike | undefined;
  /** What the module's checkpoint calls: the round in progress's check (refine). */
  private onCheckpoint: (steiner: number) => void = () => {};
  private kindView = new Uint8Array(0);

  constructor(
    loaded: LoadedModule,
    bvh: TriangleBvh,
    watertight: boolean,
    min: ArrayLike<number>,
    max: ArrayLike<number>,
    capacity: number,
  ) {
    this.wasm = instantiate<MesherExports>(
      loaded,
      'mesher',
      mesherImports({
        poll: () => throwIfCancelled(this.signal),
        checkpoint: (steiner) => this.onCheckpoint(steiner),
      }),
    );
    // The triangulation first: it starts the module's heap afresh.
    this.dt = new WasmDelaunay(this.wasm, min, max, capacity);
    copyBvhInto(this.wasm, bvh);
    if (!this.wasm.meshingInit(watertight ? 1 : 0, capacity))
      throw new TetrahedralizeError('failed', NO_MEMORY);
    this.dt.refresh();
  }

  /** Per vertex: a VertexKind value (a view on the module's memory, made again when it moves). */
  get kind(): Uint8Array {
    const buffer = this.wasm.memory.buffer;
    const at = this.wasm.kindAt();
    const view = this.kindView;
    if (view.buffer !== buffer || view.byteOffset !== at || view.length !== this.dt.vertexCount)
      this.kindView = new Uint8Array(buffer, at, this.dt.vertexCount);
    return this.kindView;
  }

  /** MeshingState.insertAll. */
  insertAll(
    points: Float64Array,
    kind: number | Uint8Array,
    signal?: AbortSignalLike,
    clearanceM = 0,
    windings?: Float64Array,
  ): number {
    const n = points.length / 3;
    const [pointsAt, kindsAt, windingsAt] = this.copyIn([
      { type: Float64Array, values: points },
      { type: Uint8Array, values: typeof kind === 'number' ? [] : kind },
      { type: Float64Array, values: windings ?? [] },
    ]);
    this.signal = signal;
    const uniformKind = typeof kind === 'number' ? kind : 0;
    return this.dt.checked(
      this.wasm.insertPoints(
        pointsAt,
        n,
        typeof kind === 'number' ? 0 : kindsAt,
        uniformKind,
        clearanceM,
        windings ? windingsAt : 0,
      ),
    );
  }

  /** Whether live tet t is inside the input (its winding number > ½). */
  isInside(t: number): boolean {
    return this.wasm.isInside(t) !== 0;
  }

  /**
   * refine.ts's refine over this state and a surface index from `index` (built in the module), round for
   * round. After it isInside allocates nothing, so the views stay whole while a caller reads them
   * (conforming.ts's extractInside over this state, as the tests do).
   */
  async refine(index: SurfaceIndexStart, s: RefineSettings): Promise<boolean> {
    const wasm = this.wasm;
    const dt = this.dt;
    const limits = new RefinementLimits(
      s.guard,
      dt.vertexCount - SUPER_VERTEX_COUNT,
      s.targetTets,
      s.stopAboveTets,
    );
    const samples = 3 * index.count;
    const [faceNormalsAt, pointsAt, normalsAt] = this.copyIn([
      { type: Float64Array, values: index.faceNormals },
      { type: Float64Array, values: index.points.subarray(0, samples) },
      { type: Float64Array, values: index.normals.subarray(0, samples) },
    ]);
    if (!wasm.indexInit(index.qualitySpacing, index.fidelitySpacing, faceNormalsAt)) this.outOfMemory();
    if (!wasm.indexAddAll(pointsAt, normalsAt, index.count)) this.outOfMemory();
    const ready = wasm.refineInit(
      STEINER_CLEARANCE * s.edge,
      SMALLEST_RADIUS * s.edge,
      s.qualityBound,
      s.surfaceTolerance,
    );
    if (!ready) this.outOfMemory();
    try {
      return await this.rounds(s, limits);
    } finally {
      // The per-tet arrays fitted now, so that isInside allocates nothing after; then the views made
      // again, as the rounds' last calls may have moved the arrays (or grown the memory).
      const fitted = wasm.fitTetArrays();
      dt.refresh();
      if (!fitted) this.outOfMemory();
    }
  }

  /** refine's rounds, with refine.ts's checks; whether they ran to their end. */
  private async rounds(s: RefineSettings, limits: RefinementLimits): Promise<boolean> {
    const wasm = this.wasm;
    const dt = this.dt;
    const insideCount = () => wasm.insideCount();
    const withinStop = () => limits.tetsWithinStop(wasm.liveTetCount(), insideCount);
    this.signal = s.guard;
    for (let round = 0; round < s.maxRounds; round++) {
      await pauseForEvents(s.guard);
      s.progress(round / s.maxRounds);
      wasm.roundScan();
      if (!withinStop()) return false;
      let counted = 0;
      this.onCheckpoint = (steiner) => {
        limits.inserted += steiner - counted;
        counted = steiner;
        limits.checkInserted();
        // refine.ts's cheap bounds first (the live tets, then the tets not yet classified counted as inside).
        if (wasm.liveTetCount() > limits.allowedTets && wasm.insideTetBound() > limits.allowedTets)
          withinStop();
        throwIfCancelled(s.guard);
      };
      const steiner = dt.checked(wasm.insertCircumcentres());
      limits.inserted += steiner - counted;
      const queued = wasm.surfacePointCount();
      if (queued === 0 && steiner === 0) break;
      limits.inserted += dt.checked(wasm.insertQueued());
      limits.checkInserted();
    }
    return withinStop();
  }

  /** conforming.ts's extractInside, in the module (the same arrays, copied out). */
  extractInside(): RawTetMesh {
    const wasm = this.wasm;
    const tetCount = wasm.extractInside();
    if (tetCount < 0) this.outOfMemory();
    const vertices = wasm.carvedVertexCount();
    const buffer = wasm.memory.buffer;
    return {
      positions: new Float64Array(buffer, wasm.carvedAt(2), 3 * vertices).slice(),
      tets: new Int32Array(buffer, wasm.carvedAt(0), 4 * tetCount).slice(),
      kind: new Uint8Array(buffer, wasm.carvedAt(3), vertices).slice(),
      nbr: new Int32Array(buffer, wasm.carvedAt(1), 4 * tetCount).slice(),
    };
  }

  /** The arrays copied into the module's memory (never freed: one run per instance); their addresses. */
  private copyIn(arrays: ModuleArray[]): number[] {
    return copyArraysInto(this.wasm, arrays) ?? this.outOfMemory();
  }

  private outOfMemory(): never {
    throw new TetrahedralizeError('failed', NO_MEMORY);
  }
}
