import type { Scene } from '../../../core/scene/scene.ts';
import { CONTACT_DEFAULTS } from '../../../core/scene/scene-schema.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import type { SceneEdit } from './scene-edits.ts';

/**
 * Edits of the scene's contact between bodies (core/sim/collide/body-contact.ts): the switch and
 * the thickness kept between bodies, m. Checked with the scene validator as every edit.
 */
export function setContactBetweenBodies(scene: Scene, on: boolean): SceneEdit {
  const { contact: previous, ...rest } = scene;
  const next = on ? { ...rest, contact: { ...previous, betweenBodies: true } } : rest;
  return { label: on ? 'contact between bodies on' : 'contact between bodies off', scene: parseScene(next) };
}

export function setContactThickness(scene: Scene, thicknessM: number): SceneEdit {
  const contact = { betweenBodies: true, ...scene.contact, thicknessM };
  return { label: 'contact thickness', scene: parseScene({ ...scene, contact }) };
}

/** The thickness the solver uses now, m. */
export function contactThicknessM(scene: Scene): number {
  return scene.contact?.thicknessM ?? CONTACT_DEFAULTS.thicknessM;
}
