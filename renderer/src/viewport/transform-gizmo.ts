/**
 * The gizmo (three's TransformControls: move, and for mesh bodies turn and scale) as a small tool over the canvas:
 * idle, or dragging one of its handles. A press on a handle is taken in the capture phase on
 * the canvas's container and stopped there, so the orbit controls, the grab tool and the
 * selection tools never see it; the drag is driven through TransformControls' pointer methods.
 * Releasing reports the whole move once, so the caller makes it one undoable edit. A click that
 * is not a drag and not on a handle is reported as a click, for picking what to attach to.
 * Construct it before the other tools: listeners on one element run in the order they were added.
 */
import { type Camera, type Object3D, Quaternion, type Scene, Vector3 } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';

/** A press that moves less than this is a click, CSS px. */
const CLICK_SLOP_PX = 5;
/** Gizmo size relative to three's default (which is large next to a 30 cm body). */
const GIZMO_SIZE = 0.8;

export type Ndc = { x: number; y: number };

/** What a drag on the gizmo does: move (all targets), turn or scale (mesh bodies). */
export type GizmoMode = 'translate' | 'rotate' | 'scale';

interface Press {
  pointerId: number;
  clientX: number;
  clientY: number;
  /** The press landed on a gizmo handle. */
  onHandle: boolean;
}

export class TransformGizmo {
  private readonly controls: TransformControls;
  private readonly helper: Object3D;
  private press: Press | null = null;
  private readonly dragStart = new Vector3();
  private readonly dragStartRotation = new Quaternion();
  private readonly dragStartScale = new Vector3();
  /** A finished drag: the attached object moved by `deltaM` (m), and is now as `object` holds it. */
  onMoved: ((deltaM: [number, number, number], object: Object3D) => void) | null = null;
  /** A click (press and release without dragging) off the gizmo, at `ndc`. */
  onClick: ((ndc: Ndc) => void) | null = null;

  constructor(
    scene: Scene,
    private readonly camera: Camera,
    private readonly container: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly orbit: OrbitControls,
    invalidate: () => void,
  ) {
    this.controls = new TransformControls(camera, canvas);
    this.controls.setMode('translate');
    this.controls.setSize(GIZMO_SIZE);
    this.helper = this.controls.getHelper();
    scene.add(this.helper);
    this.controls.addEventListener('change', invalidate);
    this.controls.addEventListener('dragging-changed', (event) => {
      const object = this.controls.object;
      if (!object) return;
      if (event.value) {
        this.dragStart.copy(object.position);
        this.dragStartRotation.copy(object.quaternion);
        this.dragStartScale.copy(object.scale);
        return;
      }
      const delta = object.position.clone().sub(this.dragStart);
      const changed =
        delta.lengthSq() > 0 ||
        !object.quaternion.equals(this.dragStartRotation) ||
        !object.scale.equals(this.dragStartScale);
      if (changed) this.onMoved?.(delta.toArray(), object);
    });
    container.addEventListener('pointerdown', this.onDown, { capture: true });
    canvas.addEventListener('pointermove', this.onMove);
    canvas.addEventListener('pointerup', this.onUp);
    canvas.addEventListener('pointercancel', this.onCancel);
  }

  /** Move, turn or scale the attached object. */
  setMode(mode: GizmoMode): void {
    this.controls.setMode(mode);
  }

  get mode(): GizmoMode {
    return this.controls.getMode();
  }

  /** Puts the gizmo on `object` (moved in place while dragging), or takes it away (null). */
  attach(object: Object3D | null): void {
    if (object === this.controls.object) return;
    if (object) this.controls.attach(object);
    else this.controls.detach();
  }

  get attached(): Object3D | null {
    return this.controls.object ?? null;
  }

  /** True while a handle is being dragged. */
  get dragging(): boolean {
    return this.controls.dragging;
  }

  /** Where the attached object's origin is drawn, CSS px from the canvas's top left; null when detached. */
  screenPoint(): { x: number; y: number } | null {
    const object = this.controls.object;
    if (!object) return null;
    const p = object.getWorldPosition(new Vector3()).project(this.camera);
    if (!(p.z <= 1)) return null;
    const rect = this.canvas.getBoundingClientRect();
    return { x: ((p.x + 1) / 2) * rect.width, y: ((1 - p.y) / 2) * rect.height };
  }

  dispose(): void {
    this.container.removeEventListener('pointerdown', this.onDown, { capture: true });
    this.canvas.removeEventListener('pointermove', this.onMove);
    this.canvas.removeEventListener('pointerup', this.onUp);
    this.canvas.removeEventListener('pointercancel', this.onCancel);
    this.controls.detach();
    this.helper.removeFromParent();
    this.controls.dispose();
  }

  private readonly onDown = (event: PointerEvent): void => {
    if (event.target !== this.canvas || this.press) return;
    let onHandle = false;
    if (this.controls.object && this.controls.enabled && event.button === 0) {
      this.controls.pointerHover(this.pointer(event));
      onHandle = this.controls.axis !== null;
    }
    this.press = { pointerId: event.pointerId, clientX: event.clientX, clientY: event.clientY, onHandle };
    if (!onHandle) return;
    // The press is the gizmo's alone.
    event.stopImmediatePropagation();
    event.preventDefault();
    this.orbit.enabled = false;
    this.canvas.setPointerCapture(event.pointerId);
    this.controls.pointerDown(this.pointer(event));
  };

  private readonly onMove = (event: PointerEvent): void => {
    if (!this.press?.onHandle || event.pointerId !== this.press.pointerId) return;
    this.controls.pointerMove(this.pointer(event));
  };

  private readonly onUp = (event: PointerEvent): void => {
    const press = this.press;
    if (!press || press.pointerId !== event.pointerId) return;
    this.press = null;
    if (press.onHandle) {
      if (this.canvas.hasPointerCapture(event.pointerId)) this.canvas.releasePointerCapture(event.pointerId);
      this.controls.pointerUp(this.pointer(event));
      this.orbit.enabled = true;
      return;
    }
    const moved = Math.hypot(event.clientX - press.clientX, event.clientY - press.clientY);
    if (event.button === 0 && moved < CLICK_SLOP_PX) this.onClick?.(this.ndc(event));
  };

  private readonly onCancel = (event: PointerEvent): void => {
    if (this.press?.pointerId !== event.pointerId) return;
    if (this.press.onHandle) {
      this.controls.pointerUp(this.pointer(event));
      this.orbit.enabled = true;
    }
    this.press = null;
  };

  /**
   * The pointer as TransformControls' pointer methods read it: normalised device coordinates
   * and the button ({ x, y, button }, what its own listeners pass), which its type declarations
   * call a PointerEvent.
   */
  private pointer(event: PointerEvent): PointerEvent {
    return { ...this.ndc(event), button: event.button } as unknown as PointerEvent;
  }

  private ndc(event: PointerEvent): Ndc {
    const rect = this.canvas.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * 2 - 1,
      y: -((event.clientY - rect.top) / rect.height) * 2 + 1,
    };
  }
}
