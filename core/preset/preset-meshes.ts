import { meshTransformOf, unapplyMeshTransform } from '../scene/mesh-transform.ts';
import type { SceneMeshes } from '../scene/scene-meshes.ts';
import type { Preset } from './preset.ts';

/**
 * The mesh files a preset's scene names, as its setup stores them: each mesh body's tets (or
 * cloth triangles) and render surface moved back to the mesh's own frame (the setup holds them
 * placed by the shape's position, rotation and scale), with its import groups, and each mesh collider's triangles.
 * With these the preset's scene compiles again (at another frame rate, say) without the files,
 * to the same geometry: compiling keeps the tets' order and compacts no vertex a tet uses.
 */
export function presetSceneMeshes(preset: Preset): SceneMeshes {
  const meshes: SceneMeshes = { surfaces: new Map(), solids: new Map() };
  preset.scene.bodies.forEach((body, i) => {
    const setupBody = preset.setup.bodies[i];
    if (body.shape.type !== 'mesh' || !setupBody) return;
    const transform = meshTransformOf(body.shape);
    const local = (placed: ArrayLike<number>) => {
      const positions = Float64Array.from(placed);
      unapplyMeshTransform(positions, transform);
      return positions;
    };
    const pointer = `/bodies/${i}/shape`;
    const geometry = setupBody.geometry;
    if (geometry.kind === 'cloth') {
      meshes.surfaces.set(pointer, { positions: local(geometry.positions), indices: geometry.triangles });
      return;
    }
    if (geometry.kind !== 'solid') return;
    const render = setupBody.render;
    const groups = setupBody.importGroups;
    meshes.solids.set(pointer, {
      positions: local(geometry.positions),
      tets: geometry.tets,
      ...(render
        ? {
            surface: {
              positions: local(render.positions),
              indices: render.indices,
              ...(groups ? { groups: { names: [...groups.names], tetGroups: groups.elementGroups } } : {}),
            },
          }
        : {}),
    });
  });
  preset.scene.colliders.forEach((collider, i) => {
    const stored = preset.setup.colliders[i];
    if (collider.type !== 'mesh' || collider.path === undefined || stored?.type !== 'mesh') return;
    if (!stored.vertices || !stored.indices) return;
    meshes.surfaces.set(`/colliders/${i}`, {
      positions: Float64Array.from(stored.vertices),
      indices: Uint32Array.from(stored.indices),
    });
  });
  return meshes;
}
