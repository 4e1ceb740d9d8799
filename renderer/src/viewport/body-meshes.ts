/**
 * One three.js object per simulated body, drawn from BodyView.surfaceTriangles (and
 * edges for ropes), updated in place from the worker's positions every frame. A body with a
 * render mesh (its imported surface, BodyLayout.render) is drawn with that mesh instead, skinned
 * from the same positions; the simulation surface stays for grabbing (raycasts hit hidden
 * meshes), for "Show simulation mesh", and for the colour modes, whose colours are per particle.
 * Where the viewport is light, a dense surface is drawn through a coarser stand-in on the same
 * vertices (surface-lod.ts), and the whole surface, hidden, stays what grabbing and selecting hit.
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
  Points,
  PointsMaterial,
} from 'three';
import type { BodyLayout, BodyRenderMesh } from '../sim/protocol.ts';
import { bodyColours } from './body-palette.ts';
import type { PickTarget } from './grab-picker.ts';
import { skinRenderMesh } from './skin-render-mesh.ts';
import { coarseSurface } from './surface-lod.ts';

/** A body's render mesh as drawn: its own geometry, skinned every frame. */
interface DrawnRender {
  data: BodyRenderMesh;
  tets: Uint32Array;
  mesh: Mesh;
  geometry: BufferGeometry;
  position: BufferAttribute;
}

/** What the viewport draws of one body, for tests and the canvas's data attribute. */
export interface DrawnSummary {
  name: string;
  /** Vertices of the object shown: the render mesh's, or the body's particles. */
  vertices: number;
  /** Lowest and highest y of those vertices, m. */
  minY: number;
  maxY: number;
  /** Their box along x, y, z, m. */
  min: [number, number, number];
  max: [number, number, number];
  /** Triangles of the object shown (0 for ropes). */
  triangles: number;
  /** Whether the shown object is the coarser stand-in of a dense surface (surface-lod.ts). */
  coarse: boolean;
}

/** A dense surface's coarser stand-in: its own triangles on the body's vertices and attributes. */
interface DrawnCoarse {
  mesh: Mesh;
  geometry: BufferGeometry;
}

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
  /** The render mesh drawn in place of the surface; null for bodies without one. */
  render: DrawnRender | null;
  /** The coarser stand-in drawn in place of a dense surface; made when first wanted. */
  coarse: DrawnCoarse | null;
  /** Coloured per particle by a colour mode: only the simulation surface can show that. */
  coloured: boolean;
  /** Torn (setSurfaces): the render mesh cannot open along the tear, the simulation surface can. */
  torn: boolean;
}

export class BodyMeshes {
  /** Add this to the scene; it holds every body's object. */
  readonly root = new Group();
  private drawn: DrawnBody[] = [];
  private showSimulation = false;
  /** Surfaces of more triangles are drawn through a stand-in (render-quality.ts). */
  private coarseAboveTriangles = Number.POSITIVE_INFINITY;

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
        // The particles of a link body (rope nodes, ragdoll joints) as dots on its lines.
        const joints = new Points(geometry, new PointsMaterial({ color, size: 6, sizeAttenuation: false }));
        joints.name = `${layout.name} joints`;
        this.root.add(joints);
      }
      const render = surface && layout.render && layout.tets ? this.addRender(layout, color) : null;
      const body = { layout, colour: color, geometry, position, hasSurface, mesh: surface, material, render };
      this.drawn.push({ ...body, coarse: null, coloured: false, torn: false });
    });
    this.update(positions);
    // After the positions: a stand-in is clustered from where the body is when it is loaded.
    for (const body of this.drawn) this.showChosen(body);
  }

  /** Draws surfaces of more than `triangles` triangles through a coarser stand-in (Infinity: none). */
  setCoarseAboveTriangles(triangles: number): void {
    if (triangles === this.coarseAboveTriangles) return;
    this.coarseAboveTriangles = triangles;
    for (const body of this.drawn) this.showChosen(body);
  }

  /** Draws each body's simulation surface (true) or, where it has one, its render mesh (false). */
  setShowSimulationMesh(show: boolean): void {
    this.showSimulation = show;
    for (const body of this.drawn) this.showChosen(body);
  }

  get showSimulationMesh(): boolean {
    return this.showSimulation;
  }

  /** Per body, what is drawn now (vertex count and height range of the shown object). */
  summary(): DrawnSummary[] {
    return this.drawn.map((body) => {
      const coarse = body.coarse?.mesh.visible === true;
      const shown = body.render?.mesh.visible ? body.render.position : body.position;
      const array = shown.array as Float32Array;
      const min: [number, number, number] = [Infinity, Infinity, Infinity];
      const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < array.length; i++) {
        const k = i % 3;
        if (array[i] < min[k]) min[k] = array[i];
        if (array[i] > max[k]) max[k] = array[i];
      }
      const index = body.render?.mesh.visible
        ? body.render.geometry.index
        : coarse
          ? (body.coarse?.geometry.index ?? null)
          : body.hasSurface
            ? body.geometry.index
            : null;
      const triangles = (index?.count ?? 0) / 3;
      return {
        name: body.layout.name,
        vertices: shown.count,
        minY: min[1],
        maxY: max[1],
        min,
        max,
        triangles,
        coarse,
      };
    });
  }

  /**
   * Draws each body's simulation surface with `surfaces[i]` (local triangles; tearing.ts, sent by
   * the worker when torn elements change); a body drawn whole again (reset) gets its render mesh back.
   */
  setSurfaces(surfaces: readonly Uint32Array[]): void {
    this.drawn.forEach((body, i) => {
      const triangles = surfaces[i];
      if (!triangles || !body.hasSurface) return;
      body.geometry.setIndex(new BufferAttribute(triangles, 1));
      body.torn = !sameTriangles(triangles, body.layout.surfaceTriangles);
      this.showChosen(body);
    });
  }

  private addRender(layout: BodyLayout, color: number): DrawnRender | null {
    const data = layout.render;
    const tets = layout.tets;
    if (!data || !tets) return null;
    const geometry = new BufferGeometry();
    const position = new BufferAttribute(new Float32Array(data.elements.length * 3), 3);
    position.setUsage(DynamicDrawUsage);
    geometry.setAttribute('position', position);
    geometry.setIndex(new BufferAttribute(data.indices, 1));
    const mesh = new Mesh(geometry, new MeshStandardMaterial({ color, roughness: 0.55, metalness: 0 }));
    mesh.name = `${layout.name} (render mesh)`;
    mesh.castShadow = true;
    mesh.receiveShadow = true;
    this.root.add(mesh);
    return { data, tets, mesh, geometry, position };
  }

  /**
   * The render mesh, unless the simulation mesh is asked for, a colour mode colours the body
   * (strain, group and quality colours are per simulation vertex, so they keep the surface) or the
   * body has torn (the skinned render mesh cannot open along the tear; the surface can). The
   * surface is drawn through its stand-in where it is dense and whole: a stand-in clustered across
   * a tear would close it.
   */
  private showChosen(body: DrawnBody): void {
    if (!body.mesh) return;
    const render = body.render !== null && !this.showSimulation && !body.coloured && !body.torn;
    if (body.render) body.render.mesh.visible = render;
    const dense = body.layout.surfaceTriangles.length / 3 > this.coarseAboveTriangles;
    const coarse = !render && dense && !body.torn ? this.coarseOf(body) : null;
    // Normals are left alone while hidden (update): shade what comes into view from where it is now.
    if (coarse && !coarse.mesh.visible) coarse.geometry.computeVertexNormals();
    if (body.coarse) body.coarse.mesh.visible = coarse !== null;
    const whole = !render && coarse === null;
    if (whole && !body.mesh.visible) body.geometry.computeVertexNormals();
    body.mesh.visible = whole;
  }

  /** `body`'s stand-in (surface-lod.ts), made on first use from its positions then. */
  private coarseOf(body: DrawnBody): DrawnCoarse {
    if (body.coarse) return body.coarse;
    const surface = body.mesh as Mesh;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', body.position);
    const colours = body.geometry.getAttribute('color');
    if (colours) geometry.setAttribute('color', colours);
    const { triangles } = coarseSurface(body.position.array as Float32Array, body.layout.surfaceTriangles);
    geometry.setIndex(new BufferAttribute(triangles, 1));
    // The same material: colour modes and the body's colour reach both.
    const mesh = new Mesh(geometry, surface.material);
    mesh.name = `${body.layout.name} (coarse)`;
    mesh.castShadow = surface.castShadow;
    mesh.receiveShadow = surface.receiveShadow;
    mesh.visible = false;
    this.root.add(mesh);
    body.coarse = { mesh, geometry };
    return body.coarse;
  }

  /** Copies each body's slice of `positions` (m, xyz, whole world) into its geometry. */
  update(positions: Float32Array): void {
    for (const body of this.drawn) {
      const start = body.layout.particleOffset * 3;
      const end = start + body.layout.particleCount * 3;
      if (end > positions.length) continue;
      (body.position.array as Float32Array).set(positions.subarray(start, end));
      body.position.needsUpdate = true;
      // A surface hidden behind its render mesh or stand-in needs positions (grabbing raycasts it),
      // not normals.
      if (body.hasSurface && body.mesh?.visible !== false) body.geometry.computeVertexNormals();
      body.geometry.computeBoundingSphere();
      if (body.coarse?.mesh.visible) {
        body.coarse.geometry.computeVertexNormals();
        body.coarse.geometry.computeBoundingSphere();
      }
      const render = body.render;
      if (render) {
        skinRenderMesh(
          render.data,
          render.tets,
          positions.subarray(start, end),
          render.position.array as Float32Array,
        );
        render.position.needsUpdate = true;
        render.geometry.computeVertexNormals();
        render.geometry.computeBoundingSphere();
      }
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
    body.coloured = colours !== null;
    this.showChosen(body);
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
      body.coarse?.geometry.setAttribute('color', attribute);
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
      if (object instanceof Mesh || object instanceof LineSegments || object instanceof Points) {
        object.geometry.dispose();
        (object.material as { dispose(): void }).dispose();
      }
    }
    this.drawn = [];
  }
}

function sameTriangles(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
