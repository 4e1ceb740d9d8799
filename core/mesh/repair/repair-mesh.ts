import type { TriMesh } from '../types.ts';
import { dropDegenerateFaces, dropDuplicateFaces } from './faces.ts';
import { orientConsistently } from './orient.ts';
import { type RepairResult, removedVertex } from './repair-types.ts';
import { dropUnreferencedVertices } from './unreferenced.ts';
import { weldByTolerance } from './weld.ts';

export interface RepairOptions {
  /** Weld distance as a fraction of the bounding-box diagonal. Default 1e-6. */
  weldTolerance?: number;
}

/** One step of the pipeline as the user sees it. */
export interface RepairStep {
  repair: string;
  changed: number;
  summary: string;
}

export interface RepairedMesh {
  mesh: TriMesh;
  steps: RepairStep[];
  /** Per input vertex, its vertex in the repaired mesh (or 0xffffffff if removed). */
  vertexOf: Uint32Array;
}

/**
 * Runs every repair in the order that lets each help the next: weld (so seams and
 * coincident copies share vertices), drop degenerate then duplicate triangles, orient,
 * and drop the vertices left unused.
 */
export function repairMesh(mesh: TriMesh, options: RepairOptions = {}): RepairedMesh {
  const passes: ((m: TriMesh) => RepairResult)[] = [
    (m) => weldByTolerance(m, options.weldTolerance ?? 1e-6),
    dropDegenerateFaces,
    dropDuplicateFaces,
    orientConsistently,
    dropUnreferencedVertices,
  ];
  const n = mesh.positions.length / 3;
  const vertexOf = new Uint32Array(n);
  for (let i = 0; i < n; i++) vertexOf[i] = i;
  const steps: RepairStep[] = [];
  let current = mesh;
  for (const pass of passes) {
    const result = pass(current);
    for (let i = 0; i < n; i++) {
      if (vertexOf[i] !== removedVertex) vertexOf[i] = result.vertexOf[vertexOf[i]];
    }
    steps.push({ repair: result.repair, changed: result.changed, summary: result.summary });
    current = result.mesh;
  }
  return { mesh: current, steps, vertexOf };
}
