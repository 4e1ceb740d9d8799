import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeMeshReport, type MeshReport } from '../../../core/mesh/index.ts';
import { readMeshFile } from '../../../core/node/read-mesh.ts';
import { corpus, corpusDir } from './corpus.ts';

/** README figures have 4 significant digits; 1e-3 of the bbox diagonal covers that. */
const relative = 1e-3;

describe.each(corpus)('$file', (entry) => {
  let report: MeshReport;
  beforeAll(async () => {
    const imported = await readMeshFile(join(corpusDir, entry.file));
    report = computeMeshReport(imported.mesh, imported.notes);
  });

  it('has the README triangle count and welded vertex count', () => {
    expect(report.triangles).toBe(entry.triangles);
    expect(report.vertices).toBe(entry.weldedVertices);
  });

  it('has the README watertightness, parts and boundary', () => {
    expect(report.watertight).toBe(entry.watertight);
    expect(report.components).toBe(entry.parts);
    expect(report.vertexComponents).toBe(entry.vertexParts);
    expect(report.boundaryEdges).toBe(entry.boundaryEdges);
    expect(report.boundaryLoops).toBe(entry.boundaryLoops);
    expect(report.eulerCharacteristic).toBe(entry.euler);
    expect(report.degenerateFaces).toBe(entry.degenerate ?? 0);
    expect(report.inconsistentEdges).toBe(entry.inconsistentEdges ?? 0);
    expect(report.nonManifoldEdges).toBe(entry.nonManifoldEdges ?? 0);
    expect(report.nonManifoldVertices).toBe(entry.nonManifoldVertices ?? 0);
    expect(report.duplicateFaces).toBe(entry.duplicates ?? 0);
  });

  it('has the README bounding box within 1e-3 of its diagonal', () => {
    const diagonal = Math.hypot(...entry.bboxMax.map((x, i) => x - entry.bboxMin[i]));
    for (let axis = 0; axis < 3; axis++) {
      expect(Math.abs(report.bboxMin[axis] - entry.bboxMin[axis])).toBeLessThanOrEqual(relative * diagonal);
      expect(Math.abs(report.bboxMax[axis] - entry.bboxMax[axis])).toBeLessThanOrEqual(relative * diagonal);
    }
  });

  it('has the README volume within 1e-3 relative where watertight, else none', () => {
    if (entry.volume === undefined) {
      expect(report.volume).toBeNull();
      return;
    }
    expect(report.volume).not.toBeNull();
    expect(Math.abs((report.volume as number) - entry.volume)).toBeLessThanOrEqual(relative * entry.volume);
  });

  it('finds self-intersections exactly where tetgen -d found pairs', () => {
    // Flat sheets: tetgen cannot run; a planar disc without overlaps has none.
    if (entry.selfIntersects === true) expect(report.selfIntersections).toBeGreaterThan(0);
    else expect(report.selfIntersections).toBe(0);
  });
});
