import { describe, expect, test } from 'vitest';
import { VertexStrain } from '../../../renderer/src/viewport/vertex-strain.ts';

/** A path of three vertices along x, 1 m apart: edges 0–1 and 1–2. */
const rest = Float32Array.of(0, 0, 0, 1, 0, 0, 2, 0, 0);
const edges = Uint32Array.of(0, 1, 1, 2);

describe('per-vertex strain', () => {
  test('is zero at rest and the mean |l/l0 − 1| of incident edges when stretched', () => {
    const strain = new VertexStrain(edges, rest, 3);
    const out = new Float32Array(3);
    expect(strain.measure(rest, 0, out)).toBe(0);
    expect(Array.from(out)).toEqual([0, 0, 0]);

    // Edge 0–1 stretched to 1.1 m (+10%), edge 1–2 compressed to 0.8 m (−20%).
    const moved = Float32Array.of(0, 0, 0, 1.1, 0, 0, 1.9, 0, 0);
    const max = strain.measure(moved, 0, out);
    expect(out[0]).toBeCloseTo(0.1, 6);
    expect(out[1]).toBeCloseTo(0.15, 6); // (0.1 + 0.2) / 2
    expect(out[2]).toBeCloseTo(0.2, 6);
    expect(max).toBeCloseTo(0.2, 6);
  });

  test('reads the body at its particle offset in the world positions', () => {
    const strain = new VertexStrain(edges, rest, 3);
    const world = new Float32Array(3 * 5);
    world.set([0, 0, 0, 0, 1.5, 0, 0, 3, 0], 6); // the body at particles 2…4, stretched 50% along y
    const out = new Float32Array(3);
    expect(strain.measure(world, 2, out)).toBeCloseTo(0.5, 6);
    expect(out[1]).toBeCloseTo(0.5, 6);
  });

  test('leaves out zero-length rest edges and never reports NaN', () => {
    const degenerate = new VertexStrain(
      Uint32Array.of(0, 1, 1, 2),
      Float32Array.of(0, 0, 0, 0, 0, 0, 1, 0, 0),
      3,
    );
    const out = new Float32Array(3);
    const max = degenerate.measure(Float32Array.of(0, 0, 0, 0.5, 0, 0, 1, 0, 0), 0, out);
    expect(out[0]).toBe(0); // its only edge had no rest length
    expect(out[1]).toBeCloseTo(0.5, 6);
    expect(max).toBeCloseTo(0.5, 6);
    const nan = degenerate.measure(Float32Array.of(0, 0, 0, Number.NaN, 0, 0, 1, 0, 0), 0, out);
    expect(Array.from(out).every(Number.isFinite)).toBe(true);
    expect(Number.isFinite(nan)).toBe(true);
  });
});
