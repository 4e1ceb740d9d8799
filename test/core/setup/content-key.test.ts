import { describe, expect, it } from 'vitest';
import defaultScene from '../../../assets/default-scene.json' with { type: 'json' };
import type { Scene } from '../../../core/scene/scene.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { contentKey } from '../../../core/setup/content-key.ts';
import { estimateFundamentalRadPerS, solveFundamentalRadPerS } from '../../../core/setup/fundamental-mode.ts';

describe('content key', () => {
  it('is the same for equal content in fresh arrays and objects, whatever the key order', () => {
    const a = { positions: new Float64Array([0, 1.5, -2]), tets: new Uint32Array([0, 1, 2, 3]), name: 'b' };
    const b = { name: 'b', tets: Uint32Array.from(a.tets), positions: Float64Array.from(a.positions) };
    expect(contentKey(a)).toBe(contentKey(b));
  });

  it('changes with any word of the data, the array type, a name or the nesting', () => {
    const base = { k: new Float64Array([1, 2, 3]), n: [1, 'x', true] };
    const keys = [
      base,
      { k: new Float64Array([1, 2, 3 + 2 ** -50]), n: [1, 'x', true] },
      { k: new Float32Array([1, 2, 3]), n: [1, 'x', true] },
      { k: new Float64Array([1, 2, 3]), n: [1, 'y', true] },
      { k: new Float64Array([1, 2, 3]), n: [1, 'x', false] },
      { k: new Float64Array([1, 2, 3]), n: [[1], 'x', true] },
      { j: new Float64Array([1, 2, 3]), n: [1, 'x', true] },
    ].map(contentKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('reads a byte view that is not 4-byte aligned', () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5, 6, 7]);
    expect(contentKey(bytes.subarray(1, 6))).toBe(contentKey(new Uint8Array([2, 3, 4, 5, 6])));
    expect(contentKey(bytes.subarray(1, 6))).not.toBe(contentKey(new Uint8Array([2, 3, 4, 5, 7])));
  });
});

describe('fundamental mode estimate reuse', () => {
  const scene = defaultScene as unknown as Scene;
  const cloth = () => {
    const body = compileScene(scene).bodies.find((b) => b.name === 'cloth');
    if (!body) throw new Error('the default scene has no cloth');
    return body;
  };

  it('gives a recompiled, unchanged body the same ω₁, and one four times stiffer twice its ω₁', () => {
    const first = cloth();
    const again = cloth();
    const omega = estimateFundamentalRadPerS(first.geometry, first.constraints, first.pins);
    expect(omega).toBeGreaterThan(0);
    expect(estimateFundamentalRadPerS(again.geometry, again.constraints, again.pins)).toBe(omega);
    // Every compliance quartered: every stiffness ×4, so ω₁ doubles (ω² ∝ k at fixed mass; the
    // shifted solve scales with K, so the Ritz value is exact to rounding): tolerance 2%. A stale
    // reuse would return ω₁ itself.
    const stiffer = again.constraints.map((set) => {
      const out: Record<string, unknown> = { ...set };
      for (const [name, value] of Object.entries(set))
        if (name.startsWith('compliance') && value instanceof Float64Array)
          out[name] = value.map((c) => c / 4);
      return out as unknown as typeof set;
    });
    const omegaStiffer = estimateFundamentalRadPerS(again.geometry, stiffer, again.pins);
    expect(Math.abs(omegaStiffer / omega - 2)).toBeLessThan(0.02);
  });

  it('keeps ω₁ through a change of damping alone, which K and M do not depend on', () => {
    const body = cloth();
    const omega = estimateFundamentalRadPerS(body.geometry, body.constraints, body.pins);
    const damped = body.constraints.map((set) => ({ ...set, dampingRatio: 0.9 }));
    expect(estimateFundamentalRadPerS(body.geometry, damped, body.pins)).toBe(omega);
    expect(solveFundamentalRadPerS(body.geometry, damped, body.pins)).toBe(omega);
  });
});
