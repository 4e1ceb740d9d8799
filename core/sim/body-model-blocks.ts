import type { BodySpec } from '../scene/scene.ts';
import { type BodyGeometry, triangleArea } from './body-geometry.ts';
import { type BodySlots, elementSlots } from './body-groups.ts';
import { createDihedralBendBlock } from './constraints/dihedral-bend.ts';
import { createDistanceBlock } from './constraints/distance.ts';
import { createEdgeDamperBlock } from './constraints/edge-damper.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import { createNeoHookeanBlock } from './constraints/neo-hookean.ts';
import { createRopeBendBlock } from './constraints/rope-bend.ts';
import { createTetVolumeBlock } from './constraints/tet-volume.ts';
import {
  clothEdgeStiffness,
  plateBendingStiffnessNM,
  residualBulkModulusPa,
  solidEdgeStiffness,
} from './edge-stiffness.ts';
import { triangleHinges } from './geometry/hinges.ts';
import { neoHookeanConstants } from './material.ts';
import type { ParticleState } from './state.ts';

/**
 * The elastic blocks of one body's constraint model, each element with the material of its slot
 * (body-groups.ts). Compliances are per constraint in every block, so one block per kind holds
 * all materials; the damping ratio is one number per block, so the constraints are split into one
 * block per distinct ζ (in first-seen order; a body whose elements share one ζ gets exactly the
 * blocks it had before groups existed). Springs and hinges built from several elements sum each
 * element's contribution with that element's material:
 *   tet edges    k_e = Σ_slots k_e(tets of the slot, μ of the slot)          (edge-stiffness.ts)
 *   cloth edges  k_e = Σ_slots (8/3)·μ_s·t_s·A_e,s / l_e²
 *   hinges       D = (D_A·A_A + D_B·A_B)/(A_A + A_B), so that α = A_e/(3·D·|e|²) is
 *                core/material/compliance/cloth.ts hingeBendCompliancePerNM
 *   rope links   k = E_link·πr²/L; bending joints α = l³/(E_joint·πr⁴/4)
 * A constraint's ζ is its own slot's (the last group holding all its vertices, else the body's).
 */
export function modelBlocks(
  body: BodySpec,
  geometry: BodyGeometry,
  slots: BodySlots,
  offset: number,
  state: ParticleState,
): ConstraintBlock[] {
  const context: ModelContext = { body, geometry, slots, offset, state };
  switch (body.model) {
    case 'neo-hookean':
      return neoHookeanBlocks(context);
    case 'edges-volume':
      return edgesVolumeBlocks(context);
    case 'cloth':
      return clothBlocks(context);
    case 'rope':
      return ropeBlocks(context);
  }
}

interface ModelContext {
  body: BodySpec;
  geometry: BodyGeometry;
  slots: BodySlots;
  offset: number;
  state: ParticleState;
}

function neoHookeanBlocks({ geometry, slots, offset, state }: ModelContext): ConstraintBlock[] {
  const tets = geometry.tets;
  const tetSlot = elementSlots(slots, tets, 4);
  const constants = slots.materials.map((m) => neoHookeanConstants(m.youngModulusPa, m.poissonRatio));
  const blocks: ConstraintBlock[] = [
    createNeoHookeanBlock(
      {
        tets: shift(tets, offset),
        muPa: Float64Array.from(tetSlot, (s) => constants[s].muPa),
        inverseLambdaNhPerPa: Float64Array.from(tetSlot, (s) => constants[s].inverseLambdaNhPerPa),
        gamma: Float64Array.from(tetSlot, (s) => constants[s].gamma),
      },
      state,
    ),
  ];
  const edgeZeta = edgeDampingRatios(geometry.edges, slots);
  if (edgeZeta.some((zeta) => zeta > 0)) {
    const k = tetEdgeStiffness(geometry, tetSlot, slots);
    for (const [zeta, edges] of byDampingRatio(edgeZeta)) {
      if (zeta <= 0) continue;
      blocks.push(
        createEdgeDamperBlock(
          {
            particles: pick(geometry.edges, 2, edges, offset),
            stiffnessNPerM: pickValues(k, edges),
            dampingRatio: zeta,
          },
          state,
        ),
      );
    }
  }
  return blocks;
}

function edgesVolumeBlocks({ geometry, slots, offset, state }: ModelContext): ConstraintBlock[] {
  const tets = geometry.tets;
  const tetSlot = elementSlots(slots, tets, 4);
  const k = tetEdgeStiffness(geometry, tetSlot, slots);
  const blocks = springBlocks(geometry.edges, k, edgeDampingRatios(geometry.edges, slots), offset, state);
  const bulk = slots.materials.map((m) => residualBulkModulusPa(m.youngModulusPa, m.poissonRatio));
  const tetZeta = Array.from(tetSlot, (s) => (bulk[s] > 0 ? slots.dampingRatios[s] : Number.NaN));
  for (const [zeta, chosen] of byDampingRatio(tetZeta)) {
    if (Number.isNaN(zeta)) continue; // K_vol ≤ 0 (ν ≤ 1/4): no volume constraint
    blocks.push(
      createTetVolumeBlock(
        {
          tets: pick(tets, 4, chosen, offset),
          bulkModulusPa: Float64Array.from(chosen, (t) => bulk[tetSlot[t]]),
          dampingRatio: zeta,
        },
        state,
      ),
    );
  }
  return blocks;
}

function clothBlocks({ geometry, slots, offset, state }: ModelContext): ConstraintBlock[] {
  const { positions, triangles, edges } = geometry;
  const triangleSlot = elementSlots(slots, triangles, 3);
  const k = new Float64Array(edges.length / 2);
  for (const [slot, chosen] of elementsBySlot(triangleSlot)) {
    const m = slots.materials[slot];
    const part = clothEdgeStiffness(
      positions,
      pick(triangles, 3, chosen, 0),
      edges,
      m.youngModulusPa,
      m.poissonRatio,
      m.thicknessM ?? 0,
    );
    for (let e = 0; e < k.length; e++) k[e] += part[e];
  }
  const blocks = springBlocks(edges, k, edgeDampingRatios(edges, slots), offset, state);
  const hinges = triangleHinges(triangles, positions.length / 3);
  if (hinges.length === 0) return blocks;
  const plate = slots.materials.map((m) =>
    plateBendingStiffnessNM(m.youngModulusPa, m.poissonRatio, m.thicknessM ?? 0),
  );
  const hingeCount = hinges.length / 4;
  const wingA = new Uint32Array(3 * hingeCount);
  const wingB = new Uint32Array(3 * hingeCount);
  for (let h = 0; h < hingeCount; h++) {
    wingA.set([hinges[4 * h], hinges[4 * h + 1], hinges[4 * h + 2]], 3 * h);
    wingB.set([hinges[4 * h], hinges[4 * h + 1], hinges[4 * h + 3]], 3 * h);
  }
  // A triangle's slot depends only on its vertex set, so each wing's triangle is found by its vertices.
  const slotA = elementSlots(slots, wingA, 3);
  const slotB = elementSlots(slots, wingB, 3);
  const stiffness = new Float64Array(hingeCount);
  for (let h = 0; h < hingeCount; h++) {
    if (slotA[h] === slotB[h]) {
      stiffness[h] = plate[slotA[h]];
      continue;
    }
    const [a, b, c, d] = hinges.subarray(4 * h, 4 * h + 4);
    const areaA = triangleArea(positions, a, b, c);
    const areaB = triangleArea(positions, a, b, d);
    const sum = areaA + areaB;
    stiffness[h] = sum > 0 ? (plate[slotA[h]] * areaA + plate[slotB[h]] * areaB) / sum : 0;
  }
  const hingeSlot = elementSlots(slots, hinges, 4);
  const hingeZeta = Array.from(hingeSlot, (s) => slots.dampingRatios[s]);
  for (const [zeta, chosen] of byDampingRatio(hingeZeta)) {
    const bending = pickValues(stiffness, chosen);
    if (!bending.some((d) => d > 0)) continue;
    blocks.push(
      createDihedralBendBlock(
        { hinges: pick(hinges, 4, chosen, offset), bendingStiffnessNM: bending, dampingRatio: zeta },
        state,
      ),
    );
  }
  return blocks;
}

function ropeBlocks({ body, geometry, slots, offset, state }: ModelContext): ConstraintBlock[] {
  const shape = body.shape;
  const radius = shape.type === 'rope' ? shape.radiusM : 0;
  const edges = geometry.edges;
  const linkSlot = elementSlots(slots, edges, 2);
  const axialOf = (slot: number) => slots.materials[slot].youngModulusPa * Math.PI * radius * radius; // E·πr², N
  const k = new Float64Array(edges.length / 2);
  for (let e = 0; e < k.length; e++) {
    const length = pairDistance(geometry.positions, edges[2 * e], edges[2 * e + 1]);
    k[e] = length > 0 ? axialOf(linkSlot[e]) / length : 0;
  }
  const blocks = springBlocks(
    edges,
    k,
    Array.from(linkSlot, (s) => slots.dampingRatios[s]),
    offset,
    state,
  );
  if (!(body.bending && shape.type === 'rope' && shape.segments >= 2)) return blocks;
  const linkLength = (e: number) => (k[e] > 0 ? axialOf(linkSlot[e]) / k[e] : 0); // k = E·πr²/L
  const jointCount = shape.segments - 1;
  const joints = new Uint32Array(3 * jointCount);
  for (let j = 0; j < jointCount; j++) joints.set([j, j + 1, j + 2], 3 * j);
  const jointSlot = elementSlots(slots, joints, 3);
  const compliance = new Float64Array(jointCount);
  for (let j = 0; j < jointCount; j++) {
    const bendingStiffness = (slots.materials[jointSlot[j]].youngModulusPa * Math.PI * radius ** 4) / 4; // EI, N·m²
    const linkM = (linkLength(j) + linkLength(j + 1)) / 2;
    compliance[j] = linkM ** 3 / bendingStiffness; // l³/(EI)
  }
  const jointZeta = Array.from(jointSlot, (s) => slots.dampingRatios[s]);
  for (const [zeta, chosen] of byDampingRatio(jointZeta)) {
    blocks.push(
      createRopeBendBlock(
        {
          particles: pick(joints, 3, chosen, offset),
          complianceMPerN: pickValues(compliance, chosen),
          dampingRatio: zeta,
        },
        state,
      ),
    );
  }
  return blocks;
}

/** Tet edge stiffness, N/m: per slot the edge-stiffness.ts mapping over that slot's tets, summed. */
function tetEdgeStiffness(geometry: BodyGeometry, tetSlot: Uint16Array, slots: BodySlots): Float64Array {
  const k = new Float64Array(geometry.edges.length / 2);
  for (const [slot, chosen] of elementsBySlot(tetSlot)) {
    const m = slots.materials[slot];
    const part = solidEdgeStiffness(
      geometry.positions,
      pick(geometry.tets, 4, chosen, 0),
      geometry.edges,
      m.youngModulusPa,
      m.poissonRatio,
    );
    for (let e = 0; e < k.length; e++) k[e] += part[e];
  }
  return k;
}

function edgeDampingRatios(edges: Uint32Array, slots: BodySlots): number[] {
  return Array.from(elementSlots(slots, edges, 2), (s) => slots.dampingRatios[s]);
}

/** Distance blocks from spring stiffnesses k (N/m), one per damping ratio: α = 1/k; k = 0 left out. */
function springBlocks(
  edges: Uint32Array,
  stiffness: Float64Array,
  dampingRatio: readonly number[],
  offset: number,
  state: ParticleState,
): ConstraintBlock[] {
  const zeta = dampingRatio.map((z, e) => (stiffness[e] > 0 ? z : Number.NaN));
  const blocks: ConstraintBlock[] = [];
  for (const [z, kept] of byDampingRatio(zeta)) {
    if (Number.isNaN(z)) continue;
    blocks.push(
      createDistanceBlock(
        {
          particles: pick(edges, 2, kept, offset),
          complianceMPerN: Float64Array.from(kept, (e) => 1 / stiffness[e]),
          dampingRatio: z,
        },
        state,
      ),
    );
  }
  return blocks;
}

/** Indices 0 … n−1 grouped by their value, groups in first-seen order (NaN is one value). */
function byDampingRatio(values: readonly number[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  values.forEach((value, i) => {
    const key = Number.isNaN(value) ? Number.NaN : value;
    const list = out.get(key);
    if (list) list.push(i);
    else out.set(key, [i]);
  });
  return out;
}

function elementsBySlot(slotOf: Uint16Array): Map<number, number[]> {
  return byDampingRatio(Array.from(slotOf));
}

/** The `arity`-tuples `chosen` of `tuples`, each index plus `offset`. */
function pick(tuples: Uint32Array, arity: number, chosen: readonly number[], offset: number): Uint32Array {
  if (chosen.length * arity === tuples.length && offset === 0) return tuples;
  const out = new Uint32Array(arity * chosen.length);
  chosen.forEach((c, k) => {
    for (let j = 0; j < arity; j++) out[arity * k + j] = tuples[arity * c + j] + offset;
  });
  return out;
}

function pickValues(values: Float64Array, chosen: readonly number[]): Float64Array {
  return Float64Array.from(chosen, (c) => values[c]);
}

function shift(indices: Uint32Array, offset: number): Uint32Array {
  return indices.map((i) => i + offset);
}

function pairDistance(p: Float64Array, a: number, b: number): number {
  return Math.hypot(p[3 * a] - p[3 * b], p[3 * a + 1] - p[3 * b + 1], p[3 * a + 2] - p[3 * b + 2]);
}
