import type { ColliderSpec } from '../../scene/scene.ts';
import { type CompileOptions, compileScene } from '../../setup/compile-scene.ts';
import { isFreeBody, modalDampingRatesPerS } from '../../setup/fundamental-mode.ts';
import type { CalibrationRole } from '../../setup/runtime-calibration.ts';
import type { AirSetup, BodySetup, ConstraintSet, RenderSetup, SoftBodySetup } from '../../setup/setup.ts';
import { compensationNotes } from '../../setup/summary.ts';
import { DEFAULT_FRICTION } from '../../sim/colliders.ts';
import type { Preset } from '../preset.ts';
import { placedScene, setupMeshes } from '../validate.ts';
import { ExportRefusedError } from './export-refused.ts';
import { type Approximation, approximationsFor } from './features.ts';
import { type JoltGas, joltGases } from './jolt-pressure.ts';
import { type ConstraintConvention, complianceScale, RUNTIME_CONVENTIONS } from './runtime-conventions.ts';

/**
 * Export to Jolt Physics: per body a JSON that maps one to one onto SoftBodySharedSettings
 * (vertices with inverse mass, faces, edge / dihedral-bend / volume constraints with compliance in
 * Jolt's conventions) plus the SoftBodyCreationSettings fields we set (mNumIterations,
 * mLinearDamping, …), read from the preset's setup, and the scene's colliders. runtime/jolt/loader.mjs
 * turns it into a ready SoftBodySharedSettings and the colliders into static bodies. What Jolt
 * cannot express is exported as the nearest equivalent and listed in `approximations`; what has no
 * equivalent at all is refused (ExportRefusedError). jolt-file.ts packs it for writing.
 */
export const JOLT_EXPORT_FORMAT = 'softbody-studio/jolt-soft-body';

export interface JoltVertex {
  /** Rest position, m (body space). */
  position: [number, number, number];
  /** 1/kg; 0 = kinematic (pinned, or a soft pin's anchor). */
  invMass: number;
}

export interface JoltSharedSettings {
  vertices: JoltVertex[];
  /** Triangles, counter-clockwise seen from outside (solids: the tet mesh boundary). */
  faces: [number, number, number][];
  /** mCompliance in m/N. Rest lengths come from CalculateEdgeLengths(). */
  edgeConstraints: { vertex: [number, number]; compliance: number }[];
  /** mCompliance in 1/(N·m). Initial angles come from CalculateBendConstraintConstants(). */
  dihedralBendConstraints: { vertex: [number, number, number, number]; compliance: number }[];
  /** mCompliance for C = 6V − 6V0 (Jolt's convention, already converted). Volumes from CalculateVolumeConstraintVolumes(). */
  volumeConstraints: { vertex: [number, number, number, number]; compliance: number }[];
  /** Long-range attachments (tethers): vertex 0 kinematic, vertex 1 dynamic, max distance in m. */
  lraConstraints: { vertex: [number, number]; maxDistance: number }[];
}

export interface JoltCreationSettings {
  /** XPBD substeps per Jolt step (one constraint pass each): the preset's substeps, or the iterations asked for. */
  numIterations: number;
  /** 1/s. */
  linearDamping: number;
  gravityFactor: number;
  /** Cloth is seen from both sides. */
  facesDoubleSided: boolean;
  /** nRT of the enclosed gas, J (mPressure; jolt-pressure.ts); 0 without one. */
  pressure: number;
}

export interface JoltBody {
  name: string;
  /** Vertices [0, simulationVertexCount) are the preset's simulation vertices; the rest are soft-pin anchors. */
  simulationVertexCount: number;
  sharedSettings: JoltSharedSettings;
  creationSettings: JoltCreationSettings;
  /**
   * How the body's networks were calibrated to the preview (runtime-calibration.ts): per role the
   * factor its compliances were multiplied by (before budget compensation). Informative: the
   * compliances above already carry it.
   */
  calibration: { role: CalibrationRole; complianceFactor: number }[];
  /**
   * Budget compensation of the exported networks for the preset's substeps, in sentences: what was
   * scaled, and where no scale reaches the material at this budget, how far it gets and the substep
   * count that would (summary.ts compensationNotes). Empty when every family is reached unscaled.
   */
  budget: string[];
  /**
   * The render mesh skinned to the simulation vertices (solid mesh bodies): render vertex i follows
   * Σ_k embedding.weight[4i + k] · x[embedding.vertex[4i + k]], x the Jolt vertices (all four lie in
   * [0, simulationVertexCount)). Flat lists: 3 per vertex or triangle, 4 per render vertex.
   */
  renderMesh?: JoltRenderMesh;
  /**
   * Drag and lift coefficients per face of `sharedSettings.faces` (same order), and whether only
   * faces moving into the air count (closed surfaces). For the game to apply; Jolt has no air.
   */
  aerodynamics?: { dragCoefficient: number[]; liftCoefficient: number[]; windwardOnly: boolean };
}

export interface JoltRenderMesh {
  /** Rest positions, m (body space), xyz per render vertex. */
  positions: number[];
  /** 3 per triangle, counter-clockwise seen from outside. */
  indices: number[];
  /** The simulation vertices of the tet holding each render vertex, and their barycentric weights (sum 1). */
  embedding: { vertex: number[]; weight: number[] };
}

/**
 * A static collider as the loader creates it (a Jolt body of motion type Static): the scene's shape,
 * metres, and one friction coefficient (Jolt's mFriction, combined with the soft body's own).
 */
export type JoltCollider = { friction: number } & (
  | {
      type: 'plane';
      /** Unit outward normal; solid where n·x < offset. */
      normal: Vec3;
      /** m. */
      offset: number;
    }
  | {
      type: 'sphere';
      center: Vec3;
      /** m. */
      radius: number;
    }
  | {
      type: 'box';
      center: Vec3;
      /** Axis-aligned, m. */
      halfExtents: Vec3;
    }
  | {
      type: 'capsule';
      a: Vec3;
      b: Vec3;
      /** m. */
      radius: number;
    }
  | {
      type: 'mesh';
      /** m, xyz per vertex. */
      vertices: number[];
      /** 3 per triangle; the front is where a triangle winds counter-clockwise (Jolt's convention too). */
      indices: number[];
    }
);

type Vec3 = [number, number, number];

export interface JoltExport {
  format: typeof JOLT_EXPORT_FORMAT;
  formatVersion: 1;
  preset: string;
  /** m/s²; Jolt's gravity is the physics system's, set it there. */
  gravity: [number, number, number];
  /** The frame step the preset was tuned at, s: step Jolt at this dt for the same substep h = dt/numIterations. */
  frameDtS: number;
  conventions: readonly ConstraintConvention[];
  approximations: string[];
  /** The scene's static colliders (mesh colliders with their triangles inline). */
  colliders: JoltCollider[];
  bodies: JoltBody[];
  /**
   * The air of the bodies with `aerodynamics` (wind m/s, density kg/m³, seeded gusts as in
   * core/sim/wind.ts). Jolt applies none of it: a game adds the forces (runtime/jolt/README.md).
   */
  air?: AirSetup;
}

/** How the one compiler builds what Jolt can take (also run in our engine by the calibration tests). */
export const JOLT_COMPILE_OPTIONS = {
  clothStretch: 'edges',
  solid: { perTetVolume: true, asEdgesVolume: true },
  calibrateRuntime: true,
} as const satisfies CompileOptions;

export interface ExportJoltOptions {
  /**
   * Calibrate the networks to the preview (runtime-calibration.ts); default true. Off, the same
   * constraints carry the material's own compliances: what Jolt solves per frame, and so its cost,
   * is the same (core/budget times it so, without the calibration's settling runs).
   */
  calibrateRuntime?: boolean;
  /**
   * Jolt's mNumIterations, the substeps per Jolt step, that the export asks for; default the
   * preset's substeps. Jolt solves each soft-body constraint once per iteration, so a game that
   * can afford more iterations than the preset's substep budget gets stiffer hinges and edges
   * (jolt-iterations.ts chooses the fewest that reach the material). The networks are
   * compensated for the substep this count gives (frame dt / iterations), as a preset made at
   * that many substeps would be.
   */
  iterations?: number;
}

/**
 * The Jolt export of a preset: its setup's bodies, with what Jolt cannot express approximated or
 * refused as the feature table says (features.ts). Throws ExportRefusedError for a refused feature.
 */
export function exportJolt(preset: Preset, options: ExportJoltOptions = {}): JoltExport {
  const setup = preset.setup;
  const iterations = options.iterations ?? setup.solver.substeps;
  if (!Number.isInteger(iterations) || iterations < 1)
    throw new RangeError(`Jolt iterations must be a whole number from 1, got ${iterations}`);
  const approximations = joltApproximations(preset).map((a) => `${a.feature}: ${a.message}`);
  // What Jolt can take, compiled and calibrated (compileForJolt).
  const nearest = compileForJolt(preset, iterations, options.calibrateRuntime);
  const gases = joltGases(setup);
  return {
    format: JOLT_EXPORT_FORMAT,
    formatVersion: 1,
    preset: preset.name,
    gravity: [...setup.gravity],
    frameDtS: setup.solver.dt,
    conventions: RUNTIME_CONVENTIONS.jolt,
    approximations,
    colliders: setup.colliders.map(joltCollider),
    bodies: setup.bodies.map((body, i) => exportBody(body, nearest.bodies[i], gases[i], iterations)),
    ...(setup.air ? { air: JSON.parse(JSON.stringify(setup.air)) as AirSetup } : {}),
  };
}

/**
 * The setup Jolt is given: Jolt has no neo-Hookean tets, no membrane triangles and only per-tet
 * volume constraints, so those bodies get the edges + volume sets with one volume constraint per
 * tet and the cloth edge network of the same materials, compiled by the one compiler from the
 * preset's own scene and meshes, compensated for substeps of frame dt / `iterations`. Those
 * networks are then calibrated (unless `calibrateRuntime` is false) to deflect under the body's
 * weight as the preview's own constraints do (runtime-calibration.ts): per-tet volumes lock,
 * hinges and edges are no plate. A preset of ropes only, at its own substeps, is Jolt's as it is.
 */
export function compileForJolt(
  preset: Preset,
  iterations: number,
  calibrateRuntime?: boolean,
): SoftBodySetup {
  const setup = preset.setup;
  const recompile =
    iterations !== setup.solver.substeps || setup.bodies.some((body) => body.model !== 'rope');
  if (!recompile) return setup;
  const scene = placedScene(preset.scene);
  return compileScene(
    { ...scene, solver: { ...scene.solver, substeps: iterations } },
    {
      library: preset.materials,
      meshes: setupMeshes(preset),
      ...JOLT_COMPILE_OPTIONS,
      calibrateRuntime: calibrateRuntime ?? JOLT_COMPILE_OPTIONS.calibrateRuntime,
    },
  );
}

/** What the Jolt export approximates (the feature table); throws ExportRefusedError for a refusal. */
export function joltApproximations(preset: Preset): Approximation[] {
  return approximationsFor(preset.setup, 'jolt', (refusals) => {
    throw new ExportRefusedError('jolt', refusals);
  });
}

function exportBody(body: BodySetup, runtime: BodySetup, gas: JoltGas | null, iterations: number): JoltBody {
  const sets: readonly ConstraintSet[] = runtime.constraints;
  const g = body.geometry;
  const x = g.positions;
  const count = g.mass.length;
  const fixed = new Uint8Array(count);
  for (const pin of body.pins) if (pin.complianceMPerN === 0) for (const v of pin.particles) fixed[v] = 1;
  const vertices: JoltVertex[] = [];
  for (let v = 0; v < count; v++) {
    const mass = g.mass[v];
    vertices.push({
      position: [x[3 * v], x[3 * v + 1], x[3 * v + 2]],
      invMass: fixed[v] || !(mass > 0) ? 0 : 1 / mass,
    });
  }
  const edgeConstraints: JoltSharedSettings['edgeConstraints'] = [];
  const volumeConstraints: JoltSharedSettings['volumeConstraints'] = [];
  const dihedralBendConstraints: JoltSharedSettings['dihedralBendConstraints'] = [];
  const lraConstraints: JoltSharedSettings['lraConstraints'] = [];
  const edgeScale = complianceScale('jolt', 'edge');
  const pinScale = complianceScale('jolt', 'soft-pin');
  const volumeScale = complianceScale('jolt', 'volume');
  const bendScale = complianceScale('jolt', 'dihedral-bend');
  for (const set of sets) {
    switch (set.kind) {
      case 'distance':
        for (let e = 0; e < set.complianceMPerN.length; e++)
          edgeConstraints.push({
            vertex: [set.particles[2 * e], set.particles[2 * e + 1]],
            compliance: edgeScale * set.complianceMPerN[e],
          });
        break;
      case 'attachment':
        for (let p = 0; p < set.particles.length; p++) {
          const v = set.particles[p];
          const anchor = vertices.length;
          vertices.push({ position: [x[3 * v], x[3 * v + 1], x[3 * v + 2]], invMass: 0 });
          edgeConstraints.push({ vertex: [anchor, v], compliance: pinScale * set.complianceMPerN[p] });
        }
        break;
      case 'tet-volume':
        for (let t = 0; t < set.complianceM3PerPa.length; t++) {
          const e = set.tets;
          volumeConstraints.push({
            vertex: [e[4 * t], e[4 * t + 1], e[4 * t + 2], e[4 * t + 3]],
            compliance: volumeScale * set.complianceM3PerPa[t],
          });
        }
        break;
      case 'dihedral-bend':
        for (let h = 0; h < set.compliancePerNM.length; h++) {
          const b = set.hinges;
          dihedralBendConstraints.push({
            vertex: [b[4 * h], b[4 * h + 1], b[4 * h + 2], b[4 * h + 3]],
            compliance: bendScale * set.compliancePerNM[h],
          });
        }
        break;
      case 'tether':
        // The same constraint: at most maxLength from the pinned (kinematic) particle.
        for (let t = 0; t < set.maxLengthM.length; t++)
          lraConstraints.push({
            vertex: [set.particles[2 * t + 1], set.particles[2 * t]],
            maxDistance: set.maxLengthM[t],
          });
        break;
      default:
        // Edge dampers: approximated by the feature table (reported by joltApproximations).
        break;
    }
  }
  const faceIndices = g.surfaceTriangles;
  const faces: [number, number, number][] = [];
  for (let f = 0; f < faceIndices.length / 3; f++)
    faces.push([faceIndices[3 * f], faceIndices[3 * f + 1], faceIndices[3 * f + 2]]);
  return {
    name: body.name,
    simulationVertexCount: count,
    sharedSettings: {
      vertices,
      faces,
      edgeConstraints,
      dihedralBendConstraints,
      volumeConstraints,
      lraConstraints,
    },
    creationSettings: {
      numIterations: iterations,
      linearDamping: body.linearDampingPerS + joltModalDampingPerS(body),
      gravityFactor: 1,
      facesDoubleSided: g.kind === 'cloth',
      pressure: gas?.pressure ?? 0,
    },
    calibration: (runtime.runtimeCalibration ?? []).map(({ role, complianceFactor }) => ({
      role,
      complianceFactor,
    })),
    budget: compensationNotes(runtime, iterations),
    ...(body.render && g.kind === 'solid' ? { renderMesh: joltRenderMesh(body.render, g.tets) } : {}),
    ...(body.aerodynamics
      ? {
          aerodynamics: {
            dragCoefficient: Array.from(body.aerodynamics.dragCoefficient),
            liftCoefficient: Array.from(body.aerodynamics.liftCoefficient),
            windwardOnly: body.aerodynamics.windwardOnly,
          },
        }
      : {}),
  };
}

/** The render mesh with its embedding resolved from tets to their simulation vertices. */
function joltRenderMesh(render: RenderSetup, tets: Uint32Array): JoltRenderMesh {
  const { elements, weights } = render.embedding;
  const vertex: number[] = [];
  for (let i = 0; i < elements.length; i++)
    for (let k = 0; k < 4; k++) vertex.push(tets[4 * elements[i] + k]);
  return {
    positions: Array.from(render.positions),
    indices: Array.from(render.indices),
    embedding: { vertex, weight: Array.from(weights) },
  };
}

/**
 * A scene collider as a Jolt static body. Jolt has one friction coefficient per body: the dynamic
 * one is kept (a sliding contact is what a falling body meets first).
 */
function joltCollider(spec: ColliderSpec): JoltCollider {
  const friction = spec.friction ?? DEFAULT_FRICTION;
  switch (spec.type) {
    case 'plane': {
      const length = Math.hypot(...spec.normal);
      const normal = spec.normal.map((c) => c / length) as Vec3;
      return { type: 'plane', normal, offset: spec.offset, friction };
    }
    case 'sphere':
      return { type: 'sphere', center: [...spec.center], radius: spec.radius, friction };
    case 'box':
      return { type: 'box', center: [...spec.center], halfExtents: [...spec.halfExtents], friction };
    case 'capsule':
      return { type: 'capsule', a: [...spec.a], b: [...spec.b], radius: spec.radius, friction };
    case 'mesh':
      // The setup holds the triangles inline. Jolt has no standoff (thicknessM): the feature table says so.
      return {
        type: 'mesh',
        vertices: [...(spec.vertices ?? [])],
        indices: [...(spec.indices ?? [])],
        friction,
      };
  }
}

/**
 * The body's modal damping as Jolt's mLinearDamping, 1/s: Jolt damps world velocity, as our modal
 * damping does for a pinned body, so a pinned body's rate 2ζ·ω₁ is carried (groups of different ζ:
 * the mass-weighted mean rate). A body with no pin keeps its rigid motion here but would lose it
 * there: left out (the feature table reports it).
 */
export function joltModalDampingPerS(body: BodySetup): number {
  if (isFreeBody(body)) return 0;
  const rates = modalDampingRatesPerS(body);
  let mass = 0;
  let weighted = 0;
  body.geometry.mass.forEach((m, p) => {
    mass += m;
    weighted += m * rates[p];
  });
  return mass > 0 ? weighted / mass : 0;
}
