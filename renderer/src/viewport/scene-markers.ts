/**
 * What the scene holds besides bodies, drawn in the viewport: colliders as translucent shapes
 * (the ground plane is the stage's floor), box pins as wireframe boxes and vertex pins as dots
 * on their particles, mesh bodies as a handle at their origin with their box outlined. Each
 * movable thing is one Object3D placed at its centre, so the gizmo can move it; the markers are rebuilt from the scene whenever the scene changes, never edited here.
 */
import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  CapsuleGeometry,
  DoubleSide,
  DynamicDrawUsage,
  EdgesGeometry,
  Group,
  LineBasicMaterial,
  LineSegments,
  type Material,
  Matrix4,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  PlaneGeometry,
  Points,
  PointsMaterial,
  Quaternion,
  type Raycaster,
  SphereGeometry,
  Vector3,
} from 'three';
import {
  type MeshTransform,
  meshTransformOf,
  unapplyMeshTransform,
} from '../../../core/scene/mesh-transform.ts';
import type { ColliderSpec, Scene, Vec3 } from '../../../core/scene/scene.ts';
import { compileColliders } from '../../../core/sim/colliders.ts';
import { createPose, type KeyframedMotion, poseAt } from '../../../core/sim/motion.ts';
import { isGroundPlane, sameTarget, type TransformTarget, targetCentre } from '../editor/transform-edits.ts';
import type { BodyLayout } from '../sim/protocol.ts';
import { COLLIDER_COLOUR, PIN_COLOUR } from './marker-colours.ts';

/** Side of the quad drawn for a tilted plane collider, m (the plane itself is unbounded). */
const PLANE_DRAWN_SIZE_M = 4;
/** Vertex pin dots, CSS px (not shrinking with distance, so they stay visible on a far body). */
const PIN_DOT_PX = 7;

export interface MarkerHit {
  target: TransformTarget;
  /** Distance from the ray origin, m. */
  distance: number;
}

interface Movable {
  target: TransformTarget;
  /** Placed at the target's centre; the gizmo moves this. */
  handle: Object3D;
  /** What a click can hit. */
  pickable: Object3D;
}

interface VertexPinDots {
  points: Points;
  position: BufferAttribute;
  /** World particle indices, one per dot. */
  particles: Uint32Array;
}

const up = new Vector3(0, 1, 0);
const scratch = new Vector3();
const rotation = new Matrix4();

export class SceneMarkers {
  /** Add this to the scene. */
  readonly root = new Group();
  private movables: Movable[] = [];
  /** Colliders with a motion: their handle, its authored centre (m) and the motion. */
  private moving: { handle: Object3D; centre: Vec3; motion: KeyframedMotion }[] = [];
  private dots: VertexPinDots[] = [];
  private readonly colliderMaterial = new MeshStandardMaterial({
    color: COLLIDER_COLOUR,
    transparent: true,
    opacity: 0.28,
    depthWrite: false,
    roughness: 0.6,
    metalness: 0,
    side: DoubleSide,
  });
  private readonly pinLineMaterial = new LineBasicMaterial({ color: PIN_COLOUR });
  private readonly pinFillMaterial = new MeshStandardMaterial({
    color: PIN_COLOUR,
    transparent: true,
    opacity: 0.15,
    depthWrite: false,
  });
  private readonly dotMaterial = new PointsMaterial({
    color: PIN_COLOUR,
    size: PIN_DOT_PX,
    sizeAttenuation: false,
  });

  /**
   * Rebuilds every marker from `scene`; vertex pins are placed with `layouts` and `positions`
   * (m, whole world) and skipped where the layout does not (yet) match the scene's body.
   */
  build(scene: Scene, layouts: readonly BodyLayout[], positions: Float32Array | null): void {
    this.clear();
    scene.colliders.forEach((collider, index) => {
      const target: TransformTarget = { kind: 'collider', index };
      const centre = targetCentre(scene, target);
      const shape = colliderObject(collider, this.colliderMaterial);
      if (!centre || !shape) return;
      const handle = new Group();
      handle.name = `collider ${index + 1}`;
      handle.position.set(...centre);
      // The shape was made around the world origin: shift it so the handle's origin is the centre.
      shape.position.sub(handle.position);
      handle.add(shape);
      this.root.add(handle);
      this.movables.push({ target, handle, pickable: shape });
      if (collider.motion) {
        const [compiled] = compileColliders([collider]);
        if (compiled.motion) this.moving.push({ handle, centre, motion: compiled.motion });
      }
    });
    scene.bodies.forEach((body, bodyIndex) => {
      const layout = layouts[bodyIndex];
      if (body.shape.type === 'mesh') this.addBodyHandle(scene, bodyIndex, layout, positions);
      body.pins?.forEach((pin, pinIndex) => {
        if ('box' in pin) {
          const target: TransformTarget = { kind: 'pin', body: bodyIndex, pin: pinIndex };
          const { min, max } = pin.box;
          const size = [max[0] - min[0], max[1] - min[1], max[2] - min[2]] as const;
          const box = new BoxGeometry(...size);
          const handle = new Group();
          handle.name = `pin ${pinIndex + 1} of ${body.name}`;
          handle.position.set(...(targetCentre(scene, target) ?? [0, 0, 0]));
          const fill = new Mesh(box, this.pinFillMaterial);
          handle.add(fill, new LineSegments(new EdgesGeometry(box), this.pinLineMaterial));
          this.root.add(handle);
          this.movables.push({ target, handle, pickable: fill });
        } else if (layout && layout.name === body.name) {
          const particles = Uint32Array.from(
            pin.vertices.filter((v) => Number.isInteger(v) && v >= 0 && v < layout.particleCount),
            (v) => v + layout.particleOffset,
          );
          if (particles.length === 0) return;
          const geometry = new BufferGeometry();
          const position = new BufferAttribute(new Float32Array(3 * particles.length), 3);
          position.setUsage(DynamicDrawUsage);
          geometry.setAttribute('position', position);
          const points = new Points(geometry, this.dotMaterial);
          points.name = `pin ${pinIndex + 1} of ${body.name}`;
          this.root.add(points);
          this.dots.push({ points, position, particles });
        }
      });
    });
    if (positions) this.update(positions);
  }

  /**
   * A mesh body's handle: a group at its origin, turned and scaled as its shape says (the gizmo
   * moves, turns and scales it), holding the outline of the body's box in the mesh's own frame,
   * from the particles at `positions` (shown while the gizmo is on it; clicking it picks the body).
   */
  private addBodyHandle(
    scene: Scene,
    index: number,
    layout: BodyLayout | undefined,
    positions: Float32Array | null,
  ): void {
    const body = scene.bodies[index];
    if (body.shape.type !== 'mesh') return;
    const target: TransformTarget = { kind: 'body', index };
    const transform = meshTransformOf(body.shape);
    const handle = new Group();
    handle.name = `body ${body.name}`;
    handle.position.set(...transform.position);
    handle.rotation.set(...(transform.rotationDeg.map((d) => (d * Math.PI) / 180) as Vec3), 'XYZ');
    handle.scale.set(...transform.scale);
    const box =
      layout && layout.name === body.name && positions ? localBox(layout, positions, transform) : null;
    const outline = new LineSegments(
      box ? new EdgesGeometry(box) : new BufferGeometry(),
      this.pinLineMaterial,
    );
    box?.dispose();
    outline.visible = false;
    handle.add(outline);
    this.root.add(handle);
    this.movables.push({ target, handle, pickable: outline });
  }

  /** Shows the outline of the mesh body the gizmo is on (`target`), hides the others. */
  highlight(target: TransformTarget | null): void {
    for (const movable of this.movables) {
      if (movable.target.kind === 'body') movable.pickable.visible = sameTarget(movable.target, target);
    }
  }

  /** Moves the vertex pin dots to their particles at `positions` (m, whole world). */
  /**
   * Puts the moving colliders where their motions have them at simulated time `timeS` (s): the
   * handle, at the authored centre c, goes to R·(c − pivot) + pivot + p and turns by R, so its
   * shape moves as the solver's collider does (core/sim/colliders.ts collideMoving).
   */
  follow(timeS: number): void {
    for (const { handle, centre, motion } of this.moving) {
      const pose = poseAt(motion, timeS, createPose(motion.pivotM));
      const r = pose.rotation;
      const [px, py, pz] = motion.pivotM;
      const [dx, dy, dz] = [centre[0] - px, centre[1] - py, centre[2] - pz];
      handle.position.set(
        r[0] * dx + r[1] * dy + r[2] * dz + px + pose.translationM[0],
        r[3] * dx + r[4] * dy + r[5] * dz + py + pose.translationM[1],
        r[6] * dx + r[7] * dy + r[8] * dz + pz + pose.translationM[2],
      );
      rotation.set(r[0], r[1], r[2], 0, r[3], r[4], r[5], 0, r[6], r[7], r[8], 0, 0, 0, 0, 1);
      handle.quaternion.setFromRotationMatrix(rotation);
    }
  }

  update(positions: Float32Array): void {
    for (const dot of this.dots) {
      const array = dot.position.array as Float32Array;
      dot.particles.forEach((particle, i) => {
        if (3 * particle + 2 >= positions.length) return;
        array[3 * i] = positions[3 * particle];
        array[3 * i + 1] = positions[3 * particle + 1];
        array[3 * i + 2] = positions[3 * particle + 2];
      });
      dot.position.needsUpdate = true;
      dot.points.geometry.computeBoundingSphere();
    }
  }

  /** The object the gizmo moves for `target`, or null when it is not drawn. */
  handleFor(target: TransformTarget): Object3D | null {
    return this.movables.find((m) => sameTarget(m.target, target))?.handle ?? null;
  }

  /** The nearest movable marker on `raycaster`'s ray, or null (nothing hit, or markers hidden). */
  pick(raycaster: Raycaster): MarkerHit | null {
    if (!this.root.visible) return null;
    let best: MarkerHit | null = null;
    for (const movable of this.movables) {
      const hit = raycaster.intersectObject(movable.pickable, false)[0];
      if (hit && (!best || hit.distance < best.distance))
        best = { target: movable.target, distance: hit.distance };
    }
    return best;
  }

  /** Counts for tests and the HUD: movable markers and vertex pin dots. */
  get counts(): { movables: number; dots: number } {
    return { movables: this.movables.length, dots: this.dots.reduce((n, d) => n + d.particles.length, 0) };
  }

  clear(): void {
    this.moving = [];
    for (const object of [...this.root.children]) {
      this.root.remove(object);
      object.traverse((child) => {
        const drawn = child as Partial<Mesh>;
        // Materials are shared between markers and kept; geometries are each marker's own.
        drawn.geometry?.dispose();
      });
    }
    this.movables = [];
    this.dots = [];
  }

  dispose(): void {
    this.clear();
    for (const material of [
      this.colliderMaterial,
      this.pinLineMaterial,
      this.pinFillMaterial,
      this.dotMaterial,
    ] as Material[]) {
      material.dispose();
    }
  }
}

/**
 * The box around a body's particles (m, world `positions`) in its mesh's own frame, as a
 * BoxGeometry placed at the box's centre; null for a body without particles there.
 */
function localBox(layout: BodyLayout, positions: Float32Array, transform: MeshTransform): BoxGeometry | null {
  const start = 3 * layout.particleOffset;
  const end = start + 3 * layout.particleCount;
  if (layout.particleCount === 0 || end > positions.length) return null;
  const local = positions.slice(start, end);
  unapplyMeshTransform(local, transform);
  const min = new Vector3(Infinity, Infinity, Infinity);
  const max = new Vector3(-Infinity, -Infinity, -Infinity);
  for (let i = 0; i < local.length; i += 3) {
    scratch.set(local[i], local[i + 1], local[i + 2]);
    min.min(scratch);
    max.max(scratch);
  }
  const size = max.clone().sub(min);
  const box = new BoxGeometry(size.x, size.y, size.z);
  const centre = min.add(max).multiplyScalar(0.5);
  box.translate(centre.x, centre.y, centre.z);
  return box;
}

/** The collider's shape in world coordinates (m), or null for the ground and file meshes. */
function colliderObject(collider: ColliderSpec, material: Material): Mesh | null {
  switch (collider.type) {
    case 'sphere': {
      const mesh = new Mesh(new SphereGeometry(collider.radius, 32, 16), material);
      mesh.position.set(...collider.center);
      return mesh;
    }
    case 'box': {
      const [hx, hy, hz] = collider.halfExtents;
      const mesh = new Mesh(new BoxGeometry(2 * hx, 2 * hy, 2 * hz), material);
      mesh.position.set(...collider.center);
      return mesh;
    }
    case 'capsule': {
      const a = new Vector3(...collider.a);
      const b = new Vector3(...collider.b);
      const axis = scratch.subVectors(b, a);
      const length = axis.length();
      // CapsuleGeometry stands along +y: turn it onto a → b.
      const mesh = new Mesh(new CapsuleGeometry(collider.radius, length, 8, 24), material);
      if (length > 0) mesh.quaternion.copy(new Quaternion().setFromUnitVectors(up, axis.normalize()));
      mesh.position.addVectors(a, b).multiplyScalar(0.5);
      return mesh;
    }
    case 'plane': {
      if (isGroundPlane(collider)) return null;
      const normal = new Vector3(...collider.normal);
      const lengthSq = normal.lengthSq();
      if (!(lengthSq > 0)) return null;
      const mesh = new Mesh(new PlaneGeometry(PLANE_DRAWN_SIZE_M, PLANE_DRAWN_SIZE_M), material);
      // PlaneGeometry faces +z: turn it to the normal, and place it on the plane.
      mesh.quaternion.setFromUnitVectors(new Vector3(0, 0, 1), normal.clone().normalize());
      mesh.position.copy(normal.multiplyScalar(collider.offset / lengthSq));
      return mesh;
    }
    case 'mesh': {
      const { vertices, indices } = collider;
      if (!vertices || !indices || vertices.length < 9 || indices.length < 3) return null;
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(Float32Array.from(vertices), 3));
      geometry.setIndex(Array.from(indices));
      geometry.computeVertexNormals();
      return new Mesh(geometry, material);
    }
  }
}
