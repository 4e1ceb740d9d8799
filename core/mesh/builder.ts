import { INPUT_LIMITS } from '../limits.ts';
import { MeshImportError } from './errors.ts';
import type { ResolvedImportOptions } from './options.ts';
import type { TriMesh } from './types.ts';

const maxGroups = INPUT_LIMITS.meshGroups;

/**
 * Collects vertices, triangles and group names while a file is parsed, then converts to
 * a TriMesh in metres and Y-up. Importers stay free of unit and axis handling.
 * Storage is typed arrays grown by doubling: a mesh at the input budget is millions of appends,
 * and boxed number arrays made those most of the import's time.
 */
export class TriMeshBuilder {
  /** File-unit positions, xyz interleaved (doubles: file values are kept exactly until finish). */
  private positions = new Float64Array(3 * 1024);
  private indices = new Uint32Array(3 * 1024);
  private groupIds = new Uint16Array(1024);
  private vertices = 0;
  private triangles = 0;
  private readonly groupNames: string[] = [];
  private readonly groupIndex = new Map<string, number>();
  private currentGroup = -1;
  /** The group named by the file but not used yet: groups without triangles are not kept. */
  private pendingGroup: string | undefined = 'default';

  constructor(private readonly file: string) {}

  get vertexCount(): number {
    return this.vertices;
  }

  get triangleCount(): number {
    return this.triangles;
  }

  /** Makes room for this many more vertices and triangles (an importer that knows them up front). */
  reserve(vertices: number, triangles: number): void {
    const positions = 3 * (this.vertices + vertices);
    if (positions > this.positions.length) this.positions = resized(this.positions, positions);
    if (this.triangles + triangles > this.groupIds.length) {
      this.indices = resized(this.indices, 3 * (this.triangles + triangles));
      this.groupIds = resized(this.groupIds, this.triangles + triangles);
    }
  }

  /** Appends a vertex in file units and returns its index. */
  addVertex(x: number, y: number, z: number): number {
    if (3 * this.vertices + 3 > this.positions.length) this.positions = grown(this.positions);
    const at = 3 * this.vertices;
    this.positions[at] = x;
    this.positions[at + 1] = y;
    this.positions[at + 2] = z;
    return this.vertices++;
  }

  /** Makes `name` the group of the triangles added from now on. */
  setGroup(name: string): void {
    this.pendingGroup = name;
  }

  private resolveGroup(name: string): void {
    let id = this.groupIndex.get(name);
    if (id === undefined) {
      if (this.groupNames.length >= maxGroups) {
        throw new MeshImportError(this.file, `more than ${maxGroups} groups; merge groups before importing`);
      }
      id = this.groupNames.length;
      this.groupNames.push(name);
      this.groupIndex.set(name, id);
    }
    this.currentGroup = id;
  }

  /** Appends a triangle (indices already validated by the importer). */
  addTriangle(a: number, b: number, c: number): void {
    if (this.pendingGroup !== undefined) {
      this.resolveGroup(this.pendingGroup);
      this.pendingGroup = undefined;
    }
    if (this.triangles + 1 > this.groupIds.length) {
      this.indices = grown(this.indices);
      this.groupIds = grown(this.groupIds);
    }
    const at = 3 * this.triangles;
    this.indices[at] = a;
    this.indices[at + 1] = b;
    this.indices[at + 2] = c;
    this.groupIds[this.triangles++] = this.currentGroup;
  }

  /**
   * Converts file units to metres (`scale`) and Z-up to Y-up ((x, y, z) → (x, z, −y), a
   * proper rotation, so the winding stays counter-clockwise), then packs typed arrays.
   */
  finish(options: ResolvedImportOptions): TriMesh {
    const { scale, upAxis } = options;
    const source = this.positions;
    const positions = new Float32Array(3 * this.vertices);
    for (let i = 0; i < positions.length; i += 3) {
      const x = source[i] * scale;
      const y = source[i + 1] * scale;
      const z = source[i + 2] * scale;
      positions[i] = x;
      positions[i + 1] = upAxis === 'z' ? z : y;
      positions[i + 2] = upAxis === 'z' ? -y : z;
    }
    for (let i = 0; i < positions.length; i++) {
      if (!Number.isFinite(positions[i])) {
        throw new MeshImportError(
          this.file,
          `vertex ${Math.floor(i / 3)} is too far from the origin for 32-bit floats after scaling by ${scale}`,
        );
      }
    }
    return {
      positions,
      indices: this.indices.slice(0, 3 * this.triangles),
      groupIds: this.groupIds.slice(0, this.triangles),
      groups: this.groupNames.slice(),
    };
  }
}

/** A copy of `array` with twice the room (the used part copied, the rest zero). */
function grown<T extends Float64Array | Uint32Array | Uint16Array>(array: T): T {
  return resized(array, 2 * array.length);
}

function resized<T extends Float64Array | Uint32Array | Uint16Array>(array: T, length: number): T {
  const next = new (array.constructor as new (length: number) => T)(length);
  next.set(array);
  return next;
}
