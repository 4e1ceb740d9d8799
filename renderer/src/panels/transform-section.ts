/**
 * The properties panel's Transform section for a mesh body: where the mesh stands in the scene
 * (position, m), how it is turned (rotation, degrees about x, y, z in Euler order XYZ) and scaled
 * (per axis, × the imported size). Each typed value is one undoable edit (setMeshTransform); the
 * viewport's gizmo edits the same three fields.
 */
import { meshTransformOf } from '../../../core/scene/mesh-transform.ts';
import type { BodySpec } from '../../../core/scene/scene.ts';
import type { Editor } from '../editor/editor.ts';
import { setMeshTransform } from '../editor/transform-edits.ts';
import { section, vectorField } from './fields.ts';

/** The section for body `index`, or null when it is not a mesh body. */
export function transformSection(editor: Editor, index: number, spec: BodySpec): HTMLElement | null {
  if (spec.shape.type !== 'mesh') return null;
  const transform = meshTransformOf(spec.shape);
  return section(
    'Transform',
    vectorField({
      label: 'Position',
      testId: 'prop-position',
      value: transform.position,
      unit: 'm',
      title: "Where the mesh's own origin stands in the scene, m",
      onCommit: (position) => editor.edit((scene) => setMeshTransform(scene, index, { position })),
    }),
    vectorField({
      label: 'Rotation',
      testId: 'prop-rotation',
      value: transform.rotationDeg,
      unit: '°',
      title: 'Rotation about the origin, degrees about x, y, z (Euler order XYZ)',
      onCommit: (rotationDeg) => editor.edit((scene) => setMeshTransform(scene, index, { rotationDeg })),
    }),
    vectorField({
      label: 'Scale',
      testId: 'prop-scale',
      value: transform.scale,
      unit: '×',
      title: 'Scale along the mesh’s own x, y, z (1 = as imported)',
      onCommit: (scale) => editor.edit((scene) => setMeshTransform(scene, index, { scale })),
    }),
  );
}
