/**
 * Everything the viewport draws on and around the simulated bodies besides their shape: the
 * colour modes (body-colouring.ts), the pin and collider markers (scene-markers.ts) and the move
 * gizmo on the selected marker or mesh body (transform-gizmo.ts). It follows the editor's scene and the
 * worker's bodies and positions; a finished gizmo drag goes out through `onMove` as one edit.
 */
import {
  Euler,
  type Object3D,
  type PerspectiveCamera,
  Raycaster,
  type Scene as ThreeScene,
  Vector2,
} from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { MeshTransform } from '../../../core/scene/mesh-transform.ts';
import type { Scene, Vec3 } from '../../../core/scene/scene.ts';
import { sameTarget, type TransformTarget } from '../editor/transform-edits.ts';
import type { BodyLayout, ParticleForces } from '../sim/protocol.ts';
import { BodyColouring, type ColourMode, type Legend } from './body-colouring.ts';
import type { BodyMeshes } from './body-meshes.ts';
import { SceneMarkers } from './scene-markers.ts';
import { type GizmoMode, type Ndc, TransformGizmo } from './transform-gizmo.ts';

export interface DecorationsDeps {
  scene: ThreeScene;
  camera: PerspectiveCamera;
  container: HTMLElement;
  canvas: HTMLCanvasElement;
  orbit: OrbitControls;
  bodies: BodyMeshes;
  /** The drawn bodies a click can hit before a marker behind them. */
  bodyObjects: () => Object3D[];
  invalidate: () => void;
}

const raycaster = new Raycaster();
const pointer = new Vector2();

export class SceneDecorations {
  private readonly markers = new SceneMarkers();
  private readonly colouring: BodyColouring;
  private readonly gizmo: TransformGizmo;
  private scene: Scene | null = null;
  private layouts: readonly BodyLayout[] = [];
  private positions: Float32Array | null = null;
  private target: TransformTarget | null = null;
  private mode: GizmoMode = 'translate';
  private legendNow: Legend = { kind: 'none' };
  private readonly listeners = new Set<() => void>();
  /** Where finished gizmo moves go: the editor turns them into one undoable edit. */
  onMove: ((target: TransformTarget, deltaM: [number, number, number]) => void) | null = null;
  /** Where finished drags on a mesh body go: its whole new transform, one undoable edit. */
  onTransform: ((bodyIndex: number, transform: MeshTransform) => void) | null = null;

  constructor(private readonly deps: DecorationsDeps) {
    deps.scene.add(this.markers.root);
    this.colouring = new BodyColouring(deps.bodies, (legend) => {
      this.legendNow = legend;
      this.changed();
    });
    this.gizmo = new TransformGizmo(deps.scene, deps.camera, deps.container, deps.canvas, deps.orbit, () =>
      deps.invalidate(),
    );
    this.gizmo.onMoved = (delta, object) => {
      const target = this.target;
      if (target?.kind === 'body') this.onTransform?.(target.index, transformOfHandle(object));
      else if (target) this.onMove?.(target, delta);
    };
    this.gizmo.onClick = (ndc) => this.clickAt(ndc);
  }

  /** Calls `listener` after any change the HUD shows (legend, mode, selection, bodies). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get legend(): Legend {
    return this.legendNow;
  }

  get colourMode(): ColourMode {
    return this.colouring.current;
  }

  setColourMode(mode: ColourMode): void {
    this.colouring.setMode(mode);
    this.deps.invalidate();
    this.changed();
  }

  get showSimulationMesh(): boolean {
    return this.deps.bodies.showSimulationMesh;
  }

  /** Whether any drawn body has a render mesh, which "Show simulation mesh" would swap out. */
  get hasRenderMeshes(): boolean {
    return this.layouts.some((layout) => layout.render !== undefined);
  }

  /** Draws bodies with a render mesh by their simulation surface instead (body-meshes.ts). */
  setShowSimulationMesh(show: boolean): void {
    this.deps.bodies.setShowSimulationMesh(show);
    this.deps.invalidate();
    this.changed();
  }

  /** How many bodies are drawn. */
  get drawnBodies(): number {
    return this.layouts.length;
  }

  /** Bodies the mode leaves uncoloured, with the reason (for the selector's tooltip). */
  uncoloured(mode: ColourMode) {
    return this.colouring.uncoloured(mode);
  }

  /** The scene document changed: redraw markers and group colours, keep the gizmo's target if it still exists. */
  setScene(scene: Scene): void {
    this.scene = scene;
    this.colouring.setGroups(scene.bodies.map((body) => body.groups));
    this.rebuildMarkers();
  }

  /** New bodies from the worker, at rest `positions` (m). */
  setBodies(layouts: readonly BodyLayout[], positions: Float32Array): void {
    this.layouts = layouts;
    this.positions = positions;
    this.colouring.setBodies(layouts, positions);
    this.rebuildMarkers();
  }

  /** New positions (m) about to be drawn. */
  setPositions(positions: Float32Array): void {
    this.positions = positions;
    this.colouring.update(positions);
    this.markers.update(positions);
  }

  /** Moves the colliders that have a motion to their place at simulated time `timeS` (s). */
  setSimTime(timeS: number): void {
    this.markers.follow(timeS);
  }

  /** The latest per-particle constraint forces (for the 'constraint force' colouring). */
  setConstraintForces(forces: ParticleForces): void {
    this.colouring.setForces(forces);
  }

  /** Hidden with the bodies while a static mesh is shown; the gizmo lets go. */
  setVisible(visible: boolean): void {
    this.markers.root.visible = visible;
    if (!visible) this.select(null);
  }

  get selected(): TransformTarget | null {
    return this.target;
  }

  /** What a drag does: move, turn or scale. Colliders and pins only move. */
  get gizmoMode(): GizmoMode {
    return this.mode;
  }

  setGizmoMode(mode: GizmoMode): void {
    this.mode = mode;
    this.gizmo.setMode(this.target?.kind === 'body' ? mode : 'translate');
    this.deps.invalidate();
    this.changed();
  }

  /** Puts the gizmo on `target`'s marker (null: none). */
  select(target: TransformTarget | null): void {
    const handle = target && this.markers.root.visible ? this.markers.handleFor(target) : null;
    const next = handle ? target : null;
    this.gizmo.setMode(next?.kind === 'body' ? this.mode : 'translate');
    this.gizmo.attach(handle);
    this.markers.highlight(next);
    this.deps.canvas.dataset.gizmo = next ? describe(next) : '';
    if (!next) delete this.deps.canvas.dataset.gizmoAt;
    if (sameTarget(next, this.target)) return;
    this.target = next;
    this.deps.invalidate();
    this.changed();
  }

  /** Before each draw: publishes where the gizmo is on screen (canvas data-gizmo-at, CSS px). */
  beforeDraw(): void {
    const at = this.gizmo.screenPoint();
    if (at) this.deps.canvas.dataset.gizmoAt = `${at.x.toFixed(1)},${at.y.toFixed(1)}`;
  }

  /** The scene again, as it is: puts a marker back after a move the editor refused. */
  refresh(): void {
    this.rebuildMarkers();
    this.deps.invalidate();
  }

  dispose(): void {
    this.gizmo.dispose();
    this.markers.dispose();
    this.listeners.clear();
  }

  private rebuildMarkers(): void {
    if (!this.scene) return;
    this.markers.build(this.scene, this.layouts, this.positions);
    const target = this.target;
    this.target = null;
    this.gizmo.attach(null);
    this.select(target);
    this.deps.invalidate();
    this.changed();
  }

  /** A click on the canvas: a marker in front of every body takes the gizmo; empty space drops it. */
  private clickAt(ndc: Ndc): void {
    pointer.set(ndc.x, ndc.y);
    raycaster.setFromCamera(pointer, this.deps.camera);
    const marker = this.markers.pick(raycaster);
    const body = raycaster.intersectObjects(this.deps.bodyObjects(), false)[0];
    if (marker && (!body || marker.distance < body.distance)) this.select(marker.target);
    else if (!body) this.select(null);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

function describe(target: TransformTarget): string {
  if (target.kind === 'body') return `body:${target.index}`;
  return target.kind === 'collider' ? `collider:${target.index}` : `pin:${target.body}:${target.pin}`;
}

/** Digits kept of a dragged rotation (degrees) and scale: the scene JSON stays readable. */
const DRAG_DIGITS = 6;
const rounded = (v: number) => Number(v.toFixed(DRAG_DIGITS)) + 0;

/** A mesh body's handle as the shape's transform (three's Euler order 'XYZ', as the scene's). */
export function transformOfHandle(object: Object3D): MeshTransform {
  const euler = new Euler().setFromQuaternion(object.quaternion, 'XYZ');
  return {
    position: object.position.toArray(),
    rotationDeg: [euler.x, euler.y, euler.z].map((r) => rounded((r * 180) / Math.PI)) as Vec3,
    scale: object.scale.toArray().map(rounded) as Vec3,
  };
}
