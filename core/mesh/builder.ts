import { INPUT_LIMITS } from '../limits.ts';
import { MeshImportError } from './errors.ts';
import type { ResolvedImportOptions } from './options.ts';
import type { TriMesh } from './types.ts';

const maxGroups = INPUT_LIMITS.meshGroups;

/**
 * Collects vertices, triangles and group names while a file is parsed, then converts to
 * a TriMesh in metres and Y-up. Importers stay free of unit and axis handling.
 */
export class TriMeshBuilder {
  private readonly positions: number[] = [];
  private readonly indices: number[] = [];
  private readonly groupIds: number[] = [];
  private readonly groupNames: string[] = [];
  private readonly groupIndex = new Map<string, number>();
  private currentGroup = -1;
  /** The group named by the file but not used yet: groups without triangles are not kept. */
  private pendingGroup: string | undefined = 'default';

  constructor(private readonly file: string) {}

  get vertexCount(): number {
    return this.positions.length / 3;
  }

  get triangleCount(): number {
    return this.groupIds.length;
  }

  /** Appends a vertex in file units and returns its index. */
  addVertex(x: number, y: number, z: number): number {
    this.positions.push(x, y, z);
    return this.positions.length / 3 - 1;
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
    this.indices.push(a, b, c);
    this.groupIds.push(this.currentGroup);
  }

  /**
   * Converts file units to metres (`scale`) and Z-up to Y-up ((x, y, z) → (x, z, −y), a
   * proper rotation, so the winding stays counter-clockwise), then packs typed arrays.
   */
  finish(options: ResolvedImportOptions): TriMesh {
    const { scale, upAxis } = options;
    const source = this.positions;
    const positions = new Float32Array(source.length);
    for (let i = 0; i < source.length; i += 3) {
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
      indices: Uint32Array.from(this.indices),
      groupIds: Uint16Array.from(this.groupIds),
      groups: this.groupNames.slice(),
    };
  }
}
