import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { exportTarget } from '../../core/export/targets.ts';
import {
  exportJolt,
  type JoltExport,
  type JoltFile,
  type Preset,
  presetFromScene,
  readPreset,
} from '../../core/preset/index.ts';
import type { Scene } from '../../core/scene/scene.ts';
import { createSoftBodySharedSettings, softBodyArrays } from '../../runtime/jolt/loader.mjs';
import { loadJolt, runSoftBody } from './jolt-harness.ts';

/**
 * The Jolt file as written (formatVersion 2: JSON header, bulk arrays as binary columns) against
 * the list form exportJolt returns (formatVersion 1, what the file was before, still read): the
 * loader builds the same Jolt body from both, which then steps bit for bit alike; and the file is
 * a fraction of the list form's indented JSON on a real mesh.
 */
const FRAME_S = 1 / 60;
const G = 9.81;

async function fileOf(preset: Preset): Promise<{ file: JoltFile; bytes: number }> {
  const { bytes } = await exportTarget('jolt').export(preset);
  return { file: JSON.parse(new TextDecoder().decode(bytes)), bytes: bytes.length };
}

/** The list form as a game team received it before (indented JSON text, parsed), `renderMesh` left out as it was then. */
function listForm(preset: Preset, withRenderMesh = true): { data: JoltExport; bytes: number } {
  const data = exportJolt(preset);
  if (!withRenderMesh) for (const body of data.bodies) delete body.renderMesh;
  const text = `${JSON.stringify(data, null, 2)}\n`;
  return { data: JSON.parse(text), bytes: new TextEncoder().encode(text).length };
}

/** A 5 × 5 × 40 cm bar hanging from soft pins at its top face (edges, volumes, soft-pin anchors). */
const barScene: Scene = {
  gravity: [0, -G, 0],
  solver: { dt: FRAME_S, substeps: 20 },
  colliders: [],
  bodies: [
    {
      name: 'bar',
      shape: { type: 'box', size: [0.05, 0.4, 0.05], cells: [2, 16, 2], center: [0, -0.2, 0] },
      material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'neo-hookean',
      dampingRatio: 0.05,
      pins: [{ box: { min: [-1, -0.001, -1], max: [1, 0.001, 1] }, complianceMPerN: 1e-4 }],
    },
  ],
};

/** A cloth strip hanging from one edge with tethers (edges, dihedral bends, long-range attachments). */
const stripScene: Scene = {
  gravity: [0, 0, -G],
  solver: { dt: FRAME_S, substeps: 20 },
  colliders: [],
  bodies: [
    {
      name: 'strip',
      shape: { type: 'cloth', size: [0.1, 0.5], cells: [2, 10], center: [0, 0, 0] },
      material: { youngModulusPa: 1e4, poissonRatio: 0.3, densityKgM3: 300, thicknessM: 1e-3 },
      model: 'cloth',
      dampingRatio: 0.1,
      pins: [{ box: { min: [-1, -1, 0.249], max: [1, 1, 1] } }],
      tethers: { maxStretch: 0.05 },
    },
  ],
};

async function frames(data: JoltExport | JoltFile, count: number): Promise<Float64Array[]> {
  const run = await runSoftBody(data);
  try {
    const out: Float64Array[] = [];
    for (let f = 0; f < count; f++) {
      run.step(1, FRAME_S);
      out.push(run.positions());
    }
    return out;
  } finally {
    run.destroy();
  }
}

describe('Jolt file, formatVersion 2 (binary columns)', () => {
  it.each([
    ['bar (soft pins)', barScene],
    ['cloth strip (tethers)', stripScene],
  ])(
    '%s: the loader builds the same body as from the list form, which steps bit for bit alike',
    async (_, scene) => {
      const preset = presetFromScene(scene, { name: 'file' });
      const { file } = await fileOf(preset);
      const { data } = listForm(preset);
      expect(file.formatVersion).toBe(2);
      expect(data.formatVersion).toBe(1);
      const Jolt = await loadJolt();
      const fromFile = createSoftBodySharedSettings(Jolt, file);
      const fromList = createSoftBodySharedSettings(Jolt, data);
      const s = data.bodies[0].sharedSettings;
      const counts = (shared: typeof fromFile) => [
        shared.mVertices.size(),
        shared.mFaces.size(),
        shared.mEdgeConstraints.size(),
        shared.mDihedralBendConstraints.size(),
        shared.mVolumeConstraints.size(),
        shared.mLRAConstraints.size(),
      ];
      const expected = [
        s.vertices.length,
        s.faces.length,
        s.edgeConstraints.length,
        s.dihedralBendConstraints.length,
        s.volumeConstraints.length,
        s.lraConstraints.length,
      ];
      expect(counts(fromFile)).toEqual(expected);
      expect(counts(fromList)).toEqual(expected);
      expect(expected.filter((n) => n > 0).length).toBeGreaterThanOrEqual(4);
      Jolt.destroy(fromFile);
      Jolt.destroy(fromList);
      // Jolt keeps floats: float32 columns hold exactly what it made of the list form's doubles.
      const a = await frames(file, 10);
      const b = await frames(data, 10);
      expect(a[9].some((x, i) => x !== b[0][i])).toBe(true); // it moved
      for (let f = 0; f < 10; f++) expect(a[f]).toEqual(b[f]);
    },
    30_000,
  );

  it('refuses another format version naming the versions it reads, and a damaged column naming its place', async () => {
    const { file } = await fileOf(presetFromScene(barScene, { name: 'bad' }));
    const Jolt = await loadJolt();
    expect(() => createSoftBodySharedSettings(Jolt, { ...file, formatVersion: 3 })).toThrow(
      'Softbody loader: export formatVersion 3 is not supported (this loader reads 1 and 2)',
    );
    const damaged = structuredClone(file);
    damaged.bodies[0].sharedSettings.edgeConstraints.compliance.base64 = 'AAA';
    expect(() => createSoftBodySharedSettings(Jolt, damaged)).toThrow(
      "Softbody loader: body 'bar' edgeConstraints.compliance is not base64 (length not a multiple of 4)",
    );
    const truncated = structuredClone(file);
    truncated.bodies[0].sharedSettings.vertices.invMass.count += 1;
    expect(() => softBodyArrays(truncated)).toThrow(/body 'bar' vertices\.invMass holds \d+ bytes but count/);
  });

  it('writes spot.obj (real mesh, render mesh skinned) in at most a quarter of the list form’s bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'softbody-jolt-file-'));
    const spot = new URL('../../../shared/meshes/spot.obj', import.meta.url).pathname;
    const quiet = { out: () => {}, err: () => {} };
    const args = ['bake', spot, '--material', 'silicone-shore-10a', '--tets', '2000', '-o', dir];
    expect(await main([...args, '--pin', '-1,0.85,-1,1,1,1'], quiet)).toBe(0);
    const preset = readPreset(readFileSync(join(dir, 'spot.preset.json'), 'utf8'));
    // The same content both ways: the list form with the render mesh it would carry. (At 2,000
    // tets the render mesh, 2,930 vertices with their embedding, is most of either.)
    const before = listForm(preset);
    const withoutRender = listForm(preset, false);
    const after = await fileOf(preset);
    const body = before.data.bodies[0];
    const ratio = after.bytes / before.bytes;
    // A bench line in the test output: the sizes for the same body.
    console.log(
      `jolt file, spot.obj: ${body.sharedSettings.vertices.length} vertices, ${body.sharedSettings.volumeConstraints.length} tets, ` +
        `${(body.renderMesh?.positions.length ?? 0) / 3} render vertices: list form ${before.bytes} B (${withoutRender.bytes} B without the render mesh), file ${after.bytes} B (${ratio.toFixed(3)})`,
    );
    expect(after.file.bodies[0].renderMesh).toBeDefined();
    expect(ratio).toBeLessThan(0.25);
  }, 120_000);
});
