import { signedTetVolumeM3 } from '../../math/mesh-measures.ts';
import type { ParticleState } from '../state.ts';
import type { NeoHookeanStiffnessLimit } from '../stiffness-limit.ts';
import { tableRow } from './compliance-table.ts';
import type { DihedralBendBlock } from './dihedral-bend.ts';
import type { DistanceBlock } from './distance.ts';
import {
  ALPHA_COUPLING,
  ALPHA_NORMAL,
  ALPHA_NORMAL_WEFT,
  ALPHA_SHEAR,
  MEMBRANE_ROW,
  type MembraneBlock,
  membraneStrain,
} from './membrane.ts';
import type { NeoHookeanBlock } from './neo-hookean.ts';
import { type NodalVolumeBlock, nodalVolumeM3 } from './nodal-volume.ts';
import { type PlateBendBlock, plateBendConstraintEnergyJ } from './plate-bend.ts';
import type { RopeBendBlock } from './rope-bend.ts';
import type { TetVolumeBlock } from './tet-volume.ts';

/**
 * Elastic energy stored in a block of each kind that stores any, J, at the current positions
 * (the table in kinds.ts names them; block-energy.ts looks them up). Each compliant constraint stores
 * U = ½·C²/α (the XPBD energy; Macklin, Müller & Chentanez 2016, eq. 2); rigid constraints
 * (α = 0, classic PBD mode) store nothing.
 */

/** Receives the energy of each constraint of a block, J (per-group sums in body-metrics.ts). */
export type EnergySink = (constraint: number, energyJ: number) => void;

/** Distance: ½·C²/α with C = |x_a − x_b| − L0. */
export function distanceEnergyJ(block: DistanceBlock, state: ParticleState, sink?: EnergySink): number {
  const { particles, restLengthM: restLength, complianceMPerN: compliance, count } = block;
  const x = state.x;
  let energy = 0;
  for (let c = 0; c < count; c++) {
    if (!(compliance[c] > 0)) continue;
    const a = 3 * particles[2 * c];
    const b = 3 * particles[2 * c + 1];
    const length = Math.hypot(x[a] - x[b], x[a + 1] - x[b + 1], x[a + 2] - x[b + 2]);
    const stretch = length - restLength[c];
    const constraintEnergy = (0.5 * stretch * stretch) / compliance[c];
    energy += constraintEnergy;
    sink?.(c, constraintEnergy);
  }
  return energy;
}

/** Tet volume: ½·C²/α with C = V − V0. */
export function tetVolumeEnergyJ(block: TetVolumeBlock, state: ParticleState, sink?: EnergySink): number {
  const { particles, restVolumeM3: restVolume, complianceM3PerPa: compliance, count } = block;
  const x = state.x;
  let energy = 0;
  for (let t = 0; t < count; t++) {
    if (!(compliance[t] > 0)) continue;
    const change =
      signedTetVolumeM3(
        x,
        particles[4 * t],
        particles[4 * t + 1],
        particles[4 * t + 2],
        particles[4 * t + 3],
      ) - restVolume[t];
    const constraintEnergy = (0.5 * change * change) / compliance[t];
    energy += constraintEnergy;
    sink?.(t, constraintEnergy);
  }
  return energy;
}

/** Nodal volume: ½·C²/α with C = V_n − V_n0 (the star volume of each vertex, nodal-volume.ts). */
export function nodalVolumeEnergyJ(block: NodalVolumeBlock, state: ParticleState, sink?: EnergySink): number {
  const { restVolumeM3: restVolume, complianceM3PerPa: compliance, count } = block;
  let energy = 0;
  for (let c = 0; c < count; c++) {
    if (!(compliance[c] > 0)) continue;
    const change = nodalVolumeM3(block, state.x, c) - restVolume[c];
    const constraintEnergy = (0.5 * change * change) / compliance[c];
    energy += constraintEnergy;
    sink?.(c, constraintEnergy);
  }
  return energy;
}

/**
 * Dihedral angle of hinge c (x0, x1 the edge; x2, x3 the wings), rad, the same convention as
 * constraints/dihedral-bend.ts: θ = atan2((n_A × n_B)·e, (n_A·n_B)·|e|). NaN when degenerate.
 */
function hingeAngle(x: Float64Array, particles: Uint32Array, c: number): number {
  const i0 = 3 * particles[4 * c];
  const i1 = 3 * particles[4 * c + 1];
  const i2 = 3 * particles[4 * c + 2];
  const i3 = 3 * particles[4 * c + 3];
  const ex = x[i1] - x[i0];
  const ey = x[i1 + 1] - x[i0 + 1];
  const ez = x[i1 + 2] - x[i0 + 2];
  const ax = x[i2] - x[i0];
  const ay = x[i2 + 1] - x[i0 + 1];
  const az = x[i2 + 2] - x[i0 + 2];
  const bx = x[i3] - x[i0];
  const by = x[i3 + 1] - x[i0 + 1];
  const bz = x[i3 + 2] - x[i0 + 2];
  const nax = ey * az - ez * ay;
  const nay = ez * ax - ex * az;
  const naz = ex * ay - ey * ax;
  const nbx = by * ez - bz * ey;
  const nby = bz * ex - bx * ez;
  const nbz = bx * ey - by * ex;
  const eLength = Math.sqrt(ex * ex + ey * ey + ez * ez);
  if (!(eLength > 0)) return Number.NaN;
  const sine = (nay * nbz - naz * nby) * ex + (naz * nbx - nax * nbz) * ey + (nax * nby - nay * nbx) * ez;
  const cosine = (nax * nbx + nay * nby + naz * nbz) * eLength;
  if (sine === 0 && cosine === 0) return Number.NaN;
  return Math.atan2(sine, cosine);
}

/** Plate bending: ½·Cᵀ·α⁻¹·C with C the triangle's hinge angles θ − θ0 (plate-bend.ts). */
export function plateBendEnergyJ(block: PlateBendBlock, state: ParticleState, sink?: EnergySink): number {
  let energy = 0;
  for (let t = 0; t < block.count; t++) {
    const constraintEnergy = plateBendConstraintEnergyJ(block, state.x, t);
    energy += constraintEnergy;
    sink?.(t, constraintEnergy);
  }
  return energy;
}

/** Dihedral bending: ½·C²/α with C = θ − θ0, wrapped to (−π, π]. */
export function dihedralBendEnergyJ(
  block: DihedralBendBlock,
  state: ParticleState,
  sink?: EnergySink,
): number {
  const { particles, restAngleRad: restAngle, compliancePerNM: compliance, count } = block;
  const x = state.x;
  let energy = 0;
  for (let c = 0; c < count; c++) {
    if (!(compliance[c] > 0)) continue;
    const theta = hingeAngle(x, particles, c);
    if (Number.isNaN(theta)) continue;
    let bend = theta - restAngle[c];
    if (bend > Math.PI) bend -= 2 * Math.PI;
    else if (bend <= -Math.PI) bend += 2 * Math.PI;
    const constraintEnergy = (0.5 * bend * bend) / compliance[c];
    energy += constraintEnergy;
    sink?.(c, constraintEnergy);
  }
  return energy;
}

/**
 * Stable neo-Hookean energy of each tet with its rest value removed (Macklin & Müller 2021, eq. 13
 * minus the constant μ²/(2λ_NH) that γ introduces):
 *   U = V·(μ/2·(I_C − 3) − μ·(J − 1) + λ_NH/2·(J − 1)²),  I_C = ‖F‖², J = det F,
 * with μ = 1/(α_D·V) and λ_NH = 1/(α_H·V) read back from the compliances. Zero at F = I and, to
 * second order, the linear elastic energy. The compliances are those of the material as asked,
 * before `limit` (stiffness-limit.ts) scaled them.
 */
export function neoHookeanEnergyJ(
  block: NeoHookeanBlock,
  state: ParticleState,
  sink?: EnergySink,
  limit?: NeoHookeanStiffnessLimit,
): number {
  const { particles, inverseRestShape, restVolumeM3: restVolume, count } = block;
  const limited = limit?.block === block;
  const complianceDeviatoric = limited ? limit.complianceDeviatoric : block.complianceDeviatoric;
  const complianceHydrostatic = limited ? limit.complianceHydrostatic : block.complianceHydrostatic;
  const x = state.x;
  let energy = 0;
  for (let t = 0; t < count; t++) {
    const volume = restVolume[t];
    if (!(complianceDeviatoric[t] > 0) || !(volume > 0)) continue;
    const i0 = 3 * particles[4 * t];
    const i1 = 3 * particles[4 * t + 1];
    const i2 = 3 * particles[4 * t + 2];
    const i3 = 3 * particles[4 * t + 3];
    const o = 9 * t;
    let normSq = 0;
    const f = scratchF;
    for (let r = 0; r < 3; r++) {
      const e1 = x[i1 + r] - x[i0 + r];
      const e2 = x[i2 + r] - x[i0 + r];
      const e3 = x[i3 + r] - x[i0 + r];
      for (let c = 0; c < 3; c++) {
        const value =
          e1 * inverseRestShape[o + c] + e2 * inverseRestShape[o + 3 + c] + e3 * inverseRestShape[o + 6 + c];
        f[3 * c + r] = value;
        normSq += value * value;
      }
    }
    const det =
      f[0] * (f[4] * f[8] - f[5] * f[7]) -
      f[3] * (f[1] * f[8] - f[2] * f[7]) +
      f[6] * (f[1] * f[5] - f[2] * f[4]);
    const mu = 1 / (complianceDeviatoric[t] * volume);
    let density = 0.5 * mu * (normSq - 3) - mu * (det - 1);
    if (complianceHydrostatic[t] > 0) {
      const lambda = 1 / (complianceHydrostatic[t] * volume);
      density += 0.5 * lambda * (det - 1) * (det - 1);
    }
    energy += volume * density;
    sink?.(t, volume * density);
  }
  return energy;
}

const scratchF = new Float64Array(9);

/**
 * Cloth membrane: ½·CᵀKC per triangle with C the Green strain (E₁₁, E₂₂, E₁₂) and K = α⁻¹ read
 * back from the compliance matrix [a c 0; c b 0; 0 0 s] (membrane.ts; b = a unless orthotropic):
 * zero at rest.
 */
export function membraneEnergyJ(block: MembraneBlock, state: ParticleState, sink?: EnergySink): number {
  const { compliance: alpha, complianceIndex, count } = block;
  const strain = scratchStrain;
  let energy = 0;
  for (let t = 0; t < count; t++) {
    const row = MEMBRANE_ROW * tableRow(complianceIndex, t);
    const a = alpha[row + ALPHA_NORMAL];
    const b = alpha[row + ALPHA_NORMAL_WEFT];
    const c = alpha[row + ALPHA_COUPLING];
    const s = alpha[row + ALPHA_SHEAR];
    const normalDet = a * b - c * c;
    if (!(normalDet > 0) || !(s > 0)) continue;
    membraneStrain(state.x, block, t, strain);
    const [e11, e22, e12] = strain;
    const triangleEnergy =
      0.5 * ((b * e11 * e11 + a * e22 * e22 - 2 * c * e11 * e22) / normalDet + (e12 * e12) / s);
    energy += triangleEnergy;
    sink?.(t, triangleEnergy);
  }
  return energy;
}

const scratchStrain = new Float64Array(3);

/** Rope bending: ½·|C|²/α with C = x_{i−1} − 2x_i + x_{i+1} (straight at rest; constraints/rope-bend.ts). */
export function ropeBendEnergyJ(block: RopeBendBlock, state: ParticleState, sink?: EnergySink): number {
  const { particles, complianceMPerN: compliance, count } = block;
  const x = state.x;
  let energy = 0;
  for (let c = 0; c < count; c++) {
    if (!(compliance[c] > 0)) continue;
    const a = 3 * particles[3 * c];
    const b = 3 * particles[3 * c + 1];
    const d = 3 * particles[3 * c + 2];
    let sq = 0;
    for (let k = 0; k < 3; k++) {
      const value = x[a + k] - 2 * x[b + k] + x[d + k];
      sq += value * value;
    }
    const constraintEnergy = (0.5 * sq) / compliance[c];
    energy += constraintEnergy;
    sink?.(c, constraintEnergy);
  }
  return energy;
}
