import { BufferUtils } from '@gltf-transform/core';
import type { ResourceReader } from '../options.ts';
import { readOptionalResource } from '../resources.ts';

interface Mention {
  name: string;
  line: number;
}

/**
 * Reads the OBJ's material libraries only to check the `usemtl` names against them.
 * Geometry does not depend on an .mtl, so a missing or odd library is a note, never an
 * error: the material names are kept as groups either way.
 */
export async function readMaterialLibraries(
  file: string,
  libraries: readonly Mention[],
  uses: readonly Mention[],
  readResource: ResourceReader | undefined,
): Promise<string[]> {
  if (libraries.length === 0 || !readResource) return [];
  const notes: string[] = [];
  const defined = new Set<string>();
  // Each library once, at its first mention: a file naming one .mtl a million times must not
  // read and scan it a million times.
  const distinct: Mention[] = [];
  const named = new Set<string>();
  for (const library of libraries) {
    if (named.has(library.name)) continue;
    named.add(library.name);
    distinct.push(library);
  }
  let found = 0;
  for (const library of distinct) {
    const bytes = await readOptionalResource(file, library.name, readResource, { line: library.line });
    if (!bytes) {
      notes.push(
        `material library '${library.name}' (line ${library.line}) was not found; usemtl names are kept as groups`,
      );
      continue;
    }
    found++;
    for (const line of BufferUtils.decodeText(bytes).split('\n')) {
      const match = /^\s*newmtl\s+(.+?)\s*$/.exec(line);
      if (match) defined.add(match[1]);
    }
  }
  if (found === distinct.length) {
    const reported = new Set<string>();
    for (const use of uses) {
      if (defined.has(use.name) || reported.has(use.name)) continue;
      reported.add(use.name);
      notes.push(`usemtl '${use.name}' (line ${use.line}) names a material that no material library defines`);
    }
  }
  return notes;
}
