import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { ExportTargetId } from '../../../core/preset/exporters/features.ts';
import { readGlbPreset, readPreset } from '../../../core/preset/index.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { addClothBody } from '../../../renderer/src/editor/cloth-body.ts';
import { presetFileOf } from '../../../renderer/src/presets/preset-export.ts';
import { openCylinder, seamedSphere } from '../editor/surface-fixtures.ts';

/**
 * A cloth made from a surface in the editor goes to every export target through the one setup:
 * each carries it or says what it approximates, and a target that cannot hold a feature of it
 * refuses by name (features.ts). The surface comes from the editor's assets, as in the app.
 */
const defaultScene = parseScene(structuredClone(defaultSceneJson));
const TARGETS: ExportTargetId[] = ['native', 'gltf', 'jolt', 'mujoco', 'godot'];

function clothEdit(fileName: string, surface: Parameters<typeof addClothBody>[2]['surface']) {
  return addClothBody(defaultScene, new Map(), {
    fileName,
    surface,
    pinTopEdge: true,
    tethers: true,
    pressure: true,
  });
}

async function exportBody(edit: ReturnType<typeof clothEdit>, target: ExportTargetId) {
  return presetFileOf(edit.scene, 'cloth.sbproj', target, {
    scope: { kind: 'body', index: edit.index },
    assets: new Map([[edit.path, edit.mesh]]),
  });
}

describe('a cloth made from a surface exports to every target', () => {
  test('an open tube pinned at its top with tethers: carried or approximated by every target', async () => {
    // 16 around, 4 rows: 80 welded particles, 128 triangles (its seam welded).
    const edit = clothEdit('tube.obj', openCylinder(0.2, 0.5, 16, 4, true));
    for (const target of TARGETS) {
      const file = await exportBody(edit, target);
      expect(file.bytes.length, target).toBeGreaterThan(0);
      if (target === 'jolt') expect(file.approximations.map((a) => a.feature)).toContain('cloth membrane');
    }
    const native = readPreset(new TextDecoder().decode((await exportBody(edit, 'native')).bytes));
    const body = native.setup.bodies[0];
    expect(body.model).toBe('cloth');
    expect(body.geometry.mass.length).toBe(80);
    expect(body.geometry.triangles.length / 3).toBe(128);
    const gltf = await readGlbPreset((await exportBody(edit, 'gltf')).bytes);
    expect(gltf.setup.bodies[0].geometry.triangles.length / 3).toBe(128);
  });

  test('a closed ball with pressure: MuJoCo refuses the pressure by name, the others export it', async () => {
    const edit = clothEdit('ball.obj', seamedSphere(0.25, 6, 10));
    for (const target of TARGETS) {
      if (target === 'mujoco') {
        await expect(exportBody(edit, target)).rejects.toThrow(
          /pressure.*MuJoCo flexes have no enclosed gas pressure/,
        );
        continue;
      }
      const file = await exportBody(edit, target);
      expect(file.bytes.length, target).toBeGreaterThan(0);
    }
    const native = readPreset(new TextDecoder().decode((await exportBody(edit, 'native')).bytes));
    expect(native.setup.bodies[0].constraints.some((set) => set.kind === 'pressure')).toBe(true);
  });
});
