/**
 * The properties panel's Import section for a mesh shown static: the units and up axis the file
 * is read with (mesh/import-frame.ts), or for glTF and GLB the metres and Y-up their
 * specification fixes. A change reads the file again at once, so the size shown beside it and
 * the mesh in the viewport are what Simulate as soft body will get.
 */
import {
  DEFAULT_FIT_SIZE_M,
  type MeshFrameChoice,
  resolvedChoice,
  UNIT_CHOICES,
  type UnitChoice,
} from '../mesh/import-frame.ts';
import { el } from '../views/dom.ts';
import { numberField, row, section, selectField } from './fields.ts';

const UNIT_TEXT: Record<UnitChoice, string> = {
  m: 'metres (m)',
  cm: 'centimetres (cm)',
  mm: 'millimetres (mm)',
  in: 'inches (in)',
  ft: 'feet (ft)',
  fit: 'fit to a size',
};

/**
 * @param frame the choice the mesh was read with; undefined where the format fixes it
 * @param largestM the largest side of the mesh as read now, m
 * @param reimport reads the file again with another choice
 */
export function importFrameSection(
  frame: MeshFrameChoice | undefined,
  largestM: number,
  reimport: (frame: MeshFrameChoice) => void,
): HTMLElement {
  if (!frame) {
    return section(
      'Import',
      row(
        'Units',
        el('span', {
          className: 'readout',
          testId: 'prop-import-fixed',
          text: 'metres, Y up (glTF)',
          title: 'glTF and GLB are in metres with Y up by specification',
        }),
      ),
    );
  }
  const choose = (change: Partial<MeshFrameChoice>) =>
    reimport(resolvedChoice({ ...frame, ...change }, largestM, frame.scale));
  return section(
    'Import',
    selectField<UnitChoice>({
      label: 'Units',
      testId: 'prop-import-units',
      value: frame.units,
      title: 'The length unit the file was authored in (or scale it to a size)',
      choices: UNIT_CHOICES.map((units) => ({ value: units, text: UNIT_TEXT[units] })),
      onChange: (units) => choose({ units }),
    }),
    ...(frame.units === 'fit'
      ? [
          numberField({
            label: 'Largest side',
            testId: 'prop-import-fit',
            value: frame.fitSizeM ?? DEFAULT_FIT_SIZE_M,
            unit: 'm',
            title: 'The mesh is scaled so that its largest side is this long',
            onCommit: (fitSizeM) => {
              if (fitSizeM > 0) choose({ fitSizeM });
            },
          }),
        ]
      : []),
    selectField<'y' | 'z'>({
      label: 'Up axis',
      testId: 'prop-import-up',
      value: frame.upAxis,
      title: "The file's up axis; Z up is turned to the tool's Y up",
      choices: [
        { value: 'y', text: 'Y up' },
        { value: 'z', text: 'Z up (turned to Y up)' },
      ],
      onChange: (upAxis) => choose({ upAxis }),
    }),
  );
}
