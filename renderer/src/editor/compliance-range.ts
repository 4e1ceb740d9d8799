/**
 * "What the solver gets": the compliance range the material maps to for a body, from the
 * core/material mapping functions and the body's rest element sizes. For generated shapes (box,
 * cloth, rope) the element size is known from size/cells; for meshes it comes from the tet mesh
 * the project holds (tet-mesh-sizes.ts), and no figure is given without one.
 */
import {
  clothEdgeContributionNPerM,
  membraneShearStiffnessNPerM,
  neoHookeanTetCompliance,
  plateBendingStiffnessNM,
  residualBulkModulusPa,
  ropeLinkComplianceMPerN,
  waveSpeedMPerS,
} from '../../../core/material/index.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import { tetMeshSizes } from './tet-mesh-sizes.ts';

export interface ComplianceLine {
  /** Which constraint ("deviatoric α_D", "edge α"). */
  name: string;
  /** Smallest and largest compliance over the body's elements, in `unit`. */
  min: number;
  max: number;
  unit: string;
}

export interface SolverView {
  lines: ComplianceLine[];
  /** r = h·c/l (substep h, wave speed c = √(E/ρ), l the element size); claims hold for r ≤ 0.25. */
  resolution: number | null;
  /** Why lines is empty, when it is. */
  note?: string;
}

/** @param mesh the tet mesh of a mesh body (the editor's asset), when there is one */
export function solverView(scene: Scene, body: BodySpec, mesh?: SolidMesh): SolverView {
  const { youngModulusPa: E, poissonRatio: nu, densityKgM3: rho } = body.material;
  const h = scene.solver.dt / scene.solver.substeps;
  const c = waveSpeedMPerS(E, rho);
  const shape = body.shape;
  if (shape.type === 'box') {
    const cell = shape.size.map((s, i) => s / shape.cells[i]);
    const cellVolume = cell[0] * cell[1] * cell[2];
    // box-tets.ts splits each cell into 4 corner tets of V/6 and a central one of V/3.
    const small = neoHookeanTetCompliance(E, nu, cellVolume / 6);
    const large = neoHookeanTetCompliance(E, nu, cellVolume / 3);
    const l = Math.min(...cell);
    const lines: ComplianceLine[] =
      body.model === 'neo-hookean'
        ? [
            { name: 'deviatoric α_D', min: large.deviatoricPerJ, max: small.deviatoricPerJ, unit: '1/J' },
            { name: 'hydrostatic α_H', min: large.hydrostaticPerJ, max: small.hydrostaticPerJ, unit: '1/J' },
          ]
        : edgesVolumeLines(E, nu, cellVolume);
    return { lines, resolution: (h * c) / l };
  }
  if (shape.type === 'cloth') {
    const t = body.material.thicknessM ?? 0;
    const dx = shape.size[0] / shape.cells[0];
    const dy = shape.size[1] / shape.cells[1];
    const area = (dx * dy) / 2;
    const shear = membraneShearStiffnessNPerM(E, nu, t);
    // Axis edges sit in 1 or 2 triangles; a diagonal in 2.
    const stiffnesses = [
      clothEdgeContributionNPerM(shear, area, dx),
      2 * clothEdgeContributionNPerM(shear, area, dx),
      2 * clothEdgeContributionNPerM(shear, area, Math.hypot(dx, dy)),
    ];
    const D = plateBendingStiffnessNM(E, nu, t);
    return {
      lines: [
        { name: 'edge α', min: 1 / Math.max(...stiffnesses), max: 1 / Math.min(...stiffnesses), unit: 'm/N' },
        { name: 'bending stiffness D', min: D, max: D, unit: 'N·m' },
      ],
      resolution: (h * c) / Math.min(dx, dy),
    };
  }
  if (shape.type === 'rope') {
    const length = Math.hypot(...shape.end.map((v, i) => v - shape.start[i]));
    const link = length / shape.segments;
    const alpha = ropeLinkComplianceMPerN(E, shape.radiusM, link);
    return { lines: [{ name: 'link α', min: alpha, max: alpha, unit: 'm/N' }], resolution: (h * c) / link };
  }
  const sizes = shape.type === 'mesh' && body.model !== 'cloth' && mesh ? tetMeshSizes(mesh) : null;
  if (sizes) {
    const small = neoHookeanTetCompliance(E, nu, sizes.minVolumeM3);
    const large = neoHookeanTetCompliance(E, nu, sizes.maxVolumeM3);
    const residual = residualBulkModulusPa(E, nu);
    const lines: ComplianceLine[] =
      body.model === 'neo-hookean'
        ? [
            { name: 'deviatoric α_D', min: large.deviatoricPerJ, max: small.deviatoricPerJ, unit: '1/J' },
            { name: 'hydrostatic α_H', min: large.hydrostaticPerJ, max: small.hydrostaticPerJ, unit: '1/J' },
          ]
        : residual > 0
          ? [
              {
                name: 'volume α',
                min: sizes.minVolumeM3 / residual,
                max: sizes.maxVolumeM3 / residual,
                unit: 'm³/Pa',
              },
            ]
          : [];
    return { lines, resolution: (h * c) / sizes.meanEdgeM };
  }
  return { lines: [], resolution: null, note: 'depends on the tetrahedralization of the mesh' };
}

/**
 * Edges + volume on a box: the volume compliance α = V/K_res (K_res = K − 5μ/3) per tet. Edge
 * compliances sum the contributions of every tet sharing an edge (edges-volume.ts), which depends
 * on the box's tet split, so they are not estimated here.
 */
function edgesVolumeLines(E: number, nu: number, cellVolume: number): ComplianceLine[] {
  const residual = residualBulkModulusPa(E, nu);
  if (!(residual > 0)) return [];
  return [
    { name: 'volume α', min: cellVolume / 6 / residual, max: cellVolume / 3 / residual, unit: 'm³/Pa' },
  ];
}
