/**
 * The mouse grab as a two-state tool (idle, grabbing). A primary-button press on a body's
 * surface grabs the nearest particle of the hit triangle and keeps the camera still; moving the
 * mouse drags the grab target across a camera-facing plane through the grab point; releasing
 * lets go. A press that misses every body is left to the orbit controls. The tool only sends
 * commands (through `GrabHandler`); the solver lives in the worker.
 */
import type { Camera } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { DragPlane, type PickTarget, pickParticle } from './grab-picker.ts';

/** What a grab does: the sim client implements it. Positions in m. */
export interface GrabHandler {
  grab(candidates: number[], targetM: [number, number, number]): void;
  moveGrab(targetM: [number, number, number]): void;
  release(): void;
}

interface Grabbing {
  pointerId: number;
  plane: DragPlane;
}

export class GrabTool {
  handler: GrabHandler | null = null;
  private grabbing: Grabbing | null = null;

  /**
   * @param container parent of the canvas: its capture-phase listener runs before the orbit
   *   controls' listener on the canvas, so a press that grabs never reaches them
   * @param targets the bodies that can be grabbed now (empty while none are shown)
   */
  constructor(
    private readonly container: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly camera: Camera,
    private readonly controls: OrbitControls,
    private readonly targets: () => readonly PickTarget[],
  ) {
    container.addEventListener('pointerdown', this.onDown, { capture: true });
    canvas.addEventListener('pointermove', this.onMove);
    canvas.addEventListener('pointerup', this.onUp);
    canvas.addEventListener('pointercancel', this.onUp);
    canvas.dataset.grab = '';
  }

  get active(): boolean {
    return this.grabbing !== null;
  }

  /** Lets go without a pointer event (e.g. the bodies were replaced). */
  cancel(): void {
    if (!this.grabbing) return;
    if (this.canvas.hasPointerCapture(this.grabbing.pointerId)) {
      this.canvas.releasePointerCapture(this.grabbing.pointerId);
    }
    this.finish();
  }

  dispose(): void {
    this.cancel();
    this.container.removeEventListener('pointerdown', this.onDown, { capture: true });
    this.canvas.removeEventListener('pointermove', this.onMove);
    this.canvas.removeEventListener('pointerup', this.onUp);
    this.canvas.removeEventListener('pointercancel', this.onUp);
  }

  private readonly onDown = (event: PointerEvent): void => {
    if (event.target !== this.canvas || event.button !== 0 || !this.handler || this.grabbing) return;
    const pick = pickParticle(this.camera, this.ndc(event), this.targets());
    if (!pick) return; // the orbit controls take it
    event.stopPropagation();
    event.preventDefault();
    this.grabbing = { pointerId: event.pointerId, plane: new DragPlane(this.camera, pick.point) };
    this.controls.enabled = false;
    this.canvas.setPointerCapture(event.pointerId);
    this.canvas.dataset.grab = pick.bodyName;
    this.handler.grab(pick.candidates, pick.point.toArray());
  };

  private readonly onMove = (event: PointerEvent): void => {
    if (!this.grabbing || event.pointerId !== this.grabbing.pointerId) return;
    const target = this.grabbing.plane.target(this.camera, this.ndc(event));
    if (target) this.handler?.moveGrab(target.toArray());
  };

  private readonly onUp = (event: PointerEvent): void => {
    if (!this.grabbing || event.pointerId !== this.grabbing.pointerId) return;
    this.finish();
  };

  private finish(): void {
    this.grabbing = null;
    this.controls.enabled = true;
    this.canvas.dataset.grab = '';
    this.handler?.release();
  }

  /** The pointer in normalised device coordinates of the canvas. */
  private ndc(event: PointerEvent): { x: number; y: number } {
    const rect = this.canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * 2 - 1,
      y: -((event.clientY - rect.top) / rect.height) * 2 + 1,
    };
  }
}
