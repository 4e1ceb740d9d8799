import { describe, expect, it } from 'vitest';
import { extractInside, interiorLatticeJs } from '../../../core/tetra/conforming.ts';
import { TetrahedralizeError } from '../../../core/tetra/errors.ts';
import { BCC_MEAN_EDGE, latticeBox } from '../../../core/tetra/lattice.ts';
import { TETRA_LIMITS } from '../../../core/tetra/limits.ts';
import { MeshingState, VertexKind } from '../../../core/tetra/meshing-state.ts';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { type RefineSettings, refine } from '../../../core/tetra/refine.ts';
import { brioOrder } from '../../../core/tetra/spatial-sort.ts';
import { SurfaceIndex, surfaceIndexStart } from '../../../core/tetra/surface-index.ts';
import { sampleSurface } from '../../../core/tetra/surface-sampling.ts';
import { TriangleBvh } from '../../../core/tetra/triangle-bvh.ts';
import { instantiate } from '../../../core/tetra/wasm/load-module.ts';
import { loadMesher, mesherImports } from '../../../core/tetra/wasm-delaunay.ts';
import { newMeshingState, WasmMeshingState } from '../../../core/tetra/wasm-meshing.ts';
import { WorkGuard } from '../../../core/tetra/work-guard.ts';
import { type CorpusName, loadCorpusMesh } from './corpus.ts';

type AnyState = MeshingState | WasmMeshingState;

/**
 * conforming.ts's meshing up to the carving, on `name` at edge diagonal / `edgesAcross`, in
 * `state` (made by `make`): surface samples and the interior lattice inserted, the surface index
 * filled and refinement run with `settings` over the defaults. Refinement's result, or the error
 * it threw.
 */
async function meshWith(
  name: CorpusName,
  edgesAcross: number,
  make: (bvh: TriangleBvh, watertight: boolean, min: number[], max: number[], capacity: number) => AnyState,
  settings: Partial<RefineSettings> = {},
) {
  const surface = prepareSurface(await loadCorpusMesh(name));
  const bvh = new TriangleBvh(surface);
  const h = surface.diagonal / edgesAcross;
  const samples = sampleSurface(surface, h, 1);
  const clearance = 0.5 * h;
  const lattice = interiorLatticeJs(
    latticeBox(surface.min, surface.max, h / BCC_MEAN_EDGE, 0),
    bvh,
    clearance,
    surface.watertight,
  );
  const state = make(
    bvh,
    surface.watertight,
    surface.min,
    surface.max,
    2 * (samples.count + lattice.windings.length),
  );
  const kinds = samples.feature.map((f) => (f ? VertexKind.feature : VertexKind.surface));
  state.insertAll(samples.points, kinds);
  state.insertAll(lattice.points, VertexKind.lattice, undefined, 0.99 * clearance, lattice.windings);
  const startVertices = state.dt.vertexCount;
  const start = surfaceIndexStart(h, surface.diagonal, surface.faceNormals, samples);
  const s: RefineSettings = {
    edge: h,
    targetTets: 5000,
    qualityBound: 1.6,
    surfaceTolerance: 0.004 * surface.diagonal,
    maxRounds: 10,
    guard: new WorkGuard(TETRA_LIMITS, undefined, Number.POSITIVE_INFINITY),
    progress: () => {},
    ...settings,
  };
  let outcome: boolean | Error;
  try {
    outcome =
      state instanceof WasmMeshingState
        ? await state.refine(start, s)
        : await refine(state, SurfaceIndex.from(start), s);
  } catch (error) {
    outcome = error as Error;
  }
  return { state, outcome, watertight: surface.watertight, startVertices };
}

const js = (bvh: TriangleBvh, watertight: boolean, min: number[], max: number[], capacity: number) =>
  new MeshingState(bvh, watertight, min, max, capacity);
const wasm = (bvh: TriangleBvh, watertight: boolean, min: number[], max: number[], capacity: number) => {
  const state = newMeshingState(bvh, watertight, min, max, capacity);
  expect(state).toBeInstanceOf(WasmMeshingState);
  return state;
};

/** Everything the two states hold that meshing reads after refinement, as plain arrays. */
function snapshot(state: AnyState) {
  const dt = state.dt;
  const slots = dt.slotCount;
  const vertices = dt.vertexCount;
  const inside: number[] = [];
  for (let t = 0; t < slots; t++) if (dt.tetAlive[t]) inside.push(t, state.isInside(t) ? 1 : 0);
  return {
    slots,
    vertices,
    live: dt.liveTetCount,
    coords: Array.from(dt.coords.subarray(0, 3 * vertices)),
    tetVerts: Array.from(dt.tetVerts.subarray(0, 4 * slots)),
    tetNbrs: Array.from(dt.tetNbrs.subarray(0, 4 * slots)),
    tetAlive: Array.from(dt.tetAlive.subarray(0, slots)),
    tetStamp: Array.from(dt.tetStamp.subarray(0, slots)),
    kind: Array.from(state.kind.subarray(0, vertices)),
    inside,
  };
}

/**
 * wasm/assembly/mesher.ts against meshing-state.ts and refine.ts: the same run gives the same tets
 * in the same slots, the same vertex kinds and the same inside tets, to the bit. Changing the
 * module's sliver angle (8° → 8.5°) or its spacing test's facing rule (−½ → −0.4) fails this (each
 * checked when it was written).
 */
describe.skipIf(!loadMesher())('the mesher in WebAssembly', () => {
  it("puts points in spatial-sort.ts's BRIO order", () => {
    type Sorter = {
      memory: { buffer: ArrayBuffer };
      reserve(bytes: number): number;
      brioOrder(at: number, n: number, seed: number): number;
    };
    const wasm = instantiate<Sorter>(
      loadMesher()!,
      'mesher',
      mesherImports({ poll: () => {}, checkpoint: () => {} }),
    );
    let s = 12345;
    const next = () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 4294967296;
    };
    for (const n of [0, 1, 2, 63, 64, 65, 129, 1000, 40_000]) {
      const points = Float64Array.from({ length: 3 * n }, (_, i) =>
        i % 7 === 0 ? Math.round(4 * next()) : next() - 0.5,
      );
      // A flat set too (one axis constant) and repeated points.
      if (n > 10) for (let i = 0; i < n; i += 3) points[3 * i + 2] = 0.25;
      if (n > 10) points.copyWithin(0, 3, 9);
      const at = wasm.reserve(Math.max(8, points.byteLength));
      new Float64Array(wasm.memory.buffer, at, 3 * n).set(points);
      for (const seed of [1, 99]) {
        const orderAt = wasm.brioOrder(at, n, seed);
        const order = new Int32Array(wasm.memory.buffer, orderAt, n);
        expect(Array.from(order), `${n} points, seed ${seed}`).toEqual(
          Array.from(brioOrder(points, n, seed)),
        );
      }
    }
  });

  it.each([
    ['Fox', 14],
    ['spot', 10],
    ['horse_quad', 12],
    ['suzanne', 10],
  ] as const)('refines %s as refine.ts does (edge = diagonal / %i)', async (name, across) => {
    const a = await meshWith(name, across, js);
    const b = await meshWith(name, across, wasm);
    expect(a.outcome).toBe(true);
    expect(b.outcome).toBe(true);
    const [sa, sb] = [snapshot(a.state), snapshot(b.state)];
    // Refinement did work: it added surface points and circumcentres.
    expect(sa.vertices).toBeGreaterThan(a.startVertices + 50);
    expect(sa.kind.filter((k) => k === VertexKind.steiner).length).toBeGreaterThan(0);
    expect(sa).toEqual(sb);
    const carved = extractInside(a.state);
    expect(extractInside(b.state)).toEqual(carved);
    expect((b.state as WasmMeshingState).extractInside()).toEqual(carved);
  });

  it('covers watertight input and input that is not', async () => {
    const found = await Promise.all(
      (['Fox', 'spot', 'horse_quad', 'suzanne'] as const).map(
        async (name) => (await meshWith(name, 4, js)).watertight,
      ),
    );
    expect(found).toContain(true);
    expect(found).toContain(false);
  });

  it('stops where refine.ts stops: past stopAboveTets, with the same tets', async () => {
    const a = await meshWith('Fox', 14, js, { stopAboveTets: 600 });
    const b = await meshWith('Fox', 14, wasm, { stopAboveTets: 600 });
    expect(a.outcome).toBe(false);
    expect(b.outcome).toBe(false);
    expect(snapshot(b.state)).toEqual(snapshot(a.state));
  });

  it('throws what refine.ts throws past a limit, from inside a round', async () => {
    const limits = { ...TETRA_LIMITS, refinePoints: 50, refinePointsPerStartPoint: 0.01 };
    const guard = () => new WorkGuard(limits, undefined, Number.POSITIVE_INFINITY);
    const a = await meshWith('Fox', 14, js, { guard: guard() });
    const b = await meshWith('Fox', 14, wasm, { guard: guard() });
    expect(a.outcome).toBeInstanceOf(TetrahedralizeError);
    expect(b.outcome).toBeInstanceOf(TetrahedralizeError);
    expect((b.outcome as Error).message).toBe((a.outcome as Error).message);
    expect((b.outcome as Error).message).toMatch(/^Refinement inserted [\d,]+ points/);
  });

  it('is cancelled as refine.ts is', async () => {
    const cancelled = () => {
      const controller = new AbortController();
      controller.abort();
      return new WorkGuard(TETRA_LIMITS, controller.signal, Number.POSITIVE_INFINITY);
    };
    const a = await meshWith('Fox', 14, js, { guard: cancelled() });
    const b = await meshWith('Fox', 14, wasm, { guard: cancelled() });
    expect(b.outcome).toBeInstanceOf(TetrahedralizeError);
    expect((b.outcome as Error).message).toBe((a.outcome as Error).message);
  });
});
