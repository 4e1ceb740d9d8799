/**
 * Where in a mesh file a problem was found: a 1-based line (OBJ, MTL), a JSON pointer
 * (glTF JSON, e.g. `/accessors/3/count`) or a byte offset (the GLB container).
 */
export interface MeshErrorPlace {
  line?: number;
  pointer?: string;
  byteOffset?: number;
}

/**
 * A mesh file that cannot be imported, with the file, the place and a sentence the user
 * can act on. The only error the parse functions throw; library failures are wrapped.
 */
export class MeshImportError extends Error {
  override name = 'MeshImportError';
  /** The file name as given to the parser (or the sibling file that is at fault). */
  readonly file: string;
  readonly line: number | undefined;
  readonly pointer: string | undefined;
  readonly byteOffset: number | undefined;
  /** The message without the place, for callers that show the place separately. */
  readonly reason: string;

  constructor(file: string, reason: string, place: MeshErrorPlace = {}) {
    super(`${formatPlace(file, place)}: ${reason}`);
    this.file = file;
    this.reason = reason;
    this.line = place.line;
    this.pointer = place.pointer;
    this.byteOffset = place.byteOffset;
  }

  /** `file:line`, `file#/pointer`, `file (byte n)` or just `file`. */
  get where(): string {
    return formatPlace(this.file, this);
  }
}

function formatPlace(file: string, place: MeshErrorPlace): string {
  if (place.line !== undefined) return `${file}:${place.line}`;
  if (place.pointer) return `${file}#${place.pointer}`;
  if (place.byteOffset !== undefined) return `${file} (byte ${place.byteOffset})`;
  return file;
}
