import type { Decoded } from '../document/binary-array.ts';
import type { Material } from '../material/schema.ts';
import type { SceneDocument } from '../scene/scene.ts';
import { assembleGeometry } from '../setup/body-geometry.ts';
import type { BodySetup, SoftBodySetup } from '../setup/setup.ts';
import type { PRESET_FORMAT_VERSION, PresetJson } from './schema.ts';

/**
 * A preset in memory: the setup every runtime loads, beside the authoring inputs it was compiled
 * from (schema.ts describes the file). Reading decodes the setup as stored — nothing is derived
 * or inverted — and builds only the topology the solver walks (edges, boundary faces).
 */
export interface Preset {
  formatVersion: typeof PRESET_FORMAT_VERSION;
  name: string;
  /** The program that wrote it, e.g. "Softbody Studio 0.1.0". */
  generator: string;
  /** The file the preset was made from (a mesh or a scene), when there was one. */
  source?: string;
  /** Every library or user material the scene names, so its names resolve to these numbers. */
  materials: Material[];
  /** The authoring inputs. */
  scene: SceneDocument;
  setup: SoftBodySetup;
}

type DecodedPresetJson = Decoded<PresetJson>;
type DecodedBodyJson = DecodedPresetJson['setup']['bodies'][number];

/** The preset as the schema's document with typed arrays (encodeDocument makes it JSON). */
export function presetToDocument(preset: Preset): DecodedPresetJson {
  return {
    formatVersion: preset.formatVersion,
    name: preset.name,
    generator: preset.generator,
    ...(preset.source === undefined ? {} : { source: preset.source }),
    materials: preset.materials,
    scene: preset.scene,
    setup: {
      gravity: preset.setup.gravity,
      solver: preset.setup.solver,
      colliders: preset.setup.colliders as DecodedPresetJson['setup']['colliders'],
      bodies: preset.setup.bodies.map(bodyToDocument),
      ...(preset.setup.air ? { air: preset.setup.air } : {}),
      ...(preset.setup.contact ? { contact: { ...preset.setup.contact } } : {}),
    },
  };
}

/** The preset a schema-valid file holds, once its arrays are decoded. */
export function presetFromDocument(stored: DecodedPresetJson): Preset {
  return {
    formatVersion: stored.formatVersion,
    name: stored.name,
    generator: stored.generator,
    ...(stored.source === undefined ? {} : { source: stored.source }),
    materials: stored.materials,
    scene: stored.scene,
    setup: {
      gravity: [...stored.setup.gravity],
      solver: { ...stored.setup.solver },
      colliders: stored.setup.colliders as SoftBodySetup['colliders'],
      bodies: stored.setup.bodies.map(bodyFromDocument),
      ...(stored.setup.air
        ? { air: { ...stored.setup.air, windMPerS: [...stored.setup.air.windMPerS] } }
        : {}),
      ...(stored.setup.contact ? { contact: { ...stored.setup.contact } } : {}),
    },
  };
}

function bodyToDocument(body: BodySetup): DecodedBodyJson {
  const g = body.geometry;
  return {
    name: body.name,
    kind: g.kind,
    model: body.model,
    positions: g.positions,
    massKg: g.mass,
    elements: elementsOf(body),
    slots: body.slots.materials.map((material, s) => ({
      material,
      dampingRatio: body.slots.dampingRatios[s],
      ...(s === 0 ? {} : { vertices: maskToList(body.slots.masks[s - 1]) }),
      ...(body.slots.plasticity?.[s] ? { plasticity: body.slots.plasticity[s] } : {}),
    })),
    groupNames: body.groupNames,
    pins: body.pins.map((pin) => ({
      ...(pin.name === undefined ? {} : { name: pin.name }),
      particles: pin.particles,
      complianceMPerN: pin.complianceMPerN,
      ...(pin.motion ? { motion: pin.motion } : {}),
    })),
    constraints: body.constraints,
    iterations: body.iterations,
    linearDampingPerS: body.linearDampingPerS,
    fundamentalRadPerS: body.fundamentalRadPerS,
    waveSpeedMPerS: body.waveSpeedMPerS,
    compensation: body.compensation,
    ...(body.selfCollision ? { selfCollision: body.selfCollision } : {}),
    ...(body.aerodynamics ? { aerodynamics: body.aerodynamics } : {}),
    ...(body.render ? { render: body.render } : {}),
    ...(body.importGroups ? { importGroups: body.importGroups } : {}),
  };
}

function bodyFromDocument(json: DecodedBodyJson): BodySetup {
  const count = json.massKg.length;
  const geometry = assembleGeometry(json.kind, json.positions, json.elements, json.massKg);
  return {
    name: json.name,
    model: json.model,
    geometry,
    slots: {
      materials: json.slots.map((slot) => slot.material),
      dampingRatios: json.slots.map((slot) => slot.dampingRatio),
      masks: json.slots.slice(1).map((slot) => listToMask(slot.vertices, count)),
      ...(json.slots.some((slot) => slot.plasticity)
        ? { plasticity: json.slots.map((slot) => slot.plasticity ?? null) }
        : {}),
    },
    groupNames: json.groupNames,
    pins: json.pins.map((pin) => ({
      ...(pin.name === undefined ? {} : { name: pin.name }),
      particles: pin.particles,
      complianceMPerN: pin.complianceMPerN,
      ...(pin.motion ? { motion: pin.motion } : {}),
    })),
    constraints: json.constraints,
    iterations: json.iterations,
    linearDampingPerS: json.linearDampingPerS,
    fundamentalRadPerS: json.fundamentalRadPerS,
    waveSpeedMPerS: json.waveSpeedMPerS,
    compensation: json.compensation,
    ...(json.selfCollision ? { selfCollision: json.selfCollision } : {}),
    ...(json.aerodynamics ? { aerodynamics: json.aerodynamics } : {}),
    ...(json.render ? { render: json.render } : {}),
    ...(json.importGroups ? { importGroups: json.importGroups } : {}),
  };
}

/** The body's elements: tets (solid), triangles (cloth) or links (rope). */
export function elementsOf(body: BodySetup): Uint32Array {
  const g = body.geometry;
  return g.kind === 'solid' ? g.tets : g.kind === 'cloth' ? g.triangles : g.edges;
}

function maskToList(mask: Uint8Array): Uint32Array {
  const out: number[] = [];
  for (let v = 0; v < mask.length; v++) if (mask[v]) out.push(v);
  return Uint32Array.from(out);
}

function listToMask(list: Uint32Array | undefined, count: number): Uint8Array {
  const mask = new Uint8Array(count);
  for (const v of list ?? []) if (v < count) mask[v] = 1;
  return mask;
}
