import { describe, expect, it } from 'vitest';
import { setupOf } from '../../../cli/commands/simulate.ts';
import {
  buildWorldFromPreset,
  complianceScale,
  exportJolt,
  JOLT_COMPILE_OPTIONS,
  presetFromScene,
  readPreset,
  writePreset,
} from '../../../core/preset/index.ts';
import type { SceneDocument } from '../../../core/scene/scene.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { buildWorld, buildWorldFromSetup } from '../../../core/sim/build-world.ts';
import type { ConstraintBlock } from '../../../core/sim/constraints/index.ts';
import {
  ALPHA_COUPLING,
  ALPHA_NORMAL,
  ALPHA_SHEAR,
  membraneCompliance,
} from '../../../core/sim/constraints/membrane.ts';
import type { World } from '../../../core/sim/world.ts';
import type { XpbdWorld } from '../../../core/sim/xpbd-world.ts';
import { cubeMeshScene } from '../preset/fixtures.ts';

/**
 * One setup from authoring to runtime: the preview (buildWorld of the scene), the preset file
 * (written, read back and run), `softbody simulate` of that preset file and the Jolt export all
 * read the setup core/setup compiled, so every constraint gets the very same compliance. Compared
 * exactly (Object.is per entry, no tolerance): any second derivation or a float32 round trip
 * anywhere on the way would show.
 */

/** Every compliance-like array of a world's blocks, by block kind and position, in sweep order. */
function compliances(world: XpbdWorld & World): [string, number[]][] {
  const rows: [string, number[]][] = [];
  const add = (block: ConstraintBlock, name: string, values: ArrayLike<number>) =>
    rows.push([`${block.kind}.${name}`, Array.from(values)]);
  for (const runtime of world.runtimes)
    for (const block of runtime.blocks) {
      switch (block.kind) {
        case 'distance':
        case 'attachment':
        case 'rope-bend':
          add(block, 'complianceMPerN', block.complianceMPerN);
          break;
        case 'tet-volume':
        case 'nodal-volume':
          add(block, 'complianceM3PerPa', block.complianceM3PerPa);
          break;
        case 'neo-hookean':
          add(block, 'complianceDeviatoric', block.complianceDeviatoric);
          add(block, 'complianceHydrostatic', block.complianceHydrostatic);
          add(block, 'gamma', block.gamma);
          break;
        case 'dihedral-bend':
        case 'plate-bend':
          add(block, 'compliancePerNM', block.compliancePerNM);
          break;
        case 'membrane':
          for (const [name, entry] of [
            ['complianceNormal', ALPHA_NORMAL],
            ['complianceCoupling', ALPHA_COUPLING],
            ['complianceShear', ALPHA_SHEAR],
          ] as const)
            add(
              block,
              name,
              Array.from({ length: block.count }, (_, t) => membraneCompliance(block, t, entry)),
            );
          break;
        case 'edge-damper':
          add(block, 'dampingNSPerM', block.dampingNSPerM);
          break;
        case 'pressure':
          add(block, 'complianceM3PerPa', [block.complianceM3PerPa]);
          break;
        case 'tether':
          add(block, 'maxLengthM', block.maxLengthM);
          break;
      }
    }
  rows.push(['mass', Array.from(world.state.mass)]);
  return rows;
}

function expectIdentical(a: [string, number[]][], b: [string, number[]][]): void {
  expect(b.map(([name, values]) => [name, values.length])).toEqual(
    a.map(([name, values]) => [name, values.length]),
  );
  a.forEach(([name, values], i) => {
    const other = b[i][1];
    const first = values.findIndex((v, k) => !Object.is(v, other[k]));
    expect(first, `${name}: entry ${first} differs (${values[first]} vs ${other[first]})`).toBe(-1);
  });
}

/** Every constraint kind a preset carries: neo-Hookean and edges + volume solids (damped), cloth with soft pins, tethers and bending. */
function scene(): { document: SceneDocument; meshes: ReturnType<typeof cubeMeshScene>['meshes'] } {
  const { scene: cube, meshes } = cubeMeshScene('silicone-shore-20a', 'neo-hookean');
  const document: SceneDocument = {
    ...cube,
    colliders: [{ type: 'plane', normal: [0, 1, 0], offset: -1 }],
    bodies: [
      { ...cube.bodies[0], dampingRatio: 0.2 },
      {
        name: 'block',
        shape: { type: 'box', size: [0.1, 0.1, 0.1], cells: [2, 2, 2], center: [1, 0.05, 0] },
        material: 'natural-rubber',
        model: 'edges-volume',
        dampingRatio: 0.1,
        pins: [{ box: { min: [0, 0.1, -1], max: [2, 0.1, 1] } }],
      },
      {
        name: 'sheet',
        shape: { type: 'cloth', size: [0.2, 0.2], cells: [4, 4], center: [-1, 0.5, 0] },
        material: 'cotton',
        model: 'cloth',
        dampingRatio: 0.05,
        tethers: { maxStretch: 0.02 },
        pins: [
          { box: { min: [-2, 0, -0.1], max: [0, 1, -0.1] } },
          { box: { min: [-2, 0, 0.1], max: [0, 1, 0.1] }, complianceMPerN: 1e-3 },
        ],
      },
    ],
  };
  return { document, meshes };
}

describe('one setup from authoring to runtime', () => {
  it('gives the preview, the preset, simulate of the preset file and the Jolt export the same compliances, exactly', async () => {
    const { document, meshes } = scene();
    const preview = compliances(buildWorld(document, { meshes }));

    const text = writePreset(presetFromScene(document, { name: 'one setup', meshes }));
    const preset = readPreset(text);
    expectIdentical(preview, compliances(buildWorldFromPreset(preset)));

    const simulated = await setupOf(JSON.parse(text), 'one-setup.preset.json');
    expectIdentical(preview, compliances(buildWorldFromSetup(simulated)));

    // Jolt: the edges + volume block carries its sets one to one, in Jolt's scaling, with one
    // volume constraint per tet (Jolt has no other); the cloth carries its hinges and pins, and for
    // its membrane and bending the edge network and hinges of the same compiler
    // (JOLT_COMPILE_OPTIONS, calibrated), whose springs before calibration and budget compensation
    // are also what damps the membrane in the setup.
    const jolt = exportJolt(preset);
    const edgeCompile = compileScene(document, { meshes, ...JOLT_COMPILE_OPTIONS });
    const perTet = edgeCompile;
    const plainEdgeCompile = compileScene(
      { ...document, solver: { ...document.solver, compensation: 'off' } },
      { meshes, clothStretch: 'edges' },
    );
    const cloth = preset.setup.bodies[2].constraints;
    expect(cloth.map((set) => set.kind)).toEqual([
      'membrane',
      'edge-damper',
      'plate-bend',
      'tether',
      'attachment',
    ]);
    const damper = cloth.flatMap((set) =>
      set.kind === 'edge-damper' ? Array.from(set.complianceMPerN) : [],
    );
    expect(
      plainEdgeCompile.bodies[2].constraints.flatMap((set) =>
        set.kind === 'distance' ? Array.from(set.complianceMPerN) : [],
      ),
    ).toEqual(damper);
    for (const b of [1, 2]) {
      const body = preset.setup.bodies[b];
      const shared = jolt.bodies[b].sharedSettings;
      const edges = edgeCompile.bodies[b].constraints.flatMap((set) =>
        set.kind === 'distance' ? Array.from(set.complianceMPerN) : [],
      );
      const pins = body.constraints.flatMap((set) =>
        set.kind === 'attachment' ? Array.from(set.complianceMPerN) : [],
      );
      expect(shared.edgeConstraints.map((e) => e.compliance)).toEqual([
        ...edges.map((c) => complianceScale('jolt', 'edge') * c),
        ...pins.map((c) => complianceScale('jolt', 'soft-pin') * c),
      ]);
      const volumes = perTet.bodies[b].constraints.flatMap((set) =>
        set.kind === 'tet-volume' ? Array.from(set.complianceM3PerPa) : [],
      );
      expect(shared.volumeConstraints.map((v) => v.compliance)).toEqual(
        volumes.map((c) => complianceScale('jolt', 'volume') * c),
      );
      // Bending goes out as the hinges of the same compile (Jolt has no plate triangles).
      const bends = edgeCompile.bodies[b].constraints.flatMap((set) =>
        set.kind === 'dihedral-bend' ? Array.from(set.compliancePerNM) : [],
      );
      expect(shared.dihedralBendConstraints.map((h) => h.compliance)).toEqual(
        bends.map((c) => complianceScale('jolt', 'dihedral-bend') * c),
      );
      expect(shared.vertices.slice(0, body.geometry.mass.length).map((v) => v.invMass)).toEqual(
        Array.from(body.geometry.mass, (m, v) =>
          body.pins.some((p) => p.complianceMPerN === 0 && p.particles.includes(v)) ? 0 : 1 / m,
        ),
      );
    }
    // The neo-Hookean cube gets the edges + volume sets of the same compile, not a second mapping.
    expect(jolt.bodies[0].sharedSettings.volumeConstraints.length).toBeGreaterThan(0);
  });

  it('derives compliance in core/setup only: no other module imports the mappings of core/material/compliance', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const root = new URL('../../../', import.meta.url).pathname;
    // The functions that turn a material and a rest shape into a compliance or a spring stiffness.
    const mappings =
      /\b(neoHookeanTetCompliance|tetVolumeComplianceM3PerPa|hingeBendCompliancePerNM|membraneTriangleCompliance|clothTriangleEdgeStiffnessesNPerM|clothEdgeStiffnessNPerM|membraneShearStiffnessNPerM|ropeLinkComplianceMPerN|ropeAxialStiffnessN|solidEdgeStiffnessNPerM|tetEdgeStiffnessesNPerM|springComplianceMPerN|residualBulkModulusPa|solidEdgeStiffness|clothEdgeStiffness|neoHookeanSplitTetCompliance|nodalVolumeComplianceM3PerPa|neoHookeanNodalBulkModulusPa|edgesVolumeBulkSplitPa|clothEdgeContributionNPerM)\b/;
    const users: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && mappings.test(readFileSync(path, 'utf8')))
          users.push(relative(root, path));
      }
    };
    for (const dir of ['core', 'cli', 'renderer', 'electron', 'runtime', 'bench']) walk(join(root, dir));
    const outside = users.filter(
      (file) => !file.startsWith('core/setup/') && !file.startsWith('core/material/'),
    );
    expect(outside).toEqual([]);
    // And the setup compiler does use them (the check would pass vacuously otherwise).
    expect(users).toContain('core/setup/compile-body.ts');
  });
});
