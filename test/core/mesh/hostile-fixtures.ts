import { type Json, packGlb } from './gltf-fixtures.ts';

/**
 * Small files that once cost gigabytes or minutes to import. Built here rather than stored so
 * that each case states what makes it hostile; the regression tests and the measuring script
 * (scripts/hostile-cases.ts) share them.
 */

/** A node, a mesh of `primitives` and one scene: the frame every GLB case below shares. */
function oneNode(primitives: Json[], accessors: Json[], extra: Json = {}): Json {
  return {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives }],
    accessors,
    ...extra,
  };
}

/**
 * A GLB of about 264 bytes whose POSITION accessor has no buffer view: glTF says such an
 * accessor is zero-filled, so its 2^24 − 1 vertices are allocated from nothing.
 */
export function zeroFilledGlb(count = 2 ** 24 - 1): Uint8Array {
  return packGlb(oneNode([{ attributes: { POSITION: 0 } }], [{ componentType: 5126, type: 'VEC3', count }]));
}

/**
 * A GLB whose `primitives` primitives all draw one zero-filled accessor of `vertices` vertices
 * without indices: each is vertices/3 triangles, so the file is a few tens of kilobytes while
 * the triangles it asks for number primitives × vertices / 3.
 */
export function sharedZeroFilledGlb(primitives = 1000, vertices = 300_000): Uint8Array {
  return packGlb(
    oneNode(
      Array.from({ length: primitives }, () => ({ attributes: { POSITION: 0 } })),
      [{ componentType: 5126, type: 'VEC3', count: vertices }],
    ),
  );
}

/**
 * A GLB whose `primitives` primitives share one POSITION accessor backed by real bytes
 * (`vertices` vertices, a triangle list): the data is small, the triangles it expands to are not.
 */
export function sharedAccessorGlb(primitives = 5000, vertices = 3000): Uint8Array {
  const positions = new Float32Array(vertices * 3);
  for (let i = 0; i < vertices; i++) positions.set([i % 7, (i * 3) % 11, i % 5], i * 3);
  const bin = new Uint8Array(positions.buffer);
  return packGlb(
    oneNode(
      Array.from({ length: primitives }, () => ({ attributes: { POSITION: 0 } })),
      [{ componentType: 5126, type: 'VEC3', count: vertices, bufferView: 0 }],
      {
        bufferViews: [{ buffer: 0, byteLength: bin.byteLength }],
        buffers: [{ byteLength: bin.byteLength }],
      },
    ),
    bin,
  );
}

/**
 * An OBJ whose first face statement is continued by `lines` backslash continuation lines,
 * each adding one corner, then a closing line. One statement, `lines + 1` lines.
 */
export function continuedObj(lines: number): string {
  const out = ['v 0 0 0', 'v 1 0 0', 'v 0 1 0', 'f 1 2 \\'];
  for (let i = 0; i < lines; i++) out.push(`${(i % 3) + 1} \\`);
  out.push('3');
  return `${out.join('\n')}\n`;
}

/** An OBJ whose object name (`nameLength` characters) prefixes every one of `groups` groups. */
export function longObjectNameObj(nameLength: number, groups: number): string {
  const out = ['v 0 0 0', 'v 1 0 0', 'v 0 1 0', `o ${'n'.repeat(nameLength)}`];
  for (let g = 0; g < groups; g++) out.push(`g group${g}`, 'f 1 2 3');
  return `${out.join('\n')}\n`;
}
