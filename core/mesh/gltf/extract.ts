import type { Accessor, Document } from '@gltf-transform/core';
import type { TriMeshBuilder } from '../builder.ts';
import type { JsonCheck } from './json-check.ts';
import { Mode, type PrimitivePlan, type ScenePlan } from './scene-plan.ts';

const element = [0, 0, 0];

/**
 * Walks the planned scene of a read Document and appends every triangle primitive to the
 * builder in world space: node transforms (matrix or TRS) composed down the hierarchy,
 * winding reversed under mirroring transforms, strips and fans expanded. Vertices are
 * shared between primitives of one node that use the same POSITION accessor.
 */
export function extractScene(
  check: JsonCheck,
  gltfDocument: Document,
  plan: ScenePlan,
  builder: TriMeshBuilder,
): void {
  const root = gltfDocument.getRoot();
  const nodes = root.listNodes();
  const accessors = root.listAccessors();
  for (const nodeIndex of plan.nodes) {
    const node = nodes[nodeIndex];
    const mesh = node.getMesh();
    if (!mesh) continue;
    const meshIndex = root.listMeshes().indexOf(mesh);
    const primitives = plan.meshes.get(meshIndex) ?? [];
    const matrix = node.getWorldMatrix();
    if (!matrix.every(Number.isFinite)) {
      check.fail(`/nodes/${nodeIndex}`, 'the node transform, composed with its parents, is not finite');
    }
    const mirrored = determinant3(matrix) < 0;
    const bases = new Map<number, number>();
    for (const primitive of primitives) {
      let base = bases.get(primitive.position);
      if (base === undefined) {
        base = appendVertices(check, accessors[primitive.position], primitive.position, matrix, builder);
        bases.set(primitive.position, base);
      }
      const vertexCount = accessors[primitive.position].getCount();
      const indices = readIndices(check, primitive, accessors, vertexCount);
      builder.setGroup(primitive.group);
      appendTriangles(check, primitive, indices, base, mirrored, builder);
    }
  }
}

function appendVertices(
  check: JsonCheck,
  accessor: Accessor,
  accessorIndex: number,
  m: number[],
  builder: TriMeshBuilder,
): number {
  const base = builder.vertexCount;
  const count = accessor.getCount();
  for (let i = 0; i < count; i++) {
    const [x, y, z] = accessor.getElement(i, element);
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
      const bad = [x, y, z].find((v) => !Number.isFinite(v));
      check.fail(`/accessors/${accessorIndex}`, `vertex ${i} has a non-finite coordinate (${bad})`);
    }
    // gl-matrix layout: column-major, translation in m[12..14].
    builder.addVertex(
      m[0] * x + m[4] * y + m[8] * z + m[12],
      m[1] * x + m[5] * y + m[9] * z + m[13],
      m[2] * x + m[6] * y + m[10] * z + m[14],
    );
  }
  return base;
}

function readIndices(
  check: JsonCheck,
  primitive: PrimitivePlan,
  accessors: Accessor[],
  vertexCount: number,
): ArrayLike<number> {
  if (primitive.indices === undefined) {
    const implicit = new Uint32Array(vertexCount);
    for (let i = 0; i < vertexCount; i++) implicit[i] = i;
    return implicit;
  }
  const values = accessors[primitive.indices].getArray() ?? new Uint32Array(0);
  for (let i = 0; i < values.length; i++) {
    if (values[i] >= vertexCount) {
      check.fail(
        `/accessors/${primitive.indices}`,
        `index ${values[i]} at position ${i} is out of range: the POSITION accessor ` +
          `(/accessors/${primitive.position}) has ${vertexCount} vertices`,
      );
    }
  }
  return values;
}

function appendTriangles(
  check: JsonCheck,
  primitive: PrimitivePlan,
  indices: ArrayLike<number>,
  base: number,
  mirrored: boolean,
  builder: TriMeshBuilder,
): void {
  const n = indices.length;
  const at =
    primitive.indices === undefined ? `/accessors/${primitive.position}` : `/accessors/${primitive.indices}`;
  const add = (a: number, b: number, c: number) => {
    if (mirrored) builder.addTriangle(base + a, base + c, base + b);
    else builder.addTriangle(base + a, base + b, base + c);
  };
  if (primitive.mode === Mode.triangles) {
    if (n % 3 !== 0)
      check.fail(`${at}/count`, `a TRIANGLES primitive needs a multiple of 3 indices, got ${n}`);
    for (let i = 0; i < n; i += 3) add(indices[i], indices[i + 1], indices[i + 2]);
    return;
  }
  const name = primitive.mode === Mode.triangleStrip ? 'TRIANGLE_STRIP' : 'TRIANGLE_FAN';
  if (n < 3) check.fail(`${at}/count`, `a ${name} primitive needs at least 3 indices, got ${n}`);
  for (let i = 0; i + 2 < n; i++) {
    // glTF 2.0 §3.7.2.1: strip triangle i is (i, i+1+i%2, i+2−i%2); fan triangle i is (i+1, i+2, 0).
    const [a, b, c] =
      primitive.mode === Mode.triangleStrip
        ? [indices[i], indices[i + 1 + (i % 2)], indices[i + 2 - (i % 2)]]
        : [indices[i + 1], indices[i + 2], indices[0]];
    // Repeated indices join strips; they are not faces of the surface.
    if (a === b || b === c || a === c) continue;
    add(a, b, c);
  }
}

/** Determinant of the upper-left 3×3 of a column-major 4×4 matrix. */
function determinant3(m: number[]): number {
  return (
    m[0] * (m[5] * m[10] - m[9] * m[6]) -
    m[4] * (m[1] * m[10] - m[9] * m[2]) +
    m[8] * (m[1] * m[6] - m[5] * m[2])
  );
}
