/**
 * The frame-cost readout (core/budget/frame-cost.ts) beside a direct timing of the same thing, for
 * corpus meshes at about 500, 2,000 and 10,000 tets (embedded mode, which meets a target): ours is
 * the world built from the preset's setup and stepped here; Jolt's is the exported body built from
 * the export by the loader in a PhysicsSystem of this script's own. Mean of the timed frames after
 * five of warm-up (the readout takes the median). ms per 60 Hz frame; the machine's noise shows.
 *
 *   npx tsx bench/frame-cost.ts [MESH...]     default: spot.obj suzanne.obj (../shared/meshes)
 */
import initJolt from 'jolt-physics';
import { tetMeshPreset } from '../cli/frame-cost.ts';
import { measureFrameCost } from '../core/budget/frame-cost.ts';
import { createJoltFrameTimer, createJoltInterface } from '../core/budget/jolt-frame-timer.ts';
import { readMeshFile } from '../core/node/read-mesh.ts';
import { exportJolt } from '../core/preset/index.ts';
import { buildWorldFromSetup } from '../core/sim/build-world.ts';
import { tetrahedralize } from '../core/tetra/index.ts';
import * as loader from '../runtime/jolt/loader.mjs';

const FRAMES = 15;
const WARMUP = 5;
const meshes = process.argv.slice(2);
const files = meshes.length > 0 ? meshes : ['spot.obj', 'suzanne.obj'].map((f) => `../shared/meshes/${f}`);
const Jolt = await initJolt();
const runtime = createJoltFrameTimer(Jolt, loader);

function meanMs(step: () => void): number {
  for (let f = 0; f < WARMUP; f++) step();
  const t0 = performance.now();
  for (let f = 0; f < FRAMES; f++) step();
  return (performance.now() - t0) / FRAMES;
}

const show = (v: number) => v.toFixed(2).padStart(8);
console.log('mesh             target    tets  ours: readout  direct   Jolt: readout  direct  (substeps)');
for (const file of files) {
  const { mesh } = await readMeshFile(file);
  for (const target of [500, 2000, 10000]) {
    const tets = await tetrahedralize(mesh, { mode: 'embedded', targetTetCount: target });
    const preset = tetMeshPreset('body', tets, { substeps: 20, frameDtS: 1 / 60 });
    const [cost] = await measureFrameCost(preset, { runtime });
    const world = buildWorldFromSetup(preset.setup);
    const ours = meanMs(() => world.step(preset.setup.solver.dt));
    const data = exportJolt(preset, { calibrateRuntime: false });
    const jolt = createJoltInterface(Jolt, 0);
    const system = jolt.GetPhysicsSystem();
    system.SetGravity(new Jolt.Vec3(...data.gravity));
    const shared = loader.createSoftBodySharedSettings(Jolt, data);
    const creation = new Jolt.SoftBodyCreationSettings(
      shared,
      new Jolt.RVec3(0, 0, 0),
      new Jolt.Quat(0, 0, 0, 1),
      0,
    );
    loader.applySoftBodyCreationSettings(creation, data);
    creation.mAllowSleeping = false;
    const bodies = system.GetBodyInterface();
    bodies.AddBody(bodies.CreateSoftBody(creation).GetID(), Jolt.EActivation_Activate);
    const joltMs = meanMs(() => jolt.Step(data.frameDtS, 1));
    Jolt.destroy(jolt);
    const r = cost.runtime && 'msPerFrame' in cost.runtime ? cost.runtime : undefined;
    console.log(
      `${file.split('/').pop()?.padEnd(16)} ${String(target).padStart(6)} ${String(cost.elements).padStart(7)}  ${show(cost.ours.msPerFrame)}  ${show(ours)}   ${show(r?.msPerFrame ?? Number.NaN)}  ${show(joltMs)}  (${r?.substeps})`,
    );
  }
}
