import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  computeMeshReport,
  dropDegenerateFaces,
  dropDuplicateFaces,
  dropUnreferencedVertices,
  importMesh,
  orientConsistently,
  removedVertex,
  repairMesh,
  weldByTolerance,
} from '../../../core/mesh/index.ts';
import { corpusDir } from './corpus.ts';
import { cubeIndices, cubePositions, meshOf, shiftedCube } from './mesh-fixtures.ts';

const flipped = (indices: number[], which: number[]) => {
  const out = indices.slice();
  for (const t of which) [out[3 * t + 1], out[3 * t + 2]] = [out[3 * t + 2], out[3 * t + 1]];
  return out;
};

describe('repairs', () => {
  it('welds vertices within the tolerance relative to the bbox diagonal, not farther ones', () => {
    // Two triangles sharing an edge, the second with its own copies of the edge's ends:
    // one copy 1e-9 m away (merged), the other 1e-3 m away (kept) on a ~1.4 m diagonal.
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1e-9, 0, 0, 0, 1.001, 0, 1, 1, 0];
    const result = weldByTolerance(meshOf(positions, [0, 1, 2, 1, 5, 4, 3]), 1e-6);
    expect(result.changed).toBe(1);
    expect(Array.from(result.vertexOf)).toEqual([0, 1, 2, 0, 3, 4]);
    expect(result.mesh.positions.length / 3).toBe(5);
    expect(result.summary).toBe('merged 1 vertices closer than 1.41e-6 m (1e-6 × bbox diagonal)');
  });

  it('drops zero-area and repeated-vertex triangles', () => {
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0];
    const result = dropDegenerateFaces(meshOf(positions, [0, 1, 2, 0, 1, 3, 0, 0, 2]));
    expect(result.changed).toBe(2);
    expect(Array.from(result.mesh.indices)).toEqual([0, 1, 2]);
  });

  it('drops later copies of a triangle in either winding, keeping group ids aligned', () => {
    const mesh = meshOf(cubePositions, [...cubeIndices, 2, 0, 3, 0, 3, 2], ['a', 'b']);
    mesh.groupIds[12] = 1;
    const result = dropDuplicateFaces(mesh);
    expect(result.changed).toBe(2);
    expect(result.mesh.indices.length / 3).toBe(12);
    expect(Array.from(result.mesh.groupIds).every((g) => g === 0)).toBe(true);
  });

  it('orients a cube with flipped triangles consistently and outward', () => {
    const result = orientConsistently(meshOf(cubePositions, flipped(cubeIndices, [0, 5, 7])));
    expect(result.changed).toBe(3);
    const report = computeMeshReport(result.mesh);
    expect(report.consistentOrientation).toBe(true);
    expect(report.volume).toBeCloseTo(1, 12);
  });

  it('turns an inside-out cube outward', () => {
    const all = Array.from({ length: 12 }, (_, t) => t);
    const result = orientConsistently(meshOf(cubePositions, flipped(cubeIndices, all)));
    expect(result.changed).toBe(12);
    expect(result.summary).toBe(
      'flipped 12 triangles to a consistent winding; 1 closed part(s) turned outward',
    );
    expect(computeMeshReport(result.mesh).volume).toBeCloseTo(1, 12);
  });

  it('orients each part of a mesh on its own', () => {
    const a = shiftedCube(0, 0, 0, 0);
    const b = shiftedCube(3, 0, 0, 8);
    const indices = [
      ...a.indices,
      ...flipped(
        b.indices,
        Array.from({ length: 12 }, (_, t) => t),
      ),
    ];
    const result = orientConsistently(meshOf([...a.positions, ...b.positions], indices));
    expect(result.changed).toBe(12);
    expect(computeMeshReport(result.mesh).volume).toBeCloseTo(2, 12);
  });

  it('keeps the majority winding of an open surface', () => {
    // A 2×1 strip of four triangles with one flipped.
    const positions = [0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 2, 1, 0];
    const indices = [0, 1, 4, 0, 4, 3, 1, 2, 5, 1, 5, 4];
    const result = orientConsistently(meshOf(positions, flipped(indices, [2])));
    expect(result.changed).toBe(1);
    expect(Array.from(result.mesh.indices)).toEqual(indices);
  });

  it('drops unreferenced vertices and maps the rest', () => {
    const result = dropUnreferencedVertices(meshOf([9, 9, 9, 0, 0, 0, 1, 0, 0, 0, 1, 0], [1, 2, 3]));
    expect(result.changed).toBe(1);
    expect(Array.from(result.vertexOf)).toEqual([removedVertex, 0, 1, 2]);
    expect(Array.from(result.mesh.indices)).toEqual([0, 1, 2]);
  });

  it('repairs the spider: welded, no degenerate triangles, consistently oriented', async () => {
    const bytes = new Uint8Array(readFileSync(join(corpusDir, 'spider/spider.obj')));
    const { mesh } = await importMesh('spider.obj', bytes);
    const repaired = repairMesh(mesh);
    expect(repaired.steps.map((s) => [s.repair, s.changed])).toEqual([
      ['weld', 40],
      ['drop-degenerate', 56],
      ['drop-duplicates', 0],
      ['orient', 4],
      ['drop-unreferenced', 0],
    ]);
    const report = computeMeshReport(repaired.mesh);
    expect(report).toMatchObject({
      degenerateFaces: 0,
      consistentOrientation: true,
      triangles: 1312,
      vertices: 722,
    });
    // The composed map sends every input vertex to a vertex at the same place.
    for (let v = 0; v < mesh.positions.length / 3; v++) {
      const w = repaired.vertexOf[v];
      expect(w).not.toBe(removedVertex);
      for (let k = 0; k < 3; k++) expect(repaired.mesh.positions[3 * w + k]).toBe(mesh.positions[3 * v + k]);
    }
  });
});
