import { encodeDocument } from './binary-array.ts';
import { canonicalJson } from './canonical-json.ts';
import { PresetValidationError } from './problems.ts';
import { checkPresetValue } from './read.ts';
import { type Preset, PresetSchema } from './schema.ts';

/**
 * The canonical text of a preset (see canonical-json.ts): the same document always gives the same
 * bytes, so write → read → write is byte-identical. The preset is validated first — a file this
 * build writes is one it can read — and PresetValidationError lists what is wrong otherwise.
 */
export function writePreset(preset: Preset): string {
  const json = encodeDocument(preset);
  const { problems } = checkPresetValue(json);
  if (problems.length > 0) throw new PresetValidationError(problems);
  return canonicalJson(json, PresetSchema);
}
