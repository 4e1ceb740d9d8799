/**
 * What the properties panel says about an imported mesh shown static (not simulated): its own
 * counts, size and whether its surface is closed, judged as core/mesh/report.ts judges it
 * (vertices welded by exact position first, since glTF splits them at seams). Linear in the mesh
 * apart from the weld's sort, so it runs on the main thread when the mesh opens; the full
 * report (self-intersections) stays with the Tetrahedralize tool.
 */
import { analyzeTopology } from '../../../core/mesh/topology.ts';
import type { TriMesh } from '../../../core/mesh/types.ts';
import { weldExact } from '../../../core/mesh/weld.ts';

export interface StaticMeshFacts {
  /** Welded vertices used by a triangle. */
  vertices: number;
  triangles: number;
  /** Axis-aligned bounds of the used vertices, m (zeros for a mesh without triangles). */
  bboxMin: [number, number, number];
  bboxMax: [number, number, number];
  /** Closed and manifold with every edge between two triangles that agree on their winding. */
  watertight: boolean;
  /** Edges with one triangle: the holes of an open surface. */
  boundaryEdges: number;
}

export function staticMeshFacts(mesh: Pick<TriMesh, 'positions' | 'indices'>): StaticMeshFacts {
  const weld = weldExact(mesh);
  const { positions, indices } = weld;
  const triangles = indices.length / 3;
  const repeated = new Uint8Array(triangles);
  for (let t = 0; t < triangles; t++) {
    const [a, b, c] = [indices[3 * t], indices[3 * t + 1], indices[3 * t + 2]];
    repeated[t] = a === b || b === c || a === c ? 1 : 0;
  }
  const used = new Uint8Array(weld.count);
  for (let i = 0; i < indices.length; i++) used[indices[i]] = 1;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let vertices = 0;
  for (let v = 0; v < weld.count; v++) {
    if (!used[v]) continue;
    vertices++;
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], positions[3 * v + k]);
      max[k] = Math.max(max[k], positions[3 * v + k]);
    }
  }
  const topology = analyzeTopology(indices, weld.count, repeated);
  const watertight =
    triangles > 0 &&
    topology.boundaryEdges === 0 &&
    topology.nonManifoldEdges === 0 &&
    topology.nonManifoldVertices === 0 &&
    topology.inconsistentEdges === 0 &&
    !repeated.includes(1);
  return {
    vertices,
    triangles,
    bboxMin: vertices > 0 ? min : [0, 0, 0],
    bboxMax: vertices > 0 ? max : [0, 0, 0],
    watertight,
    boundaryEdges: topology.boundaryEdges,
  };
}
