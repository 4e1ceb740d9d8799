/**
 * The resource names a mesh file itself refers to: a glTF's (or GLB's JSON chunk's) buffer and
 * image URIs, an OBJ's material libraries. `openRelated` reads only these, so a page cannot
 * use a chosen mesh as a key to every file in its folder.
 */
import { extname, posix } from 'node:path';

/** A reference as compared: percent-decoded once, `/` separators, no `./` segments. */
export function normaliseReference(uri: string): string {
  let decoded = uri;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    // OBJ files write plain names, '%' included.
  }
  return posix.normalize(decoded.replaceAll('\\', '/'));
}

const GLB_MAGIC = 0x46546c67; // 'glTF'
const GLB_JSON_CHUNK = 0x4e4f534a; // 'JSON'

function glbJson(bytes: Uint8Array): string | undefined {
  if (bytes.byteLength < 20) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== GLB_MAGIC) return undefined;
  const length = view.getUint32(12, true);
  if (view.getUint32(16, true) !== GLB_JSON_CHUNK || 20 + length > bytes.byteLength) return undefined;
  return new TextDecoder().decode(bytes.subarray(20, 20 + length));
}

function urisOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) =>
      typeof entry === 'object' && entry !== null ? (entry as { uri?: unknown }).uri : undefined,
    )
    .filter((uri): uri is string => typeof uri === 'string' && !uri.startsWith('data:'));
}

function gltfReferences(json: string | undefined): string[] {
  if (json === undefined) return [];
  let root: unknown;
  try {
    root = JSON.parse(json);
  } catch {
    // The importer reports the broken file; it can read nothing beside it.
    return [];
  }
  if (typeof root !== 'object' || root === null) return [];
  const { buffers, images } = root as { buffers?: unknown; images?: unknown };
  return [...urisOf(buffers), ...urisOf(images)];
}

const MTLLIB = Buffer.from('mtllib');
const NEWLINE = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * The `mtllib` names of an OBJ, found in its bytes: a mesh of hundreds of megabytes would not
 * fit in one JavaScript string, so only the mtllib lines themselves are decoded.
 */
function objReferences(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  for (let at = buffer.indexOf(MTLLIB); at !== -1; at = buffer.indexOf(MTLLIB, at + MTLLIB.length)) {
    let lineStart = at;
    while (lineStart > 0 && (buffer[lineStart - 1] === SPACE || buffer[lineStart - 1] === TAB)) lineStart--;
    const atLineStart = lineStart === 0 || buffer[lineStart - 1] === NEWLINE;
    const after = buffer[at + MTLLIB.length];
    if (!atLineStart || (after !== SPACE && after !== TAB)) continue;
    const end = buffer.indexOf(NEWLINE, at);
    const line = buffer.toString('utf8', at + MTLLIB.length, end === -1 ? buffer.length : end);
    // The OBJ importer splits an mtllib line on whitespace into several library names.
    names.push(
      ...line
        .trim()
        .split(/\s+/)
        .filter((name) => name !== ''),
    );
  }
  return names;
}

/** Normalised names `name` (a file name, for its type) with content `bytes` refers to. */
export function referencedNames(name: string, bytes: Uint8Array): Set<string> {
  let found: string[];
  switch (extname(name).toLowerCase()) {
    case '.gltf':
      found = gltfReferences(new TextDecoder().decode(bytes));
      break;
    case '.glb':
      found = gltfReferences(glbJson(bytes));
      break;
    case '.obj':
      found = objReferences(bytes);
      break;
    default:
      found = [];
  }
  return new Set(found.map(normaliseReference));
}
