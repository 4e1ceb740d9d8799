import type { Vec3 } from '../scene/scene.ts';
import type { AirSetup } from '../setup/setup.ts';
import { measureBody } from './body-metrics.ts';
import type { BodyRuntime } from './body-runtime.ts';
import type { BodyContact } from './collide/body-contact.ts';
import { type Collider, collideParticles } from './colliders.ts';
import { ConstraintForceValues } from './constraint-force-values.ts';
import {
  type ConstraintBlock,
  dampBlock,
  resetLambda,
  scalarConstraintCount,
  solveBlock,
} from './constraints/index.ts';
import { takeBackShapeMatchingDrift } from './constraints/shape-matching.ts';
import { Grab, type GrabOptions } from './grab.ts';
import { measureParticleForces, type ParticleForceUnit } from './particle-forces.ts';
import { ConstraintForceProbe } from './pin-balance.ts';
import { type ParticleState, resetParticleState } from './state.ts';
import { Tearing } from './tearing.ts';
import { tornSurface } from './torn-surface.ts';
import type { SolverHelper } from './wasm/solver-team.ts';
import { type KernelOptions, WasmKernels } from './wasm/wasm-kernels.ts';
import { windAt } from './wind.ts';
import type { BodyMetrics, BodyView, SolverTeamCounts, StepMetrics, World } from './world.ts';

/**
 * The XPBD world: one particle state shared by all bodies, per-body constraint blocks, static
 * colliders. Per frame of Δt, `substeps` substeps of h = Δt/substeps, each (Macklin, Müller &
 * Chentanez 2016, Alg. 1 with one iteration; Macklin et al. 2019, "Small Steps in Physics
 * Simulation", Alg. 1):
 *   modal      v_rel ← v_rel·e^(−c_i·h), velocity relative to the body's rigid motion (modal-damping.ts)
 *   predict    x_prev = x;  v ← v·e^(−c·h) + g·h + Δv_air;  x ← x + v·h
 *              (c mass-proportional damping, 1/s; Δv_air the air's drag and lift from the state at
 *              the start of the substep and the wind at its start time, aerodynamics.ts); a
 *              shape-matching region takes back what its last correction's velocity carried
 *              (constraints/shape-matching.ts)
 *   pins       pins with a motion move their particles (or soft targets) to their pose at the
 *              substep's end (pin-motion.ts)
 *   reset λ    every multiplier to 0
 *   solve      each block once in colour order (PBD bodies: `iterations` times; a block with
 *              `passes` sweeps that many times in a row, its multipliers accumulating)
 *   grab       the mouse grab's soft attachment (grab.ts), when one is held
 *   collide    contact between bodies (collide/body-contact.ts), colliders, then cloth self-collision
 *              (pairs listed once per frame), zero compliance, friction
 *   velocity   v = (x − x_prev)/h
 *   damp       constraint damping along ∇C, implicit, at velocity level (constraints/block.ts)
 * and after the frame's substeps, the plastic groups' rest-shape creep (plasticity.ts).
 *
 * Where nothing between a substep's velocity update and the next substep's prediction reads or
 * changes a velocity (no constraint damping, modal damping, air, grab or tearing), the two run in
 * one pass over the particles (`velocitiesFuse`), with the same floats.
 *
 * Prediction, velocities and the distance, tet-volume, dihedral-bend and neo-Hookean sweeps run
 * as WebAssembly (wasm/wasm-kernels.ts) where the runtime allows it, on the same arrays and with
 * the same floats as the JS kernels, which run everything else and are the fallback. Built with
 * `threads` above 1 where memory can be shared, the WebAssembly sweeps divide their big colours
 * among this thread and helper workers once `startHelpers` has them (wasm/solver-team.ts), with the
 * same floats as one thread.
 */
export class XpbdWorld implements World {
  /** Single-precision copy of the positions, made on the first read of `positions` (see there). */
  private positionsF32: Float32Array | null = null;
  readonly bodies: readonly BodyView[];
  readonly particleCount: number;
  readonly constraintCount: number;
  extraLinearDampingPerS = 0;
  private time = 0;
  /** Substep of the last step, s (pin forces are λ/h² of that substep). */
  private lastSubstepS: number;
  private readonly grabbed = new Grab();
  /** The constraint forces of the state after the last step or reset, as the measures ask for them. */
  private readonly constraintForces = new ConstraintForceValues();
  private readonly probe: ConstraintForceProbe;
  /** The WebAssembly kernels bound to this world's arrays; null where unavailable. */
  private readonly wasm: WasmKernels | null;
  private useWasm: boolean;
  /** Scratch: the wind of the current substep, m/s. */
  private readonly wind = new Float64Array(3);
  /**
   * A block's rest shapes (plasticity) or compliances (tearing, the stiffness limit) changed in
   * place, all of them or element `element`'s: its WebAssembly kernel copy follows.
   */
  private readonly blockChanged = (block: ConstraintBlock, element?: number): void =>
    this.wasm?.refresh(block, element);
  /** Breaking of constraints over their groups' breaking stress; null when no group has one. */
  readonly tearing: Tearing | null;
  /**
   * Whether a substep's velocities may wait for the next substep's prediction and run in the same
   * pass over the particles (WebAssembly `predict` with invH > 0: the same floats), where nothing
   * between the two reads or changes a velocity. On by default; off runs them apart (tests).
   */
  fuseVelocities = true;
  /** 1/h of the velocities the last substep left to the next one's prediction; 0 when none. */
  private pendingInvH = 0;
  /** The bodies hold every particle, one after another (the fused pass goes body by body). */
  private readonly bodiesCoverParticles: boolean;

  constructor(
    readonly state: ParticleState,
    readonly runtimes: readonly BodyRuntime[],
    readonly colliders: readonly Collider[],
    readonly gravity: Vec3,
    readonly frameDtS: number,
    readonly substeps: number,
    /** The air of the bodies with aerodynamics (none: no body feels the air). */
    readonly air?: AirSetup,
    /** Contact between the bodies (none: they pass through each other). */
    readonly bodyContact?: BodyContact,
    kernelOptions?: KernelOptions,
  ) {
    this.particleCount = state.count;
    this.bodies = runtimes.map((r) => ({
      name: r.name,
      kind: r.geometry.kind,
      particleOffset: r.offset,
      particleCount: r.count,
      surfaceTriangles: r.geometry.surfaceTriangles,
      edges: r.geometry.edges,
      tets: r.geometry.tets,
    }));
    let constraints = 0;
    for (const r of runtimes) for (const b of r.blocks) constraints += scalarConstraintCount(b);
    this.constraintCount = constraints;
    this.lastSubstepS = frameDtS / substeps;
    this.probe = new ConstraintForceProbe(runtimes.length);
    this.wasm = WasmKernels.create(
      state,
      runtimes.flatMap((r) => r.blocks),
      kernelOptions,
    );
    this.useWasm = this.wasm !== null;
    this.tearing = Tearing.create(runtimes);
    let next = 0;
    let contiguous = true;
    for (const r of runtimes) {
      contiguous &&= r.offset === next;
      next += r.count;
    }
    this.bodiesCoverParticles = contiguous && next === state.count;
    for (const body of runtimes) body.pinMotion?.place(this.state, 0);
  }

  /**
   * Whether this frame's velocities can run with the next substep's prediction: nothing between
   * them touches a velocity (no constraint damping, grab, tearing, modal damping or air, which
   * read or change v there).
   */
  private velocitiesFuse(): boolean {
    if (!this.fuseVelocities || !this.useWasm || !this.wasm || !this.bodiesCoverParticles) return false;
    if (this.air || this.grabbed.active || this.tearing) return false;
    return this.runtimes.every((r) => !r.modalDamping.acts && r.blocks.every((b) => !b.damped));
  }

  /**
   * All particle positions in single precision, m (World.positions): made on the first read and
   * from then on updated by every `step` and `reset`. A world nobody draws (CLI, tests, benchmarks)
   * keeps only its f64 positions, the state's.
   */
  get positions(): Float32Array {
    if (!this.positionsF32) {
      this.positionsF32 = new Float32Array(3 * this.particleCount);
      this.positionsF32.set(this.state.x);
    }
    return this.positionsF32;
  }

  /**
   * Which kernels step the world: 'wasm' (the default where WebAssembly is available) or 'js'.
   * Both give the same floats (test/core/sim/wasm-kernels.test.ts); switchable between steps.
   */
  get kernels(): 'wasm' | 'js' {
    return this.useWasm ? 'wasm' : 'js';
  }

  set kernels(kind: 'wasm' | 'js') {
    if (kind === 'wasm' && !this.wasm)
      throw new Error('WebAssembly kernels are not available in this runtime');
    this.useWasm = kind === 'wasm';
  }

  /**
   * Lets `helpers` (workers running wasm/solver-helper.ts, one fewer than the threads the world was
   * built with) solve the big colours with the stepping thread; resolves false where the world
   * steps alone (built for one thread, no shared memory here, no colour big enough to divide).
   * The stepping thread waits for them with Atomics.wait: it must be a worker or Node's main thread.
   */
  startHelpers(helpers: readonly SolverHelper[]): Promise<boolean> {
    return this.wasm?.startTeam(helpers) ?? Promise.resolve(false);
  }

  /** Lets the helpers go, free to join another world; the world steps alone from then on. */
  stopHelpers(): void {
    this.wasm?.stopTeam();
  }

  /**
   * The share of the divided colours' chunks that helpers solved since the world was built, 0…1
   * (0 without a team): how much of the divided work left the stepping thread.
   */
  get helperShare(): number {
    const team = this.wasm?.team;
    return team && team.chunksSolved > 0 ? team.helperChunks / team.chunksSolved : 0;
  }

  get solverTeamCounts(): SolverTeamCounts | undefined {
    const team = this.wasm?.team;
    return team
      ? {
          chunks: team.chunksSolved,
          helperChunks: team.helperChunks,
          stalls: team.stalls,
          framesAlone: team.framesAlone,
        }
      : undefined;
  }

  /** Threads that step this world now: 1 until `startHelpers` has its helpers (and with JS kernels). */
  get solverThreads(): number {
    return this.useWasm && this.wasm?.team?.running ? this.wasm.team.threads : 1;
  }

  get timeS(): number {
    return this.time;
  }

  get tornCount(): number {
    return this.tearing?.tornCount ?? 0;
  }

  tornSurfaces(): (Uint32Array | null)[] {
    return this.runtimes.map((r, b) => {
      const torn = this.tearing?.tornElements(r) ?? [];
      if (torn.length === 0) return null;
      const local = torn.map((element) => element.map((p) => p - r.offset));
      const rest = this.state.rest.subarray(3 * r.offset, 3 * (r.offset + r.count));
      return tornSurface(this.bodies[b], local, rest);
    });
  }

  step(frameDtS: number): StepMetrics {
    this.constraintForces.invalidate();
    if (frameDtS > 0) {
      const h = frameDtS / this.substeps;
      for (const body of this.runtimes) {
        if (body.stiffnessLimit?.apply(h)) this.blockChanged(body.stiffnessLimit.block);
        body.selfCollision?.prepare(this.state, frameDtS);
      }
      this.bodyContact?.prepare(this.state, frameDtS);
      const fuse = this.velocitiesFuse();
      const substeps = () => {
        for (let s = 0; s < this.substeps; s++) {
          const last = s === this.substeps - 1;
          this.substep(h, last, this.time + s * h, fuse && !last);
        }
      };
      const team = this.useWasm && this.wasm?.team?.running ? this.wasm.team : null;
      if (team) team.frame(this.substeps, substeps);
      else substeps();
      for (const body of this.runtimes) body.plasticity?.apply(this.state, frameDtS, this.blockChanged);
      this.lastSubstepS = h;
      this.time += frameDtS;
    }
    this.positionsF32?.set(this.state.x);
    return stepMetrics(this.state);
  }

  reset(): void {
    this.constraintForces.invalidate();
    this.grabbed.release();
    this.probe.freeForceN.fill(0);
    resetParticleState(this.state);
    // A torn tet's compliances come back here; the stiffness limit rewrites them (and so the kernel
    // copy) at the next step, its `onReset` having cleared the substep it last applied.
    this.tearing?.reset();
    for (const r of this.runtimes) for (const b of r.blocks) resetLambda(b);
    // A shape-matching region's carried correction belongs to the velocities just cleared.
    for (const r of this.runtimes)
      for (const b of r.blocks) if (b.kind === 'shape-matching') b.driftMPerS.fill(0);
    for (const r of this.runtimes) r.plasticity?.reset(this.blockChanged);
    for (const r of this.runtimes) r.pinMotion?.place(this.state, 0);
    this.positionsF32?.set(this.state.x);
    this.time = 0;
  }

  grab(particle: number, targetM: Vec3, options?: GrabOptions): boolean {
    const body = this.runtimes.find((r) => particle >= r.offset && particle < r.offset + r.count);
    if (!body)
      throw new RangeError(`grab: particle ${particle} is not in the world (0 … ${this.particleCount - 1})`);
    let massKg = 0;
    for (let p = body.offset; p < body.offset + body.count; p++) massKg += this.state.mass[p];
    const grabBody = {
      offset: body.offset,
      count: body.count,
      massKg,
      meanEdgeLengthM: body.meanEdgeLengthM,
    };
    return this.grabbed.start(this.state, particle, targetM, grabBody, options);
  }

  moveGrab(targetM: Vec3): void {
    this.grabbed.move(targetM);
  }

  release(): void {
    this.grabbed.release();
  }

  get grabbedParticle(): number | null {
    return this.grabbed.active ? this.grabbed.particle : null;
  }

  /** Force the grab spring exerted in the last substep, N (0 when nothing is grabbed). */
  get grabForceN(): number {
    return this.grabbed.forceN(this.state, this.lastSubstepS);
  }

  /**
   * Per particle, the largest constraint force on it in the last substep, into `out` (one per
   * particle); per body its unit, N or Pa, or null when it has no measured constraints
   * (particle-forces.ts). For the viewport's 'constraint force' colouring.
   */
  measureParticleForces(out: Float32Array): (ParticleForceUnit | null)[] {
    return this.runtimes.map((r) =>
      measureParticleForces(r, this.state, this.lastSubstepS, out, this.constraintForces),
    );
  }

  measureBodies(): BodyMetrics[] {
    return this.runtimes.map((r, b) =>
      measureBody(
        r,
        this.state,
        this.gravity,
        this.lastSubstepS,
        this.constraintForces,
        this.probe.freeForceN.subarray(3 * b, 3 * b + 3),
      ),
    );
  }

  /**
   * Whether `body`'s prediction may wait for its first sweep (WasmKernels `deferPrediction`): its
   * first block has a kernel, and nothing between the prediction and that sweep reads or moves its
   * predicted positions (aerodynamic drag, a shape-matching region's drift, moving pins). The
   * measured substep's probe reads nothing before the sweep (pin-balance.ts).
   */
  private predictsInFirstSweep(body: BodyRuntime, wasm: WasmKernels): boolean {
    const first = body.blocks[0];
    return (
      first !== undefined &&
      body.iterations > 0 &&
      wasm.handles(first) &&
      !body.aerodynamics &&
      !body.pinMotion &&
      !body.blocks.some((block) => block.kind === 'shape-matching')
    );
  }

  /**
   * @param measured true for the substep whose constraint forces the metrics report
   * @param timeS the substep's start time (the wind's)
   * @param leaveVelocities leave this substep's velocities to the next one's prediction
   *   (`velocitiesFuse`); they are computed here otherwise
   */
  private substep(h: number, measured: boolean, timeS: number, leaveVelocities: boolean): void {
    const { x, xPrev, v, invMass } = this.state;
    const [gx, gy, gz] = this.gravity;
    const wasm = this.useWasm ? this.wasm : null;
    if (this.air) {
      windAt(this.air, timeS, this.wind);
      for (const body of this.runtimes) body.aerodynamics?.compute(this.state, this.wind, h);
    }
    for (const body of this.runtimes) {
      body.modalDamping.damp(this.state, h);
      const keep = Math.exp(-(body.linearDampingPerS + this.extraLinearDampingPerS) * h);
      const end = body.offset + body.count;
      const dvx = gx * h;
      const dvy = gy * h;
      const dvz = gz * h;
      if (wasm) {
        const prediction = { start: body.offset, end, invH: this.pendingInvH, keep, dvx, dvy, dvz, h };
        if (this.predictsInFirstSweep(body, wasm)) wasm.deferPrediction(body.blocks[0], prediction);
        else wasm.predict(prediction);
        continue;
      }
      for (let p = body.offset; p < end; p++) {
        const p3 = 3 * p;
        const px = x[p3];
        const py = x[p3 + 1];
        const pz = x[p3 + 2];
        xPrev[p3] = px;
        xPrev[p3 + 1] = py;
        xPrev[p3 + 2] = pz;
        if (invMass[p] === 0) {
          v[p3] = 0;
          v[p3 + 1] = 0;
          v[p3 + 2] = 0;
          continue;
        }
        // Damp the velocity carried over, then add gravity: damping must not scale the weight
        // (a body at rest would otherwise feel g·e^(−c·h) and its pins report less than its weight).
        const vx = v[p3] * keep + dvx;
        const vy = v[p3 + 1] * keep + dvy;
        const vz = v[p3 + 2] * keep + dvz;
        v[p3] = vx;
        v[p3 + 1] = vy;
        v[p3 + 2] = vz;
        x[p3] = px + vx * h;
        x[p3 + 1] = py + vy * h;
        x[p3 + 2] = pz + vz * h;
      }
    }
    this.pendingInvH = 0;
    for (const body of this.runtimes) body.aerodynamics?.apply(this.state, h);
    for (const body of this.runtimes) {
      for (const block of body.blocks) {
        if (block.kind === 'shape-matching') takeBackShapeMatchingDrift(block, this.state, h);
      }
    }
    for (const body of this.runtimes) body.pinMotion?.apply(this.state, timeS + h);
    if (measured) this.probe.captureTakenBack(this.state, this.runtimes, h);
    // The multipliers of a block's last sweep in a substep are read only by what measures the
    // constraint forces: the measured substep's probe and measures after the frame, and tearing.
    const forcesRead = measured || this.tearing !== null;
    for (const body of this.runtimes) {
      // The WebAssembly kernels reset their blocks' multipliers in the first sweep.
      for (const block of body.blocks) if (!wasm?.handles(block)) resetLambda(block);
      for (let iteration = 0; iteration < body.iterations; iteration++) {
        for (const block of body.blocks) {
          const passes = block.passes ?? 1;
          for (let pass = 0; pass < passes; pass++) {
            const last = iteration === body.iterations - 1 && pass === passes - 1;
            const fresh = iteration === 0 && pass === 0;
            if (!wasm?.solve(block, h, fresh, forcesRead || !last)) solveBlock(block, this.state, h);
          }
        }
      }
    }
    wasm?.flushPredictions();
    if (measured) this.probe.measure(this.state, this.runtimes, h, wasm);
    this.grabbed.solve(this.state, h);
    this.bodyContact?.solve(this.state);
    collideParticles(this.state, this.colliders, 0, this.particleCount, timeS, timeS + h);
    for (const body of this.runtimes) body.selfCollision?.solve(this.state);
    const invH = 1 / h;
    const coordinates = 3 * this.particleCount;
    if (wasm && leaveVelocities) {
      this.pendingInvH = invH;
    } else if (wasm) {
      wasm.velocities(coordinates, invH);
    } else {
      // Three per iteration: V8 re-checks each typed array once per iteration, not per access.
      for (let k = 0; k < coordinates; k += 3) {
        v[k] = (x[k] - xPrev[k]) * invH;
        v[k + 1] = (x[k + 1] - xPrev[k + 1]) * invH;
        v[k + 2] = (x[k + 2] - xPrev[k + 2]) * invH;
      }
    }
    for (const body of this.runtimes)
      for (const block of body.blocks) if (!wasm?.damp(block, h)) dampBlock(block, this.state, h);
    this.grabbed.damp(this.state, h);
    this.tearing?.afterSubstep(this.state, h, this.blockChanged);
  }
}

/**
 * The kinetic energy of the free particles (J) and whether the state holds a NaN or ±Infinity. Its
 * own function, not part of `step`: V8 deopts `step`'s optimized code on a path the first frames did
 * not take and, called once a frame, it stays in the interpreter (seen over 600 frames), where a loop
 * boxes its sums at every particle: 3.2% of the 128² cloth's frame and some 70 KB of garbage a frame
 * on the 16³ cube. A small function of its own is optimized and stays so.
 */
function stepMetrics(state: ParticleState): StepMetrics {
  const { x, v, mass, invMass: w } = state;
  let kinetic = 0;
  let checksum = 0;
  for (let p = 0; p < state.count; p++) {
    const vx = v[3 * p];
    const vy = v[3 * p + 1];
    const vz = v[3 * p + 2];
    if (w[p] > 0) kinetic += 0.5 * mass[p] * (vx * vx + vy * vy + vz * vz);
    checksum += x[3 * p] + x[3 * p + 1] + x[3 * p + 2] + vx + vy + vz;
  }
  // Any NaN or ±Infinity in the state makes the sum non-finite.
  return { kineticEnergyJ: kinetic, hasNaN: !Number.isFinite(checksum) };
}
