import { describe, expect, it } from 'vitest';
import { signedTetVolumeM3 } from '../../../core/math/mesh-measures.ts';
import type { BodySpec } from '../../../core/scene/scene.ts';
import { buildBodyGeometry } from '../../../core/setup/body-geometry.ts';
import { boxTetGrid } from '../../../core/sim/geometry/box-tets.ts';
import { triangleHinges } from '../../../core/sim/geometry/hinges.ts';
import { tetBoundaryTriangles } from '../../../core/sim/geometry/tet-surface.ts';

const material = { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1200, thicknessM: 0.002 };

describe('box tet grid', () => {
  const size = [0.4, 0.3, 0.2] as [number, number, number];
  const { positions, tets } = boxTetGrid(size, [3, 2, 4], [1, 2, 3]);

  it('splits each cell into 5 positively oriented tets that fill the box exactly', () => {
    expect(tets.length / 4).toBe(5 * 3 * 2 * 4);
    let volume = 0;
    for (let t = 0; t < tets.length; t += 4) {
      const v = signedTetVolumeM3(positions, tets[t], tets[t + 1], tets[t + 2], tets[t + 3]);
      expect(v).toBeGreaterThan(0);
      volume += v;
    }
    expect(volume).toBeCloseTo(0.4 * 0.3 * 0.2, 12);
  });

  it('has a closed, outward-wound boundary: 2 triangles per boundary cell face, enclosing the volume', () => {
    const surface = tetBoundaryTriangles(tets);
    expect(surface.length / 3).toBe(2 * 2 * (3 * 2 + 2 * 4 + 3 * 4));
    // Divergence theorem: Σ (a · (b × c))/6 over outward triangles = enclosed volume.
    let enclosed = 0;
    for (let t = 0; t < surface.length; t += 3) {
      const [a, b, c] = [surface[t], surface[t + 1], surface[t + 2]].map((i) =>
        [0, 1, 2].map((k) => positions[3 * i + k]),
      );
      enclosed +=
        (a[0] * (b[1] * c[2] - b[2] * c[1]) +
          a[1] * (b[2] * c[0] - b[0] * c[2]) +
          a[2] * (b[0] * c[1] - b[1] * c[0])) /
        6;
    }
    expect(enclosed).toBeCloseTo(0.4 * 0.3 * 0.2, 12);
  });
});

describe('lumped masses', () => {
  const body = (shape: BodySpec['shape'], model: BodySpec['model']): BodySpec => ({
    name: 'b',
    shape,
    material,
    model,
  });

  it('give a solid ρ·V, a cloth ρ·t·A and a rope ρ·πr²·L (1e-12 relative)', () => {
    const solid = buildBodyGeometry(
      body({ type: 'box', size: [0.4, 0.3, 0.2], cells: [3, 2, 4], center: [0, 0, 0] }, 'neo-hookean'),
      '/bodies/0',
    );
    const cloth = buildBodyGeometry(
      body({ type: 'cloth', size: [1.5, 0.5], cells: [6, 3], center: [0, 1, 0] }, 'cloth'),
      '/bodies/0',
    );
    const rope = buildBodyGeometry(
      body({ type: 'rope', start: [0, 0, 0], end: [0, -2, 0], segments: 7, radiusM: 0.01 }, 'rope'),
      '/bodies/0',
    );
    const sum = (a: Float64Array) => a.reduce((s, m) => s + m, 0);
    expect(sum(solid.mass) / (1200 * 0.4 * 0.3 * 0.2)).toBeCloseTo(1, 12);
    expect(sum(cloth.mass) / (1200 * 0.002 * 1.5 * 0.5)).toBeCloseTo(1, 12);
    expect(sum(rope.mass) / (1200 * Math.PI * 0.01 * 0.01 * 2)).toBeCloseTo(1, 12);
  });

  it('makes one bending hinge per interior cloth edge, wound as the dihedral kernel expects', () => {
    const cloth = buildBodyGeometry(
      body({ type: 'cloth', size: [1, 1], cells: [4, 3], center: [0, 1, 0] }, 'cloth'),
      '/b',
    );
    const hinges = triangleHinges(cloth.triangles, cloth.mass.length);
    // Interior edges of a 4×3 grid with one diagonal per cell: 3·3 + 4·2 grid edges + 12 diagonals.
    expect(hinges.length / 4).toBe(3 * 3 + 4 * 2 + 12);
  });
});
