import { lameLambdaPa, shearModulusPa } from '../../material/elastic.ts';
import type { ColliderSpec, Vec3 } from '../../scene/scene.ts';
import { elementSlots } from '../../setup/body-groups.ts';
import { type CompileOptions, compileScene } from '../../setup/compile-scene.ts';
import { isFreeBody, modalDampingRatesPerS } from '../../setup/fundamental-mode.ts';
import type { BodySetup } from '../../setup/setup.ts';
import type { Preset } from '../preset.ts';
import { placedScene, setupMeshes } from '../validate.ts';
import { explicitStableStepS } from './explicit-step.ts';
import { ExportRefusedError } from './export-refused.ts';
import { type Approximation, approximationsFor } from './features.ts';

/**
 * Export to MuJoCo (3.3 and later): an MJCF model whose soft bodies are flexes. Per body:
 * - one MuJoCo body per particle with three slide joints and the particle's lumped mass (so the
 *   mass distribution is the preset's, where flexcomp would split the mass evenly); rigidly pinned
 *   particles are vertices of the world body instead (cloth: see HELD_ARMATURE_KG);
 * - one `<flex>` per material slot (dim 3 over the slot's tets, dim 2 over its cloth triangles),
 *   all on the same particle bodies, with `<elasticity>` written so that MuJoCo's elements have the
 *   slot's linear elasticity at small strain (mujocoElasticity: MuJoCo weighs its Lamé constants
 *   its own way), the small-strain limit our neo-Hookean and membrane constraints converge to;
 *   cloth stretch is `elastic2d="stretch"` with the material's thickness, and its bending a second
 *   flex over the same particles with `elastic2d="bend"` and the material's E and ν; a solid's E
 *   is scaled so that it deflects under its weight as the preview does (MUJOCO_COMPILE_OPTIONS:
 *   per-tet bulk locks near ν = 0.5, where the preview holds it at vertices);
 * - soft pins as the slide joints' stiffness 1/α with the rest position as spring reference: a
 *   zero-length spring to the rest position, as the preview's attachment constraint is;
 * - tethers as spatial tendons between sites on the two particles, limited to the tether's length;
 * - damping as the joints' damping m·c (N·s/m), c = the body's linear damping plus, for a pinned
 *   body, its modal damping 2ζ·ω₁ per particle (world-velocity damping, as the preview applies
 *   it), which the implicitfast integrator takes implicitly; the flex's own stiffness-proportional
 *   damping would be explicit and limit the step.
 * MuJoCo integrates flex elasticity explicitly, so the model's time step is the preset's substep
 * or less: the largest step that keeps every body stable (explicit-step.ts), rounded so that a
 * whole number of steps makes the preset's frame. Coordinates are turned from the preset's y up to
 * MuJoCo's z up (+90° about x: (x, y, z) → (x, −z, y)). Colliders become static geoms. What MuJoCo
 * cannot express is approximated or refused as the feature table says (features.ts).
 */
export const MUJOCO_EXPORT_VERSION = 1;

export interface MujocoExport {
  /** The MJCF model, as XML text. */
  xml: string;
  /** MuJoCo steps per frame of the preset (the model's timestep is frameDtS / stepsPerFrame). */
  stepsPerFrame: number;
  /** What the step costs, per body, in sentences (the export's budget notes). */
  notes: string[];
}

/**
 * Armature of a held cloth particle's joints, kg: inertia that no gravity pulls (it is not the
 * body's mass), so the particle stays where it is: a 1 N pull moves it 5 nm in 100 s.
 */
export const HELD_ARMATURE_KG = 1e12;

/**
 * How the one compiler builds what MuJoCo integrates, to calibrate it: solids as linear tets with
 * all their bulk per tet (runtime-calibration.ts scales them so that each body deflects under its
 * weight as the preview's nodal volumes let it; near ν = 0.5 per-tet bulk locks).
 */
export const MUJOCO_COMPILE_OPTIONS = {
  solid: { linearTets: true },
  calibrateRuntime: true,
} as const satisfies CompileOptions;

/** The MuJoCo export of a preset. Throws ExportRefusedError for a refused feature. */
export function exportMujoco(preset: Preset): MujocoExport {
  const setup = preset.setup;
  const approximations = mujocoApproximations(preset);
  // The solids' stiffness factor (1 / the calibration's compliance factor), per body.
  const calibrated = setup.bodies.some((body) => body.geometry.kind === 'solid')
    ? compileScene(placedScene(preset.scene), {
        library: preset.materials,
        meshes: setupMeshes(preset),
        ...MUJOCO_COMPILE_OPTIONS,
      })
    : setup;
  const stiffness = calibrated.bodies.map(
    (body) => 1 / (body.runtimeCalibration?.find((c) => c.role === 'solid')?.complianceFactor ?? 1),
  );
  const frameDtS = setup.solver.dt;
  const substepS = frameDtS / setup.solver.substeps;
  const stable = setup.bodies.map((body) => explicitStableStepS(body));
  const stepS = Math.min(substepS, ...stable);
  const stepsPerFrame = Math.max(setup.solver.substeps, Math.ceil(frameDtS / stepS - 1e-9));
  const timestepS = frameDtS / stepsPerFrame;
  const notes = setup.bodies.flatMap((body, i) =>
    stable[i] < substepS
      ? [
          `${body.name}: MuJoCo's flex elasticity is explicit: stable up to a ${formatMs(stable[i])} step, so the model steps ${stepsPerFrame} times per ${formatMs(frameDtS)} frame (the preset runs ${setup.solver.substeps} substeps)`,
        ]
      : [],
  );
  const lines: string[] = [];
  lines.push(`<mujoco model=${attr(preset.name)}>`);
  lines.push(
    `  <!-- Softbody Studio preset ${comment(preset.name)}, MuJoCo export version ${MUJOCO_EXPORT_VERSION}: SI units, z up (the preset's y up turned +90° about x). One MuJoCo step is ${timestepS} s, ${stepsPerFrame} per frame of ${frameDtS} s. -->`,
  );
  for (const a of approximations)
    lines.push(`  <!-- approximated: ${comment(`${a.feature}: ${a.message}`)} -->`);
  lines.push('  <compiler angle="radian" autolimits="true"/>');
  lines.push(
    `  <option timestep=${attr(num(timestepS))} gravity=${attr(vec(zUp(setup.gravity)))} integrator="implicitfast"/>`,
  );
  lines.push('  <worldbody>');
  setup.colliders.forEach((collider, i) => {
    lines.push(`    ${colliderGeom(collider, i)}`);
  });
  const flexes: string[] = [];
  const tendons: string[] = [];
  setup.bodies.forEach((body, b) => {
    const exported = exportBody(body, b, stiffness[b], timestepS);
    lines.push(...exported.bodies.map((line) => `    ${line}`));
    flexes.push(...exported.flex.map((line) => `    ${line}`));
    tendons.push(...exported.tendons.map((line) => `    ${line}`));
  });
  lines.push('  </worldbody>');
  lines.push(...meshAssets(setup.colliders));
  lines.push('  <deformable>', ...flexes, '  </deformable>');
  if (tendons.length > 0) lines.push('  <tendon>', ...tendons, '  </tendon>');
  lines.push('</mujoco>', '');
  return { xml: lines.join('\n'), stepsPerFrame, notes };
}

/** What the MuJoCo export approximates (the feature table); throws ExportRefusedError for a refusal. */
export function mujocoApproximations(preset: Preset): Approximation[] {
  return approximationsFor(preset.setup, 'mujoco', (refusals) => {
    throw new ExportRefusedError('mujoco', refusals);
  });
}

/** The name of particle `p` of body `b`'s MuJoCo body (no white space: flex lists names by spaces). */
export function particleBodyName(b: number, p: number): string {
  return `sb${b}_p${p}`;
}

/**
 * `solidStiffness` multiplies the solid's E (the runtime calibration; 1 for cloth); `timestepS` is
 * the model's step.
 */
function exportBody(
  body: BodySetup,
  b: number,
  solidStiffness: number,
  timestepS: number,
): { bodies: string[]; flex: string[]; tendons: string[] } {
  const g = body.geometry;
  const count = g.mass.length;
  const rigid = new Uint8Array(count);
  const softStiffness = new Float64Array(count);
  for (const pin of body.pins)
    for (const p of pin.particles) {
      if (pin.complianceMPerN === 0) rigid[p] = 1;
      else if (softStiffness[p] === 0 && !rigid[p]) softStiffness[p] = 1 / pin.complianceMPerN;
    }
  const cloth = g.kind === 'cloth';
  // Tethers: a spatial tendon from the pinned particle's site to the free one's, limited to the
  // tether's length (the same unilateral constraint). MuJoCo solves limits as soft constraints:
  // the shortest time constant it allows (2 steps) keeps a strip's tethers within 0.5%, where the
  // default 0.02 s lets them stretch 0.7% over (a higher impedance, solimplimit 0.99–0.999, holds
  // them short of their length instead: measured 1.002 for a 5% tether).
  const limitSoftness = ` solreflimit=${attr(`${num(2 * timestepS)} 1`)}`;
  const tethers = body.constraints.flatMap((set) => (set.kind === 'tether' ? [set] : []));
  const sited = new Uint8Array(count);
  for (const set of tethers) for (const p of set.particles) sited[p] = 1;
  const site = (p: number) =>
    `<site name=${attr(`${particleBodyName(b, p)}_site`)} pos="0 0 0" size="0.001"/>`;
  const modal = isFreeBody(body) ? new Float64Array(count) : modalDampingRatesPerS(body);
  const bodies: string[] = [];
  const names: string[] = [];
  const vertices: string[] = [];
  for (let p = 0; p < count; p++) {
    const position = zUp([g.positions[3 * p], g.positions[3 * p + 1], g.positions[3 * p + 2]]);
    const mass = g.mass[p];
    if ((rigid[p] || !(mass > 0)) && cloth) {
      // MuJoCo compiles no shell bending over a vertex of the world (or of any body without
      // joints): a held cloth particle is a body whose joints carry HELD_ARMATURE_KG.
      const name = particleBodyName(b, p);
      names.push(name);
      vertices.push('0 0 0');
      const joint = (axis: string) => `<joint type="slide" axis="${axis}" armature="${HELD_ARMATURE_KG}"/>`;
      bodies.push(
        `<body name=${attr(name)} pos=${attr(vec(position))}>${joint('1 0 0')}${joint('0 1 0')}${joint('0 0 1')}<inertial pos="0 0 0" mass="1e-9" diaginertia="1e-15 1e-15 1e-15"/>${sited[p] ? site(p) : ''}</body>`,
      );
      continue;
    }
    if (rigid[p] || !(mass > 0)) {
      names.push('world');
      vertices.push(vec(position));
      if (sited[p])
        bodies.push(
          `<site name=${attr(`${particleBodyName(b, p)}_site`)} pos=${attr(vec(position))} size="0.001"/>`,
        );
      continue;
    }
    const name = particleBodyName(b, p);
    names.push(name);
    vertices.push('0 0 0');
    const damping = mass * (body.linearDampingPerS + modal[p]);
    const spring = softStiffness[p] > 0 ? ` stiffness=${attr(num(softStiffness[p]))} springref="0"` : '';
    const joint = (axis: string) =>
      `<joint type="slide" axis="${axis}"${damping > 0 ? ` damping=${attr(num(damping))}` : ''}${spring}/>`;
    // A point mass: the inertia only has to be positive (slide joints never turn the body).
    const inertia = num(mass * 1e-6);
    bodies.push(
      `<body name=${attr(name)} pos=${attr(vec(position))}>${joint('1 0 0')}${joint('0 1 0')}${joint('0 0 1')}<inertial pos="0 0 0" mass=${attr(num(mass))} diaginertia=${attr(`${inertia} ${inertia} ${inertia}`)}/>${sited[p] ? site(p) : ''}</body>`,
    );
  }
  const elements = cloth ? g.triangles : g.tets;
  const arity = cloth ? 3 : 4;
  const slotOf = elementSlots(body.slots, elements, arity);
  const hasBending = body.constraints.some(
    (set) => set.kind === 'plate-bend' || set.kind === 'dihedral-bend',
  );
  const flex: string[] = [];
  const radius = cloth && body.selfCollision ? body.selfCollision.thicknessM / 2 : 0.001;
  body.slots.materials.forEach((material, slot) => {
    const chosen: number[] = [];
    for (let e = 0; e < slotOf.length; e++)
      if (slotOf[e] === slot) for (let k = 0; k < arity; k++) chosen.push(elements[arity * e + k]);
    if (chosen.length === 0) return;
    const name = slot === 0 ? body.name : `${body.name}/${body.groupNames[slot - 1]}`;
    const stretch = mujocoElasticity(
      cloth ? material : { ...material, youngModulusPa: solidStiffness * material.youngModulusPa },
      cloth ? 2 : 3,
    );
    const elasticity = cloth
      ? `<elasticity young=${attr(num(stretch.young))} poisson=${attr(num(stretch.poisson))} thickness=${attr(num(material.thicknessM ?? 0))} elastic2d="stretch" damping="0"/>`
      : `<elasticity young=${attr(num(stretch.young))} poisson=${attr(num(stretch.poisson))} damping="0"/>`;
    // contype 2 / conaffinity 1: the flexes touch the colliders (1/1) but not each other (the
    // slots of one body share their boundary; the preview has no collisions between bodies).
    const selfCollide = cloth && body.selfCollision ? 'auto' : 'none';
    const friction = body.selfCollision?.friction;
    flex.push(
      `<flex name=${attr(name)} dim="${cloth ? 2 : 3}" radius=${attr(num(radius))} body=${attr(names.join(' '))} vertex=${attr(vertices.join(' '))} element=${attr(chosen.join(' '))}>`,
      `  ${elasticity}`,
      `  <contact contype="2" conaffinity="1" selfcollide="${selfCollide}" internal="false"${friction !== undefined ? ` friction=${attr(num(friction))}` : ''}/>`,
      '</flex>',
    );
    if (cloth && hasBending) {
      // Bending on its own flex over the same particles (its E and ν are not the stretch flex's).
      flex.push(
        `<flex name=${attr(`${name}/bending`)} dim="2" radius=${attr(num(radius))} body=${attr(names.join(' '))} vertex=${attr(vertices.join(' '))} element=${attr(chosen.join(' '))}>`,
        `  <elasticity young=${attr(num(material.youngModulusPa))} poisson=${attr(num(material.poissonRatio))} thickness=${attr(num(material.thicknessM ?? 0))} elastic2d="bend" damping="0"/>`,
        '  <contact contype="0" conaffinity="0" selfcollide="none" internal="false"/>',
        '</flex>',
      );
    }
  });
  const tendons = tethers.flatMap((set) =>
    Array.from(set.maxLengthM, (length, t) => {
      const [free, held] = [set.particles[2 * t], set.particles[2 * t + 1]];
      return `<spatial name=${attr(`${particleBodyName(b, free)}_tether`)} limited="true" range=${attr(`0 ${num(length)}`)}${limitSoftness} width="0.0005"><site site=${attr(`${particleBodyName(b, held)}_site`)}/><site site=${attr(`${particleBodyName(b, free)}_site`)}/></spatial>`;
    }),
  );
  return { bodies, flex, tendons };
}

/**
 * The `young` and `poisson` to write so that MuJoCo's flex elasticity has the material's own
 * stiffness at small strain. MuJoCo takes Lamé constants from them, λ' = E'ν'/((1+ν')(1−2ν')) and
 * μ' = E'/(2(1+ν')), but does not weigh them as linear elasticity does; measured in MuJoCo 3.3.8
 * by the energy of imposed homogeneous strains on one element (test/runtime/mujoco-export.test.ts
 * keeps measuring it):
 * - dim 3: shear μ', bulk term 2λ' (its energy is μ'·tr(ε²) + λ'·(tr ε)², no ½ on the second);
 * - dim 2 (elastic2d stretch): shear μ'/4 and λ'/2, with λ' the 3D constant, not plane stress.
 * So the material's (μ, λ), plane stress λ* = 2λμ/(λ + 2μ) for a membrane, is written as μ' = μ,
 * λ' = λ/2 for solids and μ' = 4μ, λ' = 2λ* for cloth, turned back into E' = μ'(3λ' + 2μ')/(λ' + μ')
 * and ν' = λ'/(2(λ' + μ')).
 */
export function mujocoElasticity(
  material: { youngModulusPa: number; poissonRatio: number },
  dim: 2 | 3,
): { young: number; poisson: number } {
  const mu = shearModulusPa(material.youngModulusPa, material.poissonRatio);
  const lambda = lameLambdaPa(material.youngModulusPa, material.poissonRatio);
  const [muOut, lambdaOut] = dim === 3 ? [mu, lambda / 2] : [4 * mu, (4 * lambda * mu) / (lambda + 2 * mu)];
  return {
    young: (muOut * (3 * lambdaOut + 2 * muOut)) / (lambdaOut + muOut),
    poisson: lambdaOut / (2 * (lambdaOut + muOut)),
  };
}

function colliderGeom(collider: ColliderSpec, i: number): string {
  const friction = ` friction=${attr(`${num(collider.friction ?? 0.5)} 0.005 0.0001`)}`;
  const name = ` name=${attr(`collider${i}`)}`;
  switch (collider.type) {
    case 'plane': {
      const n = normalised(collider.normal);
      // A plane geom is z = 0 of its frame, infinite with size 0: put its frame at offset·n with z along n.
      return `<geom${name} type="plane" size="0 0 1" pos=${attr(vec(zUp(scale(n, collider.offset))))} zaxis=${attr(vec(zUp(n)))}${friction}/>`;
    }
    case 'sphere':
      return `<geom${name} type="sphere" size=${attr(num(collider.radius))} pos=${attr(vec(zUp(collider.center)))}${friction}/>`;
    case 'box': {
      // Axis-aligned in y up: the half extents along x, z, y in z up.
      const [hx, hy, hz] = collider.halfExtents;
      return `<geom${name} type="box" size=${attr(`${num(hx)} ${num(hz)} ${num(hy)}`)} pos=${attr(vec(zUp(collider.center)))}${friction}/>`;
    }
    case 'capsule':
      return `<geom${name} type="capsule" size=${attr(num(collider.radius))} fromto=${attr(`${vec(zUp(collider.a))} ${vec(zUp(collider.b))}`)}${friction}/>`;
    case 'mesh':
      return `<geom${name} type="mesh" mesh=${attr(`collider${i}`)}${friction}/>`;
  }
}

/** Mesh colliders' vertices and faces as MJCF mesh assets (MuJoCo collides with their convex hull). */
function meshAssets(colliders: readonly ColliderSpec[]): string[] {
  const meshes = colliders.flatMap((collider, i) => {
    if (collider.type !== 'mesh' || !collider.vertices || !collider.indices) return [];
    const v = collider.vertices;
    const vertices: string[] = [];
    for (let k = 0; k < v.length / 3; k++) vertices.push(vec(zUp([v[3 * k], v[3 * k + 1], v[3 * k + 2]])));
    return [
      `    <mesh name=${attr(`collider${i}`)} vertex=${attr(vertices.join(' '))} face=${attr(collider.indices.join(' '))}/>`,
    ];
  });
  return meshes.length > 0 ? ['  <asset>', ...meshes, '  </asset>'] : [];
}

/** y up → z up: +90° about x. */
export function zUp(v: Vec3 | readonly number[]): Vec3 {
  return [v[0], -v[2], v[1]];
}

function normalised(v: Vec3): Vec3 {
  const length = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / length, v[1] / length, v[2] / length];
}

function scale(v: Vec3, s: number): Vec3 {
  return [v[0] * s, v[1] * s, v[2] * s];
}

/** Shortest round-trip decimal (MuJoCo reads doubles); −0 written as 0. */
function num(x: number): string {
  return Object.is(x, -0) ? '0' : String(x);
}

function vec(v: readonly number[]): string {
  return v.map(num).join(' ');
}

function formatMs(s: number): string {
  return `${Number((s * 1000).toPrecision(3))} ms`;
}

/** A quoted XML attribute value. */
function attr(value: string): string {
  return `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`;
}

/** Text safe inside an XML comment (no "--"). */
function comment(text: string): string {
  return text.replace(/-{2,}/g, (d) => d.split('').join(' '));
}
