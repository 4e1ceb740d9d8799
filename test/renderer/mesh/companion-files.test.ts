import { describe, expect, it } from 'vitest';
import type { OpenedFile } from '../../../contract/host-api.ts';
import { attachCompanions, companionReader } from '../../../renderer/src/mesh/companion-files.ts';

const file = (name: string, text = name): OpenedFile => ({ name, bytes: new TextEncoder().encode(text) });
const text = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : undefined);

describe('files handed over together', () => {
  it('a .gltf takes the .bin and textures chosen with it as companions; they are not opened alone', () => {
    const opened = attachCompanions([file('Box0.bin'), file('Box.gltf'), file('logo.png')]);
    expect(opened.map((f) => f.name)).toEqual(['Box.gltf']);
    expect(opened[0].companions?.map((f) => f.name)).toEqual(['Box0.bin', 'logo.png']);
  });

  it('files that open on their own stay separate, in order; a .glb needs no companions', () => {
    const opened = attachCompanions([file('a.glb'), file('scene.sbproj'), file('b.obj'), file('b.mtl')]);
    expect(opened.map((f) => f.name)).toEqual(['a.glb', 'scene.sbproj', 'b.obj']);
    expect(opened[0].companions).toBeUndefined();
    expect(opened[2].companions?.map((f) => f.name)).toEqual(['b.mtl']);
  });

  it('without a mesh that refers to files, every file stays (the unknown ones get named when opened)', () => {
    expect(attachCompanions([file('notes.txt'), file('a.glb')]).map((f) => f.name)).toEqual([
      'notes.txt',
      'a.glb',
    ]);
    expect(attachCompanions([file('Box.gltf')])[0].companions).toBeUndefined();
  });

  it('reads a referred file by its relative name, else by its last segment, else reports none', async () => {
    const read = companionReader([file('Box0.bin', 'buffer'), file('textures/logo.png', 'image')]);
    expect(text(await read('Box0.bin'))).toBe('buffer');
    expect(text(await read('./Box0.bin'))).toBe('buffer');
    expect(text(await read('textures/logo.png'))).toBe('image');
    expect(text(await read('textures\\logo.png'))).toBe('image');
    expect(text(await read('data/Box0.bin'))).toBe('buffer');
    expect(await read('missing.bin')).toBeUndefined();
  });
});
