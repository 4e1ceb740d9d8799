/**
 * The scenes of the `sim` benchmark, as scene documents that both engines are built from:
 * cloth 64×64 and 128×128 cells (stretch and shear membrane triangles, dihedral bending; Jolt gets
 * the fitted edge springs of the same cloth, as the Jolt export does) hanging from two
 * corners, and a 16×16×16-cell box (5 tets per cell) held at one face, once with the
 * neo-Hookean model and once with edges + volume. No colliders, no constraint damping (Jolt has
 * none), the same mass-proportional damping in both engines.
 */
import type { BodySpec, Scene } from '../core/scene/scene.ts';

export interface BenchScene {
  name: string;
  scene: Scene;
  /** Scene whose constraints Jolt gets: the same one, except for neo-Hookean (no Jolt equivalent). */
  joltScene: Scene;
  /** How Jolt's scene is compiled: cloth stretch as the edge network (Jolt has no membrane triangles). */
  joltCompile?: { clothStretch: 'edges' };
  /** What the Jolt column measures when it is not the same constraint set. */
  joltNote?: string;
}

/** Frame step, s, and substeps per frame (Jolt's mNumIterations). */
export const FRAME_DT_S = 1 / 60;
export const SUBSTEPS = 20;
/** Frames every bench steps a scene before it times any: the kernels warm up (tier-up, caches). */
export const WARMUP_FRAMES = 20;
const LINEAR_DAMPING_PER_S = 0.05;

function sceneOf(body: BodySpec): Scene {
  return {
    gravity: [0, -9.81, 0],
    solver: { dt: FRAME_DT_S, substeps: SUBSTEPS },
    colliders: [],
    bodies: [body],
  };
}

function cloth(cells: number): BenchScene {
  const scene = sceneOf({
    name: `cloth-${cells}`,
    shape: { type: 'cloth', size: [1, 1], cells: [cells, cells], center: [0, 1, 0] },
    // A cotton-like sheet: 0.5 mm thick, 200 g/m².
    material: { youngModulusPa: 2e6, poissonRatio: 0.3, densityKgM3: 400, thicknessM: 5e-4 },
    model: 'cloth',
    dampingRatio: 0,
    linearDampingPerS: LINEAR_DAMPING_PER_S,
    // The two corners at z = −0.5 m.
    pins: [
      { box: { min: [-0.51, 0.9, -0.51], max: [-0.49, 1.1, -0.49] } },
      { box: { min: [0.49, 0.9, -0.51], max: [0.51, 1.1, -0.49] } },
    ],
  });
  return {
    name: `cloth ${cells}x${cells}`,
    scene,
    joltScene: scene,
    joltCompile: { clothStretch: 'edges' },
    joltNote:
      'Jolt has no membrane triangles: its column is the fitted edge springs of the same cloth (ours: 3 scalar constraints per triangle, Jolt: 1 per edge)',
  };
}

function cube(model: 'neo-hookean' | 'edges-volume', poissonRatio = 0.3, dampingRatio = 0): Scene {
  return sceneOf({
    name: `cube-${model}`,
    shape: { type: 'box', size: [0.5, 0.5, 0.5], cells: [16, 16, 16], center: [0, 1, 0] },
    material: { youngModulusPa: 1e5, poissonRatio, densityKgM3: 1000 },
    model,
    dampingRatio,
    linearDampingPerS: LINEAR_DAMPING_PER_S,
    // The face x = −0.25 m: the cube droops like a short cantilever.
    pins: [{ box: { min: [-0.26, 0, -1], max: [-0.24, 2, 1] } }],
  });
}

export function benchScenes(): BenchScene[] {
  const edgesVolume = cube('edges-volume');
  return [
    cloth(64),
    cloth(128),
    {
      name: 'cube 16^3 neo-Hookean',
      scene: cube('neo-hookean'),
      joltScene: edgesVolume,
      joltNote: 'Jolt has no neo-Hookean constraint: its column is edges + volume on the same cube',
    },
    { name: 'cube 16^3 edges+volume', scene: edgesVolume, joltScene: edgesVolume },
  ];
}

/**
 * Bodies as the editor's artists set them up, which the suite above leaves out for want of a Jolt
 * counterpart. A rubber: ν = 0.45, so that the neo-Hookean body carries its bulk in nodal volume
 * constraints (core/sim/constraints/nodal-volume.ts), and a damping ratio of 0.1 (constraint and
 * modal damping), where the default scene's bodies have 0.1 and 0.3. The app bench (bench/app.ts)
 * measures it beside the suite's scenes, so that its figure of the editor against the engine covers
 * the damping and nodal-volume kernels. The sim suite measures it only when it is named
 * (`--scene=rubber`), its Jolt column being edges + volume of the same cube, undamped: not like for
 * like.
 */
export function editorBenchScenes(): BenchScene[] {
  return [
    {
      name: 'cube 16^3 rubber',
      scene: cube('neo-hookean', 0.45, 0.1),
      joltScene: cube('edges-volume', 0.45),
      joltNote:
        'Jolt has neither nodal volumes nor constraint damping: its column is edges + volume on the same cube, undamped',
    },
  ];
}

/**
 * The scenes whose names contain `filter`, the suite's and the editor's; without a filter the
 * suite's alone (`editorScenes`: the editor's as well).
 */
export function benchScenesMatching(filter: string | undefined, editorScenes = false): BenchScene[] {
  if (filter === undefined) return editorScenes ? [...benchScenes(), ...editorBenchScenes()] : benchScenes();
  return [...benchScenes(), ...editorBenchScenes()].filter((s) => s.name.includes(filter));
}
