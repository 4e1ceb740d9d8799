import { describe, expect, it } from 'vitest';
import { normaliseReference, referencedNames } from '../../electron/main/related-references.ts';

const text = (value: string) => new TextEncoder().encode(value);

/** A GLB of one JSON chunk (padded with spaces to 4 bytes, as the format requires). */
function glb(json: object): Uint8Array {
  let body = JSON.stringify(json);
  while (body.length % 4 !== 0) body += ' ';
  const bytes = new Uint8Array(20 + body.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, bytes.byteLength, true);
  view.setUint32(12, body.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  bytes.set(text(body), 20);
  return bytes;
}

describe('referencedNames', () => {
  it("lists a glTF's buffer and image URIs, decoded, without data URIs", () => {
    const gltf = {
      buffers: [{ uri: 'Box%20data.bin' }, { uri: 'data:application/octet-stream;base64,AAAA' }],
      images: [{ uri: './textures\\wood.png' }, { bufferView: 0 }],
    };
    expect(referencedNames('Box.gltf', text(JSON.stringify(gltf)))).toEqual(
      new Set(['Box data.bin', 'textures/wood.png']),
    );
  });

  it("reads a GLB's JSON chunk", () => {
    expect(referencedNames('scene.GLB', glb({ images: [{ uri: 'skin.png' }] }))).toEqual(
      new Set(['skin.png']),
    );
  });

  it("lists an OBJ's material libraries, several on one line", () => {
    const obj = 'v 0 0 0\nmtllib a.mtl b.mtl\n  mtllib\tc.mtl \nusemtl x\n';
    expect(referencedNames('m.obj', text(obj))).toEqual(new Set(['a.mtl', 'b.mtl', 'c.mtl']));
  });

  it("ignores 'mtllib' that does not start a line, and reads a CRLF file's names", () => {
    const obj = '# see mtllib old.mtl\r\nvt 0 0\r\nmtllib real.mtl\r\nusemtl_mtllib x\r\n';
    expect(referencedNames('m.obj', text(obj))).toEqual(new Set(['real.mtl']));
  });

  it('lists nothing for a broken glTF, a short GLB or another file type', () => {
    expect(referencedNames('bad.gltf', text('{"buffers": ['))).toEqual(new Set());
    expect(referencedNames('bad.glb', text('glTF'))).toEqual(new Set());
    expect(referencedNames('p.sbproj', text('{"buffers":[{"uri":"x.bin"}]}'))).toEqual(new Set());
  });
});

describe('normaliseReference', () => {
  it('compares names the way the importer and the file system see them', () => {
    expect(normaliseReference('.\\textures\\wood.png')).toBe('textures/wood.png');
    expect(normaliseReference('a%20b.bin')).toBe('a b.bin');
    expect(normaliseReference('100%.mtl')).toBe('100%.mtl');
    expect(normaliseReference('sub/../x.bin')).toBe('x.bin');
  });
});
