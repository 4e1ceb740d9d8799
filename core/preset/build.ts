import { childPointer, DocumentError, type Problem } from '../document/problem.ts';
import type { Material } from '../material/schema.ts';
import { deriveBody, emptyDerived, type PresetBodyInput } from './derive.ts';
import { PRESET_FORMAT_VERSION, type Preset, type PresetBody } from './schema.ts';
import { presetProblems } from './validate.ts';
import { meshProblems } from './validate-mesh.ts';

/** A preset before derivation: bodies without their derived data. */
export type PresetInput = Omit<Preset, 'formatVersion' | 'bodies'> & { bodies: PresetBodyInput[] };

/**
 * Builds a preset from meshes, materials, groups and pins: derives every body's masses and
 * compliances and validates the result. Throws DocumentError listing every problem (with
 * the JSON pointer the preset would have) rather than returning a preset that cannot be read.
 */
export function buildPreset(input: PresetInput): Preset {
  const problems: Problem[] = [];
  const bodies = input.bodies.map((body, i): PresetBody => {
    const pointer = childPointer('/bodies', i);
    const placeholder = { ...body, derived: emptyDerived(body.simulationMesh.vertexCount) };
    const meshIssues = meshProblems(placeholder, pointer);
    if (meshIssues.length > 0) {
      problems.push(...meshIssues);
      return placeholder;
    }
    const { derived, problems: deriveProblems } = deriveBody(body, input.materials, pointer);
    problems.push(...deriveProblems);
    return { ...body, derived };
  });
  if (problems.length > 0) throw new DocumentError('preset', problems);
  const preset: Preset = { formatVersion: PRESET_FORMAT_VERSION, ...input, bodies };
  const remaining = presetProblems(preset);
  if (remaining.length > 0) throw new DocumentError('preset', remaining);
  return preset;
}

/** The materials a preset needs: those its groups name, in library order. */
export function materialsUsed(library: readonly Material[], bodies: readonly PresetBodyInput[]): Material[] {
  const names = new Set(bodies.flatMap((b) => b.groups.map((g) => g.material)));
  return library.filter((m) => names.has(m.name));
}
