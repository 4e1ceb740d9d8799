import type { Problem } from '../document/problem.ts';
import { HUMANOID_JOINTS } from '../setup/ragdoll-template.ts';
import type { BodySpec, ShapeSpec } from './scene.ts';

/**
 * Rules for the particle lists of a body (vertex pins, material groups): indices in range, group
 * names unique. The validator runs them where the particle count follows from the shape alone;
 * building runs the range check again for every body, mesh bodies included, once the count is known.
 */

/**
 * Particles the engine gives a body of this shape (box grid, cloth grid, rope chain, ragdoll joints), or undefined
 * for a mesh, whose count is known only once the mesh is loaded and tetrahedralized.
 */
export function shapeParticleCount(shape: ShapeSpec): number | undefined {
  switch (shape.type) {
    case 'box':
      return (shape.cells[0] + 1) * (shape.cells[1] + 1) * (shape.cells[2] + 1);
    case 'cloth':
      return (shape.cells[0] + 1) * (shape.cells[1] + 1);
    case 'rope':
      return shape.segments + 1;
    case 'ragdoll':
      return HUMANOID_JOINTS.length;
    case 'mesh':
      return undefined;
  }
}

/** The first index of each pin and group list of `body` that is not below `particleCount`. */
export function vertexRangeProblems(body: BodySpec, particleCount: number, at: string): Problem[] {
  const problems: Problem[] = [];
  const checkList = (vertices: readonly number[], pointer: string) => {
    const bad = vertices.findIndex((v) => v >= particleCount);
    if (bad < 0) return;
    problems.push({
      pointer: `${pointer}/${bad}`,
      message: `particle ${vertices[bad]} is out of range: body '${body.name}' has ${particleCount} particles (0 … ${particleCount - 1})`,
    });
  };
  body.pins?.forEach((pin, j) => {
    if ('vertices' in pin) checkList(pin.vertices, `${at}/pins/${j}/vertices`);
  });
  body.groups?.forEach((group, j) => {
    checkList(group.vertices, `${at}/groups/${j}/vertices`);
  });
  return problems;
}

/** Duplicate group names within the body. */
export function groupNameProblems(body: BodySpec, at: string): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  body.groups?.forEach((group, j) => {
    const first = seen.get(group.name);
    if (first === undefined) seen.set(group.name, j);
    else {
      problems.push({
        pointer: `${at}/groups/${j}/name`,
        message: `duplicate group name '${group.name}' in body '${body.name}' (also ${at}/groups/${first}/name)`,
      });
    }
  });
  return problems;
}
