// Types of loader.mjs for TypeScript users. `Jolt` is the initialised jolt-physics module.
import type Jolt from 'jolt-physics';

type JoltModule = typeof Jolt;

export const FORMAT: 'softbody-studio/jolt-soft-body';
export const FORMAT_VERSION: 1;

export interface JoltExportVertex {
  position: [number, number, number];
  invMass: number;
}

export interface JoltExportBody {
  name: string;
  simulationVertexCount: number;
  sharedSettings: {
    vertices: JoltExportVertex[];
    faces: [number, number, number][];
    edgeConstraints: { vertex: [number, number]; compliance: number }[];
    dihedralBendConstraints: { vertex: [number, number, number, number]; compliance: number }[];
    volumeConstraints: { vertex: [number, number, number, number]; compliance: number }[];
    /** Absent in exports made before tethers were mapped. */
    lraConstraints?: { vertex: [number, number]; maxDistance: number }[];
  };
  creationSettings: {
    numIterations: number;
    linearDamping: number;
    gravityFactor: number;
    facesDoubleSided: boolean;
  };
}

export interface JoltExportData {
  format: string;
  formatVersion: number;
  bodies: JoltExportBody[];
}

export function selectBody(data: JoltExportData | JoltExportBody, name?: string): JoltExportBody;
export function createSoftBodySharedSettings(
  Jolt: JoltModule,
  data: JoltExportData | JoltExportBody,
  name?: string,
): InstanceType<JoltModule['SoftBodySharedSettings']>;
export function applySoftBodyCreationSettings<T extends InstanceType<JoltModule['SoftBodyCreationSettings']>>(
  creationSettings: T,
  data: JoltExportData | JoltExportBody,
  name?: string,
): T;
