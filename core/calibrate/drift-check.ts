import type { Scene, SceneDocument, ShapeSpec } from '../scene/scene.ts';
import type { SceneMaterialOptions } from '../scene/scene-materials.ts';
import type { SceneMeshes } from '../scene/scene-meshes.ts';
import { parseScene } from '../scene/scene-validate.ts';
import { type CompileOptions, compileScene } from '../setup/compile-scene.ts';
import type { SoftBodySetup } from '../setup/setup.ts';
import { buildWorldFromSetup } from '../sim/build-world.ts';
import { settleWorld } from './settle.ts';

/**
 * The drift check: does a body behave the same when the frame rate or the mesh resolution
 * changes? (DESIGN.md: a material means the same thing everywhere.) The scene is run to rest as
 * authored (the reference) and again at each frame rate × resolution asked, and each run's rest
 * sag, effective Young's modulus and energy are compared with the reference's.
 *
 * Frame rate. A run at rate f has frame dt = 1/f and keeps the scene's substep COUNT per frame,
 * so the substep h = 1/(f·n) changes with the rate. That is what happens to an asset when a game
 * runs it at another frame rate with the same settings (a runtime sets substeps per frame, not a
 * substep length), and it is the case the solver has to survive: the one-pass bias grows as
 * (h·c/l)², and budget compensation (solver.compensation 'auto') is recomputed for each run's h,
 * as the preview and the exporters would for that dt.
 *
 * Resolution. A factor k multiplies the cells per axis of box and cloth shapes and the segments
 * of ropes (rounded, at least 1); the element count changes by about k³ (box), k² (cloth) or k
 * (rope). Mesh bodies (tet meshes of a file) would need re-tetrahedralization: such a body,
 * when it is the measured one, is skipped at k ≠ 1 with that reason; other mesh bodies stay as
 * they are. So are bodies whose pins or material groups list particle indices (the indices mean
 * other particles at another resolution). The measured body is skipped as well at a resolution
 * where its pinned particles span less than as authored (pinSpan: a cantilever's two clamped rows
 * become one row when the cells are twice as long, and the clamp a hinge).
 *
 * What is measured, on one body (the named one, else the first body with pins, else the first):
 * - sag, m: the mean displacement along gravity, at rest, of the body's particles farthest from
 *   its pinned particles (within 0.1% of the largest rest distance: the bottom face of a hanging
 *   bar, the free edge of a cantilever). The same place at every resolution, unlike a mean over
 *   every free particle, which changes by about 1/(2·cells) with the cell count alone. A body
 *   with no pin uses all its particles (its centroid's drop: for a body on a collider, the fall
 *   plus its squash).
 * - effective E, as a ratio to the reference: E_eff/E = sag_reference/sag. Every static
 *   deflection of a linear-elastic body is proportional to 1/E, so this is the modulus the body
 *   behaved as, relative to the scene as authored.
 * - energy, J: the body's total mechanical energy at rest by its material, Π = U + V + K: U the
 *   elastic energy of its constraints (block-energy.ts) evaluated with the material's own
 *   compliances (without budget compensation, which stores s times the material's energy in the
 *   same shape), V = −Σ m·g·u the gravitational energy (u the displacement from the rest shape),
 *   K the kinetic energy (≈ 0 at rest). For a linear-elastic body the equilibrium shape minimises
 *   Π, at Π = −½ of the weight's work. Near the minimum Π changes only to second order: a body
 *   uniformly softer by a few per cent moves Π by the square of that, while a rest shape away from
 *   the material's equilibrium (the one-pass bias leaves zig-zag strain that sag does not show)
 *   raises it by (shape error in the energy norm)². So its drift says what the sag cannot: that
 *   the run rests where the material would not, even when compensation has put the sag right.
 *   Not chosen: the energy lost by a free undamped run, since XPBD's implicit integration
 *   dissipates in proportion to h by design; it drifts with the rate in every scene.
 * Settling follows settle.ts: mass-proportional damping 2ω₁ (it does not move the rest state),
 * stopped when the estimated remaining change of the sag is below 1e-4 of it. ω₁ is estimated
 * from the body: first (π/2)·c/L (c the wave speed, L the farthest rest distance from the pins:
 * the axial mode of a hanging bar); when Rayleigh's √(1.2·g/δ) from the sag δ found differs from
 * it by more than 10% (a bending body, a draping cloth, a mesh stiffer than theory), the run is
 * settled again with that, up to 4 runs. Every other run starts from the reference's ω₁ and
 * checks it the same way.
 *
 * Drift of a quantity q is q/q_reference − 1; a run is flagged when any |drift| exceeds the
 * tolerance (5%), when it did not come to rest, or when it became NaN.
 */

export const DEFAULT_DRIFT_RATES_HZ: readonly number[] = [30, 60, 120];
export const DEFAULT_DRIFT_RESOLUTIONS: readonly number[] = [0.5, 1, 2];
/** Largest |drift| not flagged, dimensionless. */
export const DRIFT_TOLERANCE = 0.05;
/** Rates accepted, Hz (a frame dt from 1 s down to 0.1 ms). */
export const MIN_DRIFT_RATE_HZ = 1;
export const MAX_DRIFT_RATE_HZ = 10000;
/** Resolution factors accepted. */
export const MIN_DRIFT_RESOLUTION = 0.05;
export const MAX_DRIFT_RESOLUTION = 8;
/**
 * ω₁² over g/δ (δ the static sag of the probe): π²/8 = 1.23 for a bar hanging from one end,
 * 1.875⁴/8 = 1.55 for a cantilever; a body between the two is within 12% of 1.2·g/δ.
 */
const RAYLEIGH_FACTOR = 1.2;
/** Most settling runs per measurement (see settleAdaptive). */
const MAX_SETTLE_PASSES = 4;
/** Probe particles: rest distance from the pins within this fraction of the largest. */
const FARTHEST_FRACTION = 1e-3;

export interface DriftCheckOptions extends SceneMaterialOptions {
  /** Frame rates, Hz; default 30, 60, 120. */
  ratesHz?: readonly number[];
  /** Resolution factors (cells per axis × k); default 0.5, 1, 2. */
  resolutions?: readonly number[];
  /** The body measured; default the first body with pins, else the first body. */
  body?: string;
  /** Mesh files the scene refers to (at its own resolution), loaded by the caller. */
  meshes?: SceneMeshes;
  /** Largest |drift| not flagged; default DRIFT_TOLERANCE. */
  tolerance?: number;
}

/** One settled run: what was run and what it measured. */
export interface DriftMeasurement {
  /** Frames per second, Hz. */
  rateHz: number;
  /** Cells per axis over the scene's (1 = as authored). */
  resolution: number;
  frameDtS: number;
  substeps: number;
  /** Substep h = frameDtS/substeps, s. */
  substepS: number;
  /** The measured body's elements (tets, triangles or links). */
  elements: number;
  /** Mean displacement of the probe particles along gravity at rest, m (NaN when the run blew up). */
  sagM: number;
  /** Total mechanical energy of the body at rest, J (see the file comment). */
  energyJ: number;
  /** False when the time limit came before the sag stopped changing. */
  settled: boolean;
  /** Simulated time, s. */
  simulatedS: number;
}

export interface DriftRun extends DriftMeasurement {
  /** E_eff/E_reference = sag_reference/sag. */
  effectiveERatio: number;
  /** q/q_reference − 1 of each quantity. */
  drift: { sag: number; effectiveE: number; energy: number };
  flagged: boolean;
}

export interface DriftSkip {
  rateHz: number;
  resolution: number;
  reason: string;
}

export interface DriftReport {
  /** The measured body. */
  body: string;
  /** What the probe is, in words. */
  probe: string;
  compensation: 'auto' | 'off';
  tolerance: number;
  /** ω₁ used to settle, rad/s. */
  fundamentalRadPerS: number;
  /** The scene as authored. */
  reference: DriftMeasurement;
  runs: DriftRun[];
  skipped: DriftSkip[];
  /** Things the reader should know (bodies kept at their resolution, …). */
  notes: string[];
  /** True when any run is flagged. */
  flagged: boolean;
}

/** Called before each run: runs done, runs in all, what runs next. */
export type DriftProgress = (done: number, total: number, label: string) => void;

/** Options or a scene the check cannot run (bad input; the message says which). */
export class DriftCheckError extends Error {
  override name = 'DriftCheckError';
}

/**
 * Runs the drift check on a scene document (validated here: throws the scene's DocumentError).
 * Synchronous; reports progress before each run.
 */
export function checkDrift(
  document: Scene | SceneDocument,
  options: DriftCheckOptions = {},
  onProgress?: DriftProgress,
): DriftReport {
  const ratesHz = [...new Set(options.ratesHz ?? DEFAULT_DRIFT_RATES_HZ)];
  const resolutions = [...new Set(options.resolutions ?? DEFAULT_DRIFT_RESOLUTIONS)];
  const tolerance = options.tolerance ?? DRIFT_TOLERANCE;
  checkOptions(ratesHz, resolutions, tolerance);
  const materialOptions = { userMaterials: options.userMaterials, library: options.library };
  const scene = parseScene(document, materialOptions);
  const bodyIndex = measuredBody(scene, options.body);
  const body = scene.bodies[bodyIndex];
  const g = scene.gravity;
  const gLength = Math.hypot(g[0], g[1], g[2]);
  if (!(gLength > 0)) throw new DriftCheckError('the scene has no gravity: there is no sag to measure');
  const direction: [number, number, number] = [g[0] / gLength, g[1] / gLength, g[2] / gLength];
  const compileOptions = { ...materialOptions, meshes: options.meshes };

  const referenceSetup = compileScene(scene, compileOptions);
  const referencePinSpan = pinSpan(referenceSetup, bodyIndex);
  const notes: string[] = [];
  const skipped: DriftSkip[] = [];
  const plan: { rateHz: number; resolution: number; scene: Scene }[] = [];
  for (const resolution of resolutions) {
    const scaled =
      resolution === 1
        ? { scene, notes: [] }
        : pinsKept(atResolution(scene, resolution, bodyIndex), compileOptions, bodyIndex, referencePinSpan);
    for (const note of scaled.notes) if (!notes.includes(note)) notes.push(note);
    for (const rateHz of ratesHz) {
      if ('reason' in scaled) {
        skipped.push({ rateHz, resolution, reason: scaled.reason as string });
        continue;
      }
      plan.push({ rateHz, resolution, scene: atRate(scaled.scene, rateHz) });
    }
  }
  const total = plan.length + 1;
  onProgress?.(0, total, `reference: ${body.name} as authored`);
  const probeInfo = probeOf(referenceSetup, bodyIndex);
  const first = axialFundamental(referenceSetup, bodyIndex, probeInfo.distanceM);
  const { measurement: reference, omega } = settleAdaptive(first, gLength, (w) =>
    measure(referenceSetup, scene, compileOptions, 1, bodyIndex, direction, gLength, w),
  );
  if (!Number.isFinite(reference.sagM))
    throw new DriftCheckError(`the scene as authored became NaN while settling; nothing to compare with`);
  if (Math.abs(reference.sagM) < 1e-9)
    throw new DriftCheckError(
      `body '${body.name}' does not move under gravity (sag ${reference.sagM} m): nothing to compare`,
    );

  const runs: DriftRun[] = [];
  for (const [i, item] of plan.entries()) {
    onProgress?.(i + 1, total, `${fmt(item.rateHz)} Hz, resolution ${fmt(item.resolution)}`);
    // Mesh bodies are never rescaled (atResolution), so the scene's own meshes serve every run.
    const setup = compileScene(item.scene, compileOptions);
    const { measurement: m } = settleAdaptive(omega, gLength, (w) =>
      measure(setup, item.scene, compileOptions, item.resolution, bodyIndex, direction, gLength, w),
    );
    m.rateHz = item.rateHz;
    const effectiveERatio = reference.sagM / m.sagM;
    const drift = {
      sag: m.sagM / reference.sagM - 1,
      effectiveE: effectiveERatio - 1,
      energy: m.energyJ / reference.energyJ - 1,
    };
    const flagged =
      !m.settled ||
      ![drift.sag, drift.effectiveE, drift.energy].every(
        (d) => Number.isFinite(d) && Math.abs(d) <= tolerance,
      );
    runs.push({ ...m, effectiveERatio, drift, flagged });
  }
  onProgress?.(total, total, 'done');
  return {
    body: body.name,
    probe: probeInfo.description,
    compensation: scene.solver.compensation ?? 'auto',
    tolerance,
    fundamentalRadPerS: omega,
    reference,
    runs,
    skipped,
    notes,
    flagged: runs.some((r) => r.flagged),
  };
}

function measuredBody(scene: Scene, name: string | undefined): number {
  if (scene.bodies.length === 0) throw new DriftCheckError('the scene has no body');
  if (name !== undefined) {
    const i = scene.bodies.findIndex((b) => b.name === name);
    if (i < 0)
      throw new DriftCheckError(
        `no body named '${name}' (the scene has ${scene.bodies.map((b) => `'${b.name}'`).join(', ')})`,
      );
    return i;
  }
  const pinned = scene.bodies.findIndex((b) => (b.pins ?? []).length > 0);
  return Math.max(pinned, 0);
}

/** The scene at frame rate `rateHz`: dt = 1/rate, the same substeps per frame. */
function atRate(scene: Scene, rateHz: number): Scene {
  return { ...scene, solver: { ...scene.solver, dt: 1 / rateHz } };
}

/** The scene with cells per axis × k, or the reason it cannot be (see the file comment). */
function atResolution(
  scene: Scene,
  k: number,
  measured: number,
): { scene: Scene; notes: string[] } | { reason: string; notes: string[] } {
  const notes: string[] = [];
  const bodies = [];
  for (const [i, body] of scene.bodies.entries()) {
    const why = unscalable(body);
    if (why !== undefined) {
      if (i === measured) return { reason: `body '${body.name}' ${why}`, notes };
      notes.push(`body '${body.name}' is kept at its own resolution: it ${why}`);
      bodies.push(body);
      continue;
    }
    bodies.push({ ...body, shape: scaledShape(body.shape, k) });
  }
  return { scene: { ...scene, bodies }, notes };
}

/** What the pinned particles of one body span: none, a point, a line, a plane or a volume. */
const SPAN_NAMES = ['no particle', 'a point', 'a line', 'a plane', 'a volume'] as const;

/**
 * The dimension of the affine span of body `b`'s pinned particles (rest positions): −1 with no
 * pin, 0 for one point, 1 a line, 2 a plane, 3 a volume. A pin region is a place in metres, so at
 * another resolution it may hold fewer rows of particles: a strip clamped by two rows (a plane,
 * which fixes its slope) holds one row when its cells are twice as long (a line: it turns freely
 * about it, a hinge). Distances under 1e-6 of the body's size count as none.
 */
function pinSpan(setup: SoftBodySetup, b: number): number {
  const body = setup.bodies[b];
  const x = body.geometry.positions;
  const pinned = [...new Set(body.pins.flatMap((pin) => [...pin.particles]))];
  if (pinned.length === 0) return -1;
  let size = 0;
  for (let i = 3; i < x.length; i += 3)
    size = Math.max(size, Math.hypot(x[i] - x[0], x[i + 1] - x[1], x[i + 2] - x[2]));
  const tolerance = 1e-6 * Math.max(size, 1e-9);
  const at = (p: number): [number, number, number] => [x[3 * p], x[3 * p + 1], x[3 * p + 2]];
  // Gram–Schmidt on the offsets from the first pinned particle: each round keeps the particle
  // farthest from the span so far and adds its direction.
  const origin = at(pinned[0]);
  const basis: [number, number, number][] = [];
  while (basis.length < 3) {
    let best: [number, number, number] | null = null;
    let bestLength = tolerance;
    for (const p of pinned) {
      const q = at(p);
      const d: [number, number, number] = [q[0] - origin[0], q[1] - origin[1], q[2] - origin[2]];
      for (const e of basis) {
        const dot = d[0] * e[0] + d[1] * e[1] + d[2] * e[2];
        for (let a = 0; a < 3; a++) d[a] -= dot * e[a];
      }
      const length = Math.hypot(d[0], d[1], d[2]);
      if (length > bestLength) {
        bestLength = length;
        best = [d[0] / length, d[1] / length, d[2] / length];
      }
    }
    if (!best) break;
    basis.push(best);
  }
  return basis.length;
}

/**
 * The scaled scene, or the reason to skip it when the measured body's pins span less there than
 * as authored: its sag would then measure the pins (a clamp turned hinge), not the material.
 */
function pinsKept(
  scaled: ReturnType<typeof atResolution>,
  compileOptions: CompileOptions,
  bodyIndex: number,
  referenceSpan: number,
): ReturnType<typeof atResolution> {
  if ('reason' in scaled) return scaled;
  const span = pinSpan(compileScene(scaled.scene, compileOptions), bodyIndex);
  if (span >= referenceSpan) return scaled;
  const body = scaled.scene.bodies[bodyIndex].name;
  return {
    reason:
      `the pins of body '${body}' hold particles spanning ${SPAN_NAMES[span + 1]} at this resolution, ` +
      `${SPAN_NAMES[referenceSpan + 1]} as authored (a pin region is a place, and the cells are longer here): ` +
      `the body could turn about its pins (a clamp becomes a hinge), so its sag would measure the pins, ` +
      `not the material; a pin region one cell of this resolution wide (two rows of particles) keeps them`,
    notes: scaled.notes,
  };
}

function unscalable(body: Scene['bodies'][number]): string | undefined {
  if (body.shape.type === 'mesh')
    return 'is a mesh from a file: another resolution needs re-tetrahedralization';
  if ((body.pins ?? []).some((p) => 'vertices' in p))
    return 'has pins listed by particle index, which name other particles at another resolution';
  if ((body.groups ?? []).length > 0)
    return 'has material groups listed by particle index, which name other particles at another resolution';
  return undefined;
}

function scaledShape(shape: ShapeSpec, k: number): ShapeSpec {
  const scale = (n: number) => Math.max(1, Math.round(n * k));
  switch (shape.type) {
    case 'box':
      return { ...shape, cells: [scale(shape.cells[0]), scale(shape.cells[1]), scale(shape.cells[2])] };
    case 'cloth':
      return { ...shape, cells: [scale(shape.cells[0]), scale(shape.cells[1])] };
    case 'rope':
      return { ...shape, segments: scale(shape.segments) };
    default:
      return shape;
  }
}

/** The probe particles of body `b` (body-local), their rest distance from the pins, and a sentence. */
function probeOf(
  setup: SoftBodySetup,
  b: number,
): { particles: number[]; distanceM: number; description: string } {
  const body = setup.bodies[b];
  const x = body.geometry.positions;
  const count = body.geometry.mass.length;
  const pinned = new Uint8Array(count);
  for (const pin of body.pins) for (const p of pin.particles) pinned[p] = 1;
  const pins: number[] = [];
  for (let p = 0; p < count; p++) if (pinned[p]) pins.push(p);
  if (pins.length === 0) {
    const all = Array.from({ length: count }, (_, p) => p);
    let diagonal = 0;
    for (let a = 0; a < 3; a++) {
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let p = 0; p < count; p++) {
        lo = Math.min(lo, x[3 * p + a]);
        hi = Math.max(hi, x[3 * p + a]);
      }
      diagonal += (hi - lo) ** 2;
    }
    return {
      particles: all,
      distanceM: Math.sqrt(diagonal),
      description: 'every particle (the body has no pin): the drop of its centroid',
    };
  }
  const distance = new Float64Array(count);
  let farthest = 0;
  for (let p = 0; p < count; p++) {
    if (pinned[p]) continue;
    let nearest = Number.POSITIVE_INFINITY;
    for (const q of pins) {
      const d = Math.hypot(x[3 * p] - x[3 * q], x[3 * p + 1] - x[3 * q + 1], x[3 * p + 2] - x[3 * q + 2]);
      if (d < nearest) nearest = d;
    }
    distance[p] = nearest;
    if (nearest > farthest) farthest = nearest;
  }
  const particles: number[] = [];
  for (let p = 0; p < count; p++)
    if (!pinned[p] && distance[p] >= (1 - FARTHEST_FRACTION) * farthest) particles.push(p);
  return {
    particles,
    distanceM: farthest,
    description: `the particles farthest from the pins (${fmt(farthest)} m at rest)`,
  };
}

/**
 * Settles with the damping of `omega` (rad/s), and again with Rayleigh's estimate √(1.2·g/δ) from
 * the sag δ found while the two differ by more than 10% (at most MAX_SETTLE_PASSES runs): damping
 * tuned to another frequency than the body's lets the stopping rule of settle.ts read an
 * overshoot or a slow creep as convergence.
 */
function settleAdaptive(
  omega: number,
  gravityMPerS2: number,
  run: (omega: number) => DriftMeasurement,
): { measurement: DriftMeasurement; omega: number } {
  let used = omega;
  let measurement = run(used);
  for (let pass = 1; pass < MAX_SETTLE_PASSES; pass++) {
    const rayleigh = Math.sqrt((RAYLEIGH_FACTOR * gravityMPerS2) / Math.abs(measurement.sagM));
    if (!Number.isFinite(rayleigh) || Math.abs(rayleigh / used - 1) <= 0.1) break;
    used = rayleigh;
    measurement = run(used);
  }
  return { measurement, omega: used };
}

/** (π/2)·c/L: the axial mode of a bar of length L fixed at one end, rad/s. */
function axialFundamental(setup: SoftBodySetup, b: number, lengthM: number): number {
  const c = setup.bodies[b].waveSpeedMPerS;
  const omega = (Math.PI / 2) * (c / Math.max(lengthM, 1e-6));
  return Number.isFinite(omega) && omega > 0 ? omega : 1;
}

/** Settles the setup and measures body `b` (rateHz is filled from the scene's dt). */
function measure(
  setup: SoftBodySetup,
  scene: Scene,
  compileOptions: CompileOptions,
  resolution: number,
  b: number,
  direction: [number, number, number],
  gLength: number,
  omega: number,
): DriftMeasurement {
  const world = buildWorldFromSetup(setup);
  const rest = Float64Array.from(world.positions);
  const view = world.bodies[b];
  const probe = probeOf(setup, b).particles.map((p) => p + view.particleOffset);
  const frameDtS = scene.solver.dt;
  const result = settleWorld(world, probe, direction, rest, {
    frameDtS,
    fundamentalRadPerS: omega,
  });
  const metrics = world.measureBodies()[b];
  // The elastic energy by the material's own compliances: the same shape in a world compiled
  // without budget compensation (a compensated set stores s times the material's energy).
  let elasticJ = metrics.elasticEnergyJ;
  if (!result.hasNaN && (scene.solver.compensation ?? 'auto') !== 'off') {
    const plain = buildWorldFromSetup(
      compileScene({ ...scene, solver: { ...scene.solver, compensation: 'off' } }, compileOptions),
    );
    plain.state.x.set(world.state.x);
    elasticJ = plain.measureBodies()[b].elasticEnergyJ;
  }
  const mass = setup.bodies[b].geometry.mass;
  let work = 0;
  for (let p = 0; p < mass.length; p++) {
    const w = 3 * (p + view.particleOffset);
    let u = 0;
    for (let a = 0; a < 3; a++) u += (world.positions[w + a] - rest[w + a]) * direction[a];
    work += mass[p] * gLength * u;
  }
  const geometry = setup.bodies[b].geometry;
  const elements =
    geometry.kind === 'solid'
      ? geometry.tets.length / 4
      : geometry.kind === 'cloth'
        ? geometry.triangles.length / 3
        : geometry.edges.length / 2;
  return {
    rateHz: 1 / frameDtS,
    resolution,
    frameDtS,
    substeps: scene.solver.substeps,
    substepS: frameDtS / scene.solver.substeps,
    elements,
    sagM: result.value,
    energyJ: result.hasNaN ? Number.NaN : elasticJ + metrics.kineticEnergyJ - work,
    settled: result.settled,
    simulatedS: result.simulatedS,
  };
}

function checkOptions(ratesHz: readonly number[], resolutions: readonly number[], tolerance: number): void {
  if (ratesHz.length === 0) throw new DriftCheckError('needs at least one frame rate');
  if (resolutions.length === 0) throw new DriftCheckError('needs at least one resolution');
  for (const r of ratesHz)
    if (!(r >= MIN_DRIFT_RATE_HZ && r <= MAX_DRIFT_RATE_HZ))
      throw new DriftCheckError(
        `a frame rate must be from ${MIN_DRIFT_RATE_HZ} to ${MAX_DRIFT_RATE_HZ} Hz, got ${r}`,
      );
  for (const k of resolutions)
    if (!(k >= MIN_DRIFT_RESOLUTION && k <= MAX_DRIFT_RESOLUTION))
      throw new DriftCheckError(
        `a resolution factor must be from ${MIN_DRIFT_RESOLUTION} to ${MAX_DRIFT_RESOLUTION}, got ${k}`,
      );
  if (!(tolerance > 0 && tolerance < 1))
    throw new DriftCheckError(`the tolerance must be in (0, 1), got ${tolerance}`);
}

/** Three significant digits, without trailing zeros. */
function fmt(v: number): string {
  return String(Number(v.toPrecision(3)));
}
