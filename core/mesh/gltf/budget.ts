import { INPUT_LIMITS, overLimit } from '../../limits.ts';
import type { JsonCheck, JsonObject } from './json-check.ts';
import { Mode, type ScenePlan } from './scene-plan.ts';

/**
 * Counts what the planned scene will append to the mesh, from the accessor counts alone, and
 * refuses a scene past the vertex or triangle budget before any accessor is read or allocated.
 * Counting follows the extraction exactly: every node that uses a mesh appends its vertices again
 * (once per POSITION accessor per node) and all its primitives' triangles, so a few kilobytes of
 * JSON that instance one big accessor many times are refused here, not in the allocator.
 * The counts are upper bounds: strips and fans drop their joining triangles later. Index counts
 * that cannot make whole triangles are refused here too, rather than after reading millions.
 * Returns the counts, for the builder to reserve its arrays once.
 */
export function checkSceneBudget(
  check: JsonCheck,
  root: JsonObject,
  scene: ScenePlan,
  accessors: readonly JsonObject[],
): { vertices: number; triangles: number } {
  const nodes = root.nodes as JsonObject[];
  const countOf = (accessor: number) => accessors[accessor].count as number;
  let vertices = 0;
  let triangles = 0;
  let primitives = 0;
  for (const nodeIndex of scene.nodes) {
    const meshIndex = nodes[nodeIndex].mesh;
    if (typeof meshIndex !== 'number') continue;
    const seen = new Set<number>();
    for (const primitive of scene.meshes.get(meshIndex) ?? []) {
      const at = `/meshes/${meshIndex}/primitives/${primitive.primitive}`;
      if (++primitives > INPUT_LIMITS.gltfPrimitives) {
        check.fail(
          at,
          overLimit(
            'gltfPrimitives',
            `the scene draws ${primitives} or more primitives counted over node instances (here in node ${nodeIndex})`,
          ),
        );
      }
      if (!seen.has(primitive.position)) {
        seen.add(primitive.position);
        vertices += countOf(primitive.position);
        if (vertices > INPUT_LIMITS.meshVertices) {
          check.fail(
            `${at}/attributes/POSITION`,
            overLimit(
              'meshVertices',
              `the scene has ${vertices.toLocaleString('en-US')} or more vertices counted over its primitives and node instances (here in node ${nodeIndex})`,
            ),
          );
        }
      }
      const n = countOf(primitive.indices ?? primitive.position);
      // The same refusals the extraction makes, made before the accessors are read.
      const counted = `/accessors/${primitive.indices ?? primitive.position}/count`;
      if (primitive.mode === Mode.triangles && n % 3 !== 0) {
        check.fail(counted, `a TRIANGLES primitive needs a multiple of 3 indices, got ${n}`);
      }
      if (primitive.mode !== Mode.triangles && n < 3) {
        const name = primitive.mode === Mode.triangleStrip ? 'TRIANGLE_STRIP' : 'TRIANGLE_FAN';
        check.fail(counted, `a ${name} primitive needs at least 3 indices, got ${n}`);
      }
      triangles += primitive.mode === Mode.triangles ? n / 3 : n - 2;
      if (triangles > INPUT_LIMITS.meshTriangles) {
        check.fail(
          at,
          overLimit(
            'meshTriangles',
            `the scene has ${triangles.toLocaleString('en-US')} or more triangles counted over its primitives and node instances (here in node ${nodeIndex})`,
          ),
        );
      }
    }
  }
  return { vertices, triangles };
}
