import { encodeDocument } from '../document/binary-array.ts';
import { canonicalJson } from '../document/canonical-json.ts';
import { DocumentError } from '../document/problem.ts';
import { ExportRefusedError } from './exporters/export-refused.ts';
import { approximationsFor } from './exporters/features.ts';
import { type Preset, presetToDocument } from './preset.ts';
import { checkPresetValue } from './read.ts';
import { PresetSchema } from './schema.ts';

/**
 * The canonical text of a preset (see canonical-json.ts): the same document always gives the same
 * bytes, so write → read → write is byte-identical. The preset is validated first — a file this
 * build writes is one it can read — and DocumentError lists what is wrong otherwise. A feature the
 * native format refuses (core/preset/exporters/features.ts) throws ExportRefusedError naming it.
 */
export function writePreset(preset: Preset): string {
  approximationsFor(preset.setup, 'native', (refusals) => {
    throw new ExportRefusedError('native', refusals);
  });
  const json = encodeDocument(presetToDocument(preset));
  const { problems } = checkPresetValue(json);
  if (problems.length > 0) throw new DocumentError('preset', problems);
  return canonicalJson(json, PresetSchema);
}
