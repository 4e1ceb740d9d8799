/**
 * How stiff the preview is against its material, per body: E_eff/E as the substep-bias model
 * predicts it (core/material/compliance/substep-bias.ts), read from the body's compiled setup.
 * With compensation on, each family reaches the material or falls short by its predictedRatio;
 * with it off, each family is off by 1/(1 + β·r²), and β < 0 (the nodal-volume sweep at high ν)
 * makes the preview stiffer, not softer. The worst family speaks for the body.
 */
import { DocumentError } from '../../../core/document/problem.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { type SolidMesh, sceneMeshesFor, simulationMeshOf } from '../../../core/scene/scene-meshes.ts';
import type { Compensation } from '../../../core/setup/compensate.ts';
import { compileBody } from '../../../core/setup/compile-scene.ts';

type FamilyRecord = Pick<Compensation, 'beta' | 'resolution' | 'predictedRatio'>;

/** E_eff/E of the family furthest from 1, or null for a body with no modelled family. */
export function stiffnessRatioOf(records: readonly FamilyRecord[], compensated: boolean): number | null {
  let worst: number | null = null;
  for (const record of records) {
    const bias = record.beta * record.resolution * record.resolution;
    const ratio = compensated ? record.predictedRatio : 1 / (1 + bias);
    if (worst === null || Math.abs(ratio - 1) > Math.abs(worst - 1)) worst = ratio;
  }
  return worst;
}

/**
 * E_eff/E of body `index` of `scene` (null where it cannot be told: a mesh body without its tets,
 * a body that does not compile, rope and classic PBD bodies).
 */
export function bodyStiffnessRatio(
  scene: Scene,
  index: number,
  meshes: ReadonlyMap<string, SolidMesh>,
): number | null {
  const body = scene.bodies[index];
  // Compiled as if compensated: the records then carry β and r even when the scene turns it off.
  const solver = { ...scene.solver, compensation: 'auto' as const };
  const mesh = body.shape.type === 'mesh' ? meshes.get(body.shape.path) : undefined;
  if (body.shape.type === 'mesh' && !mesh) return null;
  // The tets alone, as solverView compiles them: the surface does not change the compliances.
  const own = sceneMeshesFor(
    { bodies: [body] },
    new Map(mesh && body.shape.type === 'mesh' ? [[body.shape.path, simulationMeshOf(mesh)]] : []),
  );
  try {
    const setup = compileBody(body, '/bodies/0', solver, own);
    return stiffnessRatioOf(setup.compensation, scene.solver.compensation !== 'off');
  } catch (error) {
    if (error instanceof DocumentError) return null;
    throw error;
  }
}

/** E_eff/E of every body of `scene`. */
export function previewStiffnessRatios(
  scene: Scene,
  meshes: ReadonlyMap<string, SolidMesh>,
): (number | null)[] {
  return scene.bodies.map((_, index) => bodyStiffnessRatio(scene, index, meshes));
}

/**
 * previewStiffnessRatios for a view that asks on every scene change: a body is compiled again
 * only when it, its tets or the solver settings changed (a compile takes a good part of a
 * second on a large body, and an edit changes one body).
 */
export class PreviewStiffnessCache {
  private known = new Map<string, { mesh: SolidMesh | undefined; ratio: number | null }>();

  constructor(private readonly compute = bodyStiffnessRatio) {}

  ratios(scene: Scene, meshes: ReadonlyMap<string, SolidMesh>): (number | null)[] {
    const solver = JSON.stringify(scene.solver);
    const next = new Map<string, { mesh: SolidMesh | undefined; ratio: number | null }>();
    const ratios = scene.bodies.map((body, index) => {
      const key = `${solver}\n${JSON.stringify(body)}`;
      const mesh = body.shape.type === 'mesh' ? meshes.get(body.shape.path) : undefined;
      const cached = this.known.get(key) ?? next.get(key);
      const entry =
        cached && cached.mesh === mesh ? cached : { mesh, ratio: this.compute(scene, index, meshes) };
      next.set(key, entry);
      return entry.ratio;
    });
    // Only the bodies of the latest scene are kept: the cache never grows past the scene.
    this.known = next;
    return ratios;
  }
}
