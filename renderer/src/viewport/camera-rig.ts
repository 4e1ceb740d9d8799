/**
 * The perspective camera and its orbit controls (drag to orbit, wheel to zoom,
 * right-drag to pan), and framing the bodies at load.
 */
import { PerspectiveCamera } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { type Bounds, frameBounds } from './framing.ts';

const FOV_Y_DEG = 40;

export class CameraRig {
  readonly camera = new PerspectiveCamera(FOV_Y_DEG, 1, 0.01, 200);
  readonly controls: OrbitControls;

  /** @param onChange called whenever the camera moved and the view must be drawn again */
  constructor(element: HTMLElement, onChange: () => void) {
    this.camera.position.set(3, 2, 5);
    this.controls = new OrbitControls(this.camera, element);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.12;
    // Keep the camera above the ground: looking from below shows the back of the floor.
    this.controls.maxPolarAngle = Math.PI * 0.495;
    this.controls.addEventListener('change', onChange);
  }

  setAspect(aspect: number): void {
    this.camera.aspect = aspect;
    this.camera.updateProjectionMatrix();
  }

  /** Places the camera so `bounds` fills the view. */
  frame(bounds: Bounds): void {
    const pose = frameBounds(bounds, this.camera.fov, this.camera.aspect);
    this.camera.position.set(...pose.position);
    this.controls.target.set(...pose.target);
    const size = Math.hypot(
      bounds.max[0] - bounds.min[0],
      bounds.max[1] - bounds.min[1],
      bounds.max[2] - bounds.min[2],
    );
    this.camera.near = Math.max(0.001, size / 1000);
    this.camera.far = Math.max(100, size * 50);
    this.camera.updateProjectionMatrix();
    this.controls.update();
  }

  /** Advances damping; true when the camera moved. */
  update(): boolean {
    return this.controls.update();
  }

  dispose(): void {
    this.controls.dispose();
  }
}
