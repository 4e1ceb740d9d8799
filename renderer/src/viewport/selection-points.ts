/**
 * The selected vertices drawn as points in a colour no body has, on top of everything (no depth
 * test) so a selection inside or behind a body still shows. Follows the live positions.
 */
import { BufferAttribute, BufferGeometry, DynamicDrawUsage, Points, PointsMaterial } from 'three';
// Yellow: no body's colour and not the pins', readable on every body and on the background.
import { SELECTION_COLOUR } from './marker-colours.ts';

/** Point size on screen, CSS px (no perspective scaling: near and far vertices read alike). */
const POINT_SIZE_PX = 6;

export class SelectionPoints {
  /** Add this to the scene. */
  readonly object: Points;
  private readonly geometry = new BufferGeometry();
  /** World particle index of each drawn point. */
  private particles = new Uint32Array(0);

  constructor() {
    const material = new PointsMaterial({
      color: SELECTION_COLOUR,
      size: POINT_SIZE_PX,
      sizeAttenuation: false,
      depthTest: false,
      depthWrite: false,
      transparent: true,
    });
    this.object = new Points(this.geometry, material);
    this.object.name = 'selected vertices';
    // Drawn last, over the bodies; its bounds change every frame, so it is never culled.
    this.object.renderOrder = 10;
    this.object.frustumCulled = false;
    this.object.visible = false;
  }

  /** Shows the body-local `vertices` of the body starting at world particle `particleOffset`; empty hides. */
  show(particleOffset: number, vertices: readonly number[], positionsM: Float32Array | null): void {
    this.particles = Uint32Array.from(vertices, (v) => v + particleOffset);
    const attribute = new BufferAttribute(new Float32Array(this.particles.length * 3), 3);
    attribute.setUsage(DynamicDrawUsage);
    this.geometry.setAttribute('position', attribute);
    this.object.visible = this.particles.length > 0;
    if (positionsM) this.update(positionsM);
  }

  /** Moves the points to `positionsM` (m, xyz interleaved, whole world). */
  update(positionsM: Float32Array): void {
    if (this.particles.length === 0) return;
    const attribute = this.geometry.getAttribute('position') as BufferAttribute;
    const out = attribute.array as Float32Array;
    this.particles.forEach((p, i) => {
      if (3 * p + 2 >= positionsM.length) return;
      out[3 * i] = positionsM[3 * p];
      out[3 * i + 1] = positionsM[3 * p + 1];
      out[3 * i + 2] = positionsM[3 * p + 2];
    });
    attribute.needsUpdate = true;
  }

  dispose(): void {
    this.geometry.dispose();
    (this.object.material as PointsMaterial).dispose();
  }
}
