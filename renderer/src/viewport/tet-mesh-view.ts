/**
 * A tet mesh in the viewport: the boundary faces of the tets on the kept side of the cut
 * plane, each coloured by its tet's quality (tetra/quality-ramp.ts), flat shaded, and an
 * optional wireframe of the drawn tet edges. The geometry is rebuilt on the CPU when the
 * mesh or the cut changes (tetra/cut-geometry.ts), never per frame.
 */
import {
  BufferAttribute,
  BufferGeometry,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshStandardMaterial,
} from 'three';
import { buildCutGeometry, type CutAxis, type CutGeometry, centroidRange } from '../tetra/cut-geometry.ts';
import type { TetView } from '../tetra/protocol.ts';

const WIRE_COLOUR = 0x1b1e24;

export interface TetCut {
  axis: CutAxis;
  /** Along the tets' centroid range: 0 keeps nothing, 1 keeps every tet. */
  fraction: number;
}

export class TetMeshView {
  /** Add this to the scene. */
  readonly root = new Group();
  private readonly surfaceMaterial = new MeshStandardMaterial({
    vertexColors: true,
    flatShading: true,
    roughness: 0.7,
    metalness: 0,
    // Lift the faces back a little so the wireframe on them is not hidden by depth fighting.
    polygonOffset: true,
    polygonOffsetFactor: 1,
    polygonOffsetUnits: 1,
  });
  private readonly wireMaterial = new LineBasicMaterial({
    color: WIRE_COLOUR,
    transparent: true,
    opacity: 0.6,
  });
  private readonly surface = new Mesh(new BufferGeometry(), this.surfaceMaterial);
  private readonly wire = new LineSegments(new BufferGeometry(), this.wireMaterial);
  private view: TetView | null = null;
  private cut: TetCut | null = null;
  /** What the last build drew: faces and kept tets (for tests and the panel). */
  lastBuild: Pick<CutGeometry, 'faces' | 'keptTets'> | null = null;

  constructor() {
    this.surface.castShadow = true;
    this.surface.receiveShadow = true;
    this.wire.visible = false;
    this.root.add(this.surface, this.wire);
  }

  /** Shows `view` cut by `cut`; rebuilds only when either changed. */
  show(view: TetView, cut: TetCut, wireframe: boolean): void {
    this.wire.visible = wireframe;
    if (view === this.view && this.cut?.axis === cut.axis && this.cut.fraction === cut.fraction) return;
    this.view = view;
    this.cut = { ...cut };
    const range = centroidRange(view, cut.axis);
    // Fraction 1 keeps every tet even where float rounding puts a centroid past the range.
    const planeM =
      cut.fraction >= 1 ? Number.POSITIVE_INFINITY : range.min + cut.fraction * (range.max - range.min);
    const built = buildCutGeometry(view, cut.axis, planeM);
    toLinear(built.colours);
    this.replaceGeometry(this.surface, built.positions, built.colours);
    this.replaceGeometry(this.wire, built.edges, null);
    this.lastBuild = { faces: built.faces, keptTets: built.keptTets };
  }

  dispose(): void {
    this.surface.geometry.dispose();
    this.wire.geometry.dispose();
    this.surfaceMaterial.dispose();
    this.wireMaterial.dispose();
  }

  private replaceGeometry(
    object: Mesh | LineSegments,
    positions: Float32Array,
    colours: Float32Array | null,
  ) {
    object.geometry.dispose();
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(positions, 3));
    if (colours) {
      geometry.setAttribute('color', new BufferAttribute(colours, 3));
      geometry.computeVertexNormals();
    }
    geometry.computeBoundingSphere();
    object.geometry = geometry;
  }
}

/** The ramp is written in sRGB (as the legend shows it); three.js wants vertex colours linear. */
function toLinear(colours: Float32Array): void {
  for (let i = 0; i < colours.length; i++) {
    const c = colours[i];
    colours[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
}
