/**
 * The comparison edits: a copy of a body beside it with another library material ("Duplicate for
 * A/B"), and a classic-PBD copy beside an XPBD body ("PBD vs XPBD side by side"). Each is one
 * scene edit (one undo step), checked by the scene validator like every other edit. The copy keeps
 * the body's mesh asset (same shape path), groups and pins (moved with it); it is placed right of
 * every body of the scene with BODY_GAP_M between, so the two never overlap at rest.
 */
import type { Material } from '../../../core/material/schema.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { BODY_GAP_M, type MeshAssets, occupiedXRange, uniqueName } from './mesh-body.ts';
import { applyLibraryMaterial, type SceneEdit } from './scene-edits.ts';
import { shiftedBody } from './shifted-body.ts';

/** Which two bodies a comparison shows, by name (names are unique in a scene), A first. */
export interface Comparison {
  kind: 'material' | 'pbd-vs-xpbd';
  a: string;
  b: string;
}

export interface ComparisonEdit extends SceneEdit {
  comparison: Comparison;
  /** Index of the new body (B). */
  index: number;
}

/**
 * The PBD copy's stiffness k (0–1) per substep, spread over its iterations as
 * k' = 1 − (1 − k)^(1/n) (Müller et al. 2007, §3.3; core/setup/compile-body.ts). One half: soft
 * enough that what one projection leaves undone shows as sag, so its drift with the substep count
 * is visible at once.
 */
export const PBD_COPY_STIFFNESS = 0.5;
/** Iterations per substep the PBD copy starts with. */
export const PBD_COPY_ITERATIONS = 1;

/** `body` copied right of everything in `scene`, under a free name made from `suffix`. */
function copyBeside(scene: Scene, assets: MeshAssets, index: number, suffix: string): BodySpec {
  const body = scene.bodies[index];
  if (!body) throw new RangeError(`scene has no body ${index}`);
  const own = occupiedXRange({ ...scene, bodies: [body] }, assets);
  const all = occupiedXRange(scene, assets);
  const dxM = own && all ? all[1] + BODY_GAP_M - own[0] : 0;
  const copy = shiftedBody(body, dxM);
  copy.name = uniqueName(
    `${body.name} ${suffix}`,
    scene.bodies.map((b) => b.name),
  );
  return copy;
}

/** Adds body B: a copy of body `index` beside it, made of library `material`. */
export function duplicateForAB(
  scene: Scene,
  assets: MeshAssets,
  index: number,
  material: Material,
): ComparisonEdit {
  const copy = copyBeside(scene, assets, index, 'B');
  const withCopy: Scene = { ...scene, bodies: [...scene.bodies, copy] };
  const b = withCopy.bodies.length - 1;
  const edit = applyLibraryMaterial(withCopy, b, material);
  const a = scene.bodies[index].name;
  return {
    label: `A/B copy of ${a} in ${material.name}`,
    scene: edit.scene,
    index: b,
    comparison: { kind: 'material', a, b: copy.name },
  };
}

/**
 * Adds the classic-PBD copy of XPBD body `index`: the same material and mesh solved with rigid
 * constraints scaled by a per-iteration stiffness (no compliance, no λ accumulation across
 * iterations), marked preview-only (every exporter refuses it). Classic PBD has no neo-Hookean
 * constraints: such a body's copy uses edge springs and tet volumes from the same E and ν.
 */
export function pbdSideBySide(scene: Scene, assets: MeshAssets, index: number): ComparisonEdit {
  const body = scene.bodies[index];
  if (body?.solver?.method === 'pbd') throw new RangeError(`${body.name} is already solved with classic PBD`);
  const copy = copyBeside(scene, assets, index, 'PBD');
  copy.solver = { method: 'pbd', iterations: PBD_COPY_ITERATIONS, stiffness: PBD_COPY_STIFFNESS };
  copy.previewOnly = true;
  if (copy.model === 'neo-hookean') copy.model = 'edges-volume';
  const next = parseScene({ ...scene, bodies: [...scene.bodies, copy] });
  return {
    label: `PBD copy of ${body.name}`,
    scene: next,
    index: next.bodies.length - 1,
    comparison: { kind: 'pbd-vs-xpbd', a: body.name, b: copy.name },
  };
}

/** The PBD iterations per substep of body `index` (a classic-PBD body). */
export function setPbdIterations(scene: Scene, index: number, iterations: number): SceneEdit {
  const body = scene.bodies[index];
  if (body?.solver?.method !== 'pbd') throw new RangeError(`${body?.name ?? 'the body'} is not a PBD body`);
  const bodies = scene.bodies.slice();
  bodies[index] = { ...body, solver: { ...body.solver, iterations } };
  return { label: `PBD iterations of ${body.name}`, scene: parseScene({ ...scene, bodies }) };
}

/** Takes the comparison's copy (body B) out of the scene: the PBD vs XPBD toggle switched off. */
export function removeComparisonCopy(scene: Scene, comparison: Comparison): SceneEdit {
  const bodies = scene.bodies.filter((body) => body.name !== comparison.b);
  if (bodies.length === scene.bodies.length) throw new RangeError(`the scene has no body '${comparison.b}'`);
  return { label: `remove ${comparison.b}`, scene: parseScene({ ...scene, bodies }) };
}

/** The library material an A/B copy gets unless the artist picks another: the first that differs. */
export function defaultABMaterial(library: readonly Material[], body: BodySpec): Material | undefined {
  return library.find(
    (m) => m.name !== body.material.name && m.youngModulusPa !== body.material.youngModulusPa,
  );
}
