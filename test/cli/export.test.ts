import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import validator from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { EXPORT_TARGETS } from '../../core/export/targets.ts';
import { presetFromScene, readGlbPreset, readPreset, writePreset } from '../../core/preset/index.ts';
import { cubeMeshScene, samplePreset } from '../core/preset/fixtures.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'softbody-export-'));
const exampleScene = new URL('../../docs/examples/hanging-bar.scene.json', import.meta.url).pathname;
const sharedMeshes = new URL('../../../shared/meshes/', import.meta.url).pathname;
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

  it('writes Jolt JSON and warns of each approximation on stderr', async () => {
    // ν = 0.3: no nodal volume constraints (Jolt would get those per tet, one more approximation).
    const { scene, meshes } = cubeMeshScene('polyurethane-foam-firm', 'neo-hookean');
    const neo = presetFromScene(scene, { name: 'neo', meshes });
    const file = join(dir, 'neo.preset.json');
    writeFileSync(file, writePreset(neo));
    const out = join(dir, 'neo.jolt.json');
    const { io, out: lines, err } = capture();
    expect(await main(['export', file, '--target', 'jolt', '-o', out], io)).toBe(0);
    expect(err).toEqual([
      "softbody export: warning: jolt approximates neo-hookean solids: 'cube': Jolt has no neo-Hookean tets: exported as edge springs + tet volume constraints compiled from the same E and ν (equal at small strain, not for large strains or inversion)",
      "softbody export: warning: jolt approximates constraint damping: 'cube': damping along ∇C dropped, Jolt has none; the fundamental mode keeps its ζ on pinned bodies (2ζ·ω₁ added to mLinearDamping, world-velocity damping as ours for pinned bodies), not on bodies with no pin (mLinearDamping would slow their fall)",
      // What the 20 substeps do to the exported edges and volumes (compensate.ts).
      expect.stringMatching(
        /^softbody export: budget: cube: solid edges-volume: stiffened ×[\d.]+ for 20 substeps \(r = [\d.]+\), as stiff as its material$/,
      ),
    ]);
    expect(lines).toEqual([
      expect.stringMatching(/^Wrote .*neo\.jolt\.json \(jolt, \d+ bytes, 2 approximations\)$/),
    ]);
    const data = JSON.parse(readFileSync(out, 'utf8'));
    expect(data.format).toBe('softbody-studio/jolt-soft-body');
    expect(data.approximations).toHaveLength(2);
    expect(data.bodies[0].renderMesh.embedding.weight.dtype).toBe('float32');
    expect(data.bodies[0].sharedSettings.volumeConstraints.compliance.count).toBe(48);
  });

  it('refuses an invalid preset, listing its problems, with exit code 2 and no output file', async () => {
    const doc = JSON.parse(text);
    doc.scene.bodies[0].material = 'nothing';
    const file = join(dir, 'bad.preset.json');
    writeFileSync(file, JSON.stringify(doc));
    const { io, err } = capture();
    expect(await main(['export', file, '--target', 'jolt', '-o', join(dir, 'bad.jolt.json')], io)).toBe(2);
    expect(err).toEqual([
      expect.stringMatching(
        new RegExp(
          `^softbody export: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: /scene/bodies/0/material: .*'nothing'`,
        ),
      ),
    ]);
    expect(() => readFileSync(join(dir, 'bad.jolt.json'))).toThrow();
  });

  it('checks its arguments', async () => {
    const a = capture();
    expect(await main(['export', presetFile, '--target', 'fbx', '-o', 'x'], a.io)).toBe(2);
    expect(a.err).toEqual([
      "softbody export: --target must be one of 'native', 'gltf', 'jolt', 'mujoco', 'godot', got 'fbx'",
    ]);
    const b = capture();
    expect(await main(['export', presetFile, '--target', 'gltf', '-o', join(dir, 'x.gltf')], b.io)).toBe(2);
    expect(b.err[0]).toMatch(/name the output '\.glb'/);
    const c = capture();
    expect(await main(['export', presetFile], c.io)).toBe(2);
  });

  it('lists every target of the registry in its help', async () => {
    const { io, out } = capture();
    expect(await main(['export', '--help'], io)).toBe(0);
    const help = out.join('\n');
    expect(help).toContain('--target native|gltf|jolt|mujoco|godot');
    for (const target of EXPORT_TARGETS) expect(help).toMatch(new RegExp(`^  ${target.id} +\\S`, 'm'));
  });

  it('reads a GLB with the preset as its input', async () => {
    const glb = join(dir, 'input.glb');
    expect(await main(['export', presetFile, '--target', 'gltf', '-o', glb], capture().io)).toBe(0);
    const out = join(dir, 'from-glb.preset.json');
    expect(await main(['export', glb, '--target', 'native', '-o', out], capture().io)).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(text);
  });
});

describe('softbody export SCENE', () => {
  it('exports a scene as the preset presetFromScene makes of it, named after the file', async () => {
    const out = join(dir, 'hanging-bar.preset.json');
    const { io, err } = capture();
    expect(await main(['export', exampleScene, '--target', 'native', '-o', out], io)).toBe(0);
    expect(err).toEqual([]);
    const scene = JSON.parse(readFileSync(exampleScene, 'utf8'));
    expect(readFileSync(out, 'utf8')).toBe(
      writePreset(presetFromScene(scene, { name: 'hanging-bar', source: 'hanging-bar.scene.json' })),
    );
    const preset = readPreset(readFileSync(out, 'utf8'));
    expect(preset.name).toBe('hanging-bar');
    expect(preset.scene.colliders).toEqual(scene.colliders);
  });

  it('warns on stderr of what the Jolt target approximates in a scene', async () => {
    const out = join(dir, 'hanging-bar.jolt.json');
    const { io, err } = capture();
    expect(await main(['export', exampleScene, '--target', 'jolt', '-o', out], io)).toBe(0);
    // The example's bar is neo-Hookean and damped, and stands on a ground plane.
    const warnings = err.filter((line) => !line.startsWith('softbody export: budget: '));
    expect(warnings.map((line) => line.match(/approximates ([^:]+):/)?.[1])).toEqual([
      'neo-hookean solids',
      'constraint damping',
      'plane colliders',
    ]);
    expect(JSON.parse(readFileSync(out, 'utf8')).bodies[0].name).toBe('bar');
  });

  it('--jolt-iterations sets the Jolt iterations the file asks for, and the report says their cost', async () => {
    const out = join(dir, 'hanging-bar-30.jolt.json');
    const { io, err } = capture();
    expect(
      await main(['export', exampleScene, '--target', 'jolt', '--jolt-iterations', '30', '-o', out], io),
    ).toBe(0);
    const substeps = JSON.parse(readFileSync(exampleScene, 'utf8')).solver.substeps as number;
    expect(JSON.parse(readFileSync(out, 'utf8')).bodies[0].creationSettings.numIterations).toBe(30);
    expect(err).toContain(
      `softbody export: budget: Jolt iterations: 30 per step against the preset's budget of ${substeps} substeps: ×${(30 / substeps).toFixed(1)} the constraint solves per frame, up to ×${(30 / substeps).toFixed(1)} the soft-body time of a body at the budget (the scene allows 2 ms per body per 60 Hz frame)`,
    );
    // Only for Jolt, and a whole number from 1 or 'auto'.
    const bad = capture();
    expect(
      await main(
        ['export', exampleScene, '--target', 'native', '--jolt-iterations', '30', '-o', out],
        bad.io,
      ),
    ).toBe(2);
    expect(bad.err.at(-1)).toBe('softbody export: --jolt-iterations goes with --target jolt, not native');
    const zero = capture();
    expect(
      await main(['export', exampleScene, '--target', 'jolt', '--jolt-iterations', '0', '-o', out], zero.io),
    ).toBe(2);
    expect(zero.err.at(-1)).toBe(
      "softbody export: --jolt-iterations needs a whole number from 1, or 'auto', got '0'",
    );
  });

  it('reads a mesh body relative to the scene and tetrahedralizes it, as simulate does', async () => {
    const sceneFile = join(dir, 'mesh.scene.json');
    const mesh = relative(dir, join(sharedMeshes, 'BoxTextured', 'BoxTextured.gltf'));
    const scene = {
      gravity: [0, -9.81, 0],
      solver: { dt: 1 / 60, substeps: 10 },
      colliders: [],
      bodies: [
        {
          name: 'box',
          shape: { type: 'mesh', path: mesh, targetTetCount: 300 },
          material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 100 },
          model: 'edges-volume',
        },
      ],
    };
    writeFileSync(sceneFile, JSON.stringify(scene));
    const out = join(dir, 'mesh.glb');
    const { io, err } = capture();
    expect(await main(['export', sceneFile, '--target', 'gltf', '-o', out], io)).toBe(0);
    expect(err).toEqual([]);
    const preset = await readGlbPreset(new Uint8Array(readFileSync(out)));
    expect(preset.name).toBe('mesh');
    expect(preset.setup.bodies.map((b) => b.geometry.kind)).toEqual(['solid']);
    expect(preset.setup.bodies[0].geometry.tets.length / 4).toBeGreaterThan(100);
    // The file's surface is the render mesh, embedded in the tets.
    expect(preset.setup.bodies[0].render?.positions.length).toBeGreaterThan(0);
  });

  it('carries a rope in a native preset, and refuses it for Jolt naming the feature; nothing is written', async () => {
    const scene = JSON.parse(readFileSync(exampleScene, 'utf8'));
    scene.bodies.push({
      name: 'rope',
      shape: { type: 'rope', start: [1, 1, 0], end: [1, 0.5, 0], segments: 5, radiusM: 0.005 },
      material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'rope',
    });
    const file = join(dir, 'rope.scene.json');
    writeFileSync(file, JSON.stringify(scene));
    const native = join(dir, 'rope.preset.json');
    expect(await main(['export', file, '--target', 'native', '-o', native], capture().io)).toBe(0);
    expect(readPreset(readFileSync(native, 'utf8')).setup.bodies.map((b) => b.model)).toEqual([
      'neo-hookean',
      'rope',
    ]);
    const out = join(dir, 'rope.jolt.json');
    const { io, err } = capture();
    expect(await main(['export', file, '--target', 'jolt', '-o', out], io)).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^softbody export: .*rope\.scene\.json: jolt cannot carry rope bodies \('rope': /);
    expect(existsSync(out)).toBe(false);
  });

  it('names the scene and the missing mesh file in one line', async () => {
    const scene = JSON.parse(readFileSync(exampleScene, 'utf8'));
    scene.bodies[0].shape = { type: 'mesh', path: 'no-such-mesh.obj' };
    const file = join(dir, 'missing-mesh.scene.json');
    writeFileSync(file, JSON.stringify(scene));
    const { io, err } = capture();
    expect(await main(['export', file, '--target', 'native', '-o', join(dir, 'x.preset.json')], io)).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^softbody export: .*missing-mesh\.scene\.json: .*no-such-mesh\.obj.*file not found/,
    );
  });

  it('lists an invalid scene’s problems with their pointers', async () => {
    const scene = JSON.parse(readFileSync(exampleScene, 'utf8'));
    scene.solver.substeps = 0;
    const file = join(dir, 'bad.scene.json');
    writeFileSync(file, JSON.stringify(scene));
    const { io, err } = capture();
    expect(await main(['export', file, '--target', 'jolt', '-o', join(dir, 'bad.jolt.json')], io)).toBe(2);
    expect(err).toEqual([expect.stringMatching(new RegExp(`^softbody export: ${file}: /solver/substeps: `))]);
  });
});
