/**
 * The select, box and brush tools in the viewport: pointer events go through the pure state
 * machine of selection/tool-machine.ts, and its effects become picks (selection/screen-pick.ts)
 * sent to a `SelectionPickHandler`, and a rubber-band rectangle drawn as a DOM overlay. While a
 * gesture runs the orbit controls are off, so a left drag never turns the camera; right-drag pans
 * and the wheel zooms as always. The tool only reports picks; the selection lives elsewhere.
 */
import type { Camera, Object3D } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import {
  projectParticles,
  type ScreenPoint,
  type ScreenRect,
  verticesInRect,
  verticesNearPoint,
  verticesNearSegment,
} from '../selection/screen-pick.ts';
import type { ToolMode } from '../selection/selection-state.ts';
import {
  cancel,
  IDLE,
  pointerDown,
  pointerMove,
  pointerUp,
  type ToolEffect,
  type ToolMachineState,
  type Transition,
} from '../selection/tool-machine.ts';
import { opForModifiers, type SelectOp } from '../selection/vertex-selection.ts';
import type { BodyLayout } from '../sim/protocol.ts';
import { isVertexVisible } from './vertex-visibility.ts';

/** A click takes the nearest visible vertex within this distance of the cursor, CSS px. */
export const CLICK_RADIUS_PX = 10;
/** Radius of the brush on screen, CSS px. */
export const BRUSH_RADIUS_PX = 16;

/** Where picks go: `hits[b]` are the body-local vertices of body b that the gesture covered. */
export interface SelectionPickHandler {
  pick(hits: number[][], op: SelectOp): void;
}

/** What the tools pick from: the drawn bodies (null while a static mesh hides them). */
export interface SelectionTargets {
  layouts: readonly BodyLayout[];
  /** Current positions, m, xyz interleaved, whole world. */
  positionsM: Float32Array;
  /** The shaded surfaces, which hide the vertices behind them from a click. */
  occluders: readonly Object3D[];
}

export class SelectionTool {
  handler: SelectionPickHandler | null = null;
  private mode: ToolMode = 'grab';
  private state: ToolMachineState = IDLE;
  private readonly rect: HTMLDivElement;
  private readonly brush: HTMLDivElement;

  /**
   * @param container parent of the canvas; its capture-phase listener runs before the orbit
   *   controls' listener on the canvas, so a press the tool takes never reaches them
   */
  constructor(
    private readonly container: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly camera: Camera,
    private readonly controls: OrbitControls,
    private readonly targets: () => SelectionTargets | null,
  ) {
    this.rect = overlay('selection-rect', 'selection-rect');
    this.brush = overlay('selection-brush', 'selection-brush');
    this.brush.style.width = this.brush.style.height = `${2 * BRUSH_RADIUS_PX}px`;
    container.append(this.rect, this.brush);
    container.addEventListener('pointerdown', this.onDown, { capture: true });
    canvas.addEventListener('pointermove', this.onMove);
    canvas.addEventListener('pointerup', this.onUp);
    canvas.addEventListener('pointercancel', this.onCancel);
    canvas.addEventListener('pointerleave', this.onLeave);
    window.addEventListener('keydown', this.onKey);
    canvas.dataset.tool = this.mode;
  }

  get tool(): ToolMode {
    return this.mode;
  }

  setTool(mode: ToolMode): void {
    this.cancel();
    this.mode = mode;
    this.canvas.dataset.tool = mode;
    if (mode !== 'brush') this.brush.hidden = true;
  }

  /** Abandons a gesture without picking (the bodies were replaced, the tool switched). */
  cancel(): void {
    const pointerId = this.state.kind === 'idle' ? null : this.state.pointerId;
    this.apply(cancel(this.state));
    if (pointerId !== null && this.canvas.hasPointerCapture(pointerId)) {
      this.canvas.releasePointerCapture(pointerId);
    }
    this.controls.enabled = true;
  }

  dispose(): void {
    this.cancel();
    this.container.removeEventListener('pointerdown', this.onDown, { capture: true });
    this.canvas.removeEventListener('pointermove', this.onMove);
    this.canvas.removeEventListener('pointerup', this.onUp);
    this.canvas.removeEventListener('pointercancel', this.onCancel);
    this.canvas.removeEventListener('pointerleave', this.onLeave);
    window.removeEventListener('keydown', this.onKey);
    this.rect.remove();
    this.brush.remove();
  }

  private readonly onDown = (event: PointerEvent): void => {
    if (event.target !== this.canvas || event.button !== 0 || !this.handler) return;
    const transition = pointerDown(this.state, this.mode, {
      pointerId: event.pointerId,
      at: this.point(event),
      op: opForModifiers(event),
    });
    if (!transition.handled) return;
    event.stopPropagation();
    event.preventDefault();
    this.controls.enabled = false;
    this.canvas.setPointerCapture(event.pointerId);
    this.apply(transition);
  };

  private readonly onMove = (event: PointerEvent): void => {
    const at = this.point(event);
    if (this.mode === 'brush') this.placeBrush(at);
    this.apply(pointerMove(this.state, { pointerId: event.pointerId, at }));
  };

  private readonly onUp = (event: PointerEvent): void => {
    const transition = pointerUp(this.state, { pointerId: event.pointerId, at: this.point(event) });
    if (!transition.handled) return;
    this.controls.enabled = true;
    this.apply(transition);
  };

  private readonly onCancel = (event: PointerEvent): void => {
    if (this.state.kind !== 'idle' && this.state.pointerId === event.pointerId) this.cancel();
  };

  /** Escape abandons a box or stroke in progress (and is left alone otherwise). */
  private readonly onKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || this.state.kind === 'idle') return;
    event.preventDefault();
    this.cancel();
  };

  private readonly onLeave = (): void => {
    if (this.state.kind === 'idle') this.brush.hidden = true;
  };

  private apply(transition: Transition): void {
    this.state = transition.state;
    for (const effect of transition.effects) this.run(effect);
  }

  private run(effect: ToolEffect): void {
    if (effect.type === 'show-rect') {
      this.showRect(effect.rect);
      return;
    }
    const targets = this.targets();
    if (!targets || !this.handler) return;
    this.camera.updateMatrixWorld();
    const projection = projectParticles(
      this.camera,
      targets.positionsM,
      this.canvas.clientWidth,
      this.canvas.clientHeight,
    );
    switch (effect.type) {
      case 'pick-rect':
        this.handler.pick(verticesInRect(projection, targets.layouts, effect.rect), effect.op);
        return;
      case 'brush':
        this.handler.pick(
          verticesNearSegment(projection, targets.layouts, effect.from, effect.to, BRUSH_RADIUS_PX),
          effect.op,
        );
        return;
      case 'pick-point': {
        const hits: number[][] = targets.layouts.map(() => []);
        const near = verticesNearPoint(projection, targets.layouts, effect.at, CLICK_RADIUS_PX);
        const front = near.find(({ body, vertex }) => {
          const i = 3 * (targets.layouts[body].particleOffset + vertex);
          const p = targets.positionsM;
          return isVertexVisible(this.camera, [p[i], p[i + 1], p[i + 2]], targets.occluders);
        });
        if (front) hits[front.body].push(front.vertex);
        this.handler.pick(hits, effect.op);
        return;
      }
    }
  }

  private showRect(rect: ScreenRect | null): void {
    this.rect.hidden = rect === null;
    if (!rect) return;
    const offset = this.canvasOffset();
    const style = this.rect.style;
    style.left = `${offset.x + Math.min(rect.a.x, rect.b.x)}px`;
    style.top = `${offset.y + Math.min(rect.a.y, rect.b.y)}px`;
    style.width = `${Math.abs(rect.b.x - rect.a.x)}px`;
    style.height = `${Math.abs(rect.b.y - rect.a.y)}px`;
  }

  private placeBrush(at: ScreenPoint): void {
    const offset = this.canvasOffset();
    this.brush.hidden = false;
    this.brush.style.left = `${offset.x + at.x - BRUSH_RADIUS_PX}px`;
    this.brush.style.top = `${offset.y + at.y - BRUSH_RADIUS_PX}px`;
  }

  /** The pointer on the canvas, CSS px from its top-left corner. */
  private point(event: PointerEvent): ScreenPoint {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  /** Where the canvas sits in the container (the overlays are positioned in the container), px. */
  private canvasOffset(): ScreenPoint {
    const canvas = this.canvas.getBoundingClientRect();
    const container = this.container.getBoundingClientRect();
    return {
      x: canvas.left - container.left - this.container.clientLeft,
      y: canvas.top - container.top - this.container.clientTop,
    };
  }
}

function overlay(className: string, testId: string): HTMLDivElement {
  const div = document.createElement('div');
  div.className = className;
  div.dataset.testid = testId;
  div.hidden = true;
  // Pointer events pass through to the canvas under it.
  div.setAttribute('aria-hidden', 'true');
  return div;
}
