import type { BodySpec } from '../scene/scene.ts';
import { SceneValidationError } from '../scene/scene-error.ts';
import type { BodyGeometry } from './body-geometry.ts';
import { bodySlots } from './body-groups.ts';
import { modelBlocks } from './body-model-blocks.ts';
import { createAttachmentBlock } from './constraints/attachment.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import { createPressureBlock } from './constraints/pressure.ts';
import { createTetherBlock } from './constraints/tether.ts';
import { isClosedSurface } from './geometry/mesh-body.ts';
import type { ParticleState } from './state.ts';

/** Soft pins of a body: local particle indices and their compliance, m/N. */
export interface SoftPins {
  particles: number[];
  complianceMPerN: number[];
}

/** Gas bulk modulus when a pressure spec gives none: air at one atmosphere, isothermal, Pa. */
export const DEFAULT_GAS_BULK_MODULUS_PA = 101325;

/**
 * The constraint blocks of one body, in the order the solver sweeps them. Indices are offset by
 * `offset` into the world's particle arrays. Compliances follow the body's model, each element
 * with the material and damping of its group (body-groups.ts, body-model-blocks.ts):
 * - 'neo-hookean': one neo-Hookean block (α_D = 1/(μV), α_H = 1/(λ_NH·V)), see neo-hookean.ts,
 *   damped along its tet edges (edge-damper.ts);
 * - 'edges-volume': edge springs k_e and volume constraints α = V/K_vol, see edge-stiffness.ts;
 * - 'cloth': edge springs from μ·t and dihedral hinges from D = E·t³/(12(1−ν²));
 * - 'rope': links with α = L/(E·πr²), and with `bending` joints with α = l³/(E·πr⁴/4) (rope-bend.ts).
 * Cloth options: tethers to the nearest rigid pin (tether.ts), pressure of the enclosed gas
 * (pressure.ts, closed surfaces only). Soft pins add an attachment block, damped with the body's
 * ζ. A body in classic PBD mode gets compliance 0, no constraint damping and the per-iteration stiffness
 * k' = 1 − (1 − k)^(1/n) on its blocks (pressure and soft pins keep their compliance).
 *
 * @param rigidPins local indices of the rigidly pinned particles
 * @param pointer JSON pointer of the body, for errors only building can find
 */
export function createBodyBlocks(
  body: BodySpec,
  geometry: BodyGeometry,
  offset: number,
  state: ParticleState,
  softPins: SoftPins,
  rigidPins: readonly number[] = [],
  pointer = '',
): ConstraintBlock[] {
  const zeta = body.dampingRatio ?? 0;
  const global = (local: Uint32Array) => local.map((i) => i + offset);
  const slots = bodySlots(body, geometry.mass.length);
  const blocks = modelBlocks(body, geometry, slots, offset, state);
  if (body.tethers && rigidPins.length > 0) {
    blocks.push(tethersToPins(geometry, rigidPins, offset, state, body.tethers.maxStretch ?? 0));
  }
  if (body.pressure) {
    if (!isClosedSurface(geometry.triangles, geometry.mass.length)) {
      throw new SceneValidationError([
        {
          pointer: `${pointer}/pressure`,
          message: `body '${body.name}': pressure needs a closed, consistently wound surface; this mesh has open or shared edges`,
        },
      ]);
    }
    blocks.push(
      createPressureBlock(
        {
          particles: global(Uint32Array.from({ length: geometry.mass.length }, (_, i) => i)),
          triangles: geometry.triangles,
          bulkModulusPa: body.pressure.bulkModulusPa ?? DEFAULT_GAS_BULK_MODULUS_PA,
          volumeScale: body.pressure.volumeScale ?? 1,
        },
        state,
      ),
    );
  }
  if (body.solver?.method === 'pbd') {
    const iterations = body.solver.iterations ?? 1;
    const stiffness = body.solver.stiffness ?? 1;
    for (const block of blocks) {
      if (block.kind !== 'tether' && block.kind !== 'pressure') {
        makeClassicPbd(block, 1 - (1 - stiffness) ** (1 / iterations));
      }
    }
  }
  if (softPins.particles.length > 0) {
    blocks.push(
      createAttachmentBlock(
        {
          particles: Uint32Array.from(softPins.particles, (i) => i + offset),
          complianceMPerN: Float64Array.from(softPins.complianceMPerN),
          dampingRatio: zeta,
        },
        state,
      ),
    );
  }
  return blocks;
}

/** Each free particle tied to its nearest rigid pin (rest Euclidean distance, Kim et al. 2012 §4). */
function tethersToPins(
  geometry: BodyGeometry,
  rigidPins: readonly number[],
  offset: number,
  state: ParticleState,
  maxStretch: number,
) {
  const rest = geometry.positions;
  const pinned = new Uint8Array(geometry.mass.length);
  for (const p of rigidPins) pinned[p] = 1;
  const pairs: number[] = [];
  const lengths: number[] = [];
  for (let v = 0; v < pinned.length; v++) {
    if (pinned[v]) continue;
    let best = -1;
    let bestSq = Number.POSITIVE_INFINITY;
    for (const p of rigidPins) {
      const sq =
        (rest[3 * v] - rest[3 * p]) ** 2 +
        (rest[3 * v + 1] - rest[3 * p + 1]) ** 2 +
        (rest[3 * v + 2] - rest[3 * p + 2]) ** 2;
      if (sq < bestSq) {
        bestSq = sq;
        best = p;
      }
    }
    pairs.push(v + offset, best + offset);
    lengths.push((1 + maxStretch) * Math.sqrt(bestSq));
  }
  return createTetherBlock(
    { particles: Uint32Array.from(pairs), maxLengthM: Float64Array.from(lengths) },
    state,
  );
}

/** Classic PBD (Müller et al. 2007): rigid constraints, no damping, Δλ scaled by k'. */
function makeClassicPbd(block: ConstraintBlock, stiffnessPerIteration: number): void {
  block.stiffnessScale = stiffnessPerIteration;
  switch (block.kind) {
    case 'distance':
      block.complianceMPerN.fill(0);
      block.dampingNSPerM.fill(0);
      block.damped = false;
      break;
    case 'tet-volume':
      block.complianceM3PerPa.fill(0);
      block.dampingPaSPerM3.fill(0);
      block.damped = false;
      break;
    case 'dihedral-bend':
      block.compliancePerNM.fill(0);
      block.dampingNMS.fill(0);
      block.damped = false;
      break;
    case 'rope-bend':
      block.complianceMPerN.fill(0);
      block.dampingNSPerM.fill(0);
      block.damped = false;
      break;
    case 'neo-hookean':
    case 'attachment':
    case 'edge-damper':
    case 'tether':
    case 'pressure':
      // Not classic PBD constraints: the validator rejects 'pbd' for neo-Hookean bodies, soft
      // pins and the gas keep their compliance, tethers are rigid either way.
      break;
  }
}
