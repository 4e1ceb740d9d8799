import { describe, expect, it } from 'vitest';
import {
  formatForPath,
  parseTetgenMesh,
  TetrahedralizeError,
  tetMeshFiles,
  toGmsh22,
  toJson,
  toTetgenEle,
  toTetgenNode,
} from '../../../core/tetra/index.ts';

// Two tets sharing the face (1, 2, 3), both positively oriented.
const mesh = {
  positions: Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1]),
  tets: Uint32Array.from([0, 1, 2, 3, 1, 4, 2, 3]),
};

describe('tet mesh writers', () => {
  it('writes JSON with vertices and tets, and the embedding when there is one', () => {
    expect(JSON.parse(toJson(mesh))).toEqual({
      vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1],
      tets: [0, 1, 2, 3, 1, 4, 2, 3],
    });
    const embedded = {
      ...mesh,
      embedding: { tet: Uint32Array.from([1]), weights: Float32Array.from([0.25, 0.25, 0.25, 0.25]) },
    };
    expect(JSON.parse(toJson(embedded)).embedding).toEqual({ tets: [1], weights: [0.25, 0.25, 0.25, 0.25] });
  });

  it('writes float32 coordinates with the fewest digits that read back exactly', () => {
    const p = { positions: Float32Array.from([0.1, -2.5e-7, 123456.78]), tets: new Uint32Array(0) };
    const back = Float32Array.from(JSON.parse(toJson(p)).vertices as number[]);
    expect(Array.from(back)).toEqual(Array.from(p.positions));
    expect(toJson(p)).toContain('0.100000001');
  });

  it('writes TetGen .node/.ele that parse back to the same mesh', () => {
    expect(toTetgenNode(mesh).split('\n')[0]).toBe('5 3 0 0');
    expect(toTetgenEle(mesh).split('\n').slice(0, 3)).toEqual(['2 4 0', '0 0 1 2 3', '1 1 4 2 3']);
    const back = parseTetgenMesh(toTetgenNode(mesh), toTetgenEle(mesh));
    expect(Array.from(back.positions)).toEqual(Array.from(mesh.positions));
    expect(Array.from(back.tets)).toEqual(Array.from(mesh.tets));
  });

  it('reads 1-based TetGen files with comments and extra attribute columns', () => {
    const node = '# points\n3 3 0 1\n1 0 0 0 0\n2 1 0 0 0\n3 0 1 0 1  # marker\n4 0 0 1 0\n';
    const fixedNode = node.replace('3 3 0 1', '4 3 0 1');
    const ele = '1 4 0\n1 1 2 3 4\n';
    const back = parseTetgenMesh(fixedNode, ele);
    expect(Array.from(back.tets)).toEqual([0, 1, 2, 3]);
    expect(Array.from(back.positions.subarray(6, 9))).toEqual([0, 1, 0]);
  });

  it('reports malformed TetGen output with the file and line', () => {
    expect(() => parseTetgenMesh('2 3 0 0\n0 0 0 0\n', '0 4 0\n', { node: 'a.node', ele: 'a.ele' })).toThrow(
      'a.node:1: the header promises 2 points, found 1.',
    );
    expect(() => parseTetgenMesh('1 3 0 0\n0 0 x 0\n', '0 4 0\n', { node: 'a.node', ele: 'a.ele' })).toThrow(
      'a.node:2: expected a number in field 3.',
    );
    expect(() =>
      parseTetgenMesh('1 3 0 0\n0 0 0 0\n', '1 4 0\n0 0 0 0 5\n', { node: 'a.node', ele: 'a.ele' }),
    ).toThrow('a.ele:2: vertex index out of range.');
  });

  it.each([
    [
      'a negative point count',
      '-3 3 0 0\n',
      '0 4 0\n',
      'a.node:1: the point count must be a whole number ≥ 0, got -3.',
    ],
    [
      'a fractional point count',
      '1.33 3 0 0\n1 0 0 0\n2 1 0 0\n',
      '0 4 0\n',
      'a.node:1: the point count must be a whole number ≥ 0, got 1.33.',
    ],
    [
      'an absurd point count',
      '1e300 3 0 0\n1 0 0 0\n',
      '0 4 0\n',
      'a.node:1: the header promises 1e+300 points, found 1.',
    ],
    [
      'a negative tet count',
      '1 3 0 0\n0 0 0 0\n',
      '-1 4 0\n',
      'a.ele:1: the tet count must be a whole number ≥ 0, got -1.',
    ],
    [
      'a fractional tet count',
      '1 3 0 0\n0 0 0 0\n',
      '0.5 4 0\n0 0 0 0 0\n',
      'a.ele:1: the tet count must be a whole number ≥ 0, got 0.5.',
    ],
    [
      'an index base other than 0 or 1',
      '1 3 0 0\n7 0 0 0\n',
      '0 4 0\n',
      'a.node:2: the first point index must be a whole number from 0 to 1, got 7.',
    ],
    [
      'a fractional point index',
      '2 3 0 0\n0 0 0 0\n0.5 1 0 0\n',
      '0 4 0\n',
      'a.node:3: a point index must be a whole number from 0 to 1, got 0.5.',
    ],
    ['a point listed twice', '2 3 0 0\n0 0 0 0\n0 1 0 0\n', '0 4 0\n', 'a.node:3: point 0 is listed twice.'],
    [
      'a fractional vertex index',
      '1 3 0 0\n0 0 0 0\n',
      '1 4 0\n0 0 0 0 0.5\n',
      'a.ele:2: vertex index out of range.',
    ],
  ])('refuses %s with the typed error naming the file and line', (_, node, ele, message) => {
    let error: unknown;
    try {
      parseTetgenMesh(node, ele, { node: 'a.node', ele: 'a.ele' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TetrahedralizeError);
    expect((error as TetrahedralizeError).reason).toBe('backend');
    expect((error as Error).message).toBe(message);
  });

  it('writes gmsh 2.2 ASCII with 1-based 4-node tetrahedra', () => {
    const lines = toGmsh22(mesh).trim().split('\n');
    expect(lines.slice(0, 5)).toEqual(['$MeshFormat', '2.2 0 8', '$EndMeshFormat', '$Nodes', '5']);
    expect(lines).toContain('$Elements');
    expect(lines).toContain('1 4 2 1 1 1 2 3 4');
    expect(lines).toContain('2 4 2 1 1 2 5 3 4');
    expect(lines[lines.length - 1]).toBe('$EndElements');
  });

  it('picks the format by extension and writes TetGen as a .node + .ele pair', () => {
    expect(formatForPath('out/a.JSON')).toBe('json');
    expect(formatForPath('a.msh')).toBe('gmsh');
    expect(tetMeshFiles(mesh, 'dir/body.node').map((f) => f.path)).toEqual(['dir/body.node', 'dir/body.ele']);
    expect(tetMeshFiles(mesh, 'dir/body.ele').map((f) => f.path)).toEqual(['dir/body.node', 'dir/body.ele']);
    expect(() => formatForPath('a.vtk')).toThrow(TetrahedralizeError);
    expect(() => formatForPath('a.vtk')).toThrow(
      "Cannot tell the output format of 'a.vtk': use .json, .node (TetGen .node + .ele) or .msh (gmsh 2.2).",
    );
  });
});

describe('tet mesh writers on an empty mesh', () => {
  it('writes the headers alone', () => {
    const empty = { positions: new Float32Array(0), tets: new Uint32Array(0) };
    expect(toTetgenNode(empty)).toBe('0 3 0 0\n');
    expect(toTetgenEle(empty)).toBe('0 4 0\n');
    expect(toGmsh22(empty)).toBe(
      '$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n0\n$EndNodes\n$Elements\n0\n$EndElements\n',
    );
  });
});
