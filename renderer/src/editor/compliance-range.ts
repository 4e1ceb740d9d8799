/**
 * "What the solver gets" for a body of the open scene: the range of each compliance its
 * constraints receive and the resolution r = h·c/l, read from the body's compiled setup
 * (core/setup, the compile the preview runs and every export carries), never estimated apart.
 */
import { DocumentError } from '../../../core/document/problem.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import { type SolidMesh, sceneMeshesFor, simulationMeshOf } from '../../../core/scene/scene-meshes.ts';
import { edgeRestLengthsM, meanEdgeLengthM } from '../../../core/setup/body-geometry.ts';
import { compileBody } from '../../../core/setup/compile-scene.ts';
import { complianceRanges } from '../../../core/setup/summary.ts';

export interface ComplianceLine {
  /** Which constraint ("neo-Hookean deviatoric", "edge"). */
  name: string;
  /** Smallest and largest compliance over the body's constraints, in `unit`. */
  min: number;
  max: number;
  unit: string;
}

/** Budget compensation of one constraint family of one material slot, as the panel shows it. */
export interface CompensationLine {
  /** "cloth bending", with the group's name when the slot is a group. */
  name: string;
  /** Stiffness scale s the compliances above already include. */
  stiffnessScale: number;
  /** r of the family at the scene's substep. */
  resolution: number;
  reachable: boolean;
  /** E_eff/E predicted after compensation. */
  predictedRatio: number;
  /** Fewest substeps per frame that reach the material. */
  substepsToReach: number;
}

export interface SolverView {
  /** Budget compensation per family and slot (empty when the scene turns it off). */
  compensation: CompensationLine[];
  lines: ComplianceLine[];
  /** r = h·c/l (substep h, wave speed c = √(E/ρ), l the mean rest edge length); claims hold for r ≤ 0.25. */
  resolution: number | null;
  /** Why lines is empty, when it is. */
  note?: string;
  /**
   * The scale each sweep applies to Δλ, as compiled: 1 for XPBD, the per-iteration stiffness
   * k' = 1 − (1 − k)^(1/n) for a body in classic PBD mode; absent when the body did not compile.
   */
  stiffnessPerSweep?: number;
}

/** @param mesh the tet mesh of a mesh body (the editor's asset), when there is one */
export function solverView(scene: Scene, body: BodySpec, mesh?: SolidMesh): SolverView {
  if (body.shape.type === 'mesh' && !mesh)
    return {
      lines: [],
      compensation: [],
      resolution: null,
      note: 'depends on the tetrahedralization of the mesh',
    };
  // The tets alone: the compliances do not depend on the imported surface, and embedding it
  // (what compiling does with one) would hold up the panel for longer than the rest.
  const meshes = sceneMeshesFor(
    { bodies: [body] },
    new Map(mesh && body.shape.type === 'mesh' ? [[body.shape.path, simulationMeshOf(mesh)]] : []),
  );
  let setup: ReturnType<typeof compileBody>;
  try {
    setup = compileBody(undamped(body), '/bodies/0', scene.solver, meshes);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return {
      lines: [],
      compensation: [],
      resolution: null,
      note: error.problems[0]?.message ?? error.message,
    };
  }
  // The l of r = h·c/l as the world reports it (core/sim/build-world.ts).
  const meanEdgeM = meanEdgeLengthM(edgeRestLengthsM(setup.geometry.positions, setup.geometry.edges));
  const substepS = scene.solver.dt / scene.solver.substeps;
  return {
    lines: complianceRanges(setup).map((row) => ({
      name: `${row.constraint} α`,
      min: row.min,
      max: row.max,
      unit: row.unit,
    })),
    compensation: setup.compensation.map((c) => ({
      name: `${c.family.replace('-', ' ')}${c.slot > 0 ? ` (${setup.groupNames[c.slot - 1]})` : ''}`,
      stiffnessScale: c.stiffnessScale,
      resolution: c.resolution,
      reachable: c.reachable,
      predictedRatio: c.predictedRatio,
      substepsToReach: c.substepsToReach,
    })),
    resolution: meanEdgeM > 0 ? (substepS * setup.waveSpeedMPerS) / meanEdgeM : null,
    stiffnessPerSweep: Math.min(
      1,
      ...setup.constraints.map((set) => ('stiffnessScale' in set ? set.stiffnessScale : 1)),
    ),
  };
}

/**
 * `body` without damping, for the panel's compile: the compliances, the budget compensation and
 * the wave speed do not depend on it (damping only splits the constraint sets, which the ranges
 * merge again), but a damped body's compile estimates its fundamental mode to calibrate the
 * damping (core/setup/fundamental-mode.ts), about a second on the main thread for a new mesh
 * body on a busy machine, as the body is added.
 */
function undamped(body: BodySpec): BodySpec {
  const groups = body.groups?.map((group) =>
    'dampingRatio' in group ? { ...group, dampingRatio: 0 } : group,
  );
  return { ...body, dampingRatio: 0, ...(groups ? { groups } : {}) };
}
