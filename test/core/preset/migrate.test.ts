import { describe, expect, it } from 'vitest';
import { buildPreset, readPreset, writePreset } from '../../../core/preset/index.ts';
import { V0_MATERIAL_SOURCE } from '../../../core/preset/migrations/v0.ts';
import { cubeTetMesh } from './fixtures.ts';

/** A format 0 preset (the prototype's shape): one bar body, plain JSON arrays, a box pin. */
function v0Document() {
  const { positions, tets } = cubeTetMesh(2, 0.1);
  return {
    formatVersion: 0,
    name: 'old bar',
    gravity: [0, -9.81, 0],
    timeStepS: 1 / 60,
    substeps: 15,
    bodies: [
      {
        name: 'bar',
        kind: 'solid',
        vertices: Array.from(positions),
        elements: Array.from(tets),
        material: { name: 'jelly', E: 30000, nu: 0.45, density: 1030 },
        model: 'edges-volume',
        damping: 0.1,
        pins: [{ min: [-1, 0.0999, -1], max: [1, 0.1001, 1] }],
      },
    ],
  };
}

describe('preset migration', () => {
  it('reads a format 0 preset as format 1 with materials, an all-covering group, box pins and derived compliances', () => {
    const preset = readPreset(JSON.stringify(v0Document()));
    expect(preset.formatVersion).toBe(1);
    expect(preset.solver).toEqual({ dt: 1 / 60, substeps: 15 });
    expect(preset.materials).toEqual([
      {
        name: 'jelly',
        kind: 'solid',
        youngModulusPa: 30000,
        poissonRatio: 0.45,
        densityKgM3: 1030,
        dampingRatio: 0.1,
        source: V0_MATERIAL_SOURCE,
      },
    ]);
    const body = preset.bodies[0];
    expect(body.groups).toEqual([
      {
        name: 'all',
        selector: { type: 'all' },
        material: 'jelly',
        model: 'edges-volume',
        dampingRatio: 0.1,
        priority: 0,
      },
    ]);
    expect(body.pins).toEqual([
      {
        name: 'pin-0',
        selector: { type: 'box', min: [-1, 0.0999, -1], max: [1, 0.1001, 1] },
        complianceMPerN: 0,
        priority: 0,
      },
    ]);
    expect(body.derived.fixedVertices.length).toBe(9);
    expect(body.derived.edges.count).toBeGreaterThan(0);
  });

  it('gives the same document as building the format 1 preset directly', () => {
    const migrated = readPreset(JSON.stringify(v0Document()));
    const v0 = v0Document();
    const { positions, tets } = cubeTetMesh(2, 0.1);
    const direct = buildPreset({
      name: v0.name,
      gravity: [0, -9.81, 0],
      solver: { dt: v0.timeStepS, substeps: v0.substeps },
      materials: migrated.materials,
      colliders: [],
      bodies: [
        {
          name: 'bar',
          kind: 'solid',
          simulationMesh: {
            vertexCount: 27,
            elementCount: 48,
            positions,
            elements: tets,
            importGroupNames: [],
          },
          groups: migrated.bodies[0].groups,
          pins: migrated.bodies[0].pins,
        },
      ],
    });
    expect(writePreset(migrated)).toBe(writePreset(direct));
  });

  it('refuses a format 0 body whose material name means two different materials', () => {
    const doc = v0Document();
    doc.bodies.push({ ...doc.bodies[0], name: 'bar2', material: { ...doc.bodies[0].material, E: 60000 } });
    expect(() => readPreset(JSON.stringify(doc))).toThrow(
      "/bodies/1/material/name: material 'jelly' has other numbers in an earlier body; rename one of them",
    );
  });

  it('reports format 1 problems of a migrated document with a note that it was migrated', () => {
    const doc = v0Document();
    doc.bodies[0].elements[0] = 500;
    expect(() => readPreset(JSON.stringify(doc))).toThrow(
      '/bodies/0/simulationMesh/elements: tet 0 refers to vertex 500, but vertexCount is 27 (dangling index) (in the preset as migrated from formatVersion 0)',
    );
  });
});
