/**
 * What an export holds: the whole scene, or one body as an asset (what a game team usually wants:
 * one asset per file): the body alone in its own frame, with the scene's gravity and solver; the
 * colliders and where the body was placed belong to the scene, not to the asset. So the selected
 * body exports exactly as `softbody bake` makes the same mesh with the same material. Pure: the library panel asks with
 * the choices made here, and the notification after the export names the scope with them.
 */
import type { Scene } from '../../../core/scene/scene.ts';

export type ExportScope = { kind: 'scene' } | { kind: 'body'; index: number };

export const WHOLE_SCENE: ExportScope = { kind: 'scene' };

export interface ExportScopeChoice {
  scope: ExportScope;
  /** The answer's button text: the body's name, or 'Whole scene (N bodies)'. */
  label: string;
}

/** '1 body', '2 bodies'. */
function bodies(count: number): string {
  return `${count} ${count === 1 ? 'body' : 'bodies'}`;
}

/**
 * The answers to "which to export": the selected body, then the whole scene. Only the scene when
 * no body is selected (nothing to ask then).
 */
export function exportScopeChoices(scene: Scene, selectedBody: number | null): ExportScopeChoice[] {
  const whole: ExportScopeChoice = {
    scope: WHOLE_SCENE,
    label: `Whole scene (${bodies(scene.bodies.length)})`,
  };
  const body = selectedBody === null ? undefined : scene.bodies[selectedBody];
  if (!body || selectedBody === null) return [whole];
  return [{ scope: { kind: 'body', index: selectedBody }, label: body.name }, whole];
}

/** The scene an export is made from: for one body, that body alone, unplaced, without colliders. */
export function sceneOfScope(scene: Scene, scope: ExportScope): Scene {
  if (scope.kind === 'scene') return scene;
  const body = scene.bodies[scope.index];
  if (!body) throw new RangeError(`[export] the scene has no body ${scope.index}`);
  return { ...scene, colliders: [], bodies: [{ ...body, shape: unplaced(body.shape) }] };
}

/** A mesh shape without its placement in the scene; other shapes as they are. */
function unplaced(shape: Scene['bodies'][number]['shape']): Scene['bodies'][number]['shape'] {
  if (shape.type !== 'mesh' || shape.position === undefined) return shape;
  const { position: _placement, ...own } = shape;
  return own;
}

/** What the export held, for the notification: the body's name, or 'whole scene, N bodies'. */
export function describeScope(scene: Scene, scope: ExportScope): string {
  return scope.kind === 'body'
    ? (scene.bodies[scope.index]?.name ?? `body ${scope.index}`)
    : `whole scene, ${bodies(scene.bodies.length)}`;
}
