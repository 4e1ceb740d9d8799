import { residualBulkModulusPa } from '../../material/compliance/edges-volume.ts';
import { deriveBody } from '../derive.ts';
import type { Preset, PresetBody } from '../schema.ts';
import { tetBoundaryFaces } from '../topology.ts';
import { type ConstraintConvention, complianceScale, RUNTIME_CONVENTIONS } from './runtime-conventions.ts';

/**
 * Export to Jolt Physics: per body a JSON that maps one to one onto SoftBodySharedSettings
 * (vertices with inverse mass, faces, edge / dihedral-bend / volume constraints with compliance in
 * Jolt's conventions) plus the SoftBodyCreationSettings fields we set (mNumIterations,
 * mLinearDamping, …). runtime/jolt/loader.mjs turns it into a ready SoftBodySharedSettings.
 * What Jolt cannot express is exported as the nearest equivalent and listed in `approximations`.
 */
export const JOLT_EXPORT_FORMAT = 'softbody-studio/jolt-soft-body';

export interface JoltVertex {
  /** Rest position, m (body space). */
  position: [number, number, number];
  /** 1/kg; 0 = kinematic (pinned, or a soft pin's anchor). */
  invMass: number;
}

export interface JoltSharedSettings {
  vertices: JoltVertex[];
  /** Triangles, counter-clockwise seen from outside (solids: the tet mesh boundary). */
  faces: [number, number, number][];
  /** mCompliance in m/N. Rest lengths come from CalculateEdgeLengths(). */
  edgeConstraints: { vertex: [number, number]; compliance: number }[];
  /** mCompliance in 1/(N·m). Initial angles come from CalculateBendConstraintConstants(). */
  dihedralBendConstraints: { vertex: [number, number, number, number]; compliance: number }[];
  /** mCompliance for C = 6V − 6V0 (Jolt's convention, already converted). Volumes from CalculateVolumeConstraintVolumes(). */
  volumeConstraints: { vertex: [number, number, number, number]; compliance: number }[];
}

export interface JoltCreationSettings {
  /** XPBD substeps per Jolt step (one constraint pass each): the preset's substeps. */
  numIterations: number;
  /** 1/s. */
  linearDamping: number;
  gravityFactor: number;
  /** Cloth is seen from both sides. */
  facesDoubleSided: boolean;
}

export interface JoltBody {
  name: string;
  /** Vertices [0, simulationVertexCount) are the preset's simulation vertices; the rest are soft-pin anchors. */
  simulationVertexCount: number;
  sharedSettings: JoltSharedSettings;
  creationSettings: JoltCreationSettings;
}

export interface JoltExport {
  format: typeof JOLT_EXPORT_FORMAT;
  formatVersion: 1;
  preset: string;
  /** m/s²; Jolt's gravity is the physics system's, set it there. */
  gravity: [number, number, number];
  /** The frame step the preset was tuned at, s: step Jolt at this dt for the same substep h = dt/numIterations. */
  frameDtS: number;
  conventions: readonly ConstraintConvention[];
  approximations: string[];
  bodies: JoltBody[];
}

export function exportJolt(preset: Preset): JoltExport {
  const approximations: string[] = [];
  if (preset.colliders.length > 0) {
    approximations.push(
      `${preset.colliders.length} collider${preset.colliders.length > 1 ? 's are' : ' is'} not exported: create ${preset.colliders.map((c) => c.type).join(', ')} bodies in Jolt (friction is per body there).`,
    );
  }
  const bodies = preset.bodies.map((body, i) => exportBody(preset, body, i, approximations));
  return {
    format: JOLT_EXPORT_FORMAT,
    formatVersion: 1,
    preset: preset.name,
    gravity: [...preset.gravity],
    frameDtS: preset.solver.dt,
    conventions: RUNTIME_CONVENTIONS.jolt,
    approximations,
    bodies,
  };
}

function exportBody(preset: Preset, body: PresetBody, index: number, approximations: string[]): JoltBody {
  const neoHookeanGroups = body.groups.filter((g) => g.model === 'neo-hookean');
  for (const group of neoHookeanGroups) {
    approximations.push(
      `body '${body.name}', group '${group.name}': Jolt has no neo-Hookean tets; exported as edge springs + tet volume constraints from the same E and ν (matches at small strain, not for large strains or inversion).`,
    );
  }
  for (const group of body.groups) {
    const material = preset.materials.find((m) => m.name === group.material);
    if (
      body.kind === 'solid' &&
      material &&
      residualBulkModulusPa(material.youngModulusPa, material.poissonRatio) <= 0
    ) {
      approximations.push(
        `body '${body.name}', group '${group.name}': ν = ${material.poissonRatio} is below 1/4, which an edge network cannot express; it behaves as ν = 1/4 with the right shear modulus.`,
      );
    }
  }
  const damped = body.groups.filter((g) => g.dampingRatio > 0);
  const linearDamping = body.linearDampingPerS ?? 0;
  if (damped.length > 0) {
    approximations.push(
      `body '${body.name}': constraint damping (${damped.map((g) => `'${g.name}' ζ = ${g.dampingRatio}`).join(', ')}) dropped, Jolt has none; mLinearDamping = ${linearDamping} 1/s exported.`,
    );
  }
  // Neo-Hookean groups get the edges + volume derivation, the nearest model Jolt has.
  const derived =
    neoHookeanGroups.length > 0
      ? deriveBody(body, preset.materials, `/bodies/${index}`, {
          modelFor: (m) => (m === 'neo-hookean' ? 'edges-volume' : m),
        }).derived
      : body.derived;
  const mesh = body.simulationMesh;
  const x = mesh.positions;
  const fixed = new Uint8Array(mesh.vertexCount);
  for (const v of derived.fixedVertices) fixed[v] = 1;
  const vertices: JoltVertex[] = [];
  for (let v = 0; v < mesh.vertexCount; v++) {
    const mass = derived.vertexMassKg[v];
    vertices.push({
      position: [x[3 * v], x[3 * v + 1], x[3 * v + 2]],
      invMass: fixed[v] || !(mass > 0) ? 0 : 1 / mass,
    });
  }
  const edgeScale = complianceScale('jolt', 'edge');
  const edgeConstraints: JoltSharedSettings['edgeConstraints'] = [];
  for (let e = 0; e < derived.edges.count; e++) {
    edgeConstraints.push({
      vertex: [derived.edges.vertices[2 * e], derived.edges.vertices[2 * e + 1]],
      compliance: edgeScale * derived.edges.complianceMPerN[e],
    });
  }
  const pinScale = complianceScale('jolt', 'soft-pin');
  for (let p = 0; p < derived.softPins.count; p++) {
    const v = derived.softPins.vertices[p];
    const anchor = vertices.length;
    vertices.push({ position: [x[3 * v], x[3 * v + 1], x[3 * v + 2]], invMass: 0 });
    edgeConstraints.push({ vertex: [anchor, v], compliance: pinScale * derived.softPins.complianceMPerN[p] });
  }
  const volumeScale = complianceScale('jolt', 'volume');
  const volumeConstraints: JoltSharedSettings['volumeConstraints'] = [];
  for (let c = 0; c < derived.volumes.count; c++) {
    const t = derived.volumes.elements[c];
    const e = mesh.elements;
    volumeConstraints.push({
      vertex: [e[4 * t], e[4 * t + 1], e[4 * t + 2], e[4 * t + 3]],
      compliance: volumeScale * derived.volumes.complianceM3PerPa[c],
    });
  }
  const bendScale = complianceScale('jolt', 'dihedral-bend');
  const dihedralBendConstraints: JoltSharedSettings['dihedralBendConstraints'] = [];
  for (let h = 0; h < derived.bends.count; h++) {
    const b = derived.bends.vertices;
    dihedralBendConstraints.push({
      vertex: [b[4 * h], b[4 * h + 1], b[4 * h + 2], b[4 * h + 3]],
      compliance: bendScale * derived.bends.compliancePerNM[h],
    });
  }
  const faceIndices =
    body.kind === 'solid' ? tetBoundaryFaces(mesh.elements, mesh.vertexCount) : mesh.elements;
  const faces: [number, number, number][] = [];
  for (let f = 0; f < faceIndices.length / 3; f++)
    faces.push([faceIndices[3 * f], faceIndices[3 * f + 1], faceIndices[3 * f + 2]]);
  return {
    name: body.name,
    simulationVertexCount: mesh.vertexCount,
    sharedSettings: { vertices, faces, edgeConstraints, dihedralBendConstraints, volumeConstraints },
    creationSettings: {
      numIterations: preset.solver.substeps,
      linearDamping,
      gravityFactor: 1,
      facesDoubleSided: body.kind === 'cloth',
    },
  };
}
