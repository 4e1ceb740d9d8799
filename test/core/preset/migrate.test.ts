import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../../core/document/binary-array.ts';
import {
  type Material,
  neoHookeanSplitTetCompliance,
  signedTetVolumeM3,
} from '../../../core/material/index.ts';
import {
  checkPresetText,
  type Preset,
  presetFromScene,
  readPreset,
  writePreset,
} from '../../../core/preset/index.ts';
import { V0_MATERIAL_SOURCE } from '../../../core/preset/migrations/v0.ts';
import { emptyDerivedV1, type PresetV1 } from '../../../core/preset/migrations/v1-schema.ts';
import type { SceneMeshes } from '../../../core/scene/scene-meshes.ts';
import type { BodySetup } from '../../../core/setup/setup.ts';
import { cubeTetMesh } from './fixtures.ts';

/**
 * Older presets read as the current format: format 0 (the prototype's) and format 1 (selector groups and
 * pins with priorities) become a scene document compiled into a setup. Sizes are powers of two
 * (0.125 m, cells of 0.0625 m) so that the float32 positions of the old formats are exact and
 * masses can be compared with ρV to 1e-9.
 */
const SIZE_M = 0.125;
const CELL_M = SIZE_M / 2;
const TET_VOLUME_M3 = CELL_M ** 3 / 6; // each cell of cubeTetMesh is 6 tets around its diagonal
const MASS_TOLERANCE = 1e-9; // relative: float64 sums of exact volumes

/** A format 0 preset (the prototype's shape): one bar body, plain JSON arrays, a box pin. */
function v0Document() {
  const { positions, tets } = cubeTetMesh(2, SIZE_M);
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
        pins: [{ min: [-1, SIZE_M - 1e-4, -1], max: [1, SIZE_M + 1e-4, 1] }],
      },
    ],
  };
}

const solid = (name: string, youngModulusPa: number, densityKgM3: number): Material => ({
  name,
  kind: 'solid',
  youngModulusPa,
  poissonRatio: 0.45,
  densityKgM3,
  dampingRatio: 0.1,
  source: 'test material',
});

const SOFT = solid('soft', 3e4, 1000);
const STIFF = solid('stiff', 3e5, 1200);
const DENSE = solid('dense', 3e4, 3000);
const CANVAS: Material = {
  name: 'canvas',
  kind: 'cloth',
  youngModulusPa: 2e7,
  poissonRatio: 0.3,
  densityKgM3: 600,
  thicknessM: 5e-4,
  dampingRatio: 0.05,
  source: 'test material',
};

/** Index of cube vertex (i, j, k) in cubeTetMesh(2, …): x fastest, then y, then z. */
const cubeVertex = (i: number, j: number, k: number) => (k * 3 + j) * 3 + i;

/** A 4 × 4 cloth grid of side SIZE_M in the plane y = 0.5, two triangles per cell. */
function grid(): { positions: Float32Array; triangles: Uint32Array } {
  const n = 4;
  const positions: number[] = [];
  for (let k = 0; k <= n; k++)
    for (let i = 0; i <= n; i++) positions.push((i * SIZE_M) / n, 0.5, (k * SIZE_M) / n);
  const triangles: number[] = [];
  const at = (i: number, k: number) => k * (n + 1) + i;
  for (let k = 0; k < n; k++)
    for (let i = 0; i < n; i++)
      triangles.push(at(i, k), at(i, k + 1), at(i + 1, k), at(i + 1, k), at(i, k + 1), at(i + 1, k + 1));
  return { positions: Float32Array.from(positions), triangles: Uint32Array.from(triangles) };
}

/**
 * A format 1 preset written by hand: a neo-Hookean cube whose groups use every selector kind with
 * priorities (all → soft at 0; the 6 tets of the corner cell listed by vertices → dense at 1; the
 * upper layer by a box → stiff at 2), pinned rigidly on top except two vertices a higher-priority
 * soft pin takes; and a cloth sheet pinned along z = 0. The derived data is left empty: format 2
 * compiles the setup and never reads it.
 */
function v1Document(): PresetV1 {
  const cube = cubeTetMesh(2, SIZE_M);
  const sheet = grid();
  const corner = [0, 1].flatMap((k) => [0, 1].flatMap((j) => [0, 1].map((i) => cubeVertex(i, j, k))));
  return {
    formatVersion: 1,
    name: 'old groups',
    gravity: [0, -9.81, 0],
    solver: { dt: 1 / 60, substeps: 20 },
    materials: [SOFT, STIFF, DENSE, CANVAS],
    colliders: [{ type: 'plane', normal: [0, 1, 0], offset: -1 }],
    bodies: [
      {
        name: 'block',
        kind: 'solid',
        simulationMesh: {
          vertexCount: 27,
          elementCount: 48,
          positions: Float32Array.from(cube.positions),
          elements: cube.tets,
          importGroupNames: [],
        },
        groups: [
          {
            name: 'base',
            selector: { type: 'all' },
            material: 'soft',
            model: 'neo-hookean',
            dampingRatio: 0.1,
            priority: 0,
          },
          {
            name: 'top',
            selector: { type: 'box', min: [-1, CELL_M, -1], max: [1, 1, 1] },
            material: 'stiff',
            model: 'neo-hookean',
            dampingRatio: 0.2,
            priority: 2,
          },
          {
            name: 'corner',
            selector: { type: 'vertices', vertices: Uint32Array.from(corner) },
            material: 'dense',
            model: 'neo-hookean',
            dampingRatio: 0.3,
            priority: 1,
          },
        ],
        pins: [
          {
            name: 'lid',
            selector: { type: 'box', min: [-1, SIZE_M, -1], max: [1, SIZE_M, 1] },
            complianceMPerN: 0,
            priority: 0,
          },
          {
            name: 'grip',
            selector: {
              type: 'vertices',
              vertices: Uint32Array.of(cubeVertex(0, 2, 0), cubeVertex(1, 2, 0)),
            },
            complianceMPerN: 1e-3,
            priority: 1,
          },
        ],
        derived: emptyDerivedV1(27),
      },
      {
        name: 'sheet',
        kind: 'cloth',
        simulationMesh: {
          vertexCount: 25,
          elementCount: 32,
          positions: sheet.positions,
          elements: sheet.triangles,
          importGroupNames: [],
        },
        groups: [
          {
            name: 'all',
            selector: { type: 'all' },
            material: 'canvas',
            model: 'cloth',
            dampingRatio: 0.05,
            priority: 0,
          },
        ],
        pins: [
          {
            name: 'hem',
            selector: { type: 'box', min: [-1, -1, -1e-3], max: [1, 1, 1e-3] },
            complianceMPerN: 0,
            priority: 0,
          },
        ],
        derived: emptyDerivedV1(25),
      },
    ],
  };
}

const v1Text = (doc: PresetV1 = v1Document()) => JSON.stringify(encodeDocument(doc));

/** Centroid y and the largest coordinate of tet t of a setup body, m. */
function tetPlace(
  body: BodySetup,
  tets: Uint32Array,
  t: number,
): { centroidY: number; maxCoordinateM: number } {
  const x = body.geometry.positions;
  let y = 0;
  let max = 0;
  for (let k = 0; k < 4; k++) {
    const v = tets[4 * t + k];
    y += x[3 * v + 1] / 4;
    max = Math.max(max, x[3 * v], x[3 * v + 1], x[3 * v + 2]);
  }
  return { centroidY: y, maxCoordinateM: max };
}

/** Total mass of a setup body, kg. */
const bodyMassKg = (body: BodySetup) => body.geometry.mass.reduce((sum, m) => sum + m, 0);

/** Relative difference |a/b − 1|. */
const relative = (a: number, b: number) => Math.abs(a / b - 1);

describe('format 0 presets', () => {
  it('read as the current format: the body material, a mesh body pinned by its box, masses ρV', () => {
    const preset = readPreset(JSON.stringify(v0Document()));
    expect(preset.formatVersion).toBe(3);
    expect(preset.name).toBe('old bar');
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
    // Older formats ran the plain material compliances, and still do.
    expect(preset.scene.solver).toEqual({ dt: 1 / 60, substeps: 15, compensation: 'off' });
    const body = preset.scene.bodies[0];
    expect(body).toMatchObject({ name: 'bar', material: 'jelly', model: 'edges-volume', dampingRatio: 0.1 });
    expect(body.shape.type).toBe('mesh');
    expect(body.groups).toBeUndefined();
    expect(body.pins?.map((p) => p.name)).toEqual(['pin-0']);
    const setup = preset.setup.bodies[0];
    // The pin holds exactly the 9 particles of the top face.
    const pinned = Array.from(setup.pins[0].particles);
    expect(pinned).toHaveLength(9);
    for (const p of pinned) expect(setup.geometry.positions[3 * p + 1]).toBe(SIZE_M);
    expect(relative(bodyMassKg(setup), 1030 * SIZE_M ** 3)).toBeLessThan(MASS_TOLERANCE);
    // 'jelly' has ν = 0.45: the bulk above ν = 0.3 in nodal volume constraints (nodal-volume.ts).
    expect(setup.constraints.map((c) => c.kind)).toEqual(['distance', 'tet-volume', 'nodal-volume']);
  });

  it('gives the setup that the equivalent scene compiles to', () => {
    const migrated = readPreset(JSON.stringify(v0Document()));
    const { positions, tets } = cubeTetMesh(2, SIZE_M);
    const meshes: SceneMeshes = {
      surfaces: new Map(),
      solids: new Map([['/bodies/0/shape', { positions, tets }]]),
    };
    const direct = presetFromScene(
      {
        gravity: [0, -9.81, 0],
        solver: { dt: 1 / 60, substeps: 15, compensation: 'off' },
        colliders: [],
        bodies: [
          {
            name: 'bar',
            shape: { type: 'mesh', path: 'bar.obj' },
            material: 'jelly',
            model: 'edges-volume',
            dampingRatio: 0.1,
            pins: [{ name: 'pin-0', box: { min: [-1, SIZE_M, -1], max: [1, SIZE_M, 1] } }],
          },
        ],
      },
      { name: 'old bar', meshes, library: migrated.materials },
    );
    const setupOf = (preset: Preset) => JSON.parse(writePreset(preset)).setup;
    expect(setupOf(migrated)).toEqual(setupOf(direct));
  });

  it('refuses a format 0 body whose material name means two different materials', () => {
    const doc = v0Document();
    doc.bodies.push({ ...doc.bodies[0], name: 'bar2', material: { ...doc.bodies[0].material, E: 60000 } });
    expect(() => readPreset(JSON.stringify(doc))).toThrow(
      "/bodies/1/material/name: material 'jelly' has other numbers in an earlier body; rename one of them",
    );
  });

  it('reports a dangling index at the format 1 pointer, noting the migration', () => {
    const doc = v0Document();
    doc.bodies[0].elements[0] = 500;
    expect(checkPresetText(JSON.stringify(doc)).problems).toEqual([
      {
        pointer: '/bodies/0/simulationMesh/elements',
        message:
          'tet 0 refers to vertex 500, but vertexCount is 27 (dangling index) (after migrating to formatVersion 1)',
      },
    ]);
  });

  it('reports a pin box that selects nothing at the pin', () => {
    const doc = v0Document();
    doc.bodies[0].pins[0] = { min: [5, 5, 5], max: [6, 6, 6] };
    expect(checkPresetText(JSON.stringify(doc)).problems[0]).toEqual({
      pointer: '/bodies/0/pins/0/selector',
      message: 'selects no vertex (after migrating to formatVersion 1)',
    });
  });
});

describe('format 1 presets', () => {
  it('read as a valid current-format preset that writes and reads back byte-identically', () => {
    const preset = readPreset(v1Text());
    expect(preset.formatVersion).toBe(3);
    // The materials the scene names, in the order it first names them (body, then its groups).
    expect(preset.materials.map((m) => m.name)).toEqual(['soft', 'dense', 'stiff', 'canvas']);
    const text = writePreset(preset);
    expect(writePreset(readPreset(text))).toBe(text);
  });

  it('turn selector groups into scene groups applied from low to high priority', () => {
    const preset = readPreset(v1Text());
    const block = preset.scene.bodies[0];
    expect(block).toMatchObject({ material: 'soft', model: 'neo-hookean', dampingRatio: 0.1 });
    expect(block.groups?.map((g) => [g.name, g.material, g.dampingRatio, g.vertices.length])).toEqual([
      ['corner', 'dense', 0.3, 8],
      ['top', 'stiff', 0.2, 18],
    ]);
    const setup = preset.setup.bodies[0];
    expect(setup.groupNames).toEqual(['corner', 'top']);
    // Each tet gets the material of the highest-priority group that selected it in format 1.
    const tetMaterial = (t: number, tets: Uint32Array) => {
      const { centroidY, maxCoordinateM } = tetPlace(setup, tets, t);
      if (centroidY > CELL_M) return STIFF;
      return maxCoordinateM <= CELL_M ? DENSE : SOFT;
    };
    const geometryTets = setup.geometry.tets;
    let expectedKg = 0;
    const counts = new Map<string, number>();
    for (let t = 0; t < geometryTets.length / 4; t++) {
      const m = tetMaterial(t, geometryTets);
      counts.set(m.name, (counts.get(m.name) ?? 0) + 1);
      expectedKg += m.densityKgM3 * TET_VOLUME_M3;
    }
    expect(Object.fromEntries(counts)).toEqual({ stiff: 24, dense: 6, soft: 18 });
    expect(relative(bodyMassKg(setup), expectedKg)).toBeLessThan(MASS_TOLERANCE);
    // α_D = 1/(μV) of every tet with its own material (relative 1e-12: the same formula in float64).
    const set = setup.constraints.find((c) => c.kind === 'neo-hookean');
    if (set?.kind !== 'neo-hookean') throw new Error('no neo-Hookean set');
    expect(set.deviatoricCompliancePerJ.length).toBe(48);
    set.deviatoricCompliancePerJ.forEach((alpha, t) => {
      const m = tetMaterial(t, set.tets);
      const volume = signedTetVolumeM3(
        setup.geometry.positions,
        set.tets[4 * t],
        set.tets[4 * t + 1],
        set.tets[4 * t + 2],
        set.tets[4 * t + 3],
      );
      expect(relative(volume, TET_VOLUME_M3)).toBeLessThan(1e-12);
      const expected = neoHookeanSplitTetCompliance(m.youngModulusPa, m.poissonRatio, volume);
      expect(relative(alpha, expected.deviatoricPerJ)).toBeLessThan(1e-12);
      expect(relative(set.hydrostaticCompliancePerJ[t], expected.hydrostaticPerJ)).toBeLessThan(1e-12);
    });
  });

  it('keeps the earlier of two groups of equal priority where they overlap', () => {
    const doc = v1Document();
    const groups = doc.bodies[0].groups;
    // 'top' (priority 2) first, then a group over everything at the same priority.
    groups.splice(
      1,
      2,
      { ...groups[1] },
      { ...groups[1], name: 'rest', selector: { type: 'all' }, material: 'dense' },
    );
    const setup = readPreset(v1Text(doc)).setup.bodies[0];
    const tets = setup.geometry.tets;
    let expectedKg = 0;
    for (let t = 0; t < tets.length / 4; t++)
      expectedKg += (tetPlace(setup, tets, t).centroidY > CELL_M ? STIFF : DENSE).densityKgM3 * TET_VOLUME_M3;
    expect(relative(bodyMassKg(setup), expectedKg)).toBeLessThan(MASS_TOLERANCE);
    expect(setup.groupNames).toEqual(['rest', 'top']);
  });

  it('turn pins into vertex pins, the higher priority taking shared vertices first', () => {
    const preset = readPreset(v1Text());
    expect(preset.scene.bodies[0].pins?.map((p) => [p.name, p.complianceMPerN])).toEqual([
      ['grip', 1e-3],
      ['lid', 0],
    ]);
    const setup = preset.setup.bodies[0];
    expect(setup.pins.map((p) => [p.name, p.particles.length, p.complianceMPerN])).toEqual([
      ['grip', 2, 1e-3],
      ['lid', 7, 0],
    ]);
    for (const pin of setup.pins)
      for (const p of pin.particles) expect(setup.geometry.positions[3 * p + 1]).toBe(SIZE_M);
    const attachment = setup.constraints.find((c) => c.kind === 'attachment');
    expect(attachment?.kind === 'attachment' && Array.from(attachment.complianceMPerN)).toEqual([1e-3, 1e-3]);
  });

  it('migrates a cloth body with its mass ρ·t·A and its pinned hem', () => {
    const preset = readPreset(v1Text());
    expect(preset.scene.bodies[1]).toMatchObject({ name: 'sheet', material: 'canvas', model: 'cloth' });
    const sheet = preset.setup.bodies[1];
    expect(sheet.geometry.kind).toBe('cloth');
    const thicknessM = CANVAS.thicknessM ?? Number.NaN;
    expect(relative(bodyMassKg(sheet), CANVAS.densityKgM3 * thicknessM * SIZE_M ** 2)).toBeLessThan(
      MASS_TOLERANCE,
    );
    expect(sheet.pins[0].particles.length).toBe(5);
    expect(sheet.constraints.map((c) => c.kind)).toEqual(['membrane', 'edge-damper', 'plate-bend']);
  });

  it('refuses a body that mixes constraint models, at its groups', () => {
    const doc = v1Document();
    doc.bodies[0].groups[1].model = 'edges-volume';
    const { preset, problems } = checkPresetText(v1Text(doc));
    expect(preset).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toBe('/bodies/0/groups');
    expect(problems[0].message).toContain('mixes constraint models (neo-hookean, edges-volume)');
  });

  it('refuses a group naming a material that /materials does not hold, at the group', () => {
    const doc = v1Document();
    doc.bodies[0].groups[2].material = 'unobtainium';
    expect(checkPresetText(v1Text(doc)).problems).toEqual([
      { pointer: '/bodies/0/groups/2/material', message: "names no material of /materials ('unobtainium')" },
    ]);
  });

  it('drops a group that selects no element, as it owned nothing', () => {
    const doc = v1Document();
    doc.bodies[0].groups[1].selector = { type: 'box', min: [5, 5, 5], max: [6, 6, 6] };
    const preset = readPreset(v1Text(doc));
    expect(preset.scene.bodies[0].groups?.map((g) => g.name)).toEqual(['corner']);
  });
});
