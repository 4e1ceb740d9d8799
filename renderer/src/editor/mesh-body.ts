/**
 * Turning a tetrahedralized mesh into a body of the open scene: where it goes, what it is made
 * of, and the one scene edit that adds it. Pure: the tet mesh is copied, never changed, and the
 * scene is returned new. The editor keeps the mesh as an asset under `path` in its own frame, as
 * the tetrahedralizer made it (the same arrays `softbody bake` compiles), with the imported
 * surface beside it; the body is placed in the scene by the mesh shape's `position`.
 */
import { childPointer, DocumentError } from '../../../core/document/problem.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import type { Material } from '../../../core/material/schema.ts';
import type { TriMesh } from '../../../core/mesh/types.ts';
import { applyMeshTransform, meshTransformOf } from '../../../core/scene/mesh-transform.ts';
import type { BodySpec, ColliderSpec, Scene, Vec3 } from '../../../core/scene/scene.ts';
import { materialSpecOf } from '../../../core/scene/scene-materials.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { badTetsMessage, findBadTets } from '../../../core/tetra/check-tets.ts';
import { groundHeightOf } from '../sim/sim-controller.ts';
import type { SceneEdit } from './scene-edits.ts';

/**
 * The library material a new mesh body gets: Dragon Skin 10 class silicone (E 260 kPa), soft
 * enough to wobble visibly on landing and stiff enough that a body the size of a chair keeps
 * its shape under its own weight.
 */
export const MESH_BODY_MATERIAL = 'silicone-shore-10a';
/** Gap between the new body's lowest point and the ground, m: it is seen to fall, briefly. */
export const DROP_HEIGHT_M = 0.3;
/** Clear space left along x between the new body and the bodies already there, m. */
export const BODY_GAP_M = 0.2;
/** The ground added to a scene that has none: the default scene's. */
export const DEFAULT_GROUND: ColliderSpec = {
  type: 'plane',
  normal: [0, 1, 0],
  offset: 0,
  friction: 0.5,
  staticFriction: 0.6,
};

/** The asset map of the editor: tet meshes by the `path` of the mesh shapes that use them. */
export type MeshAssets = ReadonlyMap<string, SolidMesh>;

/** A tet mesh as the tetrahedralizer hands it over: positions in its own precision. */
export interface TetArrays {
  /** Vertex positions, m, xyz interleaved. */
  positions: Float32Array | Float64Array;
  /** 4 vertex indices per tet, positively oriented. */
  tets: Uint32Array;
}

export interface MeshBodyRequest {
  /** The imported file's name ('spot.obj'); names the body and its asset. */
  fileName: string;
  /** The tet mesh as the tetrahedralizer made it, in the file's own frame and units (m). */
  mesh: TetArrays;
  /**
   * The imported surface the tets were made from: the body's render mesh (compiling skins it to
   * the tets) and its import groups, as `softbody bake` keeps them. None for a bare tet mesh.
   */
  surface?: TriMesh;
  /** The library material; MESH_BODY_MATERIAL when absent. */
  material?: Material;
}

export interface MeshBodyEdit extends SceneEdit {
  /** Index of the new body in the edited scene. */
  index: number;
  /** Asset key of the mesh (the new shape's `path`), unique in the scene and the asset map. */
  path: string;
  /** The asset: the tet mesh (and surface) in its own frame; the shape's `position` places it. */
  mesh: SolidMesh;
}

/**
 * Adds `request.mesh` to `scene` as a neo-Hookean solid of the library material (kept by name
 * until edited), placed by placementOf, with a ground plane when the scene has none (same edit).
 * Throws DocumentError when the result would not be a valid scene or the mesh has inverted or
 * flat tets (the check projects get on opening, at the pointer the mesh would have in the saved
 * project), and RangeError for a mesh without tets.
 */
export function addMeshBody(scene: Scene, assets: MeshAssets, request: MeshBodyRequest): MeshBodyEdit {
  if (request.mesh.tets.length < 4) throw new RangeError(`${request.fileName}: the tet mesh has no tets`);
  const material = request.material ?? findBuiltInMaterial(MESH_BODY_MATERIAL);
  if (!material) throw new RangeError(`the built-in library lacks '${MESH_BODY_MATERIAL}'`);
  const stem = fileStem(request.fileName);
  const name = uniqueName(
    stem,
    scene.bodies.map((b) => b.name),
  );
  const path = uniquePath(request.fileName, [...assets.keys(), ...meshPaths(scene)]);
  const bad = findBadTets(request.mesh.positions, request.mesh.tets);
  if (bad) {
    const pointer = childPointer('/meshes', path, 'tets');
    throw new DocumentError(
      'project',
      [{ pointer, message: `${badTetsMessage(bad)}; not added as body '${name}'` }],
      request.fileName,
    );
  }
  const hasGround = groundHeightOf(scene) !== null;
  const colliders = hasGround ? scene.colliders : [...scene.colliders, DEFAULT_GROUND];
  const groundY = groundHeightOf({ ...scene, colliders }) ?? 0;
  const mesh = meshAssetOf(request);
  const position = placementOf(mesh.positions, occupiedXRange(scene, assets), groundY);
  const body: BodySpec = {
    name,
    shape: { type: 'mesh', path, position },
    material: materialSpecOf(material),
    model: 'neo-hookean',
  };
  if (material.dampingRatio !== undefined) body.dampingRatio = material.dampingRatio;
  const next = parseScene({ ...scene, colliders, bodies: [...scene.bodies, body] });
  return {
    label: hasGround ? `add soft body ${name}` : `add soft body ${name} and a ground plane`,
    scene: next,
    index: next.bodies.length - 1,
    path,
    mesh,
  };
}

/**
 * The asset of a request: copies of the tetrahedralizer's arrays (their own types and values:
 * a Float32Array stays one) and of the imported surface with its import groups, in the shape
 * `softbody bake` hands the same mesh to the compile.
 */
export function meshAssetOf(request: Pick<MeshBodyRequest, 'mesh' | 'surface'>): SolidMesh {
  const { mesh, surface } = request;
  const asset: SolidMesh = { positions: mesh.positions.slice(), tets: mesh.tets.slice() };
  if (surface) {
    asset.surface = {
      positions: surface.positions.slice(),
      indices: surface.indices.slice(),
      ...(surface.groups.length > 0
        ? { groups: { names: [...surface.groups], triangleGroups: surface.groupIds.slice() } }
        : {}),
    };
  }
  return asset;
}

/**
 * Where a mesh with vertex `positions` (m, its own frame) is placed: the translation (not a
 * scale: the mesh keeps its own units) that centres it on z = 0, sets it right of `occupiedX`
 * (the x range other bodies take, m; null for none: then centred on x = 0) with BODY_GAP_M
 * between, and lifts its lowest point DROP_HEIGHT_M above `groundY`.
 */
export function placementOf(
  positions: ArrayLike<number>,
  occupiedX: readonly [number, number] | null,
  groundY: number,
): Vec3 {
  const [min, max] = bounds(positions);
  const dx = occupiedX === null ? -(min[0] + max[0]) / 2 : occupiedX[1] + BODY_GAP_M - min[0];
  const dy = groundY + DROP_HEIGHT_M - min[1];
  const dz = -(min[2] + max[2]) / 2;
  // + 0 turns −0 (a mesh already centred) into the plain 0 the scene shows.
  return [dx + 0, dy + 0, dz + 0];
}

/**
 * Where a body placed at `position` with the mesh `before` goes when its mesh becomes `after`
 * (a refined tet mesh of the same surface, in the same frame): x and z stay, so the surface does
 * not jump sideways; y moves so that the lowest point is where it was (DROP_HEIGHT_M above the
 * ground for a body placed by placementOf). A cage is larger than the conforming mesh made
 * later, so without this the refined body would start higher.
 */
export function liftedPosition(position: Vec3, before: ArrayLike<number>, after: ArrayLike<number>): Vec3 {
  const lowestBefore = bounds(before)[0][1];
  const lowestAfter = bounds(after)[0][1];
  return [position[0], position[1] + lowestBefore - lowestAfter + 0, position[2]];
}

/**
 * The x range the scene's bodies take at rest, m; null for an empty scene. Mesh bodies count
 * with their asset where their shape's `position` puts it (a body whose asset is missing is left
 * out: it cannot be built anyway), turned and scaled as its shape says.
 */
export function occupiedXRange(scene: Scene, assets: MeshAssets): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  const take = (a: number, b: number) => {
    lo = Math.min(lo, a);
    hi = Math.max(hi, b);
  };
  for (const body of scene.bodies) {
    const shape = body.shape;
    switch (shape.type) {
      case 'box':
      case 'cloth':
        take(shape.center[0] - shape.size[0] / 2, shape.center[0] + shape.size[0] / 2);
        break;
      case 'rope':
        take(
          Math.min(shape.start[0], shape.end[0]) - shape.radiusM,
          Math.max(shape.start[0], shape.end[0]) + shape.radiusM,
        );
        break;
      case 'mesh': {
        const mesh = assets.get(shape.path);
        if (!mesh || mesh.positions.length === 0) break;
        const placed = Float64Array.from(mesh.positions);
        applyMeshTransform(placed, meshTransformOf(shape));
        const [min, max] = bounds(placed);
        take(min[0], max[0]);
        break;
      }
      case 'ragdoll': {
        // Shoulders and hanging arms: 0.15 of the height either side (ragdoll-template.ts).
        const half = 0.15 * shape.heightM;
        take(shape.position[0] - half, shape.position[0] + half);
        break;
      }
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

/** The assets the scene's mesh bodies use, by path (what the worker and a saved project need). */
export function meshesOfScene(scene: Scene, assets: MeshAssets): Map<string, SolidMesh> {
  const used = new Map<string, SolidMesh>();
  for (const path of meshPaths(scene)) {
    const mesh = assets.get(path);
    if (mesh) used.set(path, mesh);
  }
  return used;
}

/** Problems of mesh bodies (solid or cloth) whose asset the map lacks, with the JSON pointer of the path. */
export function missingMeshAssets(scene: Scene, assets: MeshAssets): { pointer: string; message: string }[] {
  const problems: { pointer: string; message: string }[] = [];
  for (const [i, body] of scene.bodies.entries()) {
    if (body.shape.type !== 'mesh' || assets.has(body.shape.path)) continue;
    const known = [...assets.keys()];
    const cloth = body.model === 'cloth';
    problems.push({
      pointer: `/bodies/${i}/shape/path`,
      message: `no ${cloth ? 'surface' : 'tet mesh'} '${body.shape.path}' in this project (${known.length > 0 ? `it has ${known.map((k) => `'${k}'`).join(', ')}` : 'it has none'}); ${cloth ? 'make cloth bodies from an opened mesh with Simulate as cloth' : 'make mesh bodies with Tetrahedralize → Simulate as soft body'}`,
    });
  }
  return problems;
}

/** The `path` of every mesh shape of `scene`, in body order. */
export function meshPaths(scene: Scene): string[] {
  return scene.bodies.flatMap((b) => (b.shape.type === 'mesh' ? [b.shape.path] : []));
}

/** 'spot.obj' → 'spot'; a name without an extension stays as it is. */
export function fileStem(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem || 'mesh';
}

/** `wanted`, else 'wanted 2', 'wanted 3', … whichever is free first. */
export function uniqueName(wanted: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!used.has(`${wanted} ${n}`)) return `${wanted} ${n}`;
}

/** `file.ext`, else 'file-2.ext', 'file-3.ext', … whichever is free first. */
export function uniquePath(fileName: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(fileName)) return fileName;
  const dot = fileName.lastIndexOf('.');
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  const ext = dot > 0 ? fileName.slice(dot) : '';
  for (let n = 2; ; n++) if (!used.has(`${stem}-${n}${ext}`)) return `${stem}-${n}${ext}`;
}

function bounds(positions: ArrayLike<number>): [Vec3, Vec3] {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k];
      if (v < min[k]) min[k] = v;
      if (v > max[k]) max[k] = v;
    }
  }
  return [min, max];
}
