import { describe, expect, it } from 'vitest';
import { godotRestStep, godotSettledSag, godotSoftBodyModel } from '../../../core/preset/index.ts';
import type { Vec3 } from '../../../core/scene/scene.ts';
import { clothGrid } from '../../../core/sim/geometry/cloth-grid.ts';

/**
 * The model of Godot Physics' soft body (core/preset/exporters/godot-soft-body.ts): its links are
 * the mesh's edges and the pairs two edges apart, each once, and its accelerated settling lands on
 * the fixed point that plain ticking reaches.
 */

/** A 0.25 m × 1 m strip of 2×8 cells in the xz plane, pinned along its z = 0.5 edge. */
function strip() {
  const { positions, triangles } = clothGrid([0.25, 1], [2, 8], [0, 0, 0]);
  const pinned = [...Array(positions.length / 3).keys()].filter(
    (p) => Math.abs(positions[3 * p + 2] - 0.5) < 1e-9,
  );
  return { positions, triangles, pinned };
}

describe('Godot soft body model', () => {
  it('links every mesh edge and every pair two edges apart, each once', () => {
    const { positions, triangles, pinned } = strip();
    const model = godotSoftBodyModel(positions, triangles, pinned);
    const n = positions.length / 3;
    const edges = new Set<string>();
    const key = (a: number, b: number) => `${Math.min(a, b)}-${Math.max(a, b)}`;
    for (let t = 0; t < triangles.length; t += 3)
      for (let k = 0; k < 3; k++) edges.add(key(triangles[t + k], triangles[t + ((k + 1) % 3)]));
    const neighbours = (a: number) =>
      [...edges].flatMap((e) => {
        const [i, j] = e.split('-').map(Number);
        return i === a ? [j] : j === a ? [i] : [];
      });
    const far = new Set<string>();
    for (let a = 0; a < n; a++)
      for (const b of neighbours(a))
        for (const c of neighbours(b)) if (c !== a && !edges.has(key(a, c))) far.add(key(a, c));
    const links = Array.from({ length: model.links.length / 2 }, (_, l) =>
      key(model.links[2 * l], model.links[2 * l + 1]),
    );
    expect(new Set(links).size).toBe(links.length);
    expect(links.sort()).toEqual([...edges, ...far].sort());
    expect(model.invMass.filter((w) => w === 0)).toHaveLength(pinned.length);
  });

  it('settles, accelerated, where plain ticks settle (within 1e-4 of the sag)', () => {
    const { positions, triangles, pinned } = strip();
    const model = godotSoftBodyModel(positions, triangles, pinned);
    const gravity: Vec3 = [0, 0, -9.81];
    const measured = [...Array(positions.length / 3).keys()].filter(
      (p) => Math.abs(positions[3 * p + 2] + 0.5) < 1e-9,
    );
    const options = { gravity, stepS: 1 / 60, linearStiffness: 0.3, iterations: 5, measured };
    const accelerated = godotSettledSag(model, options);
    expect(accelerated.converged).toBe(true);
    const x = Float64Array.from(positions);
    for (let tick = 0; tick < 20_000; tick++) godotRestStep(model, x, gravity, 1 / 60, 0.3, 5);
    const plain =
      measured.reduce((sum, p) => sum + (positions[3 * p + 2] - x[3 * p + 2]), 0) / measured.length;
    expect(accelerated.sagM).toBeGreaterThan(0);
    expect(Math.abs(accelerated.sagM / plain - 1)).toBeLessThan(1e-4);
  });
});
