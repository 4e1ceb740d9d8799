import { signedTetVolumeM3 } from '../../../core/material/index.ts';
import type { BodySetup } from '../../../core/setup/setup.ts';

/**
 * Small-strain static equilibrium K·u = f of a pinned mesh, assembled sparsely and solved by a
 * banded Cholesky factorisation (the degrees of freedom numbered along the mesh's longest extent,
 * so a bar or a beam of a few thousand degrees of freedom solves in well under a second). Used to
 * measure what a compliance mapping means physically, free of any solver's iteration or time-step
 * effects: it is what the XPBD engine converges to as the substep shrinks (measured equal within
 * 0.1% at 160 substeps on the calibration scenes).
 */
export class LinearStatics {
  private readonly dofOf: Int32Array;
  private readonly n: number;
  /** Lower triangle, row by row: column → value. */
  private readonly rows: Map<number, number>[];

  constructor(
    private readonly positions: ArrayLike<number>,
    fixed: ArrayLike<number>,
  ) {
    const vertexCount = positions.length / 3;
    const isFixed = new Uint8Array(vertexCount);
    for (const v of Array.from(fixed)) isFixed[v] = 1;
    const extent = [0, 1, 2].map((a) => {
      let min = Infinity;
      let max = -Infinity;
      for (let v = 0; v < vertexCount; v++) {
        min = Math.min(min, positions[3 * v + a]);
        max = Math.max(max, positions[3 * v + a]);
      }
      return max - min;
    });
    const axis = extent.indexOf(Math.max(...extent));
    const order = Array.from({ length: vertexCount }, (_, v) => v).sort(
      (a, b) => positions[3 * a + axis] - positions[3 * b + axis] || a - b,
    );
    this.dofOf = new Int32Array(vertexCount).fill(-1);
    let next = 0;
    for (const v of order) if (!isFixed[v]) this.dofOf[v] = 3 * next++;
    this.n = 3 * next;
    this.rows = Array.from({ length: this.n }, () => new Map<number, number>());
  }

  private add(row: number, col: number, value: number): void {
    if (col > row) return;
    const r = this.rows[row];
    r.set(col, (r.get(col) ?? 0) + value);
  }

  /** Adds a 12×12 (or smaller) element block: `vertices` and the block, row-major, 3 per vertex. */
  addBlock(vertices: readonly number[], block: ArrayLike<number>): void {
    const size = 3 * vertices.length;
    for (let i = 0; i < size; i++) {
      const row = this.dofOf[vertices[Math.floor(i / 3)]];
      if (row < 0) continue;
      for (let j = 0; j < size; j++) {
        const col = this.dofOf[vertices[Math.floor(j / 3)]];
        if (col < 0) continue;
        this.add(row + (i % 3), col + (j % 3), block[i * size + j]);
      }
    }
  }

  /** A spring of stiffness k (N/m) between a and b: k·n·nᵀ. */
  addSpring(a: number, b: number, stiffnessNPerM: number): void {
    const x = this.positions;
    const d = [x[3 * b] - x[3 * a], x[3 * b + 1] - x[3 * a + 1], x[3 * b + 2] - x[3 * a + 2]];
    const l = Math.hypot(d[0], d[1], d[2]);
    const nrm = d.map((c) => c / l);
    const block = new Float64Array(36);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) {
        const v = stiffnessNPerM * nrm[i] * nrm[j];
        block[i * 6 + j] = v;
        block[(i + 3) * 6 + j + 3] = v;
        block[i * 6 + j + 3] = -v;
        block[(i + 3) * 6 + j] = -v;
      }
    this.addBlock([a, b], block);
  }

  /** Gradients of the volume of tet (a, b, c, d) at rest, 12 values, m². */
  volumeGradient(tet: readonly number[]): Float64Array {
    const x = this.positions;
    const p = tet.map((v) => [x[3 * v], x[3 * v + 1], x[3 * v + 2]]);
    const sub = (u: number[], v: number[]) => [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
    const cross = (u: number[], v: number[]) => [
      u[1] * v[2] - u[2] * v[1],
      u[2] * v[0] - u[0] * v[2],
      u[0] * v[1] - u[1] * v[0],
    ];
    const g1 = cross(sub(p[2], p[0]), sub(p[3], p[0]));
    const g2 = cross(sub(p[3], p[0]), sub(p[1], p[0]));
    const g3 = cross(sub(p[1], p[0]), sub(p[2], p[0]));
    const g0 = [0, 1, 2].map((k) => -(g1[k] + g2[k] + g3[k]));
    return Float64Array.from([...g0, ...g1, ...g2, ...g3].map((v) => v / 6));
  }

  /** A volume constraint C = V − V0 of compliance α (m³/Pa): (1/α)·∇V·∇Vᵀ. */
  addVolume(tet: readonly number[], complianceM3PerPa: number): void {
    const g = this.volumeGradient(tet);
    const block = new Float64Array(144);
    for (let i = 0; i < 12; i++)
      for (let j = 0; j < 12; j++) block[i * 12 + j] = (g[i] * g[j]) / complianceM3PerPa;
    this.addBlock(tet, block);
  }

  /** A linear elastic tet (Lamé λ, μ in Pa): V·Bᵀ·D·B with ψ = μ·ε:ε + λ/2·(tr ε)². */
  addLinearTet(tet: readonly number[], lambdaPa: number, muPa: number): void {
    const g = this.volumeGradient(tet);
    const volume = Math.abs(
      ((): number => {
        const x = this.positions;
        const e = [1, 2, 3].map((k) => [0, 1, 2].map((c) => x[3 * tet[k] + c] - x[3 * tet[0] + c]));
        return (
          (e[0][0] * (e[1][1] * e[2][2] - e[1][2] * e[2][1]) -
            e[0][1] * (e[1][0] * e[2][2] - e[1][2] * e[2][0]) +
            e[0][2] * (e[1][0] * e[2][1] - e[1][1] * e[2][0])) /
          6
        );
      })(),
    );
    // ∇N_i = ∇_i V / V for linear shape functions.
    const grad = (i: number, c: number) => g[3 * i + c] / volume;
    const block = new Float64Array(144);
    for (let i = 0; i < 4; i++)
      for (let a = 0; a < 3; a++)
        for (let j = 0; j < 4; j++)
          for (let b = 0; b < 3; b++) {
            let dot = 0;
            for (let c = 0; c < 3; c++) dot += grad(i, c) * grad(j, c);
            const value =
              muPa * ((a === b ? dot : 0) + grad(i, b) * grad(j, a)) + lambdaPa * grad(i, a) * grad(j, b);
            block[(3 * i + a) * 12 + 3 * j + b] = volume * value;
          }
    this.addBlock(tet, block);
  }

  /**
   * A nodal volume constraint (core/sim/constraints/nodal-volume.ts) of compliance α (m³/Pa) on
   * the star of `vertex` among `tets` (4 per tet): (1/α)·∇V_n·∇V_nᵀ, ∇V_n = Σ_{t ∋ n} ∇V_t/4.
   */
  addNodalVolume(vertex: number, tets: ArrayLike<number>, complianceM3PerPa: number): void {
    const gradient = new Map<number, number[]>();
    for (let t = 0; t < tets.length / 4; t++) {
      const tet = [tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]];
      if (!tet.includes(vertex)) continue;
      const g = this.volumeGradient(tet);
      tet.forEach((v, k) => {
        const sum = gradient.get(v) ?? [0, 0, 0];
        for (let c = 0; c < 3; c++) sum[c] += g[3 * k + c] / 4;
        gradient.set(v, sum);
      });
    }
    const vertices = [...gradient.keys()];
    const g = vertices.flatMap((v) => gradient.get(v) ?? []);
    const size = g.length;
    const block = new Float64Array(size * size);
    for (let i = 0; i < size; i++)
      for (let j = 0; j < size; j++) block[i * size + j] = (g[i] * g[j]) / complianceM3PerPa;
    this.addBlock(vertices, block);
  }

  /**
   * Every constraint set of a compiled body, linearised at rest: springs, tet and nodal volumes,
   * and neo-Hookean tets as linear tets with μ = 1/(α_D·V) and λ = λ_NH − μ, λ_NH = 1/(α_H·V)
   * (their small-strain limit, neo-hookean.ts). Soft pins, dampers, tethers and the like add nothing.
   */
  addBody(body: BodySetup): void {
    for (const set of body.constraints) {
      switch (set.kind) {
        case 'distance':
          for (let e = 0; e < set.complianceMPerN.length; e++)
            this.addSpring(set.particles[2 * e], set.particles[2 * e + 1], 1 / set.complianceMPerN[e]);
          break;
        case 'tet-volume':
          for (let c = 0; c < set.complianceM3PerPa.length; c++)
            this.addVolume(Array.from(set.tets.subarray(4 * c, 4 * c + 4)), set.complianceM3PerPa[c]);
          break;
        case 'nodal-volume':
          for (let c = 0; c < set.vertices.length; c++)
            this.addNodalVolume(set.vertices[c], set.tets, set.complianceM3PerPa[c]);
          break;
        case 'neo-hookean':
          for (let t = 0; t < set.gamma.length; t++) {
            const tet = Array.from(set.tets.subarray(4 * t, 4 * t + 4));
            const volume = Math.abs(signedTetVolumeM3(this.positions, tet[0], tet[1], tet[2], tet[3]));
            const mu = 1 / (set.deviatoricCompliancePerJ[t] * volume);
            const lambdaNh = 1 / (set.hydrostaticCompliancePerJ[t] * volume);
            this.addLinearTet(tet, lambdaNh - mu, mu);
          }
          break;
        default:
          break;
      }
    }
  }

  /** Displacements (m, xyz per vertex, 0 at fixed vertices) under forces (N, xyz per vertex). */
  solve(forces: ArrayLike<number>): Float64Array {
    const n = this.n;
    let band = 0;
    this.rows.forEach((row, i) => {
      for (const j of row.keys()) band = Math.max(band, i - j);
    });
    const w = band + 1;
    const a = new Float64Array(n * w); // a[i·w + (i − j)] = L[i][j], j ≤ i
    this.rows.forEach((row, i) => {
      for (const [j, value] of row) a[i * w + (i - j)] = value;
    });
    for (let j = 0; j < n; j++) {
      let d = a[j * w];
      for (let k = Math.max(0, j - band); k < j; k++) d -= a[j * w + (j - k)] ** 2;
      if (!(d > 0)) throw new Error(`LinearStatics: stiffness not positive definite at dof ${j}`);
      const ljj = Math.sqrt(d);
      a[j * w] = ljj;
      for (let i = j + 1; i <= Math.min(n - 1, j + band); i++) {
        let value = a[i * w + (i - j)];
        for (let k = Math.max(0, i - band); k < j; k++) value -= a[i * w + (i - k)] * a[j * w + (j - k)];
        a[i * w + (i - j)] = value / ljj;
      }
    }
    const u = new Float64Array(n);
    const vertexCount = this.dofOf.length;
    for (let v = 0; v < vertexCount; v++)
      if (this.dofOf[v] >= 0) for (let c = 0; c < 3; c++) u[this.dofOf[v] + c] = forces[3 * v + c];
    for (let i = 0; i < n; i++) {
      let value = u[i];
      for (let k = Math.max(0, i - band); k < i; k++) value -= a[i * w + (i - k)] * u[k];
      u[i] = value / a[i * w];
    }
    for (let i = n - 1; i >= 0; i--) {
      let value = u[i];
      for (let k = i + 1; k <= Math.min(n - 1, i + band); k++) value -= a[k * w + (k - i)] * u[k];
      u[i] = value / a[i * w];
    }
    const out = new Float64Array(3 * vertexCount);
    for (let v = 0; v < vertexCount; v++)
      if (this.dofOf[v] >= 0) for (let c = 0; c < 3; c++) out[3 * v + c] = u[this.dofOf[v] + c];
    return out;
  }
}
