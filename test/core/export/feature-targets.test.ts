import { describe, expect, it } from 'vitest';
import { type ExportTargetId, FEATURES, featureUses } from '../../../core/preset/exporters/features.ts';
import {
  ExportRefusedError,
  exportGlb,
  exportGodot,
  exportJolt,
  exportMujoco,
  godotApproximations,
  type JoltExport,
  joltApproximations,
  mujocoApproximations,
  mujocoElasticity,
  type Preset,
  presetFromScene,
  readGlbPreset,
  readPreset,
  writePreset,
} from '../../../core/preset/index.ts';
import type { BodySpecDocument, ColliderSpec, SceneDocument } from '../../../core/scene/scene.ts';
import type { SceneMeshes } from '../../../core/scene/scene-meshes.ts';
import { elementSlots } from '../../../core/setup/body-groups.ts';
import { cubeMeshScene } from '../preset/fixtures.ts';

/**
 * Every feature a scene can express × every export target: the target carries it, approximates it
 * (and says so, under the feature's name) or refuses it (ExportRefusedError naming the feature and
 * the target), exactly as the table in core/preset/exporters/features.ts says. Each feature has a
 * witness scene that shows it; a feature added to the table without a witness fails here.
 */

const TARGETS: readonly ExportTargetId[] = ['native', 'gltf', 'jolt', 'mujoco', 'godot'];

const box = (overrides: Partial<BodySpecDocument> = {}): BodySpecDocument => ({
  name: 'block',
  shape: { type: 'box', size: [0.1, 0.1, 0.1], cells: [2, 2, 2], center: [0, 0.05, 0] },
  material: 'silicone-shore-20a',
  model: 'edges-volume',
  ...overrides,
});
const sheet = (overrides: Partial<BodySpecDocument> = {}): BodySpecDocument => ({
  name: 'sheet',
  shape: { type: 'cloth', size: [0.2, 0.2], cells: [4, 4], center: [0, 0.5, 0] },
  material: 'cotton',
  model: 'cloth',
  pins: [{ box: { min: [-1, 0, -0.1], max: [1, 1, -0.1] } }],
  ...overrides,
});
const rope = (overrides: Partial<BodySpecDocument> = {}): BodySpecDocument => ({
  name: 'rope',
  shape: { type: 'rope', start: [0, 1, 0], end: [1, 1, 0], segments: 8, radiusM: 0.005 },
  material: 'natural-rubber',
  model: 'rope',
  pins: [{ box: { min: [-0.01, 0.99, -0.01], max: [0.01, 1.01, 0.01] } }],
  ...overrides,
});

const ragdoll = (): BodySpecDocument => ({
  name: 'ragdoll',
  shape: { type: 'ragdoll', skeleton: 'humanoid', heightM: 1.75, massKg: 75, position: [0, 1, 0] },
  material: { youngModulusPa: 1e9, poissonRatio: 0.3, densityKgM3: 1000 },
  model: 'ragdoll',
});

function scene(bodies: BodySpecDocument[], colliders: ColliderSpec[] = []): SceneDocument {
  return { gravity: [0, -9.81, 0], solver: { dt: 1 / 60, substeps: 10 }, colliders, bodies };
}

/** A closed cube surface (12 triangles, outward), for a balloon. */
function cubeSurface(): { positions: Float64Array; indices: Uint32Array } {
  const positions = new Float64Array([
    0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1,
  ]).map((c) => c * 0.2);
  const indices = Uint32Array.from([
    0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7,
    5,
  ]);
  return { positions, indices };
}

const WITNESSES: Record<string, () => { scene: SceneDocument; meshes?: SceneMeshes }> = {
  'neo-hookean solids': () => ({ scene: scene([box({ model: 'neo-hookean' })]) }),
  'edges-volume solids': () => ({ scene: scene([box()]) }),
  'nodal volume constraints': () => ({ scene: scene([box({ material: 'natural-rubber' })]) }),
  'Poisson ratio below 1/4': () => ({
    scene: scene([box({ material: { youngModulusPa: 1e6, poissonRatio: 0.2, densityKgM3: 1000 } })]),
  }),
  cloth: () => ({ scene: scene([sheet()]) }),
  'cloth membrane': () => ({ scene: scene([sheet()]) }),
  'cloth plate bending': () => ({ scene: scene([sheet()]) }),
  'rope bodies': () => ({ scene: scene([rope()]) }),
  'rope bending': () => ({ scene: scene([rope({ bending: true })]) }),
  'ragdoll bodies': () => ({ scene: scene([ragdoll()]) }),
  'ragdoll joint limits': () => ({ scene: scene([ragdoll()]) }),
  'material groups': () => ({
    scene: scene([
      box({
        // The back two layers of vertices (z-major): the back layer of cells is the group's.
        groups: [
          {
            name: 'back',
            vertices: [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26],
            material: 'natural-rubber',
          },
        ],
      }),
    ]),
  }),
  plasticity: () => ({
    scene: scene([
      box({
        groups: [
          {
            name: 'soft metal',
            vertices: Array.from({ length: 27 }, (_, i) => i),
            plasticity: { yieldStrain: 0.02, creepRatePerS: 10, maxPlasticStrain: 0.2 },
          },
        ],
      }),
    ]),
  }),
  tearing: () => ({
    scene: scene([
      rope({
        groups: [{ name: 'all', vertices: [0, 1, 2, 3, 4, 5, 6, 7, 8], breakingStressPa: 5e6 }],
      }),
    ]),
  }),
  'rigid pins': () => ({
    scene: scene([box({ pins: [{ box: { min: [-1, 0.1, -1], max: [1, 0.1, 1] } }] })]),
  }),
  'soft pins': () => ({
    scene: scene([box({ pins: [{ box: { min: [-1, 0.1, -1], max: [1, 0.1, 1] }, complianceMPerN: 1e-4 }] })]),
  }),
  tethers: () => ({ scene: scene([sheet({ tethers: { maxStretch: 0.01 } })]) }),
  pressure: () => ({
    scene: scene([
      {
        name: 'balloon',
        shape: { type: 'mesh', path: 'cube.obj' },
        material: 'cotton',
        model: 'cloth',
        pressure: {},
      },
    ]),
    meshes: { surfaces: new Map([['/bodies/0/shape', cubeSurface()]]), solids: new Map() },
  }),
  'shape matching': () => ({ scene: scene([box({ shapeMatching: { timeConstantS: 0.05 } })]) }),
  'self-collision': () => ({ scene: scene([sheet({ selfCollision: { thicknessM: 0.05 } })]) }),
  'classic PBD mode': () => ({
    scene: scene([sheet({ solver: { method: 'pbd', iterations: 3, stiffness: 0.5 } })]),
  }),
  'constraint damping': () => ({ scene: scene([box({ dampingRatio: 0.2 })]) }),
  'linear damping': () => ({ scene: scene([box({ linearDampingPerS: 0.5 })]) }),
  'render mesh': () => cubeMeshScene('silicone-shore-20a', 'edges-volume'),
  'wind and drag': () => ({ scene: { ...scene([sheet()]), air: { windMPerS: [3, 0, 0] } } }),
  'orthotropic cloth': () => ({ scene: scene([sheet({ warpDirection: [1, 0, 0] })]) }),
  'plane colliders': () => ({ scene: scene([box()], [{ type: 'plane', normal: [0, 1, 0], offset: -1 }]) }),
  'sphere colliders': () => ({
    scene: scene([box()], [{ type: 'sphere', center: [0, -1, 0], radius: 0.5 }]),
  }),
  'box colliders': () => ({
    scene: scene([box()], [{ type: 'box', center: [0, -1, 0], halfExtents: [1, 0.1, 1] }]),
  }),
  'capsule colliders': () => ({
    scene: scene([box()], [{ type: 'capsule', a: [-1, -1, 0], b: [1, -1, 0], radius: 0.1 }]),
  }),
  'preview-only bodies': () => ({
    scene: scene([box({ previewOnly: true, solver: { method: 'pbd', iterations: 2, stiffness: 0.5 } })]),
  }),
  'mesh colliders': () => ({
    scene: scene(
      [box()],
      [{ type: 'mesh', vertices: [-1, -1, -1, 1, -1, -1, 0, -1, 1], indices: [0, 2, 1] }],
    ),
  }),
  'moving colliders': () => ({
    scene: scene(
      [box()],
      [
        {
          type: 'sphere',
          center: [0, -1, 0],
          radius: 0.5,
          motion: { keys: [{ timeS: 0 }, { timeS: 1, position: [1, 0, 0] }] },
        },
      ],
    ),
  }),
  'moving pins': () => ({
    scene: scene([
      sheet({
        pins: [
          {
            box: { min: [-1, 0, -0.1], max: [1, 1, -0.1] },
            motion: { keys: [{ timeS: 0 }, { timeS: 1, position: [0, 1, 0] }] },
          },
        ],
      }),
    ]),
  }),
  'contact between bodies': () => ({
    scene: {
      ...scene([
        box(),
        box({
          name: 'second block',
          shape: { ...box().shape, center: [0, 0.2, 0] } as BodySpecDocument['shape'],
        }),
      ]),
      contact: { betweenBodies: true },
    },
  }),
};

interface Exported {
  approximations: { feature: string; message: string }[];
  /** The preset read back from the file (native, gltf), or the Jolt data, or the MJCF or .tscn text. */
  preset?: Preset;
  jolt?: JoltExport;
  mujoco?: string;
  godot?: string;
}

async function exportTo(target: ExportTargetId, preset: Preset): Promise<Exported> {
  if (target === 'native') return { approximations: [], preset: readPreset(writePreset(preset)) };
  if (target === 'gltf') return { approximations: [], preset: await readGlbPreset(await exportGlb(preset)) };
  if (target === 'mujoco')
    return { approximations: mujocoApproximations(preset), mujoco: exportMujoco(preset).xml };
  if (target === 'godot')
    return { approximations: godotApproximations(preset), godot: exportGodot(preset).tscn };
  const approximations = joltApproximations(preset);
  return { approximations, jolt: JSON.parse(JSON.stringify(exportJolt(preset))) };
}

/** The values of attribute `name` in the MJCF text, in document order. */
function attributes(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(` ${name}="([^"]*)"`, 'g'))].map((m) => m[1]);
}

/** What "carried" means in a MuJoCo model, per feature MuJoCo carries: the MJCF shows it. */
const MUJOCO_CARRIES: Record<string, (xml: string, preset: Preset) => void> = {
  'Poisson ratio below 1/4': (xml, preset) => {
    const material = preset.setup.bodies[0].slots.materials[0];
    expect(Number(attributes(xml, 'poisson')[0])).toBeCloseTo(mujocoElasticity(material, 3).poisson, 12);
  },
  cloth: (xml) => expect(attributes(xml, 'dim')).toContain('2'),
  'cloth membrane': (xml, preset) => {
    const material = preset.setup.bodies[0].slots.materials[0];
    expect(xml).toContain('elastic2d="stretch"');
    expect(Number(attributes(xml, 'young')[0])).toBeCloseTo(mujocoElasticity(material, 2).young, 3);
  },
  // One flex per material slot that holds elements (a tet belongs to a group when all four of its
  // vertices do), each with its slot's modulus.
  'material groups': (xml, preset) => {
    const body = preset.setup.bodies[0];
    const slots = [...new Set(elementSlots(body.slots, body.geometry.tets, 4))].sort();
    expect(slots).toEqual([0, 1]);
    // Each flex's E is its slot's (scaled by the body's one runtime calibration factor).
    const written = attributes(xml, 'young').map(Number);
    const mapped = slots.map((slot) => mujocoElasticity(body.slots.materials[slot], 3).young);
    expect(written).toHaveLength(2);
    expect(written[0] / mapped[0]).toBeCloseTo(written[1] / mapped[1], 12);
  },
  'rigid pins': (xml, preset) => {
    // Held particles are world vertices (solids) or held bodies (cloth): never a free body.
    const body = preset.setup.bodies[0];
    const held = body.pins[0].particles;
    const names = attributes(xml, 'body')[0].split(' ');
    for (const p of held) {
      if (body.geometry.kind === 'cloth') expect(xml).toMatch(new RegExp(`name="${names[p]}"[^/]*armature`));
      else expect(names[p]).toBe('world');
    }
  },
  'soft pins': (xml, preset) => {
    const pin = preset.setup.bodies[0].pins.find((p) => p.complianceMPerN > 0);
    expect(pin).toBeDefined();
    expect(attributes(xml, 'stiffness').map(Number)).toContain(1 / (pin?.complianceMPerN ?? 1));
  },
  'linear damping': (xml, preset) => {
    const body = preset.setup.bodies[0];
    const p = Number(/name="sb0_p(\d+)"/.exec(xml)?.[1]);
    expect(Number(attributes(xml, 'damping')[0])).toBeCloseTo(body.geometry.mass[p] * 0.5, 12);
  },
  tethers: (xml, preset) => {
    // One limited spatial tendon per tether, its range the tether's length.
    const tether = preset.setup.bodies[0].constraints.find((set) => set.kind === 'tether');
    if (tether?.kind !== 'tether') throw new Error('the tethered sheet has no tether set');
    const ranges = [...xml.matchAll(/<spatial [^>]*range="0 ([^"]+)"/g)].map((m) => Number(m[1]));
    expect(ranges).toEqual(Array.from(tether.maxLengthM));
  },
};

/** The value text of `property` on each SoftBody3D node of a .tscn, in order. */
function softBodyProperty(tscn: string, property: string): string[] {
  return [...tscn.matchAll(new RegExp(`type="SoftBody3D"[^[]*?\\n${property} = ([^\\n]*)`, 'g'))].map(
    (m) => m[1],
  );
}

/** What "carried" means in a Godot scene, per feature Godot carries: the .tscn shows it. */
const GODOT_CARRIES: Record<string, (tscn: string, preset: Preset) => void> = {
  cloth: (tscn, preset) => {
    // The cloth's own triangles as the SoftBody3D's mesh.
    expect(softBodyProperty(tscn, 'mesh')).toHaveLength(1);
    const indexCount = Number(/"index_count": (\d+)/.exec(tscn)?.[1]);
    expect(indexCount).toBe(preset.setup.bodies[0].geometry.triangles.length);
  },
  'rigid pins': (tscn, preset) => {
    const pinned = softBodyProperty(tscn, 'pinned_points')[0];
    const count = preset.setup.bodies[0].pins[0].particles.length;
    expect(pinned.split(',')).toHaveLength(count);
  },
  'linear damping': (tscn, preset) => {
    const damping = Number(softBodyProperty(tscn, 'damping_coefficient')[0]);
    expect(damping).toBeCloseTo(1 - Math.exp(-0.5 * preset.setup.solver.dt), 12);
  },
};

/** What "carried" means in a Jolt file, per feature Jolt carries: the file shows it. */
const JOLT_CARRIES: Record<string, (jolt: JoltExport, preset: Preset) => void> = {
  'edges-volume solids': (jolt) =>
    expect(jolt.bodies[0].sharedSettings.volumeConstraints.length).toBeGreaterThan(0),
  cloth: (jolt) => {
    expect(jolt.bodies[0].sharedSettings.dihedralBendConstraints.length).toBeGreaterThan(0);
    // Its membrane goes out as the fitted edge network ('cloth membrane': approximated).
    expect(jolt.bodies[0].sharedSettings.edgeConstraints.length).toBeGreaterThan(0);
  },
  'material groups': (jolt) => {
    // Two materials: the edge compliances take more than the one value of a uniform box's edge class.
    const compliances = new Set(jolt.bodies[0].sharedSettings.edgeConstraints.map((e) => e.compliance));
    expect(compliances.size).toBeGreaterThan(3);
  },
  'rigid pins': (jolt, preset) => {
    const pinned = preset.setup.bodies[0].pins[0].particles;
    for (const v of pinned) expect(jolt.bodies[0].sharedSettings.vertices[v].invMass).toBe(0);
  },
  'soft pins': (jolt) => {
    const body = jolt.bodies[0];
    expect(body.sharedSettings.vertices.length).toBeGreaterThan(body.simulationVertexCount);
  },
  'render mesh': (jolt, preset) => {
    // The embedding resolved to simulation vertices: 4 vertices and 4 weights per render vertex.
    const render = preset.setup.bodies[0].render;
    const mesh = jolt.bodies[0].renderMesh;
    expect(mesh?.positions).toEqual(Array.from(render?.positions ?? []));
    expect(mesh?.embedding.vertex.length).toBe(4 * ((render?.positions.length ?? 0) / 3));
    expect(mesh?.embedding.weight).toEqual(Array.from(render?.embedding.weights ?? []));
  },
  'linear damping': (jolt) => expect(jolt.bodies[0].creationSettings.linearDamping).toBe(0.5),
  tethers: (jolt, preset) => {
    // One long-range attachment per tether, from the pinned (kinematic) particle to the free one.
    const tether = preset.setup.bodies[0].constraints.find((set) => set.kind === 'tether');
    if (tether?.kind !== 'tether') throw new Error('the tethered sheet has no tether set');
    const lras = jolt.bodies[0].sharedSettings.lraConstraints;
    expect(lras.length).toBe(tether.maxLengthM.length);
    expect(lras[0]).toEqual({
      vertex: [tether.particles[1], tether.particles[0]],
      maxDistance: tether.maxLengthM[0],
    });
  },
};

describe('feature × target: carried, approximated or refused, as the table says', () => {
  it('has a witness scene for every feature of the table, and each witness shows its feature', () => {
    expect(Object.keys(WITNESSES).sort()).toEqual(FEATURES.map((f) => f.id).sort());
    for (const feature of FEATURES) {
      const { scene: document, meshes } = WITNESSES[feature.id]();
      const preset = presetFromScene(document, { name: feature.id, meshes });
      expect(
        featureUses(preset.setup, 'native').map((u) => u.feature),
        feature.id,
      ).toContain(feature.id);
    }
  });

  for (const feature of FEATURES) {
    for (const target of TARGETS) {
      const support = feature.support[target];
      const verdict =
        'carried' in support ? 'carries' : 'approximated' in support ? 'approximates' : 'refuses';
      it(`${target} ${verdict} ${feature.id}`, async () => {
        const { scene: document, meshes } = WITNESSES[feature.id]();
        const preset = presetFromScene(document, { name: feature.id, meshes });
        if ('refused' in support) {
          const error = await exportTo(target, preset).then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(ExportRefusedError);
          expect((error as ExportRefusedError).features).toContain(feature.id);
          expect((error as ExportRefusedError).target).toBe(target);
          expect((error as Error).message).toContain(feature.id);
          return;
        }
        const exported = await exportTo(target, preset);
        const named = exported.approximations.filter((a) => a.feature === feature.id);
        if ('approximated' in support) {
          expect(named).toHaveLength(1);
          expect(named[0].message).toContain(support.approximated);
          return;
        }
        expect(named).toEqual([]);
        if (exported.preset) expect(writePreset(exported.preset)).toBe(writePreset(preset));
        if (exported.mujoco !== undefined) {
          const check = MUJOCO_CARRIES[feature.id];
          expect(check, `a MuJoCo check for '${feature.id}'`).toBeDefined();
          check(exported.mujoco, preset);
        }
        if (exported.godot !== undefined) {
          const check = GODOT_CARRIES[feature.id];
          expect(check, `a Godot check for '${feature.id}'`).toBeDefined();
          check(exported.godot, preset);
        }
        if (exported.jolt) {
          const check = JOLT_CARRIES[feature.id];
          expect(check, `a Jolt check for '${feature.id}'`).toBeDefined();
          check(exported.jolt, preset);
        }
      });
    }
  }
});
