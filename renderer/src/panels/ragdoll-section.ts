/**
 * The properties of a ragdoll body: its height and mass (editable, each one undoable scene edit)
 * and the joint limits of its skeleton template, in degrees (core/setup/ragdoll-template.ts).
 */
import type { BodySpec } from '../../../core/scene/scene.ts';
import { HUMANOID_HINGES, humanoidCones } from '../../../core/setup/ragdoll-template.ts';
import type { Editor } from '../editor/editor.ts';
import { setRagdollSize } from '../editor/ragdoll-body.ts';
import { el } from '../views/dom.ts';
import { numberField, section } from './fields.ts';

export function ragdollSection(editor: Editor, index: number, spec: BodySpec): HTMLElement | null {
  const shape = spec.shape;
  if (shape.type !== 'ragdoll') return null;
  const limits = [
    ...humanoidCones().map((cone) => `${cone.name}: cone ≤ ${cone.maxDeg}°`),
    ...HUMANOID_HINGES.map((hinge) => `${hinge.name}: hinge ${hinge.minDeg}° … ${hinge.maxDeg}°`),
  ];
  return section(
    'Ragdoll',
    el('div', {
      className: 'field-note',
      text: `Skeleton: ${shape.skeleton}`,
      testId: 'prop-ragdoll-skeleton',
    }),
    numberField({
      label: 'Height',
      testId: 'prop-ragdoll-height',
      value: shape.heightM,
      unit: 'm',
      title: 'Standing height; the joints sit at fixed fractions of it',
      onCommit: (value) => editor.edit((scene) => setRagdollSize(scene, index, 'heightM', value)),
    }),
    numberField({
      label: 'Mass',
      testId: 'prop-ragdoll-mass',
      value: shape.massKg,
      unit: 'kg',
      title: 'Body mass, shared among the joints by segment',
      onCommit: (value) => editor.edit((scene) => setRagdollSize(scene, index, 'massKg', value)),
    }),
    el(
      'ul',
      { className: 'ragdoll-limits', testId: 'prop-ragdoll-limits' },
      limits.map((text) => el('li', { text })),
    ),
  );
}
