import type { BodySpec, Scene } from '../../../core/scene/scene.ts';

/** A scene with the given bodies, standard gravity, no colliders unless given. */
export function sceneWith(
  bodies: BodySpec[],
  solver = { dt: 1 / 60, substeps: 20 },
  colliders: Scene['colliders'] = [],
): Scene {
  return { gravity: [0, -9.81, 0], solver, colliders, bodies };
}

/** A square-section bar hanging from its top face at y = 2 m: side × length, m. */
export function hangingBar(options: {
  model: 'neo-hookean' | 'edges-volume';
  youngModulusPa: number;
  poissonRatio: number;
  densityKgM3: number;
  side: number;
  length: number;
  cells: [number, number, number];
  dampingRatio?: number;
}): BodySpec {
  return {
    name: 'bar',
    shape: {
      type: 'box',
      size: [options.side, options.length, options.side],
      cells: options.cells,
      center: [0, 2 - options.length / 2, 0],
    },
    material: {
      youngModulusPa: options.youngModulusPa,
      poissonRatio: options.poissonRatio,
      densityKgM3: options.densityKgM3,
    },
    model: options.model,
    dampingRatio: options.dampingRatio ?? 1,
    pins: [{ box: { min: [-1, 2 - 1e-6, -1], max: [1, 2 + 1e-6, 1] } }],
  };
}

/** Length of `tearableBar`, m. */
export const TEARABLE_BAR_M = 0.4;

/**
 * A neo-Hookean `hangingBar` 0.1 m square and TEARABLE_BAR_M long (2×8×2 cells, 1000 kg/m³, the
 * default damping) whose tets all tear above `breakingStressPa`.
 */
export function tearableBar(options: {
  youngModulusPa: number;
  poissonRatio: number;
  breakingStressPa: number;
}): BodySpec {
  return {
    ...hangingBar({
      model: 'neo-hookean',
      youngModulusPa: options.youngModulusPa,
      poissonRatio: options.poissonRatio,
      densityKgM3: 1000,
      side: 0.1,
      length: TEARABLE_BAR_M,
      cells: [2, 8, 2],
    }),
    groups: [
      {
        name: 'all',
        vertices: Array.from({ length: 3 * 9 * 3 }, (_, i) => i),
        breakingStressPa: options.breakingStressPa,
      },
    ],
  };
}

/** A rope of `segments` links of `linkM` hanging straight down from a pin at (0, 2, 0). */
export function hangingChain(options: {
  segments: number;
  linkM: number;
  radiusM: number;
  youngModulusPa: number;
  densityKgM3: number;
  dampingRatio?: number;
}): BodySpec {
  return {
    name: 'chain',
    shape: {
      type: 'rope',
      start: [0, 2, 0],
      end: [0, 2 - options.segments * options.linkM, 0],
      segments: options.segments,
      radiusM: options.radiusM,
    },
    material: { youngModulusPa: options.youngModulusPa, poissonRatio: 0.3, densityKgM3: options.densityKgM3 },
    model: 'rope',
    dampingRatio: options.dampingRatio ?? 1,
    pins: [{ box: { min: [-1e-3, 2 - 1e-3, -1e-3], max: [1e-3, 2 + 1e-3, 1e-3] } }],
  };
}

/**
 * A cloth strip (ν = 0, ρ = 500 kg/m³, 1 mm, E = 1 MPa) of width × length in the plane y = 2 m,
 * pinned along its edge at z = −length/2: with gravity along +z it hangs from that edge.
 */
export function hangingStrip(widthM: number, lengthM: number, cells: [number, number]): BodySpec {
  return {
    name: 'strip',
    shape: { type: 'cloth', size: [widthM, lengthM], cells, center: [0, 2, 0] },
    material: { youngModulusPa: 1e6, poissonRatio: 0, densityKgM3: 500, thicknessM: 0.001 },
    model: 'cloth',
    dampingRatio: 1,
    pins: [{ box: { min: [-1, 1.9, -lengthM / 2 - 1e-6], max: [1, 2.1, -lengthM / 2 + 1e-6] } }],
  };
}

/** Reads the default scene shipped in assets/. */
export async function defaultScene(): Promise<Scene> {
  const { readFile } = await import('node:fs/promises');
  const url = new URL('../../../assets/default-scene.json', import.meta.url);
  return JSON.parse(await readFile(url, 'utf8')) as Scene;
}
