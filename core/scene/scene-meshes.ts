import { DocumentError } from '../document/problem.ts';
import type { TriMesh } from '../mesh/types.ts';
import { TetrahedralizeError } from '../tetra/errors.ts';
import { tetrahedralize } from '../tetra/tetrahedralize.ts';
import type { Scene, SceneDocument } from './scene.ts';

/**
 * The mesh files a scene refers to, loaded before the world is built (building is synchronous;
 * reading and tetrahedralizing are not). core/ reads no files: the caller passes `readMesh`
 * (the CLI reads relative to the scene file through core/node/read-mesh.ts).
 */
export interface SurfaceMesh {
  /** Vertex positions, m, xyz interleaved. */
  positions: ArrayLike<number>;
  /** 3 vertex indices per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
}

/**
 * A mesh as the editor and a project keep it: a tet mesh with the surface it was made from, or,
 * for a cloth body, the surface alone (no tets: isSurfaceAsset).
 */
export interface SolidMesh {
  /** Vertex positions, m, xyz interleaved (a surface asset: the surface's vertices). */
  positions: ArrayLike<number>;
  /** 4 vertex indices per tet, positively oriented; empty for a surface asset. */
  tets: Uint32Array;
  /** The imported surface the tets were made from: drawn, skinned to the tets (the setup embeds it). */
  surface?: {
    positions: ArrayLike<number>;
    indices: Uint32Array;
    /**
     * Import group names, and per surface triangle an index into them (each tet then takes the
     * group of the triangle nearest its centroid, core/setup/import-groups.ts) or per tet directly.
     */
    groups?: { names: string[]; triangleGroups?: Uint16Array; tetGroups?: Uint16Array };
  };
}

export interface SceneMeshes {
  /** Cloth bodies and mesh colliders, by the JSON pointer of the shape or collider. */
  surfaces: Map<string, SurfaceMesh>;
  /** Solid bodies, by the JSON pointer of the shape. */
  solids: Map<string, SolidMesh>;
}

/** Tets asked of the tetrahedralizer when a mesh body does not say: light enough to preview live. */
export const DEFAULT_MESH_BODY_TETS = 2000;

/**
 * Loads every mesh file of `scene`: solid bodies are tetrahedralized (core/tetra, conforming),
 * cloth bodies and colliders keep the surface. `readMesh` throws its own typed error for a file
 * it cannot read; a mesh that cannot be tetrahedralized becomes a DocumentError at the
 * shape's path.
 */
export async function loadSceneMeshes(
  scene: Scene,
  readMesh: (path: string) => Promise<TriMesh>,
): Promise<SceneMeshes> {
  const meshes: SceneMeshes = { surfaces: new Map(), solids: new Map() };
  for (const [i, body] of scene.bodies.entries()) {
    const shape = body.shape;
    if (shape.type !== 'mesh') continue;
    const pointer = `/bodies/${i}/shape`;
    const surface = await readMesh(shape.path);
    if (body.model === 'cloth') {
      meshes.surfaces.set(pointer, surface);
      continue;
    }
    try {
      const tet = await tetrahedralize(surface, {
        targetTetCount: shape.targetTetCount ?? DEFAULT_MESH_BODY_TETS,
      });
      meshes.solids.set(pointer, {
        positions: tet.positions,
        tets: tet.tets,
        surface: { positions: surface.positions, indices: surface.indices },
      });
    } catch (error) {
      if (!(error instanceof TetrahedralizeError)) throw error;
      throw new DocumentError('scene', [
        { pointer: `${pointer}/path`, message: `cannot tetrahedralize '${shape.path}': ${error.message}` },
      ]);
    }
  }
  for (const [i, collider] of scene.colliders.entries()) {
    if (collider.type === 'mesh' && collider.path !== undefined) {
      meshes.surfaces.set(`/colliders/${i}`, await readMesh(collider.path));
    }
  }
  return meshes;
}

/**
 * The SceneMeshes buildWorld takes, from the meshes keyed by the mesh shape's `path` (what the
 * editor holds and a project file embeds, core/project): each mesh body whose path is in
 * `meshesByPath` gets it under its shape's pointer, solids their tets, cloth bodies the surface
 * of a surface asset (isSurfaceAsset). Bodies whose path is missing get nothing; buildWorld names
 * them (the caller may load them some other way first).
 */
export function sceneMeshesFor(
  scene: Pick<Scene, 'bodies'> | Pick<SceneDocument, 'bodies'>,
  meshesByPath: ReadonlyMap<string, SolidMesh>,
): SceneMeshes {
  const meshes: SceneMeshes = { surfaces: new Map(), solids: new Map() };
  scene.bodies.forEach((body, i) => {
    if (body.shape.type !== 'mesh') return;
    const asset = meshesByPath.get(body.shape.path);
    if (!asset) return;
    const pointer = `/bodies/${i}/shape`;
    if (body.model !== 'cloth') meshes.solids.set(pointer, asset);
    else if (asset.surface && isSurfaceAsset(asset)) meshes.surfaces.set(pointer, asset.surface);
  });
  return meshes;
}

/**
 * A mesh kept for a cloth body: the imported surface alone, without tets (`tets` empty, `positions`
 * the surface's vertices in double precision, so that the editor places it like a solid).
 */
export function isSurfaceAsset(mesh: SolidMesh): boolean {
  return mesh.tets.length === 0 && mesh.surface !== undefined;
}

/**
 * What building a world needs of a mesh: the tets alone for a solid (its imported surface only
 * skins the tets for drawing, and embedding it costs several times the build), the whole asset
 * for a surface (the cloth is that surface).
 */
export function simulationMeshOf(mesh: SolidMesh): SolidMesh {
  return isSurfaceAsset(mesh) ? mesh : { positions: mesh.positions, tets: mesh.tets };
}
