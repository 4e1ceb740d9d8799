import { triangleArea } from './body-geometry.ts';
import type { BodyRuntime } from './body-runtime.ts';
import { addBlockForces } from './constraints/index.ts';
import { tetVolume } from './constraints/tet-rest.ts';
import type { Vec3 } from './scene.ts';
import type { ParticleState } from './state.ts';
import type { BodyMetrics } from './world.ts';

/**
 * Figures of one body at the current state. Pin forces: the constraint forces of the last
 * substep are λ·∇C/h². A rigid pin holds its particles still, so by Newton's second law it exerts
 * −(Σ constraint forces + m·g) on each of them (exact at rest, where it is the weight it carries);
 * a soft pin exerts its attachment force λ·n/h². Each pin reports |Σ over its particles|.
 */
export function measureBody(
  body: BodyRuntime,
  state: ParticleState,
  gravity: Vec3,
  substepS: number,
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
  const centroid: [number, number, number] = [0, 1, 2].map((a) =>
    totalMass > 0 ? moment[a] / totalMass : 0,
  ) as [number, number, number];
  return {
    name: body.spec.name,
    centroid,
    bboxMin: min,
    bboxMax: max,
    kineticEnergyJ: kinetic,
    massKg: totalMass,
    freeMassKg: freeMass,
    maxStrain: maxEdgeStrain(body, x),
    volumeRatio: currentMeasure(body, x) / body.geometry.restMeasure,
    pinForcesN: pinForces(body, state, gravity, substepS),
    resolution: (substepS * body.waveSpeedMPerS) / body.meanEdgeLengthM,
  };
}

function maxEdgeStrain(body: BodyRuntime, x: Float64Array): number {
  const edges = body.geometry.edges;
  let strain = 0;
  for (let e = 0; e < edges.length / 2; e++) {
    const a = 3 * (edges[2 * e] + body.offset);
    const b = 3 * (edges[2 * e + 1] + body.offset);
    const length = Math.hypot(x[a] - x[b], x[a + 1] - x[b + 1], x[a + 2] - x[b + 2]);
    const rest = body.edgeRestLengthM[e];
    if (rest > 0) strain = Math.max(strain, Math.abs(length / rest - 1));
  }
  return strain;
}

/** Current volume (solid), area (cloth) or length (rope) of the body. */
function currentMeasure(body: BodyRuntime, x: Float64Array): number {
  const g = body.geometry;
  const local = x.subarray(3 * body.offset, 3 * (body.offset + body.count));
  let sum = 0;
  if (g.kind === 'solid') {
    for (let t = 0; t < g.tets.length; t += 4)
      sum += tetVolume(local, g.tets[t], g.tets[t + 1], g.tets[t + 2], g.tets[t + 3]);
  } else if (g.kind === 'cloth') {
    for (let t = 0; t < g.triangles.length; t += 3)
      sum += triangleArea(local, g.triangles[t], g.triangles[t + 1], g.triangles[t + 2]);
  } else {
    for (let e = 0; e < g.edges.length; e += 2) {
      const a = 3 * g.edges[e];
      const b = 3 * g.edges[e + 1];
      sum += Math.hypot(local[a] - local[b], local[a + 1] - local[b + 1], local[a + 2] - local[b + 2]);
    }
  }
  return sum;
}

function pinForces(body: BodyRuntime, state: ParticleState, gravity: Vec3, substepS: number): number[] {
  if (body.pins.length === 0) return [];
  const internal = new Float64Array(3 * state.count);
  const attachment = new Float64Array(3 * state.count);
  for (const block of body.blocks) {
    addBlockForces(block, state, substepS, block.kind === 'attachment' ? attachment : internal);
  }
  return body.pins.map((pin) => {
    const total = [0, 0, 0];
    for (const p of pin.particles) {
      for (let a = 0; a < 3; a++) {
        total[a] += pin.soft ? attachment[3 * p + a] : -(internal[3 * p + a] + state.mass[p] * gravity[a]);
      }
    }
    return Math.hypot(total[0], total[1], total[2]);
  });
}
