import {
  type Accessor,
  Extension,
  ExtensionProperty,
  type IProperty,
  type Node,
  type Nullable,
  PropertyType,
  type ReaderContext,
  RefList,
  type WriterContext,
} from '@gltf-transform/core';

/**
 * The SOFTBODY_soft_body glTF vendor extension (docs/gltf-extension/README.md): a preset inside a
 * glTF asset. The root object carries the preset without its setup's bodies and lists the body
 * nodes; each body node carries its body setup, with every float32 or integer array as an accessor
 * (FLOAT, UNSIGNED_INT or UNSIGNED_SHORT; SCALAR, or the VEC3 POSITION of the node's own render
 * mesh, which is stored once) and every float64 array inline as base64 (glTF has no double
 * accessors). The node's mesh is the render mesh, so any viewer shows the asset.
 *
 * Arrays in the JSON are `{ "dtype", "accessor" }`, or `{ "dtype", "count": 0 }` when empty (glTF
 * accessors cannot be empty).
 *
 * Pipeline-safe: the extension is a @gltf-transform Extension whose data lives in the document's
 * property graph (SoftBodyRoot on the root, SoftBodyNode on each body node, holding references to
 * its accessors), so a tool that reads a file with it registered, transforms the document and
 * writes it again keeps the extension, and the accessors it uses, whatever it renumbers. This file
 * imports nothing but @gltf-transform/core: runtime/gltf-transform/ ships it, bundled as it is,
 * for studio pipelines (scripts/build-runtime.mjs).
 */
export const SOFTBODY_EXTENSION: 'SOFTBODY_soft_body' = 'SOFTBODY_soft_body';

/** A typed array's element type, as the JSON names it. */
export type AccessorDtype = 'float32' | 'uint32' | 'uint16';

const COMPONENT_DTYPE: Readonly<Record<number, AccessorDtype>> = {
  5126: 'float32',
  5125: 'uint32',
  5123: 'uint16',
};

interface ISoftBodyRoot extends IProperty {
  /** The preset without its setup's bodies (plain JSON). */
  preset: Record<string, unknown>;
  bodies: RefList<Node>;
}

interface ISoftBodyNode extends IProperty {
  /** The body setup as JSON; arrays are `{dtype, accessor: k}` with k an index into `accessors`. */
  body: Record<string, unknown>;
  accessors: RefList<Accessor>;
}

/** The root object of the extension: the preset's fields other than the bodies, and the body nodes in order. */
export class SoftBodyRoot extends ExtensionProperty<ISoftBodyRoot> {
  static override EXTENSION_NAME: string = SOFTBODY_EXTENSION;
  declare extensionName: typeof SOFTBODY_EXTENSION;
  declare propertyType: 'SoftBodyRoot';
  declare parentTypes: [PropertyType.ROOT];

  protected init(): void {
    this.extensionName = SOFTBODY_EXTENSION;
    this.propertyType = 'SoftBodyRoot';
    this.parentTypes = [PropertyType.ROOT];
  }

  protected override getDefaults(): Nullable<ISoftBodyRoot> {
    return Object.assign(super.getDefaults(), { preset: {}, bodies: new RefList<Node>() });
  }

  getPreset(): Record<string, unknown> {
    return this.get('preset');
  }

  setPreset(preset: Record<string, unknown>): this {
    return this.set('preset', preset);
  }

  addBody(node: Node): this {
    return this.addRef('bodies', node);
  }

  listBodies(): Node[] {
    return this.listRefs('bodies');
  }
}

/** A body node's part of the extension: its body setup, and the accessors the setup's arrays live in. */
export class SoftBodyNode extends ExtensionProperty<ISoftBodyNode> {
  static override EXTENSION_NAME: string = SOFTBODY_EXTENSION;
  declare extensionName: typeof SOFTBODY_EXTENSION;
  declare propertyType: 'SoftBodyNode';
  declare parentTypes: [PropertyType.NODE];

  protected init(): void {
    this.extensionName = SOFTBODY_EXTENSION;
    this.propertyType = 'SoftBodyNode';
    this.parentTypes = [PropertyType.NODE];
  }

  protected override getDefaults(): Nullable<ISoftBodyNode> {
    return Object.assign(super.getDefaults(), { body: {}, accessors: new RefList<Accessor>() });
  }

  /** The body JSON, arrays as `{dtype, accessor: k}` (k into listAccessors()) or `{dtype, count: 0}`. */
  getBody(): Record<string, unknown> {
    return this.get('body');
  }

  setBody(body: Record<string, unknown>): this {
    return this.set('body', body);
  }

  /** Adds an accessor (once) and returns its index in this body's list. */
  addAccessor(accessor: Accessor): number {
    const list = this.listAccessors();
    const found = list.indexOf(accessor);
    if (found >= 0) return found;
    // Grouped with other non-vertex data when the writer lays out buffer views.
    this.addRef('accessors', accessor, { usage: 'OTHER' });
    return list.length;
  }

  listAccessors(): Accessor[] {
    return this.listRefs('accessors');
  }
}

/** What reading a SoftBodyNode's arrays found: the body with typed arrays, and its problems. */
export interface ResolvedBody {
  body: unknown;
  problems: { pointer: string; message: string }[];
}

export class SoftBodyExtension extends Extension {
  static override readonly EXTENSION_NAME: string = SOFTBODY_EXTENSION;
  override readonly extensionName: typeof SOFTBODY_EXTENSION = SOFTBODY_EXTENSION;
  /** What reading found wrong with the file's references (JSON pointers into the file). */
  readonly readProblems: { pointer: string; message: string }[] = [];

  createRoot(): SoftBodyRoot {
    return new SoftBodyRoot(this.document.getGraph());
  }

  createBody(): SoftBodyNode {
    return new SoftBodyNode(this.document.getGraph());
  }

  read(context: ReaderContext): this {
    const json = context.jsonDoc.json;
    const root = json.extensions?.[SOFTBODY_EXTENSION] as Record<string, unknown> | undefined;
    if (!root) return this;
    const { bodies, ...preset } = root;
    const rootProperty = this.createRoot().setPreset(preset);
    // Body nodes are kept by index; a broken reference stays for the reader to report.
    const nodeIndices = Array.isArray(bodies) ? bodies : [];
    nodeIndices.forEach((index, i) => {
      const node = typeof index === 'number' ? context.nodes[index] : undefined;
      const body = node && json.nodes?.[index as number]?.extensions?.[SOFTBODY_EXTENSION];
      if (!node || body === undefined) {
        this.readProblems.push({
          pointer: `/extensions/${SOFTBODY_EXTENSION}/bodies/${i}`,
          message: `names no node with a ${SOFTBODY_EXTENSION} body`,
        });
        return;
      }
      const property = this.createBody();
      const at = `/nodes/${index}/extensions/${SOFTBODY_EXTENSION}`;
      property.setBody(
        localAccessors(body, property, context, at, this.readProblems) as Record<string, unknown>,
      );
      node.setExtension(SOFTBODY_EXTENSION, property);
      rootProperty.addBody(node);
    });
    this.document.getRoot().setExtension(SOFTBODY_EXTENSION, rootProperty);
    return this;
  }

  write(context: WriterContext): this {
    const rootProperty = this.document.getRoot().getExtension<SoftBodyRoot>(SOFTBODY_EXTENSION);
    if (!rootProperty) return this;
    const json = context.jsonDoc.json;
    const nodeIndices: number[] = [];
    for (const node of rootProperty.listBodies()) {
      const index = context.nodeIndexMap.get(node);
      const property = node.getExtension<SoftBodyNode>(SOFTBODY_EXTENSION);
      if (index === undefined || !property) continue;
      nodeIndices.push(index);
      const target = json.nodes?.[index];
      if (!target) continue;
      target.extensions ??= {};
      target.extensions[SOFTBODY_EXTENSION] = globalAccessors(
        property.getBody(),
        property.listAccessors(),
        context,
      );
    }
    json.extensions ??= {};
    json.extensions[SOFTBODY_EXTENSION] = { ...rootProperty.getPreset(), bodies: nodeIndices };
    return this;
  }
}

/**
 * A file's `{dtype, accessor: i}` (i a document index) → `{dtype, accessor: k}` (k into the body's
 * list); an index that names no accessor is a problem at its pointer and becomes −1.
 */
function localAccessors(
  value: unknown,
  property: SoftBodyNode,
  context: ReaderContext,
  pointer: string,
  problems: { pointer: string; message: string }[],
): unknown {
  if (Array.isArray(value))
    return value.map((item, i) => localAccessors(item, property, context, `${pointer}/${i}`, problems));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.dtype === 'string' && 'accessor' in record) {
    const accessor = typeof record.accessor === 'number' ? context.accessors[record.accessor] : undefined;
    if (accessor) return { ...record, accessor: property.addAccessor(accessor) };
    problems.push({ pointer: `${pointer}/accessor`, message: 'names no accessor with data' });
    return { ...record, accessor: -1 };
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record))
    out[key] = localAccessors(item, property, context, `${pointer}/${key}`, problems);
  return out;
}

/** `{dtype, accessor: k}` → `{dtype, accessor: i}` with i the accessor's index in the written file. */
function globalAccessors(value: unknown, accessors: Accessor[], context: WriterContext): unknown {
  if (Array.isArray(value)) return value.map((item) => globalAccessors(item, accessors, context));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.dtype === 'string' && typeof record.accessor === 'number') {
    const accessor = accessors[record.accessor];
    const index = accessor ? context.accessorIndexMap.get(accessor) : undefined;
    if (index === undefined)
      throw new Error(`${SOFTBODY_EXTENSION}: a body array's accessor ${record.accessor} was not written`);
    return { dtype: record.dtype, accessor: index };
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) out[key] = globalAccessors(item, accessors, context);
  return out;
}

/**
 * The body JSON of a SoftBodyNode with each `{dtype, accessor}` turned into a copy of the
 * accessor's elements (FLOAT, UNSIGNED_INT or UNSIGNED_SHORT; SCALAR, or VEC3 read flat) and each
 * `{dtype, count: 0}` into an empty array; what cannot be read is a problem at its JSON pointer
 * below `pointer` (the node's extension object).
 */
export function resolveBody(property: SoftBodyNode, pointer: string): ResolvedBody {
  const problems: ResolvedBody['problems'] = [];
  const accessors = property.listAccessors();
  const walk = (value: unknown, at: string): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => walk(item, `${at}/${i}`));
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    if (typeof record.dtype === 'string' && ('accessor' in record || record.count === 0)) {
      const dtype = record.dtype as AccessorDtype;
      if (!('accessor' in record)) return emptyArray(dtype);
      const accessor = typeof record.accessor === 'number' ? accessors[record.accessor] : undefined;
      const array = accessor?.getArray();
      if (!accessor || !array) {
        problems.push({ pointer: `${at}/accessor`, message: 'names no accessor with data' });
        return emptyArray(dtype);
      }
      const found = COMPONENT_DTYPE[accessor.getComponentType()];
      const type = accessor.getType();
      if (found !== dtype || (type !== 'SCALAR' && type !== 'VEC3')) {
        problems.push({
          pointer: `${at}/accessor`,
          message: `holds ${type} ${found ?? accessor.getComponentType()}, not SCALAR ${dtype}`,
        });
        return emptyArray(dtype);
      }
      return array.slice();
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) out[key] = walk(item, `${at}/${key}`);
    return out;
  };
  return { body: walk(property.getBody(), pointer), problems };
}

function emptyArray(dtype: AccessorDtype): Float32Array | Uint32Array | Uint16Array {
  return dtype === 'float32'
    ? new Float32Array(0)
    : dtype === 'uint32'
      ? new Uint32Array(0)
      : new Uint16Array(0);
}
