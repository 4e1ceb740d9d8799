import { describe, expect, it } from 'vitest';
import {
  cantileverFrequencyRadPerS,
  fixedFreeBarFrequencyRadPerS,
} from '../../../core/calibrate/analytic.ts';
import { settleWorld } from '../../../core/calibrate/settle.ts';
import { type OrthotropicCloth, orthotropicBendingRigidityNM } from '../../../core/material/orthotropic.ts';
import type { MaterialSpec, SceneDocument, Vec3 } from '../../../core/scene/scene.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { blockElasticEnergyJ } from '../../../core/sim/block-energy.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import {
  ALPHA_COUPLING,
  ALPHA_NORMAL,
  ALPHA_NORMAL_WEFT,
  ALPHA_SHEAR,
  membraneCompliance,
} from '../../../core/sim/constraints/membrane.ts';

/**
 * Orthotropic (warp/weft) cloth against plane-stress orthotropic elasticity and plate theory,
 * through the whole path a scene takes (schema, compile, membrane and plate-bend constraints).
 *
 * Stretch: a strip hanging in its own plane under its weight (as cloth-membrane.test.ts, whose
 * derivation applies axis by axis): the elongation between the rows at L/4 and 3L/4 against
 * ∫σ/E_axis dz, with the strip's length along the warp (E_eff → E_warp) or along the weft
 * (E_eff → E_weft); within 5%, converged (160 substeps, r = h·c/l ≈ 0.03) and at 20 substeps
 * (r ≤ 0.25 with c of the stiffer axis). The lateral contraction is ν₁₂ = 0.3 along the warp and
 * ν₂₁ = ν₁₂·E_weft/E_warp = 0.1 along the weft (the symmetry of the compliance), within 0.015.
 *
 * Shear: a homogeneous simple shear γ of the strip stores ½·G₁₂·t·A·γ² in the membrane (exact for
 * constant strain on any triangulation), within 0.1%: the shear modulus the solver converges to,
 * read from the energy of the constraints it solves (G₁₂ here is 1/8 of the isotropic
 * E/(2(1+ν)), as woven fabrics shear easily, so the test tells the two apart).
 *
 * Bending: a strip clamped by its first column of cells sagging under its weight, along the warp
 * and along the weft: tip drop against plate theory ρ_a·g·L⁴/(8·D_axis) with the rigidities the
 * material names (D_warp = 4·D_weft), within 5% at 20 substeps (r_b = h·√(D/ρ_a)/l² ≤ 0.25; the
 * plate-bend element itself is within 1% of plate theory at 10 free cells, cloth-bending.test.ts).
 * Substep compensation uses one scale per family at the geometric mean of the two axes
 * (compensate.ts), so each axis keeps a residual bias of its own sign.
 *
 * Measured when written (E/E_eff; simulated/analytic tip drop): stretch warp 1.006, weft 1.003 at
 * 160 substeps, warp 0.972, weft 1.013 at 20; lateral contraction 0.302/0.100 and 0.289/0.099;
 * cantilever warp 1.045, weft 0.987.
 *
 * Isotropic default: a material with warp/weft constants on a body without a warp direction
 * compiles to exactly the constraints of the same material without them.
 */

const DENSITY = 480;
const THICKNESS_M = 2.5e-4;
const ORTHOTROPIC: OrthotropicCloth = {
  warpYoungModulusPa: 6e7,
  weftYoungModulusPa: 2e7,
  shearModulusPa: 2e6,
  poissonRatioWarpWeft: 0.3,
  warpBendingRigidityNM: 2e-5,
  weftBendingRigidityNM: 5e-6,
};
const MATERIAL: MaterialSpec = {
  youngModulusPa: 4e7,
  poissonRatio: 0.3,
  densityKgM3: DENSITY,
  thicknessM: THICKNESS_M,
  orthotropic: ORTHOTROPIC,
};
const DT = 1 / 60;
const WARP_ALONG_STRIP: Vec3 = [0, 0, 1];
const WARP_ACROSS_STRIP: Vec3 = [1, 0, 0];

const CELLS: [number, number] = [6, 20];
const CELL_M = 1;
const WIDTH_M = CELLS[0] * CELL_M;
const LENGTH_M = CELLS[1] * CELL_M;

/** The strip in the plane y = 0, x ∈ [0, W], z ∈ [−L, 0], top edge pinned, hanging along −z. */
function stripDocument(warp: Vec3, axisModulusPa: number, substeps: number): SceneDocument {
  const gravity = (0.002 * axisModulusPa) / (DENSITY * LENGTH_M); // peak strain 0.2%
  return {
    gravity: [0, 0, -gravity],
    solver: { dt: DT, substeps },
    colliders: [],
    bodies: [
      {
        name: 'strip',
        shape: {
          type: 'cloth',
          size: [WIDTH_M, LENGTH_M],
          cells: CELLS,
          center: [WIDTH_M / 2, 0, -LENGTH_M / 2],
        },
        material: MATERIAL,
        model: 'cloth',
        dampingRatio: 0.05,
        warpDirection: warp,
        pins: [{ box: { min: [-1, -1, -1e-4], max: [WIDTH_M + 1, 1, 1e-4] } }],
      },
    ],
  };
}

function at(rest: Float64Array, x: number, z: number): number {
  for (let p = 0; p < rest.length / 3; p++)
    if (Math.abs(rest[3 * p] - x) < 1e-6 && Math.abs(rest[3 * p + 2] - z) < 1e-6) return p;
  throw new Error(`no particle at (${x}, ${z})`);
}

function hangStrip(
  warp: Vec3,
  axisModulusPa: number,
  substeps: number,
): { youngRatio: number; poisson: number } {
  const document = stripDocument(warp, axisModulusPa, substeps);
  const world = buildWorld(document);
  const rest = Float64Array.from(world.positions);
  const bottom = Array.from({ length: CELLS[0] + 1 }, (_, i) => at(rest, i * CELL_M, -LENGTH_M));
  const result = settleWorld(world, bottom, [0, 0, -1], rest, {
    frameDtS: DT,
    fundamentalRadPerS: fixedFreeBarFrequencyRadPerS(Math.sqrt(axisModulusPa / DENSITY), LENGTH_M),
    relativeTolerance: 1e-5,
  });
  expect(result.hasNaN).toBe(false);
  expect(result.settled).toBe(true);
  const x = world.positions;
  const left = (k: number) => at(rest, 0, -k * CELL_M);
  const right = (k: number) => at(rest, WIDTH_M, -k * CELL_M);
  const drop = (k: number) =>
    -(x[3 * left(k) + 2] - rest[3 * left(k) + 2] + x[3 * right(k) + 2] - rest[3 * right(k) + 2]) / 2;
  const widthChange = (k: number) => x[3 * right(k)] - x[3 * left(k)] - WIDTH_M;
  const gravity = -(document.gravity as number[])[2];
  const strainPerDepth = (DENSITY * gravity) / axisModulusPa;
  const integral = (z: number) => strainPerDepth * (LENGTH_M * z - (z * z) / 2);
  const [k1, k2, km] = [CELLS[1] / 4, (3 * CELLS[1]) / 4, CELLS[1] / 2];
  const expected = integral(k2 * CELL_M) - integral(k1 * CELL_M);
  const axialStrain = (drop(km + 2) - drop(km - 2)) / (4 * CELL_M);
  return { youngRatio: expected / (drop(k2) - drop(k1)), poisson: -widthChange(km) / WIDTH_M / axialStrain };
}

describe('orthotropic cloth: uniaxial stretch of a strip along the warp and along the weft', () => {
  const cases = [
    { axis: 'warp', warp: WARP_ALONG_STRIP, modulus: ORTHOTROPIC.warpYoungModulusPa, nu: 0.3 },
    { axis: 'weft', warp: WARP_ACROSS_STRIP, modulus: ORTHOTROPIC.weftYoungModulusPa, nu: 0.1 },
  ];
  for (const substeps of [160, 20])
    for (const { axis, warp, modulus, nu } of cases)
      it(`along the ${axis}, ${substeps} substeps: E_eff within 5% of E_${axis}, lateral contraction within 0.015 of ${nu}`, () => {
        const measured = hangStrip(warp, modulus, substeps);
        expect(Math.abs(measured.youngRatio - 1)).toBeLessThan(0.05);
        expect(Math.abs(measured.poisson - nu)).toBeLessThan(0.015);
      });
});

describe('orthotropic cloth: in-plane shear', () => {
  for (const [name, warp] of [
    ['warp along the strip', WARP_ALONG_STRIP],
    ['warp across the strip', WARP_ACROSS_STRIP],
  ] as const)
    it(`${name}: shear energy ½·G₁₂·t·A·γ² within 0.1%`, () => {
      const document = stripDocument(warp, ORTHOTROPIC.weftYoungModulusPa, 20);
      // The plain material compliances: substep compensation stiffens the constraints it solves.
      const world = buildWorld({ ...document, solver: { dt: DT, substeps: 20, compensation: 'off' } });
      const gamma = 1e-4;
      const x = world.state.x;
      for (let p = 0; p < x.length / 3; p++) x[3 * p] += gamma * x[3 * p + 2];
      const membranes = world.runtimes[0].blocks.filter((b) => b.kind === 'membrane');
      expect(membranes).toHaveLength(1);
      const energyJ = blockElasticEnergyJ(membranes[0], world.state);
      const expected = 0.5 * ORTHOTROPIC.shearModulusPa * THICKNESS_M * WIDTH_M * LENGTH_M * gamma * gamma;
      expect(Math.abs(energyJ / expected - 1)).toBeLessThan(1e-3);
    });
});

describe('orthotropic cloth: cantilever along the warp and along the weft against plate theory', () => {
  const rigidity = orthotropicBendingRigidityNM(ORTHOTROPIC, THICKNESS_M);
  const areal = DENSITY * THICKNESS_M;
  const substeps = 20;
  const h = DT / substeps;
  // r_b = h·√(D/ρ_a)/l² = 0.25 for the stiffer (warp) rigidity.
  const cell = Math.sqrt((h * Math.sqrt(rigidity.warp / areal)) / 0.25);
  const [nx, nw] = [11, 4];
  const total = nx * cell;
  const span = (nx - 1) * cell;
  for (const { axis, warp, d } of [
    { axis: 'warp', warp: [1, 0, 0] as Vec3, d: rigidity.warp },
    { axis: 'weft', warp: [0, 0, 1] as Vec3, d: rigidity.weft },
  ])
    it(`along the ${axis}: tip drop within 5% of ρ_a·g·L⁴/(8·D_${axis})`, () => {
      const gravity = (0.01 * 8 * d) / (areal * span ** 3); // deflection 1% of the span
      const slack = 1e-4 * cell;
      const world = buildWorld({
        gravity: [0, -gravity, 0],
        solver: { dt: DT, substeps },
        colliders: [],
        bodies: [
          {
            name: 'cantilever',
            shape: { type: 'cloth', size: [total, nw * cell], cells: [nx, nw], center: [total / 2, 0, 0] },
            material: MATERIAL,
            model: 'cloth',
            dampingRatio: 0.05,
            warpDirection: warp,
            pins: [{ box: { min: [-slack, -1e6, -1e6], max: [cell + slack, 1e6, 1e6] } }],
          },
        ],
      });
      const rest = Float64Array.from(world.positions);
      const tip: number[] = [];
      for (let p = 0; p < rest.length / 3; p++) if (Math.abs(rest[3 * p] - total) <= slack) tip.push(p);
      const result = settleWorld(world, tip, [0, -1, 0], rest, {
        frameDtS: DT,
        fundamentalRadPerS: cantileverFrequencyRadPerS(Math.sqrt(d / areal), span),
        relativeTolerance: 1e-5,
      });
      expect(result.hasNaN).toBe(false);
      expect(result.settled).toBe(true);
      const analytic = (areal * gravity * span ** 4) / (8 * d);
      expect(Math.abs(result.value / analytic - 1)).toBeLessThan(0.05);
    });
});

describe('orthotropic cloth: the isotropic default is unchanged', () => {
  it('without a warp direction the warp/weft constants change no compliance (exactly)', () => {
    const withConstants = stripDocument(WARP_ALONG_STRIP, ORTHOTROPIC.weftYoungModulusPa, 20);
    const { orthotropic: _dropped, ...isotropic } = MATERIAL;
    const { warpDirection: _none, ...body } = withConstants.bodies[0];
    const plain = buildWorld({ ...withConstants, bodies: [{ ...body, material: isotropic }] });
    const ignored = buildWorld({ ...withConstants, bodies: [body] });
    const oriented = buildWorld(withConstants);
    const arrays = (world: typeof plain) =>
      world.runtimes[0].blocks.flatMap((block) =>
        block.kind === 'membrane'
          ? [ALPHA_NORMAL, ALPHA_NORMAL_WEFT, ALPHA_COUPLING, ALPHA_SHEAR].map((entry) =>
              Array.from({ length: block.count }, (_, t) => membraneCompliance(block, t, entry)),
            )
          : block.kind === 'plate-bend'
            ? [Array.from(block.compliancePerNM)]
            : [],
      );
    expect(arrays(plain).length).toBe(5);
    expect(arrays(ignored)).toEqual(arrays(plain));
    // The membrane's α₂₂ equals α₁₁ for isotropic cloth, and the orthotropic body differs.
    const [normal, weft] = arrays(plain);
    expect(weft).toEqual(normal);
    expect(arrays(oriented)[1]).not.toEqual(arrays(oriented)[0]);
  });
});

describe('orthotropic cloth: a warp at an angle to the mesh', () => {
  // Any homogeneous small strain ε (in x–z) of the strip stores ½·t·A·ε_mᵀ·Q·ε_m, ε_m the strain in
  // the material frame (warp at θ from x): ε_m = R·ε·Rᵀ, Voigt (ε₁₁, ε₂₂, γ₁₂), Q = S⁻¹ of
  // core/material/orthotropic.ts. Exact per triangle for constant strain, so the total is asserted
  // within 1e-3 relative (the O(ε) of the Green strain, ε ≈ 1e-4): the warp frame of every triangle
  // (the projection of the warp and Dm in it, membrane.ts) is right at any angle and on both
  // diagonals of the grid.
  for (const degrees of [30, 45, 110]) {
    it(`warp at ${degrees}° from x: membrane energy of a general strain within 0.1% of the rotated law`, () => {
      const theta = (degrees * Math.PI) / 180;
      const [c, s] = [Math.cos(theta), Math.sin(theta)];
      const document = stripDocument([c, 0, s], ORTHOTROPIC.weftYoungModulusPa, 20);
      const world = buildWorld({ ...document, solver: { dt: DT, substeps: 20, compensation: 'off' } });
      // Displacement gradient in (x, z): u = H·(x, z).
      const H = [
        [1.0e-4, -0.6e-4],
        [0.3e-4, -0.8e-4],
      ];
      const x = world.state.x;
      for (let p = 0; p < x.length / 3; p++) {
        const [px, pz] = [x[3 * p], x[3 * p + 2]];
        x[3 * p] += H[0][0] * px + H[0][1] * pz;
        x[3 * p + 2] += H[1][0] * px + H[1][1] * pz;
      }
      const exx = H[0][0];
      const ezz = H[1][1];
      const exz = (H[0][1] + H[1][0]) / 2;
      // Material frame: axis 1 = (c, s) in (x, z), axis 2 ⟂ it.
      const e11 = c * c * exx + 2 * c * s * exz + s * s * ezz;
      const e22 = s * s * exx - 2 * c * s * exz + c * c * ezz;
      const e12 = -c * s * exx + (c * c - s * s) * exz + c * s * ezz;
      const {
        warpYoungModulusPa: e1,
        weftYoungModulusPa: e2,
        shearModulusPa: g,
        poissonRatioWarpWeft: nu12,
      } = ORTHOTROPIC;
      const nu21 = (nu12 * e2) / e1;
      const d = 1 - nu12 * nu21;
      const density =
        0.5 *
        ((e1 / d) * e11 * e11 +
          (e2 / d) * e22 * e22 +
          2 * ((nu12 * e2) / d) * e11 * e22 +
          g * (2 * e12) ** 2);
      const expected = density * THICKNESS_M * WIDTH_M * LENGTH_M;
      const membranes = world.runtimes[0].blocks.filter((b) => b.kind === 'membrane');
      const energyJ = blockElasticEnergyJ(membranes[0], world.state);
      expect(Math.abs(energyJ / expected - 1)).toBeLessThan(1e-3);
    });
  }
});

describe('orthotropic cloth: hinges for hinge-only runtimes', () => {
  // A hinge is one number per edge: it takes the plate's rigidity for bending across its edge,
  // D(ν) = (√D₁·cos²φ + √D₂·sin²φ)² (ν the in-plane normal of the edge, φ its angle to the warp).
  // On a square grid with the warp along x, a hinge on an edge along z bends about z (ν = x: D₁)
  // and one on an edge along x about x (ν = z: D₂): with equal wings and edges their compliances
  // α = (A_A/D_A + A_B/D_B)/|e|² stand as D₁/D₂ = 4 (to rounding), where the isotropic body's are equal.
  it('a hinge across the warp is D_warp/D_weft times stiffer than one across the weft', () => {
    const compile = (warp?: Vec3) =>
      compileScene(
        {
          gravity: [0, 0, 0],
          solver: { dt: DT, substeps: 10, compensation: 'off' },
          colliders: [],
          bodies: [
            {
              name: 'sheet',
              shape: { type: 'cloth', size: [0.4, 0.4], cells: [4, 4], center: [0, 0, 0] },
              material: MATERIAL,
              model: 'cloth',
              ...(warp ? { warpDirection: warp } : {}),
            },
          ],
        },
        { clothStretch: 'edges' },
      );
    const hingeCompliance = (warp?: Vec3) => {
      const body = compile(warp).bodies[0];
      const p = body.geometry.positions;
      const out = { alongX: [] as number[], alongZ: [] as number[] };
      for (const set of body.constraints) {
        if (set.kind !== 'dihedral-bend') continue;
        for (let h = 0; h < set.hinges.length / 4; h++) {
          const [a, b] = [set.hinges[4 * h], set.hinges[4 * h + 1]];
          const [dx, dz] = [p[3 * b] - p[3 * a], p[3 * b + 2] - p[3 * a + 2]];
          if (Math.abs(dz) < 1e-9) out.alongX.push(set.compliancePerNM[h]);
          else if (Math.abs(dx) < 1e-9) out.alongZ.push(set.compliancePerNM[h]);
        }
      }
      return out;
    };
    const oriented = hingeCompliance([1, 0, 0]);
    expect(oriented.alongX.length).toBeGreaterThan(0);
    expect(oriented.alongZ.length).toBeGreaterThan(0);
    const ratio = ORTHOTROPIC.warpBendingRigidityNM! / ORTHOTROPIC.weftBendingRigidityNM!;
    for (const alpha of oriented.alongX) expect(alpha / oriented.alongZ[0]).toBeCloseTo(ratio, 9);
    for (const alpha of oriented.alongZ) expect(alpha / oriented.alongZ[0]).toBeCloseTo(1, 9);
    const isotropic = hingeCompliance();
    for (const alpha of isotropic.alongX) expect(alpha / isotropic.alongZ[0]).toBeCloseTo(1, 9);
  });
});
