import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import validator from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { buildPreset, readGlbPreset, writePreset } from '../../core/preset/index.ts';
import { cubeBody, material, samplePreset } from '../core/preset/fixtures.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'softbody-export-'));
const presetFile = join(dir, 'sample.preset.json');
const text = writePreset(samplePreset());
writeFileSync(presetFile, text);

describe('softbody export', () => {
  it('writes the native preset byte-identically', async () => {
    const out = join(dir, 'again.preset.json');
    const { io } = capture();
    expect(await main(['export', presetFile, '--target', 'native', '-o', out], io)).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(text);
  });

  it('writes a GLB that passes the glTF validator and reads back as the same preset', async () => {
    const out = join(dir, 'sample.glb');
    const { io, out: lines } = capture();
    expect(await main(['export', presetFile, '--target', 'gltf', '-o', out], io)).toBe(0);
    expect(lines.at(-1)).toMatch(/^Wrote .*sample\.glb \(gltf, \d+ bytes\)$/);
    const bytes = new Uint8Array(readFileSync(out));
    expect((await validator.validateBytes(bytes)).issues.numErrors).toBe(0);
    expect(writePreset(await readGlbPreset(bytes))).toBe(text);
  });

  it('writes Jolt JSON and prints the approximations', async () => {
    const silicone = material('silicone-shore-10a');
    const neo = buildPreset({
      name: 'neo',
      gravity: [0, -9.81, 0],
      solver: { dt: 1 / 60, substeps: 20 },
      materials: [silicone],
      colliders: [],
      bodies: [cubeBody(silicone, 'neo-hookean')],
    });
    const file = join(dir, 'neo.preset.json');
    writeFileSync(file, writePreset(neo));
    const out = join(dir, 'neo.jolt.json');
    const { io, out: lines } = capture();
    expect(await main(['export', file, '--target', 'jolt', '-o', out], io)).toBe(0);
    expect(lines.slice(0, 3)).toEqual([
      'Approximations (Jolt cannot express these exactly):',
      "  - body 'cube', group 'body': Jolt has no neo-Hookean tets; exported as edge springs + tet volume constraints from the same E and ν (matches at small strain, not for large strains or inversion).",
      "  - body 'cube': constraint damping ('body' ζ = 0.05) dropped, Jolt has none; mLinearDamping = 0 1/s exported.",
    ]);
    const data = JSON.parse(readFileSync(out, 'utf8'));
    expect(data.format).toBe('softbody-studio/jolt-soft-body');
    expect(data.approximations).toHaveLength(2);
    expect(data.bodies[0].sharedSettings.volumeConstraints.length).toBe(48);
  });

  it('refuses an invalid preset, listing its problems, with exit code 2 and no output file', async () => {
    const doc = JSON.parse(text);
    doc.bodies[0].groups[0].material = 'nothing';
    const file = join(dir, 'bad.preset.json');
    writeFileSync(file, JSON.stringify(doc));
    const { io, err } = capture();
    expect(await main(['export', file, '--target', 'jolt', '-o', join(dir, 'bad.jolt.json')], io)).toBe(2);
    expect(err).toEqual([
      `softbody export: ${file}: /bodies/0/groups/0/material: names no material of /materials ('nothing')`,
    ]);
    expect(() => readFileSync(join(dir, 'bad.jolt.json'))).toThrow();
  });

  it('checks its arguments', async () => {
    const a = capture();
    expect(await main(['export', presetFile, '--target', 'fbx', '-o', 'x'], a.io)).toBe(2);
    expect(a.err).toEqual(["softbody export: --target must be one of native, gltf, jolt, got 'fbx'"]);
    const b = capture();
    expect(await main(['export', presetFile, '--target', 'gltf', '-o', join(dir, 'x.gltf')], b.io)).toBe(2);
    expect(b.err[0]).toMatch(/name the output '\.glb'/);
    const c = capture();
    expect(await main(['export', presetFile], c.io)).toBe(2);
  });
});
