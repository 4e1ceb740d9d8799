/**
 * The 3D viewport: owns the canvas and puts together the stage, the body meshes, the
 * camera rig and the render loop. It draws what it is given and never touches the solver.
 */
import type { Mesh, Object3D } from 'three';
import type { TriMesh } from '../../../core/mesh/types.ts';
import { sameLayout, type ToolMode } from '../selection/selection-state.ts';
import type { BodyLayout, ParticleForces } from '../sim/protocol.ts';
import { BodyMeshes } from './body-meshes.ts';
import { CameraRig } from './camera-rig.ts';
import { type Bounds, bodiesBounds, boundsOf } from './framing.ts';
import { type GrabHandler, GrabTool } from './grab-tool.ts';
import { RenderLoop } from './render-loop.ts';
import { QUALITY_PROFILES, type QualityProfile, type ViewportQuality } from './render-quality.ts';
import { SceneDecorations } from './scene-decorations.ts';
import { SelectionPoints } from './selection-points.ts';
import { type SelectionPickHandler, SelectionTool } from './selection-tool.ts';
import { createStage, type Stage } from './stage.ts';
import { createStaticMesh, disposeStaticMesh } from './static-mesh.ts';

/** Highest device pixel ratio rendered: beyond 2 the cost grows with no visible gain. */
const MAX_PIXEL_RATIO = 2;

export class Viewport {
  readonly canvas: HTMLCanvasElement;
  private readonly stage: Stage;
  private readonly rig: CameraRig;
  private readonly bodies = new BodyMeshes();
  private readonly loop: RenderLoop;
  private readonly resizeObserver: ResizeObserver;
  private pendingPositions: Float32Array | null = null;
  private dirty = true;
  /** The simulated scene's framing and ground, restored when a static mesh is closed. */
  private sceneView: { bounds: Bounds | null; groundHeightM: number } = { bounds: null, groundHeightM: 0 };
  private staticMesh: Mesh | null = null;
  /** A tet mesh drawn in place of the static mesh (tetra/), or null. */
  private tetMesh: Object3D | null = null;
  private readonly grabTool: GrabTool;
  /** Colour modes, pin and collider markers, and the move gizmo (scene-decorations.ts). */
  readonly decorations: SceneDecorations;
  /** Where grabs go while the grab tool is active (the other tools take the left button). */
  private grabHandler: GrabHandler | null = null;
  private readonly selectionTool: SelectionTool;
  private readonly selectionPoints = new SelectionPoints();
  /** The drawn bodies and their latest positions (m), for the selection tools. */
  private layouts: readonly BodyLayout[] = [];
  /** Worlds shown since the page opened (one per load of the scene into the worker). */
  private worldsShown = 0;
  private currentPositions: Float32Array | null = null;

  private profile: Readonly<QualityProfile>;
  private readonly container: HTMLElement;

  /** @param quality how much to draw (render-quality.ts: light where WebGL runs in software) */
  constructor(container: HTMLElement, onFps: (fps: number) => void, quality: ViewportQuality = 'full') {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'viewport-canvas';
    this.canvas.setAttribute('aria-label', '3D viewport');
    this.canvas.dataset.quality = quality;
    container.append(this.canvas);
    this.container = container;

    this.profile = QUALITY_PROFILES[quality];
    this.stage = createStage(this.canvas, this.profile);
    this.bodies.setCoarseAboveTriangles(this.profile.coarseAboveTriangles);
    this.stage.scene.add(this.bodies.root);
    this.rig = new CameraRig(this.canvas, () => this.invalidate());
    // Before the tools below: the gizmo's pointer listener must run first to keep its presses.
    this.decorations = new SceneDecorations({
      scene: this.stage.scene,
      camera: this.rig.camera,
      container,
      canvas: this.canvas,
      orbit: this.rig.controls,
      bodies: this.bodies,
      bodyObjects: () => this.bodies.pickTargets().map((target) => target.object),
      invalidate: () => this.invalidate(),
    });
    this.grabTool = new GrabTool(container, this.canvas, this.rig.camera, this.rig.controls, () =>
      this.bodies.pickTargets(),
    );
    this.selectionTool = new SelectionTool(container, this.canvas, this.rig.camera, this.rig.controls, () =>
      this.bodies.root.visible && this.currentPositions
        ? {
            layouts: this.layouts,
            positionsM: this.currentPositions,
            occluders: this.bodies.pickTargets().map((target) => target.object),
          }
        : null,
    );
    this.stage.scene.add(this.selectionPoints.object);

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();

    this.loop = new RenderLoop(
      {
        moveCamera: () => this.rig.update(),
        beforeDraw: (cameraMoved) => {
          // Moving the window to a screen of another density resizes nothing, so check here.
          if (this.pixelRatio() !== this.stage.renderer.getPixelRatio()) this.resize();
          if (this.pendingPositions) {
            this.bodies.update(this.pendingPositions);
            this.publishDrawn();
            this.decorations.setPositions(this.pendingPositions);
            this.selectionPoints.update(this.pendingPositions);
            this.currentPositions = this.pendingPositions;
            this.pendingPositions = null;
            this.dirty = true;
          }
          const draw = this.dirty || cameraMoved;
          this.dirty = false;
          if (draw) this.decorations.beforeDraw();
          return draw;
        },
        draw: () => this.stage.renderer.render(this.stage.scene, this.rig.camera),
        onFps,
      },
      this.profile.drawIntervals,
    );
    this.loop.start();
  }

  /**
   * Shows a new set of bodies at `positions` (m) and frames them together with the ground below.
   * The same bodies built again (an edit of a material, a pin, a position) keep the camera where
   * the user put it, so editing from a chosen view (select, pin) does not throw the view away.
   */
  setBodies(bodies: readonly BodyLayout[], positions: Float32Array, groundHeightM: number | null): void {
    this.grabTool.cancel();
    this.selectionTool.cancel();
    this.bodies.setBodies(bodies, positions);
    // data-worlds-shown counts the worlds shown, so an end-to-end test can wait for the one an
    // edit rebuilds before it reads the simulation (a rebuild may lag the edit on a busy machine).
    this.canvas.dataset.worldsShown = String(++this.worldsShown);
    this.publishDrawn();
    this.decorations.setBodies(bodies, positions);
    const rebuilt = sameLayout(this.layouts, bodies);
    this.layouts = bodies;
    this.currentPositions = positions;
    this.pendingPositions = null;
    const bounds = boundsOf(positions);
    if (bounds && groundHeightM !== null) bounds.min[1] = Math.min(bounds.min[1], groundHeightM);
    this.sceneView = { bounds, groundHeightM: groundHeightM ?? 0 };
    if (!this.staticMesh) this.showScene(!rebuilt);
  }

  /**
   * Shows an imported mesh alone, standing on the ground, in place of the simulated bodies;
   * null returns to the bodies.
   */
  showStaticMesh(mesh: TriMesh | null): void {
    this.grabTool.cancel();
    if (this.staticMesh) {
      this.stage.scene.remove(this.staticMesh);
      disposeStaticMesh(this.staticMesh);
      this.staticMesh = null;
    }
    if (!mesh) {
      this.showScene();
      return;
    }
    this.staticMesh = createStaticMesh(mesh);
    this.stage.scene.add(this.staticMesh);
    this.bodies.root.visible = false;
    this.decorations.setVisible(false);
    const bounds = boundsOf(mesh.positions);
    if (bounds) {
      this.stage.setGroundHeight(bounds.min[1]);
      this.frame(bounds);
    }
    this.invalidate();
  }

  /**
   * Draws `object` (the tet mesh made from the static mesh) in its place, in the same frame;
   * null shows the static mesh again. The caller owns the object and disposes it.
   */
  showTetMesh(object: Object3D | null): void {
    if (this.tetMesh) this.stage.scene.remove(this.tetMesh);
    this.tetMesh = object;
    if (object) this.stage.scene.add(object);
    if (this.staticMesh) this.staticMesh.visible = object === null;
    this.invalidate();
  }

  /**
   * Queues new positions (m); only the latest queued set is drawn on the next animation frame.
   * `simTimeS` (s) places the colliders that move.
   */
  setPositions(positions: Float32Array, forces?: ParticleForces, simTimeS?: number): void {
    this.pendingPositions = positions;
    if (forces) this.decorations.setConstraintForces(forces);
    if (simTimeS !== undefined) this.decorations.setSimTime(simTimeS);
  }

  /** Draws each body with `surfaces` (local triangles, 3 per triangle): what tearing left of it. */
  setSurfaces(surfaces: readonly Uint32Array[]): void {
    this.bodies.setSurfaces(surfaces);
    this.publishDrawn();
    this.invalidate();
  }

  /**
   * Where mouse grabs go (the sim client); null turns grabbing off. A press on a body grabs the
   * nearest particle of the hit triangle, dragging moves it on a camera-facing plane, and the
   * camera does not orbit meanwhile (grab-tool.ts).
   */
  setGrabHandler(handler: GrabHandler | null): void {
    this.grabTool.cancel();
    this.grabHandler = handler;
    this.grabTool.handler = this.selectionTool.tool === 'grab' ? handler : null;
  }

  /**
   * The left button's tool: 'grab' (bodies, grab-tool.ts) or a selection tool (click, box,
   * brush; selection-tool.ts), which reports its picks to `setSelectionHandler`'s handler.
   */
  setTool(mode: ToolMode): void {
    this.grabTool.cancel();
    this.selectionTool.setTool(mode);
    this.grabTool.handler = mode === 'grab' ? this.grabHandler : null;
  }

  setSelectionHandler(handler: SelectionPickHandler | null): void {
    this.selectionTool.cancel();
    this.selectionTool.handler = handler;
  }

  /** Draws the selected `vertices` (body-local) of the body at world particle `particleOffset`. */
  showSelection(particleOffset: number, vertices: readonly number[]): void {
    this.selectionPoints.show(particleOffset, vertices, this.currentPositions);
    this.invalidate();
  }

  /**
   * What each body is drawn with (name, vertex count, height range) as JSON on the canvas's
   * data-drawn-bodies: a read-only record for end-to-end tests, which cannot read the GPU's view.
   */
  private publishDrawn(): void {
    this.canvas.dataset.drawnBodies = JSON.stringify(this.bodies.summary());
  }

  setGridVisible(visible: boolean): void {
    this.stage.setGridVisible(visible);
    this.invalidate();
  }

  invalidate(): void {
    this.dirty = true;
  }

  /**
   * Switches the drawing profile (render-quality.ts). Antialiasing stays as the page opened:
   * WebGL fixes it when the context is made.
   */
  setQuality(quality: ViewportQuality): void {
    this.profile = { ...QUALITY_PROFILES[quality], antialias: this.profile.antialias };
    this.canvas.dataset.quality = quality;
    this.stage.setShadows(this.profile.shadows);
    this.loop.setDrawIntervals(this.profile.drawIntervals);
    this.bodies.setCoarseAboveTriangles(this.profile.coarseAboveTriangles);
    this.resize();
  }

  private showScene(reframeCamera = true): void {
    this.bodies.root.visible = true;
    this.decorations.setVisible(true);
    this.stage.setGroundHeight(this.sceneView.groundHeightM);
    const bounds = this.sceneView.bounds;
    if (bounds && reframeCamera) this.frame(bounds);
    else if (bounds) this.stage.fitShadows(bounds);
    this.invalidate();
  }

  /**
   * Frames the body `index` of the scene as it is drawn now (F), or every body when null; while
   * a mesh is shown static, that mesh. False when there is nothing to frame.
   */
  frameSelection(index: number | null): boolean {
    const bounds = this.staticMesh
      ? boundsOf(this.staticMesh.geometry.getAttribute('position').array)
      : this.currentPositions &&
        bodiesBounds(this.currentPositions, this.layouts, index === null ? null : [index]);
    if (!bounds) return false;
    this.frame(bounds);
    this.invalidate();
    return true;
  }

  private frame(bounds: Bounds): void {
    this.rig.frame(bounds);
    this.stage.fitShadows(bounds);
    // What the last framing aimed at, as JSON on the canvas: a read-only record for end-to-end
    // tests (as data-drawn-bodies), which cannot read the camera.
    this.canvas.dataset.cameraFrame = JSON.stringify({
      bounds,
      position: this.rig.camera.position.toArray(),
      target: this.rig.controls.target.toArray(),
    });
  }

  dispose(): void {
    this.loop.stop();
    this.grabTool.dispose();
    this.decorations.dispose();
    this.selectionTool.dispose();
    this.selectionPoints.dispose();
    this.resizeObserver.disconnect();
    this.rig.dispose();
    this.bodies.clear();
    this.stage.dispose();
    this.canvas.remove();
  }

  private resize(): void {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.stage.renderer.setPixelRatio(this.pixelRatio());
    this.stage.renderer.setSize(width, height, false);
    this.rig.setAspect(width / height);
    this.invalidate();
  }

  private pixelRatio(): number {
    return Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO) * this.profile.resolutionScale;
  }
}
