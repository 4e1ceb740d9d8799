import { describe, expect, it } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { readProject, writeProject } from '../../../core/project/index.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { problemOf } from './problem-of.ts';

const scene = defaultSceneJson as unknown as Scene;

/** The written project as an object, changed by `edit`, as text again. */
function edited(edit: (doc: Record<string, unknown>) => void): string {
  const doc = JSON.parse(writeProject(scene, { selectedBody: 1 }));
  edit(doc);
  return JSON.stringify(doc);
}

describe('project documents', () => {
  it('round-trips the scene and the selection through write and read', () => {
    const read = readProject(writeProject(scene, { selectedBody: 1 }), 'p.sbproj');
    expect(read.scene).toEqual(scene);
    expect(read.editor).toEqual({ selectedBody: 1 });
    expect(read.formatVersion).toBe(2);
    expect(read.meshes.size).toBe(0);
  });

  it('reports text that is not JSON with the file name', () => {
    expect(problemOf('{ nope')).toMatch(/^p\.sbproj: \/: not JSON/);
  });

  it('refuses a JSON file that is not a project', () => {
    expect(problemOf(JSON.stringify(scene))).toBe(
      'p.sbproj: /kind: must be "softbody-project" (this file is not a Softbody Studio project)',
    );
  });

  it('refuses a newer format version than it reads', () => {
    expect(problemOf(edited((d) => (d.formatVersion = 7)))).toBe(
      'p.sbproj: /formatVersion: project formatVersion 7 is newer than this Softbody Studio supports (2); update the app',
    );
  });

  it('points into the scene at a bad value', () => {
    const text = edited((d) => {
      (d.scene as Scene).bodies[0].material.youngModulusPa = -5;
    });
    expect(problemOf(text)).toMatch(/^p\.sbproj: \/scene\/bodies\/0\/material\/youngModulusPa: /);
  });

  it('refuses a selection outside the bodies', () => {
    expect(problemOf(edited((d) => (d.editor = { selectedBody: 9 })))).toBe(
      'p.sbproj: /editor/selectedBody: must be null or a body index from 0 to 1',
    );
  });

  it('selects the first body when the editor part is absent', () => {
    const read = readProject(
      edited((d) => delete d.editor),
      'p.sbproj',
    );
    expect(read.editor.selectedBody).toBe(0);
  });

  it('refuses keys it does not know, prototype names included, at their pointer', () => {
    expect(problemOf(edited((d) => (d.notes = 'x')))).toBe(
      'p.sbproj: /notes: is not a known property; expected one of: formatVersion, kind, scene, editor, meshes',
    );
    const text = writeProject(scene, { selectedBody: 1 }).replace(
      '"editor": {',
      '"editor": { "__proto__": 1,',
    );
    expect(problemOf(text)).toBe(
      'p.sbproj: /editor/__proto__: is not a known property; expected one of: selectedBody',
    );
  });

  it('refuses a non-finite number in the scene with its pointer', () => {
    const text = writeProject(scene, { selectedBody: 1 }).replace('"substeps": 15', '"substeps": 1e400');
    expect(problemOf(text)).toBe('p.sbproj: /scene/solver/substeps: must be a finite number, got Infinity');
  });
});
