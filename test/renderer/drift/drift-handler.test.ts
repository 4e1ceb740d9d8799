/** The drift-check worker's message handling, with a stand-in for core/calibrate's checkDrift. */
import { describe, expect, test } from 'vitest';
import {
  DriftCheckError,
  type DriftCheckOptions,
  type DriftReport,
} from '../../../core/calibrate/drift-check.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { type CheckDrift, createDriftHandler } from '../../../renderer/src/drift/drift-handler.ts';
import type { DriftEvent, DriftRequest } from '../../../renderer/src/drift/protocol.ts';
import { fakeDriftReport } from './fake-drift-report.ts';

const scene: Scene = {
  gravity: [0, -9.81, 0],
  solver: { dt: 1 / 60, substeps: 10 },
  colliders: [],
  bodies: [
    {
      name: 'blob',
      shape: { type: 'mesh', path: 'blob.obj' },
      material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'neo-hookean',
    },
  ],
};
const tets = { positions: new Float64Array(12), tets: Uint32Array.from([0, 1, 2, 3]) };
const request: DriftRequest = {
  scene,
  meshes: [['blob.obj', tets]],
  body: 'blob',
  ratesHz: [30, 60],
  resolutions: [1],
};

function harness(check: CheckDrift, clock: number[] = [0, 0]) {
  const posted: DriftEvent[] = [];
  let tick = 0;
  const handle = createDriftHandler(
    check,
    (event) => posted.push(event),
    () => clock[Math.min(tick++, clock.length - 1)],
  );
  return { posted, handle };
}

describe('drift-check worker handler', () => {
  test('passes the request on (meshes keyed by JSON pointer), posts progress, then the report and the wall time', () => {
    const calls: DriftCheckOptions[] = [];
    const report: DriftReport = fakeDriftReport();
    const { posted, handle } = harness(
      (s, options, onProgress) => {
        expect(s).toBe(scene);
        calls.push(options);
        onProgress?.(0, 3, 'reference: blob as authored');
        onProgress?.(3, 3, 'done');
        return report;
      },
      [1000, 3500],
    );
    handle({ type: 'run', request });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ body: 'blob', ratesHz: [30, 60], resolutions: [1] });
    expect(calls[0].meshes?.solids.get('/bodies/0/shape')).toBe(tets);
    expect(posted).toEqual([
      { type: 'progress', done: 0, total: 3, label: 'reference: blob as authored' },
      { type: 'progress', done: 3, total: 3, label: 'done' },
      { type: 'result', ok: true, report, seconds: 2.5 },
    ]);
  });

  test('posts an error as { name, message }, and refuses a second run or an unknown command', () => {
    const { posted, handle } = harness(() => {
      throw new DriftCheckError('the scene has no gravity: there is no sag to measure');
    });
    handle({ type: 'run', request });
    handle({ type: 'run', request });
    handle({ type: 'stop' } as never);
    expect(posted).toEqual([
      {
        type: 'result',
        ok: false,
        error: { name: 'DriftCheckError', message: 'the scene has no gravity: there is no sag to measure' },
      },
      {
        type: 'result',
        ok: false,
        error: {
          name: 'Error',
          message: 'The drift-check worker runs one check; start a new worker for another.',
        },
      },
      {
        type: 'result',
        ok: false,
        error: { name: 'Error', message: 'The drift-check worker got an unknown command.' },
      },
    ]);
  });
});
