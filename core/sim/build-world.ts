import type { BodySpec, Scene, SceneDocument, Vec3 } from '../scene/scene.ts';
import { SceneValidationError } from '../scene/scene-error.ts';
import type { SceneMaterialOptions } from '../scene/scene-materials.ts';
import type { SceneMeshes } from '../scene/scene-meshes.ts';
import { parseScene } from '../scene/scene-validate.ts';
import { createBodyBlocks, type SoftPins } from './body-blocks.ts';
import { type BodyGeometry, buildBodyGeometry } from './body-geometry.ts';
import type { BodyRuntime, PinRuntime } from './body-runtime.ts';
import { SelfCollision } from './collide/self-collision.ts';
import { compileColliders } from './colliders.ts';
import { waveSpeedMPerS } from './material.ts';
import { createParticleState } from './state.ts';
import { NeoHookeanStiffnessLimit } from './stiffness-limit.ts';
import type { World } from './world.ts';
import { XpbdWorld } from './xpbd-world.ts';

export interface BuildOptions extends SceneMaterialOptions {
  /** Mesh files the scene refers to, loaded by the caller (scene-meshes.ts `loadSceneMeshes`). */
  meshes?: SceneMeshes;
}

/** Friction between cloth layers when a self-collision spec gives none. */
export const DEFAULT_SELF_FRICTION = 0.3;

/**
 * Builds a simulation world from a scene document. The document is validated first (throws
 * SceneValidationError with the JSON pointer of each problem); so are the things only building
 * can find (a pin box that selects no vertex, a particle index beyond a mesh body's particles, a
 * mesh file nobody loaded, pressure on an open surface). Material names resolve against the
 * built-in library and `options.userMaterials`.
 */
export function buildWorld(
  sceneDocument: Scene | SceneDocument,
  options: BuildOptions = {},
): XpbdWorld & World {
  const scene = parseScene(sceneDocument, options);
  const geometries = scene.bodies.map((body, i) => buildBodyGeometry(body, `/bodies/${i}`, options.meshes));
  let particleCount = 0;
  const offsets = geometries.map((g) => {
    const offset = particleCount;
    particleCount += g.mass.length;
    return offset;
  });
  const rest = new Float64Array(3 * particleCount);
  const mass = new Float64Array(particleCount);
  const pinned = new Uint8Array(particleCount);
  const pinsPerBody = scene.bodies.map((body, i) => selectPins(body, geometries[i], offsets[i], i));
  geometries.forEach((g, i) => {
    rest.set(g.positions, 3 * offsets[i]);
    mass.set(g.mass, offsets[i]);
    for (const pin of pinsPerBody[i].pins) if (!pin.soft) for (const p of pin.particles) pinned[p] = 1;
  });
  const state = createParticleState(rest, mass, pinned);
  const runtimes: BodyRuntime[] = scene.bodies.map((spec, i) => {
    const geometry = geometries[i];
    const blocks = createBodyBlocks(
      spec,
      geometry,
      offsets[i],
      state,
      pinsPerBody[i].soft,
      rigidLocal(pinsPerBody[i].pins, offsets[i]),
      `/bodies/${i}`,
    );
    const neoHookean = blocks.find((b) => b.kind === 'neo-hookean');
    const edgeRestLengthM = edgeLengths(geometry);
    const meanEdge = edgeRestLengthM.reduce((s, l) => s + l, 0) / Math.max(1, edgeRestLengthM.length);
    return {
      spec,
      geometry,
      offset: offsets[i],
      count: geometry.mass.length,
      blocks,
      stiffnessLimit: neoHookean ? new NeoHookeanStiffnessLimit(neoHookean, state) : undefined,
      iterations: spec.solver?.method === 'pbd' ? (spec.solver.iterations ?? 1) : 1,
      linearDampingPerS: spec.linearDampingPerS ?? 0,
      pins: pinsPerBody[i].pins,
      edgeRestLengthM,
      meanEdgeLengthM: meanEdge,
      waveSpeedMPerS: fastestWaveSpeedMPerS(spec),
      selfCollision: spec.selfCollision
        ? new SelfCollision(
            offsets[i],
            geometry.mass.length,
            spec.selfCollision.thicknessM,
            spec.selfCollision.friction ?? DEFAULT_SELF_FRICTION,
            spec.selfCollision.friction ?? DEFAULT_SELF_FRICTION,
          )
        : undefined,
    };
  });
  return new XpbdWorld(
    state,
    runtimes,
    compileColliders(scene.colliders, options.meshes),
    scene.gravity,
    scene.solver.dt,
    scene.solver.substeps,
  );
}

/** Tolerance when testing a rest vertex against a pin box, m (so boxes may end exactly on a vertex). */
const PIN_BOX_SLACK_M = 1e-9;

/** Vertices each pin holds, by box or by list (a vertex several pins choose belongs to the first). */
function selectPins(
  body: BodySpec,
  geometry: BodyGeometry,
  offset: number,
  bodyIndex: number,
): { pins: PinRuntime[]; soft: SoftPins } {
  const taken = new Uint8Array(geometry.mass.length);
  const soft: SoftPins = { particles: [], complianceMPerN: [] };
  const pins = (body.pins ?? []).map((pin, j) => {
    const selected = 'box' in pin ? insideBox(pin.box, geometry, taken) : listed(pin.vertices, taken);
    if (selected.length === 0) {
      throw new SceneValidationError([
        'box' in pin
          ? {
              pointer: `/bodies/${bodyIndex}/pins/${j}/box`,
              message: `pin box selects no vertex of body '${body.name}' at rest`,
            }
          : {
              pointer: `/bodies/${bodyIndex}/pins/${j}/vertices`,
              message: `every listed particle of body '${body.name}' is already held by an earlier pin`,
            },
      ]);
    }
    for (const v of selected) taken[v] = 1;
    const compliance = pin.complianceMPerN ?? 0;
    if (compliance > 0) {
      for (const v of selected) {
        soft.particles.push(v);
        soft.complianceMPerN.push(compliance);
      }
    }
    return { particles: Uint32Array.from(selected, (v) => v + offset), soft: compliance > 0 };
  });
  return { pins, soft };
}

/** Particles not yet taken whose rest position lies in the box (with PIN_BOX_SLACK_M). */
function insideBox(box: { min: Vec3; max: Vec3 }, geometry: BodyGeometry, taken: Uint8Array): number[] {
  const selected: number[] = [];
  for (let v = 0; v < geometry.mass.length; v++) {
    if (taken[v]) continue;
    let inside = true;
    for (let a = 0; a < 3; a++) {
      const c = geometry.positions[3 * v + a];
      if (c < box.min[a] - PIN_BOX_SLACK_M || c > box.max[a] + PIN_BOX_SLACK_M) inside = false;
    }
    if (inside) selected.push(v);
  }
  return selected;
}

/** The listed particles not yet taken, each once, ascending (indices were range-checked). */
function listed(vertices: readonly number[], taken: Uint8Array): number[] {
  const chosen = new Uint8Array(taken.length);
  for (const v of vertices) if (!taken[v]) chosen[v] = 1;
  const selected: number[] = [];
  for (let v = 0; v < chosen.length; v++) if (chosen[v]) selected.push(v);
  return selected;
}

/** Local indices of the rigidly pinned particles of a body. */
function rigidLocal(pins: readonly PinRuntime[], offset: number): number[] {
  const out: number[] = [];
  for (const pin of pins) if (!pin.soft) for (const p of pin.particles) out.push(p - offset);
  return out;
}

/** The stiffest material of the body and its groups sets the resolution figure r = h·c/l. */
function fastestWaveSpeedMPerS(body: BodySpec): number {
  let c = waveSpeedMPerS(body.material.youngModulusPa, body.material.densityKgM3);
  for (const group of body.groups ?? []) {
    const m = group.material;
    if (typeof m === 'object') c = Math.max(c, waveSpeedMPerS(m.youngModulusPa, m.densityKgM3));
  }
  return c;
}

function edgeLengths(geometry: BodyGeometry): Float64Array {
  const { edges, positions } = geometry;
  const out = new Float64Array(edges.length / 2);
  for (let e = 0; e < out.length; e++) {
    const a = 3 * edges[2 * e];
    const b = 3 * edges[2 * e + 1];
    out[e] = Math.hypot(
      positions[a] - positions[b],
      positions[a + 1] - positions[b + 1],
      positions[a + 2] - positions[b + 2],
    );
  }
  return out;
}
