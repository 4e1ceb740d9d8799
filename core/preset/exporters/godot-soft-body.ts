import type { Vec3 } from '../../scene/scene.ts';

/**
 * A model of Godot 4's own soft body (Godot Physics 3D, servers/physics_3d/godot_soft_body_3d.cpp,
 * "based on Bullet soft body"), written from reading that file, to choose the `linear_stiffness`
 * the Godot export writes and to test it. What it models:
 *
 * - Nodes: one per distinct vertex position of the mesh's first surface (create_from_trimesh welds
 *   equal positions; node ids in first-occurrence order of the vertex array), each of mass
 *   total_mass / node count; pinned nodes have inverse mass 0.
 * - Links: every triangle edge once, in triangle order (edges (2,0), (0,1), (1,2) of each), then
 *   the "bending" links generate_bending_constraints(2) adds between nodes two edges apart and not
 *   joined by an edge (for j ascending, i > j ascending: link (i, j)); all links have rest length
 *   their rest distance, all the same stiffness. reoptimize_link_order then reorders them (a queue
 *   of links whose nodes no earlier link still writes); the order matters to Gauss-Seidel.
 * - One step per physics tick of length h: v += g·h, x += v·h (predict_motion), then
 *   `simulation_precision` sweeps over the links in order (solve_links) with
 *   k = (L0² − |d|²)/(c0·(L0² + |d|²)), c0 = (w_a + w_b)/linear_stiffness, x_a −= d·k·w_a,
 *   x_b += d·k·w_b, d = x_b − x_a: per sweep a link removes about linear_stiffness of its strain,
 *   split by inverse mass (a PBD distance constraint with squared lengths). Then
 *   v = (x − x_before)·(1 − damping_coefficient)/h.
 *
 * Not modelled: collisions, pressure, wind, drag and the velocity clamp (none act on a body hanging
 * at rest). At rest (v = 0) a step is x ← S(x + g·h²), S the sweeps: the settled shape is the fixed
 * point of that map, whatever the damping, and does not depend on the mass (inverse masses enter
 * only as ratios), only on g·h², the stiffness and the sweep count.
 */

export interface GodotSoftBodyModel {
  /** Rest node positions, m, xyz per node. */
  rest: Float64Array;
  /** 2 nodes per link, in Godot's solve order. */
  links: Uint32Array;
  /** Squared rest length per link, m². */
  restLengthSq: Float64Array;
  /** 1 for a free node, 0 for a pinned one (masses are equal, so only the ratio matters). */
  invMass: Float64Array;
}

/**
 * The model of a soft body whose mesh has `positions` (distinct, one node per vertex) and
 * triangles `indices`, with nodes `pinned` held.
 */
export function godotSoftBodyModel(
  positions: Float64Array,
  indices: Uint32Array,
  pinned: Iterable<number>,
): GodotSoftBodyModel {
  const n = positions.length / 3;
  const neighbours: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  const surface: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const idx = [indices[t], indices[t + 1], indices[t + 2]];
    for (let j = 2, k = 0; k < 3; j = k++) {
      const [a, b] = [idx[j], idx[k]];
      if (a === b || neighbours[a].has(b)) continue;
      neighbours[a].add(b);
      neighbours[b].add(a);
      surface.push(a, b);
    }
  }
  // Nodes two links apart, not linked: link (i, j) for j ascending, then i ascending.
  const bending: number[] = [];
  for (let j = 0; j < n; j++) {
    const far = new Set<number>();
    for (const k of neighbours[j])
      for (const i of neighbours[k]) if (i > j && !neighbours[j].has(i)) far.add(i);
    for (const i of [...far].sort((a, b) => a - b)) bending.push(i, j);
  }
  const links = reoptimizedLinkOrder(Uint32Array.from([...surface, ...bending]), n);
  const restLengthSq = new Float64Array(links.length / 2);
  for (let l = 0; l < restLengthSq.length; l++)
    restLengthSq[l] = distanceSq(positions, links[2 * l], links[2 * l + 1]);
  const invMass = new Float64Array(n).fill(1);
  for (const p of pinned) invMass[p] = 0;
  return { rest: Float64Array.from(positions), links, restLengthSq, invMass };
}

/**
 * Godot's reoptimize_link_order: walking the links in order, each depends on the last earlier link
 * that wrote either of its nodes; links that depend on none start a queue; taking links off the
 * queue in order frees their dependants, which join the queue once both their inputs are free.
 */
function reoptimizedLinkOrder(links: Uint32Array, nodeCount: number): Uint32Array {
  const count = links.length / 2;
  const writtenAt = new Int32Array(nodeCount).fill(-1);
  const pending = new Uint8Array(count);
  const dependants: number[][] = Array.from({ length: count }, () => []);
  const ready: number[] = [];
  for (let l = 0; l < count; l++) {
    const [a, b] = [links[2 * l], links[2 * l + 1]];
    if (writtenAt[a] >= 0) {
      pending[l]++;
      dependants[writtenAt[a]].push(l);
    }
    if (writtenAt[b] >= 0) {
      pending[l]++;
      dependants[writtenAt[b]].push(l);
    }
    if (pending[l] === 0) ready.push(l);
    writtenAt[a] = l;
    writtenAt[b] = l;
  }
  const out = new Uint32Array(links.length);
  let written = 0;
  for (let head = 0; head < ready.length; head++) {
    const l = ready[head];
    out[written++] = links[2 * l];
    out[written++] = links[2 * l + 1];
    // Godot pushes dependants onto the front of a list: the latest first.
    for (const d of dependants[l].slice().reverse()) if (--pending[d] === 0) ready.push(d);
  }
  return out;
}

/** One tick of the model at rest velocity zero from `x` (in place): x ← S(x + g·h²). */
export function godotRestStep(
  model: GodotSoftBodyModel,
  x: Float64Array,
  gravity: Vec3,
  stepS: number,
  linearStiffness: number,
  iterations: number,
): void {
  const { links, restLengthSq, invMass } = model;
  const h2 = stepS * stepS;
  for (let p = 0; p < invMass.length; p++)
    if (invMass[p] > 0) for (let a = 0; a < 3; a++) x[3 * p + a] += gravity[a] * h2;
  for (let sweep = 0; sweep < iterations; sweep++) {
    for (let l = 0; l < restLengthSq.length; l++) {
      const a = links[2 * l];
      const b = links[2 * l + 1];
      const wa = invMass[a];
      const wb = invMass[b];
      if (wa + wb === 0) continue;
      const c0 = (wa + wb) / linearStiffness;
      const dx = x[3 * b] - x[3 * a];
      const dy = x[3 * b + 1] - x[3 * a + 1];
      const dz = x[3 * b + 2] - x[3 * a + 2];
      const lengthSq = dx * dx + dy * dy + dz * dz;
      const c1 = restLengthSq[l];
      if (!(c1 + lengthSq > 1e-12)) continue;
      const k = (c1 - lengthSq) / (c0 * (c1 + lengthSq));
      x[3 * a] -= dx * k * wa;
      x[3 * a + 1] -= dy * k * wa;
      x[3 * a + 2] -= dz * k * wa;
      x[3 * b] += dx * k * wb;
      x[3 * b + 1] += dy * k * wb;
      x[3 * b + 2] += dz * k * wb;
    }
  }
}

/** Anderson acceleration: the past ticks mixed, and the residual (one tick's move, rms) at which it stops. */
const ANDERSON_DEPTH = 8;
const RESIDUAL_TOLERANCE = 1e-7;
const MAX_SETTLE_TICKS = 20_000;

/**
 * The model hanging at rest under `gravity`: the fixed point of godotRestStep from `start` (the
 * rest shape when absent), and the mean displacement along gravity of the nodes `measured`. The
 * fixed point is found by Anderson acceleration of the ticks (Walker & Ni 2011, type II, depth
 * ANDERSON_DEPTH): a soft body takes thousands of plain ticks to settle, and the fixed point is
 * the same. Converged when one tick moves the nodes by under RESIDUAL_TOLERANCE of the mean sag
 * (rms).
 */
export function godotSettledSag(
  model: GodotSoftBodyModel,
  options: {
    gravity: Vec3;
    stepS: number;
    linearStiffness: number;
    iterations: number;
    measured: readonly number[];
    start?: Float64Array;
  },
): { sagM: number; positions: Float64Array; converged: boolean; ticks: number } {
  const { gravity, measured } = options;
  const gLength = Math.hypot(...gravity);
  const sagOf = (x: Float64Array) => {
    let sum = 0;
    for (const p of measured)
      for (let a = 0; a < 3; a++) sum += ((x[3 * p + a] - model.rest[3 * p + a]) * gravity[a]) / gLength;
    return measured.length > 0 ? sum / measured.length : 0;
  };
  const tick = (x: Float64Array) => {
    const out = Float64Array.from(x);
    godotRestStep(model, out, gravity, options.stepS, options.linearStiffness, options.iterations);
    return out;
  };
  const dof = model.rest.length;
  let x = Float64Array.from(options.start ?? model.rest);
  let gx = tick(x);
  let f = gx.map((v, i) => v - x[i]);
  const dF: Float64Array[] = [];
  const dG: Float64Array[] = [];
  for (let k = 0; k < MAX_SETTLE_TICKS; k++) {
    const sag = sagOf(gx);
    if (!Number.isFinite(sag)) return { sagM: Number.NaN, positions: gx, converged: false, ticks: k + 1 };
    if (
      Math.sqrt(dot(f, f) / dof) <= RESIDUAL_TOLERANCE * Math.abs(sag) ||
      (!(Math.abs(sag) > 0) && dot(f, f) === 0)
    )
      return { sagM: sag, positions: gx, converged: true, ticks: k + 1 };
    // γ minimises |f − ΔF·γ| (normal equations, lightly regularised); x' = g(x) − ΔG·γ.
    const m = dF.length;
    const next = Float64Array.from(gx);
    if (m > 0) {
      const A = Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => dot(dF[i], dF[j])));
      const rhs = dF.map((column) => dot(column, f));
      const scale = Math.max(...A.map((row, i) => row[i]));
      for (let i = 0; i < m; i++) A[i][i] += 1e-12 * scale;
      const gamma = solveSmall(A, rhs);
      if (gamma) for (let i = 0; i < m; i++) for (let d = 0; d < dof; d++) next[d] -= gamma[i] * dG[i][d];
    }
    const gNext = tick(next);
    const fNext = gNext.map((v, i) => v - next[i]);
    dF.push(fNext.map((v, i) => v - f[i]));
    dG.push(gNext.map((v, i) => v - gx[i]));
    if (dF.length > ANDERSON_DEPTH) {
      dF.shift();
      dG.shift();
    }
    x = next;
    gx = gNext;
    f = fNext;
  }
  return { sagM: sagOf(gx), positions: gx, converged: false, ticks: MAX_SETTLE_TICKS };
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

/** Gaussian elimination with partial pivoting; null when singular. */
function solveSmall(A: number[][], b: number[]): number[] | null {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[pivot][c])) pivot = r;
    if (!(Math.abs(M[pivot][c]) > 0)) return null;
    [M[c], M[pivot]] = [M[pivot], M[c]];
    for (let r = c + 1; r < n; r++) {
      const factor = M[r][c] / M[c][c];
      for (let k = c; k <= n; k++) M[r][k] -= factor * M[c][k];
    }
  }
  const out = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = M[r][n];
    for (let k = r + 1; k < n; k++) sum -= M[r][k] * out[k];
    out[r] = sum / M[r][r];
  }
  return out;
}

function distanceSq(x: Float64Array, a: number, b: number): number {
  const dx = x[3 * b] - x[3 * a];
  const dy = x[3 * b + 1] - x[3 * a + 1];
  const dz = x[3 * b + 2] - x[3 * a + 2];
  return dx * dx + dy * dy + dz * dz;
}
