import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SaveTargets } from '../../electron/main/save-targets.ts';

const folder = resolve('/projects');

describe('SaveTargets', () => {
  it('accepts any path chosen in a save dialog', () => {
    const targets = new SaveTargets();
    targets.allowChosen(join(folder, 'export.glb'));
    expect(targets.require(join(folder, 'export.glb'))).toBe(join(folder, 'export.glb'));
  });

  it('accepts an opened project or preset, never an opened mesh', () => {
    const targets = new SaveTargets();
    for (const name of ['scene.sbproj', 'jelly.JSON', 'bunny.obj', 'box.glb'])
      targets.allowDocument(join(folder, name));
    expect(targets.isAllowed(join(folder, 'scene.sbproj'))).toBe(true);
    expect(targets.isAllowed(join(folder, 'jelly.JSON'))).toBe(true);
    expect(targets.isAllowed(join(folder, 'bunny.obj'))).toBe(false);
    expect(() => targets.require(join(folder, 'box.glb'))).toThrow(/may only be saved through a save dialog/);
  });

  it('refuses relative paths and paths never opened', () => {
    const targets = new SaveTargets();
    targets.allowChosen(join(folder, 'a.sbproj'));
    expect(targets.isAllowed('a.sbproj')).toBe(false);
    expect(targets.isAllowed(join(folder, 'b.sbproj'))).toBe(false);
  });
});
