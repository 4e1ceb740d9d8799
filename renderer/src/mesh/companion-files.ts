/**
 * Several files handed over at once (chosen together in a file dialog, or dropped together):
 * a multi-file glTF is its .gltf plus the .bin buffers and textures it names. A page cannot read
 * beside a file, so the files that come with a mesh are its companions, and the mesh reads what
 * it refers to from them.
 */
import type { OpenedFile } from '../../../contract/host-api.ts';
import { fileKindOf } from '../app/file-kinds.ts';
import type { RelatedFileReader } from './import-client.ts';

/** What a mesh may refer to: glTF buffers and textures, an OBJ's material library and maps. */
export const COMPANION_EXTENSIONS = ['bin', 'png', 'jpg', 'jpeg', 'webp', 'ktx2', 'mtl'] as const;

/** Meshes that refer to other files (a .glb carries its own buffer). */
const REFERRING_MESH = /\.(gltf|obj)$/i;

/**
 * `files` in their order, each file the app does not open on its own (a .bin, a texture)
 * attached as a companion to every mesh among them that refers to files. With no such mesh,
 * they stay in the list, so that opening names them as files the app does not open.
 */
export function attachCompanions(files: readonly OpenedFile[]): OpenedFile[] {
  const referring = files.filter((file) => REFERRING_MESH.test(file.name));
  if (referring.length === 0) return [...files];
  const companions = files.filter((file) => fileKindOf(file.name) === null);
  return files
    .filter((file) => fileKindOf(file.name) !== null)
    .map((file) =>
      REFERRING_MESH.test(file.name) && companions.length > 0 ? { ...file, companions } : file,
    );
}

/** The last segment of a relative path, any separator. */
function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/**
 * Reads what a mesh refers to (`uri` as the importer passes it, percent-decoded) from its
 * companions: by the exact relative name, else by the last segment (a browser hands over file
 * names without folders); undefined when none matches, which the importer reports with the
 * place in the file that refers to it.
 */
export function companionReader(companions: readonly OpenedFile[]): RelatedFileReader {
  return async (uri) => {
    const wanted = uri.replaceAll('\\', '/').replace(/^(\.\/)+/, '');
    const exact = companions.find((file) => file.name === wanted);
    if (exact) return exact.bytes;
    const name = baseName(wanted);
    return companions.find((file) => baseName(file.name) === name)?.bytes;
  };
}
