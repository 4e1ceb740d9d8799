/**
 * The cloth-only fields of a selected cloth body: gas pressure for a closed surface (a cloth made
 * from a closed mesh: on or off, and the inflation, the volume the gas wants over the rest volume
 * in %) and tethers to its pins when it has any.
 */
import type { BodySpec } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import { isClosedMesh } from '../editor/cloth-body.ts';
import type { Editor } from '../editor/editor.ts';
import { setPressure, setTethers } from '../editor/scene-edits.ts';
import { numberField, section, selectField } from './fields.ts';

/** Whether each surface asset is closed: worked out once per asset, the panel rebuilds often. */
const closedOf = new WeakMap<SolidMesh, boolean>();

function isClosedBody(editor: Editor, spec: BodySpec): boolean {
  if (spec.shape.type !== 'mesh') return false;
  const asset = editor.state.meshes.get(spec.shape.path);
  if (!asset?.surface) return false;
  let closed = closedOf.get(asset);
  if (closed === undefined) {
    closed = isClosedMesh(asset.surface);
    closedOf.set(asset, closed);
  }
  return closed;
}

/** The section for cloth body `index`, or none (not a cloth, or neither closed nor pinned). */
export function clothSections(editor: Editor, index: number, spec: BodySpec): HTMLElement[] {
  if (spec.model !== 'cloth') return [];
  const closed = isClosedBody(editor, spec);
  const pinned = (spec.pins ?? []).length > 0;
  if (!closed && !pinned && !spec.pressure && !spec.tethers) return [];
  const edit = (make: Parameters<Editor['edit']>[0]) => editor.edit(make);
  const onOff = [
    { value: 'off' as const, text: 'Off' },
    { value: 'on' as const, text: 'On' },
  ];
  const fields: HTMLElement[] = [];
  if (closed || spec.pressure) {
    fields.push(
      selectField<'on' | 'off'>({
        label: 'Pressure',
        testId: 'prop-pressure',
        value: spec.pressure ? 'on' : 'off',
        title: 'Gas inside the closed surface, pushing it towards the volume it wants (a balloon)',
        choices: onOff,
        onChange: (value) => edit((scene) => setPressure(scene, index, value === 'on' ? 1 : null)),
      }),
    );
    if (spec.pressure) {
      fields.push(
        numberField({
          label: 'Inflation',
          testId: 'prop-pressure-inflation',
          value: 100 * (spec.pressure.volumeScale ?? 1),
          unit: '%',
          title: 'Volume the gas wants, in % of the rest volume (100 holds the rest shape)',
          onCommit: (value) => edit((scene) => setPressure(scene, index, value / 100)),
        }),
      );
    }
  }
  if (pinned || spec.tethers) {
    fields.push(
      selectField<'on' | 'off'>({
        label: 'Tethers',
        testId: 'prop-tethers',
        value: spec.tethers ? 'on' : 'off',
        title: 'Keep every vertex within its rest distance of the nearest pin',
        choices: onOff,
        onChange: (value) => edit((scene) => setTethers(scene, index, value === 'on')),
      }),
    );
  }
  return [section('Cloth', ...fields)];
}
