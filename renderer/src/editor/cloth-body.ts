/**
 * Turning an imported triangle surface into a cloth body of the open scene: the counterpart of
 * mesh-body.ts for surfaces (no tets). The editor keeps the surface as an asset under `path`
 * (a surface asset, core/scene/scene-meshes.ts isSurfaceAsset), so a saved project carries it;
 * the body is placed by the mesh shape's `position` as solid mesh bodies are. Pure: the surface is
 * copied, never changed, and the scene is returned new.
 */
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import type { Material } from '../../../core/material/schema.ts';
import type { TriMesh } from '../../../core/mesh/types.ts';
import type { BodySpec, Scene, Vec3 } from '../../../core/scene/scene.ts';
import { materialSpecOf } from '../../../core/scene/scene-materials.ts';
import { type SolidMesh, type SurfaceMesh, sceneMeshesFor } from '../../../core/scene/scene-meshes.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { buildBodyGeometry } from '../../../core/setup/body-geometry.ts';
import { isClosedSurface, weldTriangles } from '../../../core/sim/geometry/mesh-body.ts';
import { groundHeightOf } from '../sim/sim-controller.ts';
import {
  DEFAULT_GROUND,
  fileStem,
  type MeshAssets,
  type MeshBodyEdit,
  meshPaths,
  occupiedXRange,
  placementOf,
  uniqueName,
  uniquePath,
} from './mesh-body.ts';

/** The library material a new cloth body gets: cotton shirting (E·t = 10 kN/m, 120 g/m²). */
export const CLOTH_BODY_MATERIAL = 'cotton';

/**
 * Thickness of the band of vertices "the top edge" pins, as a fraction of the sheet's extent
 * across it: wide enough to take a whole rim that a modelling tool left a hair uneven, narrow
 * enough to leave the next row of a sheet of up to 100 rows free.
 */
export const TOP_EDGE_BAND = 0.005;

/**
 * A sheet whose height is below this fraction of its largest extent lies flat: its "top edge" is
 * then its far edge (least z), the one a curtain hung from a rail would hang from.
 */
const FLAT_SHEET_RATIO = 0.05;

export interface ClothBodyRequest {
  /** The imported file's name ('shirt.obj'); names the body and its asset. */
  fileName: string;
  /** The imported surface, in the file's own frame and units (m). */
  surface: TriMesh;
  /** An open sheet: pin its top edge (ignored for a closed surface, which stays free). */
  pinTopEdge: boolean;
  /** With the top edge pinned: tethers hold every free vertex within its rest distance to a pin. */
  tethers: boolean;
  /** A closed surface: fill it with gas at the rest volume (ignored for an open sheet). */
  pressure: boolean;
  /** The library material; CLOTH_BODY_MATERIAL when absent. */
  material?: Material;
}

/** What the static mesh view offers for a surface: pins for an open sheet, pressure for a closed one. */
export function isClosedMesh(surface: SurfaceMesh): boolean {
  const welded = weldTriangles(surface.positions, surface.indices);
  return isClosedSurface(welded.elements, welded.positions.length / 3);
}

/**
 * Adds `request.surface` to `scene` as a cloth body of the library material (kept by name until
 * edited), placed as mesh bodies are (placementOf), with a ground plane when the scene has none,
 * in one edit. Throws DocumentError when the surface cannot be a cloth (no triangles, an edge on
 * more than two triangles: the message names the file and the edge) or the scene would not be
 * valid, at the pointer the body would have; nothing is changed then.
 */
export function addClothBody(scene: Scene, assets: MeshAssets, request: ClothBodyRequest): MeshBodyEdit {
  const material = request.material ?? findBuiltInMaterial(CLOTH_BODY_MATERIAL);
  if (!material) throw new RangeError(`the built-in library lacks '${CLOTH_BODY_MATERIAL}'`);
  const name = uniqueName(
    fileStem(request.fileName),
    scene.bodies.map((b) => b.name),
  );
  const path = uniquePath(request.fileName, [...assets.keys(), ...meshPaths(scene)]);
  const mesh = surfaceAsset(request.surface);
  const hasGround = groundHeightOf(scene) !== null;
  const colliders = hasGround ? scene.colliders : [...scene.colliders, DEFAULT_GROUND];
  const groundY = groundHeightOf({ ...scene, colliders }) ?? 0;
  const position = placementOf(mesh.positions, occupiedXRange(scene, assets), groundY);
  const closed = isClosedMesh(request.surface);
  const pinned = !closed && request.pinTopEdge;
  const body: BodySpec = {
    name,
    shape: { type: 'mesh', path, position },
    material: materialSpecOf(material),
    model: 'cloth',
    ...(material.dampingRatio !== undefined ? { dampingRatio: material.dampingRatio } : {}),
    ...(pinned ? { pins: [{ name: 'top edge', box: topEdgeBox(mesh.positions, position) }] } : {}),
    ...(pinned && request.tethers ? { tethers: {} } : {}),
    ...(closed && request.pressure ? { pressure: {} } : {}),
  };
  const next = parseScene({ ...scene, colliders, bodies: [...scene.bodies, body] });
  const index = next.bodies.length - 1;
  // The surface as the compile takes it: an edge on three triangles is refused here, by name.
  buildBodyGeometry(next.bodies[index], `/bodies/${index}`, sceneMeshesFor(next, new Map([[path, mesh]])));
  return {
    label: hasGround ? `add cloth ${name}` : `add cloth ${name} and a ground plane`,
    scene: next,
    index,
    path,
    mesh,
  };
}

/**
 * The asset of a surface: its vertices in double precision (what placement and the outliner
 * read, as for tet meshes) and the imported surface itself with its import groups, which the
 * cloth is compiled from (welded at seams, core/setup/body-geometry.ts).
 */
function surfaceAsset(surface: TriMesh): SolidMesh {
  return {
    positions: Float64Array.from(surface.positions),
    tets: new Uint32Array(0),
    surface: {
      positions: surface.positions.slice(),
      indices: surface.indices.slice(),
      ...(surface.groups.length > 0
        ? { groups: { names: [...surface.groups], triangleGroups: surface.groupIds.slice() } }
        : {}),
    },
  };
}

/**
 * A pin box over the top edge of a sheet with vertex `positions` (its own frame, m) placed at
 * `position` (m): the band TOP_EDGE_BAND of its height below its highest point, across its whole
 * width and depth; for a sheet lying flat, the same band at its far edge (least z).
 */
export function topEdgeBox(positions: ArrayLike<number>, position: Vec3): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], positions[i + k] + position[k]);
      max[k] = Math.max(max[k], positions[i + k] + position[k]);
    }
  }
  const extent = max.map((m, k) => m - min[k]);
  const flat = extent[1] < FLAT_SHEET_RATIO * Math.max(...extent);
  // Slack beyond the bounds on every side, m: the compile's own box test is inclusive.
  const slack = 1e-6 * Math.max(...extent, 1e-3);
  const boxMin: Vec3 = [min[0] - slack, min[1] - slack, min[2] - slack];
  const boxMax: Vec3 = [max[0] + slack, max[1] + slack, max[2] + slack];
  if (flat) boxMax[2] = min[2] + TOP_EDGE_BAND * extent[2] + slack;
  else boxMin[1] = max[1] - TOP_EDGE_BAND * extent[1] - slack;
  return { min: boxMin, max: boxMax };
}
