import type { Preset } from '../preset/index.ts';
import type { Approximation } from './targets.ts';

/**
 * What a Jolt export does not carry exactly, as { feature, message }. The exporter
 * (core/preset/exporters/jolt.ts) writes its approximations into the file as sentences; each is
 * keyed here by the feature it is about. An unrecognised sentence keeps the key 'jolt', so a
 * new approximation is never lost, only less specific until it gets a row.
 */
const FEATURE_OF_SENTENCE: readonly { feature: string; pattern: RegExp }[] = [
  { feature: 'colliders', pattern: /\bcolliders? (?:is|are) not exported\b/ },
  { feature: 'neo-hookean', pattern: /\bno neo-Hookean tets\b/ },
  { feature: 'poisson-ratio', pattern: /ν = \S+ is below 1\/4/ },
  { feature: 'constraint-damping', pattern: /\bconstraint damping\b/ },
];

/** The exporter's sentences with their features, then what the exporter leaves unsaid. */
export function joltApproximations(preset: Preset, sentences: readonly string[]): Approximation[] {
  const listed = sentences.map(
    (message): Approximation => ({
      feature: FEATURE_OF_SENTENCE.find((row) => row.pattern.test(message))?.feature ?? 'jolt',
      message,
    }),
  );
  // The Jolt file holds simulation vertices only: the mesh a game draws stays in the preset.
  const rendered = preset.bodies
    .filter((body) => body.renderMesh !== undefined)
    .map(
      (body): Approximation => ({
        feature: 'render-mesh',
        message: `body '${body.name}': the render mesh and its embedding are not in the Jolt file; skin the render mesh from the preset (Jolt's first simulationVertexCount vertices are the preset's simulation vertices, in order).`,
      }),
    );
  return [...listed, ...rendered];
}
