/**
 * One three.js object per simulated body, drawn from BodyView.surfaceTriangles (and
 * edges for ropes), updated in place from the worker's positions every frame.
 */
import {
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  DynamicDrawUsage,
  FrontSide,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshStandardMaterial,
} from 'three';
import type { BodyLayout } from '../sim/protocol.ts';
import { bodyColours } from './body-palette.ts';
import type { PickTarget } from './grab-picker.ts';

interface DrawnBody {
  layout: BodyLayout;
  /** Its own colour (body-palette.ts), sRGB hex. */
  colour: number;
  geometry: BufferGeometry;
  position: BufferAttribute;
  hasSurface: boolean;
  /** The shaded surface (null for ropes, drawn as lines). */
  mesh: Mesh | null;
  /** What draws the body (surface or lines), null when it has neither. */
  material: MeshStandardMaterial | LineBasicMaterial | null;
}

export class BodyMeshes {
  /** Add this to the scene; it holds every body's object. */
  readonly root = new Group();
  private drawn: DrawnBody[] = [];

  /** Replaces the drawn bodies with `bodies`, placed at `positions` (m, xyz, whole world). */
  setBodies(bodies: readonly BodyLayout[], positions: Float32Array): void {
    this.clear();
    const colours = bodyColours(bodies.map((body) => body.name));
    bodies.forEach((layout, index) => {
      const color = colours[index];
      const geometry = new BufferGeometry();
      const position = new BufferAttribute(new Float32Array(layout.particleCount * 3), 3);
      position.setUsage(DynamicDrawUsage);
      geometry.setAttribute('position', position);
      const hasSurface = layout.surfaceTriangles.length > 0;
      let surface: Mesh | null = null;
      let material: MeshStandardMaterial | LineBasicMaterial | null = null;
      if (hasSurface) {
        geometry.setIndex(new BufferAttribute(layout.surfaceTriangles, 1));
        const mesh = new Mesh(
          geometry,
          new MeshStandardMaterial({
            color,
            roughness: 0.55,
            metalness: 0,
            // Cloth is a single sheet: both faces must shade and cast shadows.
            side: layout.kind === 'cloth' ? DoubleSide : FrontSide,
          }),
        );
        mesh.name = layout.name;
        material = mesh.material as MeshStandardMaterial;
        mesh.castShadow = true;
        mesh.receiveShadow = true;
        this.root.add(mesh);
        surface = mesh;
      } else if (layout.edges.length > 0) {
        geometry.setIndex(new BufferAttribute(layout.edges, 1));
        const lines = new LineSegments(geometry, new LineBasicMaterial({ color }));
        lines.name = layout.name;
        material = lines.material as LineBasicMaterial;
        this.root.add(lines);
      }
      this.drawn.push({ layout, colour: color, geometry, position, hasSurface, mesh: surface, material });
    });
    this.update(positions);
  }

  /** Copies each body's slice of `positions` (m, xyz, whole world) into its geometry. */
  update(positions: Float32Array): void {
    for (const body of this.drawn) {
      const start = body.layout.particleOffset * 3;
      const end = start + body.layout.particleCount * 3;
      if (end > positions.length) continue;
      (body.position.array as Float32Array).set(positions.subarray(start, end));
      body.position.needsUpdate = true;
      if (body.hasSurface) body.geometry.computeVertexNormals();
      body.geometry.computeBoundingSphere();
    }
  }

  /**
   * Colours body `index` per vertex from `colours` (linear RGB, 3 floats per body vertex; the
   * array is copied), or gives it back its body colour when null (colour modes, body-colouring.ts).
   */
  setVertexColours(index: number, colours: Float32Array | null): void {
    const body = this.drawn[index];
    const material = body?.material;
    if (!material) return;
    if (colours === null) {
      if (!material.vertexColors) return;
      material.vertexColors = false;
      material.color.setHex(body.colour);
      material.needsUpdate = true;
      return;
    }
    let attribute = body.geometry.getAttribute('color') as BufferAttribute | undefined;
    if (!attribute || attribute.count !== body.layout.particleCount) {
      attribute = new BufferAttribute(new Float32Array(body.layout.particleCount * 3), 3);
      attribute.setUsage(DynamicDrawUsage);
      body.geometry.setAttribute('color', attribute);
    }
    (attribute.array as Float32Array).set(colours.subarray(0, attribute.array.length));
    attribute.needsUpdate = true;
    if (!material.vertexColors) {
      material.vertexColors = true;
      // The vertex colour is multiplied by the material colour: white leaves it as given.
      material.color.setHex(0xffffff);
      material.needsUpdate = true;
    }
  }

  /** The shaded surfaces the mouse can grab (none while the bodies are hidden). */
  pickTargets(): PickTarget[] {
    if (!this.root.visible) return [];
    const out: PickTarget[] = [];
    for (const body of this.drawn) if (body.mesh) out.push({ object: body.mesh, layout: body.layout });
    return out;
  }

  clear(): void {
    for (const object of [...this.root.children]) {
      this.root.remove(object);
      if (object instanceof Mesh || object instanceof LineSegments) {
        object.geometry.dispose();
        (object.material as { dispose(): void }).dispose();
      }
    }
    this.drawn = [];
  }
}
