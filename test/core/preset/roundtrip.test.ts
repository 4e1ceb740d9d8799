import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInMaterials, type Material } from '../../../core/material/index.ts';
import { readMeshFile } from '../../../core/node/read-mesh.ts';
import { buildPreset, type Preset, readPreset, writePreset } from '../../../core/preset/index.ts';
import { tetrahedralize } from '../../../core/tetra/index.ts';
import { cubeBody, sheetBody } from './fixtures.ts';

const meshes = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'meshes');

function single(material: Material, body: Preset['bodies'][number] | ReturnType<typeof cubeBody>): Preset {
  return buildPreset({
    name: material.name,
    gravity: [0, -9.81, 0],
    solver: { dt: 1 / 60, substeps: 20 },
    materials: [material],
    colliders: [],
    bodies: [body],
  });
}

function expectByteIdentical(preset: Preset): string {
  const first = writePreset(preset);
  const second = writePreset(readPreset(first));
  expect(second).toBe(first);
  return first;
}

describe('preset round trip write → read → write', () => {
  for (const material of builtInMaterials()) {
    it(`is byte-identical for ${material.name} on the cube / sheet fixture`, () => {
      const body = material.kind === 'solid' ? cubeBody(material, 'neo-hookean') : sheetBody(material);
      expectByteIdentical(single(material, body));
    });
  }

  it('is byte-identical for every shipped material on a corpus mesh (spot.obj, tetrahedralized, render mesh embedded)', async () => {
    const imported = await readMeshFile(resolve(meshes, 'spot.obj'));
    const tet = await tetrahedralize(imported.mesh, { mode: 'embedded', targetTetCount: 1500 });
    expect(tet.embedding).toBeDefined();
    const surface = imported.mesh;
    for (const material of builtInMaterials()) {
      const body =
        material.kind === 'solid'
          ? {
              name: 'spot',
              kind: 'solid' as const,
              simulationMesh: {
                vertexCount: tet.positions.length / 3,
                elementCount: tet.tets.length / 4,
                positions: tet.positions,
                elements: tet.tets,
                importGroupNames: [],
              },
              renderMesh: {
                vertexCount: surface.positions.length / 3,
                triangleCount: surface.indices.length / 3,
                positions: surface.positions,
                indices: surface.indices,
              },
              embedding: {
                elements: tet.embedding?.tet ?? new Uint32Array(0),
                weights: tet.embedding?.weights ?? new Float32Array(0),
              },
              groups: [
                {
                  name: 'all',
                  selector: { type: 'all' as const },
                  material: material.name,
                  model: 'edges-volume' as const,
                  dampingRatio: 0.05,
                  priority: 0,
                },
              ],
              pins: [
                {
                  name: 'ears',
                  selector: {
                    type: 'sphere' as const,
                    center: [0, 1, 0] as [number, number, number],
                    radiusM: 0.5,
                  },
                  complianceMPerN: 0,
                  priority: 0,
                },
              ],
            }
          : {
              name: 'spot-skin',
              kind: 'cloth' as const,
              simulationMesh: {
                vertexCount: surface.positions.length / 3,
                elementCount: surface.indices.length / 3,
                positions: surface.positions,
                elements: surface.indices,
                elementGroups: surface.groupIds,
                importGroupNames: surface.groups,
              },
              groups: [
                {
                  name: 'all',
                  selector: { type: 'all' as const },
                  material: material.name,
                  model: 'cloth' as const,
                  dampingRatio: 0.05,
                  priority: 0,
                },
              ],
              pins: [],
            };
      const text = expectByteIdentical(single(material, body));
      expect(text.length).toBeGreaterThan(10_000);
    }
  }, 60_000);

  it('keeps key order, formatting and numbers canonical', () => {
    const text = writePreset(single(builtInMaterials()[0], cubeBody(builtInMaterials()[0], 'edges-volume')));
    expect(text.startsWith('{\n  "formatVersion": 1,\n  "name": ')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    const reverseKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reverseKeys)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reverseKeys(v)]),
            )
          : value;
    const reordered = JSON.stringify(reverseKeys(JSON.parse(text)));
    expect(reordered.startsWith('{"bodies"')).toBe(true);
    expect(writePreset(readPreset(reordered))).toBe(text);
  });
});
