// Generated from core/preset/exporters/gltf-extension.ts by scripts/build-runtime.mjs: edit that file and run `npm run build:runtime`.

// core/preset/exporters/gltf-extension.ts
import {
  Extension,
  ExtensionProperty,
  PropertyType,
  RefList
} from "@gltf-transform/core";
var SOFTBODY_EXTENSION = "SOFTBODY_soft_body";
var COMPONENT_DTYPE = {
  5126: "float32",
  5125: "uint32",
  5123: "uint16"
};
var SoftBodyRoot = class extends ExtensionProperty {
  static EXTENSION_NAME = SOFTBODY_EXTENSION;
  init() {
    this.extensionName = SOFTBODY_EXTENSION;
    this.propertyType = "SoftBodyRoot";
    this.parentTypes = [PropertyType.ROOT];
  }
  getDefaults() {
    return Object.assign(super.getDefaults(), { preset: {}, bodies: new RefList() });
  }
  getPreset() {
    return this.get("preset");
  }
  setPreset(preset) {
    return this.set("preset", preset);
  }
  addBody(node) {
    return this.addRef("bodies", node);
  }
  listBodies() {
    return this.listRefs("bodies");
  }
};
var SoftBodyNode = class extends ExtensionProperty {
  static EXTENSION_NAME = SOFTBODY_EXTENSION;
  init() {
    this.extensionName = SOFTBODY_EXTENSION;
    this.propertyType = "SoftBodyNode";
    this.parentTypes = [PropertyType.NODE];
  }
  getDefaults() {
    return Object.assign(super.getDefaults(), { body: {}, accessors: new RefList() });
  }
  /** The body JSON, arrays as `{dtype, accessor: k}` (k into listAccessors()) or `{dtype, count: 0}`. */
  getBody() {
    return this.get("body");
  }
  setBody(body) {
    return this.set("body", body);
  }
  /** Adds an accessor (once) and returns its index in this body's list. */
  addAccessor(accessor) {
    const list = this.listAccessors();
    const found = list.indexOf(accessor);
    if (found >= 0) return found;
    this.addRef("accessors", accessor, { usage: "OTHER" });
    return list.length;
  }
  listAccessors() {
    return this.listRefs("accessors");
  }
};
var SoftBodyExtension = class extends Extension {
  static EXTENSION_NAME = SOFTBODY_EXTENSION;
  extensionName = SOFTBODY_EXTENSION;
  /** What reading found wrong with the file's references (JSON pointers into the file). */
  readProblems = [];
  createRoot() {
    return new SoftBodyRoot(this.document.getGraph());
  }
  createBody() {
    return new SoftBodyNode(this.document.getGraph());
  }
  read(context) {
    const json = context.jsonDoc.json;
    const root = json.extensions?.[SOFTBODY_EXTENSION];
    if (!root) return this;
    const { bodies, ...preset } = root;
    const rootProperty = this.createRoot().setPreset(preset);
    const nodeIndices = Array.isArray(bodies) ? bodies : [];
    nodeIndices.forEach((index, i) => {
      const node = typeof index === "number" ? context.nodes[index] : void 0;
      const body = node && json.nodes?.[index]?.extensions?.[SOFTBODY_EXTENSION];
      if (!node || body === void 0) {
        this.readProblems.push({
          pointer: `/extensions/${SOFTBODY_EXTENSION}/bodies/${i}`,
          message: `names no node with a ${SOFTBODY_EXTENSION} body`
        });
        return;
      }
      const property = this.createBody();
      const at = `/nodes/${index}/extensions/${SOFTBODY_EXTENSION}`;
      property.setBody(
        localAccessors(body, property, context, at, this.readProblems)
      );
      node.setExtension(SOFTBODY_EXTENSION, property);
      rootProperty.addBody(node);
    });
    this.document.getRoot().setExtension(SOFTBODY_EXTENSION, rootProperty);
    return this;
  }
  write(context) {
    const rootProperty = this.document.getRoot().getExtension(SOFTBODY_EXTENSION);
    if (!rootProperty) return this;
    const json = context.jsonDoc.json;
    const nodeIndices = [];
    for (const node of rootProperty.listBodies()) {
      const index = context.nodeIndexMap.get(node);
      const property = node.getExtension(SOFTBODY_EXTENSION);
      if (index === void 0 || !property) continue;
      nodeIndices.push(index);
      const target = json.nodes?.[index];
      if (!target) continue;
      target.extensions ??= {};
      target.extensions[SOFTBODY_EXTENSION] = globalAccessors(
        property.getBody(),
        property.listAccessors(),
        context
      );
    }
    json.extensions ??= {};
    json.extensions[SOFTBODY_EXTENSION] = { ...rootProperty.getPreset(), bodies: nodeIndices };
    return this;
  }
};
function localAccessors(value, property, context, pointer, problems) {
  if (Array.isArray(value))
    return value.map((item, i) => localAccessors(item, property, context, `${pointer}/${i}`, problems));
  if (value === null || typeof value !== "object") return value;
  const record = value;
  if (typeof record.dtype === "string" && "accessor" in record) {
    const accessor = typeof record.accessor === "number" ? context.accessors[record.accessor] : void 0;
    if (accessor) return { ...record, accessor: property.addAccessor(accessor) };
    problems.push({ pointer: `${pointer}/accessor`, message: "names no accessor with data" });
    return { ...record, accessor: -1 };
  }
  const out = {};
  for (const [key, item] of Object.entries(record))
    out[key] = localAccessors(item, property, context, `${pointer}/${key}`, problems);
  return out;
}
function globalAccessors(value, accessors, context) {
  if (Array.isArray(value)) return value.map((item) => globalAccessors(item, accessors, context));
  if (value === null || typeof value !== "object") return value;
  const record = value;
  if (typeof record.dtype === "string" && typeof record.accessor === "number") {
    const accessor = accessors[record.accessor];
    const index = accessor ? context.accessorIndexMap.get(accessor) : void 0;
    if (index === void 0)
      throw new Error(`${SOFTBODY_EXTENSION}: a body array's accessor ${record.accessor} was not written`);
    return { dtype: record.dtype, accessor: index };
  }
  const out = {};
  for (const [key, item] of Object.entries(record)) out[key] = globalAccessors(item, accessors, context);
  return out;
}
function resolveBody(property, pointer) {
  const problems = [];
  const accessors = property.listAccessors();
  const walk = (value, at) => {
    if (Array.isArray(value)) return value.map((item, i) => walk(item, `${at}/${i}`));
    if (value === null || typeof value !== "object") return value;
    const record = value;
    if (typeof record.dtype === "string" && ("accessor" in record || record.count === 0)) {
      const dtype = record.dtype;
      if (!("accessor" in record)) return emptyArray(dtype);
      const accessor = typeof record.accessor === "number" ? accessors[record.accessor] : void 0;
      const array = accessor?.getArray();
      if (!accessor || !array) {
        problems.push({ pointer: `${at}/accessor`, message: "names no accessor with data" });
        return emptyArray(dtype);
      }
      const found = COMPONENT_DTYPE[accessor.getComponentType()];
      const type = accessor.getType();
      if (found !== dtype || type !== "SCALAR" && type !== "VEC3") {
        problems.push({
          pointer: `${at}/accessor`,
          message: `holds ${type} ${found ?? accessor.getComponentType()}, not SCALAR ${dtype}`
        });
        return emptyArray(dtype);
      }
      return array.slice();
    }
    const out = {};
    for (const [key, item] of Object.entries(record)) out[key] = walk(item, `${at}/${key}`);
    return out;
  };
  return { body: walk(property.getBody(), pointer), problems };
}
function emptyArray(dtype) {
  return dtype === "float32" ? new Float32Array(0) : dtype === "uint32" ? new Uint32Array(0) : new Uint16Array(0);
}
export {
  SOFTBODY_EXTENSION,
  SoftBodyExtension,
  SoftBodyNode,
  SoftBodyRoot,
  resolveBody
};
