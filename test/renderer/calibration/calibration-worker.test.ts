/**
 * The calibration worker module itself, run in this thread with a stand-in worker scope and the
 * real core/calibrate: one short request (a single substep count) end to end.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { CalibrationCommand, CalibrationEvent } from '../../../renderer/src/calibration/protocol.ts';

describe('calibration worker', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('calibrates a solid with the engine: progress per scene, then a report with finite E_eff', async () => {
    const posted: CalibrationEvent[] = [];
    let listener: ((event: { data: CalibrationCommand }) => void) | undefined;
    vi.stubGlobal('postMessage', (event: CalibrationEvent) => posted.push(event));
    vi.stubGlobal('addEventListener', (_type: string, l: typeof listener) => {
      listener = l;
    });
    vi.resetModules();
    await import('../../../renderer/src/calibration/calibration-worker.ts');
    listener?.({
      data: {
        type: 'run',
        request: {
          material: {
            name: 'block',
            kind: 'solid',
            youngModulusPa: 1e5,
            poissonRatio: 0.4,
            densityKgM3: 1000,
            dampingRatio: 0.3,
            source: 'test',
          },
          solidModel: 'neo-hookean',
          frameDtS: 1 / 60,
          substeps: [20],
        },
      },
    });
    expect(posted.filter((e) => e.type === 'progress')).toEqual([
      { type: 'progress', done: 0, total: 2, label: 'hanging-bar, 20 substeps' },
      { type: 'progress', done: 1, total: 2, label: 'cantilever, 20 substeps' },
      { type: 'progress', done: 2, total: 2, label: 'done' },
    ]);
    const result = posted.at(-1);
    if (result?.type !== 'result' || !result.ok) throw new Error(`no report: ${JSON.stringify(result)}`);
    expect(result.seconds).toBeGreaterThan(0);
    expect(result.report.scenes.map((r) => [r.scene, r.substeps])).toEqual([
      ['hanging-bar', 20],
      ['cantilever', 20],
    ]);
    for (const row of result.report.scenes) {
      // At r ≈ 0.2 the engine is within a fifth of the material (the panel shows the exact figure).
      const ratio = row.effectiveYoungModulusPa / 1e5;
      expect(ratio).toBeGreaterThan(0.8);
      expect(ratio).toBeLessThan(1.25);
    }
  });
});
