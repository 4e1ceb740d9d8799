import { describe, expect, it } from 'vitest';
import { computeMeshReport, importMesh } from '../../../core/mesh/index.ts';

const enc = (text: string) => new TextEncoder().encode(text);
const importObj = (text: string, options = {}) => importMesh('case.obj', enc(text), options);
const triangles = (indices: Uint32Array) =>
  Array.from({ length: indices.length / 3 }, (_, t) => Array.from(indices.subarray(3 * t, 3 * t + 3)));

const cube = `
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
f 1 4 3 2
f 5 6 7 8
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f 4 1 5 8
`;

describe('OBJ import', () => {
  it('splits quads into two triangles each, keeping the winding, and reports a closed unit cube', async () => {
    const { mesh, notes } = await importObj(cube);
    expect(mesh.indices.length / 3).toBe(12);
    expect(triangles(mesh.indices).slice(0, 2)).toEqual([
      [0, 3, 2],
      [0, 2, 1],
    ]);
    expect(notes).toContain('6 polygon(s) with more than 3 corners were split into triangles');
    const report = computeMeshReport(mesh);
    expect(report.watertight).toBe(true);
    expect(report.volume).toBeCloseTo(1, 12);
  });

  it('resolves negative indices relative to the vertices defined so far', async () => {
    const { mesh } = await importObj('v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\nv 1 1 0\nf -3 -1 -2\n');
    expect(triangles(mesh.indices)).toEqual([
      [0, 1, 2],
      [1, 3, 2],
    ]);
  });

  it('accepts v/vt, v//vn and v/vt/vn corners and checks their ranges', async () => {
    const text = 'v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvn 0 0 1\nf 1/1/1 2//1 3/1\n';
    const { mesh } = await importObj(text);
    expect(triangles(mesh.indices)).toEqual([[0, 1, 2]]);
  });

  it('ear-clips a concave polygon instead of fanning across its notch', async () => {
    // A U-shape: the fan from corner 0 would include the clockwise triangle (0, 8, 5).
    const text =
      'v 0 0 0\nv 3 0 0\nv 3 2 0\nv 2 2 0\nv 2 1 0\nv 1 1 0\nv 1 2 0\nv 0 2 0\nf 1 2 3 4 5 6 7 8\n';
    const { mesh } = await importObj(text);
    expect(mesh.indices.length / 3).toBe(6);
    let area = 0;
    for (const [a, b, c] of triangles(mesh.indices)) {
      const p = (i: number) => [mesh.positions[3 * i], mesh.positions[3 * i + 1]];
      const [ax, ay] = p(a);
      const [bx, by] = p(b);
      const [cx, cy] = p(c);
      const signed = ((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / 2;
      expect(signed).toBeGreaterThan(0);
      area += signed;
    }
    expect(area).toBeCloseTo(5, 12);
  });

  it('keeps o, g and usemtl as groups with their triangle counts', async () => {
    const text = [
      'v 0 0 0',
      'v 1 0 0',
      'v 0 1 0',
      'v 1 1 0',
      'f 1 2 3',
      'o Body',
      'f 2 4 3',
      'g Left Arm',
      'usemtl Skin',
      'f 1 2 4',
      'f 1 4 3',
      'g Right',
      'f 3 2 1',
      'o Empty',
      'g Unused',
    ].join('\n');
    const { mesh } = await importObj(text);
    expect(computeMeshReport(mesh).groups).toEqual([
      { name: 'default', triangles: 1 },
      { name: 'Body', triangles: 1 },
      { name: 'Body/Left Arm/Skin', triangles: 2 },
      { name: 'Body/Right/Skin', triangles: 1 },
    ]);
  });

  it('joins a statement continued with a backslash and ignores comments', async () => {
    const { mesh } = await importObj('v 0 0 0 # origin\nv 1 0 0\nv 0 1 0\nf 1 \\\n 2 3\n');
    expect(triangles(mesh.indices)).toEqual([[0, 1, 2]]);
  });

  it('scales file units to metres', async () => {
    const { mesh } = await importObj('v 100 200 300\nv 0 0 0\nv 0 100 0\nf 1 2 3\n', { scale: 0.01 });
    expect(Array.from(mesh.positions.subarray(0, 3))).toEqual([1, 2, 3]);
  });

  it('turns Z-up into Y-up without changing the winding or the volume sign', async () => {
    const { mesh } = await importObj('v 1 2 3\nv 0 0 0\nv 0 1 0\nf 1 2 3\n', { upAxis: 'z' });
    expect(Array.from(mesh.positions.subarray(0, 3))).toEqual([1, 3, -2]);
    const zUp = await importObj(cube, { upAxis: 'z' });
    expect(computeMeshReport(zUp.mesh).volume).toBeCloseTo(1, 12);
  });

  it('notes skipped line elements and unknown statements', async () => {
    const { notes } = await importObj('v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nfoo bar\nf 1 2 3\n');
    expect(notes).toEqual([
      'skipped 1 l statement(s) (first at line 4): only faces are imported',
      "skipped 1 unknown 'foo' statement(s) (first at line 5): only faces are imported",
    ]);
  });

  it('checks usemtl names against the material library it can read, and notes a missing one', async () => {
    const text = 'mtllib a.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl Red\nf 1 2 3\nusemtl Blue\nf 1 3 2\n';
    const withLibrary = await importMesh('case.obj', enc(text), {
      readResource: (uri) => (uri === 'a.mtl' ? enc('newmtl Red\nKd 1 0 0\n') : undefined),
    });
    expect(withLibrary.notes).toEqual([
      "usemtl 'Blue' (line 7) names a material that no material library defines",
    ]);
    const without = await importMesh('case.obj', enc(text), { readResource: () => undefined });
    expect(without.notes).toEqual([
      "material library 'a.mtl' (line 1) was not found; usemtl names are kept as groups",
    ]);
  });
});
