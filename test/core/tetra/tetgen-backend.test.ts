import { describe, expect, it } from 'vitest';
import { findTetgen, tetgenSwitches, tetrahedralizeWithTetgen } from '../../../core/node/tetgen-backend.ts';
import { TetrahedralizeError } from '../../../core/tetra/index.ts';
import { box, concat } from './shapes.ts';
import { validity } from './tet-checks.ts';

const tetgen = findTetgen();

describe('tetgen backend', () => {
  it('derives the switches from the resolution: maximum volume of a regular tet of the edge', () => {
    expect(tetgenSwitches({ edgeLengthM: 0.1 }, 1)).toBe(
      `pq1.414a${(0.001 / (6 * Math.SQRT2)).toPrecision(6)}`,
    );
    expect(tetgenSwitches({ targetTetCount: 1000, qualityBound: 2 }, 2)).toBe('pq2a0.00200000');
    expect(tetgenSwitches({ switches: '-pq1.2' }, 1)).toBe('pq1.2');
  });

  it('explains when the executable is missing', async () => {
    const run = tetrahedralizeWithTetgen(box([0, 0, 0], [1, 1, 1]), { executable: '/nonexistent/tetgen' });
    await expect(run).rejects.toBeInstanceOf(TetrahedralizeError);
    await expect(run).rejects.toMatchObject({ reason: 'backend' });
  });

  it.skipIf(!tetgen)('meshes a cube into positively oriented tets of the full volume', async () => {
    const mesh = await tetrahedralizeWithTetgen(box([0, 0, 0], [1, 1, 1]), { targetTetCount: 500 });
    expect(validity(mesh)).toEqual({ inverted: 0, finite: true, indicesInRange: true });
    expect(mesh.quality.volumeRatio).toBeCloseTo(1, 6);
    expect(mesh.quality.tetCount).toBeGreaterThan(300);
    expect(mesh.switches).toMatch(/^pq1\.414a/);
  });

  it.skipIf(!tetgen)('reports a self-intersecting input as a backend failure with the way out', async () => {
    const overlapping = concat(box([0, 0, 0], [1, 1, 1]), box([0.5, 0.5, 0.5], [1.5, 1.5, 1.5]));
    const run = tetrahedralizeWithTetgen(overlapping);
    await expect(run).rejects.toMatchObject({ reason: 'backend' });
    await expect(run).rejects.toThrow(/The builtin backend accepts such surfaces\.$/);
  });
});
