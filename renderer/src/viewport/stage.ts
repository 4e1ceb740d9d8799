/**
 * The fixed part of the viewport: WebGL renderer, scene, lights, ground plane and grid.
 * Bodies are added by BodyMeshes; the camera lives in CameraRig.
 */
import {
  ACESFilmicToneMapping,
  Color,
  DirectionalLight,
  Fog,
  GridHelper,
  HemisphereLight,
  type LineBasicMaterial,
  Mesh,
  MeshStandardMaterial,
  PCFSoftShadowMap,
  PlaneGeometry,
  Scene,
  SRGBColorSpace,
  WebGLRenderer,
} from 'three';
import type { Bounds } from './framing.ts';
import type { QualityProfile } from './render-quality.ts';

const BACKGROUND = 0x272b33;
const GROUND = 0x3b414b;
/** Side of the ground plane, m: large enough that its edge is lost in the fog. */
const GROUND_SIZE_M = 60;
/** Side of the grid, m: smaller than the ground so distant lines do not alias into stripes. */
const GRID_SIZE_M = 8;
const GRID_CELL_M = 0.25;
/** The grid floats this far above the ground so the two do not z-fight, m. */
const GRID_LIFT_M = 0.001;

export interface Stage {
  renderer: WebGLRenderer;
  scene: Scene;
  /** Moves ground and grid to height `heightM` (m). */
  setGroundHeight(heightM: number): void;
  setGridVisible(visible: boolean): void;
  /** Turns the sun's shadows on or off (the quality profile). */
  setShadows(enabled: boolean): void;
  /** Fits the sun's shadow camera around `bounds` so shadows stay sharp. */
  fitShadows(bounds: Bounds): void;
  dispose(): void;
}

export function createStage(canvas: HTMLCanvasElement, profile: Readonly<QualityProfile>): Stage {
  const renderer = new WebGLRenderer({
    canvas,
    antialias: profile.antialias,
    powerPreference: 'high-performance',
  });
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.toneMapping = ACESFilmicToneMapping;
  renderer.shadowMap.enabled = profile.shadows;
  renderer.shadowMap.type = PCFSoftShadowMap;

  const scene = new Scene();
  scene.background = new Color(BACKGROUND);
  scene.fog = new Fog(BACKGROUND, 8, 22);

  const sky = new HemisphereLight(0xe6eefc, 0x4a4238, 1.6);
  scene.add(sky);

  const sun = new DirectionalLight(0xffffff, 2.2);
  sun.position.set(3, 7, 4);
  sun.castShadow = true;
  sun.shadow.mapSize.set(2048, 2048);
  sun.shadow.bias = -0.001;
  sun.shadow.normalBias = 0.02;
  sun.shadow.radius = 4;
  scene.add(sun, sun.target);

  const ground = new Mesh(
    new PlaneGeometry(GROUND_SIZE_M, GROUND_SIZE_M),
    new MeshStandardMaterial({ color: GROUND, roughness: 0.95, metalness: 0 }),
  );
  ground.rotation.x = -Math.PI / 2;
  ground.receiveShadow = true;
  scene.add(ground);

  const grid = new GridHelper(GRID_SIZE_M, GRID_SIZE_M / GRID_CELL_M, 0x9aa3b3, 0x7a8292);
  grid.position.y = GRID_LIFT_M;
  const gridMaterial = grid.material as LineBasicMaterial;
  gridMaterial.transparent = true;
  gridMaterial.opacity = 0.35;
  gridMaterial.depthWrite = false;
  scene.add(grid);

  return {
    renderer,
    scene,
    setGroundHeight(heightM) {
      ground.position.y = heightM;
      grid.position.y = heightM + GRID_LIFT_M;
    },
    setGridVisible(visible) {
      grid.visible = visible;
    },
    setShadows(enabled) {
      if (renderer.shadowMap.enabled === enabled) return;
      renderer.shadowMap.enabled = enabled;
      // three.js builds shadow lookups into each material's shader: have them built again.
      scene.traverse((object) => {
        const material = (object as Partial<Mesh>).material;
        if (!material) return;
        for (const one of Array.isArray(material) ? material : [material]) one.needsUpdate = true;
      });
    },
    fitShadows(bounds) {
      const cx = (bounds.min[0] + bounds.max[0]) / 2;
      const cy = (bounds.min[1] + bounds.max[1]) / 2;
      const cz = (bounds.min[2] + bounds.max[2]) / 2;
      const radius =
        0.5 *
        Math.hypot(
          bounds.max[0] - bounds.min[0],
          bounds.max[1] - bounds.min[1],
          bounds.max[2] - bounds.min[2],
        );
      // Room for the bodies to move and for their shadows to fall beside them.
      const reach = Math.max(1, radius * 2);
      sun.target.position.set(cx, cy, cz);
      sun.position.set(cx + 3, cy + 7, cz + 4);
      const camera = sun.shadow.camera;
      camera.left = -reach;
      camera.right = reach;
      camera.top = reach;
      camera.bottom = -reach;
      camera.near = 0.1;
      camera.far = 20 + reach;
      camera.updateProjectionMatrix();
    },
    dispose() {
      renderer.dispose();
    },
  };
}
