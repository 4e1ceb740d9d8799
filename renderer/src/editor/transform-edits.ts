/**
 * Moving colliders, box pins and mesh bodies with the viewport's gizmo, as pure edits: a target
 * names what moves, `translateTarget` returns the scene with it moved by a vector (m) and the undo
 * label; `setMeshTransform` sets a mesh body's position, rotation and scale (the gizmo's rotate
 * and scale modes and the properties panel). The gizmo applies one such edit when the drag
 * ends, so a whole drag is one undo step.
 */
import { type MeshTransform, meshTransformOf } from '../../../core/scene/mesh-transform.ts';
import type { ColliderSpec, PinSpec, Scene, Vec3 } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import type { SceneEdit } from './scene-edits.ts';

/** What the gizmo can move: a scene collider, a box pin of a body, or a mesh body. */
export type TransformTarget =
  | { kind: 'collider'; index: number }
  | { kind: 'pin'; body: number; pin: number }
  | { kind: 'body'; index: number };

export function sameTarget(a: TransformTarget | null, b: TransformTarget | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'collider') return b.kind === 'collider' && a.index === b.index;
  if (a.kind === 'body') return b.kind === 'body' && a.index === b.index;
  return b.kind === 'pin' && a.body === b.body && a.pin === b.pin;
}

/** How the target is named in the UI and in undo labels. */
export function targetLabel(scene: Scene, target: TransformTarget): string {
  if (target.kind === 'body') return scene.bodies[target.index]?.name ?? `body ${target.index + 1}`;
  if (target.kind === 'collider') {
    const collider = scene.colliders[target.index];
    return `collider ${target.index + 1}${collider ? ` (${collider.type})` : ''}`;
  }
  const body = scene.bodies[target.body];
  const pin = body?.pins?.[target.pin];
  const name = pin?.name ? ` '${pin.name}'` : '';
  return `pin ${target.pin + 1}${name} of ${body?.name ?? `body ${target.body + 1}`}`;
}

/**
 * Every target the gizmo can move, in scene order: mesh bodies (their origin), colliders other
 * than the ground (a horizontal plane the viewport draws as its floor) and mesh colliders read
 * from a file, then box pins. Vertex pins follow their particles and have no place of their own
 * to move; box, cloth and rope bodies are placed by their own numbers.
 */
export function movableTargets(scene: Scene): TransformTarget[] {
  const out: TransformTarget[] = [];
  scene.bodies.forEach((body, index) => {
    if (body.shape.type === 'mesh') out.push({ kind: 'body', index });
  });
  scene.colliders.forEach((collider, index) => {
    if (colliderCentre(collider) !== null) out.push({ kind: 'collider', index });
  });
  scene.bodies.forEach((body, bodyIndex) => {
    body.pins?.forEach((pin, pinIndex) => {
      if (isBoxPin(pin)) out.push({ kind: 'pin', body: bodyIndex, pin: pinIndex });
    });
  });
  return out;
}

/** Where the gizmo sits for `target`, m; null when the scene has no such movable target. */
export function targetCentre(scene: Scene, target: TransformTarget): Vec3 | null {
  if (target.kind === 'body') {
    const shape = scene.bodies[target.index]?.shape;
    return shape?.type === 'mesh' ? meshTransformOf(shape).position : null;
  }
  if (target.kind === 'collider') {
    const collider = scene.colliders[target.index];
    return collider ? colliderCentre(collider) : null;
  }
  const pin = scene.bodies[target.body]?.pins?.[target.pin];
  if (!pin || !isBoxPin(pin)) return null;
  return mid(pin.box.min, pin.box.max);
}

/**
 * The scene with `target` moved by `deltaM` (m). Planes move along their normal only (the
 * component of the move across the normal changes nothing). Throws a RangeError naming the
 * target when it does not exist or cannot move, or when the move is not finite; the result is
 * checked by the scene validator like every edit.
 */
export function translateTarget(scene: Scene, target: TransformTarget, deltaM: Vec3): SceneEdit {
  if (!deltaM.every(Number.isFinite)) {
    throw new RangeError(
      `the move of ${targetLabel(scene, target)} is not a finite vector (${deltaM.join(', ')})`,
    );
  }
  if (targetCentre(scene, target) === null) {
    throw new RangeError(`${targetLabel(scene, target)} does not exist or cannot be moved`);
  }
  const label = `move ${targetLabel(scene, target)}`;
  if (target.kind === 'body') {
    const position = add(targetCentre(scene, target) as Vec3, deltaM);
    return { ...setMeshTransform(scene, target.index, { position }), label };
  }
  if (target.kind === 'collider') {
    const colliders = scene.colliders.slice();
    colliders[target.index] = movedCollider(colliders[target.index], deltaM);
    return { label, scene: parseScene({ ...scene, colliders }) };
  }
  const bodies = scene.bodies.slice();
  const body = bodies[target.body];
  const pins = (body.pins ?? []).slice();
  const pin = pins[target.pin];
  if (!isBoxPin(pin)) throw new RangeError(`${targetLabel(scene, target)} is not a box pin`);
  pins[target.pin] = { ...pin, box: { min: add(pin.box.min, deltaM), max: add(pin.box.max, deltaM) } };
  bodies[target.body] = { ...body, pins };
  return { label, scene: parseScene({ ...scene, bodies }) };
}

/**
 * The scene with mesh body `index` placed by `change` (the fields given; the others kept).
 * Rotation and scale at identity are left out of the document, so a scene that never turned or
 * scaled a body reads as before. Throws a RangeError when the body is not a mesh body; the
 * validator refuses values out of range (a scale of 0, a rotation past ±360°).
 */
export function setMeshTransform(scene: Scene, index: number, change: Partial<MeshTransform>): SceneEdit {
  const body = scene.bodies[index];
  if (body?.shape.type !== 'mesh') throw new RangeError(`body ${index + 1} is not a mesh body`);
  const next = { ...meshTransformOf(body.shape), ...change };
  const { position: _p, rotationDeg: _r, scale: _s, ...own } = body.shape;
  const shape = {
    ...own,
    position: next.position.map((v) => v + 0) as Vec3,
    ...(next.rotationDeg.some((v) => v !== 0) ? { rotationDeg: next.rotationDeg } : {}),
    ...(next.scale.some((v) => v !== 1) ? { scale: next.scale } : {}),
  };
  const bodies = scene.bodies.slice();
  bodies[index] = { ...body, shape };
  const what = 'rotationDeg' in change ? 'rotate' : 'scale' in change ? 'scale' : 'move';
  return { label: `${what} ${body.name}`, scene: parseScene({ ...scene, bodies }) };
}

/** Whether the plane collider is the ground: horizontal, facing up (drawn by the viewport's stage). */
export function isGroundPlane(collider: ColliderSpec): boolean {
  if (collider.type !== 'plane') return false;
  const [nx, ny, nz] = collider.normal;
  const length = Math.hypot(nx, ny, nz);
  return length > 0 && ny / length > 0.9999;
}

function isBoxPin(pin: PinSpec | undefined): pin is Extract<PinSpec, { box: unknown }> {
  return pin !== undefined && 'box' in pin;
}

function colliderCentre(collider: ColliderSpec): Vec3 | null {
  switch (collider.type) {
    case 'sphere':
    case 'box':
      return [...collider.center];
    case 'capsule':
      return mid(collider.a, collider.b);
    case 'plane': {
      if (isGroundPlane(collider)) return null;
      const [nx, ny, nz] = collider.normal;
      const lengthSq = nx * nx + ny * ny + nz * nz;
      if (!(lengthSq > 0)) return null;
      // The point of the plane nearest the origin: n·x = offset at x = n·offset/|n|².
      const s = collider.offset / lengthSq;
      // + 0 turns −0 (a zero normal component times a negative offset) into 0.
      return [nx * s + 0, ny * s + 0, nz * s + 0];
    }
    case 'mesh': {
      const vertices = collider.vertices;
      if (!vertices || vertices.length < 3) return null;
      const min: Vec3 = [Infinity, Infinity, Infinity];
      const max: Vec3 = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i + 2 < vertices.length; i += 3) {
        for (let k = 0; k < 3; k++) {
          min[k] = Math.min(min[k], vertices[i + k]);
          max[k] = Math.max(max[k], vertices[i + k]);
        }
      }
      return mid(min, max);
    }
  }
}

function movedCollider(collider: ColliderSpec, d: Vec3): ColliderSpec {
  switch (collider.type) {
    case 'sphere':
    case 'box':
      return { ...collider, center: add(collider.center, d) };
    case 'capsule':
      return { ...collider, a: add(collider.a, d), b: add(collider.b, d) };
    case 'plane': {
      // {x : n·x = offset} moved by d is {x : n·(x − d) = offset}.
      const [nx, ny, nz] = collider.normal;
      return { ...collider, offset: collider.offset + nx * d[0] + ny * d[1] + nz * d[2] };
    }
    case 'mesh': {
      const vertices = (collider.vertices ?? []).map((v, i) => v + d[i % 3]);
      return { ...collider, vertices };
    }
  }
}

function add(a: Vec3, b: Vec3): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

function mid(a: Vec3, b: Vec3): Vec3 {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
}
