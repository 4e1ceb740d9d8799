/**
 * Whether a vertex can be seen from the camera: no drawn surface lies between the camera and it.
 * The click-select tool uses it so that a click picks the front vertex, never one behind a face.
 */
import { type Camera, type Object3D, Raycaster, Vector3 } from 'three';

const raycaster = new Raycaster();
const eye = new Vector3();
const direction = new Vector3();
const target = new Vector3();

/**
 * True when the segment from the camera to `pointM` (m) meets none of `occluders` (drawn body
 * surfaces) short of the point. The vertex's own faces meet the ray at the point itself, so hits
 * within a relative 1e-3 of its distance (and 0.1 mm) count as the vertex.
 */
export function isVertexVisible(
  camera: Camera,
  pointM: readonly [number, number, number],
  occluders: readonly Object3D[],
): boolean {
  camera.getWorldPosition(eye);
  target.set(pointM[0], pointM[1], pointM[2]);
  direction.subVectors(target, eye);
  const distance = direction.length();
  if (!(distance > 0)) return true;
  direction.divideScalar(distance);
  const slack = Math.max(1e-4, 1e-3 * distance);
  raycaster.set(eye, direction);
  raycaster.near = 0;
  raycaster.far = distance - slack;
  if (!(raycaster.far > 0)) return true;
  return raycaster.intersectObjects([...occluders], false).length === 0;
}
