import { describe, expect, it } from 'vitest';
import { computeMeshReport } from '../../../core/mesh/index.ts';
import { cubeIndices, cubePositions, meshOf, shiftedCube } from './mesh-fixtures.ts';

describe('mesh report', () => {
  it('finds a unit cube closed, manifold, outward, of volume 1 and genus 0', () => {
    const report = computeMeshReport(meshOf(cubePositions, cubeIndices));
    expect(report).toMatchObject({
      vertices: 8,
      triangles: 12,
      components: 1,
      watertight: true,
      manifold: true,
      consistentOrientation: true,
      boundaryEdges: 0,
      eulerCharacteristic: 2,
      genus: 0,
      bboxMin: [0, 0, 0],
      bboxMax: [1, 1, 1],
      groups: [{ name: 'default', triangles: 12 }],
    });
    expect(report.volume).toBeCloseTo(1, 12);
  });

  it('gives an inside-out cube a negative volume', () => {
    const inverted = cubeIndices.map((_, i) => cubeIndices[i - (i % 3) + [0, 2, 1][i % 3]]);
    expect(computeMeshReport(meshOf(cubePositions, inverted)).volume).toBeCloseTo(-1, 12);
  });

  it('counts the three edges of one flipped triangle as inconsistent', () => {
    const indices = cubeIndices.slice();
    [indices[1], indices[2]] = [indices[2], indices[1]];
    const report = computeMeshReport(meshOf(cubePositions, indices));
    expect(report).toMatchObject({
      consistentOrientation: false,
      inconsistentEdges: 3,
      watertight: false,
      volume: null,
    });
  });

  it('counts the boundary of a cube without its bottom as one loop of 4 edges', () => {
    const report = computeMeshReport(meshOf(cubePositions, cubeIndices.slice(6)));
    expect(report).toMatchObject({ boundaryEdges: 4, boundaryLoops: 1, manifold: true, watertight: false });
  });

  it('welds split vertices by exact position before judging topology', () => {
    // Each triangle of the cube with its own three vertices, as glTF exporters write them.
    const positions = cubeIndices.flatMap((v) => cubePositions.slice(3 * v, 3 * v + 3));
    const report = computeMeshReport(
      meshOf(
        positions,
        cubeIndices.map((_, i) => i),
      ),
    );
    expect(report).toMatchObject({ vertices: 8, watertight: true, coincidentVertices: 28 });
  });

  it('finds a pinch vertex where two cubes touch at a corner', () => {
    const a = shiftedCube(0, 0, 0, 0);
    const b = shiftedCube(1, 1, 1, 8);
    const report = computeMeshReport(meshOf([...a.positions, ...b.positions], [...a.indices, ...b.indices]));
    expect(report).toMatchObject({
      components: 2,
      vertexComponents: 1,
      nonManifoldVertices: 1,
      manifold: false,
    });
    expect(report.watertight).toBe(false);
  });

  it('finds an edge shared by three triangles', () => {
    const report = computeMeshReport(
      meshOf([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1], [0, 1, 2, 1, 0, 3, 0, 1, 4]),
    );
    expect(report).toMatchObject({ nonManifoldEdges: 1, manifold: false, components: 1 });
  });

  it('counts zero-area, repeated-index and duplicate triangles', () => {
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0];
    // (0,1,3) is collinear along x; (0,0,2) repeats a vertex; (2,1,0) duplicates (0,1,2) reversed.
    const report = computeMeshReport(meshOf(positions, [0, 1, 2, 0, 1, 3, 0, 0, 2, 2, 1, 0]));
    expect(report).toMatchObject({ degenerateFaces: 2, duplicateFaces: 1 });
  });

  it('counts unreferenced vertices and keeps them out of the bounds', () => {
    const report = computeMeshReport(meshOf([0, 0, 0, 1, 0, 0, 0, 1, 0, 50, 50, 50], [0, 1, 2]));
    expect(report).toMatchObject({ vertices: 3, unreferencedVertices: 1, bboxMax: [1, 1, 0] });
  });

  it('counts triangles per group', () => {
    const mesh = meshOf(cubePositions, cubeIndices, ['top', 'rest']);
    mesh.groupIds.fill(1);
    mesh.groupIds[0] = 0;
    expect(computeMeshReport(mesh).groups).toEqual([
      { name: 'top', triangles: 1 },
      { name: 'rest', triangles: 11 },
    ]);
  });
});
