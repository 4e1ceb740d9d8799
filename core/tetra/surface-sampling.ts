import { Lcg } from '../math/lcg.ts';
import { throwIfCancelled } from './errors.ts';
import { checkSurfaceCandidates, type GridCandidates, type PoissonDisk } from './poisson-disk.ts';
import type { TriangleSoup } from './triangle-bvh.ts';
import { newPoissonDiskSampler, WasmPoissonDiskSampler } from './wasm-poisson-disk.ts';
import type { WorkGuard } from './work-guard.ts';

/** Points on the input surface with the normal of the surface there. */
export interface SurfaceSamples {
  /** Sample positions, m, xyz interleaved. */
  points: Float64Array;
  /** Unit normals, xyz interleaved (averaged across a crease for points on one). */
  normals: Float64Array;
  /** Triangle each sample lies on. */
  triangles: Int32Array;
  /** 1 for samples on sharp creases, corners or open boundaries. */
  feature: Uint8Array;
  count: number;
}

/** Angle between adjacent face normals above which an edge is a crease that must be kept. */
const CREASE_DEG = 40;
/** Samples within this distance of each other (× spacing) are merged unless they face away. */
const DISK_RADIUS = 0.75;

/**
 * Samples the surface at about `spacing` (m) so that the Delaunay tetrahedralization of the
 * samples follows it: a maximal Poisson-disk set (PoissonDiskSampler) chosen greedily from
 * dense candidates, in priority order so that sharp features survive decimation:
 *   1. corners (where creases meet or turn) and open-boundary ends,
 *   2. points spaced evenly along crease and boundary chains,
 *   3. the input vertices (a fine input is decimated to the spacing),
 *   4. points inside triangles larger than the spacing (a coarse input is filled in).
 * A candidate is rejected when an accepted sample lies within DISK_RADIUS × spacing and faces the
 * same way (normals less than 120° apart), so both sides of a part thinner than the spacing
 * stay sampled. `guard` (optional) is polled and counts the candidates against their limit.
 */
export function sampleSurface(
  soup: TriangleSoup,
  spacing: number,
  seed = 1,
  guard?: WorkGuard,
): SurfaceSamples {
  const p = soup.positions;
  const ix = soup.indices;
  const triCount = ix.length / 3;
  const vertexCount = p.length / 3;
  const faceNormal = new Float64Array(3 * triCount);
  const vertexNormal = new Float64Array(3 * vertexCount);
  const vertexTri = new Int32Array(vertexCount).fill(-1);
  for (let t = 0; t < triCount; t++) {
    const a = ix[3 * t];
    const b = ix[3 * t + 1];
    const c = ix[3 * t + 2];
    const ux = p[3 * b] - p[3 * a];
    const uy = p[3 * b + 1] - p[3 * a + 1];
    const uz = p[3 * b + 2] - p[3 * a + 2];
    const vx = p[3 * c] - p[3 * a];
    const vy = p[3 * c + 1] - p[3 * a + 1];
    const vz = p[3 * c + 2] - p[3 * a + 2];
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz) || 1;
    faceNormal[3 * t] = nx / len;
    faceNormal[3 * t + 1] = ny / len;
    faceNormal[3 * t + 2] = nz / len;
    for (const v of [a, b, c]) {
      vertexNormal[3 * v] += nx;
      vertexNormal[3 * v + 1] += ny;
      vertexNormal[3 * v + 2] += nz;
      vertexTri[v] = t;
    }
  }
  normalizeAll(vertexNormal);

  const edges = buildEdges(ix, faceNormal);
  const sampler = newPoissonDiskSampler(DISK_RADIUS * spacing);
  const featureDegree = new Int32Array(vertexCount);
  for (let e = 0; e < edges.count; e++) {
    if (!edges.feature[e]) continue;
    featureDegree[edges.verts[2 * e]]++;
    featureDegree[edges.verts[2 * e + 1]]++;
  }
  const chains = featureChains(edges, featureDegree, p);
  const corner = new Uint8Array(vertexCount);
  for (const chain of chains) {
    if (!chain.closed) {
      corner[chain.verts[0]] = 1;
      corner[chain.verts[chain.verts.length - 1]] = 1;
    }
  }
  const offerVertex = (v: number, feature: boolean) =>
    sampler.offer(
      p[3 * v],
      p[3 * v + 1],
      p[3 * v + 2],
      vertexNormal[3 * v],
      vertexNormal[3 * v + 1],
      vertexNormal[3 * v + 2],
      vertexTri[v],
      feature,
    );
  // 1. Corners.
  for (let v = 0; v < vertexCount; v++) if (corner[v] && vertexTri[v] >= 0) offerVertex(v, true);
  // 2. Evenly spaced points along crease and boundary chains.
  for (const chain of chains) sampleChain(chain, edges, faceNormal, p, spacing, sampler);
  // 3. Input vertices, shuffled so that the decimation has no scan-order bias.
  const rng = new Lcg(seed);
  for (const v of shuffled(vertexCount, rng)) {
    if (vertexTri[v] >= 0 && !corner[v]) offerVertex(v, featureDegree[v] > 0);
  }
  // 4. Points inside triangles larger than the spacing: a jittered barycentric grid of half the
  //    disk radius per triangle, offered in random order (triangles in random order too).
  const fine = 0.5 * DISK_RADIUS * spacing;
  offerTriangleGrids(
    sampler,
    { positions: p, indices: ix, faceNormals: faceNormal, fineM: fine },
    rng,
    guard,
  );
  return sampler.result();
}

/**
 * sampleSurface's step 4: for each triangle longer than the grid step, in random order, a jittered
 * barycentric grid of candidates at that step, offered in random order; `rng` continues
 * sampleSurface's. In the sampler's module where it is the WebAssembly one, else in JS.
 */
export function offerTriangleGrids(
  sampler: PoissonDisk,
  grids: GridCandidates,
  rng: Lcg,
  guard?: WorkGuard,
): void {
  if (sampler instanceof WasmPoissonDiskSampler) sampler.offerTriangleGrids(grids, rng, guard);
  else offerTriangleGridsJs(sampler, grids, rng, guard);
}

/** offerTriangleGrids in JS: the reference the module follows float for float, and the fallback. */
export function offerTriangleGridsJs(
  sampler: PoissonDisk,
  grids: GridCandidates,
  rng: Lcg,
  guard?: WorkGuard,
): void {
  const { positions: p, indices: ix, faceNormals: faceNormal, fineM: fine } = grids;
  const triCount = ix.length / 3;
  const local: number[] = [];
  let candidates = 0;
  let visited = 0;
  for (const t of shuffled(triCount, rng)) {
    if (guard && (++visited & 255) === 0) throwIfCancelled(guard);
    const grid = triangleGrid(p, ix[3 * t], ix[3 * t + 1], ix[3 * t + 2], fine);
    if (!grid) continue;
    const { a, b, c, nb, nc } = grid;
    candidates += (nb + 1) * (nc + 1) * 0.5;
    checkSurfaceCandidates(guard, candidates);
    local.length = 0;
    for (let i = 0; i <= nb; i++) {
      // i / nb + j / nc ≤ 1: the grid points in the triangle.
      for (let j = 0; j * nb + i * nc <= nb * nc; j++) {
        if ((i === 0 && j === 0) || i === nb || j === nc) continue;
        // Jitter inside the grid cell so that samples on a plane are not co-circular.
        const u = (i + 0.3 * (rng.next() - 0.5)) / nb;
        const w = (j + 0.3 * (rng.next() - 0.5)) / nc;
        if (u < 0 || w < 0 || u + w > 1) continue;
        local.push(u, w);
      }
    }
    const nx = faceNormal[3 * t];
    const ny = faceNormal[3 * t + 1];
    const nz = faceNormal[3 * t + 2];
    for (const k of shuffled(local.length / 2, rng)) {
      const u = local[2 * k];
      const w = local[2 * k + 1];
      const s = 1 - u - w;
      sampler.offer(
        s * p[a] + u * p[b] + w * p[c],
        s * p[a + 1] + u * p[b + 1] + w * p[c + 1],
        s * p[a + 2] + u * p[b + 2] + w * p[c + 2],
        nx,
        ny,
        nz,
        t,
        false,
      );
    }
  }
}

/**
 * The candidate grid of triangle (a, b, c) (vertex ids) at spacing `fine` (m): corners
 * reordered as (a, b, c) with `nb` steps along a→b and `nc` along a→c; null when the triangle
 * is no longer than `fine`. A well-shaped triangle keeps its corner order and gets n × n steps
 * for its longest edge n·fine long. A needle-like one (shortest edge under ¼ of the longest)
 * would waste most of n × n on its thin sliver of the square (a 1 m × 1 mm side of a needle gets
 * millions of candidates for a few thousand samples), so it is gridded from a corner of its
 * shortest edge, each of that corner's edges split to the spacing: about twice its area ÷ fine²
 * candidates.
 */
function triangleGrid(
  p: Float64Array,
  a: number,
  b: number,
  c: number,
  fine: number,
): { a: number; b: number; c: number; nb: number; nc: number } | null {
  const ab = Math.sqrt(dist2(p, 3 * a, 3 * b));
  const bc = Math.sqrt(dist2(p, 3 * b, 3 * c));
  const ca = Math.sqrt(dist2(p, 3 * c, 3 * a));
  const longest = Math.max(ab, bc, ca);
  const n = Math.ceil(longest / fine);
  if (n <= 1) return null;
  const shortest = Math.min(ab, bc, ca);
  if (4 * shortest >= longest) return { a: 3 * a, b: 3 * b, c: 3 * c, nb: n, nc: n };
  // Rotate so that a→b is the shortest edge.
  const [u, v, w] = shortest === ab ? [a, b, c] : shortest === bc ? [b, c, a] : [c, a, b];
  const nb = Math.max(1, Math.ceil(Math.sqrt(dist2(p, 3 * u, 3 * v)) / fine));
  const nc = Math.max(1, Math.ceil(Math.sqrt(dist2(p, 3 * u, 3 * w)) / fine));
  return { a: 3 * u, b: 3 * v, c: 3 * w, nb, nc };
}

interface Edges {
  count: number;
  /** Two vertex ids per edge. */
  verts: Int32Array;
  /** First and second incident triangle (−1 when absent). */
  tris: Int32Array;
  /** 1 for crease, open-boundary and non-manifold edges. */
  feature: Uint8Array;
}

function buildEdges(ix: Uint32Array, faceNormal: Float64Array): Edges {
  const map = new Map<number, number>();
  const verts: number[] = [];
  const tris: number[] = [];
  const uses: number[] = [];
  for (let t = 0; t < ix.length / 3; t++) {
    for (let k = 0; k < 3; k++) {
      const u = ix[3 * t + k];
      const v = ix[3 * t + ((k + 1) % 3)];
      const key = u < v ? u * 4294967296 + v : v * 4294967296 + u;
      let e = map.get(key);
      if (e === undefined) {
        e = uses.length;
        map.set(key, e);
        verts.push(u, v);
        tris.push(t, -1);
        uses.push(1);
      } else {
        if (uses[e] === 1) tris[2 * e + 1] = t;
        uses[e]++;
      }
    }
  }
  const count = uses.length;
  const feature = new Uint8Array(count);
  const cosCrease = Math.cos((CREASE_DEG * Math.PI) / 180);
  for (let e = 0; e < count; e++) {
    if (uses[e] !== 2) {
      feature[e] = 1;
      continue;
    }
    const a = tris[2 * e];
    const b = tris[2 * e + 1];
    const dot =
      faceNormal[3 * a] * faceNormal[3 * b] +
      faceNormal[3 * a + 1] * faceNormal[3 * b + 1] +
      faceNormal[3 * a + 2] * faceNormal[3 * b + 2];
    if (dot < cosCrease) feature[e] = 1;
  }
  return { count, verts: Int32Array.from(verts), tris: Int32Array.from(tris), feature };
}

interface Chain {
  /** Vertex ids along the chain. */
  verts: number[];
  /** Edge ids between consecutive vertices. */
  edges: number[];
  closed: boolean;
}

/**
 * Splits the feature edges into chains that end where the feature graph branches, ends, or
 * turns by more than the crease angle (those ends become corners).
 */
function featureChains(edges: Edges, degree: Int32Array, p: Float64Array): Chain[] {
  const vertexCount = degree.length;
  const startOf = new Int32Array(vertexCount + 1);
  for (let v = 0; v < vertexCount; v++) startOf[v + 1] = startOf[v] + degree[v];
  const fill = startOf.slice(0, vertexCount);
  const incident = new Int32Array(startOf[vertexCount]);
  for (let e = 0; e < edges.count; e++) {
    if (!edges.feature[e]) continue;
    incident[fill[edges.verts[2 * e]]++] = e;
    incident[fill[edges.verts[2 * e + 1]]++] = e;
  }
  const other = (e: number, v: number) =>
    edges.verts[2 * e] === v ? edges.verts[2 * e + 1] : edges.verts[2 * e];
  const cosTurn = Math.cos((CREASE_DEG * Math.PI) / 180);
  const isEnd = new Uint8Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    if (degree[v] === 0) continue;
    if (degree[v] !== 2) {
      isEnd[v] = 1;
      continue;
    }
    const a = other(incident[startOf[v]], v);
    const b = other(incident[startOf[v] + 1], v);
    const ux = p[3 * v] - p[3 * a];
    const uy = p[3 * v + 1] - p[3 * a + 1];
    const uz = p[3 * v + 2] - p[3 * a + 2];
    const vx = p[3 * b] - p[3 * v];
    const vy = p[3 * b + 1] - p[3 * v + 1];
    const vz = p[3 * b + 2] - p[3 * v + 2];
    const cos = (ux * vx + uy * vy + uz * vz) / (Math.hypot(ux, uy, uz) * Math.hypot(vx, vy, vz) || 1);
    if (cos < cosTurn) isEnd[v] = 1;
  }
  const used = new Uint8Array(edges.count);
  const chains: Chain[] = [];
  const walk = (v0: number, e0: number): Chain => {
    const verts = [v0];
    const list: number[] = [];
    let v = v0;
    let e = e0;
    for (;;) {
      used[e] = 1;
      list.push(e);
      v = other(e, v);
      verts.push(v);
      if (isEnd[v] || v === v0) break;
      let next = -1;
      for (let k = startOf[v]; k < startOf[v + 1]; k++) {
        if (!used[incident[k]]) {
          next = incident[k];
          break;
        }
      }
      if (next < 0) break;
      e = next;
    }
    return { verts, edges: list, closed: v === v0 && !isEnd[v0] };
  };
  for (let v = 0; v < vertexCount; v++) {
    if (!isEnd[v]) continue;
    for (let k = startOf[v]; k < startOf[v + 1]; k++)
      if (!used[incident[k]]) chains.push(walk(v, incident[k]));
  }
  for (let e = 0; e < edges.count; e++) {
    if (edges.feature[e] && !used[e]) chains.push(walk(edges.verts[2 * e], e));
  }
  return chains;
}

/** Candidates at even arc-length steps of about `spacing` along a chain (ends excluded). */
function sampleChain(
  chain: Chain,
  edges: Edges,
  faceNormal: Float64Array,
  p: Float64Array,
  spacing: number,
  out: PoissonDisk,
): void {
  const n = chain.edges.length;
  const cumulative = new Float64Array(n + 1);
  for (let k = 0; k < n; k++) {
    cumulative[k + 1] = cumulative[k] + Math.sqrt(dist2(p, 3 * chain.verts[k], 3 * chain.verts[k + 1]));
  }
  const total = cumulative[n];
  const steps = Math.max(1, Math.round(total / spacing));
  const normal = new Float64Array(3);
  let k = 0;
  for (let s = chain.closed ? 0 : 1; s < steps; s++) {
    const at = (total * s) / steps;
    while (k < n - 1 && cumulative[k + 1] < at) k++;
    const len = cumulative[k + 1] - cumulative[k];
    const f = len > 0 ? (at - cumulative[k]) / len : 0;
    const a = 3 * chain.verts[k];
    const b = 3 * chain.verts[k + 1];
    const e = chain.edges[k];
    const t0 = edges.tris[2 * e];
    const t1 = edges.tris[2 * e + 1];
    for (let c = 0; c < 3; c++) normal[c] = faceNormal[3 * t0 + c] + (t1 >= 0 ? faceNormal[3 * t1 + c] : 0);
    normalizeAll(normal);
    out.offer(
      p[a] + f * (p[b] - p[a]),
      p[a + 1] + f * (p[b + 1] - p[a + 1]),
      p[a + 2] + f * (p[b + 2] - p[a + 2]),
      normal[0],
      normal[1],
      normal[2],
      t0,
      true,
    );
  }
}

function normalizeAll(v: Float64Array): void {
  for (let i = 0; i < v.length; i += 3) {
    const len = Math.hypot(v[i], v[i + 1], v[i + 2]);
    if (len > 0) {
      v[i] /= len;
      v[i + 1] /= len;
      v[i + 2] /= len;
    }
  }
}

function dist2(p: Float64Array, a: number, b: number): number {
  const dx = p[a] - p[b];
  const dy = p[a + 1] - p[b + 1];
  const dz = p[a + 2] - p[b + 2];
  return dx * dx + dy * dy + dz * dz;
}

function shuffled(n: number, rng: Lcg): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}
