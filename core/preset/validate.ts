import { childPointer, type Problem } from '../document/problem.ts';
import { materialListProblems } from '../material/validate.ts';
import type { Preset } from './schema.ts';
import { derivedProblems } from './validate-derived.ts';
import { meshProblems } from './validate-mesh.ts';

/**
 * Checks of a schema-valid, decoded preset that the schema cannot express: unique names, physical
 * sense of colliders, well-formed meshes and embeddings (validate-mesh.ts), and derived data that
 * matches the materials (validate-derived.ts). Returns every problem, in document order.
 */
export function presetProblems(preset: Preset): Problem[] {
  const problems: Problem[] = [...materialListProblems(preset.materials, '/materials')];
  preset.colliders.forEach((collider, i) => {
    const at = childPointer('/colliders', i);
    if (collider.type === 'plane' && collider.normal.every((c) => c === 0)) {
      problems.push({ pointer: childPointer(at, 'normal'), message: 'must not be the zero vector' });
    }
    if (collider.type === 'box' && !collider.halfExtents.every((c) => c > 0)) {
      problems.push({
        pointer: childPointer(at, 'halfExtents'),
        message: 'must be greater than 0 on every axis',
      });
    }
  });
  problems.push(...duplicateNames(preset.bodies, '/bodies', 'body'));
  preset.bodies.forEach((body, i) => {
    const at = childPointer('/bodies', i);
    const bodyProblems = [
      ...duplicateNames(body.groups, childPointer(at, 'groups'), 'group'),
      ...duplicateNames(body.pins, childPointer(at, 'pins'), 'pin'),
      ...meshProblems(body, at),
    ];
    problems.push(...bodyProblems);
    if (bodyProblems.length === 0) problems.push(...derivedProblems(body, preset.materials, at));
  });
  return problems;
}

function duplicateNames(items: readonly { name: string }[], pointer: string, noun: string): Problem[] {
  const seen = new Map<string, number>();
  const problems: Problem[] = [];
  items.forEach((item, i) => {
    const first = seen.get(item.name);
    if (first === undefined) seen.set(item.name, i);
    else
      problems.push({
        pointer: childPointer(pointer, i, 'name'),
        message: `duplicates the name of ${noun} ${first} ('${item.name}')`,
      });
  });
  return problems;
}
