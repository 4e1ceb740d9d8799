/**
 * Edits made from a vertex selection: pin it, add it to a material group, and remove a pin or a
 * group. Pure functions over the scene like scene-edits.ts (the input is never mutated) that return
 * the undo label and a scene checked by the validator. Vertices are BODY-LOCAL particle indices.
 * An edit that would change nothing throws an Error whose message says why; Editor.edit shows it
 * and leaves the document as it was.
 */
import type { BodySpec, GroupSpec, PinSpec, Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import type { SceneEdit } from './scene-edits.ts';

/**
 * Slack when testing a rest vertex against a pin box, m: the world tests its float64 rest positions
 * with 1e-9 m, the viewport holds float32 copies (about 1e-7 m off at a few metres).
 */
const BOX_SLACK_M = 1e-6;

/**
 * The vertices of `body` its pins hold: listed ones by index, box pins by `restPositionsM` (the
 * body's rest positions, m, xyz, body-local order); box pins are left out when that is null.
 */
export function pinnedVertices(body: BodySpec, restPositionsM: ArrayLike<number> | null): Set<number> {
  const pinned = new Set<number>();
  for (const pin of body.pins ?? []) {
    if ('vertices' in pin) {
      for (const v of pin.vertices) pinned.add(v);
    } else if (restPositionsM) {
      for (const v of verticesInBox(pin.box, restPositionsM)) pinned.add(v);
    }
  }
  return pinned;
}

/** Body-local vertices whose rest position (m, xyz interleaved) lies in `box`, ascending. */
export function verticesInBox(
  box: { min: readonly number[]; max: readonly number[] },
  restPositionsM: ArrayLike<number>,
): number[] {
  const out: number[] = [];
  for (let v = 0; 3 * v + 2 < restPositionsM.length; v++) {
    let inside = true;
    for (let a = 0; a < 3 && inside; a++) {
      const c = restPositionsM[3 * v + a];
      inside = c >= box.min[a] - BOX_SLACK_M && c <= box.max[a] + BOX_SLACK_M;
    }
    if (inside) out.push(v);
  }
  return out;
}

/**
 * Pins the selected vertices of body `bodyIndex` with a new vertex pin: rigidly, or as a soft
 * attachment of `complianceMPerN` (m/N, > 0). Vertices another pin already holds are left out (see
 * pinnedVertices for `restPositionsM`); when that leaves none, or nothing is selected, nothing
 * changes and the error says why.
 */
export function pinVertices(
  scene: Scene,
  bodyIndex: number,
  vertices: readonly number[],
  restPositionsM: ArrayLike<number> | null = null,
  complianceMPerN = 0,
): SceneEdit {
  const body = bodyAt(scene, bodyIndex);
  if (vertices.length === 0) throw new Error(`Nothing to pin: select vertices of ${body.name} first.`);
  if (!(Number.isFinite(complianceMPerN) && complianceMPerN >= 0)) {
    throw new Error(`A pin's compliance is a number of m/N, 0 or more (0: rigid); got ${complianceMPerN}.`);
  }
  const pinned = pinnedVertices(body, restPositionsM);
  const fresh = sortedUnique(vertices).filter((v) => !pinned.has(v));
  if (fresh.length === 0) {
    throw new Error(
      `${countText(vertices.length)} of ${body.name} ${isAre(vertices.length)} already pinned.`,
    );
  }
  const pin: PinSpec = complianceMPerN > 0 ? { vertices: fresh, complianceMPerN } : { vertices: fresh };
  const next = withBody(scene, bodyIndex, { ...body, pins: [...(body.pins ?? []), pin] });
  const how = complianceMPerN > 0 ? `softly (${complianceMPerN} m/N) ` : '';
  return checked(`pin ${how}${countText(fresh.length)} of ${body.name}`, next);
}

/**
 * Adds the selected vertices to the material group `groupName` of the body, creating the group
 * (with the body's material until one is set) when it does not exist yet.
 */
export function addToGroup(
  scene: Scene,
  bodyIndex: number,
  groupName: string,
  vertices: readonly number[],
): SceneEdit {
  const body = bodyAt(scene, bodyIndex);
  const name = groupName.trim();
  if (name === '') throw new Error('Name the group first.');
  if (vertices.length === 0) throw new Error(`Nothing to add: select vertices of ${body.name} first.`);
  const groups = body.groups ?? [];
  const at = groups.findIndex((group) => group.name === name);
  let nextGroups: GroupSpec[];
  let added: number;
  if (at < 0) {
    const members = sortedUnique(vertices);
    nextGroups = [...groups, { name, vertices: members }];
    added = members.length;
  } else {
    const members = sortedUnique([...groups[at].vertices, ...vertices]);
    added = members.length - sortedUnique(groups[at].vertices).length;
    if (added === 0) {
      throw new Error(
        `${countText(vertices.length)} of ${body.name} ${isAre(vertices.length)} already in group '${name}'.`,
      );
    }
    nextGroups = groups.slice();
    nextGroups[at] = { ...groups[at], vertices: members };
  }
  const next = withBody(scene, bodyIndex, { ...body, groups: nextGroups });
  return checked(`add ${countText(added)} to group '${name}' of ${body.name}`, next);
}

/** Removes pin `pinIndex` of the body (its vertices fall free unless another pin holds them). */
export function removePin(scene: Scene, bodyIndex: number, pinIndex: number): SceneEdit {
  const body = bodyAt(scene, bodyIndex);
  const pins = body.pins ?? [];
  if (!pins[pinIndex]) throw new RangeError(`${body.name} has no pin ${pinIndex + 1}.`);
  const rest = pins.filter((_, j) => j !== pinIndex);
  const { pins: _dropped, ...without } = body;
  const next = withBody(scene, bodyIndex, rest.length > 0 ? { ...body, pins: rest } : without);
  return checked(`remove ${pinLabel(pins[pinIndex], pinIndex)} of ${body.name}`, next);
}

/** Removes material group `groupIndex` of the body (its elements take the body's material again). */
export function removeGroup(scene: Scene, bodyIndex: number, groupIndex: number): SceneEdit {
  const body = bodyAt(scene, bodyIndex);
  const groups = body.groups ?? [];
  const group = groups[groupIndex];
  if (!group) throw new RangeError(`${body.name} has no group ${groupIndex + 1}.`);
  const rest = groups.filter((_, j) => j !== groupIndex);
  const { groups: _dropped, ...without } = body;
  const next = withBody(scene, bodyIndex, rest.length > 0 ? { ...body, groups: rest } : without);
  return checked(`remove group '${group.name}' of ${body.name}`, next);
}

/**
 * Sets the breaking stress of material group `groupIndex`, Pa: its elements tear above it
 * (core/setup/breaking.ts); null takes it away (the group no longer tears).
 */
export function setGroupBreakingStress(
  scene: Scene,
  bodyIndex: number,
  groupIndex: number,
  stressPa: number | null,
): SceneEdit {
  const body = bodyAt(scene, bodyIndex);
  const groups = body.groups ?? [];
  const group = groups[groupIndex];
  if (!group) throw new RangeError(`${body.name} has no group ${groupIndex + 1}.`);
  if (stressPa !== null && !(stressPa > 0)) throw new RangeError('A breaking stress is above 0.');
  const { breakingStressPa: _dropped, ...without } = group;
  const nextGroups = groups.slice();
  nextGroups[groupIndex] = stressPa === null ? without : { ...group, breakingStressPa: stressPa };
  const next = withBody(scene, bodyIndex, { ...body, groups: nextGroups });
  const what = stressPa === null ? 'no tearing' : `breaking stress ${stressPa} Pa`;
  return checked(`${what} for group '${group.name}' of ${body.name}`, next);
}

/** How the editor names a pin: its own name, else "pin N" (1-based). */
export function pinLabel(pin: PinSpec, index: number): string {
  return pin.name ?? `pin ${index + 1}`;
}

function bodyAt(scene: Scene, index: number): BodySpec {
  const body = scene.bodies[index];
  if (!body) throw new RangeError(`The scene has no body ${index}.`);
  return body;
}

function withBody(scene: Scene, index: number, body: BodySpec): Scene {
  const bodies = scene.bodies.slice();
  bodies[index] = body;
  return { ...scene, bodies };
}

/** The edited scene through the validator, so an edit never yields a scene the simulation refuses. */
function checked(label: string, scene: Scene): SceneEdit {
  return { label, scene: parseScene(scene) };
}

function sortedUnique(values: readonly number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

function countText(n: number): string {
  return n === 1 ? '1 vertex' : `${n} vertices`;
}

function isAre(n: number): string {
  return n === 1 ? 'is' : 'are';
}
