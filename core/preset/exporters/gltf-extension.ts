import {
  type Accessor,
  Extension,
  type Node,
  type ReaderContext,
  type WriterContext,
} from '@gltf-transform/core';
import { DTYPES, type Dtype } from '../../document/binary-array.ts';

/**
 * The SOFTBODY_soft_body glTF vendor extension (docs/gltf-extension/README.md): a preset inside a
 * glTF asset. The root object carries the preset without its setup's bodies and lists the body
 * nodes; each body node carries its body setup, with every float32 or integer array as an accessor
 * (SCALAR; FLOAT, UNSIGNED_INT or UNSIGNED_SHORT) and every float64 array inline as base64 (glTF
 * has no double accessors). The node's mesh is the render mesh, so any viewer shows the asset.
 *
 * Arrays in the JSON are `{ "dtype", "accessor" }`, or `{ "dtype", "count": 0 }` when empty (glTF
 * accessors cannot be empty).
 */
export const SOFTBODY_EXTENSION = 'SOFTBODY_soft_body';

/** A body's JSON with accessors not yet numbered (what the exporter hands to the extension). */
export type PendingJson = unknown;

/** An array placeholder during writing. */
export class AccessorSlot {
  constructor(
    readonly dtype: Dtype,
    readonly accessor: Accessor | undefined,
  ) {}
}

export interface SoftBodyAssetJson {
  /** Preset fields other than the bodies. */
  root: Record<string, unknown>;
  /** Body JSON per body node, in preset order, arrays still typed arrays in `bodies`. */
  bodies: { node: Node; body: PendingJson }[];
}

/** What reading found: the root object and each body's JSON with arrays as typed arrays. */
export interface SoftBodyAssetRead {
  root: Record<string, unknown>;
  bodies: unknown[];
  problems: string[];
}

const COMPONENT_DTYPE: Record<number, Dtype> = { 5126: 'float32', 5125: 'uint32', 5123: 'uint16' };

export class SoftBodyExtension extends Extension {
  static override readonly EXTENSION_NAME = SOFTBODY_EXTENSION;
  override readonly extensionName = SOFTBODY_EXTENSION;
  /** Set before writing. */
  asset: SoftBodyAssetJson | undefined;
  /** Set by reading. */
  readResult: SoftBodyAssetRead | undefined;

  read(context: ReaderContext): this {
    const json = context.jsonDoc.json;
    const root = json.extensions?.[SOFTBODY_EXTENSION] as Record<string, unknown> | undefined;
    if (!root) return this;
    const problems: string[] = [];
    const nodes = Array.isArray(root.bodies) ? (root.bodies as unknown[]) : [];
    const bodies = nodes.map((index, i) => {
      const node = typeof index === 'number' ? json.nodes?.[index] : undefined;
      const body = node?.extensions?.[SOFTBODY_EXTENSION];
      if (body === undefined) {
        problems.push(
          `/extensions/${SOFTBODY_EXTENSION}/bodies/${i}: names no node with a ${SOFTBODY_EXTENSION} body`,
        );
        return undefined;
      }
      return resolveAccessors(body, context, `/nodes/${index}/extensions/${SOFTBODY_EXTENSION}`, problems);
    });
    const { bodies: _nodes, ...rest } = root;
    this.readResult = { root: rest, bodies, problems };
    return this;
  }

  write(context: WriterContext): this {
    if (!this.asset) return this;
    const json = context.jsonDoc.json;
    const nodeIndices: number[] = [];
    for (const { node, body } of this.asset.bodies) {
      const index = context.nodeIndexMap.get(node);
      if (index === undefined)
        throw new Error(`${SOFTBODY_EXTENSION}: body node '${node.getName()}' was not written`);
      nodeIndices.push(index);
      const target = json.nodes?.[index];
      if (!target) continue;
      target.extensions ??= {};
      target.extensions[SOFTBODY_EXTENSION] = numberAccessors(body, context);
    }
    json.extensions ??= {};
    json.extensions[SOFTBODY_EXTENSION] = { ...this.asset.root, bodies: nodeIndices };
    return this;
  }
}

function numberAccessors(value: unknown, context: WriterContext): unknown {
  if (value instanceof AccessorSlot) {
    if (!value.accessor) return { dtype: value.dtype, count: 0 };
    const index = context.accessorIndexMap.get(value.accessor);
    if (index === undefined)
      throw new Error(`${SOFTBODY_EXTENSION}: accessor '${value.accessor.getName()}' was not written`);
    return { dtype: value.dtype, accessor: index };
  }
  if (Array.isArray(value)) return value.map((item) => numberAccessors(item, context));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = numberAccessors(item, context);
    return out;
  }
  return value;
}

/** `{dtype, accessor}` → a copy of the accessor's typed array; `{dtype, count: 0}` → an empty one. */
function resolveAccessors(
  value: unknown,
  context: ReaderContext,
  pointer: string,
  problems: string[],
): unknown {
  if (Array.isArray(value))
    return value.map((item, i) => resolveAccessors(item, context, `${pointer}/${i}`, problems));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.dtype === 'string' && ('accessor' in record || record.count === 0)) {
    const dtype = record.dtype as Dtype;
    if (!('accessor' in record)) return empty(dtype);
    const accessor = typeof record.accessor === 'number' ? context.accessors[record.accessor] : undefined;
    const array = accessor?.getArray();
    if (!accessor || !array) {
      problems.push(`${pointer}/accessor: names no accessor with data`);
      return empty(dtype);
    }
    const found = COMPONENT_DTYPE[accessor.getComponentType()];
    if (found !== dtype || accessor.getType() !== 'SCALAR') {
      problems.push(
        `${pointer}/accessor: accessor ${record.accessor} holds ${accessor.getType()} ${found ?? accessor.getComponentType()}, not SCALAR ${dtype}`,
      );
      return empty(dtype);
    }
    return array.slice();
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record))
    out[key] = resolveAccessors(item, context, `${pointer}/${key}`, problems);
  return out;
}

function empty(dtype: Dtype): Float64Array | Float32Array | Uint32Array | Uint16Array {
  return (DTYPES[dtype] ?? DTYPES.uint16).make(0);
}
