import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { CRUSH_STRAIN, crushWarnings } from '../../../core/sim/run-warnings.ts';

const barScene = JSON.parse(
  readFileSync(new URL('../../../docs/examples/hanging-bar.scene.json', import.meta.url), 'utf8'),
);

/** The example hanging bar (1 m, E = 100 kPa, ρ = 1000 kg/m³, 20 substeps) with `change` applied. */
function bar(change: (scene: typeof barScene) => void = () => {}) {
  const scene = structuredClone(barScene);
  change(scene);
  return compileScene(parseScene(scene));
}

describe('crushWarnings', () => {
  it('says nothing for the example scene: its own weight strains it by ρgH/(2E) = 0.049', () => {
    expect(crushWarnings(bar())).toEqual([]);
  });

  it('warns for dt = 1 s: r = 8.5 softens the bar about r² = 72 times, past the crush strain', () => {
    expect(crushWarnings(bar((s) => (s.solver.dt = 1)))).toEqual([
      'bar: its own weight will strain it by about 3.5 (ρgH/(2E) = 0.049, softened about ×72 because the ' +
        'substep resolves no elastic wave across an element (r = h·c/l = 8.5 > 1)), more than 0.25: it will ' +
        'be crushed, not sag; a smaller dt or 680 substeps (r ≤ 0.25) would resolve it',
    ]);
  });

  it('warns for gravity near the 1000 m/s² bound on the soft bar, even at a fine time step', () => {
    expect(crushWarnings(bar((s) => (s.gravity = [0, -1000, 0])))).toEqual([
      'bar: its own weight will strain it by about 5 (ρgH/(2E) = 5 at g = 1000 m/s² over H = 1 m), more than ' +
        '0.25: it will be crushed, not sag; a stiffer material or a smaller gravity keeps it in the small ' +
        'strains its numbers describe',
    ]);
  });

  it('asks for a smaller dt where no substep count allowed would resolve the wave', () => {
    // E = 1 GPa: c = 1000 m/s, r = 1000 at dt = 1 s; r ≤ 0.25 would take 80,000 substeps.
    const stiff = bar((s) => {
      s.solver.dt = 1;
      s.bodies[0].material.youngModulusPa = 1e9;
    });
    const [warning] = crushWarnings(stiff);
    expect(warning).toMatch(/\(r = h·c\/l = 850 > 1\)/);
    expect(warning).toMatch(/a dt of at most 0\.00029 s at these substeps \(r ≤ 0\.25\) would resolve it$/);
  });

  it('says nothing for a body nothing holds: falling freely it carries no weight', () => {
    const falling = bar((s) => {
      s.colliders = [];
      s.bodies[0].pins = [];
      s.gravity = [0, -1000, 0];
    });
    expect(crushWarnings(falling)).toEqual([]);
  });

  it('states its threshold as a strain', () => {
    expect(CRUSH_STRAIN).toBe(0.25);
  });
});
