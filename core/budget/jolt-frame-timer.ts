import { exportJolt } from '../preset/exporters/jolt.ts';
import type { Preset } from '../preset/preset.ts';
import type { RuntimeBodyStepper, RuntimeFrameTimer } from './frame-cost.ts';

/**
 * Jolt as a RuntimeFrameTimer: the preset exported by the Jolt exporter (exportJolt, what
 * `softbody export --target jolt` writes, less the calibration of its compliances to the preview:
 * that changes numbers, not the constraints Jolt solves, and takes seconds), each body loaded by the loader game teams copy
 * (runtime/jolt/loader.mjs: createSoftBodySharedSettings, applySoftBodyCreationSettings,
 * createColliders) into a PhysicsSystem of its own with the scene's static colliders, and stepped
 * at the export's frame dt with its mNumIterations. The body never sleeps (a resting body would
 * cost nothing) and runs single-threaded (no job-system workers), as our engine does.
 *
 * core/ imports neither jolt-physics nor runtime/: the caller passes the initialised module and
 * the loader's functions (cli/jolt-runtime.ts, the editor's frame-cost worker).
 */

/**
 * The initialised jolt-physics module. Its types live in the jolt-physics package, which core/
 * does not import: the few calls below go through this untyped view.
 */
// biome-ignore lint/suspicious/noExplicitAny: the module's own types stay outside core/ (see above)
type JoltModule = any;

export interface JoltLoader {
  createSoftBodySharedSettings(Jolt: JoltModule, data: unknown, name?: string): unknown;
  applySoftBodyCreationSettings(creationSettings: unknown, data: unknown, name?: string): unknown;
  createColliders(Jolt: JoltModule, bodyInterface: unknown, data: unknown, objectLayer: number): unknown[];
}

/** The one object layer: soft body and colliders collide with each other. */
const LAYER = 0;

export function createJoltFrameTimer(Jolt: JoltModule, loader: JoltLoader): RuntimeFrameTimer {
  return {
    name: 'jolt',
    async prepare(preset: Preset, bodies: readonly string[]) {
      // Calibration scales compliances only: the constraints, and so the cost, are the export's.
      const data = exportJolt(preset, { calibrateRuntime: false });
      const steppers = new Map<string, RuntimeBodyStepper>();
      try {
        for (const name of bodies) steppers.set(name, joltBody(Jolt, loader, data, name));
      } catch (error) {
        for (const stepper of steppers.values()) stepper.dispose();
        throw error;
      }
      return steppers;
    },
  };
}

/**
 * A Jolt interface with one object layer that collides with itself: a lone soft body and the
 * scene's static colliders. `workerThreads`: the job system's threads (0: every job on the calling
 * thread); Jolt's default when absent.
 */
export function createJoltInterface(Jolt: JoltModule, workerThreads?: number): JoltModule {
  const settings = new Jolt.JoltSettings();
  if (workerThreads !== undefined) settings.mMaxWorkerThreads = workerThreads;
  const layers = new Jolt.ObjectLayerPairFilterTable(1);
  layers.EnableCollision(LAYER, LAYER);
  const broadPhase = new Jolt.BroadPhaseLayerInterfaceTable(1, 1);
  broadPhase.MapObjectToBroadPhaseLayer(LAYER, new Jolt.BroadPhaseLayer(0));
  settings.mObjectLayerPairFilter = layers;
  settings.mBroadPhaseLayerInterface = broadPhase;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(
    broadPhase,
    1,
    layers,
    1,
  );
  const jolt = new Jolt.JoltInterface(settings);
  Jolt.destroy(settings);
  return jolt;
}

function joltBody(
  Jolt: JoltModule,
  loader: JoltLoader,
  data: ReturnType<typeof exportJolt>,
  name: string,
): RuntimeBodyStepper {
  const jolt = createJoltInterface(Jolt, 0);
  try {
    const system = jolt.GetPhysicsSystem();
    const gravity = new Jolt.Vec3(data.gravity[0], data.gravity[1], data.gravity[2]);
    system.SetGravity(gravity);
    Jolt.destroy(gravity);
    const bodyInterface = system.GetBodyInterface();
    loader.createColliders(Jolt, bodyInterface, data, LAYER);
    const shared = loader.createSoftBodySharedSettings(Jolt, data, name);
    const origin = new Jolt.RVec3(0, 0, 0);
    const rotation = new Jolt.Quat(0, 0, 0, 1);
    const creation = new Jolt.SoftBodyCreationSettings(shared, origin, rotation, LAYER);
    loader.applySoftBodyCreationSettings(creation, data, name);
    creation.mAllowSleeping = false;
    const body = bodyInterface.CreateSoftBody(creation);
    bodyInterface.AddBody(body.GetID(), Jolt.EActivation_Activate);
    const substeps: number = creation.mNumIterations;
    Jolt.destroy(creation);
    Jolt.destroy(origin);
    Jolt.destroy(rotation);
    return {
      substeps,
      frameDtS: data.frameDtS,
      step: () => jolt.Step(data.frameDtS, 1),
      dispose: () => Jolt.destroy(jolt),
    };
  } catch (error) {
    Jolt.destroy(jolt);
    throw error;
  }
}
