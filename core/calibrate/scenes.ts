import { plateBendingStiffnessNM } from '../material/compliance/cloth.ts';
import { waveSpeedMPerS } from '../material/elastic.ts';
import type { Material } from '../material/schema.ts';
import type { BodySpec, Scene, Vec3 } from '../scene/scene.ts';
import {
  cantileverFrequencyRadPerS,
  cantileverTipDeflectionM,
  clothCantileverTipDeflectionM,
  fixedFreeBarFrequencyRadPerS,
  hangingBarElongationM,
  hangingClothElongationM,
  timoshenkoShearFactor,
} from './analytic.ts';

/**
 * The standard calibration scenes, built for one material. Each is a small body whose static
 * answer linear elasticity knows, sized so that the comparison means something:
 *
 * - Element size. One Gauss-Seidel pass per substep leaves a body softer by roughly r² with
 *   r = h·c/l (DESIGN.md), so what a run measures depends on h, c and l together. By default the
 *   element size l is chosen per material so that r = REFERENCE_RESOLUTION at the reference
 *   substep (1/60 s over 20 substeps): the default substep counts 5…40 then sweep r from about
 *   1 down to 0.12 on the same body, and the table shows the bias vanish (or not). For the cloth
 *   cantilever the same rule is applied to the bending wave (r_b = h·√(D/ρ_a)/l², see below).
 *   A caller may instead give the element size of the asset it cares about.
 * - Load. The load is the body's weight. Gravity is 9.81 m/s², or less where that would strain
 *   the body beyond HANGING_PEAK_STRAIN (hanging scenes) or bend it beyond
 *   CANTILEVER_DEFLECTION_RATIO (cantilevers): small-strain theory is what the numbers are
 *   compared with. Every answer here is linear in g, so the scaling changes no ratio.
 */

export type CalibrationSceneId = 'hanging-bar' | 'cantilever' | 'hanging-cloth';
export type SolidModel = 'neo-hookean' | 'edges-volume';

/** r = h·c/l that the default element size gives at REFERENCE_SUBSTEP_S, dimensionless. */
export const REFERENCE_RESOLUTION = 0.25;
/** The reference substep, s: a 60 Hz frame split into 20 substeps. */
export const REFERENCE_SUBSTEP_S = 1 / 60 / 20;
/** Standard gravity, m/s²: the most load any scene gets. */
export const STANDARD_GRAVITY_MPERS2 = 9.81;
/** Analytic peak strain of the hanging bar and cloth (at the pin), dimensionless. */
export const HANGING_PEAK_STRAIN = 0.002;
/** Analytic tip deflection over free length of the cantilevers, dimensionless. */
export const CANTILEVER_DEFLECTION_RATIO = 0.01;

/**
 * Cells of the hanging bar: width × length × depth. Its top face is pinned whole, and a clamped
 * face cannot contract sideways: near ν = 0.5 that stiffens the bar within about a width of the
 * clamp, a real effect that shrinks with the length. Measured converged with neo-Hookean at
 * ν = 0.49 (linear statics, the clamp alone: a face free to contract gives 1.003 on the same
 * mesh): E_eff/E 1.037 at 10 cells long, 1.018 at 20 (bulk all in nodal constraints; 1.061 and
 * 1.030 as compiled, nodal-volume.ts). 20 cells keep the clamp under 2%.
 */
export const BAR_CELLS: Vec3 = [2, 20, 2];
/**
 * Cells of the solid cantilever: length × height × width (bending in the height). Linear tets
 * are stiff in bending when few cells span the height (shear locking, whatever ν): measured
 * converged at ν = 0, E_eff/E 1.104 with 4 cells high, 1.029 with 6 and 1.003 with 8 (against
 * Euler–Bernoulli, which leaves out the shear deformation the description reports).
 */
export const CANTILEVER_CELLS: Vec3 = [40, 8, 2];
/** Cells of the hanging cloth strip: width × length. */
export const HANGING_CLOTH_CELLS: [number, number] = [5, 20];
/** Cells of the cloth cantilever: one clamped column + free length, × width. */
export const CLOTH_CANTILEVER_CELLS: [number, number] = [11, 4];

/** What a scene is, in numbers and words: the part of a calibration report that explains it. */
export interface CalibrationSetup {
  scene: CalibrationSceneId;
  /** Geometry, mesh, pins and load in one sentence. */
  description: string;
  /** The analytic value's formula, e.g. 'ρgL²/(2E)'. */
  formula: string;
  /** Element (cell) size, m. */
  cellM: number;
  /** Length along which the analytic value is computed (bar length, free span), m. */
  lengthM: number;
  /** Gravity used, m/s². */
  gravityMPerS2: number;
  /** The analytic static value, in `unit`. */
  analytic: number;
  unit: 'm';
  /** Lowest vibration mode of the scene from theory, rad/s (sets the damping while settling). */
  fundamentalRadPerS: number;
  /** What the `resolution` column means for this scene. */
  resolutionDefinition: string;
}

export interface StandardScene {
  setup: CalibrationSetup;
  /** The scene document for a frame time step (s) and substep count. */
  scene(frameDtS: number, substeps: number): Scene;
  /** The particles whose mean displacement along gravity is the measured value, from rest positions (m). */
  probe(restPositions: ArrayLike<number>): number[];
  /** The resolution figure at substep `substepS` (s), given the engine's r = h·c/(mean rest edge). */
  resolution(substepS: number, engineResolution: number): number;
}

export interface SceneOptions {
  /** Constraint model of the solid scenes; default 'neo-hookean'. */
  solidModel?: SolidModel;
  /** Element size, m, for every scene; default: the size where r = REFERENCE_RESOLUTION (see above). */
  cellM?: number;
}

/** A scene a material cannot run, and why. */
export interface SkippedScene {
  scene: CalibrationSceneId;
  reason: string;
}

/** The scenes for `material` (solid: hanging bar and cantilever; cloth: hanging cloth and cloth cantilever). */
export function standardScenes(
  material: Material,
  options: SceneOptions = {},
): { scenes: StandardScene[]; skipped: SkippedScene[] } {
  if (material.kind === 'solid') {
    const model = options.solidModel ?? 'neo-hookean';
    return {
      scenes: [hangingBar(material, model, options.cellM), solidCantilever(material, model, options.cellM)],
      skipped: [
        {
          scene: 'hanging-cloth',
          reason: `'${material.name}' is a solid material (no thickness); the hanging cloth needs a cloth material`,
        },
      ],
    };
  }
  return {
    scenes: [hangingCloth(material, options.cellM), clothCantilever(material, options.cellM)],
    skipped: [
      {
        scene: 'hanging-bar',
        reason: `'${material.name}' is a cloth material: cloth is simulated as a membrane, never as tets; the hanging cloth measures the same stretch`,
      },
    ],
  };
}

/** Element size where h_ref·c/l = REFERENCE_RESOLUTION, m. */
function membraneCellM(material: Material): number {
  return (
    (waveSpeedMPerS(material.youngModulusPa, material.densityKgM3) * REFERENCE_SUBSTEP_S) /
    REFERENCE_RESOLUTION
  );
}

function solidBody(material: Material, model: SolidModel, shape: BodySpec['shape'], pin: PinBox): BodySpec {
  return {
    name: 'specimen',
    shape,
    material: {
      youngModulusPa: material.youngModulusPa,
      poissonRatio: material.poissonRatio,
      densityKgM3: material.densityKgM3,
    },
    model,
    dampingRatio: material.dampingRatio,
    pins: [{ box: pin }],
  };
}

function clothBody(material: Material, shape: BodySpec['shape'], pin: PinBox): BodySpec {
  return {
    name: 'specimen',
    shape,
    material: {
      youngModulusPa: material.youngModulusPa,
      poissonRatio: material.poissonRatio,
      densityKgM3: material.densityKgM3,
      thicknessM: thicknessOf(material),
    },
    model: 'cloth',
    dampingRatio: material.dampingRatio,
    pins: [{ box: pin }],
  };
}

function thicknessOf(material: Material): number {
  const t = material.thicknessM;
  // The material schema requires a thickness for cloth; a record without one is a bug upstream.
  if (t === undefined || !(t > 0)) throw new Error(`cloth material '${material.name}' has no thickness`);
  return t;
}

type PinBox = { min: Vec3; max: Vec3 };

/** A pin box around the plane x[axis] = 0 up to x[axis] = `upTo`, with a tolerance of `slack` (m). */
function slabPin(axis: number, upTo: number, slack: number): PinBox {
  const far = 1e6;
  const min: Vec3 = [-far, -far, -far];
  const max: Vec3 = [far, far, far];
  min[axis] = -slack;
  max[axis] = upTo + slack;
  return { min, max };
}

/** Particles whose rest coordinate on `axis` is `value` (within `slack`, m). */
function particlesAt(rest: ArrayLike<number>, axis: number, value: number, slack: number): number[] {
  const out: number[] = [];
  for (let p = 0; 3 * p < rest.length; p++) if (Math.abs(rest[3 * p + axis] - value) <= slack) out.push(p);
  return out;
}

function gravity(axis: number, magnitude: number): Vec3 {
  const g: Vec3 = [0, 0, 0];
  g[axis] = -magnitude;
  return g;
}

const ENGINE_RESOLUTION = 'h·c/l: substep h, c = √(E/ρ), l the mean rest edge length';

function hangingBar(material: Material, model: SolidModel, cellOverride?: number): StandardScene {
  const { youngModulusPa: E, densityKgM3: rho } = material;
  const cell = cellOverride ?? membraneCellM(material);
  const [nx, ny, nz] = BAR_CELLS;
  const length = ny * cell;
  const g = Math.min(STANDARD_GRAVITY_MPERS2, (HANGING_PEAK_STRAIN * E) / (rho * length));
  const size: Vec3 = [nx * cell, length, nz * cell];
  const slack = 1e-4 * cell;
  return {
    setup: {
      scene: 'hanging-bar',
      description:
        `bar ${dims(size)} m (${BAR_CELLS.join('×')} cells of ${fmt(cell)} m, ${model}), top face pinned, ` +
        `hanging under its weight at g = ${fmt(g)} m/s²${loadNote(g, 'analytic peak strain', HANGING_PEAK_STRAIN)}; ` +
        'value: elongation (mean drop of the bottom face)',
      formula: 'ρgL²/(2E)',
      cellM: cell,
      lengthM: length,
      gravityMPerS2: g,
      analytic: hangingBarElongationM(rho, g, length, E),
      unit: 'm',
      fundamentalRadPerS: fixedFreeBarFrequencyRadPerS(waveSpeedMPerS(E, rho), length),
      resolutionDefinition: ENGINE_RESOLUTION,
    },
    scene: (dt, substeps) => ({
      gravity: gravity(1, g),
      solver: { dt, substeps },
      colliders: [],
      bodies: [
        solidBody(
          material,
          model,
          { type: 'box', size, cells: [...BAR_CELLS], center: [0, -length / 2, 0] },
          slabPin(1, 0, slack),
        ),
      ],
    }),
    probe: (rest) => particlesAt(rest, 1, -length, slack),
    resolution: (_h, engine) => engine,
  };
}

function solidCantilever(material: Material, model: SolidModel, cellOverride?: number): StandardScene {
  const { youngModulusPa: E, densityKgM3: rho, poissonRatio: nu } = material;
  const cell = cellOverride ?? membraneCellM(material);
  const [nl, nh, nw] = CANTILEVER_CELLS;
  const length = nl * cell;
  const height = nh * cell;
  const width = nw * cell;
  // δ/L = q·L³/(8EI) with q = ρ·g·w·h and I = w·h³/12, i.e. 1.5·ρ·g·L³/(E·h²).
  const g = Math.min(
    STANDARD_GRAVITY_MPERS2,
    (CANTILEVER_DEFLECTION_RATIO * E * height * height) / (1.5 * rho * length ** 3),
  );
  const area = width * height;
  const secondMoment = (width * height ** 3) / 12;
  const size: Vec3 = [length, height, width];
  const slack = 1e-4 * cell;
  const shear = timoshenkoShearFactor(nu, height, length);
  return {
    setup: {
      scene: 'cantilever',
      description:
        `beam ${dims(size)} m (${CANTILEVER_CELLS.join('×')} cells of ${fmt(cell)} m, ${model}), root face clamped, ` +
        `bending under its weight at g = ${fmt(g)} m/s²${loadNote(g, 'analytic deflection/length', CANTILEVER_DEFLECTION_RATIO)}; ` +
        `value: tip deflection (mean drop of the tip face); L/h = ${fmt(length / height)}, so shear (Timoshenko) ` +
        `would add ${fmt(100 * (shear - 1))}% to the Euler–Bernoulli value`,
      formula: 'qL⁴/(8EI), q = ρgA',
      cellM: cell,
      lengthM: length,
      gravityMPerS2: g,
      analytic: cantileverTipDeflectionM(rho * g * area, length, E, secondMoment),
      unit: 'm',
      fundamentalRadPerS: cantileverFrequencyRadPerS(Math.sqrt((E * secondMoment) / (rho * area)), length),
      resolutionDefinition: ENGINE_RESOLUTION,
    },
    scene: (dt, substeps) => ({
      gravity: gravity(1, g),
      solver: { dt, substeps },
      colliders: [],
      bodies: [
        solidBody(
          material,
          model,
          { type: 'box', size, cells: [...CANTILEVER_CELLS], center: [length / 2, 0, 0] },
          slabPin(0, 0, slack),
        ),
      ],
    }),
    probe: (rest) => particlesAt(rest, 0, length, slack),
    resolution: (_h, engine) => engine,
  };
}

function hangingCloth(material: Material, cellOverride?: number): StandardScene {
  const { youngModulusPa: E, densityKgM3: rho } = material;
  const t = thicknessOf(material);
  const cell = cellOverride ?? membraneCellM(material);
  const [nw, nl] = HANGING_CLOTH_CELLS;
  const length = nl * cell;
  const width = nw * cell;
  const g = Math.min(STANDARD_GRAVITY_MPERS2, (HANGING_PEAK_STRAIN * E) / (rho * length));
  const slack = 1e-4 * cell;
  return {
    setup: {
      scene: 'hanging-cloth',
      description:
        `cloth strip ${fmt(width)} × ${fmt(length)} m (${nw}×${nl} cells of ${fmt(cell)} m, t = ${fmt(t)} m), ` +
        `top edge pinned, hanging in its plane under its weight at g = ${fmt(g)} m/s²` +
        `${loadNote(g, 'analytic peak strain', HANGING_PEAK_STRAIN)}; value: elongation (mean drop of the bottom edge)`,
      formula: 'ρ_a·g·L²/(2·E·t), ρ_a = ρ·t',
      cellM: cell,
      lengthM: length,
      gravityMPerS2: g,
      analytic: hangingClothElongationM(rho * t, g, length, E, t),
      unit: 'm',
      fundamentalRadPerS: fixedFreeBarFrequencyRadPerS(waveSpeedMPerS(E, rho), length),
      resolutionDefinition: ENGINE_RESOLUTION,
    },
    // The grid lies in the plane y = 0; gravity along −z pulls it in its own plane.
    scene: (dt, substeps) => ({
      gravity: gravity(2, g),
      solver: { dt, substeps },
      colliders: [],
      bodies: [
        clothBody(
          material,
          { type: 'cloth', size: [width, length], cells: [nw, nl], center: [0, 0, -length / 2] },
          slabPin(2, 0, slack),
        ),
      ],
    }),
    probe: (rest) => particlesAt(rest, 2, -length, slack),
    resolution: (_h, engine) => engine,
  };
}

/**
 * The cloth cantilever: a strip clamped by its first column of cells (two pinned rows fix the
 * slope) and bending under its weight. Bending waves are dispersive, ω = √(D/ρ_a)·k², so the
 * figure that plays the role of h·c/l is r_b = h·√(D/ρ_a)/l²; the default cell makes r_b = 0.25
 * at the reference substep. The membrane is then far stiffer than the substep resolves (its r is
 * large), which a cantilever hardly feels: at small deflection it does not stretch.
 */
function clothCantilever(material: Material, cellOverride?: number): StandardScene {
  const { youngModulusPa: E, densityKgM3: rho, poissonRatio: nu } = material;
  const t = thicknessOf(material);
  const areal = rho * t;
  const bending = plateBendingStiffnessNM(E, nu, t);
  const bendingWave = Math.sqrt(bending / areal); // m²/s
  const cell = cellOverride ?? Math.sqrt((REFERENCE_SUBSTEP_S * bendingWave) / REFERENCE_RESOLUTION);
  const [nx, nw] = CLOTH_CANTILEVER_CELLS;
  const length = (nx - 1) * cell;
  const total = nx * cell;
  const width = nw * cell;
  const g = Math.min(
    STANDARD_GRAVITY_MPERS2,
    (CANTILEVER_DEFLECTION_RATIO * 8 * bending) / (areal * length ** 3),
  );
  const slack = 1e-4 * cell;
  return {
    setup: {
      scene: 'cantilever',
      description:
        `cloth strip ${fmt(total)} × ${fmt(width)} m (${nx}×${nw} cells of ${fmt(cell)} m, t = ${fmt(t)} m), ` +
        `first column clamped, free span ${fmt(length)} m bending under its weight at g = ${fmt(g)} m/s²` +
        `${loadNote(g, 'analytic deflection/span', CANTILEVER_DEFLECTION_RATIO)}; value: tip deflection (mean drop of the free edge)`,
      formula: 'ρ_a·g·L⁴/(8D), D = E·t³/(12(1−ν²))',
      cellM: cell,
      lengthM: length,
      gravityMPerS2: g,
      analytic: clothCantileverTipDeflectionM(areal, g, length, bending),
      unit: 'm',
      fundamentalRadPerS: cantileverFrequencyRadPerS(bendingWave, length),
      resolutionDefinition: 'h·√(D/ρ_a)/l²: substep h, plate stiffness D, areal density ρ_a, cell size l',
    },
    scene: (dt, substeps) => ({
      gravity: gravity(1, g),
      solver: { dt, substeps },
      colliders: [],
      bodies: [
        clothBody(
          material,
          { type: 'cloth', size: [total, width], cells: [nx, nw], center: [total / 2, 0, 0] },
          slabPin(0, cell, slack),
        ),
      ],
    }),
    probe: (rest) => particlesAt(rest, 0, total, slack),
    resolution: (h) => (h * bendingWave) / (cell * cell),
  };
}

function loadNote(g: number, what: string, limit: number): string {
  return g < STANDARD_GRAVITY_MPERS2 ? ` (scaled down so the ${what} is ${fmt(100 * limit)}%)` : '';
}

function dims(size: readonly number[]): string {
  return size.map(fmt).join(' × ');
}

/** Three significant digits, without trailing zeros. */
function fmt(v: number): string {
  return String(Number(v.toPrecision(3)));
}
