import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, NodeIO } from '@gltf-transform/core';
import { beforeAll, describe, expect, it } from 'vitest';
import defaultSceneJson from '../../assets/default-scene.json' with { type: 'json' };
import { main } from '../../cli/main.ts';
import { exportGlb, SOFTBODY_EXTENSION, writePreset } from '../../core/preset/index.ts';
import { parseScene } from '../../core/scene/scene-validate.ts';
import { presetFileOf } from '../../renderer/src/presets/preset-export.ts';
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
      `${validFile}: valid preset 'sample' (formatVersion 3); bodies: block (solid, 27 vertices, 40 tets, 1.08 kg), sheet (cloth, 25 vertices, 32 triangles, 0.0048 kg)`,
    ]);
  });

  it('lists every problem with its pointer and exits with 3 (an invalid document)', async () => {
    const doc = JSON.parse(writePreset(samplePreset()));
    doc.materials[0].poissonRatio = 0.5;
    doc.setup.solver.dt = -1;
    const file = join(dir, 'bad.preset.json');
    writeFileSync(file, JSON.stringify(doc));
    const { io, err } = capture();
    expect(await main(['validate', file], io)).toBe(3);
    expect(err).toEqual([
      `softbody validate: ${file}: /materials/0/poissonRatio: must be less than 0.5, got 0.5`,
      `softbody validate: ${file}: /setup/solver/dt: must be greater than 0, got -1`,
    ]);
  });

  it('prints problems as JSON with --json', async () => {
    const file = join(dir, 'newer.preset.json');
    writeFileSync(file, '{"formatVersion": 7}');
    const { io, out } = capture();
    expect(await main(['validate', file, '--json'], io)).toBe(3);
    expect(JSON.parse(out.join('\n'))).toEqual({
      file,
      format: 'json',
      valid: false,
      problems: [
        {
          pointer: '/formatVersion',
          message: 'preset formatVersion 7 is newer than this Softbody Studio supports (3); update the app',
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

describe('softbody validate GLB', () => {
  const extension = `/extensions/${SOFTBODY_EXTENSION}`;
  const editorFile = join(dir, 'editor.glb');
  beforeAll(async () => {
    // Written by the function behind the editor's Export GLB, from the editor's default scene.
    const scene = parseScene(structuredClone(defaultSceneJson));
    writeFileSync(editorFile, (await presetFileOf(scene, 'demo.sbproj', 'gltf')).bytes);
  });

  it('accepts the GLB the editor exports and reads the preset from its extension', async () => {
    const file = editorFile;
    const { io, out, err } = capture();
    expect(await main(['validate', file], io)).toBe(0);
    expect(err).toEqual([]);
    expect(out).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file}: valid preset 'demo' \\(formatVersion 3, in the GLB's ${SOFTBODY_EXTENSION} extension\\); bodies: soft block \\(solid, 216 vertices, 625 tets, [\\d.]+ kg\\), cloth \\(cloth, 441 vertices, 800 triangles, [\\d.]+ kg\\)$`,
        ),
      ),
    ]);
  });

  it('lists the problems of the preset in a GLB with pointers into the extension', async () => {
    const preset = samplePreset();
    preset.setup.solver.dt = -1;
    // exportGlb writes what it is given: the reader is what must catch it.
    const file = join(dir, 'bad.glb');
    writeFileSync(file, await exportGlb(preset));
    const { io, err } = capture();
    expect(await main(['validate', file], io)).toBe(3);
    expect(err).toEqual([
      `softbody validate: ${file}: ${extension}/setup/solver/dt: must be greater than 0, got -1`,
    ]);
  });

  it('names a GLB without the extension, and one that is cut short', async () => {
    const plain = join(dir, 'plain.glb');
    const document = new Document();
    document.createScene().addChild(document.createNode('empty'));
    writeFileSync(plain, await new NodeIO().writeBinary(document));
    const a = capture();
    expect(await main(['validate', plain], a.io)).toBe(3);
    expect(a.err).toEqual([
      `softbody validate: ${plain}: /extensions: has no ${SOFTBODY_EXTENSION} extension`,
    ]);

    const cut = join(dir, 'cut.glb');
    writeFileSync(cut, readFileSync(editorFile).subarray(0, 40));
    const b = capture();
    expect(await main(['validate', cut], b.io)).toBe(3);
    expect(b.err).toEqual([
      expect.stringMatching(new RegExp(`^softbody validate: ${cut}: /: is not a readable GLB \\(.+\\)$`)),
    ]);
  });

  it('reports a GLB as JSON with --json', async () => {
    const { io, out } = capture();
    expect(await main(['validate', editorFile, '--json'], io)).toBe(0);
    expect(JSON.parse(out.join('\n'))).toEqual({
      file: editorFile,
      format: 'glb',
      valid: true,
      problems: [],
    });
  });
});
