/**
 * What the calibration panel would calibrate now: the selected body's material and constraint
 * model at the scene's solver budget (frame dt, substeps). A result belongs to the key made from
 * exactly these numbers, so any edit of them (or selecting a body with another material) makes
 * the shown result stale. Pure: reads the scene, runs nothing.
 */
import { DEFAULT_CALIBRATION_SUBSTEPS, MAX_CALIBRATION_SUBSTEPS } from '../../../core/calibrate/index.ts';
import type { Material } from '../../../core/material/schema.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import type { CalibrationRequest } from './protocol.ts';

export type CalibrationSubject =
  | {
      ok: true;
      request: CalibrationRequest;
      /** Identifies material + model + budget; equal keys mean the same calibration. */
      key: string;
      bodyName: string;
      /** The scene's substeps per frame: where the table and the verdict read the sweep. */
      sceneSubsteps: number;
    }
  | { ok: false; reason: string };

export function calibrationSubject(scene: Scene, selectedBody: number | null): CalibrationSubject {
  const body = selectedBody === null ? undefined : scene.bodies[selectedBody];
  if (!body) return { ok: false, reason: 'Select a body to calibrate its material.' };
  if (body.model === 'rope')
    return {
      ok: false,
      reason: `'${body.name}' is a rope: the standard scenes calibrate solids (tets) and cloth only.`,
    };
  if (body.model === 'ragdoll')
    return {
      ok: false,
      reason: `'${body.name}' is a ragdoll: rigid bones and joint limits, no material stiffness to calibrate.`,
    };
  if (body.solver?.method === 'pbd')
    return {
      ok: false,
      reason: `'${body.name}' uses classic PBD, whose stiffness depends on iterations and substeps by design; calibration measures XPBD materials.`,
    };
  const { dt, substeps } = scene.solver;
  const cloth = body.model === 'cloth';
  const material: Material = {
    name: body.name,
    kind: cloth ? 'cloth' : 'solid',
    youngModulusPa: body.material.youngModulusPa,
    poissonRatio: body.material.poissonRatio,
    densityKgM3: body.material.densityKgM3,
    // The engine's default when a body gives none (core/setup/compile-body.ts).
    dampingRatio: body.dampingRatio ?? 0,
    source: `the material of the body '${body.name}'`,
  };
  if (cloth && body.material.thicknessM !== undefined) material.thicknessM = body.material.thicknessM;
  const sweep = [...new Set([...DEFAULT_CALIBRATION_SUBSTEPS, substeps])]
    .filter((n) => n >= 1 && n <= MAX_CALIBRATION_SUBSTEPS)
    .sort((a, b) => a - b);
  const request: CalibrationRequest = { material, frameDtS: dt, substeps: sweep };
  if (body.model !== 'cloth') request.solidModel = body.model;
  // The body's name is left out: renaming a body does not change what calibration measures.
  const key = JSON.stringify([
    material.kind,
    material.youngModulusPa,
    material.poissonRatio,
    material.densityKgM3,
    material.thicknessM ?? null,
    material.dampingRatio,
    request.solidModel ?? null,
    dt,
    substeps,
  ]);
  return { ok: true, request, key, bodyName: body.name, sceneSubsteps: substeps };
}
