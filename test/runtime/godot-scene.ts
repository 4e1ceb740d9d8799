/**
 * A reader of the Godot 4 text scenes the Godot export writes, as strict as the tests need: the
 * file is a header, then sections `[kind key="value" …]` each followed by `property = value`
 * lines (a value runs on over lines until its brackets and quotes close); `;` starts a comment
 * line. It does not interpret values beyond what the tests read (numbers, strings, arrays of
 * numbers, SubResource references, the ArrayMesh surface's base64 arrays).
 */

export interface TscnSection {
  kind: string;
  /** The bracket's attributes (type, id, name, parent, format…), as written. */
  attributes: Record<string, string>;
  /** Property name → value text. */
  properties: Record<string, string>;
  /** The line the section starts on (1-based). */
  line: number;
}

/** Parses the scene; throws with the line number on anything it does not recognise. */
export function parseTscn(text: string): TscnSection[] {
  const lines = text.split('\n');
  const sections: TscnSection[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '' || line.startsWith(';')) continue;
    const header = /^\[(\w+)((?: \w+=(?:"(?:[^"\\]|\\.)*"|\d+))*)\]$/.exec(line);
    if (header) {
      const attributes: Record<string, string> = {};
      for (const m of header[2].matchAll(/ (\w+)=(?:"((?:[^"\\]|\\.)*)"|(\d+))/g))
        attributes[m[1]] = m[2] ?? m[3];
      sections.push({ kind: header[1], attributes, properties: {}, line: i + 1 });
      continue;
    }
    const property = /^([\w/]+) = (.*)$/.exec(line);
    if (!property || sections.length === 0)
      throw new Error(`line ${i + 1}: not a section or property: ${line.slice(0, 80)}`);
    let value = property[2];
    while (!balanced(value)) {
      i++;
      if (i >= lines.length)
        throw new Error(`line ${sections.at(-1)?.line}: unclosed value of ${property[1]}`);
      value += `\n${lines[i]}`;
    }
    const properties = sections[sections.length - 1].properties;
    if (property[1] in properties) throw new Error(`line ${i + 1}: ${property[1]} set twice`);
    properties[property[1]] = value;
  }
  return sections;
}

/** Brackets closed and quotes even (outside strings). */
function balanced(value: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
  }
  return depth === 0 && !inString;
}

/** The numbers of a constructor or array value: `Vector3(1, 2, 3)`, `[0, 4]`, `Plane(0, 1, 0, -1)`. */
export function numbers(value: string): number[] {
  const inner = /^\w*[([]([^)\]]*)[)\]]$/s.exec(value.trim());
  if (!inner) throw new Error(`not a list of numbers: ${value.slice(0, 80)}`);
  return inner[1].trim() === '' ? [] : inner[1].split(',').map((v) => Number(v.trim()));
}

/** The id a `SubResource("id")` value names. */
export function subResourceId(value: string): string {
  const m = /^SubResource\("([^"]+)"\)$/.exec(value);
  if (!m) throw new Error(`not a SubResource reference: ${value}`);
  return m[1];
}

export interface ArrayMeshSurface {
  format: number;
  vertexCount: number;
  positions: Float32Array;
  /** Octahedral normals, [0, 1]² per vertex. */
  normals: Float32Array;
  /** As written (Godot's clockwise front faces). */
  indices: Uint32Array;
}

/** The first surface of an ArrayMesh sub-resource's `_surfaces`, decoded (positions, normals, tangents, indices). */
export function arrayMeshSurface(section: TscnSection): ArrayMeshSurface {
  const text = section.properties._surfaces;
  const field = (name: string) => {
    const m = new RegExp(`"${name}": ([^,\\n]+)`).exec(text);
    if (!m) throw new Error(`surface has no "${name}"`);
    return m[1];
  };
  const bytes = (name: string) => {
    const m = new RegExp(`"${name}": PackedByteArray\\("([A-Za-z0-9+/=]*)"\\)`).exec(text);
    if (!m) throw new Error(`surface has no "${name}" bytes`);
    return new Uint8Array(Buffer.from(m[1], 'base64'));
  };
  const format = Number(field('format'));
  const vertexCount = Number(field('vertex_count'));
  const indexCount = Number(field('index_count'));
  const vertex = bytes('vertex_data');
  const index = bytes('index_data');
  const view = new DataView(vertex.buffer);
  const positions = new Float32Array(3 * vertexCount);
  for (let i = 0; i < 3 * vertexCount; i++) positions[i] = view.getFloat32(4 * i, true);
  // Normal and tangent per vertex after the positions, 2×uint16 each.
  const stride = 8;
  if (vertex.length !== 12 * vertexCount + stride * vertexCount)
    throw new Error(`vertex_data is ${vertex.length} bytes`);
  const normals = new Float32Array(2 * vertexCount);
  for (let v = 0; v < vertexCount; v++)
    for (let k = 0; k < 2; k++)
      normals[2 * v + k] = view.getUint16(12 * vertexCount + stride * v + 2 * k, true) / 65535;
  const wide = vertexCount > 1 << 16;
  if (index.length !== indexCount * (wide ? 4 : 2)) throw new Error(`index_data is ${index.length} bytes`);
  const iv = new DataView(index.buffer);
  const indices = Uint32Array.from({ length: indexCount }, (_, i) =>
    wide ? iv.getUint32(4 * i, true) : iv.getUint16(2 * i, true),
  );
  return { format, vertexCount, positions, normals, indices };
}

/** Godot's octahedron_decode of a [0, 1]² normal. */
export function octahedronDecode(u: number, v: number): [number, number, number] {
  const fx = u * 2 - 1;
  const fy = v * 2 - 1;
  const z = 1 - Math.abs(fx) - Math.abs(fy);
  const t = Math.max(-z, 0);
  const x = fx + (fx >= 0 ? -t : t);
  const y = fy + (fy >= 0 ? -t : t);
  const l = Math.hypot(x, y, z);
  return [x / l, y / l, z / l];
}
