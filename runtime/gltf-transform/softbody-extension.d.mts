// Generated from core/preset/exporters/gltf-extension.ts by scripts/build-runtime.mjs: edit that file and run `npm run build:runtime`.
import { type Accessor, Extension, ExtensionProperty, type IProperty, type Node, type Nullable, PropertyType, type ReaderContext, RefList, type WriterContext } from '@gltf-transform/core';
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
export declare const SOFTBODY_EXTENSION: 'SOFTBODY_soft_body';
/** A typed array's element type, as the JSON names it. */
export type AccessorDtype = 'float32' | 'uint32' | 'uint16';
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
export declare class SoftBodyRoot extends ExtensionProperty<ISoftBodyRoot> {
    static EXTENSION_NAME: string;
    extensionName: typeof SOFTBODY_EXTENSION;
    propertyType: 'SoftBodyRoot';
    parentTypes: [PropertyType.ROOT];
    protected init(): void;
    protected getDefaults(): Nullable<ISoftBodyRoot>;
    getPreset(): Record<string, unknown>;
    setPreset(preset: Record<string, unknown>): this;
    addBody(node: Node): this;
    listBodies(): Node[];
}
/** A body node's part of the extension: its body setup, and the accessors the setup's arrays live in. */
export declare class SoftBodyNode extends ExtensionProperty<ISoftBodyNode> {
    static EXTENSION_NAME: string;
    extensionName: typeof SOFTBODY_EXTENSION;
    propertyType: 'SoftBodyNode';
    parentTypes: [PropertyType.NODE];
    protected init(): void;
    protected getDefaults(): Nullable<ISoftBodyNode>;
    /** The body JSON, arrays as `{dtype, accessor: k}` (k into listAccessors()) or `{dtype, count: 0}`. */
    getBody(): Record<string, unknown>;
    setBody(body: Record<string, unknown>): this;
    /** Adds an accessor (once) and returns its index in this body's list. */
    addAccessor(accessor: Accessor): number;
    listAccessors(): Accessor[];
}
/** What reading a SoftBodyNode's arrays found: the body with typed arrays, and its problems. */
export interface ResolvedBody {
    body: unknown;
    problems: {
        pointer: string;
        message: string;
    }[];
}
export declare class SoftBodyExtension extends Extension {
    static readonly EXTENSION_NAME: string;
    readonly extensionName: typeof SOFTBODY_EXTENSION;
    /** What reading found wrong with the file's references (JSON pointers into the file). */
    readonly readProblems: {
        pointer: string;
        message: string;
    }[];
    createRoot(): SoftBodyRoot;
    createBody(): SoftBodyNode;
    read(context: ReaderContext): this;
    write(context: WriterContext): this;
}
/**
 * The body JSON of a SoftBodyNode with each `{dtype, accessor}` turned into a copy of the
 * accessor's elements (FLOAT, UNSIGNED_INT or UNSIGNED_SHORT; SCALAR, or VEC3 read flat) and each
 * `{dtype, count: 0}` into an empty array; what cannot be read is a problem at its JSON pointer
 * below `pointer` (the node's extension object).
 */
export declare function resolveBody(property: SoftBodyNode, pointer: string): ResolvedBody;
export {};
