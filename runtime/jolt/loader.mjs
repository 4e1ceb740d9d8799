// Softbody Studio → Jolt Physics loader (jolt-physics, the WebAssembly build of Jolt).
// One self-contained ES module: copy it into your game. No dependencies besides the Jolt module you
// pass in. Format and conventions: runtime/jolt/README.md.
//
//   import initJolt from 'jolt-physics';
//   import { createSoftBodySharedSettings, applySoftBodyCreationSettings } from './loader.mjs';
//   const Jolt = await initJolt();
//   const data = JSON.parse(text); // a `softbody export --target jolt` file
//   const shared = createSoftBodySharedSettings(Jolt, data); // first body, or pass its name
//   const creation = new Jolt.SoftBodyCreationSettings(shared, position, rotation, objectLayer);
//   applySoftBodyCreationSettings(creation, data);
//   const body = bodyInterface.CreateSoftBody(creation);

export const FORMAT = 'softbody-studio/jolt-soft-body';
export const FORMAT_VERSION = 1;

/**
 * The body `name` of an export (the first when `name` is undefined). `data` may also be a single
 * body object of an export.
 */
export function selectBody(data, name) {
  if (Array.isArray(data?.bodies)) {
    if (data.format !== FORMAT)
      throw new Error(`Softbody loader: not a Softbody Studio Jolt export (format '${data.format}')`);
    if (data.formatVersion !== FORMAT_VERSION) {
      throw new Error(
        `Softbody loader: export formatVersion ${data.formatVersion} is not supported (this loader reads ${FORMAT_VERSION})`,
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

/**
 * Builds a ready Jolt.SoftBodySharedSettings from an export: vertices with inverse masses, faces,
 * edge / dihedral-bend / volume constraints with their compliances (already in Jolt's conventions),
 * long-range attachments (tethers),
 * then the precomputations Jolt requires (rest lengths, rest volumes, initial bend angles) and
 * Optimize(), which orders the constraints for Jolt's solver. The caller owns the result (Jolt
 * reference counting: a SoftBodyCreationSettings that receives it takes a reference).
 */
export function createSoftBodySharedSettings(Jolt, data, name) {
  const body = selectBody(data, name);
  const s = body.sharedSettings;
  const vertexCount = s.vertices.length;
  const checkIndices = (list, what) => {
    list.forEach((item, i) => {
      for (const v of item.vertex ?? item) {
        if (!(Number.isInteger(v) && v >= 0 && v < vertexCount)) {
          throw new Error(
            `Softbody loader: body '${body.name}' ${what} ${i} refers to vertex ${v}; there are ${vertexCount}`,
          );
        }
      }
    });
  };
  checkIndices(s.faces, 'face');
  checkIndices(s.edgeConstraints, 'edge constraint');
  checkIndices(s.dihedralBendConstraints, 'dihedral bend constraint');
  checkIndices(s.volumeConstraints, 'volume constraint');
  // Exports written before long-range attachments were mapped have none.
  const lras = s.lraConstraints ?? [];
  checkIndices(lras, 'long-range attachment');

  const settings = new Jolt.SoftBodySharedSettings();
  for (const vertex of s.vertices) {
    const v = new Jolt.SoftBodySharedSettingsVertex();
    const position = new Jolt.Float3(vertex.position[0], vertex.position[1], vertex.position[2]);
    v.mPosition = position;
    v.mInvMass = vertex.invMass;
    settings.mVertices.push_back(v);
    Jolt.destroy(position);
    Jolt.destroy(v);
  }
  for (const [a, b, c] of s.faces) {
    const face = new Jolt.SoftBodySharedSettingsFace(a, b, c, 0);
    settings.AddFace(face);
    Jolt.destroy(face);
  }
  for (const e of s.edgeConstraints) {
    const edge = new Jolt.SoftBodySharedSettingsEdge(e.vertex[0], e.vertex[1], e.compliance);
    settings.mEdgeConstraints.push_back(edge);
    Jolt.destroy(edge);
  }
  for (const b of s.dihedralBendConstraints) {
    const bend = new Jolt.SoftBodySharedSettingsDihedralBend(
      b.vertex[0],
      b.vertex[1],
      b.vertex[2],
      b.vertex[3],
      b.compliance,
    );
    settings.mDihedralBendConstraints.push_back(bend);
    Jolt.destroy(bend);
  }
  for (const t of s.volumeConstraints) {
    const volume = new Jolt.SoftBodySharedSettingsVolume(
      t.vertex[0],
      t.vertex[1],
      t.vertex[2],
      t.vertex[3],
      t.compliance,
    );
    settings.mVolumeConstraints.push_back(volume);
    Jolt.destroy(volume);
  }
  for (const l of lras) {
    const lra = new Jolt.SoftBodySharedSettingsLRA(l.vertex[0], l.vertex[1], l.maxDistance);
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
  return creationSettings;
}
