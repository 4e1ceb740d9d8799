import type { Scene, SceneDocument } from '../scene/scene.ts';
import { edgeRestLengthsM, meanEdgeLengthM } from '../setup/body-geometry.ts';
import { breakingThresholds } from '../setup/breaking.ts';
import { type CompileOptions, compileScene } from '../setup/compile-scene.ts';
import { isFreeBody, modalDampingRatesPerS } from '../setup/fundamental-mode.ts';
import type { BodySetup, ConstraintSet, SoftBodySetup } from '../setup/setup.ts';
import { BodyAerodynamics } from './aerodynamics.ts';
import type { BodyRuntime } from './body-runtime.ts';
import { BodyContact } from './collide/body-contact.ts';
import { SelfCollision } from './collide/self-collision.ts';
import { compileColliders } from './colliders.ts';
import { permute } from './colour.ts';
import { createAttachmentBlock } from './constraints/attachment.ts';
import type { Created } from './constraints/block.ts';
import { createDihedralBendBlock } from './constraints/dihedral-bend.ts';
import { createDistanceBlock } from './constraints/distance.ts';
import { createEdgeDamperBlock } from './constraints/edge-damper.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import { createJointConeBlock } from './constraints/joint-cone.ts';
import { createJointHingeBlock } from './constraints/joint-hinge.ts';
import { createMembraneBlock } from './constraints/membrane.ts';
import { createNeoHookeanBlock } from './constraints/neo-hookean.ts';
import { createNodalVolumeBlock } from './constraints/nodal-volume.ts';
import { createPlateBendBlock } from './constraints/plate-bend.ts';
import { createPressureBlock } from './constraints/pressure.ts';
import { createRopeBendBlock } from './constraints/rope-bend.ts';
import { createShapeMatchingBlock } from './constraints/shape-matching.ts';
import { createTetVolumeBlock } from './constraints/tet-volume.ts';
import { createTetherBlock } from './constraints/tether.ts';
import { dissectBody, MIN_DISSECTED_PARTICLES } from './dissection.ts';
import { ModalDamping } from './modal-damping.ts';
import { PinMotion } from './pin-motion.ts';
import { PlasticFlow } from './plasticity.ts';
import { createParticleState, type ParticleState } from './state.ts';
import { NeoHookeanStiffnessLimit } from './stiffness-limit.ts';
import type { KernelOptions } from './wasm/wasm-kernels.ts';
import type { World } from './world.ts';
import { XpbdWorld } from './xpbd-world.ts';

export type BuildOptions = CompileOptions;

/**
 * Builds a simulation world from a scene document: compiles it to the shared setup
 * (core/setup/compile-scene.ts, which validates it and throws DocumentError with the JSON
 * pointer of each problem) and builds the world from that setup.
 */
export function buildWorld(
  sceneDocument: Scene | SceneDocument,
  options: BuildOptions = {},
  kernelOptions?: KernelOptions,
): XpbdWorld & World {
  return buildWorldFromSetup(compileScene(sceneDocument, options), kernelOptions);
}

/**
 * The world of a setup: the particle state (rest positions, masses, rigid pins) and one
 * constraint block per constraint set, with the set's compliances as they are. Nothing is derived
 * here but what follows from the state: colours, rest lengths and angles, damping coefficients
 * (the modal damping rates from the body's ω₁: core/setup/fundamental-mode.ts).
 */
export function buildWorldFromSetup(setup: SoftBodySetup, kernelOptions?: KernelOptions): XpbdWorld & World {
  let particleCount = 0;
  const offsets = setup.bodies.map((body) => {
    const offset = particleCount;
    particleCount += body.geometry.mass.length;
    return offset;
  });
  // The rest positions and masses are the setup's, read and never written by the world: a world of
  // one body refers to its setup's arrays rather than keeping a second copy; several bodies need
  // them end to end.
  const only = setup.bodies.length === 1 ? setup.bodies[0].geometry : null;
  const shared = only !== null && only.positions.length === 3 * particleCount;
  const rest = shared ? only.positions : new Float64Array(3 * particleCount);
  const mass = shared ? only.mass : new Float64Array(particleCount);
  const pinned = new Uint8Array(particleCount);
  setup.bodies.forEach((body, i) => {
    if (!shared) {
      rest.set(body.geometry.positions, 3 * offsets[i]);
      mass.set(body.geometry.mass, offsets[i]);
    }
    for (const pin of body.pins)
      if (pin.complianceMPerN === 0) for (const p of pin.particles) pinned[p + offsets[i]] = 1;
  });
  const state = createParticleState(rest, mass, pinned, dissectBodies(rest, offsets, setup));
  const airDensityKgM3 = setup.air?.densityKgM3 ?? 0;
  const runtimes = setup.bodies.map((body, i) => bodyRuntime(body, offsets[i], state, airDensityKgM3));
  return new XpbdWorld(
    state,
    runtimes,
    compileColliders(setup.colliders),
    setup.gravity,
    setup.solver.dt,
    setup.solver.substeps,
    setup.air,
    setup.contact ? createBodyContact(setup, runtimes) : undefined,
    kernelOptions,
  );
}

/**
 * Each particle's leaf of its body's nested dissection (dissection.ts), or undefined when no body
 * has MIN_DISSECTED_PARTICLES: the blocks then sweep in plain colour order.
 */
function dissectBodies(
  rest: Float64Array,
  offsets: readonly number[],
  setup: SoftBodySetup,
): Uint8Array | undefined {
  const counts = setup.bodies.map((body) => body.geometry.mass.length);
  if (!counts.some((count) => count >= MIN_DISSECTED_PARTICLES)) return undefined;
  const leafOf = new Uint8Array(rest.length / 3);
  counts.forEach((count, b) => {
    if (count >= MIN_DISSECTED_PARTICLES) dissectBody(rest, offsets[b], count, leafOf);
  });
  return leafOf;
}

/**
 * Contact between the bodies (collide/body-contact.ts): a solid's boundary vertices and its
 * boundary triangles, a cloth's vertices and triangles, a rope's vertices (no triangles).
 */
function createBodyContact(setup: SoftBodySetup, runtimes: readonly BodyRuntime[]): BodyContact | undefined {
  const contact = setup.contact;
  if (!contact) return undefined;
  const bodies = runtimes.map((r) => {
    const triangles = r.geometry.surfaceTriangles;
    const onSurface = new Uint8Array(r.count);
    if (r.geometry.kind === 'solid') for (const v of triangles) onSurface[v] = 1;
    else onSurface.fill(1);
    const contactParticles: number[] = [];
    for (let v = 0; v < r.count; v++) if (onSurface[v]) contactParticles.push(v);
    return {
      offset: r.offset,
      count: r.count,
      triangles,
      closed: r.geometry.kind === 'solid',
      contactParticles: Uint32Array.from(contactParticles),
    };
  });
  return new BodyContact(bodies, contact.thicknessM, contact.staticFriction, contact.friction);
}

function bodyRuntime(
  body: BodySetup,
  offset: number,
  state: ParticleState,
  airDensityKgM3: number,
): BodyRuntime {
  const geometry = body.geometry;
  const created = body.constraints.map((set) =>
    createBlock(set, offset, state, mayFlow(body), body.iterations),
  );
  const breakAt = body.constraints.map((set, i) => {
    const thresholds = breakingThresholds(set);
    return thresholds ? permute(thresholds, 1, created[i].order) : null;
  });
  // Nothing after this maps back to input order: the running world keeps the blocks without it.
  const blocks = created.map(withoutInputOrder);
  const neoHookean = blocks.find((b) => b.kind === 'neo-hookean');
  const count = geometry.mass.length;
  return {
    name: body.name,
    slots: body.slots,
    groupNames: body.groupNames,
    geometry,
    offset,
    count,
    blocks,
    breakAt: breakAt.some((b) => b !== null) ? breakAt : undefined,
    stiffnessLimit: neoHookean ? new NeoHookeanStiffnessLimit(neoHookean, state) : undefined,
    plasticity: PlasticFlow.create(blocks, body.slots, offset) ?? undefined,
    pinMotion: PinMotion.create(body.pins, offset, state, blocks) ?? undefined,
    iterations: body.iterations,
    linearDampingPerS: body.linearDampingPerS,
    modalDamping: new ModalDamping(offset, modalDampingRatesPerS(body), isFreeBody(body)),
    pins: body.pins.map((pin) => ({
      particles: pin.particles.map((p) => p + offset),
      soft: pin.complianceMPerN > 0,
    })),
    meanEdgeLengthM: meanEdgeLengthM(edgeRestLengthsM(geometry.positions, geometry.edges)),
    waveSpeedMPerS: body.waveSpeedMPerS,
    selfCollision: body.selfCollision
      ? new SelfCollision(
          offset,
          count,
          body.selfCollision.thicknessM,
          body.selfCollision.staticFriction,
          body.selfCollision.friction,
        )
      : undefined,
    aerodynamics: body.aerodynamics
      ? new BodyAerodynamics(offset, count, geometry.surfaceTriangles, body.aerodynamics, airDensityKgM3)
      : undefined,
  };
}

/**
 * `order[k]`: the index in constraint set `set` of body `body` of `world`'s block constraint k (the
 * block's colouring reorders the set), made again as the world was built from `setup`: the world
 * keeps no copy (constraints/block.ts `Created`).
 */
export function constraintInputOrder(
  world: XpbdWorld,
  setup: SoftBodySetup,
  body: number,
  set: number,
): Uint32Array {
  const bodySetup = setup.bodies[body];
  return createBlock(
    bodySetup.constraints[set],
    world.runtimes[body].offset,
    world.state,
    mayFlow(bodySetup),
    bodySetup.iterations,
  ).order;
}

/** The block without its input order (constraints/block.ts `Created`). */
function withoutInputOrder(created: Created<ConstraintBlock>): ConstraintBlock {
  const { order: _order, ...block } = created;
  return block as ConstraintBlock;
}

/** True when a group of the body has plasticity: its rest shapes may flow (plasticity.ts). */
function mayFlow(body: BodySetup): boolean {
  return body.slots.plasticity?.some((spec) => spec) ?? false;
}

/**
 * The block of one constraint set, its particle indices moved to the world's arrays; `plastic`:
 * its rest shapes may flow; `iterations`: the body's sweeps of every block per substep.
 */
function createBlock(
  set: ConstraintSet,
  offset: number,
  state: ParticleState,
  plastic: boolean,
  iterations: number,
): Created<ConstraintBlock> {
  const global = (local: Uint32Array) => local.map((i) => i + offset);
  switch (set.kind) {
    case 'distance':
      return withScale(
        createDistanceBlock(
          {
            particles: global(set.particles),
            complianceMPerN: set.complianceMPerN,
            dampingRatio: set.dampingRatio,
          },
          state,
        ),
        set.stiffnessScale,
      );
    case 'neo-hookean':
      return withPasses(
        createNeoHookeanBlock(
          {
            tets: global(set.tets),
            deviatoricCompliancePerJ: set.deviatoricCompliancePerJ,
            hydrostaticCompliancePerJ: set.hydrostaticCompliancePerJ,
            gamma: set.gamma,
          },
          state,
        ),
        set.passes,
      );
    case 'membrane':
      return createMembraneBlock(
        {
          triangles: global(set.triangles),
          normalCompliancePerJ: set.normalCompliancePerJ,
          couplingCompliancePerJ: set.couplingCompliancePerJ,
          shearCompliancePerJ: set.shearCompliancePerJ,
          weftNormalCompliancePerJ: set.weftNormalCompliancePerJ,
          warpDirection: set.warpDirection,
          tearable: breakingThresholds(set)?.some((f) => f > 0) ?? false,
          plastic,
        },
        state,
      );
    case 'edge-damper':
      return createEdgeDamperBlock(
        {
          particles: global(set.particles),
          complianceMPerN: set.complianceMPerN,
          dampingRatio: set.dampingRatio,
        },
        state,
      );
    case 'tet-volume':
      return withScale(
        createTetVolumeBlock(
          {
            tets: global(set.tets),
            complianceM3PerPa: set.complianceM3PerPa,
            dampingRatio: set.dampingRatio,
          },
          state,
        ),
        set.stiffnessScale,
      );
    case 'nodal-volume':
      return withPasses(
        withScale(
          createNodalVolumeBlock(
            {
              tets: global(set.tets),
              vertices: global(set.vertices),
              complianceM3PerPa: set.complianceM3PerPa,
              dampingRatio: set.dampingRatio,
            },
            state,
          ),
          set.stiffnessScale,
        ),
        set.passes,
      );
    case 'plate-bend':
      return withPasses(
        withScale(
          createPlateBendBlock(
            {
              particles: global(set.particles),
              compliancePerNM: set.compliancePerNM,
              dampingRatio: set.dampingRatio,
              sweepsPerSubstep: (set.passes ?? 1) * iterations,
            },
            state,
          ),
          set.stiffnessScale,
        ),
        set.passes,
      );
    case 'dihedral-bend':
      return withScale(
        createDihedralBendBlock(
          {
            hinges: global(set.hinges),
            compliancePerNM: set.compliancePerNM,
            dampingRatio: set.dampingRatio,
          },
          state,
        ),
        set.stiffnessScale,
      );
    case 'rope-bend':
      return withScale(
        createRopeBendBlock(
          {
            particles: global(set.particles),
            complianceMPerN: set.complianceMPerN,
            dampingRatio: set.dampingRatio,
          },
          state,
        ),
        set.stiffnessScale,
      );
    case 'attachment':
      return createAttachmentBlock(
        {
          particles: global(set.particles),
          complianceMPerN: set.complianceMPerN,
          dampingRatio: set.dampingRatio,
        },
        state,
      );
    case 'tether':
      return createTetherBlock({ particles: global(set.particles), maxLengthM: set.maxLengthM }, state);
    case 'pressure':
      return createPressureBlock({
        particles: global(set.particles),
        triangles: set.triangles,
        targetVolumeM3: set.targetVolumeM3,
        complianceM3PerPa: set.complianceM3PerPa,
      });
    case 'shape-matching':
      return createShapeMatchingBlock(
        { particles: global(set.particles), timeConstantS: set.timeConstantS },
        state,
      );
    case 'joint-cone':
      return createJointConeBlock(
        {
          particles: global(set.particles),
          maxAngleRad: set.maxAngleRad,
          complianceRadPerNM: set.complianceRadPerNM,
        },
        state,
      );
    case 'joint-hinge':
      return createJointHingeBlock(
        {
          particles: global(set.particles),
          minAngleRad: set.minAngleRad,
          maxAngleRad: set.maxAngleRad,
          complianceRadPerNM: set.complianceRadPerNM,
        },
        state,
      );
  }
}

/** Classic PBD scales every Δλ by its per-iteration stiffness (constraints/block.ts). */
function withScale<B extends Created<ConstraintBlock>>(block: B, stiffnessScale: number): B {
  block.stiffnessScale = stiffnessScale;
  return block;
}

/** The block swept `passes` times per substep (absent: once). */
function withPasses<B extends Created<ConstraintBlock>>(block: B, passes: number | undefined): B {
  if (passes !== undefined) block.passes = passes;
  return block;
}
