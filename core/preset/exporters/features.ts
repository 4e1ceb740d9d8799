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

export type ExportTargetId = 'native' | 'gltf' | 'jolt' | 'mujoco';

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
    },
  },
  {
    id: 'cloth',
    bodies: byBody((b) => b.model === 'cloth'),
    support: { ...everywhere, jolt: carried, mujoco: carried },
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
    },
  },
  {
    id: 'rope bending',
    bodies: byBody((b) => hasSet(b, 'rope-bend')),
    support: {
      ...everywhere,
      jolt: { refused: 'Jolt has no rope bending joints' },
      mujoco: { refused: 'MuJoCo flexes have no rope bending' },
    },
  },
  {
    id: 'material groups',
    bodies: byBody((b) => b.groupNames.length > 0),
    support: { ...everywhere, jolt: carried, mujoco: carried },
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
    },
  },
  {
    id: 'rigid pins',
    bodies: byBody((b) => b.pins.some((pin) => pin.complianceMPerN === 0)),
    support: { ...everywhere, jolt: carried, mujoco: carried },
  },
  {
    id: 'soft pins',
    bodies: byBody((b) => hasSet(b, 'attachment')),
    support: { ...everywhere, jolt: carried, mujoco: carried },
  },
  {
    id: 'tethers',
    bodies: byBody((b) => hasSet(b, 'tether')),
    support: {
      ...everywhere,
      jolt: carried,
      mujoco: carried,
    },
  },
  {
    id: 'pressure',
    bodies: byBody((b) => hasSet(b, 'pressure')),
    support: {
      ...everywhere,
      jolt: {
        refused:
          "Jolt's gas pushes with P = nRT/V and no outside pressure, so it never lets up: it inflates a body until the membrane holds it, where the preview's gas wants a volume (s·V0, bulk K). No nRT matches both; the export refuses it rather than ship a balloon that grows or goes limp",
      },
      mujoco: { refused: 'MuJoCo flexes have no enclosed gas pressure' },
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
    },
  },
  {
    id: 'linear damping',
    bodies: byBody((b) => b.linearDampingPerS > 0),
    support: { ...everywhere, jolt: carried, mujoco: carried },
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
      },
    }),
  ),
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
