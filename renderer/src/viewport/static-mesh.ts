/**
 * An imported mesh drawn as it is, not simulated: neutral material, both faces shaded
 * (imported surfaces may be open or inconsistently wound).
 */
import { BufferAttribute, BufferGeometry, DoubleSide, Mesh, MeshStandardMaterial } from 'three';
import type { TriMesh } from '../../../core/mesh/types.ts';

const STATIC_MESH_COLOUR = 0xb8bfcc;

export function createStaticMesh(mesh: TriMesh): Mesh {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(mesh.positions, 3));
  geometry.setIndex(new BufferAttribute(mesh.indices, 1));
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();
  const object = new Mesh(
    geometry,
    new MeshStandardMaterial({ color: STATIC_MESH_COLOUR, roughness: 0.6, metalness: 0, side: DoubleSide }),
  );
  object.castShadow = true;
  object.receiveShadow = true;
  return object;
}

export function disposeStaticMesh(object: Mesh): void {
  object.geometry.dispose();
  (object.material as MeshStandardMaterial).dispose();
}
