// Types of loader.mjs for TypeScript users. `Jolt` is the initialised jolt-physics module.
import type Jolt from 'jolt-physics';

type JoltModule = typeof Jolt;

export const FORMAT: 'softbody-studio/jolt-soft-body';
/** What exports are written as (binary columns); formatVersion 1 (lists) is still read. */
export const FORMAT_VERSION: 2;

type Vec3 = [number, number, number];

/** A binary array: `count` little-endian elements of `dtype`, base64 (RFC 4648, padded). */
export interface BinaryColumn {
  dtype: 'float32' | 'float64' | 'uint16' | 'uint32';
  count: number;
  base64: string;
}

export interface JoltExportVertex {
  position: Vec3;
  invMass: number;
}

/** Flat lists: 3 per vertex or triangle, 4 per render vertex in the embedding. */
export interface JoltExportRenderMesh<A = number[]> {
  /** Rest positions, m (body space). */
  positions: A;
  indices: A;
  /** Render vertex i = Σ_k weight[4i + k] · x[vertex[4i + k]], x the simulation vertices. */
  embedding: { vertex: A; weight: A };
}

interface BodyCommon {
  name: string;
  simulationVertexCount: number;
  creationSettings: {
    numIterations: number;
    linearDamping: number;
    gravityFactor: number;
    facesDoubleSided: boolean;
  };
}

/** A body of a formatVersion 1 export: every array a JSON list. */
export interface JoltExportBody extends BodyCommon {
  sharedSettings: {
    vertices: JoltExportVertex[];
    faces: [number, number, number][];
    edgeConstraints: { vertex: [number, number]; compliance: number }[];
    dihedralBendConstraints: { vertex: [number, number, number, number]; compliance: number }[];
    volumeConstraints: { vertex: [number, number, number, number]; compliance: number }[];
    /** Absent in exports made before tethers were mapped. */
    lraConstraints?: { vertex: [number, number]; maxDistance: number }[];
  };
  renderMesh?: JoltExportRenderMesh;
}

/** A body of a formatVersion 2 export: the same fields as columns of binary arrays. */
export interface JoltExportColumnsBody extends BodyCommon {
  sharedSettings: {
    vertices: { position: BinaryColumn; invMass: BinaryColumn };
    faces: BinaryColumn;
    edgeConstraints: { vertex: BinaryColumn; compliance: BinaryColumn };
    dihedralBendConstraints: { vertex: BinaryColumn; compliance: BinaryColumn };
    volumeConstraints: { vertex: BinaryColumn; compliance: BinaryColumn };
    lraConstraints: { vertex: BinaryColumn; maxDistance: BinaryColumn };
  };
  renderMesh?: JoltExportRenderMesh<BinaryColumn>;
}

export type JoltExportAnyBody = JoltExportBody | JoltExportColumnsBody;

export interface JoltExportData {
  format: string;
  formatVersion: number;
  /** Absent in exports made before colliders were exported. */
  colliders?: JoltExportCollider[];
  bodies: JoltExportAnyBody[];
}

type Flat = ArrayLike<number>;

/** A body's arrays, flat, whichever version its file is (softBodyArrays). */
export interface SoftBodyArrays {
  simulationVertexCount: number;
  /** m, xyz per vertex. */
  position: Flat;
  /** 1/kg. */
  invMass: Flat;
  faces: Flat;
  edges: { vertex: Flat; compliance: Flat };
  dihedralBends: { vertex: Flat; compliance: Flat };
  volumes: { vertex: Flat; compliance: Flat };
  lras: { vertex: Flat; maxDistance: Flat };
  renderMesh?: JoltExportRenderMesh<Flat>;
}

export function selectBody(data: JoltExportData | JoltExportAnyBody, name?: string): JoltExportAnyBody;
export function softBodyArrays(data: JoltExportData | JoltExportAnyBody, name?: string): SoftBodyArrays;
export function createSoftBodySharedSettings(
  Jolt: JoltModule,
  data: JoltExportData | JoltExportAnyBody,
  name?: string,
): InstanceType<JoltModule['SoftBodySharedSettings']>;
export function applySoftBodyCreationSettings<T extends InstanceType<JoltModule['SoftBodyCreationSettings']>>(
  creationSettings: T,
  data: JoltExportData | JoltExportAnyBody,
  name?: string,
): T;

/** A static collider of the export, in the scene's frame (m): the soft body's vertices are in it too. */
export type JoltExportCollider = { friction: number } & (
  | { type: 'plane'; normal: Vec3; offset: number }
  | { type: 'sphere'; center: Vec3; radius: number }
  | { type: 'box'; center: Vec3; halfExtents: Vec3 }
  | { type: 'capsule'; a: Vec3; b: Vec3; radius: number }
  /** xyz per vertex and 3 per triangle (counter-clockwise front): lists, or binary columns. */
  | { type: 'mesh'; vertices: number[] | BinaryColumn; indices: number[] | BinaryColumn }
);

export function createColliders(
  Jolt: JoltModule,
  bodyInterface: InstanceType<JoltModule['BodyInterface']>,
  data: { colliders?: JoltExportCollider[] },
  objectLayer: number,
): InstanceType<JoltModule['BodyID']>[];

/** A body's render mesh skinned to its simulation vertices (createRenderMesh). */
export interface SoftBodyRenderMesh {
  /** 3 per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
  /** m, xyz per render vertex, in the soft body's space. */
  restPositions: Float32Array;
  /** Current positions, m, xyz per render vertex (at rest until the first update). */
  positions: Float32Array;
  /**
   * Recomputes `positions` from the simulation vertices: Jolt's
   * SoftBodyMotionProperties.GetVertices(), or xyz per vertex, flat. Returns `positions`.
   */
  update(vertices: InstanceType<JoltModule['ArraySoftBodyVertex']> | ArrayLike<number>): Float32Array;
}

/** undefined for a body without a render mesh. */
export function createRenderMesh(
  data: JoltExportData | JoltExportAnyBody,
  name?: string,
): SoftBodyRenderMesh | undefined;
