import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repairMesh } from '../../../core/mesh/repair/repair-mesh.ts';
import { computeMeshReport, measureMeshSurface } from '../../../core/mesh/report.ts';
import { readMeshFile } from '../../../core/node/read-mesh.ts';
import { repairOffers, reportSummary } from '../../../renderer/src/mesh/import-report.ts';
import { cubeIndices, cubePositions, meshOf } from '../../core/mesh/mesh-fixtures.ts';

const CORPUS = join(import.meta.dirname, '../../../../shared/meshes');
const corpus = (name: string) => join(CORPUS, name);

describe('import report summary and repair offers', () => {
  test('a closed cube: watertight, one part, nothing to repair', () => {
    const report = computeMeshReport(meshOf(cubePositions, cubeIndices));
    expect(reportSummary(report)).toBe('watertight, 1 part');
    expect(repairOffers(report)).toEqual([]);
  });

  test('the cube without two triangles: its four open edges, weld offered, holes not', () => {
    const report = computeMeshReport(meshOf(cubePositions, cubeIndices.slice(0, -6)));
    expect(reportSummary(report)).toBe('not watertight: 4 open edges, 1 part');
    expect(repairOffers(report).map((o) => o.repair)).toEqual(['weld']);
  });

  test.skipIf(!existsSync(corpus('suzanne.obj')))(
    'suzanne (open, non-manifold, self-intersecting, 3 parts): every problem in the line, the repairs core has',
    async () => {
      const { mesh, notes } = await readMeshFile(corpus('suzanne.obj'));
      const report = computeMeshReport(mesh, notes);
      // The corpus README's figures: 42 boundary edges, 1 non-manifold edge, 1 duplicate triangle, 3 parts.
      expect(report.boundaryEdges).toBe(42);
      expect(report.nonManifoldEdges).toBe(1);
      expect(report.duplicateFaces).toBe(1);
      expect(report.components).toBe(3);
      expect(report.selfIntersections).toBeGreaterThan(0);
      expect(reportSummary(report)).toBe(
        `not watertight: 42 open edges, 1 non-manifold edge, 1 duplicate triangle, ${report.selfIntersections} self-intersecting pairs, 3 parts`,
      );
      // As the editor gets it: the report first, the count after; together they are the report.
      const surface = measureMeshSurface(mesh, notes);
      const shown = { ...surface.report, selfIntersections: null };
      expect(reportSummary(shown)).toBe(
        'not watertight: 42 open edges, 1 non-manifold edge, 1 duplicate triangle, 3 parts',
      );
      expect(repairOffers(shown)).toEqual(repairOffers(report));
      expect({ ...surface.report, selfIntersections: surface.countSelfIntersections() }).toEqual(report);
      const offers = repairOffers(report).map((o) => o.repair);
      expect(offers).toEqual(expect.arrayContaining(['weld', 'drop-duplicates']));
      // What the offer runs: core's pipeline removes the duplicate triangle.
      const repaired = computeMeshReport(repairMesh(mesh).mesh);
      expect(repaired.duplicateFaces).toBe(0);
    },
  );
});
