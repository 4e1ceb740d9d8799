import type { AerodynamicsSetup } from '../setup/setup.ts';
import type { ParticleState } from './state.ts';

/**
 * Air drag and lift on a body's surface triangles: an external force added to the substep's
 * velocity prediction, like gravity (xpbd-world.ts).
 *
 * Per triangle (vertices a, b, c; current positions, so a stretched or turned triangle catches the
 * air it now presents):
 *   v      = (v_a + v_b + v_c)/3 − w          velocity relative to the air (w the wind), m/s
 *   A, n   = |e₁ × e₂|/2, (e₁ × e₂)/|e₁ × e₂|  area (m²) and unit normal, e₁ = x_b − x_a, e₂ = x_c − x_a
 *   cos θ  = n·v̂                               θ the angle between the normal and the flow
 *   F_d    = −½ρ·C_d·A·|cos θ|·|v|²·v̂          drag, against v, on the area projected across the flow
 *   F_l    = −½ρ·C_l·A·cos θ·|v|²·(n − cos θ·v̂) lift, across v in the plane of v and n;
 *                                               |F_l| = ½ρ·C_l·A·|v|²·|cos θ|·sin θ
 * ρ in kg/m³, A in m², |v|² in m²/s²: ½ρ·A·|v|² is in N and C_d, C_l are dimensionless. This is the
 * usual per-triangle cloth form (a flat plate's force split into drag and lift: Ling 1997, "Animation
 * of stochastic motion of 3-D cloth objects", Computers & Graphics 21(6); Keckeisen et al. 2004,
 * "Modelling effects of wind fields in cloth animations", WSCG): both forces are even
 * in n, so a sheet's winding does not matter, and lift vanishes edge-on (cos θ = 0) and face-on
 * (sin θ = 0), pushing the sheet away from the side the air comes from. Each vertex gets a third of
 * its triangles' forces (the triangle's mass is lumped the same way, body-geometry.ts). A closed
 * surface (`windwardOnly`) counts only faces with n·v > 0 — those moving into the air — so a
 * block's far side does not double its drag; an open sheet counts every triangle, once.
 *
 * Time integration. The forces are evaluated at the start of the substep (x, v before prediction)
 * and added to the predicted velocity, explicitly: Δv_i = h·F_i/m_i. Explicit is exact where it
 * matters for checking the model: a body falling at terminal velocity feels exactly its weight
 * back (k·v² = m·g with no O(h) term), and a held body in a steady wind feels exactly ½ρ·C·A·|w|²
 * (a semi-implicit Δv = h·F/(m + h·c) would shave a factor m/(m + h·c) off that load at every
 * substep, since the constraints keep v from ever reaching the wind). Its weakness is the stiff
 * case: when h·c/m ≥ 1, c = Σ ½ρ·C·A·|cos θ|·|v|/3 of the vertex's triangles in N·s/m, explicit
 * drag would more than cancel the relative velocity within one substep and reverse it (and grow).
 * So each vertex's step is limited: Δv_i = h·F_i / max(m_i, h·c_i) — below h·c/m = 1 (every
 * usual cloth, wind and substep: cotton at 20 m/s and 600 Hz has h·c/m ≈ 0.15) nothing changes;
 * above it the drag at most brings the vertex to the air's velocity, never past it, so large dt
 * stays stable. c_i also counts the lift's |F_l|/|v|, which the same limit keeps bounded.
 *
 * Still air on a still body gives v = 0 and no force at all (no momentum from nothing); still air
 * on a moving body takes momentum out of it, as air does.
 */
export class BodyAerodynamics {
  /** Velocity change of each of the body's particles in this substep, m/s (3 per particle). */
  private readonly dv: Float64Array;
  /** Σ over the particle's triangles of a third of F/|v|, N·s/m (the limiter's rate). */
  private readonly rate: Float64Array;
  /**
   * The air's force on each rigidly pinned particle in the last substep, N (3 per body particle, 0
   * for free ones): the pin takes it, so pin forces report it (body-metrics.ts).
   */
  readonly heldForceN: Float64Array;

  constructor(
    private readonly offset: number,
    private readonly count: number,
    /** Body-local indices, 3 per triangle (the geometry's surface triangles). */
    private readonly triangles: Uint32Array,
    private readonly setup: AerodynamicsSetup,
    private readonly airDensityKgM3: number,
  ) {
    this.dv = new Float64Array(3 * count);
    this.rate = new Float64Array(count);
    this.heldForceN = new Float64Array(3 * count);
  }

  /** Before the prediction: forces from the start-of-substep state, as velocity changes. */
  compute(state: ParticleState, windMPerS: Float64Array, h: number): void {
    const { x, v, mass, invMass } = state;
    const dv = this.dv;
    const rate = this.rate;
    const held = this.heldForceN;
    dv.fill(0);
    rate.fill(0);
    held.fill(0);
    const tris = this.triangles;
    const drag = this.setup.dragCoefficient;
    const lift = this.setup.liftCoefficient;
    const windwardOnly = this.setup.windwardOnly;
    const halfRho = 0.5 * this.airDensityKgM3;
    const [wx, wy, wz] = windMPerS;
    const o = this.offset;
    for (let t = 0; t < drag.length; t++) {
      const cd = drag[t];
      const cl = lift[t];
      if (cd === 0 && cl === 0) continue;
      const la = tris[3 * t];
      const lb = tris[3 * t + 1];
      const lc = tris[3 * t + 2];
      const a = 3 * (o + la);
      const b = 3 * (o + lb);
      const c = 3 * (o + lc);
      const vx = (v[a] + v[b] + v[c]) / 3 - wx;
      const vy = (v[a + 1] + v[b + 1] + v[c + 1]) / 3 - wy;
      const vz = (v[a + 2] + v[b + 2] + v[c + 2]) / 3 - wz;
      const speed2 = vx * vx + vy * vy + vz * vz;
      if (!(speed2 > 0)) continue;
      const e1x = x[b] - x[a];
      const e1y = x[b + 1] - x[a + 1];
      const e1z = x[b + 2] - x[a + 2];
      const e2x = x[c] - x[a];
      const e2y = x[c + 1] - x[a + 1];
      const e2z = x[c + 2] - x[a + 2];
      const nx = e1y * e2z - e1z * e2y;
      const ny = e1z * e2x - e1x * e2z;
      const nz = e1x * e2y - e1y * e2x;
      const twiceArea = Math.sqrt(nx * nx + ny * ny + nz * nz);
      if (!(twiceArea > 0)) continue;
      const speed = Math.sqrt(speed2);
      // cos θ = n·v̂ with n = cross/|cross|.
      const cos = (nx * vx + ny * vy + nz * vz) / (twiceArea * speed);
      if (windwardOnly && !(cos > 0)) continue;
      const absCos = Math.abs(cos);
      const sin = Math.sqrt(Math.max(0, 1 - cos * cos));
      // ½ρ·A·|v|, N·s/m per unit coefficient (A = twiceArea/2).
      const k = halfRho * 0.5 * twiceArea * speed;
      // F_d = −k·C_d·|cos θ|·v.
      const dragPerV = k * cd * absCos;
      // F_l = −k·|v|·C_l·cos θ·(n − cos θ·v̂) = −k·C_l·cos θ·(|v|·n − cos θ·v).
      const liftScale = k * cl * cos;
      const nScale = (liftScale * speed) / twiceArea;
      const fx = -dragPerV * vx - nScale * nx + liftScale * cos * vx;
      const fy = -dragPerV * vy - nScale * ny + liftScale * cos * vy;
      const fz = -dragPerV * vz - nScale * nz + liftScale * cos * vz;
      const r = (dragPerV + k * cl * absCos * sin) / 3;
      share(dv, rate, la, fx / 3, fy / 3, fz / 3, r);
      share(dv, rate, lb, fx / 3, fy / 3, fz / 3, r);
      share(dv, rate, lc, fx / 3, fy / 3, fz / 3, r);
    }
    // Δv = h·F/max(m, h·c): explicit, limited so that drag never reverses v within a substep.
    for (let l = 0; l < this.count; l++) {
      const p = o + l;
      if (invMass[p] === 0) {
        held[3 * l] = dv[3 * l];
        held[3 * l + 1] = dv[3 * l + 1];
        held[3 * l + 2] = dv[3 * l + 2];
        dv[3 * l] = 0;
        dv[3 * l + 1] = 0;
        dv[3 * l + 2] = 0;
        continue;
      }
      const scale = h / Math.max(mass[p], h * rate[l]);
      dv[3 * l] *= scale;
      dv[3 * l + 1] *= scale;
      dv[3 * l + 2] *= scale;
    }
  }

  /** After the prediction: the velocity change joins the predicted velocity and position. */
  apply(state: ParticleState, h: number): void {
    const { x, v } = state;
    const dv = this.dv;
    const start = 3 * this.offset;
    for (let k = 0; k < dv.length; k++) {
      v[start + k] += dv[k];
      x[start + k] += dv[k] * h;
    }
  }
}

/** Adds a vertex's third of a triangle's force (N) and rate (N·s/m). */
function share(
  force: Float64Array,
  rate: Float64Array,
  l: number,
  fx: number,
  fy: number,
  fz: number,
  r: number,
): void {
  force[3 * l] += fx;
  force[3 * l + 1] += fy;
  force[3 * l + 2] += fz;
  rate[l] += r;
}
