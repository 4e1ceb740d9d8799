/**
 * What the mouse grab needs from three.js, kept apart from pointer events so it can be tested
 * in Node: which particle is under the cursor, and where the cursor is on the drag plane.
 */
import { type Camera, type Mesh, Plane, Raycaster, Vector2, Vector3 } from 'three';
import type { BodyLayout } from '../sim/protocol.ts';

/** A drawn body the cursor can grab: its mesh (local vertex i is particle particleOffset + i). */
export interface PickTarget {
  object: Mesh;
  layout: BodyLayout;
}

export interface Pick {
  /** The hit triangle's particles (world indices), nearest to the hit point first. */
  candidates: number[];
  /** Where the ray met the surface, m. */
  point: Vector3;
  bodyName: string;
}

const raycaster = new Raycaster();
const ndc = new Vector2();
const corner = new Vector3();

/**
 * Casts a ray from the camera through `pointerNdc` (normalised device coordinates, −1 … 1) and
 * returns the nearest hit on a body's drawn surface, or null.
 */
export function pickParticle(
  camera: Camera,
  pointerNdc: { x: number; y: number },
  targets: readonly PickTarget[],
) {
  ndc.set(pointerNdc.x, pointerNdc.y);
  raycaster.setFromCamera(ndc, camera);
  const hits = raycaster.intersectObjects(
    targets.map((t) => t.object),
    false,
  );
  for (const hit of hits) {
    const target = targets.find((t) => t.object === hit.object);
    if (!target || !hit.face) continue;
    const position = target.object.geometry.getAttribute('position');
    const corners = [hit.face.a, hit.face.b, hit.face.c];
    const distance = (local: number) =>
      corner.fromBufferAttribute(position, local).distanceToSquared(hit.point);
    corners.sort((a, b) => distance(a) - distance(b));
    const pick: Pick = {
      candidates: corners.map((local) => target.layout.particleOffset + local),
      point: hit.point.clone(),
      bodyName: target.layout.name,
    };
    return pick;
  }
  return null;
}

/**
 * The plane the grabbed point moves on: through the grab point, facing the camera, so that the
 * point follows the cursor at the depth where it was grabbed.
 */
export class DragPlane {
  private readonly plane = new Plane();

  constructor(camera: Camera, through: Vector3) {
    const normal = camera.getWorldDirection(new Vector3());
    this.plane.setFromNormalAndCoplanarPoint(normal, through);
  }

  /** Where the ray through `pointerNdc` meets the plane, m; null when it runs parallel to it. */
  target(camera: Camera, pointerNdc: { x: number; y: number }): Vector3 | null {
    ndc.set(pointerNdc.x, pointerNdc.y);
    raycaster.setFromCamera(ndc, camera);
    return raycaster.ray.intersectPlane(this.plane, new Vector3());
  }
}
