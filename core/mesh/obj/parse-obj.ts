import { BufferUtils } from '@gltf-transform/core';
import { INPUT_LIMITS, overLimit } from '../../limits.ts';
import { TriMeshBuilder } from '../builder.ts';
import { MeshImportError } from '../errors.ts';
import type { ImportedMesh } from '../import-types.ts';
import type { ResolvedImportOptions, ResourceReader } from '../options.ts';
import { triangulatePolygon } from '../polygon.ts';
import { readMaterialLibraries } from './mtl.ts';

/** Statements that carry no geometry we use; skipped without a note. */
const silent = new Set([
  'vt',
  'vn',
  's',
  'mg',
  'lod',
  'bevel',
  'c_interp',
  'd_interp',
  'shadow_obj',
  'trace_obj',
  'usemap',
  'maplib',
]);
/** Free-form geometry and lines/points: skipped, with a note that they were. */
const unsupported = new Set([
  'l',
  'p',
  'vp',
  'cstype',
  'deg',
  'bmat',
  'step',
  'curv',
  'curv2',
  'surf',
  'parm',
  'trim',
  'hole',
  'scrv',
  'sp',
  'end',
  'con',
]);

const decimal = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const nonFinite = /^[+-]?(nan|inf|infinity|1\.#inf|1\.#ind|1\.#qnan)$/i;
const integer = /^-?\d+$/;

/** Parses Wavefront OBJ text (bytes as UTF-8) into a triangle mesh in metres, Y-up. */
export async function parseObj(
  file: string,
  bytes: Uint8Array,
  options: ResolvedImportOptions,
  readResource: ResourceReader | undefined,
): Promise<ImportedMesh> {
  const text = BufferUtils.decodeText(bytes);
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    throw new MeshImportError(file, 'this is not a text OBJ file: it contains binary data', {
      line: lineOf(text, nul),
    });
  }
  const state = new ObjState(file);
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const lineNumber = i + 1;
    let line = lines[i];
    // A trailing backslash continues the statement on the next line (OBJ spec). Each line is
    // looked at once and the pieces joined once: re-trimming a string that grows by a line per
    // step made a long continued statement quadratic in its length.
    if (continues(line) && i + 1 < lines.length) {
      const pieces: string[] = [];
      while (continues(line) && i + 1 < lines.length) {
        pieces.push(line.trimEnd().slice(0, -1));
        line = lines[++i];
      }
      pieces.push(line);
      line = pieces.join(' ');
    }
    const hash = line.indexOf('#');
    if (hash >= 0) line = line.slice(0, hash);
    const tokens = line.trim().split(/\s+/);
    if (tokens[0] === '') continue;
    state.statement(tokens, lineNumber, line);
  }
  return state.finish(options, readResource);
}

class ObjState {
  readonly builder: TriMeshBuilder;
  /** File-unit positions, xyz interleaved, for triangulating polygons. */
  readonly positions: number[] = [];
  texCoordCount = 0;
  normalCount = 0;
  objectName = '';
  groupName = '';
  materialName = '';
  readonly materialUses: { name: string; line: number }[] = [];
  readonly libraries: { name: string; line: number }[] = [];
  polygons = 0;
  readonly skipped = new Map<string, { count: number; line: number }>();
  private readonly corners: number[] = [];

  constructor(readonly file: string) {
    this.builder = new TriMeshBuilder(file);
  }

  statement(tokens: string[], line: number, raw: string): void {
    const keyword = tokens[0];
    switch (keyword) {
      case 'v':
        this.vertex(tokens, line);
        return;
      case 'f':
      case 'fo':
        this.face(tokens, line);
        return;
      case 'vt':
        this.texCoordCount++;
        return;
      case 'vn':
        this.normalCount++;
        return;
      case 'o':
        this.objectName = this.name(raw, keyword, line);
        this.groupName = '';
        this.updateGroup();
        return;
      case 'g':
        this.groupName = this.name(raw, keyword, line);
        this.updateGroup();
        return;
      case 'usemtl':
        this.materialName = this.name(raw, keyword, line);
        this.materialUses.push({ name: this.materialName, line });
        this.updateGroup();
        return;
      case 'mtllib':
        for (const name of tokens.slice(1)) this.libraries.push({ name, line });
        return;
    }
    if (silent.has(keyword)) return;
    const key = unsupported.has(keyword) ? keyword : `unknown '${keyword.slice(0, 20)}'`;
    const seen = this.skipped.get(key);
    if (seen) seen.count++;
    else this.skipped.set(key, { count: 1, line });
  }

  /**
   * The name an o, g or usemtl statement gives. Names are copied into every group they prefix,
   * so their length is budgeted: one long object name over many groups cost gigabytes.
   */
  private name(raw: string, keyword: string, line: number): string {
    const name = restOf(raw, keyword);
    if (name.length > INPUT_LIMITS.nameLength) {
      throw new MeshImportError(
        this.file,
        overLimit('nameLength', `the ${keyword} name has ${name.length} characters`),
        { line },
      );
    }
    return name;
  }

  /** The group of the next faces: object, group and material names, the ones present. */
  private updateGroup(): void {
    const parts = [this.objectName, this.groupName, this.materialName].filter((p) => p !== '');
    this.builder.setGroup(parts.length > 0 ? [...new Set(parts)].join('/') : 'default');
  }

  private vertex(tokens: string[], line: number): void {
    if (tokens.length < 4) {
      throw new MeshImportError(
        this.file,
        `a vertex needs 3 coordinates (x y z), found ${tokens.length - 1}`,
        { line },
      );
    }
    if (this.builder.vertexCount >= INPUT_LIMITS.meshVertices) {
      throw new MeshImportError(
        this.file,
        overLimit('meshVertices', `this is vertex ${this.builder.vertexCount + 1}`),
        { line },
      );
    }
    const x = this.number(tokens[1], line);
    const y = this.number(tokens[2], line);
    const z = this.number(tokens[3], line);
    this.positions.push(x, y, z);
    this.builder.addVertex(x, y, z);
  }

  private number(token: string, line: number): number {
    if (decimal.test(token)) {
      const value = Number(token);
      if (Number.isFinite(value)) return value;
    } else if (!nonFinite.test(token)) {
      throw new MeshImportError(this.file, `expected a number, found '${clip(token)}'`, { line });
    }
    throw new MeshImportError(this.file, `vertex coordinate '${clip(token)}' is not a finite number`, {
      line,
    });
  }

  private face(tokens: string[], line: number): void {
    const n = tokens.length - 1;
    if (n < 3) {
      throw new MeshImportError(this.file, `a face needs at least 3 vertices, found ${n}`, { line });
    }
    const corners = this.corners;
    corners.length = 0;
    for (let k = 1; k <= n; k++) corners.push(this.corner(tokens[k], line));
    if (n > 3) this.polygons++;
    const triangles = triangulatePolygon(this.positions, corners);
    if (this.builder.triangleCount + triangles.length / 3 > INPUT_LIMITS.meshTriangles) {
      throw new MeshImportError(
        this.file,
        overLimit(
          'meshTriangles',
          `the faces up to this line make ${this.builder.triangleCount + triangles.length / 3} triangles`,
        ),
        { line },
      );
    }
    for (let t = 0; t < triangles.length; t += 3) {
      this.builder.addTriangle(triangles[t], triangles[t + 1], triangles[t + 2]);
    }
  }

  /** Resolves one `v`, `v/vt`, `v//vn` or `v/vt/vn` reference to a 0-based vertex index. */
  private corner(token: string, line: number): number {
    const parts = token.split('/');
    if (
      parts.length > 3 ||
      !integer.test(parts[0]) ||
      (parts.length === 3 && parts[1] === '' && parts[2] === '')
    ) {
      throw new MeshImportError(
        this.file,
        `face vertex '${clip(token)}' is not of the form v, v/vt, v//vn or v/vt/vn`,
        { line },
      );
    }
    for (let k = 1; k < parts.length; k++) {
      if (parts[k] !== '' && !integer.test(parts[k])) {
        throw new MeshImportError(
          this.file,
          `face vertex '${clip(token)}' is not of the form v, v/vt, v//vn or v/vt/vn`,
          { line },
        );
      }
    }
    if (parts[1]) this.reference(parts[1], this.texCoordCount, 'texture coordinate', line);
    if (parts[2]) this.reference(parts[2], this.normalCount, 'normal', line);
    return this.reference(parts[0], this.positions.length / 3, 'vertex', line);
  }

  /** OBJ indices are 1-based; negative ones count back from the last element defined. */
  private reference(token: string, defined: number, what: string, line: number): number {
    const value = Number(token);
    if (value === 0) {
      throw new MeshImportError(this.file, `${what} index 0 is invalid: OBJ indices start at 1`, { line });
    }
    const index = value > 0 ? value - 1 : defined + value;
    if (index < 0 || index >= defined) {
      const plural = what === 'vertex' ? 'vertices' : `${what}s`;
      throw new MeshImportError(
        this.file,
        `${what} index ${clip(token)} is out of range: ${defined} ${defined === 1 ? what : plural} defined above this line`,
        { line },
      );
    }
    return index;
  }

  async finish(
    options: ResolvedImportOptions,
    readResource: ResourceReader | undefined,
  ): Promise<ImportedMesh> {
    if (this.builder.triangleCount === 0) {
      throw new MeshImportError(
        this.file,
        `no faces found: the file defines ${this.builder.vertexCount} vertices but no 'f' statements`,
      );
    }
    const notes: string[] = [];
    if (this.polygons > 0) {
      notes.push(`${this.polygons} polygon(s) with more than 3 corners were split into triangles`);
    }
    for (const [key, { count, line }] of this.skipped) {
      notes.push(`skipped ${count} ${key} statement(s) (first at line ${line}): only faces are imported`);
    }
    notes.push(...(await readMaterialLibraries(this.file, this.libraries, this.materialUses, readResource)));
    return { mesh: this.builder.finish(options), notes, format: 'OBJ' };
  }
}

/** True when the line ends in a backslash (trailing spaces allowed): the statement goes on. */
function continues(line: string): boolean {
  let end = line.length - 1;
  while (end >= 0 && (line[end] === ' ' || line[end] === '\t' || line[end] === '\r')) end--;
  return end >= 0 && line[end] === '\\';
}

/** The statement's argument as written (names may contain spaces). */
function restOf(raw: string, keyword: string): string {
  return raw.trim().slice(keyword.length).trim();
}

function clip(token: string): string {
  return token.length > 40 ? `${token.slice(0, 40)}…` : token;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
