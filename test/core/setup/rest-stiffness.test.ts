import { describe, expect, it } from 'vitest';
import { restStiffness } from '../../../core/setup/rest-stiffness.ts';
import { seededRandom } from '../../seeded-random.ts';

/**
 * The rest stiffness (rest-stiffness.ts) against what it must be: its quadratic form vᵀKv is twice
 * the small-strain energy, Σ_tets V·(2μ ε:ε + λ (tr ε)²) plus Σ_edges k·(ê·Δv)², worked out here
 * from the positions alone, and it is symmetric; a symmetric matrix is fixed by its quadratic form,
 * so the two together pin every entry. Its diagonal is the one it reports for the preconditioner.
 */

/** A unit cube, corners a little off the lattice, cut into 5 tets; and one edge across it. */
const positions = Float64Array.from([
  0, 0, 0, 1.02, 0, 0.01, 0, 0.98, 0, 1, 1, 0.03, 0.01, 0, 1, 1, 0.02, 1.01, 0, 1, 0.97, 1.03, 1, 1,
]);
const tets = Uint32Array.from([0, 1, 2, 4, 1, 3, 2, 7, 1, 4, 5, 7, 2, 7, 6, 4, 1, 2, 4, 7]);
const edge = Uint32Array.from([0, 7]);
const tetCount = tets.length / 4;
/** α_D and α_H per tet, J⁻¹, different for each tet. */
const deviatoric = Float64Array.from({ length: tetCount }, (_, t) => 2e-6 * (1 + t / 10));
const hydrostatic = Float64Array.from({ length: tetCount }, (_, t) => 4e-7 * (1 + t / 7));
const edgeComplianceMPerN = 3e-5;

function stiffness() {
  const geometry = { positions, mass: new Float64Array(8).fill(0.1) };
  const constraints = [
    {
      kind: 'neo-hookean',
      tets,
      deviatoricCompliancePerJ: deviatoric,
      hydrostaticCompliancePerJ: hydrostatic,
    },
    { kind: 'distance', particles: edge, complianceMPerN: Float64Array.of(edgeComplianceMPerN) },
  ];
  return restStiffness(geometry as never, constraints as never, [], 'mode');
}

/** n values in [−½, ½) from `seed`. */
function random(seed: number, n: number): Float64Array {
  const next = seededRandom(seed);
  return Float64Array.from({ length: n }, () => next() - 0.5);
}

const dot = (a: Float64Array, b: Float64Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);

/** [x1 − x0, x2 − x0, x3 − x0] of `field` at tet t as the columns of a row-major 3×3. */
function edgeMatrix(field: Float64Array, t: number): number[] {
  const [a, b, c, d] = tets.subarray(4 * t, 4 * t + 4);
  const m: number[] = [];
  for (let r = 0; r < 3; r++) for (const q of [b, c, d]) m.push(field[3 * q + r] - field[3 * a + r]);
  return m;
}

const determinant3 = ([a, b, c, d, e, f, g, h, i]: number[]) =>
  a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);

function inverse3(m: number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = m;
  const det = determinant3(m);
  return [
    e * i - f * h,
    c * h - b * i,
    b * f - c * e,
    f * g - d * i,
    a * i - c * g,
    c * d - a * f,
    d * h - e * g,
    b * g - a * h,
    a * e - b * d,
  ].map((x) => x / det);
}

function multiply3(a: number[], b: number[]): number[] {
  return Array.from({ length: 9 }, (_, k) => {
    const r = Math.floor(k / 3);
    const c = k % 3;
    return a[3 * r] * b[c] + a[3 * r + 1] * b[3 + c] + a[3 * r + 2] * b[6 + c];
  });
}

/** 2 × the small-strain energy of displacement v, J per m² of v. */
function twiceEnergy(v: Float64Array): number {
  let sum = 0;
  for (let t = 0; t < tetCount; t++) {
    const dm = edgeMatrix(positions, t);
    const volume = Math.abs(determinant3(dm)) / 6;
    const mu = 1 / (deviatoric[t] * volume);
    const lambda = 1 / (hydrostatic[t] * volume) - mu;
    const H = multiply3(edgeMatrix(v, t), inverse3(dm));
    let strain2 = 0;
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++) strain2 += ((H[3 * r + c] + H[3 * c + r]) / 2) ** 2;
    const trace = H[0] + H[4] + H[8];
    sum += volume * (2 * mu * strain2 + lambda * trace * trace);
  }
  const [a, b] = edge;
  const d = [0, 1, 2].map((k) => positions[3 * a + k] - positions[3 * b + k]);
  const length = Math.hypot(d[0], d[1], d[2]);
  const stretch = [0, 1, 2].reduce((s, k) => s + (d[k] / length) * (v[3 * a + k] - v[3 * b + k]), 0);
  return sum + (stretch * stretch) / edgeComplianceMPerN;
}

describe('rest stiffness', () => {
  it('has the quadratic form of twice the small-strain energy, and is symmetric', () => {
    const K = stiffness();
    const Kv = new Float64Array(K.dof);
    const Ku = new Float64Array(K.dof);
    for (let seed = 1; seed <= 5; seed++) {
      const v = random(seed, K.dof);
      const u = random(seed + 100, K.dof);
      K.apply(v, Kv);
      K.apply(u, Ku);
      const expected = twiceEnergy(v);
      expect(Math.abs(dot(v, Kv) - expected)).toBeLessThan(1e-12 * expected);
      expect(Math.abs(dot(u, Kv) - dot(v, Ku))).toBeLessThan(1e-12 * expected);
    }
  });

  it('reports its own diagonal (the preconditioner)', () => {
    const K = stiffness();
    const unit = new Float64Array(K.dof);
    const column = new Float64Array(K.dof);
    for (let i = 0; i < K.dof; i++) {
      unit.fill(0);
      unit[i] = 1;
      K.apply(unit, column);
      expect(Math.abs(column[i] - K.diagonal[i])).toBeLessThan(1e-12 * K.diagonal[i]);
    }
  });
});
