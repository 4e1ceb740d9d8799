import { signedTetVolumeM3, triangleAreaM2 } from '../math/mesh-measures.ts';
import type { Vec3 } from '../scene/scene.ts';
import { elementSlots, slotOf } from '../setup/body-groups.ts';
import { blockElasticEnergyJ, energyBlockArity } from './block-energy.ts';
import type { BodyRuntime } from './body-runtime.ts';
import type { ConstraintForceValues } from './constraint-force-values.ts';
import type { ConstraintSubset } from './constraints/block.ts';
import type { EnergySink } from './constraints/elastic-energy.ts';
import { addBlockForces, type ConstraintBlock } from './constraints/index.ts';
import { kindOps } from './constraints/kinds.ts';
import type { ParticleState } from './state.ts';
import type { BodyMetrics, GroupMetrics } from './world.ts';

/**
 * Figures of one body at the current state. Pin forces: the constraint forces of the last
 * substep are λ·∇C/h². A rigid pin holds its particles still, so by Newton's second law it exerts
 * −(Σ constraint forces + m·g) on each of them (exact at rest, where it is the weight it carries);
 * a soft pin exerts its attachment force λ·n/h². Each pin reports |Σ over its particles|. The
 * rigid pins' total is corrected to the exact momentum balance of pin-balance.ts
 * (`freeForceN`: the constraint forces on the free particles, N), split by their λ estimates.
 */
export function measureBody(
  body: BodyRuntime,
  state: ParticleState,
  gravity: Vec3,
  substepS: number,
  forces: ConstraintForceValues,
  freeForceN?: Float64Array,
): BodyMetrics {
  const { x, v, mass, invMass } = state;
  const from = body.offset;
  const to = body.offset + body.count;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const moment = [0, 0, 0];
  let totalMass = 0;
  let freeMass = 0;
  let kinetic = 0;
  for (let p = from; p < to; p++) {
    for (let a = 0; a < 3; a++) {
      const c = x[3 * p + a];
      if (c < min[a]) min[a] = c;
      if (c > max[a]) max[a] = c;
      moment[a] += mass[p] * c;
    }
    totalMass += mass[p];
    if (invMass[p] > 0) {
      freeMass += mass[p];
      kinetic += 0.5 * mass[p] * (v[3 * p] ** 2 + v[3 * p + 1] ** 2 + v[3 * p + 2] ** 2);
    }
  }
  // Figures per material group of a body with groups (scene.ts GroupSpec): first the elements in
  // no group ('ungrouped'), then each group by name. An element (constraint, edge) counts in the
  // group whose material it has: the last group holding all its particles (body-groups.ts), so the
  // groups' energies add up to the body's. Body and groups are measured in the same pass.
  const grouped = body.groupNames.length > 0;
  const slotCount = grouped ? body.groupNames.length + 1 : 1;
  const strain = edgeStrains(body, x, grouped ? edgeSlotsOf(body) : null, slotCount);
  const slotEnergyJ = new Float64Array(slotCount);
  let elasticEnergyJ = 0;
  for (const block of body.blocks) {
    const sink = grouped ? slotEnergySink(body, block, slotEnergyJ) : undefined;
    elasticEnergyJ += blockElasticEnergyJ(block, state, body.stiffnessLimit, sink);
  }
  const slotForces = groupForces(body, state, substepS, forces);
  const names = grouped ? ['ungrouped', ...body.groupNames] : ['all'];
  const groups: GroupMetrics[] = names.map((name, slot) => ({
    name,
    elasticEnergyJ: grouped ? slotEnergyJ[slot] : elasticEnergyJ,
    maxStrain: strain.slots[slot].max,
    meanStrain: strain.slots[slot].mean,
    ...slotForces[slot],
  }));
  const centroid: [number, number, number] = [0, 1, 2].map((a) =>
    totalMass > 0 ? moment[a] / totalMass : 0,
  ) as [number, number, number];
  return {
    name: body.name,
    centroid,
    bboxMin: min,
    bboxMax: max,
    kineticEnergyJ: kinetic,
    massKg: totalMass,
    freeMassKg: freeMass,
    maxStrain: strain.body.max,
    meanStrain: strain.body.mean,
    elasticEnergyJ,
    groups,
    volumeRatio: currentMeasure(body, x) / body.geometry.restMeasure,
    pinForcesN: pinForces(body, state, gravity, substepS, freeForceN),
    resolution: (substepS * body.waveSpeedMPerS) / body.meanEdgeLengthM,
  };
}

/** Adds each constraint's energy of `block` to its slot's entry of `slotEnergyJ`; undefined where the block stores none. */
function slotEnergySink(
  body: BodyRuntime,
  block: ConstraintBlock,
  slotEnergyJ: Float64Array,
): EnergySink | undefined {
  const arity = energyBlockArity(block);
  if (arity === 0) return undefined;
  const { slots, offset } = body;
  const particles = block.particles;
  return (c, energyJ) => {
    slotEnergyJ[slotOf(slots, particles, arity, c, offset)] += energyJ;
  };
}

/** Per body with groups, the slot of each of its edges (a body keeps its groups for its life). */
const edgeSlotsByBody = new WeakMap<BodyRuntime, Uint16Array>();

function edgeSlotsOf(body: BodyRuntime): Uint16Array {
  let edgeSlots = edgeSlotsByBody.get(body);
  if (!edgeSlots) {
    edgeSlots = elementSlots(body.slots, body.geometry.edges, 2);
    edgeSlotsByBody.set(body, edgeSlots);
  }
  return edgeSlots;
}

/**
 * Per slot, the largest constraint force (N: rope links, edge springs) and stress (Pa: cloth
 * membranes, tets) magnitude of the last substep h (s), by each kind's `force` (constraint-force.ts):
 * a membrane's tension (N/m) over its slot material's thickness is a stress. Compression counts
 * (a stack under its weight), so these are magnitudes. A figure is left out where the slot has
 * no constraint of that kind.
 */
function groupForces(
  body: BodyRuntime,
  state: ParticleState,
  h: number,
  forces: ConstraintForceValues,
): { maxConstraintForceN?: number; maxConstraintStressPa?: number }[] {
  const slots = body.slots;
  const out: { maxConstraintForceN?: number; maxConstraintStressPa?: number }[] = slots.materials.map(
    () => ({}),
  );
  for (const block of body.blocks) {
    const ops = kindOps(block);
    const values = forces.of(block, state, h);
    if (!values || !ops.forceUnit) continue;
    for (let c = 0; c < block.count; c++) {
      const slot = slotOf(slots, block.particles, block.arity, c, body.offset);
      let value = Math.abs(values[c]);
      if (ops.forceUnit === 'N/m') {
        const thickness = slots.materials[slot].thicknessM ?? 0;
        value = thickness > 0 ? value / thickness : 0;
      }
      const key = ops.forceUnit === 'N' ? 'maxConstraintForceN' : 'maxConstraintStressPa';
      out[slot][key] = Math.max(out[slot][key] ?? 0, value);
    }
  }
  return out;
}

interface StrainFigures {
  max: number;
  mean: number;
}

/**
 * Largest and mean |l/l0 − 1| over the body's edges (zero-length rest edges left out), of the whole
 * body and per slot (`edgeSlots`: each edge's; null: every edge in slot 0), in one pass.
 */
function edgeStrains(
  body: BodyRuntime,
  x: Float64Array,
  edgeSlots: Uint16Array | null,
  slotCount: number,
): { body: StrainFigures; slots: StrainFigures[] } {
  const edges = body.geometry.edges;
  const restPositions = body.geometry.positions;
  const max = new Float64Array(slotCount);
  const sum = new Float64Array(slotCount);
  const counted = new Uint32Array(slotCount);
  let bodyMax = 0;
  let bodySum = 0;
  let bodyCounted = 0;
  for (let e = 0; e < edges.length / 2; e++) {
    const a = edges[2 * e];
    const b = edges[2 * e + 1];
    // Both lengths by the square root of the squares, a quarter of Math.hypot's time over every
    // edge of the body each measured frame; the rest length measured here rather than kept per
    // edge for the run (8 bytes per edge). A body at its rest shape reads 0 strain all the same.
    const length = lengthM(x, a + body.offset, b + body.offset);
    const rest = lengthM(restPositions, a, b);
    if (!(rest > 0)) continue;
    const strain = Math.abs(length / rest - 1);
    const slot = edgeSlots ? edgeSlots[e] : 0;
    if (strain > max[slot]) max[slot] = strain;
    sum[slot] += strain;
    counted[slot]++;
    if (strain > bodyMax) bodyMax = strain;
    bodySum += strain;
    bodyCounted++;
  }
  const figures = (largest: number, total: number, count: number): StrainFigures => ({
    max: largest,
    mean: count > 0 ? total / count : 0,
  });
  return {
    body: figures(bodyMax, bodySum, bodyCounted),
    slots: Array.from({ length: slotCount }, (_, slot) => figures(max[slot], sum[slot], counted[slot])),
  };
}

/** Distance between vertices a and b of `p`, m: √(dx² + dy² + dz²). */
function lengthM(p: Float64Array, a: number, b: number): number {
  const dx = p[3 * a] - p[3 * b];
  const dy = p[3 * a + 1] - p[3 * b + 1];
  const dz = p[3 * a + 2] - p[3 * b + 2];
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Current volume (solid), area (cloth) or length (rope) of the body. */
function currentMeasure(body: BodyRuntime, x: Float64Array): number {
  const g = body.geometry;
  const local = x.subarray(3 * body.offset, 3 * (body.offset + body.count));
  let sum = 0;
  if (g.kind === 'solid') {
    for (let t = 0; t < g.tets.length; t += 4)
      sum += signedTetVolumeM3(local, g.tets[t], g.tets[t + 1], g.tets[t + 2], g.tets[t + 3]);
  } else if (g.kind === 'cloth') {
    for (let t = 0; t < g.triangles.length; t += 3)
      sum += triangleAreaM2(local, g.triangles[t], g.triangles[t + 1], g.triangles[t + 2]);
  } else {
    for (let e = 0; e < g.edges.length; e += 2) {
      const a = 3 * g.edges[e];
      const b = 3 * g.edges[e + 1];
      sum += Math.hypot(local[a] - local[b], local[a + 1] - local[b + 1], local[a + 2] - local[b + 2]);
    }
  }
  return sum;
}

function pinForces(
  body: BodyRuntime,
  state: ParticleState,
  gravity: Vec3,
  substepS: number,
  freeForceN: Float64Array | undefined,
): number[] {
  if (body.pins.length === 0) return [];
  const internal = new Float64Array(3 * state.count);
  const attachment = new Float64Array(3 * state.count);
  const onRigidPins = rigidPinConstraints(body);
  for (const block of body.blocks) {
    if (block.kind === 'attachment') addBlockForces(block, state, substepS, attachment);
    else addBlockForces(block, state, substepS, internal, onRigidPins(block));
  }
  const forces = body.pins.map((pin) => {
    const total = [0, 0, 0];
    for (const p of pin.particles) {
      for (let a = 0; a < 3; a++) {
        total[a] += pin.soft
          ? attachment[3 * p + a]
          : -(internal[3 * p + a] + state.mass[p] * gravity[a] + heldAirForceN(body, p, a));
      }
    }
    return total;
  });
  if (freeForceN) correctRigidTotal(body, state, gravity, forces, attachment, freeForceN);
  return forces.map((f) => Math.hypot(f[0], f[1], f[2]));
}

/** Per body, its blocks' constraints on rigidly pinned particles (rigidPinConstraints). */
const rigidPinSubsets = new WeakMap<BodyRuntime, Map<ConstraintBlock, ConstraintSubset>>();

/**
 * The constraints of a block of `body` that touch a rigidly pinned particle, block order. pinForces
 * reads the internal forces on those particles only, and only these constraints add to them (in
 * the same order as a sweep over the whole block, so the same floats): on a hanging cloth a few
 * dozen of its tens of thousands. Found on the body's first measure; a body keeps its blocks' and
 * pins' particles for its life.
 */
function rigidPinConstraints(body: BodyRuntime): (block: ConstraintBlock) => ConstraintSubset {
  let subsets = rigidPinSubsets.get(body);
  if (!subsets) {
    subsets = new Map();
    rigidPinSubsets.set(body, subsets);
  }
  const known = subsets;
  return (block) => {
    let subset = known.get(block);
    if (!subset) {
      const pinned = new Set<number>();
      for (const pin of body.pins) if (!pin.soft) for (const p of pin.particles) pinned.add(p);
      const touching: number[] = [];
      const { arity, particles } = block;
      for (let c = 0; c < block.count; c++) {
        if (particles.subarray(arity * c, arity * (c + 1)).some((p) => pinned.has(p))) touching.push(c);
      }
      subset = Uint32Array.from(touching);
      known.set(block, subset);
    }
    return subset;
  };
}

/**
 * The rigid pins together exert Σ_free F − (soft pin forces on free particles) − m_pinned·g − the
 * air's force on the pinned particles (pin-balance.ts); the difference to the λ estimates is shared in proportion to their sizes.
 */
function correctRigidTotal(
  body: BodyRuntime,
  state: ParticleState,
  gravity: Vec3,
  forces: number[][],
  attachment: Float64Array,
  freeForceN: Float64Array,
): void {
  const exact = [freeForceN[0], freeForceN[1], freeForceN[2]];
  for (let p = body.offset; p < body.offset + body.count; p++) {
    for (let a = 0; a < 3; a++) {
      if (state.invMass[p] > 0) exact[a] -= attachment[3 * p + a];
    }
  }
  const rigid: number[] = [];
  body.pins.forEach((pin, j) => {
    if (pin.soft) return;
    rigid.push(j);
    for (const p of pin.particles)
      for (let a = 0; a < 3; a++) exact[a] -= state.mass[p] * gravity[a] + heldAirForceN(body, p, a);
  });
  if (rigid.length === 0) return;
  const estimate = [0, 0, 0];
  let sizeSum = 0;
  for (const j of rigid) {
    for (let a = 0; a < 3; a++) estimate[a] += forces[j][a];
    sizeSum += Math.hypot(forces[j][0], forces[j][1], forces[j][2]);
  }
  for (const j of rigid) {
    const share =
      sizeSum > 0 ? Math.hypot(forces[j][0], forces[j][1], forces[j][2]) / sizeSum : 1 / rigid.length;
    for (let a = 0; a < 3; a++) forces[j][a] += share * (exact[a] - estimate[a]);
  }
}

/** The air's force on rigidly pinned particle `p` (world index) along `axis` in the last substep, N. */
function heldAirForceN(body: BodyRuntime, p: number, axis: number): number {
  return body.aerodynamics ? body.aerodynamics.heldForceN[3 * (p - body.offset) + axis] : 0;
}
