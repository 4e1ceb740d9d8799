import { UnionFind } from './union-find.ts';

/** Edge-based facts about a welded triangle mesh. */
export interface Topology {
  /** Undirected edges (distinct vertex pairs used by some triangle). */
  edges: number;
  boundaryEdges: number;
  nonManifoldEdges: number;
  /** Edges shared by exactly two triangles that run the same way along it. */
  inconsistentEdges: number;
  /** Vertices whose triangles form more than one fan (pinch points). */
  nonManifoldVertices: number;
  /** Connected parts through shared edges. */
  components: number;
  /** Connected parts through shared vertices. */
  vertexComponents: number;
  /** Connected chains of boundary edges. */
  boundaryLoops: number;
  /** Per triangle, its edge-connected component (dense ids from 0). */
  componentOf: Int32Array;
}

/**
 * Builds the edge table of a welded mesh and derives manifoldness, orientation and
 * connectivity from it. Triangles with a repeated vertex index (`skip[t]` set) have no
 * proper edges: they are left out of the edge counts but joined to the part whose edge
 * they lie on.
 */
export function analyzeTopology(indices: Uint32Array, vertexCount: number, skip: Uint8Array): Topology {
  const triangles = indices.length / 3;
  const table = buildEdgeTable(indices, vertexCount, skip);
  const { edgeStart, edgeTri, edgeDir, edgeLo, edgeHi } = table;
  const edges = edgeStart.length - 1;

  const parts = new UnionFind(triangles);
  const corners = new UnionFind(indices.length);
  const boundary = new UnionFind(vertexCount);
  const onBoundary = new Uint8Array(vertexCount);
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  let inconsistentEdges = 0;
  for (let e = 0; e < edges; e++) {
    const first = edgeStart[e];
    const count = edgeStart[e + 1] - first;
    if (count === 1) {
      boundaryEdges++;
      boundary.union(edgeLo[e], edgeHi[e]);
      onBoundary[edgeLo[e]] = onBoundary[edgeHi[e]] = 1;
    } else if (count > 2) nonManifoldEdges++;
    else if (edgeDir[first] === edgeDir[first + 1]) inconsistentEdges++;
    for (let h = first + 1; h < first + count; h++) parts.union(edgeTri[h - 1], edgeTri[h]);
    if (count === 2) {
      // Across a manifold edge the two triangles are in one fan around each of its ends;
      // a non-manifold edge joins no fans, so its ends count as pinched.
      const a = edgeTri[first];
      const b = edgeTri[first + 1];
      corners.union(cornerOf(indices, a, edgeLo[e]), cornerOf(indices, b, edgeLo[e]));
      corners.union(cornerOf(indices, a, edgeHi[e]), cornerOf(indices, b, edgeHi[e]));
    }
  }
  joinCollapsedTriangles(indices, skip, table, parts);

  const fanRoot = new Int32Array(vertexCount).fill(-1);
  const pinched = new Uint8Array(vertexCount);
  const byVertex = new UnionFind(vertexCount);
  for (let t = 0; t < triangles; t++) {
    byVertex.union(indices[3 * t], indices[3 * t + 1]);
    byVertex.union(indices[3 * t], indices[3 * t + 2]);
    if (skip[t]) continue;
    for (let k = 0; k < 3; k++) {
      const v = indices[3 * t + k];
      const root = corners.find(3 * t + k);
      if (fanRoot[v] < 0) fanRoot[v] = root;
      else if (fanRoot[v] !== root) pinched[v] = 1;
    }
  }
  let nonManifoldVertices = 0;
  for (let v = 0; v < vertexCount; v++) nonManifoldVertices += pinched[v];

  const componentOf = new Int32Array(triangles);
  const ids = new Map<number, number>();
  for (let t = 0; t < triangles; t++) {
    const root = parts.find(t);
    let id = ids.get(root);
    if (id === undefined) ids.set(root, (id = ids.size));
    componentOf[t] = id;
  }
  const vertexRoots = new Set<number>();
  for (let i = 0; i < indices.length; i++) vertexRoots.add(byVertex.find(indices[i]));
  const loopRoots = new Set<number>();
  for (let v = 0; v < vertexCount; v++) if (onBoundary[v]) loopRoots.add(boundary.find(v));

  return {
    edges,
    boundaryEdges,
    nonManifoldEdges,
    inconsistentEdges,
    nonManifoldVertices,
    components: ids.size,
    vertexComponents: vertexRoots.size,
    boundaryLoops: loopRoots.size,
    componentOf,
  };
}

/** The half-edges of each undirected edge, grouped: edge e owns [edgeStart[e], edgeStart[e+1]). */
export interface EdgeTable {
  edgeStart: Uint32Array;
  /** Per half-edge: its triangle, and 0 if it runs lo→hi, 1 if hi→lo. */
  edgeTri: Uint32Array;
  edgeDir: Uint8Array;
  /** Per edge: its lower and higher vertex. */
  edgeLo: Uint32Array;
  edgeHi: Uint32Array;
}

/** Groups the half-edges of non-skipped triangles by undirected edge, in O(n). */
export function buildEdgeTable(indices: Uint32Array, vertexCount: number, skip: Uint8Array): EdgeTable {
  const triangles = indices.length / 3;
  // Half-edges bucketed by their lower vertex.
  const start = new Uint32Array(vertexCount + 1);
  for (let t = 0; t < triangles; t++) {
    if (skip[t]) continue;
    for (let k = 0; k < 3; k++) start[Math.min(indices[3 * t + k], indices[3 * t + ((k + 1) % 3)]) + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const total = start[vertexCount];
  const fill = start.slice(0, vertexCount);
  const hiOf = new Uint32Array(total);
  const triOf = new Uint32Array(total);
  const dirOf = new Uint8Array(total);
  for (let t = 0; t < triangles; t++) {
    if (skip[t]) continue;
    for (let k = 0; k < 3; k++) {
      const u = indices[3 * t + k];
      const w = indices[3 * t + ((k + 1) % 3)];
      const slot = fill[Math.min(u, w)]++;
      hiOf[slot] = Math.max(u, w);
      triOf[slot] = t;
      dirOf[slot] = u < w ? 0 : 1;
    }
  }
  // Within each bucket, number the distinct higher vertices: those are the edges.
  const edgeOfSlot = new Uint32Array(total);
  const seen = new Int32Array(vertexCount).fill(-1);
  const lo: number[] = [];
  const hi: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    for (let s = start[v]; s < start[v + 1]; s++) {
      if (seen[hiOf[s]] < 0) {
        seen[hiOf[s]] = lo.length;
        lo.push(v);
        hi.push(hiOf[s]);
      }
      edgeOfSlot[s] = seen[hiOf[s]];
    }
    for (let s = start[v]; s < start[v + 1]; s++) seen[hiOf[s]] = -1;
  }
  const edges = lo.length;
  const edgeStart = new Uint32Array(edges + 1);
  for (let s = 0; s < total; s++) edgeStart[edgeOfSlot[s] + 1]++;
  for (let e = 0; e < edges; e++) edgeStart[e + 1] += edgeStart[e];
  const edgeFill = edgeStart.slice(0, edges);
  const edgeTri = new Uint32Array(total);
  const edgeDir = new Uint8Array(total);
  for (let s = 0; s < total; s++) {
    const h = edgeFill[edgeOfSlot[s]]++;
    edgeTri[h] = triOf[s];
    edgeDir[h] = dirOf[s];
  }
  return { edgeStart, edgeTri, edgeDir, edgeLo: Uint32Array.from(lo), edgeHi: Uint32Array.from(hi) };
}

/**
 * A triangle with a repeated vertex, (a, a, b) or (a, a, a), has no proper edges. Its
 * vertex pairs, the collapsed pair (a, a) included, still join it to the triangles that
 * use the same pair: a proper triangle with edge a–b, or another collapsed triangle.
 */
function joinCollapsedTriangles(
  indices: Uint32Array,
  skip: Uint8Array,
  table: EdgeTable,
  parts: UnionFind,
): void {
  const triangles = indices.length / 3;
  let owner: Map<string, number> | undefined;
  for (let t = 0; t < triangles; t++) {
    if (!skip[t]) continue;
    if (!owner) {
      owner = new Map();
      for (let e = 0; e < table.edgeLo.length; e++) {
        owner.set(`${table.edgeLo[e]} ${table.edgeHi[e]}`, table.edgeTri[table.edgeStart[e]]);
      }
    }
    for (let k = 0; k < 3; k++) {
      const u = indices[3 * t + k];
      const w = indices[3 * t + ((k + 1) % 3)];
      const key = `${Math.min(u, w)} ${Math.max(u, w)}`;
      const other = owner.get(key);
      if (other === undefined) owner.set(key, t);
      else parts.union(t, other);
    }
  }
}

function cornerOf(indices: Uint32Array, t: number, v: number): number {
  return indices[3 * t] === v ? 3 * t : indices[3 * t + 1] === v ? 3 * t + 1 : 3 * t + 2;
}
