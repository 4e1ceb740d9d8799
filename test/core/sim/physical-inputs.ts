import {
  hingeBendCompliancePerNM,
  membraneTriangleCompliance,
} from '../../../core/material/compliance/cloth.ts';
import { hingeEdgeWeight, plateBendCompliancePerNM } from '../../../core/material/compliance/plate-bend.ts';
import { signedTetVolumeM3, triangleAreaM2 } from '../../../core/math/mesh-measures.ts';
import { triangleNeighbours } from '../../../core/sim/geometry/hinges.ts';

/**
 * Constraint-block inputs from physical parameters, for tests that build a block directly: the
 * blocks take compliances (core/setup derives them for scenes), these apply the same formulas of
 * core/material/compliance to a test's own rest shape.
 */

/** |V| of tet t of `tets` at `rest`, m³. */
function volumeOf(rest: Float64Array, tets: Uint32Array, t: number): number {
  return Math.abs(signedTetVolumeM3(rest, tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]));
}

/** Neo-Hookean compliances α_D = 1/(μV), α_H = (1/λ_NH)/V per tet, with μ, 1/λ_NH and γ per tet. */
export function neoHookeanCompliances(
  rest: Float64Array,
  tets: Uint32Array,
  muPa: (t: number) => number,
  inverseLambdaNhPerPa: (t: number) => number,
  gamma: (t: number) => number,
) {
  const count = tets.length / 4;
  return {
    tets,
    deviatoricCompliancePerJ: Float64Array.from(
      { length: count },
      (_, t) => 1 / (muPa(t) * volumeOf(rest, tets, t)),
    ),
    hydrostaticCompliancePerJ: Float64Array.from(
      { length: count },
      (_, t) => inverseLambdaNhPerPa(t) / volumeOf(rest, tets, t),
    ),
    gamma: Float64Array.from({ length: count }, (_, t) => gamma(t)),
  };
}

/** Tet volume compliances α = V/K per tet (K = Infinity: 0, incompressible). */
export function tetVolumeCompliances(
  rest: Float64Array,
  tets: Uint32Array,
  bulkModulusPa: (t: number) => number,
): Float64Array {
  return Float64Array.from({ length: tets.length / 4 }, (_, t) => volumeOf(rest, tets, t) / bulkModulusPa(t));
}

/** Hinge compliances α = (A_A + A_B)/(D·|e|²) per hinge (x0, x1, wing A, wing B), D in N·m. */
export function hingeCompliances(
  rest: Float64Array,
  hinges: Uint32Array,
  bendingStiffnessNM: (h: number) => number,
): Float64Array {
  return Float64Array.from({ length: hinges.length / 4 }, (_, h) => {
    const [a, b, c, d] = hinges.subarray(4 * h, 4 * h + 4);
    const edge = Math.hypot(
      rest[3 * a] - rest[3 * b],
      rest[3 * a + 1] - rest[3 * b + 1],
      rest[3 * a + 2] - rest[3 * b + 2],
    );
    const stiffness = bendingStiffnessNM(h);
    return hingeBendCompliancePerNM(
      triangleAreaM2(rest, a, b, c),
      triangleAreaM2(rest, a, b, d),
      stiffness,
      stiffness,
      edge,
    );
  });
}

/** Membrane compliance matrices per triangle (cloth.ts membraneTriangleCompliance), E in Pa, t in m. */
export function membraneCompliances(
  rest: Float64Array,
  triangles: Uint32Array,
  youngModulusPa: number,
  poissonRatio: number,
  thicknessM: number,
) {
  const each = Array.from({ length: triangles.length / 3 }, (_, t) =>
    membraneTriangleCompliance(
      youngModulusPa,
      poissonRatio,
      thicknessM,
      triangleAreaM2(rest, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]),
    ),
  );
  return {
    triangles,
    normalCompliancePerJ: Float64Array.from(each, (c) => c.normalPerJ),
    couplingCompliancePerJ: Float64Array.from(each, (c) => c.couplingPerJ),
    shearCompliancePerJ: Float64Array.from(each, (c) => c.shearPerJ),
  };
}

/**
 * Plate-bend input of a triangle mesh: per triangle its corners and the wing across each edge (the
 * opposite corner on a boundary edge), α of plate rigidity `rigidityNM(t)` (N·m), edge weights by area.
 */
export function plateBendInput(
  rest: Float64Array,
  triangles: Uint32Array,
  rigidityNM: (t: number) => number,
) {
  const { triangle, wing } = triangleNeighbours(triangles, rest.length / 3);
  const particles: number[] = [];
  const compliance: number[] = [];
  for (let t = 0; t < triangles.length / 3; t++) {
    const corners = [triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]] as const;
    const area = triangleAreaM2(rest, ...corners);
    const weights = [0, 1, 2].map((k) => {
      const n = triangle[3 * t + k];
      if (n < 0) return 0;
      return hingeEdgeWeight(
        area,
        triangleAreaM2(rest, triangles[3 * n], triangles[3 * n + 1], triangles[3 * n + 2]),
        false,
      );
    }) as [number, number, number];
    const alpha = plateBendCompliancePerNM(rest, corners, weights, rigidityNM(t));
    if (alpha === null) continue;
    particles.push(
      ...corners,
      ...[0, 1, 2].map((k) => (wing[3 * t + k] >= 0 ? wing[3 * t + k] : corners[(k + 2) % 3])),
    );
    compliance.push(...alpha);
  }
  return {
    particles: Uint32Array.from(particles),
    compliancePerNM: Float64Array.from(compliance),
    dampingRatio: 0,
  };
}
