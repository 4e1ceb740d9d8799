import { describe, expect, it } from 'vitest';
import {
  CANTILEVER_DEFLECTION_RATIO,
  HANGING_PEAK_STRAIN,
  REFERENCE_RESOLUTION,
  REFERENCE_SUBSTEP_S,
  STANDARD_GRAVITY_MPERS2,
  standardScenes,
} from '../../../core/calibrate/scenes.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import type { Material } from '../../../core/material/schema.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';

function material(name: string): Material {
  const m = findBuiltInMaterial(name);
  if (!m) throw new Error(`no material ${name}`);
  return m;
}

describe('the standard calibration scenes', () => {
  it('a solid gets the hanging bar and the cantilever; the hanging cloth is skipped with a reason', () => {
    const { scenes, skipped } = standardScenes(material('skin'));
    expect(scenes.map((s) => s.setup.scene)).toEqual(['hanging-bar', 'cantilever']);
    expect(skipped).toEqual([{ scene: 'hanging-cloth', reason: expect.stringContaining('solid material') }]);
  });

  it('a cloth gets the hanging cloth and the cloth cantilever; the tet bar is skipped with a reason', () => {
    const { scenes, skipped } = standardScenes(material('denim'));
    expect(scenes.map((s) => s.setup.scene)).toEqual(['hanging-cloth', 'cantilever']);
    expect(skipped).toEqual([{ scene: 'hanging-bar', reason: expect.stringContaining('membrane') }]);
  });

  it('sizes the elements so that h·c/l = 0.25 at the reference substep (bending: h·√(D/ρ_a)/l²)', () => {
    const foam = material('polyurethane-foam-firm');
    const c = Math.sqrt(foam.youngModulusPa / foam.densityKgM3);
    for (const scene of standardScenes(foam).scenes) {
      expect((REFERENCE_SUBSTEP_S * c) / scene.setup.cellM).toBeCloseTo(REFERENCE_RESOLUTION, 12);
    }
    const [, cantilever] = standardScenes(material('cotton')).scenes;
    expect(cantilever.resolution(REFERENCE_SUBSTEP_S, Number.NaN)).toBeCloseTo(REFERENCE_RESOLUTION, 12);
  });

  it('loads small: peak strain 0.2% (hanging) and deflection 1% of the span (cantilevers), g ≤ 9.81 m/s²', () => {
    for (const name of ['fat', 'silicone-shore-30a', 'cotton', 'leather']) {
      const m = material(name);
      for (const { setup } of standardScenes(m).scenes) {
        expect(setup.gravityMPerS2).toBeGreaterThan(0);
        expect(setup.gravityMPerS2).toBeLessThanOrEqual(STANDARD_GRAVITY_MPERS2);
        const loaded = setup.gravityMPerS2 < STANDARD_GRAVITY_MPERS2;
        if (setup.scene === 'cantilever') {
          const ratio = setup.analytic / setup.lengthM;
          if (loaded) expect(ratio).toBeCloseTo(CANTILEVER_DEFLECTION_RATIO, 10);
          else expect(ratio).toBeLessThan(CANTILEVER_DEFLECTION_RATIO);
        } else {
          // Peak strain at the pin is twice the mean strain δ/L of a bar hanging under its weight.
          const peak = (2 * setup.analytic) / setup.lengthM;
          if (loaded) expect(peak).toBeCloseTo(HANGING_PEAK_STRAIN, 10);
          else expect(peak).toBeLessThan(HANGING_PEAK_STRAIN);
        }
      }
    }
  });

  it('builds valid scenes whose probes find the free end: bar bottom 3×3, beam tip 9×3, strip edges 6 and 5', () => {
    const counts = (name: string) =>
      standardScenes(material(name)).scenes.map((s) => {
        const world = buildWorld(s.scene(1 / 60, 10));
        return s.probe(Float64Array.from(world.positions)).length;
      });
    expect(counts('cartilage')).toEqual([9, 27]);
    expect(counts('silk')).toEqual([6, 5]);
  });

  it('a given element size replaces the automatic one in every scene', () => {
    for (const { setup } of standardScenes(material('muscle'), { cellM: 0.01 }).scenes)
      expect(setup.cellM).toBe(0.01);
    for (const { setup } of standardScenes(material('wool'), { cellM: 0.02 }).scenes)
      expect(setup.cellM).toBe(0.02);
  });
});
