import { describe, expect, it } from 'vitest';
import { hingeEdgeWeight, plateBendCompliancePerNM } from '../../../core/material/compliance/plate-bend.ts';
import { neoHookeanConstants } from '../../../core/material/elastic.ts';
import { triangleAreaM2 } from '../../../core/math/mesh-measures.ts';
import { blockElasticEnergyJ, energyBlockArity } from '../../../core/sim/block-energy.ts';
import { createAttachmentBlock } from '../../../core/sim/constraints/attachment.ts';
import { createDihedralBendBlock } from '../../../core/sim/constraints/dihedral-bend.ts';
import { createDistanceBlock } from '../../../core/sim/constraints/distance.ts';
import { createEdgeDamperBlock } from '../../../core/sim/constraints/edge-damper.ts';
import {
  addBlockForces,
  type ConstraintBlock,
  dampBlock,
  resetLambda,
  scalarConstraintCount,
  solveBlock,
} from '../../../core/sim/constraints/index.ts';
import { createJointConeBlock } from '../../../core/sim/constraints/joint-cone.ts';
import { createJointHingeBlock } from '../../../core/sim/constraints/joint-hinge.ts';
import { constraintKinds, type KindOps } from '../../../core/sim/constraints/kinds.ts';
import { createMembraneBlock } from '../../../core/sim/constraints/membrane.ts';
import { createNeoHookeanBlock } from '../../../core/sim/constraints/neo-hookean.ts';
import { createNodalVolumeBlock } from '../../../core/sim/constraints/nodal-volume.ts';
import { createPlateBendBlock } from '../../../core/sim/constraints/plate-bend.ts';
import { createPressureBlock, enclosedVolume } from '../../../core/sim/constraints/pressure.ts';
import { createRopeBendBlock } from '../../../core/sim/constraints/rope-bend.ts';
import { createShapeMatchingBlock } from '../../../core/sim/constraints/shape-matching.ts';
import { createTetVolumeBlock } from '../../../core/sim/constraints/tet-volume.ts';
import { createTetherBlock } from '../../../core/sim/constraints/tether.ts';
import { triangleNeighbours } from '../../../core/sim/geometry/hinges.ts';
import { createParticleState, type ParticleState } from '../../../core/sim/state.ts';
import {
  hingeCompliances,
  membraneCompliances,
  neoHookeanCompliances,
  tetVolumeCompliances,
} from './physical-inputs.ts';

type Kind = ConstraintBlock['kind'];

const OPERATIONS: readonly (keyof KindOps<ConstraintBlock>)[] = [
  'solve',
  'damp',
  'resetLambda',
  'addForces',
  'energy',
  'force',
  'forceUnit',
  'tear',
  'scalarCount',
  'wasm',
];

/**
 * Particles 0–3: a tet with 10 cm legs (particle 0 pinned), its four faces wound outwards;
 * particles 4–6: a straight rope of 10 cm links.
 */
const rest = Float64Array.of(0, 0, 0, 0.1, 0, 0, 0, 0.1, 0, 0, 0, 0.1, 0.2, 0, 0, 0.3, 0, 0, 0.4, 0, 0);
const tets = Uint32Array.of(0, 1, 2, 3);
const tetEdges = Uint32Array.of(0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3);
const tetFaces = Uint32Array.of(0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3);
/** Edge 1–2 with wings 0 and 3. */
const hinge = Uint32Array.of(1, 2, 0, 3);
const SUBSTEP_S = 1 / 600;
const rubber = neoHookeanConstants(1e5, 0.45);

/** The rest shape moved by up to 1.5 cm per coordinate (not the pinned particle) and set moving. */
function deformedState(): ParticleState {
  const mass = Float64Array.from({ length: rest.length / 3 }, (_, p) => 0.05 + 0.01 * p);
  const state = createParticleState(rest, mass, Uint8Array.of(1, 0, 0, 0, 0, 0, 0));
  for (let k = 3; k < state.x.length; k++) {
    state.x[k] += 0.015 * Math.sin(1.7 * k + 0.3);
    state.v[k] = 0.5 * Math.cos(2.3 * k);
  }
  return state;
}

function pickTriangle(t: number): [number, number, number] {
  return [tetFaces[3 * t], tetFaces[3 * t + 1], tetFaces[3 * t + 2]];
}

/** A small block of each kind, made by its create function (a missing kind does not compile). */
const builders: { [K in Kind]: (state: ParticleState) => Extract<ConstraintBlock, { kind: K }> } = {
  distance: (state) =>
    createDistanceBlock(
      { particles: tetEdges, complianceMPerN: new Float64Array(6).fill(1e-4), dampingRatio: 0.5 },
      state,
    ),
  'neo-hookean': (state) =>
    createNeoHookeanBlock(
      neoHookeanCompliances(
        state.rest,
        tets,
        () => rubber.muPa,
        () => rubber.inverseLambdaNhPerPa,
        () => rubber.gamma,
      ),
      state,
    ),
  membrane: (state) =>
    createMembraneBlock(membraneCompliances(state.rest, tetFaces, 4e7, 0.3, 2.5e-4), state),
  'tet-volume': (state) =>
    createTetVolumeBlock(
      { tets, complianceM3PerPa: tetVolumeCompliances(state.rest, tets, () => 1e5), dampingRatio: 0.5 },
      state,
    ),
  // The vertices 1–3 of the one tet: each holds a quarter of its volume, α = (V/4)/K.
  'nodal-volume': (state) =>
    createNodalVolumeBlock(
      {
        tets,
        vertices: Uint32Array.of(1, 2, 3),
        complianceM3PerPa: new Float64Array(3).fill(tetVolumeCompliances(state.rest, tets, () => 1e5)[0] / 4),
        dampingRatio: 0.5,
      },
      state,
    ),
  'dihedral-bend': (state) =>
    createDihedralBendBlock(
      { hinges: hinge, compliancePerNM: hingeCompliances(state.rest, hinge, () => 1e-3), dampingRatio: 0.5 },
      state,
    ),
  // The tet's four faces, each bending against its three neighbours (a closed surface: every edge a hinge).
  'plate-bend': (state) => {
    const { triangle, wing } = triangleNeighbours(tetFaces, 4);
    const particles = new Uint32Array(24);
    const compliancePerNM = new Float64Array(24);
    for (let t = 0; t < 4; t++) {
      const corners = [tetFaces[3 * t], tetFaces[3 * t + 1], tetFaces[3 * t + 2]] as const;
      particles.set([...corners, wing[3 * t], wing[3 * t + 1], wing[3 * t + 2]], 6 * t);
      const area = triangleAreaM2(state.rest, ...corners);
      const weights = [0, 1, 2].map((k) =>
        hingeEdgeWeight(area, triangleAreaM2(state.rest, ...pickTriangle(triangle[3 * t + k])), false),
      );
      compliancePerNM.set(
        plateBendCompliancePerNM(state.rest, corners, weights as [number, number, number], 1e-3) ?? [],
        6 * t,
      );
    }
    return createPlateBendBlock({ particles, compliancePerNM, dampingRatio: 0.5 }, state);
  },
  attachment: (state) =>
    createAttachmentBlock(
      { particles: Uint32Array.of(1, 2), complianceMPerN: Float64Array.of(1e-4, 1e-4), dampingRatio: 0.5 },
      state,
    ),
  'edge-damper': (state) =>
    createEdgeDamperBlock(
      { particles: tetEdges, complianceMPerN: new Float64Array(6).fill(1e-4), dampingRatio: 1 },
      state,
    ),
  tether: (state) =>
    createTetherBlock({ particles: Uint32Array.of(3, 0), maxLengthM: Float64Array.of(0.1) }, state),
  'rope-bend': (state) =>
    createRopeBendBlock(
      { particles: Uint32Array.of(4, 5, 6), complianceMPerN: Float64Array.of(1e-3), dampingRatio: 0.5 },
      state,
    ),
  pressure: (state) => {
    const particles = Uint32Array.of(0, 1, 2, 3);
    const targetVolumeM3 = 1.1 * enclosedVolume(state.rest, particles, tetFaces);
    return createPressureBlock({
      particles,
      triangles: tetFaces,
      targetVolumeM3,
      complianceM3PerPa: targetVolumeM3 / 1e5,
    });
  },
  'shape-matching': (state) =>
    createShapeMatchingBlock({ particles: Uint32Array.of(0, 1, 2, 3), timeConstantS: 0.05 }, state),
  // The rope's joint at 5, bent a little by the deformation: past a 0.01 rad cone.
  'joint-cone': (state) =>
    createJointConeBlock(
      {
        particles: Uint32Array.of(4, 5, 5, 6),
        maxAngleRad: Float64Array.of(0.01),
        complianceRadPerNM: Float64Array.of(0),
      },
      state,
    ),
  // The same joint about the axis 1 → 2, nearly straight: outside a [0.5, 1] rad range.
  'joint-hinge': (state) =>
    createJointHingeBlock(
      {
        particles: Uint32Array.of(4, 5, 5, 6, 1, 2),
        minAngleRad: Float64Array.of(0.5),
        maxAngleRad: Float64Array.of(1),
        complianceRadPerNM: Float64Array.of(0),
      },
      state,
    ),
};

/** The block's multipliers (every Float64Array field named lambda…). */
function multipliers(block: ConstraintBlock): (Float64Array | Float32Array)[] {
  return Object.entries(block)
    .filter(
      ([name, value]) =>
        name.startsWith('lambda') && (value instanceof Float64Array || value instanceof Float32Array),
    )
    .map(([, value]) => value as Float64Array | Float32Array);
}

function allFinite(values: ArrayLike<number>): boolean {
  for (let k = 0; k < values.length; k++) if (!Number.isFinite(values[k])) return false;
  return true;
}

const kinds = Object.keys(builders) as Kind[];

describe('the table of constraint kinds', () => {
  it('has the kinds of ConstraintBlock, each with every operation, a function or an explicit null', () => {
    expect(Object.keys(constraintKinds).sort()).toEqual([...kinds].sort());
    for (const kind of kinds) {
      const ops = constraintKinds[kind] as Record<string, unknown>;
      expect(Object.keys(ops).sort(), kind).toEqual([...OPERATIONS].sort());
      for (const name of OPERATIONS) {
        const op = ops[name];
        expect(
          op === null ||
            typeof op === (name === 'wasm' ? 'object' : name === 'forceUnit' ? 'string' : 'function'),
          `${kind}.${name}`,
        ).toBe(true);
      }
      expect(typeof ops.scalarCount, kind).toBe('function');
      expect(ops.solve !== null || ops.damp !== null, `${kind} acts at position or at velocity level`).toBe(
        true,
      );
    }
  });

  it('names, for each kind with a WebAssembly kernel, typed arrays of the block as the fields to move', () => {
    for (const kind of kinds) {
      const binding = constraintKinds[kind].wasm;
      if (!binding) continue;
      const block = builders[kind](deformedState()) as unknown as Record<string, unknown>;
      for (const field of binding.fields) {
        const array = block[field];
        const movable = [Float64Array, Float32Array, Uint32Array, Uint16Array, Uint8Array].some(
          (Kind) => array instanceof Kind,
        );
        expect(movable, `${kind}.${field}`).toBe(true);
      }
    }
  });

  for (const kind of kinds) {
    it(`${kind}: a block from its create function solves a deformed state without NaN, resets λ, counts and stores energy ≥ 0`, () => {
      const state = deformedState();
      const block: ConstraintBlock = builders[kind](state);
      expect(block.kind).toBe(kind);
      expect(block.count).toBeGreaterThan(0);

      resetLambda(block);
      for (let sweep = 0; sweep < 3; sweep++) solveBlock(block, state, SUBSTEP_S);
      dampBlock(block, state, SUBSTEP_S);
      expect(allFinite(state.x)).toBe(true);
      expect(allFinite(state.v)).toBe(true);
      const lambdas = multipliers(block);
      for (const lambda of lambdas) expect(allFinite(lambda)).toBe(true);
      // Solving moved something: the deformed state is off its rest in every kind that solves.
      if (constraintKinds[kind].solve) expect(lambdas.some((l) => l.some((value) => value !== 0))).toBe(true);

      const forceN = new Float64Array(state.x.length);
      addBlockForces(block, state, SUBSTEP_S, forceN);
      expect(allFinite(forceN)).toBe(true);

      resetLambda(block);
      for (const lambda of lambdas) expect(lambda.every((value) => value === 0)).toBe(true);

      const count = scalarConstraintCount(block);
      expect(Number.isInteger(count)).toBe(true);
      expect(count).toBe(kind === 'edge-damper' ? 0 : lambdas.reduce((sum, l) => sum + l.length, 0));

      const perConstraint = new Float64Array(block.count);
      const energyJ = blockElasticEnergyJ(block, state, undefined, (c, constraintJ) => {
        perConstraint[c] += constraintJ;
      });
      expect(energyJ).toBeGreaterThanOrEqual(0);
      expect(Number.isFinite(energyJ)).toBe(true);
      expect(perConstraint.reduce((sum, e) => sum + e, 0)).toBe(energyJ); // same terms, same order
      if (constraintKinds[kind].energy) {
        expect(energyJ).toBeGreaterThan(0);
        expect(energyBlockArity(block)).toBe(block.arity);
      } else {
        expect(energyJ).toBe(0);
        expect(energyBlockArity(block)).toBe(0);
      }
    });
  }
});

/** The constraints of `block` that touch particle p, block order. */
function constraintsTouching(block: ConstraintBlock, p: number): Uint32Array {
  const touching: number[] = [];
  for (let c = 0; c < block.count; c++) {
    if (block.particles.subarray(block.arity * c, block.arity * (c + 1)).includes(p)) touching.push(c);
  }
  return Uint32Array.from(touching);
}

describe('the constraint forces of some constraints (addBlockForces `only`, for the pin forces)', () => {
  for (const kind of kinds) {
    if (!constraintKinds[kind].addForces) continue;
    it(`${kind}: those touching a particle add on it exactly what the whole block does; none add nothing`, () => {
      const state = deformedState();
      const block: ConstraintBlock = builders[kind](state);
      resetLambda(block);
      for (let sweep = 0; sweep < 3; sweep++) solveBlock(block, state, SUBSTEP_S);
      const whole = new Float64Array(state.x.length);
      addBlockForces(block, state, SUBSTEP_S, whole);
      expect(whole.some((f) => f !== 0)).toBe(true);

      for (let p = 0; p < state.count; p++) {
        const part = new Float64Array(state.x.length);
        addBlockForces(block, state, SUBSTEP_S, part, constraintsTouching(block, p));
        for (let a = 0; a < 3; a++) expect(part[3 * p + a], `particle ${p} axis ${a}`).toBe(whole[3 * p + a]);
      }
      const none = new Float64Array(state.x.length);
      addBlockForces(block, state, SUBSTEP_S, none, new Uint32Array(0));
      expect(none.every((f) => f === 0)).toBe(true);
    });
  }
});
