/**
 * Small-strain static equilibrium K·u = f of a pinned mesh, assembled densely (test-sized meshes,
 * a few hundred degrees of freedom) and solved by Gaussian elimination. Used to measure what a
 * compliance mapping means physically, free of any solver's iteration or time-step effects.
 */
export class LinearStatics {
  private readonly dofOf: Int32Array;
  private readonly n: number;
  readonly k: Float64Array;

  constructor(
    private readonly positions: ArrayLike<number>,
    fixed: ArrayLike<number>,
  ) {
    const vertexCount = positions.length / 3;
    const isFixed = new Uint8Array(vertexCount);
    for (const v of Array.from(fixed)) isFixed[v] = 1;
    this.dofOf = new Int32Array(vertexCount).fill(-1);
    let next = 0;
    for (let v = 0; v < vertexCount; v++) if (!isFixed[v]) this.dofOf[v] = 3 * next++;
    this.n = 3 * next;
    this.k = new Float64Array(this.n * this.n);
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
        this.k[(row + (i % 3)) * this.n + col + (j % 3)] += block[i * size + j];
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

  /** Displacements (m, xyz per vertex, 0 at fixed vertices) under forces (N, xyz per vertex). */
  solve(forces: ArrayLike<number>): Float64Array {
    const n = this.n;
    const a = Float64Array.from(this.k);
    const rhs = new Float64Array(n);
    const vertexCount = this.dofOf.length;
    for (let v = 0; v < vertexCount; v++)
      if (this.dofOf[v] >= 0) for (let c = 0; c < 3; c++) rhs[this.dofOf[v] + c] = forces[3 * v + c];
    for (let col = 0; col < n; col++) {
      let pivot = col;
      for (let r = col + 1; r < n; r++)
        if (Math.abs(a[r * n + col]) > Math.abs(a[pivot * n + col])) pivot = r;
      if (pivot !== col) {
        for (let k = 0; k < n; k++) [a[col * n + k], a[pivot * n + k]] = [a[pivot * n + k], a[col * n + k]];
        [rhs[col], rhs[pivot]] = [rhs[pivot], rhs[col]];
      }
      const d = a[col * n + col];
      for (let r = col + 1; r < n; r++) {
        const f = a[r * n + col] / d;
        if (f === 0) continue;
        for (let k = col; k < n; k++) a[r * n + k] -= f * a[col * n + k];
        rhs[r] -= f * rhs[col];
      }
    }
    const u = new Float64Array(n);
    for (let r = n - 1; r >= 0; r--) {
      let s = rhs[r];
      for (let k = r + 1; k < n; k++) s -= a[r * n + k] * u[k];
      u[r] = s / a[r * n + r];
    }
    const out = new Float64Array(3 * vertexCount);
    for (let v = 0; v < vertexCount; v++)
      if (this.dofOf[v] >= 0) for (let c = 0; c < 3; c++) out[3 * v + c] = u[this.dofOf[v] + c];
    return out;
  }
}
