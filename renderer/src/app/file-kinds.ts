/**
 * What a file is, from its name: a mesh to import (OBJ, glTF, GLB), a project to open (.sbproj)
 * or a preset (.json). Opening routes on it (drag and drop, Open Recent); the content is checked
 * by the importer or reader that receives it.
 */
import { fileFilters } from '../../../contract/host-api.ts';

export type FileKind = 'mesh' | 'project' | 'preset';

const KIND_OF_EXTENSION = new Map<string, FileKind>([
  ...fileFilters.meshes.extensions.map((extension): [string, FileKind] => [extension, 'mesh']),
  ...fileFilters.projects.extensions.map((extension): [string, FileKind] => [extension, 'project']),
  ...fileFilters.presets.extensions.map((extension): [string, FileKind] => [extension, 'preset']),
]);

/** The kind of `name` by its extension (any case), or null for a file the app does not open. */
export function fileKindOf(name: string): FileKind | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  return KIND_OF_EXTENSION.get(name.slice(dot + 1).toLowerCase()) ?? null;
}

/** The sentence for a file the app does not open, naming it and what it does open. */
export function unsupportedFileMessage(name: string): string {
  return `${name} was not opened: drop a mesh (.obj, .gltf, .glb), a project (.sbproj) or a preset (.json).`;
}
