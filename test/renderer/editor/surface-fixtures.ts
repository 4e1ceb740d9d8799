import type { TriMesh } from '../../../core/mesh/types.ts';

/**
 * Triangle surfaces as importers hand them over (float32 positions, a UV seam written as a second
 * copy of the seam's vertices), for the cloth-from-mesh tests.
 */

function triMesh(positions: number[], indices: number[]): TriMesh {
  return {
    positions: Float32Array.from(positions),
    indices: Uint32Array.from(indices),
    groupIds: new Uint16Array(indices.length / 3),
    groups: [],
  };
}

/**
 * An open cylinder (no caps) of radius `radiusM` and height `heightM` about the y axis, from
 * y = 0 up, `segments` around and `rows` high, wound counter-clockwise from outside. With `seam`
 * the column at angle 0 is written twice (first and last), as an unwrapped UV layout has it.
 */
export function openCylinder(
  radiusM: number,
  heightM: number,
  segments: number,
  rows: number,
  seam: boolean,
): TriMesh {
  const columns = seam ? segments + 1 : segments;
  const positions: number[] = [];
  for (let r = 0; r <= rows; r++) {
    for (let s = 0; s < columns; s++) {
      const phi = (2 * Math.PI * (s % segments)) / segments;
      positions.push(radiusM * Math.cos(phi), (heightM * r) / rows, -radiusM * Math.sin(phi));
    }
  }
  const at = (r: number, s: number) => r * columns + (seam ? s : s % segments);
  const indices: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let s = 0; s < segments; s++) {
      const [a, b, c, d] = [at(r, s), at(r, s + 1), at(r + 1, s + 1), at(r + 1, s)];
      indices.push(a, b, c, a, c, d);
    }
  }
  return triMesh(positions, indices);
}

/**
 * A UV sphere of radius `radiusM` centred on the origin, `rings` from pole to pole and `segments`
 * around, wound counter-clockwise from outside; the column at angle 0 is written twice (a seam).
 */
export function seamedSphere(radiusM: number, rings: number, segments: number): TriMesh {
  const positions: number[] = [0, radiusM, 0];
  for (let ring = 1; ring < rings; ring++) {
    const theta = (Math.PI * ring) / rings;
    for (let s = 0; s <= segments; s++) {
      const phi = (2 * Math.PI * (s % segments)) / segments;
      positions.push(
        radiusM * Math.sin(theta) * Math.cos(phi),
        radiusM * Math.cos(theta),
        -radiusM * Math.sin(theta) * Math.sin(phi),
      );
    }
  }
  positions.push(0, -radiusM, 0);
  const south = positions.length / 3 - 1;
  const at = (ring: number, s: number) => 1 + (ring - 1) * (segments + 1) + s;
  const indices: number[] = [];
  for (let s = 0; s < segments; s++) {
    indices.push(0, at(1, s), at(1, s + 1));
    indices.push(south, at(rings - 1, s + 1), at(rings - 1, s));
    for (let ring = 1; ring < rings - 1; ring++) {
      const [a, b, c, d] = [at(ring, s), at(ring, s + 1), at(ring + 1, s + 1), at(ring + 1, s)];
      indices.push(a, d, c, a, c, b);
    }
  }
  return triMesh(positions, indices);
}

/** Three triangles on one edge (a fin): the edge from (0, 0, 0) to (0, 1, 0). */
export function finSurface(): TriMesh {
  return triMesh([0, 0, 0, 0, 1, 0, 1, 0, 0, -1, 0, 0, 0, 0, 1], [0, 1, 2, 1, 0, 3, 0, 1, 4]);
}
