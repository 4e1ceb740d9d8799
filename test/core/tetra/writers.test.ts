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
      'a.node: the header promises 2 points, found 1.',
    );
    expect(() => parseTetgenMesh('1 3 0 0\n0 0 x 0\n', '0 4 0\n', { node: 'a.node', ele: 'a.ele' })).toThrow(
      'a.node:2: expected a number in field 3.',
    );
    expect(() =>
      parseTetgenMesh('1 3 0 0\n0 0 0 0\n', '1 4 0\n0 0 0 0 5\n', { node: 'a.node', ele: 'a.ele' }),
    ).toThrow('a.ele:2: vertex index out of range.');
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
