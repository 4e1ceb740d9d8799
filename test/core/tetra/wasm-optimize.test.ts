import { describe, expect, it } from 'vitest';
import type { RawTetMesh } from '../../../core/tetra/conforming.ts';
import { VertexKind } from '../../../core/tetra/meshing-state.ts';
import { type OptimizeSettings, optimizeMesh } from '../../../core/tetra/optimize.ts';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { faceAdjacency } from '../../../core/tetra/tet-adjacency.ts';
import { tetrahedralize } from '../../../core/tetra/tetrahedralize.ts';
import { TriangleBvh } from '../../../core/tetra/triangle-bvh.ts';
import { optimizeInWasm } from '../../../core/tetra/wasm-optimize.ts';
import { compactTetMesh, WorkMesh } from '../../../core/tetra/work-mesh.ts';
import { type CorpusName, loadCorpusMesh } from './corpus.ts';

/**
 * A mesh with work for every pass: a finished mesh of `name` whose vertices are shaken by up to
 * `shake` of the mean edge (float32 values, as the pipeline hands over), inner vertices marked as
 * lattice points (smoothing moves them, snapping pulls boundary ones onto the surface) and the
 * rest as surface points (peeling and surface smoothing), every fifth of those as a feature.
 */
async function shakenMesh(name: CorpusName, tets: number, shake: number, seed: number) {
  const input = await loadCorpusMesh(name);
  const result = await tetrahedralize(input, { targetTetCount: tets });
  const vertexCount = result.positions.length / 3;
  const onBoundary = new Uint8Array(vertexCount);
  for (const v of result.surface) onBoundary[v] = 1;
  let s = seed;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296 - 0.5;
  };
  const edge = Math.cbrt(result.quality.volume / (result.tets.length / 4)) * 1.5;
  const positions = Float64Array.from(result.positions, (x) => Math.fround(x + shake * edge * rand()));
  const kind = Uint8Array.from(onBoundary, (b, v) =>
    b
      ? v % 5 === 0
        ? VertexKind.feature
        : VertexKind.surface
      : v % 7 === 0
        ? VertexKind.steiner
        : VertexKind.lattice,
  );
  // Some inner vertices on the boundary too: snapping's work (lattice kind on boundary faces).
  for (let v = 0; v < vertexCount; v += 11) if (onBoundary[v]) kind[v] = VertexKind.lattice;
  const tetIds = Int32Array.from(result.tets);
  const raw: RawTetMesh = { positions, tets: tetIds, kind, nbr: faceAdjacency(tetIds, vertexCount) };
  const surface = prepareSurface(input);
  const settings: OptimizeSettings = {
    targetDihedralDeg: 15,
    peelDihedralDeg: 10,
    passes: 6,
    bvh: new TriangleBvh(surface),
    surfaceTolerance: 0.008 * surface.diagonal,
    signal: undefined,
  };
  return { raw, settings };
}

function copyRaw(raw: RawTetMesh): RawTetMesh {
  return {
    positions: raw.positions.slice(),
    tets: raw.tets.slice(),
    kind: raw.kind.slice(),
    nbr: raw.nbr.slice(),
  };
}

describe('WebAssembly sliver removal', () => {
  for (const [name, tets, shake] of [
    ['Fox', 6000, 0.6],
    ['spot', 8000, 0.8],
    ['Cubes', 5000, 0.7],
  ] as const) {
    it(`leaves the same mesh as optimize.ts, to the bit: ${name} shaken by ${shake} of an edge`, async () => {
      const { raw, settings } = await shakenMesh(name, tets, shake, 3);
      const js = new WorkMesh(copyRaw(raw));
      const before = js.angle.slice(0, js.count).filter((a) => a < settings.targetDihedralDeg).length;
      await optimizeMesh(js, settings);
      const input = copyRaw(raw);
      const wasm = await optimizeInWasm(input, settings);
      expect(wasm).not.toBeNull();
      // The passes had work: many bad tets; vertices moved (smoothing, snapping) and tets went or
      // changed (peeling, flips).
      let movedVertices = 0;
      for (let v = 0; v < raw.kind.length; v++)
        if (js.positions[3 * v] !== raw.positions[3 * v]) movedVertices++;
      let changedTets = 0;
      for (let t = 0; t < raw.tets.length / 4; t++) {
        for (let k = 0; k < 4; k++)
          if (js.tets[4 * t + k] !== raw.tets[4 * t + k] || !js.alive[t]) changedTets++;
      }
      expect(before).toBeGreaterThan(200);
      expect(movedVertices).toBeGreaterThan(100);
      expect(changedTets).toBeGreaterThan(50);
      expect(wasm!.count).toBe(js.count);
      expect(Array.from(wasm!.kind)).toEqual(Array.from(js.kind));
      const fromJs = compactTetMesh(js);
      const fromWasm = compactTetMesh(wasm!);
      expect(fromWasm.tets).toEqual(fromJs.tets);
      expect(fromWasm.surface).toEqual(fromJs.surface);
      expect(fromWasm.positions).toEqual(fromJs.positions);
      // And compacted in the module: the same arrays.
      expect(wasm!.compact()).toEqual(fromJs);
      // The raw mesh handed in is left as it was (the module works on a copy).
      expect(input.positions).toEqual(raw.positions);
    }, 60_000);
  }
});
