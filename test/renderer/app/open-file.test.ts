import { describe, expect, test } from 'vitest';
import type { OpenedFile } from '../../../contract/host-api.ts';
import { fileKindOf, unsupportedFileMessage } from '../../../renderer/src/app/file-kinds.ts';
import { openFileByKind } from '../../../renderer/src/app/open-file.ts';

describe('opening handed-over files by kind', () => {
  test('kinds come from the extension, in any case', () => {
    expect(fileKindOf('spot.OBJ')).toBe('mesh');
    expect(fileKindOf('Fox.glb')).toBe('mesh');
    expect(fileKindOf('scene.gltf')).toBe('mesh');
    expect(fileKindOf('block.sbproj')).toBe('project');
    expect(fileKindOf('jelly.preset.json')).toBe('preset');
    expect(fileKindOf('notes.txt')).toBeNull();
    expect(fileKindOf('obj')).toBeNull();
    expect(fileKindOf('.obj')).toBeNull();
    expect(fileKindOf('trailing.')).toBeNull();
  });

  test('each kind goes to its opener; an unknown file is named in a warning and opens nothing', async () => {
    const calls: string[] = [];
    const openers = {
      mesh: async (f: OpenedFile) => calls.push(`mesh ${f.name}`),
      project: (f: OpenedFile) => calls.push(`project ${f.name}`),
      preset: (f: OpenedFile) => calls.push(`preset ${f.name}`),
      notify: (level: string, text: string) => calls.push(`${level}: ${text}`),
    };
    const file = (name: string) => ({ name, bytes: new Uint8Array() });
    expect(await openFileByKind(file('a.obj'), openers)).toBe(true);
    expect(await openFileByKind(file('b.sbproj'), openers)).toBe(true);
    expect(await openFileByKind(file('c.json'), openers)).toBe(true);
    expect(await openFileByKind(file('d.png'), openers)).toBe(false);
    expect(calls).toEqual([
      'mesh a.obj',
      'project b.sbproj',
      'preset c.json',
      `warning: ${unsupportedFileMessage('d.png')}`,
    ]);
    expect(unsupportedFileMessage('d.png')).toBe(
      'd.png was not opened: drop a mesh (.obj, .gltf, .glb), a project (.sbproj) or a preset (.json).',
    );
  });
});
