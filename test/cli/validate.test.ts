import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { writePreset } from '../../core/preset/index.ts';
import { samplePreset } from '../core/preset/fixtures.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'softbody-validate-'));
const validFile = join(dir, 'sample.preset.json');
writeFileSync(validFile, writePreset(samplePreset()));

describe('softbody validate', () => {
  it('accepts a valid preset with exit code 0', async () => {
    const { io, out, err } = capture();
    expect(await main(['validate', validFile], io)).toBe(0);
    expect(err).toEqual([]);
    expect(out).toEqual([
      `${validFile}: valid preset 'sample' (formatVersion 1); bodies: cube (solid, 27 vertices, 48 tets, 1.08 kg), sheet (cloth, 25 vertices, 32 triangles, 0.0048 kg)`,
    ]);
  });

  it('lists every problem with its pointer and exits with 2', async () => {
    const doc = JSON.parse(writePreset(samplePreset()));
    doc.materials[0].poissonRatio = 0.5;
    doc.solver.dt = -1;
    const file = join(dir, 'bad.preset.json');
    writeFileSync(file, JSON.stringify(doc));
    const { io, err } = capture();
    expect(await main(['validate', file], io)).toBe(2);
    expect(err).toEqual([
      `softbody validate: ${file}: /solver/dt: must be greater than 0, got -1`,
      `softbody validate: ${file}: /materials/0/poissonRatio: must be less than 0.5, got 0.5`,
    ]);
  });

  it('prints problems as JSON with --json', async () => {
    const file = join(dir, 'newer.preset.json');
    writeFileSync(file, '{"formatVersion": 7}');
    const { io, out } = capture();
    expect(await main(['validate', file, '--json'], io)).toBe(2);
    expect(JSON.parse(out.join('\n'))).toEqual({
      file,
      valid: false,
      problems: [
        {
          pointer: '/formatVersion',
          message: 'preset formatVersion 7 is newer than this Softbody Studio supports (1); update the app',
        },
      ],
    });
  });

  it('reports a missing file in one line with exit code 2', async () => {
    const { io, err } = capture();
    expect(await main(['validate', join(dir, 'nope.json')], io)).toBe(2);
    expect(err).toEqual([`softbody validate: cannot read '${join(dir, 'nope.json')}': ENOENT`]);
  });

  it('prints the preset schema', async () => {
    const { io, out } = capture();
    expect(await main(['validate', '--print-schema'], io)).toBe(0);
    expect(JSON.parse(out.join('\n')).title).toBe('Softbody Studio preset');
  });
});
