import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { presetFromScene, writePreset } from '../../core/preset/index.ts';
import type { SceneDocument } from '../../core/scene/scene.ts';
import { cubeMeshScene } from '../core/preset/fixtures.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

/** The muscle bar of test/core/calibrate/drift-check.test.ts: 6 substeps, 1 m/s² (about 1 s to check). */
function muscleBar(compensation: 'auto' | 'off'): SceneDocument {
  return {
    gravity: [0, -1, 0],
    solver: { dt: 1 / 60, substeps: 6, compensation },
    colliders: [],
    bodies: [
      {
        name: 'bar',
        shape: { type: 'box', size: [0.1, 1, 0.1], cells: [2, 10, 2], center: [0, -0.5, 0] },
        material: 'muscle',
        model: 'edges-volume',
        pins: [{ box: { min: [-1, -0.001, -1], max: [1, 1, 1] } }],
      },
    ],
  };
}

interface JsonRun {
  rate: number;
  resolution: number;
  substepS: number;
  drift: { sag: number; effectiveE: number; energy: number };
  settled: boolean;
  flagged: boolean;
}

const dir = mkdtempSync(join(tmpdir(), 'softbody-check-'));
const autoFile = join(dir, 'auto.scene.json');
const offFile = join(dir, 'off.scene.json');
writeFileSync(autoFile, JSON.stringify(muscleBar('auto')));
writeFileSync(offFile, JSON.stringify(muscleBar('off')));
const rates = ['--rates', '30,60', '--resolution', '1'];

describe('softbody check', () => {
  let json: { code: number; report: Record<string, unknown> & { runs: JsonRun[] }; err: string[] };
  beforeAll(async () => {
    const { io, out, err } = capture();
    const code = await main(
      ['check', autoFile, '--rates', '30,60', '--resolution', '0.5,1', '--json', '--progress'],
      io,
    );
    json = { code, report: JSON.parse(out.join('\n')), err };
  }, 60_000);

  it('prints one JSON object: file, reference, runs per rate × resolution with their drift, flagged as its drift says', () => {
    // The exit code says whether any run drifted beyond 5% (1) or none did (0).
    const { report } = json;
    expect(json.code).toBe(report.flagged ? 1 : 0);
    expect(Object.keys(report)).toEqual([
      'file',
      'body',
      'probe',
      'compensation',
      'tolerance',
      'reference',
      'runs',
      'skipped',
      'notes',
      'flagged',
    ]);
    expect(report.file).toBe(autoFile);
    expect(report.body).toBe('bar');
    expect(report.tolerance).toBe(0.05);
    expect(Object.keys(report.reference as object)).toEqual([
      'rate',
      'resolution',
      'substeps',
      'substepS',
      'elements',
      'sagM',
      'energyJ',
      'settled',
      'simulatedS',
    ]);
    expect(report.runs.map((r) => `${r.rate}@${r.resolution}`)).toEqual(['30@0.5', '60@0.5', '30@1', '60@1']);
    for (const run of report.runs) {
      expect(Object.keys(run)).toEqual([
        'rate',
        'resolution',
        'substeps',
        'substepS',
        'elements',
        'sagM',
        'effectiveERatio',
        'energyJ',
        'drift',
        'settled',
        'simulatedS',
        'flagged',
      ]);
      expect(Object.keys(run.drift as object)).toEqual(['sag', 'effectiveE', 'energy']);
      expect(run.substepS).toBeCloseTo(1 / (6 * run.rate), 15);
      // Flagged exactly when a drift is beyond the tolerance (or the run did not settle).
      const beyond = Object.values(run.drift).some((d) => Math.abs(d) > 0.05);
      expect(run.flagged).toBe(beyond || !run.settled);
    }
  });

  it('reports progress on stderr with --progress, one line per run, and nothing else', () => {
    expect(json.err).toEqual([
      'check 0/5 reference: bar as authored',
      'check 1/5 30 Hz, resolution 0.5',
      'check 2/5 60 Hz, resolution 0.5',
      'check 3/5 30 Hz, resolution 1',
      'check 4/5 60 Hz, resolution 1',
    ]);
  });

  it('exits 1 and marks the drifting cells when a run drifts beyond 5%', async () => {
    const { io, out } = capture();
    expect(await main(['check', offFile, ...rates], io)).toBe(1);
    const text = out.join('\n');
    // Without compensation 6 substeps of a 30 Hz frame leave the bar 7% softer.
    const row30 = text.split('\n').find((l) => /^ {2}30 {2,}1 /.test(l));
    expect(row30).toMatch(/\+7\.\d% !/);
    expect(text).toMatch(/1 of 2 runs drift beyond ±5%$/);
    const { io: io2, out: out2 } = capture();
    expect(await main(['check', autoFile, ...rates], io2)).toBe(0);
    expect(out2.join('\n')).toMatch(/all 2 runs within ±5%$/);
  }, 60_000);

  it('checks a preset through the scene it stores, with its own materials and tets', async () => {
    const { scene, meshes } = cubeMeshScene('muscle', 'edges-volume');
    const file = join(dir, 'cube.preset.json');
    writeFileSync(file, writePreset(presetFromScene(scene, { name: 'cube', meshes })));
    const { io, out, err } = capture();
    const code = await main(['check', file, '--rates', '60', '--resolution', '1,2', '--json'], io);
    expect(err.filter((l) => !l.startsWith('check '))).toEqual([]);
    const report = JSON.parse(out.join('\n'));
    expect(report.body).toBe('cube');
    expect(report.runs).toHaveLength(1);
    expect(report.runs[0].drift.sag).toBeCloseTo(0, 6);
    expect(report.skipped).toEqual([
      {
        rate: 60,
        resolution: 2,
        reason: "body 'cube' is a mesh from a file: another resolution needs re-tetrahedralization",
      },
    ]);
    expect(code).toBe(0);
    // The same preset inside a GLB (what the editor's Export GLB writes) checks the same.
    const glb = join(dir, 'cube.glb');
    expect(await main(['export', file, '--target', 'gltf', '-o', glb], capture().io)).toBe(0);
    const fromGlb = capture();
    expect(await main(['check', glb, '--rates', '60', '--resolution', '1,2', '--json'], fromGlb.io)).toBe(0);
    const again = JSON.parse(fromGlb.out.join('\n'));
    expect({ ...again, file: file }).toEqual(report);
  }, 60_000);

  it('exits 2 with one line naming the file or argument for bad input', async () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "gravity": [0, -9.81, 0], ');
    const badScene = join(dir, 'bad.scene.json');
    writeFileSync(badScene, JSON.stringify({ ...muscleBar('auto'), solver: { dt: -1, substeps: 6 } }));
    const cases: [string[], RegExp][] = [
      [[], /needs a scene or preset file/],
      [[autoFile, '--rates'], /--rates needs a value/],
      [[autoFile, '--rates', '30,,60'], /--rates needs comma-separated frame rates in Hz/],
      [[autoFile, '--rates', '0'], /--rates needs/],
      [[autoFile, '--resolution', '100'], /--resolution needs comma-separated resolution factors/],
      [[autoFile, '--frobnicate'], /unknown option '--frobnicate'/],
      [[autoFile, autoFile], /unexpected argument/],
      [[join(dir, 'missing.json')], /cannot read '.*missing\.json': ENOENT/],
      [[broken], /broken\.json: .*not valid JSON/],
      [[badScene], /bad\.scene\.json: \/solver\/dt/],
      [[autoFile, '--body', 'nope'], /auto\.scene\.json: no body named 'nope'/],
    ];
    for (const [args, message] of cases) {
      const { io, out, err } = capture();
      expect(await main(['check', ...args], io)).toBe(2);
      expect(out).toEqual([]);
      expect(err.filter((l) => !l.startsWith('check '))).toHaveLength(1);
      expect(err.at(-1)).toMatch(/^softbody check: /);
      expect(err.at(-1)).toMatch(message);
    }
  });

  it('is listed in the help and prints its usage', async () => {
    const { io, out } = capture();
    expect(await main(['--help'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^ {2}check {2,}Drift check/m);
    const usage = capture();
    expect(await main(['check', '--help'], usage.io)).toBe(0);
    expect(usage.out.join('\n')).toMatch(/^Usage: softbody check /);
  });
});
