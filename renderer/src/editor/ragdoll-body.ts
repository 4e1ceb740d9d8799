/**
 * Adding a ragdoll to the open scene: the one scene edit that adds the humanoid template
 * (core/setup/ragdoll-template.ts) standing above the ground, with a ground plane when the scene
 * has none, and the edits of its height and mass. Pure: the scene is returned new.
 */
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { groundHeightOf } from '../sim/sim-controller.ts';
import {
  BODY_GAP_M,
  DEFAULT_GROUND,
  DROP_HEIGHT_M,
  type MeshAssets,
  occupiedXRange,
  uniqueName,
} from './mesh-body.ts';
import type { SceneEdit } from './scene-edits.ts';

/** The humanoid added by one click: an adult of 1.75 m and 75 kg. */
export const RAGDOLL_HEIGHT_M = 1.75;
export const RAGDOLL_MASS_KG = 75;
/** Half the shoulder width plus the arms (0.15 H each side, ragdoll-template.ts), m per m of height. */
const HALF_WIDTH_PER_HEIGHT = 0.15;

/**
 * The material a ragdoll carries for the scene format: its mass comes from the shape's massKg and
 * its bones are rigid, so only the damping default and the wave-speed report read it; cortical
 * bone (E ≈ 17 GPa, ρ ≈ 1900 kg/m³; Reilly & Burstein 1975).
 */
const BONE = { youngModulusPa: 17e9, poissonRatio: 0.3, densityKgM3: 1900 } as const;

export interface RagdollEdit extends SceneEdit {
  /** The new body's index in the edited scene. */
  index: number;
}

/**
 * The humanoid ragdoll added to `scene`: named 'ragdoll' (or the next free 'ragdoll N'), its feet
 * 1 m + DROP_HEIGHT_M above the ground, beside the bodies already there along +x, so that it
 * falls, lands and tumbles; with the default ground when the scene has none (same edit).
 */
export function addRagdoll(scene: Scene, assets: MeshAssets): RagdollEdit {
  const name = uniqueName(
    'ragdoll',
    scene.bodies.map((b) => b.name),
  );
  const hasGround = groundHeightOf(scene) !== null;
  const colliders = hasGround ? scene.colliders : [...scene.colliders, DEFAULT_GROUND];
  const groundY = groundHeightOf({ ...scene, colliders }) ?? 0;
  const halfWidth = HALF_WIDTH_PER_HEIGHT * RAGDOLL_HEIGHT_M;
  const occupied = occupiedXRange(scene, assets);
  const x = occupied ? occupied[1] + BODY_GAP_M + halfWidth : 0;
  const body: BodySpec = {
    name,
    shape: {
      type: 'ragdoll',
      skeleton: 'humanoid',
      heightM: RAGDOLL_HEIGHT_M,
      massKg: RAGDOLL_MASS_KG,
      position: [x, groundY + 1 + DROP_HEIGHT_M, 0],
    },
    material: { ...BONE },
    model: 'ragdoll',
  };
  const next = parseScene({ ...scene, colliders, bodies: [...scene.bodies, body] });
  return {
    label: hasGround ? `add ragdoll ${name}` : `add ragdoll ${name} and a ground plane`,
    scene: next,
    index: next.bodies.length - 1,
  };
}

/** A ragdoll body's height (m) or mass (kg) set to `value`, checked by the scene validator. */
export function setRagdollSize(
  scene: Scene,
  index: number,
  field: 'heightM' | 'massKg',
  value: number,
): SceneEdit {
  const body = scene.bodies[index];
  if (body?.shape.type !== 'ragdoll') throw new RangeError(`body ${index} is not a ragdoll`);
  const bodies = scene.bodies.slice();
  bodies[index] = { ...body, shape: { ...body.shape, [field]: value } };
  return {
    label: `${field === 'heightM' ? 'height' : 'mass'} of ${body.name}`,
    scene: parseScene({ ...scene, bodies }),
  };
}
