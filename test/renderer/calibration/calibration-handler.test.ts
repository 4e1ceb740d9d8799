/** The calibration worker's message handling, with a stand-in for core/calibrate. */
import { describe, expect, test } from 'vitest';
import type { CalibrationOptions } from '../../../core/calibrate/index.ts';
import { CalibrationOptionError } from '../../../core/calibrate/index.ts';
import type { Material } from '../../../core/material/schema.ts';
import {
  type Calibrate,
  createCalibrationHandler,
} from '../../../renderer/src/calibration/calibration-handler.ts';
import type {
  CalibrationCommand,
  CalibrationEvent,
  CalibrationRequest,
} from '../../../renderer/src/calibration/protocol.ts';
import { solidReport } from './fake-report.ts';

const material: Material = {
  name: 'soft block',
  kind: 'solid',
  youngModulusPa: 1e5,
  poissonRatio: 0.4,
  densityKgM3: 1000,
  dampingRatio: 0.3,
  source: 'test',
};
const request: CalibrationRequest = {
  material,
  solidModel: 'edges-volume',
  frameDtS: 1 / 60,
  substeps: [5, 15, 40],
};
const report = solidReport({ bar: { 5: 0.8 }, cantilever: { 5: 0.9 } });

function harness(calibrate: Calibrate, clock: number[] = [0, 0]) {
  const posted: CalibrationEvent[] = [];
  let tick = 0;
  const handle = createCalibrationHandler(
    calibrate,
    (event) => posted.push(event),
    () => clock[Math.min(tick++, clock.length - 1)],
  );
  return { posted, handle };
}

describe('calibration worker handler', () => {
  test('a run passes the request to calibrate, posts its progress, then the report and the wall time', () => {
    const calls: { material: Material; options: CalibrationOptions }[] = [];
    const fake: Calibrate = (m, options, onProgress) => {
      calls.push({ material: m, options });
      const labels = ['hanging-bar, 5 substeps', 'hanging-bar, 15 substeps', 'cantilever, 5 substeps'];
      for (const [i, label] of labels.entries()) onProgress?.(i, 3, label);
      onProgress?.(3, 3, 'done');
      return report;
    };
    const { posted, handle } = harness(fake, [1000, 4250]);
    handle({ type: 'run', request });
    expect(calls).toEqual([
      { material, options: { substeps: [5, 15, 40], frameDtS: 1 / 60, solidModel: 'edges-volume' } },
    ]);
    expect(posted).toEqual([
      { type: 'progress', done: 0, total: 3, label: 'hanging-bar, 5 substeps' },
      { type: 'progress', done: 1, total: 3, label: 'hanging-bar, 15 substeps' },
      { type: 'progress', done: 2, total: 3, label: 'cantilever, 5 substeps' },
      { type: 'progress', done: 3, total: 3, label: 'done' },
      { type: 'result', ok: true, report, seconds: 3.25 },
    ]);
  });

  test('an error of calibrate becomes a failed result with its name and message', () => {
    const fake: Calibrate = () => {
      throw new CalibrationOptionError('the frame time step must be in (0, 1] s, got 2');
    };
    const { posted, handle } = harness(fake);
    handle({ type: 'run', request: { ...request, frameDtS: 2 } });
    expect(posted).toEqual([
      {
        type: 'result',
        ok: false,
        error: { name: 'CalibrationOptionError', message: 'the frame time step must be in (0, 1] s, got 2' },
      },
    ]);
  });

  test('a second run in the same worker is refused without calibrating again', () => {
    let runs = 0;
    const { posted, handle } = harness(() => {
      runs++;
      return report;
    });
    handle({ type: 'run', request });
    handle({ type: 'run', request });
    expect(runs).toBe(1);
    expect(posted.at(-1)).toEqual({
      type: 'result',
      ok: false,
      error: {
        name: 'Error',
        message: 'The calibration worker runs one calibration; start a new worker for another.',
      },
    });
  });

  test('an unknown command is answered with an error and runs nothing', () => {
    let runs = 0;
    const { posted, handle } = harness(() => {
      runs++;
      return report;
    });
    handle({ type: 'cancel' } as unknown as CalibrationCommand);
    expect(runs).toBe(0);
    expect(posted).toEqual([
      {
        type: 'result',
        ok: false,
        error: { name: 'Error', message: "The calibration worker got an unknown command: 'cancel'" },
      },
    ]);
  });
});
