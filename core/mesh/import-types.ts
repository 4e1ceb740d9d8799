import type { MeshImportOptions, ResolvedImportOptions, ResourceReader } from './options.ts';
import type { TriMesh } from './types.ts';

/** What an importer returns: the mesh and sentences about what was skipped or assumed. */
export interface ImportedMesh {
  mesh: TriMesh;
  /** Things the user should know (morph targets ignored, polygons split, …). */
  notes: string[];
  /** The format that was read, e.g. 'obj', 'gltf', 'glb'. */
  format: string;
}

/** One file format: the extensions it claims and its pure parse function. */
export interface MeshImporter {
  format: string;
  /** Lower-case file extensions without the dot. */
  extensions: readonly string[];
  parse(
    file: string,
    bytes: Uint8Array,
    options: ResolvedImportOptions,
    readResource: ResourceReader | undefined,
  ): Promise<ImportedMesh>;
}

/** Options for `importMesh`: units and axes plus a reader for sibling files. */
export interface ImportMeshOptions extends MeshImportOptions {
  /** Reads files the mesh refers to (.bin, .mtl); without it, such references are missing. */
  readResource?: ResourceReader;
}
