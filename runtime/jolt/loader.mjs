// Softbody Studio → Jolt Physics loader (jolt-physics, the WebAssembly build of Jolt).
// One self-contained ES module: copy it into your game. No dependencies besides the Jolt module you
// pass in. Format and conventions: runtime/jolt/README.md.
//
//   import initJolt from 'jolt-physics';
//   import { createSoftBodySharedSettings, applySoftBodyCreationSettings } from './loader.mjs';
//   const Jolt = await initJolt();
//   const data = JSON.parse(text); // a `softbody export --target jolt` file
//   createColliders(Jolt, bodyInterface, data, staticLayer); // the scene's static colliders
//   const shared = createSoftBodySharedSettings(Jolt, data); // first body, or pass its name
//   const creation = new Jolt.SoftBodyCreationSettings(shared, position, rotation, objectLayer);
//   applySoftBodyCreationSettings(creation, data);
//   const body = bodyInterface.CreateSoftBody(creation);
//   const mesh = createRenderMesh(data); // each frame: mesh.update(motionProperties.GetVertices())

export const FORMAT = 'softbody-studio/jolt-soft-body';
/** What exports are written as: bulk arrays as binary columns. */
export const FORMAT_VERSION = 2;
/** Version 1 (every array a JSON list) is still read. */
const LIST_FORMAT_VERSION = 1;

/**
 * The body `name` of an export (the first when `name` is undefined), as stored. `data` may also be
 * a single body object of an export.
 */
export function selectBody(data, name) {
  if (Array.isArray(data?.bodies)) {
    if (data.format !== FORMAT)
      throw new Error(`Softbody loader: not a Softbody Studio Jolt export (format '${data.format}')`);
    if (data.formatVersion !== FORMAT_VERSION && data.formatVersion !== LIST_FORMAT_VERSION) {
      throw new Error(
        `Softbody loader: export formatVersion ${data.formatVersion} is not supported (this loader reads ${LIST_FORMAT_VERSION} and ${FORMAT_VERSION})`,
      );
    }
    const body = name === undefined ? data.bodies[0] : data.bodies.find((b) => b.name === name);
    if (!body)
      throw new Error(`Softbody loader: no body ${name === undefined ? 'in the export' : `named '${name}'`}`);
    return body;
  }
  if (data?.sharedSettings) return data;
  throw new Error('Softbody loader: expected a Softbody Studio Jolt export or one of its bodies');
}

const decoded = new WeakMap();

/**
 * The body's arrays, flat, whichever version the file is: `position` (xyz per vertex, m),
 * `invMass` (1/kg), `faces` (3 per triangle), per constraint kind `vertex` (2 or 4 per constraint)
 * beside `compliance` or `maxDistance`, and `renderMesh` (`positions`, `indices`, `embedding.vertex`
 * and `.weight`, 4 per render vertex) when the body has one. Every index is checked. Binary columns
 * are decoded once per body object.
 */
export function softBodyArrays(data, name) {
  const body = selectBody(data, name);
  // Lists are read afresh (a caller may have edited them); columns are decoded once.
  if (Array.isArray(body.sharedSettings.vertices)) return checkArrays(body.name, fromLists(body));
  let arrays = decoded.get(body);
  if (!arrays) {
    arrays = checkArrays(body.name, fromColumns(body));
    decoded.set(body, arrays);
  }
  return arrays;
}

/** Version 1: lists of objects. */
function fromLists(body) {
  const s = body.sharedSettings;
  const kind = (list, value) => ({
    vertex: list.flatMap((c) => c.vertex),
    [value]: list.map((c) => c[value]),
  });
  return {
    simulationVertexCount: body.simulationVertexCount,
    position: s.vertices.flatMap((v) => v.position),
    invMass: s.vertices.map((v) => v.invMass),
    faces: s.faces.flat(),
    edges: kind(s.edgeConstraints, 'compliance'),
    dihedralBends: kind(s.dihedralBendConstraints, 'compliance'),
    volumes: kind(s.volumeConstraints, 'compliance'),
    // Exports written before long-range attachments were mapped have none.
    lras: kind(s.lraConstraints ?? [], 'maxDistance'),
    renderMesh: body.renderMesh,
  };
}

/** Version 2: columns of binary arrays. */
function fromColumns(body) {
  const s = body.sharedSettings;
  const at = (path) => `body '${body.name}' ${path}`;
  const kind = (columns, field, value) => ({
    vertex: decodeColumn(columns?.vertex, at(`${field}.vertex`)),
    [value]: decodeColumn(columns?.[value], at(`${field}.${value}`)),
  });
  const mesh = body.renderMesh;
  return {
    simulationVertexCount: body.simulationVertexCount,
    position: decodeColumn(s.vertices?.position, at('vertices.position')),
    invMass: decodeColumn(s.vertices?.invMass, at('vertices.invMass')),
    faces: decodeColumn(s.faces, at('faces')),
    edges: kind(s.edgeConstraints, 'edgeConstraints', 'compliance'),
    dihedralBends: kind(s.dihedralBendConstraints, 'dihedralBendConstraints', 'compliance'),
    volumes: kind(s.volumeConstraints, 'volumeConstraints', 'compliance'),
    lras: kind(s.lraConstraints, 'lraConstraints', 'maxDistance'),
    renderMesh: mesh && {
      positions: decodeColumn(mesh.positions, at('renderMesh.positions')),
      indices: decodeColumn(mesh.indices, at('renderMesh.indices')),
      embedding: {
        vertex: decodeColumn(mesh.embedding?.vertex, at('renderMesh.embedding.vertex')),
        weight: decodeColumn(mesh.embedding?.weight, at('renderMesh.embedding.weight')),
      },
    },
  };
}

function checkArrays(name, a) {
  const vertexCount = a.invMass.length;
  const fail = (message) => {
    throw new Error(`Softbody loader: body '${name}' ${message}`);
  };
  if (a.position.length !== 3 * vertexCount)
    fail(`has ${a.position.length} position coordinates for ${vertexCount} vertices`);
  const checkIndices = (indices, arity, what, count, of = 'vertex') => {
    for (let i = 0; i < indices.length; i++) {
      const v = indices[i];
      if (!(Number.isInteger(v) && v >= 0 && v < count))
        fail(`${what} ${Math.floor(i / arity)} refers to ${of} ${v}; there are ${count}`);
    }
  };
  const checkKind = (k, arity, what, value) => {
    if (k.vertex.length !== arity * k[value].length)
      fail(`has ${k.vertex.length} ${what} indices for ${k[value].length} constraints of ${arity} vertices`);
    checkIndices(k.vertex, arity, what, vertexCount);
  };
  checkIndices(a.faces, 3, 'face', vertexCount);
  checkKind(a.edges, 2, 'edge constraint', 'compliance');
  checkKind(a.dihedralBends, 4, 'dihedral bend constraint', 'compliance');
  checkKind(a.volumes, 4, 'volume constraint', 'compliance');
  checkKind(a.lras, 2, 'long-range attachment', 'maxDistance');
  const mesh = a.renderMesh;
  if (mesh) {
    const renderCount = mesh.positions.length / 3;
    if (mesh.embedding.vertex.length !== 4 * renderCount || mesh.embedding.weight.length !== 4 * renderCount)
      fail(
        `render mesh embedding does not hold 4 vertices and 4 weights for each of its ${renderCount} vertices`,
      );
    checkIndices(mesh.indices, 3, 'render triangle', renderCount, 'render vertex');
    checkIndices(mesh.embedding.vertex, 4, 'render vertex', a.simulationVertexCount, 'simulation vertex');
  }
  return a;
}

const COLUMN_TYPES = {
  float32: { size: 4, make: (n) => new Float32Array(n), get: (view, o) => view.getFloat32(o, true) },
  float64: { size: 8, make: (n) => new Float64Array(n), get: (view, o) => view.getFloat64(o, true) },
  uint16: { size: 2, make: (n) => new Uint16Array(n), get: (view, o) => view.getUint16(o, true) },
  uint32: { size: 4, make: (n) => new Uint32Array(n), get: (view, o) => view.getUint32(o, true) },
};

/** A binary array { dtype, count, base64 } (little-endian) as its typed array. */
function decodeColumn(column, where) {
  const type = COLUMN_TYPES[column?.dtype];
  if (!type)
    throw new Error(
      `Softbody loader: ${where} is not a binary array of float32, float64, uint16 or uint32 (dtype '${column?.dtype}')`,
    );
  const bytes = decodeBase64(column.base64, where);
  if (bytes.length !== column.count * type.size)
    throw new Error(
      `Softbody loader: ${where} holds ${bytes.length} bytes but count ${column.count} of ${column.dtype} needs ${column.count * type.size}`,
    );
  const out = type.make(column.count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < column.count; i++) out[i] = type.get(view, i * type.size);
  return out;
}

const BASE64 = new Int16Array(128).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries())
  BASE64[c.charCodeAt(0)] = i;

/** Standard padded base64, decoded without platform helpers (no atob or Buffer needed). */
function decodeBase64(text, where) {
  if (typeof text !== 'string' || text.length % 4 !== 0)
    throw new Error(`Softbody loader: ${where} is not base64 (length not a multiple of 4)`);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    let triple = 0;
    for (let k = 0; k < 4; k++) {
      const code = text.charCodeAt(i + k);
      const value = code === 61 && i + k >= text.length - padding ? 0 : code < 128 ? BASE64[code] : -1;
      if (value < 0) throw new Error(`Softbody loader: ${where} is not base64 (character at ${i + k})`);
      triple = (triple << 6) | value;
    }
    if (o < out.length) out[o++] = (triple >> 16) & 255;
    if (o < out.length) out[o++] = (triple >> 8) & 255;
    if (o < out.length) out[o++] = triple & 255;
  }
  return out;
}

/**
 * Builds a ready Jolt.SoftBodySharedSettings from an export: vertices with inverse masses, faces,
 * edge / dihedral-bend / volume constraints with their compliances (already in Jolt's conventions),
 * long-range attachments (tethers),
 * then the precomputations Jolt requires (rest lengths, rest volumes, initial bend angles) and
 * Optimize(), which orders the constraints for Jolt's solver. The caller owns the result (Jolt
 * reference counting: a SoftBodyCreationSettings that receives it takes a reference).
 */
export function createSoftBodySharedSettings(Jolt, data, name) {
  const a = softBodyArrays(data, name);
  const settings = new Jolt.SoftBodySharedSettings();
  for (let i = 0; i < a.invMass.length; i++) {
    const v = new Jolt.SoftBodySharedSettingsVertex();
    const position = new Jolt.Float3(a.position[3 * i], a.position[3 * i + 1], a.position[3 * i + 2]);
    v.mPosition = position;
    v.mInvMass = a.invMass[i];
    settings.mVertices.push_back(v);
    Jolt.destroy(position);
    Jolt.destroy(v);
  }
  for (let i = 0; i < a.faces.length; i += 3) {
    const face = new Jolt.SoftBodySharedSettingsFace(a.faces[i], a.faces[i + 1], a.faces[i + 2], 0);
    settings.AddFace(face);
    Jolt.destroy(face);
  }
  const { edges, dihedralBends, volumes, lras } = a;
  for (let i = 0; i < edges.compliance.length; i++) {
    const edge = new Jolt.SoftBodySharedSettingsEdge(
      edges.vertex[2 * i],
      edges.vertex[2 * i + 1],
      edges.compliance[i],
    );
    settings.mEdgeConstraints.push_back(edge);
    Jolt.destroy(edge);
  }
  for (let i = 0; i < dihedralBends.compliance.length; i++) {
    const x = dihedralBends.vertex;
    const bend = new Jolt.SoftBodySharedSettingsDihedralBend(
      x[4 * i],
      x[4 * i + 1],
      x[4 * i + 2],
      x[4 * i + 3],
      dihedralBends.compliance[i],
    );
    settings.mDihedralBendConstraints.push_back(bend);
    Jolt.destroy(bend);
  }
  for (let i = 0; i < volumes.compliance.length; i++) {
    const x = volumes.vertex;
    const volume = new Jolt.SoftBodySharedSettingsVolume(
      x[4 * i],
      x[4 * i + 1],
      x[4 * i + 2],
      x[4 * i + 3],
      volumes.compliance[i],
    );
    settings.mVolumeConstraints.push_back(volume);
    Jolt.destroy(volume);
  }
  for (let i = 0; i < lras.maxDistance.length; i++) {
    const lra = new Jolt.SoftBodySharedSettingsLRA(
      lras.vertex[2 * i],
      lras.vertex[2 * i + 1],
      lras.maxDistance[i],
    );
    settings.mLRAConstraints.push_back(lra);
    Jolt.destroy(lra);
  }
  settings.CalculateEdgeLengths();
  settings.CalculateVolumeConstraintVolumes();
  settings.CalculateBendConstraintConstants();
  settings.Optimize();
  return settings;
}

/**
 * Copies the export's SoftBodyCreationSettings fields (iteration count = the preset's substeps,
 * linear damping, gravity factor, double-sided faces for cloth) onto `creationSettings`.
 */
export function applySoftBodyCreationSettings(creationSettings, data, name) {
  const c = selectBody(data, name).creationSettings;
  creationSettings.mNumIterations = c.numIterations;
  creationSettings.mLinearDamping = c.linearDamping;
  creationSettings.mGravityFactor = c.gravityFactor;
  creationSettings.mFacesDoubleSided = c.facesDoubleSided;
  // nRT of the enclosed gas, J; files before it was exported have none.
  creationSettings.mPressure = c.pressure ?? 0;
  return creationSettings;
}

/**
 * The body's render mesh, skinned to its simulation vertices (linear: render vertex i follows
 * Σ_k weight[4i + k] · x[vertex[4i + k]]): `indices` (3 per triangle, counter-clockwise from
 * outside), `restPositions` and `positions` (xyz per render vertex, m, in the soft body's space as
 * Jolt's vertices are; `positions` starts at rest), and `update(vertices)`, which recomputes
 * `positions` from the current simulation vertices and returns it: pass Jolt's
 * `SoftBodyMotionProperties.GetVertices()` or xyz per vertex, flat. undefined for a body without a
 * render mesh (cloth, shapes): draw the simulation surface there.
 */
export function createRenderMesh(data, name) {
  const { renderMesh: mesh, simulationVertexCount } = softBodyArrays(data, name);
  if (!mesh) return undefined;
  const count = mesh.positions.length / 3;
  const { vertex, weight } = mesh.embedding;
  const positions = Float32Array.from(mesh.positions);
  const simulated = new Float64Array(3 * simulationVertexCount);
  return {
    indices: Uint32Array.from(mesh.indices),
    restPositions: Float32Array.from(mesh.positions),
    positions,
    update(vertices) {
      let x = vertices;
      if (typeof vertices.size === 'function') {
        // Jolt's vertex array: read each position once.
        for (let v = 0; v < simulationVertexCount; v++) {
          const p = vertices.at(v).mPosition;
          simulated[3 * v] = p.GetX();
          simulated[3 * v + 1] = p.GetY();
          simulated[3 * v + 2] = p.GetZ();
        }
        x = simulated;
      }
      for (let i = 0; i < count; i++) {
        let px = 0;
        let py = 0;
        let pz = 0;
        for (let k = 4 * i; k < 4 * i + 4; k++) {
          const w = weight[k];
          const v = 3 * vertex[k];
          px += w * x[v];
          py += w * x[v + 1];
          pz += w * x[v + 2];
        }
        positions[3 * i] = px;
        positions[3 * i + 1] = py;
        positions[3 * i + 2] = pz;
      }
      return positions;
    },
  };
}

/**
 * Creates the export's static colliders (ground planes, spheres, boxes, capsules, triangle meshes)
 * as Jolt bodies of motion type Static in `objectLayer`, each with the collider's friction (Jolt
 * combines it with the soft body's mFriction, by default as the geometric mean), and adds them to
 * the world. Returns their BodyIDs, in the export's order; remove and destroy them through the body
 * interface.
 */
export function createColliders(Jolt, bodyInterface, data, objectLayer) {
  const ids = [];
  for (const [i, collider] of (data.colliders ?? []).entries()) {
    const { shape, position, rotation } = colliderShape(Jolt, collider, i);
    const at = new Jolt.RVec3(position[0], position[1], position[2]);
    const turn = new Jolt.Quat(rotation[0], rotation[1], rotation[2], rotation[3]);
    // The body takes a reference to the shape.
    const creation = new Jolt.BodyCreationSettings(shape, at, turn, Jolt.EMotionType_Static, objectLayer);
    creation.mFriction = collider.friction;
    creation.mRestitution = 0;
    const body = bodyInterface.CreateBody(creation);
    bodyInterface.AddBody(body.GetID(), Jolt.EActivation_DontActivate);
    ids.push(body.GetID());
    Jolt.destroy(creation);
    Jolt.destroy(at);
    Jolt.destroy(turn);
  }
  return ids;
}

const IDENTITY = [0, 0, 0, 1];

/** A MeshShape of the collider's triangles (front: counter-clockwise, in both Jolt and the preview). */
function meshShape(Jolt, c, i) {
  const where = `collider ${i} (mesh)`;
  const vertices = Array.isArray(c.vertices) ? c.vertices : decodeColumn(c.vertices, `${where} vertices`);
  const indices = Array.isArray(c.indices) ? c.indices : decodeColumn(c.indices, `${where} indices`);
  const count = vertices.length / 3;
  const vertexList = new Jolt.VertexList();
  for (let v = 0; v < count; v++) {
    const p = new Jolt.Float3(vertices[3 * v], vertices[3 * v + 1], vertices[3 * v + 2]);
    vertexList.push_back(p);
    Jolt.destroy(p);
  }
  const triangles = new Jolt.IndexedTriangleList();
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = t; k < t + 3; k++) {
      if (!(Number.isInteger(indices[k]) && indices[k] >= 0 && indices[k] < count))
        throw new Error(
          `Softbody loader: ${where} triangle ${t / 3} refers to vertex ${indices[k]}; there are ${count}`,
        );
    }
    const triangle = new Jolt.IndexedTriangle(indices[t], indices[t + 1], indices[t + 2], 0);
    triangles.push_back(triangle);
    Jolt.destroy(triangle);
  }
  const materials = new Jolt.PhysicsMaterialList();
  const settings = new Jolt.MeshShapeSettings(vertexList, triangles, materials);
  Jolt.destroy(vertexList);
  Jolt.destroy(triangles);
  Jolt.destroy(materials);
  const result = settings.Create();
  if (result.HasError()) throw new Error(`Softbody loader: ${where}: ${result.GetError().c_str()}`);
  // The settings keep a reference to the shape they made; the body takes its own.
  return result.Get();
}

/** The Jolt shape of a collider, and where its body goes (position, rotation as xyzw). */
function colliderShape(Jolt, c, i) {
  const vec = (v) => new Jolt.Vec3(v[0], v[1], v[2]);
  switch (c.type) {
    case 'plane': {
      // Ours is solid where n·x < offset; Jolt's plane n·x + c = 0 is solid on its negative side.
      const normal = vec(c.normal);
      const plane = new Jolt.Plane(normal, -c.offset);
      const shape = new Jolt.PlaneShape(plane);
      Jolt.destroy(plane);
      Jolt.destroy(normal);
      return { shape, position: [0, 0, 0], rotation: IDENTITY };
    }
    case 'sphere':
      return { shape: new Jolt.SphereShape(c.radius), position: c.center, rotation: IDENTITY };
    case 'box': {
      // No convex radius: the corners stay sharp, as the preview's box is.
      const half = vec(c.halfExtents);
      const shape = new Jolt.BoxShape(half, 0);
      Jolt.destroy(half);
      return { shape, position: c.center, rotation: IDENTITY };
    }
    case 'capsule': {
      // Jolt's capsule lies along y around its centre: turn y onto a → b.
      const d = [c.b[0] - c.a[0], c.b[1] - c.a[1], c.b[2] - c.a[2]];
      const length = Math.hypot(d[0], d[1], d[2]);
      const centre = [(c.a[0] + c.b[0]) / 2, (c.a[1] + c.b[1]) / 2, (c.a[2] + c.b[2]) / 2];
      if (!(length > 0))
        return { shape: new Jolt.SphereShape(c.radius), position: centre, rotation: IDENTITY };
      const [x, y, z] = d.map((k) => k / length);
      const q = y > -1 + 1e-9 ? [z, 0, -x, 1 + y] : [1, 0, 0, 0];
      const norm = Math.hypot(q[0], q[1], q[2], q[3]);
      return {
        shape: new Jolt.CapsuleShape(length / 2, c.radius),
        position: centre,
        rotation: q.map((k) => k / norm),
      };
    }
    case 'mesh':
      return { shape: meshShape(Jolt, c, i), position: [0, 0, 0], rotation: IDENTITY };
    default:
      throw new Error(
        `Softbody loader: collider ${i} has type '${c.type}'; this loader creates plane, sphere, box, capsule and mesh`,
      );
  }
}
