import { BufferUtils } from '@gltf-transform/core';
import { MeshImportError } from '../errors.ts';
import { parseJsonText } from './json-text.ts';

const glbMagic = 0x46546c67; // 'glTF'
const jsonChunkType = 0x4e4f534a; // 'JSON'
const binChunkType = 0x004e4942; // 'BIN\0'
const headerBytes = 12;
const chunkHeaderBytes = 8;

/** The two chunks of a GLB: the glTF JSON and the optional binary buffer 0. */
export interface GlbContents {
  json: unknown;
  bin: Uint8Array | undefined;
}

/** True when the bytes start with the GLB magic, whatever the file is called. */
export function isGlb(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 4 && readU32(bytes, 0) === glbMagic;
}

/**
 * Splits a GLB into its JSON and BIN chunks, checking every length against the bytes
 * actually present so that a truncated download is named as such.
 */
export function readGlb(file: string, bytes: Uint8Array): GlbContents {
  if (bytes.byteLength < headerBytes) {
    throw new MeshImportError(
      file,
      `truncated GLB: the file has ${bytes.byteLength} bytes, fewer than the 12-byte GLB header`,
      { byteOffset: 0 },
    );
  }
  if (readU32(bytes, 0) !== glbMagic) {
    throw new MeshImportError(file, "not a GLB file: it does not start with the 'glTF' magic", {
      byteOffset: 0,
    });
  }
  const version = readU32(bytes, 4);
  if (version !== 2) {
    throw new MeshImportError(
      file,
      `GLB version ${version} is not supported; only glTF 2.0 binaries can be imported`,
      { byteOffset: 4 },
    );
  }
  const declared = readU32(bytes, 8);
  if (declared > bytes.byteLength) {
    throw new MeshImportError(
      file,
      `truncated GLB: the header declares ${declared} bytes but the file has ${bytes.byteLength}`,
      { byteOffset: 8 },
    );
  }
  const end = Math.max(declared, headerBytes);
  const json = readChunk(file, bytes, headerBytes, end);
  if (json.type !== jsonChunkType) {
    throw new MeshImportError(file, 'the first GLB chunk must be the JSON chunk', {
      byteOffset: headerBytes + 4,
    });
  }
  const parsed = parseJsonText(file, BufferUtils.decodeText(json.data), { glbOffset: json.dataOffset });
  let bin: Uint8Array | undefined;
  let offset = json.dataOffset + json.data.byteLength;
  // Chunks are 4-byte aligned; unknown chunk types are skipped as the spec asks.
  while (offset + chunkHeaderBytes <= end) {
    const chunk = readChunk(file, bytes, offset, end);
    if (chunk.type === binChunkType && bin === undefined) bin = chunk.data;
    offset = chunk.dataOffset + chunk.data.byteLength;
  }
  return { json: parsed, bin };
}

interface Chunk {
  type: number;
  dataOffset: number;
  data: Uint8Array;
}

function readChunk(file: string, bytes: Uint8Array, offset: number, end: number): Chunk {
  if (offset + chunkHeaderBytes > end) {
    throw new MeshImportError(file, `truncated GLB: the chunk header at byte ${offset} is cut off`, {
      byteOffset: offset,
    });
  }
  const length = readU32(bytes, offset);
  const type = readU32(bytes, offset + 4);
  const dataOffset = offset + chunkHeaderBytes;
  if (dataOffset + length > end) {
    throw new MeshImportError(
      file,
      `truncated GLB: the chunk at byte ${offset} declares ${length} bytes but only ${end - dataOffset} remain`,
      { byteOffset: offset },
    );
  }
  return { type, dataOffset, data: bytes.subarray(dataOffset, dataOffset + length) };
}

function readU32(bytes: Uint8Array, offset: number): number {
  return (
    (bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16) | (bytes[offset + 3] << 24)) >>> 0
  );
}
