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
  return { ...scene, colliders: [], bodies: [unplaced(body)] };
}

type Body = Scene['bodies'][number];

/**
 * A mesh body without its placement in the scene: the shape loses its `position` (its rotation
 * and scale stay: they are how the body is made, not where it stands), and box pins
 * (boxes around rest vertices in the scene's frame) move with the body into its own frame, so
 * they hold the same vertices. Other bodies as they are.
 */
function unplaced(body: Body): Body {
  const shape = body.shape;
  if (shape.type !== 'mesh' || shape.position === undefined) return body;
  const { position, ...own } = shape;
  const back = (p: readonly number[]) => p.map((c, k) => c - position[k]) as [number, number, number];
  const pins = body.pins?.map((pin) =>
    'box' in pin ? { ...pin, box: { min: back(pin.box.min), max: back(pin.box.max) } } : pin,
  );
  return { ...body, shape: own, ...(pins ? { pins } : {}) };
}

/** What the export held, for the notification: the body's name, or 'whole scene, N bodies'. */
export function describeScope(scene: Scene, scope: ExportScope): string {
  return scope.kind === 'body'
    ? (scene.bodies[scope.index]?.name ?? `body ${scope.index}`)
    : `whole scene, ${bodies(scene.bodies.length)}`;
}
