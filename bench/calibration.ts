/**
 * `npm run -s bench -- calibration [--material=a,b] [--compensation=auto|off|both] [--load=K]
 *  [--substeps=10,20,40] [--converged=160] [--model=neo-hookean|edges-volume] [--engines=both|ours|jolt]
 *  [--beta] [--json]`
 *
 * The calibration table of the library materials in our engine and in Jolt: per material and
 * standard scene (solids: hanging bar, cantilever; cloth: hanging cloth, cloth cantilever) the
 * effective Young's modulus E_eff/E converged (160 substeps) and at 10, 20 and 40 substeps of a
 * 60 Hz frame. Ours runs the scene (core/calibrate, settle.ts); Jolt runs the same scene's preset
 * through exportJolt and runtime/jolt/loader.mjs in jolt-physics (test/runtime/jolt-calibration.ts).
 * Solids are neo-Hookean in ours and edges + volume in Jolt (the exporter recompiles them); the
 * `ours` column names the model that ran; `--model=edges-volume` makes the solid presets edges +
 * volume, so that both engines run the same constraints.
 *
 * Jolt keeps positions in float32: a Jolt value marked `~` comes from a run whose per-substep
 * gravity push g·h² is fewer than 64 units in the last place of the body's coordinates (rounding
 * moves it by up to several per cent), and `f32` means under 2 (the body hardly feels gravity at
 * all: not run). `--load=K` multiplies gravity by K in both engines (strains K times the small
 * standard ones) to lift that floor; `--engines=jolt` runs Jolt alone (a `-` in our columns),
 * for a Jolt table at a load that would take our small-strain figures out of their range.
 *
 * `--beta` measures the one-pass bias coefficient per family instead: with compensation off and
 * both engines on edges + volume, β_n = (E_conv/E_n − 1)/r_n² at 10, 20, 40 substeps, E_conv our
 * converged (160 substeps, double precision: Jolt's own limit h → 0 is the same fixed point of the
 * same constraints, but float32 cannot reach it), beside SUBSTEP_BIAS_COEFFICIENTS.
 */
import type { SolidModel } from '../core/calibrate/scenes.ts';
import { standardScenes } from '../core/calibrate/scenes.ts';
import { type BiasFamily, biasCoefficient } from '../core/material/compliance/substep-bias.ts';
import { builtInMaterials } from '../core/material/library.ts';
import type { Material } from '../core/material/schema.ts';
import {
  calibrationCase,
  FLOAT32_RELIABLE_ULPS,
  type JoltRun,
  type OurRun,
  settleJolt,
  settleOurs,
} from '../test/runtime/jolt-calibration.ts';

/** Below this many ulps per substep push a Jolt run is not made. */
const FLOAT32_HOPELESS_ULPS = 2;

interface Options {
  materials: Material[];
  compensations: ('auto' | 'off')[];
  loadScale: number;
  substeps: number[];
  converged: number;
  solidModel: SolidModel;
  beta: boolean;
  json: boolean;
  engines: { ours: boolean; jolt: boolean };
}

function parse(flags: string[]): Options {
  const value = (name: string) => flags.find((f) => f.startsWith(`--${name}=`))?.slice(name.length + 3);
  const library = builtInMaterials();
  const names = value('material')?.split(',');
  const beta = flags.includes('--beta');
  const betaDefault = ['polyurethane-foam-firm', 'cartilage', 'muscle', 'silicone-shore-30a', 'cotton'];
  const chosen = names ?? (beta ? betaDefault : library.map((m) => m.name));
  const materials = chosen.map((n) => {
    const m = library.find((x) => x.name === n);
    if (!m) throw new Error(`bench calibration: no library material '${n}'`);
    return m;
  });
  const comp = value('compensation') ?? 'auto';
  return {
    materials,
    compensations: comp === 'both' ? ['auto', 'off'] : [comp as 'auto' | 'off'],
    loadScale: Number(value('load') ?? (beta ? 10 : 1)),
    substeps: (value('substeps') ?? '10,20,40').split(',').map(Number),
    converged: Number(value('converged') ?? 160),
    solidModel: value('model') === 'edges-volume' ? 'edges-volume' : 'neo-hookean',
    beta,
    json: flags.includes('--json'),
    engines: {
      ours: value('engines') !== 'jolt',
      jolt: value('engines') !== 'ours',
    },
  };
}

const fmt = (v: number, digits = 3) => (Number.isFinite(v) ? v.toFixed(digits) : String(v));

function joltCell(run: JoltRun | undefined): string {
  if (!run) return 'f32';
  const mark = run.gravityStepUlps < FLOAT32_RELIABLE_ULPS ? '~' : '';
  return `${fmt(run.ratio)}${mark}${run.settled ? '' : '!'}`;
}

/** The Jolt run of the case, unless float32 cannot resolve its gravity push at all (g·h² under 2 ulps). */
async function joltUnlessHopeless(c: ReturnType<typeof calibrationCase>): Promise<JoltRun | undefined> {
  const h = c.frameDtS / c.substeps;
  // settleJolt centres the body: its largest coordinate is about half its length.
  const ulp = 2 ** (Math.floor(Math.log2(c.standard.setup.lengthM / 2)) - 23);
  if ((Math.hypot(...c.scene.gravity) * h * h) / ulp < FLOAT32_HOPELESS_ULPS) return undefined;
  return settleJolt(c);
}

async function table(o: Options): Promise<void> {
  const counts = [o.converged, ...o.substeps];
  const out: unknown[] = [];
  const header = [
    'material'.padEnd(23),
    'scene'.padEnd(14),
    'comp',
    'ours model'.padEnd(12),
    ...counts.map((n) => `ours ${n}`.padStart(9)),
    ...counts.map((n) => `jolt ${n}`.padStart(9)),
  ].join(' ');
  if (!o.json) {
    console.log(
      `E_eff/E, load ×${o.loadScale}; Jolt: edges + volume for solids; ~ float32-limited, f32 not run, ! not settled`,
    );
    console.log(header);
  }
  for (const material of o.materials) {
    const sceneCount = standardScenes(material).scenes.length;
    for (let s = 0; s < sceneCount; s++) {
      for (const compensation of o.compensations) {
        const options = { compensation, loadScale: o.loadScale, solidModel: o.solidModel };
        const ours: (OurRun | undefined)[] = [];
        const jolt: (JoltRun | undefined)[] = [];
        let model = '';
        let scene = '';
        for (const n of counts) {
          const c = calibrationCase(material, s, n, options);
          model = c.model;
          scene =
            c.standard.setup.scene === 'cantilever' && material.kind === 'cloth'
              ? 'cloth-cantilever'
              : c.standard.setup.scene;
          ours.push(o.engines.ours ? settleOurs(c) : undefined);
          jolt.push(o.engines.jolt ? await joltUnlessHopeless(c) : undefined);
        }
        if (o.json) {
          out.push({
            material: material.name,
            scene,
            compensation,
            model,
            loadScale: o.loadScale,
            counts,
            ours: ours.map((r) => r ?? null),
            jolt: jolt.map((j) => j ?? null),
          });
          continue;
        }
        console.log(
          [
            material.name.padEnd(23),
            scene.padEnd(14),
            compensation.padEnd(4),
            model.padEnd(12),
            ...ours.map((r) => (r ? `${fmt(r.ratio)}${r.settled ? '' : '!'}` : '-').padStart(9)),
            ...jolt.map((r) => (o.engines.jolt ? joltCell(r) : '-').padStart(9)),
          ].join(' '),
        );
      }
    }
  }
  if (o.json) console.log(JSON.stringify(out, null, 1));
}

function familyOf(material: Material, scene: string): BiasFamily {
  if (material.kind === 'solid') return 'solid-edges-volume';
  return scene === 'cantilever' ? 'cloth-bending' : 'cloth-stretch';
}

async function betaTable(o: Options): Promise<void> {
  const solidModel: SolidModel = 'edges-volume';
  const rows: unknown[] = [];
  if (!o.json) {
    console.log(
      `One-pass bias β = (E_conv/E_n − 1)/r_n², compensation off, edges + volume, load ×${o.loadScale}`,
    );
    console.log(
      [
        'material'.padEnd(23),
        'ν'.padStart(5),
        'scene'.padEnd(14),
        'family'.padEnd(19),
        'E_conv/E',
        ...o.substeps.map((n) => `r@${n}`.padStart(6)),
        ...o.substeps.map((n) => `βours@${n}`.padStart(9)),
        ...o.substeps.map((n) => `βjolt@${n}`.padStart(9)),
        'table β',
      ].join(' '),
    );
  }
  for (const material of o.materials) {
    const sceneCount = standardScenes(material).scenes.length;
    for (let s = 0; s < sceneCount; s++) {
      const options = { compensation: 'off' as const, loadScale: o.loadScale, solidModel };
      const converged = settleOurs(calibrationCase(material, s, o.converged, options));
      const cases = o.substeps.map((n) => calibrationCase(material, s, n, options));
      const ours = cases.map((c) => settleOurs(c));
      const jolt: JoltRun[] = [];
      for (const c of cases) jolt.push(await settleJolt(c));
      const scene = cases[0].standard.setup.scene;
      const family = familyOf(material, scene);
      const beta = (e: number, r: number) => (converged.ratio / e - 1) / (r * r);
      const betaOurs = ours.map((run) => beta(run.ratio, run.resolution));
      const betaJolt = jolt.map((run, i) => beta(run.ratio, ours[i].resolution));
      const sceneName = material.kind === 'cloth' && scene === 'cantilever' ? 'cloth-cantilever' : scene;
      const row = {
        material: material.name,
        poissonRatio: material.poissonRatio,
        scene: sceneName,
        family,
        convergedRatio: converged.ratio,
        resolution: ours.map((r) => r.resolution),
        betaOurs,
        betaJolt,
        joltUlps: jolt.map((r) => r.gravityStepUlps),
        tableBeta: biasCoefficient(family, material.poissonRatio),
      };
      rows.push(row);
      if (o.json) continue;
      console.log(
        [
          material.name.padEnd(23),
          fmt(material.poissonRatio, 2).padStart(5),
          sceneName.padEnd(14),
          family.padEnd(19),
          fmt(converged.ratio).padStart(8),
          ...row.resolution.map((r) => fmt(r).padStart(6)),
          ...betaOurs.map((b) => fmt(b, 2).padStart(9)),
          ...betaJolt.map((b, i) =>
            `${fmt(b, 2)}${jolt[i].gravityStepUlps < FLOAT32_RELIABLE_ULPS ? '~' : ''}`.padStart(9),
          ),
          fmt(row.tableBeta, 2).padStart(7),
        ].join(' '),
      );
    }
  }
  if (o.json) console.log(JSON.stringify(rows, null, 1));
}

export async function run(flags: string[]): Promise<void> {
  const o = parse(flags);
  if (o.beta) await betaTable(o);
  else await table(o);
}
