import { describe, expect, it } from 'vitest';
import {
  clothEdgeStiffnessNPerM,
  clothTriangleEdgeStiffnessesNPerM,
  membraneTriangleCompliance,
} from '../../../core/material/compliance/cloth.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { uniqueEdges } from '../../../core/sim/geometry/edges.ts';
import { LinearStatics } from './linear-statics.ts';

/**
 * The cloth stretch mappings of core/material/compliance/cloth.ts: the membrane compliance matrix
 * (plane-stress elasticity, exact by construction; test/core/sim/cloth-membrane.test.ts measures
 * the simulated strip) and the per-triangle least-squares edge network that edge-only runtimes get,
 * measured here by linear statics, free of any solver effect.
 */

const ET = 1e4; // E·t, N/m
const TOLERANCE = 1e-12;

describe('membrane compliance', () => {
  it('is the plane-stress compliance over the area: [1 −ν 0; −ν 1 0; 0 0 (1+ν)/2]/(E·t·A) in 1/J', () => {
    const c = membraneTriangleCompliance(4e7, 0.3, 2.5e-4, 0.02);
    const eta = 4e7 * 2.5e-4 * 0.02;
    expect(c.normalPerJ * eta).toBeCloseTo(1, 12);
    expect(c.couplingPerJ * eta).toBeCloseTo(-0.3, 12);
    // The shear entry is 1/(4μ₂A): E₁₂ is the tensor shear strain.
    expect(c.shearPerJ).toBeCloseTo(1 / (4 * (4e7 / 2.6) * 2.5e-4 * 0.02), 12);
    expect(membraneTriangleCompliance(1e6, 0.5, 1e-3, 1).couplingPerJ).toBeCloseTo(-0.5 / 1e3, 15);
    expect(() => membraneTriangleCompliance(1e6, 0.3, 1e-3, 0)).toThrow(RangeError);
  });
});

describe('cloth edge network (per-triangle least-squares fit)', () => {
  const out = new Float64Array(3);

  it('gives the grid’s right triangle 18c/7 on its legs and 12c/7 on its diagonal (c = 3·E·t/8)', () => {
    // Legs of 1 m, area ½: k = κ·A/l².
    const p = Float64Array.of(0, 0, 0, 1, 0, 0, 0, 0, 1);
    clothTriangleEdgeStiffnessesNPerM(p, 0, 1, 2, ET, out);
    const c = (3 * ET) / 8;
    expect(out[0] / (((18 * c) / 7) * 0.5)).toBeCloseTo(1, 12); // leg (0, 1)
    expect(out[1] / (((12 * c) / 7) * 0.25)).toBeCloseTo(1, 12); // diagonal (1, 2), l² = 2
    expect(out[2] / (((18 * c) / 7) * 0.5)).toBeCloseTo(1, 12); // leg (2, 0)
  });

  it('gives an equilateral triangle κ = E·t on every edge (Van Gelder’s k = E·t·A/l²)', () => {
    const p = Float64Array.of(0, 0, 0, 1, 0, 0, 0.5, 0, Math.sqrt(3) / 2);
    clothTriangleEdgeStiffnessesNPerM(p, 0, 1, 2, ET, out);
    const area = Math.sqrt(3) / 4;
    for (const k of out) expect(Math.abs(k / (ET * area) - 1)).toBeLessThan(TOLERANCE);
  });

  it('gives a degenerate triangle nothing', () => {
    const p = Float64Array.of(0, 0, 0, 1, 0, 0, 2, 0, 0);
    clothTriangleEdgeStiffnessesNPerM(p, 0, 1, 2, ET, out);
    expect(Array.from(out)).toEqual([0, 0, 0]);
  });

  it('is what the compiler gives cloth bodies for edge-only runtimes (clothStretch: edges)', () => {
    const setup = compileScene(
      {
        gravity: [0, 0, 0],
        // The plain mapping: budget compensation would stiffen the springs.
        solver: { dt: 1 / 60, substeps: 10, compensation: 'off' },
        colliders: [],
        bodies: [
          {
            name: 'sheet',
            shape: { type: 'cloth', size: [0.3, 0.2], cells: [3, 2], center: [0, 0, 0] },
            material: { youngModulusPa: 4e7, poissonRatio: 0.3, densityKgM3: 480, thicknessM: 2.5e-4 },
            model: 'cloth',
          },
        ],
      },
      { clothStretch: 'edges' },
    );
    const body = setup.bodies[0];
    const springs = body.constraints.find((s) => s.kind === 'distance');
    if (springs?.kind !== 'distance') throw new Error('no edge springs');
    const k = clothEdgeStiffnessNPerM(
      body.geometry.positions,
      body.geometry.triangles,
      body.geometry.edges,
      4e7,
      2.5e-4,
    );
    expect(Array.from(springs.complianceMPerN)).toEqual(Array.from(k, (v) => 1 / v));
  });

  // Uniaxial stretch of a 6 × 24 cell strip by linear statics: the top row held, a total force F
  // on the bottom row, E_eff from the elongation between the rows at L/4 and 3L/4, ν_eff from
  // the width at mid-length. Measured: the grid 1.09·E·t (ν 0.20), the jittered meshes
  // 1.08 (ν 0.25) and 1.01 (ν 0.31) (the former isotropic rule k = (8/3)·μ·t·A/l² gave 1.23·E·t on the grid at
  // ν = 0.3). Asserted within 12%: the network cannot be isotropic on every mesh.
  for (const jitter of [0, 0.3, 0.6]) {
    it(`strip, interior vertices jittered by ±${jitter / 2} cell: uniaxial modulus within 12% of E·t`, () => {
      const { youngRatio, poisson } = edgeNetworkStrip(jitter);
      expect(poisson).toBeGreaterThan(0); // the network's own ν is 1/3 in the bulk
      expect(Math.abs(youngRatio - 1)).toBeLessThan(0.12);
    });
  }
});

function edgeNetworkStrip(jitter: number): { youngRatio: number; poisson: number } {
  const nx = 6;
  const nz = 24;
  const cell = 1 / nx;
  const vx = nx + 1;
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648 - 0.5;
  };
  const positions = new Float64Array(3 * vx * (nz + 1));
  for (let k = 0; k <= nz; k++)
    for (let i = 0; i <= nx; i++) {
      const interior = i > 0 && i < nx && k > 0 && k < nz;
      const jx = interior ? jitter * random() : 0;
      const jz = interior ? jitter * random() : 0;
      positions.set([(i + jx) * cell, 0, (k + jz) * cell], 3 * (k * vx + i));
    }
  const triangles: number[] = [];
  for (let k = 0; k < nz; k++)
    for (let i = 0; i < nx; i++) {
      const a = k * vx + i;
      if ((i + k) % 2 === 0) triangles.push(a, a + vx, a + vx + 1, a, a + vx + 1, a + 1);
      else triangles.push(a, a + vx, a + 1, a + 1, a + vx, a + vx + 1);
    }
  const tris = Uint32Array.from(triangles);
  const edges = uniqueEdges(tris, 3, vx * (nz + 1));
  const k = clothEdgeStiffnessNPerM(positions, tris, edges, ET, 1);
  const top = Array.from({ length: vx }, (_, i) => i);
  const statics = new LinearStatics(positions, top);
  for (let e = 0; e < k.length; e++) statics.addSpring(edges[2 * e], edges[2 * e + 1], k[e]);
  // The network has no stiffness out of its plane: hold y with a soft ground spring.
  for (let v = 0; v < vx * (nz + 1); v++) statics.addBlock([v], [0, 0, 0, 0, ET, 0, 0, 0, 0]);
  const force = new Float64Array(positions.length);
  const totalN = 1;
  for (let i = 0; i <= nx; i++)
    force[3 * (nz * vx + i) + 2] = (totalN / nx) * (i === 0 || i === nx ? 0.5 : 1);
  const u = statics.solve(force);
  const drop = (row: number) => (u[3 * row * vx + 2] + u[3 * (row * vx + nx) + 2]) / 2;
  const width = 1;
  const k1 = nz / 4;
  const k2 = (3 * nz) / 4;
  const strain = (drop(k2) - drop(k1)) / ((k2 - k1) * cell);
  const mid = nz / 2;
  const lateral = (u[3 * (mid * vx + nx)] - u[3 * mid * vx]) / width;
  return { youngRatio: totalN / width / strain / ET, poisson: -lateral / strain };
}
