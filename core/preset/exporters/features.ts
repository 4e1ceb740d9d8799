import type { ColliderSpec } from '../../scene/scene.ts';
import { breakingThresholds } from '../../setup/breaking.ts';
import type { BodySetup, SoftBodySetup } from '../../setup/setup.ts';

/**
 * Every feature a scene can express, and what each export target does with it: carries it,
 * approximates it (the export goes ahead and reports what changes), or refuses it (the export
 * stops and names the feature and the target). One table, read by every exporter and walked
 * feature × target by test/core/preset/feature-targets.test.ts, so that nothing can be dropped
 * silently again.
 */

export type ExportTargetId = 'native' | 'gltf' | 'jolt' | 'mujoco' | 'godot';

export type Support = { carried: true } | { approximated: string } | { refused: string };

export interface Feature {
  id: string;
  /** Which bodies show the feature (all of them for scene-wide features). */
  bodies: (setup: SoftBodySetup) => BodySetup[];
  /** Scene-wide features: present when this says so. */
  scene?: (setup: SoftBodySetup) => boolean;
  support: Record<ExportTargetId, Support>;
}

const carried = { carried: true } as const;
const everywhere = { native: carried, gltf: carried } as const;

const byBody = (test: (body: BodySetup) => boolean) => (setup: SoftBodySetup) => setup.bodies.filter(test);
const hasSet = (body: BodySetup, kind: BodySetup['constraints'][number]['kind']) =>
  body.constraints.some((set) => set.kind === kind);
const collider = (type: ColliderSpec['type']) => (setup: SoftBodySetup) =>
  setup.colliders.some((c) => c.type === type);
const joltColliders = {
  approximated:
    "created by the loader as Jolt static bodies of the same shape; Jolt has one friction coefficient per body, combined with the soft body's mFriction (geometric mean by default): the collider's dynamic friction is exported, its static friction dropped. Jolt collides the soft body's vertices, not its faces: a collider much smaller than the elements can pass between them",
};
const joltMeshColliders = {
  approximated:
    "created by the loader as a Jolt MeshShape static body of the same triangles, without the standoff thicknessM (Jolt has none per collider; the soft body's mVertexRadius is the nearest); one friction coefficient as for the other colliders (the dynamic one, combined with the soft body's mFriction)",
};
const mujocoFriction =
  "MuJoCo has one sliding friction per contact (the larger of the two geoms'): the collider's dynamic friction is exported, its static friction dropped";
const mujocoPrimitive = { approximated: `a static geom of the same shape; ${mujocoFriction}` };
const mujocoColliders = {
  plane: mujocoPrimitive,
  sphere: mujocoPrimitive,
  box: mujocoPrimitive,
  capsule: mujocoPrimitive,
  mesh: {
    approximated: `a mesh geom of the same triangles, which MuJoCo collides as their convex hull, without the standoff thicknessM; ${mujocoFriction}`,
  },
} as const;

const godotCalibrated =
  "one linear_stiffness per body (Godot's 0–1 per solver sweep, on all links alike), chosen so that the body sags under its own weight as the preview does at the preset's frame step and simulation_precision (calibrated on a model of Godot Physics' link solver, core/preset/exporters/godot-soft-body.ts); a material stiffer than the sweeps can hold saturates at 1 and hangs softer than in the preview (the export's notes say by how much)";
const godotSolid = {
  approximated: `Godot's soft body is a surface of links: the solid goes out as its boundary triangles (interior particles dropped), links along their edges and between nodes two edges apart, no volume stiffness (shear, bulk and bending only as the surface links give them); ${godotCalibrated}`,
};
const godotColliders = {
  approximated:
    'a StaticBody3D with a CollisionShape3D of the same shape; its PhysicsMaterial carries the dynamic friction, the static friction is dropped; Godot Physics collides the soft body’s nodes, with its collision margin, not its faces',
};
const godotMeshColliders = {
  approximated:
    'a StaticBody3D with a ConcavePolygonShape3D of the same triangles (wound for Godot, backface collision on), without the standoff thicknessM; the dynamic friction as for the other colliders',
};

export const FEATURES: readonly Feature[] = [
  {
    id: 'neo-hookean solids',
    bodies: byBody((b) => b.model === 'neo-hookean'),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          'Jolt has no neo-Hookean tets: exported as edge springs + tet volume constraints compiled from the same E and ν (equal at small strain, not for large strains or inversion)',
      },
      mujoco: {
        approximated:
          "MuJoCo's flex elasticity is linear tets in the Green strain (St. Venant–Kirchhoff) of the same E and ν: equal at small strain, stiffer in large compression, and no recovery from inversion",
      },
      godot: godotSolid,
    },
  },
  {
    id: 'edges-volume solids',
    bodies: byBody((b) => b.model === 'edges-volume'),
    support: {
      ...everywhere,
      jolt: carried,
      mujoco: {
        approximated:
          'exported as the linear tets of the same E and ν (MuJoCo flex elasticity), not as edge springs',
      },
      godot: godotSolid,
    },
  },
  {
    id: 'nodal volume constraints',
    bodies: byBody((b) => hasSet(b, 'nodal-volume')),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          "Jolt has only per-tet volume constraints: the bulk the engine holds per vertex (ν above 0.3, against volumetric locking) is exported per tet, α = V/(K − 5μ/3), which locks (at ν = 0.49 the calibration bar and cantilever, 2×20×2 and 40×8×2 cells, 14% and 7% stiff in linear statics); the export scales each body's network so that it deflects under its own weight as the preview does (runtime calibration), and a load in another direction still meets part of the locking",
      },
      mujoco: {
        approximated:
          'MuJoCo holds the bulk per tet: near ν = 0.5 its linear tets lock (natural rubber, ν = 0.49: the calibration bar 7% stiffer than the preview); the export scales each body’s E so that it deflects under its own weight as the preview does (runtime calibration), and a load in another direction still meets part of the locking',
      },
      godot: { approximated: 'Godot has no volume constraints: the bulk is not exported (see the solids)' },
    },
  },
  {
    id: 'Poisson ratio below 1/4',
    bodies: byBody(
      (b) =>
        (b.model === 'neo-hookean' || b.model === 'edges-volume') &&
        b.slots.materials.some((m) => m.poissonRatio < 0.25),
    ),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          'an edge network cannot express ν below 1/4: it behaves as ν = 1/4 with the right shear modulus',
      },
      mujoco: carried,
      godot: { approximated: 'Godot’s links have no Poisson ratio: one stiffness for every link' },
    },
  },
  {
    id: 'cloth',
    bodies: byBody((b) => b.model === 'cloth'),
    support: { ...everywhere, jolt: carried, mujoco: carried, godot: carried },
  },
  {
    id: 'cloth membrane',
    bodies: byBody((b) => hasSet(b, 'membrane')),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          'Jolt has no membrane triangles: cloth stretch and shear are exported as edge springs fitted per triangle to the same E·t (Poisson ratio 1/3 whatever the material says; uniaxial stiffness within about 10% of E·t on grids and irregular meshes), scaled per body so that it stretches under its own weight as the preview does (runtime calibration)',
      },
      mujoco: carried,
      godot: {
        approximated: `Godot has no membrane triangles: stretch and shear by the mesh's edge links and the links between nodes two edges apart; ${godotCalibrated}`,
      },
    },
  },
  {
    id: 'cloth plate bending',
    bodies: byBody((b) => hasSet(b, 'plate-bend')),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          "Jolt bends cloth only at dihedral hinges, one per edge: bending is exported as hinges of the same plate stiffness D, which a hinge network holds only on meshes whose vertices are all alike (5/6 of D on the alternating-diagonal grid, 0.90–1.05 on irregular meshes), scaled per body so that it bends under its own weight as the preview's plate triangles do (runtime calibration); other loads keep the hinges' own anisotropy",
      },
      mujoco: {
        approximated:
          "MuJoCo bends shells with its own discrete bending (elastic2d bend) from the same E, ν and thickness, not the preview's plate triangles: on the calibration cloth cantilever (cotton) it reached 0.36 of the plate's stiffness",
      },
      godot: {
        approximated:
          'Godot bends cloth only through its links between nodes two edges apart, of the same linear_stiffness as the stretch: bending is not set from the plate stiffness D',
      },
    },
  },
  {
    id: 'rope bodies',
    bodies: byBody((b) => b.model === 'rope'),
    support: {
      ...everywhere,
      jolt: {
        refused: 'Jolt soft bodies have no rope model; build the rope as a chain of rigid bodies there',
      },
      mujoco: { refused: 'MuJoCo flexes have no rope model; build the rope as a cable (composite) there' },
      godot: {
        refused:
          'Godot’s SoftBody3D simulates a triangle mesh, no rope model; build the rope from rigid bodies and joints there',
      },
    },
  },
  {
    id: 'rope bending',
    bodies: byBody((b) => hasSet(b, 'rope-bend')),
    support: {
      ...everywhere,
      jolt: { refused: 'Jolt has no rope bending joints' },
      mujoco: { refused: 'MuJoCo flexes have no rope bending' },
      godot: { refused: 'Godot has no rope bending' },
    },
  },
  {
    id: 'material groups',
    bodies: byBody((b) => b.groupNames.length > 0),
    support: {
      ...everywhere,
      jolt: carried,
      mujoco: carried,
      godot: {
        approximated:
          'one linear_stiffness per body: the groups are calibrated together (the body’s sag), not each with its own material',
      },
    },
  },
  {
    id: 'plasticity',
    bodies: byBody((b) => b.slots.plasticity?.some((p) => p !== null) ?? false),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          'plasticity dropped: a Jolt soft body keeps the rest lengths and volumes of its SoftBodySharedSettings (set when it is created, shared, not updated while it runs), so past the yield strain it springs back fully where the preview keeps a permanent set; below yield nothing differs',
      },
      mujoco: {
        approximated:
          'plasticity dropped: the export writes MuJoCo 3.3 flexes, whose rest shape does not change while they run (the flex yield of MuJoCo 4.0, a return mapping without a creep rate, is not written), so past the yield strain the body springs back fully; below yield nothing differs',
      },
      godot: {
        approximated:
          "plasticity dropped: a SoftBody3D's links keep the rest lengths of the mesh it was built from, so past the yield strain it springs back fully where the preview keeps a permanent set; below yield nothing differs",
      },
    },
  },
  {
    id: 'tearing',
    bodies: byBody((b) => b.constraints.some((set) => breakingThresholds(set) !== undefined)),
    support: {
      ...everywhere,
      jolt: {
        refused:
          "Jolt's soft bodies keep their edge, volume and skinning constraints for the body's lifetime: nothing removes a constraint at run time",
      },
      mujoco: {
        refused:
          'MuJoCo flexes keep their elements for the model’s lifetime: nothing removes one at run time',
      },
      godot: {
        refused:
          "Godot's SoftBody3D keeps the links of its mesh for its lifetime: nothing removes one at run time",
      },
    },
  },
  {
    id: 'rigid pins',
    bodies: byBody((b) => b.pins.some((pin) => pin.complianceMPerN === 0)),
    support: { ...everywhere, jolt: carried, mujoco: carried, godot: carried },
  },
  {
    id: 'soft pins',
    bodies: byBody((b) => hasSet(b, 'attachment')),
    support: {
      ...everywhere,
      jolt: carried,
      mujoco: carried,
      godot: { approximated: 'pinned rigidly: Godot’s pinned points have no compliance' },
    },
  },
  {
    id: 'tethers',
    bodies: byBody((b) => hasSet(b, 'tether')),
    support: {
      ...everywhere,
      jolt: carried,
      mujoco: carried,
      godot: { approximated: 'dropped: Godot has no long-range attachments' },
    },
  },
  {
    id: 'pressure',
    bodies: byBody((b) => hasSet(b, 'pressure')),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          "Jolt's gas pushes with P = nRT/V and nothing pushes back from outside, where the preview's gas wants a volume (s·V0, bulk K): nRT is set so that Jolt's balloon rests at the preview's rest volume and pressure (the preview is run to rest in its scene at export); squeezed away from rest Jolt's gas is softer, as an ideal gas at the rest gauge pressure rather than at an atmosphere",
      },
      mujoco: { refused: 'MuJoCo flexes have no enclosed gas pressure' },
      godot: {
        approximated:
          "Godot's pressure_coefficient pushes with P = c/V and nothing from outside, as Jolt's gas: c is set from the preview's rest state as for Jolt (c = p_rest·V_rest), so the gas holds the preview's rest pressure at its rest volume; how far Godot's surface links then stretch is only as close as their calibrated stiffness, and squeezed away from rest the gas is softer than the preview's",
      },
    },
  },
  {
    id: 'shape matching',
    bodies: byBody((b) => hasSet(b, 'shape-matching')),
    support: {
      ...everywhere,
      jolt: {
        refused:
          'Jolt soft bodies have no shape matching: SoftBodySharedSettings holds edges, bends, volumes, LRA tethers and skinned constraints, and a skinned constraint pulls towards joints the game animates, not towards a rotation fitted to the body each step. Dropping it would ship a limp body where the preview holds its shape',
      },
      mujoco: {
        refused:
          "MuJoCo flexes have no shape matching: flex elasticity is linear tets, and flexcomp's reduced 'radial' or 'trilinear' dofs are other deformation spaces, not a pull towards the best rigid placement; a rigid body would match only τ → 0, so the export refuses rather than swap the body for one",
      },
      godot: {
        refused:
          "Godot's SoftBody3D has no shape matching (its only forces are its surface links, pressure, drag and Area3D wind); dropping it would ship a limp body where the preview holds its shape",
      },
    },
  },
  {
    id: 'self-collision',
    bodies: byBody((b) => b.selfCollision !== undefined),
    support: {
      ...everywhere,
      jolt: { approximated: 'self-collision dropped: Jolt soft bodies do not collide with themselves' },
      mujoco: {
        approximated: 'flex self-collision (selfcollide auto) with half the thickness as the vertex radius',
      },
      godot: { approximated: 'self-collision dropped: Godot soft bodies do not collide with themselves' },
    },
  },
  {
    id: 'classic PBD mode',
    bodies: byBody(
      (b) =>
        b.iterations > 1 || b.constraints.some((set) => 'stiffnessScale' in set && set.stiffnessScale !== 1),
    ),
    support: {
      ...everywhere,
      jolt: { approximated: 'exported as rigid XPBD constraints: Jolt has no per-iteration stiffness' },
      mujoco: {
        approximated: "exported as the material's elasticity: MuJoCo has no per-iteration stiffness",
      },
      godot: {
        approximated:
          'exported as Godot’s own position-based links: linear_stiffness the per-iteration stiffness, simulation_precision the iteration count (Godot sweeps once per tick, not per substep), not calibrated',
      },
    },
  },
  {
    id: 'constraint damping',
    bodies: byBody((b) => b.constraints.some((set) => 'dampingRatio' in set && set.dampingRatio > 0)),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          'damping along ∇C dropped, Jolt has none; the fundamental mode keeps its ζ on pinned bodies (2ζ·ω₁ added to mLinearDamping, world-velocity damping as ours for pinned bodies), not on bodies with no pin (mLinearDamping would slow their fall)',
      },
      mujoco: {
        approximated:
          'damping along ∇C dropped, MuJoCo flex damping is explicit and stiffness-proportional; pinned bodies keep the ζ of their fundamental mode as joint damping m·2ζ·ω₁ per particle (implicit), bodies with no pin lose it',
      },
      godot: {
        approximated:
          'damping along ∇C dropped: Godot’s damping_coefficient damps every node’s velocity alike',
      },
    },
  },
  {
    id: 'linear damping',
    bodies: byBody((b) => b.linearDampingPerS > 0),
    support: { ...everywhere, jolt: carried, mujoco: carried, godot: carried },
  },
  {
    id: 'render mesh',
    bodies: byBody((b) => b.render !== undefined),
    // The Jolt loader skins it from Jolt's vertices with the same barycentric weights (createRenderMesh).
    support: {
      ...everywhere,
      jolt: carried,
      mujoco: {
        approximated: 'the render mesh and its embedding are not exported: MuJoCo draws the flex',
      },
      godot: {
        approximated:
          'Godot simulates the mesh it draws: the SoftBody3D’s mesh is the body’s surface; the render mesh and its embedding are not exported',
      },
    },
  },
  {
    id: 'wind and drag',
    bodies: byBody((b) => b.aerodynamics !== undefined),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          "Jolt soft bodies have no aerodynamics: the file carries the air (wind, density, gusts) and each body's C_d and C_l per face, for the game to add as per-vertex forces every step (runtime/jolt/README.md gives the per-triangle formula); the loader applies none, so without that code the body moves as in a vacuum",
      },
      mujoco: {
        approximated:
          "not exported: MuJoCo's fluid forces (<option density viscosity wind>) act on bodies through their inertia boxes or geom ellipsoids, not on flex elements, and the exported vertex bodies are point masses (inertia boxes millimetres across), so the cloth would feel almost nothing; no fluid option is written and the model moves as in a vacuum unless the game applies the preset's drag per vertex (xfrc_applied)",
      },
      godot: {
        approximated:
          "not exported: Godot blows on a SoftBody3D only through an Area3D's wind (wind_force_magnitude, wind_source_path), a force per face with no drag or lift coefficients; the scene gets none, so the body moves as in still air unless the game adds such an Area3D",
      },
    },
  },
  {
    id: 'ragdoll bodies',
    bodies: byBody((b) => b.model === 'ragdoll'),
    support: {
      ...everywhere,
      jolt: {
        refused:
          "Jolt soft bodies are a mesh of springs with no joint limits; build the ragdoll as Jolt's Ragdoll there (rigid bodies per bone with swing-twist constraints), whose limits are the skeleton's",
      },
      mujoco: {
        refused:
          'MuJoCo flexes have no joint limits; build the ragdoll as a tree of bodies with ball and hinge joints (range) and capsule geoms there',
      },
      godot: {
        refused:
          'Godot’s SoftBody3D simulates a triangle mesh, not a skeleton; build the ragdoll from PhysicalBone3D nodes and their joint limits there',
      },
    },
  },
  {
    id: 'ragdoll joint limits',
    bodies: byBody((b) => hasSet(b, 'joint-cone') || hasSet(b, 'joint-hinge')),
    support: {
      ...everywhere,
      jolt: { refused: 'Jolt soft bodies have no angle limits between edges' },
      mujoco: { refused: 'MuJoCo flexes have no angle limits between edges' },
      godot: { refused: 'Godot soft bodies have no angle limits between links' },
    },
  },
  {
    id: 'orthotropic cloth',
    bodies: byBody((b) =>
      b.constraints.some((set) => set.kind === 'membrane' && set.warpDirection !== undefined),
    ),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          "Jolt has no orthotropic membrane: the edge springs are fitted to the material's isotropic E (the mean of warp and weft), so warp and weft stretch alike; each dihedral hinge takes the plate's rigidity for bending across its own edge, (√D_warp·cos²φ + √D_weft·sin²φ)² (no twist coupling); then scaled per body so that it sags under its own weight as the preview's warp/weft cloth does (runtime calibration)",
      },
      mujoco: {
        approximated:
          "MuJoCo's flex elasticity is isotropic (one young, poisson, thickness): exported with the material's isotropic E and ν, so warp and weft stretch and bend alike",
      },
      godot: {
        approximated:
          "Godot's linear_stiffness is one number per body: the warp/weft difference is lost (the calibration matches the preview's sag under its own weight)",
      },
    },
  },
  {
    id: 'contact between bodies',
    bodies: () => [],
    scene: (setup) => setup.contact !== undefined && setup.bodies.length > 1,
    support: {
      ...everywhere,
      jolt: {
        approximated:
          'contact between the soft bodies dropped: Jolt soft bodies collide with rigid bodies only (its SoftBodyMotionProperties collides the vertices against rigid shapes; soft body against soft body is not implemented as of Jolt 5.6), so the bodies pass through each other in the game',
      },
      mujoco: {
        approximated:
          'contact between the soft bodies dropped: the flexes are written with contype 2 / conaffinity 1, touching the colliders but not each other (the slots of one body share their boundary)',
      },
      godot: {
        approximated:
          "contact between the soft bodies dropped: Godot's SoftBody3D collides its nodes with physics bodies' shapes, not with other soft bodies",
      },
    },
  },
  {
    id: 'moving colliders',
    bodies: () => [],
    scene: (setup) => setup.colliders.some((c) => c.motion !== undefined),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          'the collider is created static at its authored place: its keyframes are not carried, so the game must animate it as a kinematic body itself (Jolt drags soft bodies by a kinematic body’s velocity)',
      },
      mujoco: {
        approximated:
          'the collider is a static geom at its authored place: its keyframes are not carried (MuJoCo would need a mocap body driven by the game)',
      },
      godot: {
        approximated:
          'the collider is a StaticBody3D at its authored place: its keyframes are not carried (an AnimatableBody3D animated by the game would move it)',
      },
    },
  },
  {
    id: 'moving pins',
    bodies: byBody((b) => b.pins.some((pin) => pin.motion !== undefined)),
    support: {
      ...everywhere,
      jolt: {
        approximated:
          'pinned vertices hold their rest place: the keyframes are not carried; the game moves pinned (inverse mass 0) vertices itself',
      },
      mujoco: {
        approximated: 'pins hold their rest place: the keyframes are not carried',
      },
      godot: {
        approximated: 'pinned points hold their rest place: the keyframes are not carried',
      },
    },
  },
  ...(['plane', 'sphere', 'box', 'capsule', 'mesh'] as const).map(
    (type): Feature => ({
      id: `${type} colliders`,
      bodies: () => [],
      scene: collider(type),
      support: {
        ...everywhere,
        jolt: type === 'mesh' ? joltMeshColliders : joltColliders,
        mujoco: mujocoColliders[type],
        godot: type === 'mesh' ? godotMeshColliders : godotColliders,
      },
    }),
  ),
  {
    id: 'preview-only bodies',
    bodies: byBody((b) => b.previewOnly === true),
    support: Object.fromEntries(
      (['native', 'gltf', 'jolt', 'mujoco', 'godot'] as const).map((target) => [
        target,
        {
          refused:
            "a preview-only demonstration body (the classic-PBD copy of the editor's PBD vs XPBD comparison) is not an asset: delete it from the scene, or export the XPBD body it was copied from",
        },
      ]),
    ) as Record<ExportTargetId, Support>,
  },
];

/** A feature of a setup as a target handles it: where it occurs and what the target does. */
export interface FeatureUse {
  feature: string;
  /** The bodies showing it; empty for scene-wide features. */
  bodies: string[];
  support: Support;
}

/** The features `setup` uses, with `target`'s support for each, in table order. */
export function featureUses(setup: SoftBodySetup, target: ExportTargetId): FeatureUse[] {
  return FEATURES.flatMap((feature) => {
    const bodies = feature.bodies(setup).map((b) => b.name);
    const present = bodies.length > 0 || (feature.scene?.(setup) ?? false);
    return present ? [{ feature: feature.id, bodies, support: feature.support[target] }] : [];
  });
}

/** What an export reports it did not carry exactly. */
export interface Approximation {
  feature: string;
  message: string;
}

/**
 * The approximations `target` makes of `setup`, from the table. Where the target refuses features,
 * `refuse` gets every refused one (the exporter throws ExportRefusedError with them).
 */
export function approximationsFor(
  setup: SoftBodySetup,
  target: ExportTargetId,
  refuse: (refusals: Approximation[]) => never,
): Approximation[] {
  const out: Approximation[] = [];
  const refused: Approximation[] = [];
  for (const use of featureUses(setup, target)) {
    const where = use.bodies.length > 0 ? `${use.bodies.map((b) => `'${b}'`).join(', ')}: ` : '';
    if ('refused' in use.support)
      refused.push({ feature: use.feature, message: `${where}${use.support.refused}` });
    if ('approximated' in use.support)
      out.push({ feature: use.feature, message: `${where}${use.support.approximated}` });
  }
  if (refused.length > 0) refuse(refused);
  return out;
}
