import type { BodyGeometry } from './body-geometry.ts';
import { createAttachmentBlock } from './constraints/attachment.ts';
import { createDihedralBendBlock } from './constraints/dihedral-bend.ts';
import { createDistanceBlock } from './constraints/distance.ts';
import { createEdgeDamperBlock } from './constraints/edge-damper.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import { createNeoHookeanBlock } from './constraints/neo-hookean.ts';
import { createPressureBlock } from './constraints/pressure.ts';
import { createRopeBendBlock } from './constraints/rope-bend.ts';
import { createTetVolumeBlock } from './constraints/tet-volume.ts';
import { createTetherBlock } from './constraints/tether.ts';
import {
  clothEdgeStiffness,
  plateBendingStiffnessNM,
  residualBulkModulusPa,
  solidEdgeStiffness,
} from './edge-stiffness.ts';
import { triangleHinges } from './geometry/hinges.ts';
import { isClosedSurface } from './geometry/mesh-body.ts';
import { neoHookeanConstants } from './material.ts';
import type { BodySpec } from './scene.ts';
import { SceneValidationError } from './scene-error.ts';
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
 * `offset` into the world's particle arrays. Compliances follow the body's model:
 * - 'neo-hookean': one neo-Hookean block (α_D = 1/(μV), α_H = 1/(λ_NH·V)), see neo-hookean.ts,
 *   damped along its tet edges (edge-damper.ts);
 * - 'edges-volume': edge springs k_e and volume constraints α = V/K_vol, see edge-stiffness.ts;
 * - 'cloth': edge springs from μ·t and dihedral hinges from D = E·t³/(12(1−ν²));
 * - 'rope': links with α = L/(E·πr²), and with `bending` joints with α = l³/(E·πr⁴/4) (rope-bend.ts).
 * Cloth options: tethers to the nearest rigid pin (tether.ts), pressure of the enclosed gas
 * (pressure.ts, closed surfaces only). Soft pins add an attachment block. A body in classic PBD
 * mode gets compliance 0, no constraint damping and the per-iteration stiffness
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
  const { youngModulusPa: E, poissonRatio: nu } = body.material;
  const zeta = body.dampingRatio ?? 0;
  const global = (local: Uint32Array) => local.map((i) => i + offset);
  const blocks: ConstraintBlock[] = [];
  switch (body.model) {
    case 'neo-hookean': {
      const constants = neoHookeanConstants(E, nu);
      const n = geometry.tets.length / 4;
      blocks.push(
        createNeoHookeanBlock(
          {
            tets: global(geometry.tets),
            muPa: new Float64Array(n).fill(constants.muPa),
            inverseLambdaNhPerPa: new Float64Array(n).fill(constants.inverseLambdaNhPerPa),
            gamma: new Float64Array(n).fill(constants.gamma),
          },
          state,
        ),
      );
      if (zeta > 0) {
        const k = solidEdgeStiffness(geometry.positions, geometry.tets, geometry.edges, E, nu);
        blocks.push(
          createEdgeDamperBlock(
            { particles: global(geometry.edges), stiffnessNPerM: k, dampingRatio: zeta },
            state,
          ),
        );
      }
      break;
    }
    case 'edges-volume': {
      const k = solidEdgeStiffness(geometry.positions, geometry.tets, geometry.edges, E, nu);
      blocks.push(springs(global(geometry.edges), k, zeta, state));
      const bulk = residualBulkModulusPa(E, nu);
      if (bulk > 0) {
        const n = geometry.tets.length / 4;
        blocks.push(
          createTetVolumeBlock(
            {
              tets: global(geometry.tets),
              bulkModulusPa: new Float64Array(n).fill(bulk),
              dampingRatio: zeta,
            },
            state,
          ),
        );
      }
      break;
    }
    case 'cloth': {
      const t = body.material.thicknessM ?? 0;
      const k = clothEdgeStiffness(geometry.positions, geometry.triangles, geometry.edges, E, nu, t);
      blocks.push(springs(global(geometry.edges), k, zeta, state));
      const hinges = triangleHinges(geometry.triangles, geometry.positions.length / 3);
      const d = plateBendingStiffnessNM(E, nu, t);
      if (d > 0 && hinges.length > 0) {
        blocks.push(
          createDihedralBendBlock(
            {
              hinges: global(hinges),
              bendingStiffnessNM: new Float64Array(hinges.length / 4).fill(d),
              dampingRatio: zeta,
            },
            state,
          ),
        );
      }
      break;
    }
    case 'rope': {
      const shape = body.shape;
      const radius = shape.type === 'rope' ? shape.radiusM : 0;
      const axial = E * Math.PI * radius * radius;
      const edges = geometry.edges;
      const k = new Float64Array(edges.length / 2);
      for (let e = 0; e < k.length; e++) {
        const a = edges[2 * e];
        const b = edges[2 * e + 1];
        const length = Math.hypot(
          geometry.positions[3 * a] - geometry.positions[3 * b],
          geometry.positions[3 * a + 1] - geometry.positions[3 * b + 1],
          geometry.positions[3 * a + 2] - geometry.positions[3 * b + 2],
        );
        k[e] = length > 0 ? axial / length : 0;
      }
      blocks.push(springs(global(edges), k, zeta, state));
      if (body.bending && shape.type === 'rope' && shape.segments >= 2) {
        const bendingStiffness = (E * Math.PI * radius ** 4) / 4; // EI, N·m²
        const linkLength = (stiffness: number) => (stiffness > 0 ? axial / stiffness : 0); // k = E·πr²/L
        const joints = new Uint32Array(3 * (shape.segments - 1));
        const compliance = new Float64Array(shape.segments - 1);
        for (let j = 0; j < compliance.length; j++) {
          joints.set([j, j + 1, j + 2], 3 * j);
          const linkM = (linkLength(k[j]) + linkLength(k[j + 1])) / 2;
          compliance[j] = linkM ** 3 / bendingStiffness; // l³/(EI)
        }
        blocks.push(
          createRopeBendBlock(
            { particles: global(joints), complianceMPerN: compliance, dampingRatio: zeta },
            state,
          ),
        );
      }
      break;
    }
  }
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

/** A distance block from spring stiffnesses k (N/m): α = 1/k; edges with k = 0 are left out. */
function springs(edges: Uint32Array, stiffness: Float64Array, dampingRatio: number, state: ParticleState) {
  const kept: number[] = [];
  for (let e = 0; e < stiffness.length; e++) if (stiffness[e] > 0) kept.push(e);
  const particles = new Uint32Array(2 * kept.length);
  const compliance = new Float64Array(kept.length);
  kept.forEach((e, k) => {
    particles[2 * k] = edges[2 * e];
    particles[2 * k + 1] = edges[2 * e + 1];
    compliance[k] = 1 / stiffness[e];
  });
  return createDistanceBlock({ particles, complianceMPerN: compliance, dampingRatio }, state);
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
