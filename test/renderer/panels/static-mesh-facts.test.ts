import { describe, expect, test } from 'vitest';
import { staticMeshFacts } from '../../../renderer/src/panels/static-mesh-facts.ts';
import { cubeIndices, cubePositions, meshOf } from '../../core/mesh/mesh-fixtures.ts';

describe('facts of a static mesh', () => {
  test('a closed cube: its own counts and bounds, watertight', () => {
    expect(staticMeshFacts(meshOf(cubePositions, cubeIndices))).toEqual({
      vertices: 8,
      triangles: 12,
      bboxMin: [0, 0, 0],
      bboxMax: [1, 1, 1],
      watertight: true,
      boundaryEdges: 0,
    });
  });

  test('the cube without its last two triangles is open, with the hole’s four edges', () => {
    const facts = staticMeshFacts(meshOf(cubePositions, cubeIndices.slice(0, -6)));
    expect(facts.triangles).toBe(10);
    expect(facts.watertight).toBe(false);
    expect(facts.boundaryEdges).toBe(4);
  });

  test('vertices split at seams count once', () => {
    // The same cube with every triangle's corners its own vertices, as glTF seams leave them.
    const positions = cubeIndices.flatMap((i) => cubePositions.slice(3 * i, 3 * i + 3));
    const split = staticMeshFacts(
      meshOf(
        positions,
        cubeIndices.map((_, k) => k),
      ),
    );
    expect(split.vertices).toBe(8);
    expect(split.watertight).toBe(true);
  });
});
