import { lameLambdaPa, shearModulusPa } from '../../material/elastic.ts';
import { signedTetVolumeM3 } from '../../math/mesh-measures.ts';
import { elementSlots } from '../../setup/body-groups.ts';
import { restStiffness } from '../../setup/rest-stiffness.ts';
import type { BodySetup } from '../../setup/setup.ts';

/**
 * The largest time step at which an explicit integrator (MuJoCo's flex elasticity: forces from
 * the current positions, then semi-implicit Euler) stays stable on a body, s. Symplectic Euler is
 * stable while h·ω_max < 2, ω_max the body's highest elastic frequency at rest; this returns
 * STABLE_FRACTION·2/ω with ω an upper bound of ω_max:
 *
 * - Solids and cloth membranes: the element eigenvalue bound. With lumped masses assembled from the
 *   elements' (ρV/4 per tet vertex, ρtA/3 per triangle vertex), λ_max(M⁻¹K) ≤ max over elements of
 *   λ_max(M_e⁻¹K_e) ≤ tr(K_e)/m_e. For a linear tet, K_aa = V·(μ(|g_a|²I + g_a g_aᵀ) + λ·g_a g_aᵀ)
 *   with g_a the gradient of vertex a's shape function, so tr K_e = V·(λ + 4μ)·Σ|g_a|² and
 *   ω² ≤ 4(λ + 4μ)·Σ|g_a|²/ρ. A plane-stress triangle (λ* = 2λμ/(λ + 2μ)) gives
 *   ω² ≤ 3(λ* + 3μ)·Σ|g_a|²/ρ. This is what a runtime with linear elements (MuJoCo: St. Venant–
 *   Kirchhoff in the Green strain, the same at rest) has, whatever the preview's own discretisation.
 * - Soft pins (a zero-length spring k to the rest position): + max k/m over their particles
 *   (Weyl's inequality for a sum of stiffnesses in the mass metric).
 * - Cloth bending, which has no such bound for the runtime's own discrete bending: the body's
 *   plate-bend stiffness' largest eigenvalue by power iteration, doubled (a √2 margin on ω).
 */
export const STABLE_FRACTION = 0.75;

/** Power iterations for the bending estimate: enough for the top of the spectrum to a few percent. */
const POWER_ITERATIONS = 60;

/** The largest stable explicit step for `body`, s; Infinity when nothing elastic moves. */
export function explicitStableStepS(body: BodySetup): number {
  const omegaSquared = elementBound(body) + softPinBound(body) + 2 * bendingEstimate(body);
  return omegaSquared > 0 ? (STABLE_FRACTION * 2) / Math.sqrt(omegaSquared) : Infinity;
}

/** max over elements of tr(K_e)/m_e, 1/s² (solids' tets, cloth's membrane triangles). */
function elementBound(body: BodySetup): number {
  const g = body.geometry;
  const x = g.positions;
  let bound = 0;
  if (g.kind === 'solid') {
    const slot = elementSlots(body.slots, g.tets, 4);
    for (let t = 0; t < g.tets.length / 4; t++) {
      const v = g.tets.subarray(4 * t, 4 * t + 4);
      const volume = Math.abs(signedTetVolumeM3(x, v[0], v[1], v[2], v[3]));
      if (!(volume > 0)) continue;
      const m = body.slots.materials[slot[t]];
      const mu = shearModulusPa(m.youngModulusPa, m.poissonRatio);
      const lambda = lameLambdaPa(m.youngModulusPa, m.poissonRatio);
      // |g_a| = area of the face opposite a / (3V).
      let gradients = 0;
      for (let a = 0; a < 4; a++) {
        const f = [0, 1, 2, 3].filter((b) => b !== a).map((b) => v[b]);
        gradients += (triangleArea(x, f[0], f[1], f[2]) / (3 * volume)) ** 2;
      }
      bound = Math.max(bound, (4 * (lambda + 4 * mu) * gradients) / m.densityKgM3);
    }
  } else if (g.kind === 'cloth') {
    const slot = elementSlots(body.slots, g.triangles, 3);
    for (let t = 0; t < g.triangles.length / 3; t++) {
      const [a, b, c] = g.triangles.subarray(3 * t, 3 * t + 3);
      const area = triangleArea(x, a, b, c);
      if (!(area > 0)) continue;
      const m = body.slots.materials[slot[t]];
      const mu = shearModulusPa(m.youngModulusPa, m.poissonRatio);
      const lambda = lameLambdaPa(m.youngModulusPa, m.poissonRatio);
      const planeStress = (2 * lambda * mu) / (lambda + 2 * mu);
      // |g_a| = length of the edge opposite a / (2A).
      const gradients =
        (distanceSquared(x, b, c) + distanceSquared(x, c, a) + distanceSquared(x, a, b)) / (2 * area) ** 2;
      bound = Math.max(bound, (3 * (planeStress + 3 * mu) * gradients) / m.densityKgM3);
    }
  }
  return bound;
}

function softPinBound(body: BodySetup): number {
  let bound = 0;
  for (const pin of body.pins) {
    if (!(pin.complianceMPerN > 0)) continue;
    for (const p of pin.particles) {
      const mass = body.geometry.mass[p];
      if (mass > 0) bound = Math.max(bound, 1 / (pin.complianceMPerN * mass));
    }
  }
  return bound;
}

/** λ_max of M⁻¹K over the body's bending sets alone, 1/s² (0 without bending). */
function bendingEstimate(body: BodySetup): number {
  const bending = body.constraints.filter((set) => set.kind === 'plate-bend' || set.kind === 'dihedral-bend');
  if (bending.length === 0) return 0;
  const k = restStiffness(body.geometry, bending, body.pins, 'exact');
  if (!k.elastic) return 0;
  const v = new Float64Array(k.dof);
  const kv = new Float64Array(k.dof);
  // A deterministic start with a component along every mode (no random numbers in an export).
  for (let i = 0; i < k.dof; i++) v[i] = k.free[(i / 3) | 0] * (1 + ((i * 7919) % 13) / 13);
  let lambda = 0;
  for (let it = 0; it < POWER_ITERATIONS; it++) {
    k.apply(v, kv);
    let vKv = 0;
    let vMv = 0;
    let norm = 0;
    for (let i = 0; i < k.dof; i++) {
      const m = k.mass[(i / 3) | 0];
      vKv += v[i] * kv[i];
      vMv += m * v[i] * v[i];
      v[i] = m > 0 ? kv[i] / m : 0;
      norm = Math.max(norm, Math.abs(v[i]));
    }
    if (vMv > 0) lambda = Math.max(lambda, vKv / vMv);
    if (!(norm > 0)) break;
    for (let i = 0; i < k.dof; i++) v[i] /= norm;
  }
  return lambda;
}

function triangleArea(x: Float64Array, a: number, b: number, c: number): number {
  const u = [x[3 * b] - x[3 * a], x[3 * b + 1] - x[3 * a + 1], x[3 * b + 2] - x[3 * a + 2]];
  const w = [x[3 * c] - x[3 * a], x[3 * c + 1] - x[3 * a + 1], x[3 * c + 2] - x[3 * a + 2]];
  return Math.hypot(u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]) / 2;
}

function distanceSquared(x: Float64Array, a: number, b: number): number {
  return (x[3 * a] - x[3 * b]) ** 2 + (x[3 * a + 1] - x[3 * b + 1]) ** 2 + (x[3 * a + 2] - x[3 * b + 2]) ** 2;
}
