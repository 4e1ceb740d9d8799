import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { DocumentError } from '../../../core/document/problem.ts';
import { readPreset } from '../../../core/preset/index.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { errorOf, failureOf, runExportJob } from '../../../renderer/src/presets/export-handler.ts';
import { WHOLE_SCENE } from '../../../renderer/src/presets/export-scope.ts';
import { exportProblemDetail } from '../../../renderer/src/presets/preset-export.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

/** A mesh body whose tet mesh the editor does not hold: the preset builder refuses it at its shape. */
const withMissingMesh = parseScene({
  ...structuredClone(defaultSceneJson),
  bodies: [
    ...structuredClone(defaultSceneJson).bodies,
    {
      name: 'lost',
      shape: { type: 'mesh', path: 'lost.obj', position: [0, 1, 0] },
      material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'neo-hookean',
    },
  ],
});

describe('export worker messages', () => {
  test('a made file crosses the worker boundary whole: the preset reads back after structured cloning', async () => {
    const event = structuredClone(
      await runExportJob({
        scene,
        projectFileName: 'demo.sbproj',
        target: 'native',
        scope: WHOLE_SCENE,
        assets: [],
      }),
    );
    if (!event.ok) throw new Error(event.error.message);
    expect(event.file.name).toBe('demo.preset.json');
    expect(readPreset(new TextDecoder().decode(event.file.bytes)).setup.bodies).toHaveLength(2);
  });

  test('a refused scene keeps every problem and its pointer across the boundary', async () => {
    const event = structuredClone(
      await runExportJob({
        scene: withMissingMesh,
        projectFileName: 'demo.sbproj',
        target: 'native',
        scope: WHOLE_SCENE,
        assets: [],
      }),
    );
    expect(event.ok).toBe(false);
    if (event.ok) return;
    const revived = errorOf(event.error);
    expect(revived).toBeInstanceOf(DocumentError);
    expect(exportProblemDetail(revived)).toMatch(/^scene\/bodies\/2\/shape/);
    expect(revived.message).toBe(event.error.message);
  });

  test('other errors keep their name and message', () => {
    const failure = failureOf(new RangeError('no body 7'));
    expect(failure).toEqual({ name: 'RangeError', message: 'no body 7' });
    const revived = errorOf(structuredClone(failure));
    expect([revived.name, revived.message]).toEqual(['RangeError', 'no body 7']);
  });
});
