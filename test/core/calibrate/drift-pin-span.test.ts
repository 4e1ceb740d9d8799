import { describe, expect, it } from 'vitest';
import { checkDrift } from '../../../core/calibrate/drift-check.ts';
import { standardScenes } from '../../../core/calibrate/scenes.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';

/**
 * The cotton cloth cantilever is clamped by a pin region one cell wide: two rows of particles,
 * which fix the strip's slope. At half resolution the cells are twice as long and the region
 * holds one row, about which the strip turns freely (it swung and never settled: sag +2000% and
 * more). The drift check skips that resolution with the reason instead of flagging the material.
 */
const cotton = findBuiltInMaterial('cotton');
if (!cotton) throw new Error('the library lost cotton');
const cantilever = standardScenes(cotton).scenes.find((s) => s.setup.scene === 'cantilever');
if (!cantilever) throw new Error('no cloth cantilever for cotton');

describe('drift check of a clamp that a coarser mesh cannot hold', () => {
  it('skips the resolution where the pins span a line instead of a plane, and says why', () => {
    const report = checkDrift(cantilever.scene(1 / 60, 20), { ratesHz: [60], resolutions: [0.5, 2] });
    expect(report.skipped.map((s) => `${s.rateHz}@${s.resolution}`)).toEqual(['60@0.5']);
    expect(report.skipped[0].reason).toMatch(/spanning a line at this resolution, a plane as authored/);
    expect(report.skipped[0].reason).toMatch(/hinge/);
    // The finer mesh keeps its clamp (more rows in the same region) and is measured.
    expect(report.runs.map((r) => `${r.rateHz}@${r.resolution}`)).toEqual(['60@2']);
    expect(report.runs[0].settled).toBe(true);
  }, 120_000);
});
