import type { ColliderSpec, ConstraintModel, MotionSpec, Vec3 } from '../scene/scene.ts';
import type { BodyGeometry } from './body-geometry.ts';
import type { BodySlots } from './body-groups.ts';
import type { Compensation } from './compensate.ts';
import type { RuntimeCalibration } from './runtime-calibration.ts';

/**
 * The soft-body setup: everything the engine consumes, compiled once from a scene (or read from a
 * preset, which is this setup serialized beside its authoring inputs). It is to the world what
 * Jolt's SoftBodySharedSettings is to its SoftBodyMotionProperties: immutable and shared, while
 * the world holds only state (x, previous x, v, λ). The preview, `softbody simulate`, the preset
 * and every exporter read the same setup, so what the artist previews is what the game gets.
 *
 * Every compliance and mass is computed in core/setup (compile-body.ts over the formulas of
 * core/material/compliance); nothing downstream derives or inverts one. SI units throughout;
 * particle indices are local to the body.
 */
export interface SoftBodySetup {
  /** Gravity, m/s². */
  gravity: Vec3;
  solver: {
    /** Frame time step, s. */
    dt: number;
    /** Substeps per frame. */
    substeps: number;
  };
  /** Static colliders (mesh colliders hold their triangles inline). */
  colliders: ColliderSpec[];
  bodies: BodySetup[];
  /** The air the bodies with `aerodynamics` move through; present when one of them has it. */
  air?: AirSetup;
  /** Contact between soft bodies (core/sim/collide/body-contact.ts); absent: they pass through each other. */
  contact?: ContactSetup;
}

/** Contact between soft bodies: the distance kept (m) and Coulomb friction coefficients. */
export interface ContactSetup {
  thicknessM: number;
  staticFriction: number;
  friction: number;
}

/** The air of a scene (core/sim/wind.ts gives its velocity at a time). */
export interface AirSetup {
  /** Mean wind velocity, m/s. */
  windMPerS: Vec3;
  /** Air density ρ, kg/m³. */
  densityKgM3: number;
  /** Seeded smooth noise added to each wind component: amplitude m/s, knot spacing s. */
  gust?: { amplitudeMPerS: number; periodS: number; seed: number };
}

/**
 * Drag and lift of a body's surface (core/sim/aerodynamics.ts), per triangle of its geometry's
 * `surfaceTriangles` (the coefficient of the body or of the last group holding the triangle).
 */
export interface AerodynamicsSetup {
  /** C_d per surface triangle, dimensionless. */
  dragCoefficient: Float64Array;
  /** C_l per surface triangle, dimensionless. */
  liftCoefficient: Float64Array;
  /**
   * True for closed surfaces (solids, cloth with pressure): only faces moving into the air (outward
   * normal along the relative velocity) feel it. False for open cloth: a sheet, both sides alike.
   */
  windwardOnly: boolean;
}

export interface BodySetup {
  name: string;
  model: ConstraintModel;
  /** Rest geometry and lumped masses (kg), indices local to the body. */
  geometry: BodyGeometry;
  /** Material slots: slot 0 the body's own material, slot g + 1 the body's group g (body-groups.ts). */
  slots: BodySlots;
  /** Names of the body's material groups, in slot order from slot 1. */
  groupNames: string[];
  /** Pins in the order the document lists them; a particle belongs to the first pin choosing it. */
  pins: SetupPin[];
  /** Constraint sets in the order the solver sweeps them. */
  constraints: ConstraintSet[];
  /**
   * Sweeps per substep: 1 for XPBD, the body's iteration count in classic PBD mode,
   * RAGDOLL_SWEEPS_PER_SUBSTEP for ragdolls (ragdoll-template.ts).
   */
  iterations: number;
  /** Mass-proportional damping, 1/s. */
  linearDampingPerS: number;
  /**
   * The body's lowest elastic mode ω₁ as estimated at rest, rad/s (fundamental-mode.ts): its
   * modal damping is 2ζ·ω₁ per particle (ζ of the particle's slot). 0 when the body has no
   * damping (or is in classic PBD mode, or nothing elastic was found): not estimated.
   */
  fundamentalRadPerS: number;
  /** Fastest wave speed c = √(E/ρ) over the body's materials, m/s (for r = h·c/l). */
  waveSpeedMPerS: number;
  /**
   * Budget compensation per material slot and constraint family: the stiffness scale its
   * compliances got for the solver's substeps (compensate.ts); empty when the solver's
   * `compensation` is 'off', for rope bodies and in classic PBD mode.
   */
  compensation: Compensation[];
  /**
   * A runtime network's calibration against the engine's own sets, per role (runtime-calibration.ts):
   * only in setups compiled for a runtime with `calibrateRuntime`.
   */
  runtimeCalibration?: RuntimeCalibration[];
  /** Cloth self-collision, when the body asks for it. */
  selfCollision?: { thicknessM: number; staticFriction: number; friction: number };
  /** Air drag and lift of the surface, when the body feels the air. */
  aerodynamics?: AerodynamicsSetup;
  /** The mesh drawn, skinned to the simulation mesh (mesh bodies imported with their surface). */
  render?: RenderSetup;
  /** Import groups (OBJ o/g/usemtl, glTF mesh or material names) of the simulation elements. */
  importGroups?: { names: string[] /** Per element, an index into `names`. */; elementGroups: Uint16Array };
  /** A preview-only demonstration body (the scene's `previewOnly`): every exporter refuses it. */
  previewOnly?: true;
}

/** A render mesh and its barycentric embedding in the simulation elements. */
export interface RenderSetup {
  /** Rest positions, m, xyz per vertex. */
  positions: Float32Array;
  /** 3 per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
  /** Render vertex i follows Σ_k weights[4i + k]·x[tet elements[i] vertex k]. */
  embedding: { elements: Uint32Array; weights: Float32Array };
}

export interface SetupPin {
  name?: string;
  /** Local particle indices the pin holds, ascending. */
  particles: Uint32Array;
  /** 0 holds rigidly (inverse mass 0); > 0 is a soft attachment to the rest position, m/N. */
  complianceMPerN: number;
  /** Keyframed motion of the held particles about their rest centroid (core/sim/motion.ts). */
  motion?: MotionSpec;
}

/**
 * One block of constraints of one kind, as the solver gets it: particles (local indices), the
 * compliance of every constraint and one damping ratio for the set (the damping coefficient
 * β = 2ζ/√(α·Σw|∇C|²) follows from these and the masses; constraints/block.ts). The body's fundamental
 * mode gets its ζ from the modal damping set by `fundamentalRadPerS` (fundamental-mode.ts). `stiffnessScale`
 * is 1 for XPBD and the per-iteration stiffness of classic PBD (whose compliances are then 0).
 */
export type ConstraintSet =
  | {
      kind: 'distance';
      /** 2 per constraint. */
      particles: Uint32Array;
      /** α of C = |x_a − x_b| − L0, m/N. */
      complianceMPerN: Float64Array;
      dampingRatio: number;
      stiffnessScale: number;
      /** Tension at which each link tears, N; 0 never (core/setup/breaking.ts). Absent: none tears. */
      breakingForceN?: Float64Array;
    }
  | {
      kind: 'neo-hookean';
      /** 4 per tet, in the mesh's orientation. */
      tets: Uint32Array;
      /** α_D = 1/(μV) of C_D = ‖F‖, 1/J (1/(Pa·m³)). */
      deviatoricCompliancePerJ: Float64Array;
      /** α_H = 1/(λ_NH·V) of C_H = det F − γ, 1/J. */
      hydrostaticCompliancePerJ: Float64Array;
      /** γ = 1 + μ/λ_NH, dimensionless. */
      gamma: Float64Array;
      /** Largest principal stress at which each tet tears, Pa; 0 never. Absent: none tears. */
      breakingStressPa?: Float64Array;
      /** Gauss-Seidel sweeps of the set per substep (default 1; compensate.ts, solid-passes.ts). */
      passes?: number;
    }
  | {
      kind: 'membrane';
      /** 3 per triangle. */
      triangles: Uint32Array;
      /**
       * Compliance matrix [a c 0; c a 0; 0 0 s] of C = Green strain (E₁₁, E₂₂, E₁₂) in the rest
       * triangle's frame, 1/J: a = 1/(E·t·A), c = −ν/(E·t·A), s = (1+ν)/(2·E·t·A).
       */
      normalCompliancePerJ: Float64Array;
      couplingCompliancePerJ: Float64Array;
      shearCompliancePerJ: Float64Array;
      /**
       * Orthotropic cloth: α₂₂ = 1/(E_weft·t·A) per triangle, 1/J, with the frame's axis 1 on
       * `warpDirection` (then normalCompliancePerJ is α₁₁ = 1/(E_warp·t·A), couplingCompliancePerJ
       * −ν₁₂/(E_warp·t·A), shearCompliancePerJ 1/(4·G₁₂·t·A)). Absent: isotropic, α₂₂ = α₁₁.
       */
      weftNormalCompliancePerJ?: Float64Array;
      /** Orthotropic cloth: the warp at rest per triangle, 3 per triangle (unit, in its plane), m/m. */
      warpDirection?: Float64Array;
      /** Largest principal membrane tension (stress × thickness) at which each triangle tears, N/m; 0 never. */
      breakingTensionNPerM?: Float64Array;
    }
  | {
      kind: 'edge-damper';
      /** 2 per edge. */
      particles: Uint32Array;
      /** Compliance of the equivalent spring (edges-volume mapping), m/N: sets the damping only. */
      complianceMPerN: Float64Array;
      dampingRatio: number;
    }
  | {
      kind: 'tet-volume';
      /** 4 per tet. */
      tets: Uint32Array;
      /** α of C = V − V0, m³/Pa. */
      complianceM3PerPa: Float64Array;
      dampingRatio: number;
      stiffnessScale: number;
    }
  | {
      kind: 'nodal-volume';
      /** The tets whose volume the vertices share, 4 per tet. */
      tets: Uint32Array;
      /** One constraint per vertex: the vertex whose star (the tets of `tets` around it) it holds. */
      vertices: Uint32Array;
      /** α of C = V_n − V_n0 with V_n = Σ_{t ∋ n} V_t/4, m³/Pa. */
      complianceM3PerPa: Float64Array;
      dampingRatio: number;
      stiffnessScale: number;
      /** Gauss-Seidel sweeps of the set per substep (default 1; compensate.ts, solid-passes.ts). */
      passes?: number;
    }
  | {
      kind: 'plate-bend';
      /**
       * 6 per triangle: its corners (c0, c1, c2), then the wing across each edge (c0c1, c1c2, c2c0);
       * a wing equal to the triangle's opposite corner: no hinge on that edge.
       */
      particles: Uint32Array;
      /**
       * Compliance matrix of C = the three hinge angles θ − θ0 (rad), 1/(N·m), 6 upper entries
       * (00, 01, 02, 11, 12, 22) per triangle; rows of edges without a hinge are 0.
       */
      compliancePerNM: Float64Array;
      dampingRatio: number;
      stiffnessScale: number;
      /**
       * Gauss-Seidel sweeps of the set per substep (default 1): more than one where a single
       * sweep cannot reach the plate's stiffness at the solver's substep (compensate.ts).
       */
      passes?: number;
    }
  | {
      kind: 'dihedral-bend';
      /** 4 per hinge: the edge, then the two wings. */
      hinges: Uint32Array;
      /** α of C = θ − θ0, 1/(N·m). */
      compliancePerNM: Float64Array;
      dampingRatio: number;
      stiffnessScale: number;
    }
  | {
      kind: 'rope-bend';
      /** 3 per joint (i − 1, i, i + 1). */
      particles: Uint32Array;
      /** α of the joint, m/N. */
      complianceMPerN: Float64Array;
      dampingRatio: number;
      stiffnessScale: number;
    }
  | {
      kind: 'attachment';
      /** 1 per soft pin attachment. */
      particles: Uint32Array;
      /** α of C = |x − x_rest|, m/N. */
      complianceMPerN: Float64Array;
      dampingRatio: number;
    }
  | {
      kind: 'tether';
      /** Pairs (free particle, pinned particle). */
      particles: Uint32Array;
      /** Longest allowed distance per pair, m. */
      maxLengthM: Float64Array;
    }
  | {
      kind: 'pressure';
      /** The distinct surface particles. */
      particles: Uint32Array;
      /** Triangles indexing into `particles`, counter-clockwise seen from outside. */
      triangles: Uint32Array;
      /** Volume the gas wants, s·V0, m³. */
      targetVolumeM3: number;
      /** α = s·V0/K of C = V − s·V0, m³/Pa. */
      complianceM3PerPa: number;
    }
  | {
      kind: 'shape-matching';
      /** The region's particles, distinct (shape-matching.ts). */
      particles: Uint32Array;
      /** Recovery time constant τ, s: a deviation from the rest shape decays as e^(−t/τ). */
      timeConstantS: number;
    }
  | {
      kind: 'joint-cone';
      /** 4 per cone: parent direction (a → b), child bone (c → d) (joint-cone.ts). */
      particles: Uint32Array;
      /** θmax of C = θ − θmax ≤ 0 per cone, rad. */
      maxAngleRad: Float64Array;
      /** α per cone, rad/(N·m); 0 for a hard limit. */
      complianceRadPerNM: Float64Array;
    }
  | {
      kind: 'joint-hinge';
      /** 6 per hinge: parent bone (a → b), child bone (c → d), axis (e → f) (joint-hinge.ts). */
      particles: Uint32Array;
      /** φmin and φmax of the signed hinge angle per hinge, rad. */
      minAngleRad: Float64Array;
      maxAngleRad: Float64Array;
      /** α per hinge, rad/(N·m); 0 for a hard limit. */
      complianceRadPerNM: Float64Array;
    };

export type ConstraintSetKind = ConstraintSet['kind'];
