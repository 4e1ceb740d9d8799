import { encodeBase64 } from '../../document/base64.ts';
import type { ColliderSpec, Vec3 } from '../../scene/scene.ts';
import { weightDisplacement } from '../../setup/runtime-calibration.ts';
import type { BodySetup } from '../../setup/setup.ts';
import type { Preset } from '../preset.ts';
import { ExportRefusedError } from './export-refused.ts';
import { type Approximation, approximationsFor } from './features.ts';
import { godotSettledSag, godotSoftBodyModel } from './godot-soft-body.ts';
import { joltGases } from './jolt-pressure.ts';

/**
 * Export to Godot 4 (Godot Physics 3D): one self-contained text scene (.tscn) — a browser can only
 * download one file, and Godot reads the scene without an import step. Per body a SoftBody3D whose
 * mesh is an inline ArrayMesh sub-resource of the body's surface (a solid's boundary triangles, a
 * cloth's triangles): one vertex per surface particle, ascending particle order, so vertex i is
 * node i of Godot's soft body (it welds equal positions, and ours are distinct) and
 * `pinned_points` are those vertex indices. Not a glTF beside the scene: Godot imports glTF as a
 * scene, not as a mesh a SoftBody3D takes, and its importer may split or reorder vertices, which
 * would move the pins.
 *
 * The mapping (runtime/godot/README.md): total_mass the body's mass (Godot spreads it evenly over
 * the nodes); simulation_precision the preset's substeps (sweeps per tick, 1–100); linear_stiffness
 * calibrated per body so that it sags under its own weight as the preview does (godotStiffness);
 * damping_coefficient 1 − e^(−c·h), c the linear damping, h the frame (one Godot tick: set the
 * project's physics ticks per second to 1/dt); pressure_coefficient the nRT of jolt-pressure.ts (Godot's
 * gas is Jolt's, P = c/V). Colliders become StaticBody3D nodes.
 * Godot is y up in metres, as the preset: coordinates are written as they are. Godot's front faces
 * wind clockwise, so triangles are written in reverse.
 */
export const GODOT_EXPORT_VERSION = 1;

/** Godot's defaults, used where the body cannot be calibrated. */
export const GODOT_DEFAULT_STIFFNESS = 0.5;
/** The most sweeps Godot's editor allows. */
export const GODOT_MAX_PRECISION = 100;
/** The calibration stops when the model's sag is within this share of the preview's. */
const STIFFNESS_TOLERANCE = 0.01;
/** The weakest stiffness searched (below, the body hangs more than a hundred times the preview). */
const MIN_STIFFNESS = 1e-4;
/** Secant steps at most (each one settling of the model). */
const MAX_SEARCH_STEPS = 20;

export interface GodotBodyExport {
  name: string;
  /** Surface vertex i is this body particle (ascending). */
  surfaceParticles: Uint32Array;
  /** Triangles over surface vertices, counter-clockwise seen from outside (the preset's winding). */
  triangles: Uint32Array;
  /** Surface vertex indices pinned (Godot's pinned_points). */
  pinnedVertices: number[];
  linearStiffness: number;
  simulationPrecision: number;
  totalMassKg: number;
  dampingCoefficient: number;
  /** The calibration, or null when the body was not calibrated. */
  calibration: {
    /** Mean sag along gravity of the far layer's free surface particles, preview (linear statics) and model, m. */
    previewSagM: number;
    godotSagM: number;
    /** True when even linear_stiffness 1 hangs lower than the preview. */
    saturated: boolean;
    /** True for a cloth its pins cannot hold against gravity, calibrated hanging in its own plane. */
    inPlane?: boolean;
  } | null;
}

export interface GodotExport {
  tscn: string;
  bodies: GodotBodyExport[];
  /** What the budget does, per body, in sentences (the export's budget notes). */
  notes: string[];
}

/** The Godot export of a preset. Throws ExportRefusedError for a refused feature. */
export function exportGodot(preset: Preset): GodotExport {
  const setup = preset.setup;
  const approximations = godotApproximations(preset);
  const stepS = setup.solver.dt;
  const bodies = setup.bodies.map((body) => godotBody(body, setup.gravity, stepS, setup.solver.substeps));
  // Godot's gas pushes as Jolt's does (P = c/V, nothing outside): the same rest-state match.
  const gases = joltGases(setup);
  const notes = bodies.flatMap((b, i) => bodyNotes(b, setup.bodies[i]));
  const sub: string[] = [];
  const nodes: string[] = [];
  const root = nodeName(preset.name) || 'Softbody';
  nodes.push(`[node name=${str(root)} type="Node3D"]`, '');
  const names = new Set<string>();
  const unique = (name: string) => {
    let candidate = nodeName(name) || 'body';
    for (let i = 2; names.has(candidate); i++) candidate = `${nodeName(name) || 'body'}_${i}`;
    names.add(candidate);
    return candidate;
  };
  bodies.forEach((b, i) => {
    const body = setup.bodies[i];
    const cloth = body.geometry.kind === 'cloth';
    const meshId = `ArrayMesh_${i}`;
    if (cloth) sub.push(`[sub_resource type="StandardMaterial3D" id="Material_${i}"]`, 'cull_mode = 2', '');
    sub.push(
      `[sub_resource type="ArrayMesh" id="${meshId}"]`,
      `_surfaces = [${surface(body, b, cloth ? `Material_${i}` : null)}]`,
      '',
    );
    nodes.push(
      `[node name=${str(unique(body.name))} type="SoftBody3D" parent="."]`,
      `mesh = SubResource("${meshId}")`,
      `simulation_precision = ${b.simulationPrecision}`,
      `total_mass = ${num(b.totalMassKg)}`,
      `linear_stiffness = ${num(b.linearStiffness)}`,
      `pressure_coefficient = ${num(gases[i]?.pressure ?? 0)}`,
      `damping_coefficient = ${num(b.dampingCoefficient)}`,
      'drag_coefficient = 0.0',
      `pinned_points = [${b.pinnedVertices.join(', ')}]`,
      '',
    );
  });
  setup.colliders.forEach((collider, i) => {
    const shapeId = `Shape_${i}`;
    const materialId = `PhysicsMaterial_${i}`;
    sub.push(
      `[sub_resource type="PhysicsMaterial" id="${materialId}"]`,
      `friction = ${num(collider.friction ?? 0.5)}`,
      '',
    );
    const shape = colliderShape(collider);
    sub.push(`[sub_resource type="${shape.type}" id="${shapeId}"]`, ...shape.properties, '');
    const name = unique(`collider${i}`);
    nodes.push(
      `[node name=${str(name)} type="StaticBody3D" parent="."]`,
      `transform = ${shape.transform}`,
      `physics_material_override = SubResource("${materialId}")`,
      '',
      `[node name="CollisionShape3D" type="CollisionShape3D" parent=${str(name)}]`,
      `shape = SubResource("${shapeId}")`,
      '',
    );
  });
  const header = [
    `[gd_scene load_steps=${sub.filter((line) => line.startsWith('[sub_resource')).length + 1} format=3]`,
    '',
    `; Softbody Studio preset ${preset.name.replace(/\n/g, ' ')}, Godot export version ${GODOT_EXPORT_VERSION}: SI units, y up, for Godot Physics 3D with ${num(1 / stepS)} physics ticks per second.`,
    ...approximations.map((a) => `; approximated: ${a.feature}: ${a.message}`.replace(/\n/g, ' ')),
    ...notes.map((n) => `; ${n}`.replace(/\n/g, ' ')),
    '',
  ];
  return { tscn: [...header, ...sub, ...nodes].join('\n'), bodies, notes };
}

/** What the Godot export approximates (the feature table); throws ExportRefusedError for a refusal. */
export function godotApproximations(preset: Preset): Approximation[] {
  return approximationsFor(preset.setup, 'godot', (refusals) => {
    throw new ExportRefusedError('godot', refusals);
  });
}

function godotBody(body: BodySetup, gravity: Vec3, stepS: number, substeps: number): GodotBodyExport {
  const g = body.geometry;
  const elements = g.kind === 'cloth' ? g.triangles : g.surfaceTriangles;
  const local = new Int32Array(g.mass.length).fill(-1);
  for (const p of elements) local[p] = 0;
  const surfaceParticles = Uint32Array.from({ length: g.mass.length }, (_, p) => p).filter(
    (p) => local[p] === 0,
  );
  surfaceParticles.forEach((p, i) => {
    local[p] = i;
  });
  const triangles = Uint32Array.from(elements, (p) => local[p]);
  const pinnedVertices = [
    ...new Set(body.pins.flatMap((pin) => Array.from(pin.particles, (p) => local[p]).filter((v) => v >= 0))),
  ].sort((a, b) => a - b);
  const totalMassKg = g.mass.reduce((sum, m) => sum + m, 0);
  const dampingCoefficient = 1 - Math.exp(-body.linearDampingPerS * stepS);
  const base = {
    name: body.name,
    surfaceParticles,
    triangles,
    pinnedVertices,
    totalMassKg,
    dampingCoefficient,
  };
  const pbdScale = body.constraints.find((set) => 'stiffnessScale' in set && set.stiffnessScale !== 1);
  if (body.iterations > 1 || pbdScale) {
    // Classic PBD: Godot's links are PBD links; its stiffness and iteration count go over as they are.
    const stiffness = pbdScale && 'stiffnessScale' in pbdScale ? pbdScale.stiffnessScale : 1;
    return {
      ...base,
      linearStiffness: Math.min(1, Math.max(MIN_STIFFNESS, stiffness)),
      simulationPrecision: Math.min(GODOT_MAX_PRECISION, Math.max(1, body.iterations)),
      calibration: null,
    };
  }
  const simulationPrecision = Math.min(GODOT_MAX_PRECISION, Math.max(1, substeps));
  const calibrate = (load: Vec3) =>
    godotStiffness(body, { surfaceParticles, triangles }, load, stepS, simulationPrecision);
  // A cloth its pins cannot hold elastically against gravity (a sheet pinned along one edge
  // swings about it) is calibrated hanging in its own plane instead: its stretch, what Godot's
  // links set.
  const inPlane = g.kind === 'cloth' ? inPlaneGravity(body, gravity) : null;
  const hanging = calibrate(gravity);
  const calibrated = hanging ?? (inPlane ? calibrate(inPlane) : null);
  if (calibrated && !hanging) calibrated.calibration.inPlane = true;
  return {
    ...base,
    linearStiffness: calibrated?.linearStiffness ?? GODOT_DEFAULT_STIFFNESS,
    simulationPrecision,
    calibration: calibrated?.calibration ?? null,
  };
}

/**
 * The linear_stiffness at which the model of Godot's solver (godot-soft-body.ts), on the body's
 * own surface with Godot's equal node masses, settles under gravity to the sag of the body's far
 * layer (farLayer: a hanging body's bottom) that linear statics of the preview's constraints give
 * under its lumped weight, held the same way (runtime-calibration.ts weightDisplacement: its pins,
 * or its lowest layer when it has none). The sag falls as the stiffness rises, about as its
 * inverse: secant steps in log stiffness, at most 1 (then `saturated` when the model still hangs
 * lower). Null when the preview cannot hang the body elastically from those pins.
 */
export function godotStiffness(
  body: BodySetup,
  surface: { surfaceParticles: Uint32Array; triangles: Uint32Array },
  gravity: Vec3,
  stepS: number,
  iterations: number,
): { linearStiffness: number; calibration: NonNullable<GodotBodyExport['calibration']> } | null {
  const held = weightDisplacement(body, body.constraints, gravity);
  if (!held) return null;
  const pinned = new Uint8Array(body.geometry.mass.length);
  // Soft pins too: the export pins them rigidly.
  for (const pin of held.pins) for (const p of pin.particles) pinned[p] = 1;
  const { surfaceParticles, triangles } = surface;
  const positions = surfacePositions(body, surfaceParticles, Float64Array);
  const pinnedVertices = [...surfaceParticles.keys()].filter((i) => pinned[surfaceParticles[i]]);
  const measured = farLayer(body, surfaceParticles, pinned, gravity);
  if (pinnedVertices.length === 0 || measured.length === 0) return null;
  const gLength = Math.hypot(...gravity);
  let target = 0;
  for (const i of measured)
    for (let a = 0; a < 3; a++)
      target += (held.displacement[3 * surfaceParticles[i] + a] * gravity[a]) / gLength;
  target /= measured.length;
  if (!(target > 0)) return null;
  const model = godotSoftBodyModel(positions, triangles, pinnedVertices);
  let start: Float64Array | undefined;
  const sagAt = (stiffness: number) => {
    const settled = godotSettledSag(model, {
      gravity,
      stepS,
      linearStiffness: stiffness,
      iterations,
      measured,
      start,
    });
    if (settled.converged) start = settled.positions;
    return settled.sagM;
  };
  const result = (stiffness: number, sag: number) => ({
    linearStiffness: stiffness,
    calibration: {
      previewSagM: target,
      godotSagM: sag,
      saturated: stiffness === 1 && sag > target * (1 + STIFFNESS_TOLERANCE),
    },
  });
  // f(s) = ln sag − ln target falls with s = ln stiffness, about as −s (the sag goes as
  // 1/stiffness): secant steps in (s, f) from s = 0 and s = f(0), kept inside the bracket.
  // A sag of (about) nothing, a body Godot holds rigid at that stiffness, counts as a millionth.
  const f = (s: number) => Math.log(Math.max(sagAt(Math.exp(s)), 1e-6 * target) / target);
  let previous = { s: 0, f: f(0) };
  if (!Number.isFinite(previous.f)) return null;
  if (previous.f >= -STIFFNESS_TOLERANCE / 2) return result(1, target * Math.exp(previous.f));
  let lo = Math.log(MIN_STIFFNESS);
  let hi = 0;
  let s = Math.max(lo, previous.f);
  for (let step = 0; step < MAX_SEARCH_STEPS; step++) {
    const value = f(s);
    if (!Number.isFinite(value)) return null;
    if (Math.abs(value) <= STIFFNESS_TOLERANCE / 2 || (value < 0 && s <= Math.log(MIN_STIFFNESS)))
      return result(Math.exp(s), target * Math.exp(value));
    if (value > 0) lo = s;
    else hi = s;
    const secant = s - (value * (s - previous.s)) / (value - previous.f);
    previous = { s, f: value };
    s = secant > lo && secant < hi && Number.isFinite(secant) ? secant : (lo + hi) / 2;
  }
  return result(Math.exp(s), sagAt(Math.exp(s)));
}

/**
 * Gravity turned into a pinned cloth's own plane, pointing from its pins to its middle (the way
 * it would hang), with the same magnitude; null for a cloth with no pin or not lying in a plane
 * away from its pins.
 */
function inPlaneGravity(body: BodySetup, gravity: Vec3): Vec3 | null {
  const { positions: x, triangles } = body.geometry;
  const pinned = body.pins.flatMap((pin) => Array.from(pin.particles));
  if (pinned.length === 0) return null;
  const mean = (particles: Iterable<number>) => {
    const sum = [0, 0, 0];
    let count = 0;
    for (const p of particles) {
      for (let a = 0; a < 3; a++) sum[a] += x[3 * p + a];
      count++;
    }
    return sum.map((v) => v / count);
  };
  const normal = [0, 0, 0];
  for (let t = 0; t < triangles.length; t += 3) {
    const [i, j, k] = [triangles[t], triangles[t + 1], triangles[t + 2]];
    const e1: Vec3 = [x[3 * j] - x[3 * i], x[3 * j + 1] - x[3 * i + 1], x[3 * j + 2] - x[3 * i + 2]];
    const e2: Vec3 = [x[3 * k] - x[3 * i], x[3 * k + 1] - x[3 * i + 1], x[3 * k + 2] - x[3 * i + 2]];
    const n = cross3(e1, e2);
    for (let a = 0; a < 3; a++) normal[a] += n[a];
  }
  const n = unit(normal as Vec3, [0, 0, 0]);
  const from = mean(pinned);
  const to = mean(body.geometry.mass.keys());
  const d = [0, 1, 2].map((a) => to[a] - from[a]);
  const along = d[0] * n[0] + d[1] * n[1] + d[2] * n[2];
  const direction: Vec3 = [d[0] - along * n[0], d[1] - along * n[1], d[2] - along * n[2]];
  const length = Math.hypot(...direction);
  const g = Math.hypot(...gravity);
  return length > 0 && g > 0
    ? [(g * direction[0]) / length, (g * direction[1]) / length, (g * direction[2]) / length]
    : null;
}

/** The far layer's thickness, as a share of the body's extent along gravity. */
const FAR_LAYER = 0.02;

/**
 * The free surface vertices farthest along gravity from the pins (within FAR_LAYER of the body's
 * extent of its far end): a hanging body's bottom, a body held at its base its top. Their mean sag
 * is what the calibration matches: where a hanging strip or bar shows its stretch.
 */
function farLayer(
  body: BodySetup,
  surfaceParticles: Uint32Array,
  pinned: Uint8Array,
  gravity: Vec3,
): number[] {
  const x = body.geometry.positions;
  const gLength = Math.hypot(...gravity);
  const depth = (p: number) =>
    (x[3 * p] * gravity[0] + x[3 * p + 1] * gravity[1] + x[3 * p + 2] * gravity[2]) / gLength;
  let lowest = -Infinity;
  let highest = Infinity;
  let pinDepth = 0;
  let pins = 0;
  for (const p of surfaceParticles) {
    lowest = Math.max(lowest, depth(p));
    highest = Math.min(highest, depth(p));
    if (pinned[p]) {
      pinDepth += depth(p);
      pins++;
    }
  }
  const far = pins > 0 && pinDepth / pins > (lowest + highest) / 2 ? highest : lowest;
  const layer = FAR_LAYER * (lowest - highest);
  return [...surfaceParticles.keys()].filter(
    (i) => !pinned[surfaceParticles[i]] && Math.abs(depth(surfaceParticles[i]) - far) <= layer,
  );
}

function bodyNotes(b: GodotBodyExport, body: BodySetup): string[] {
  const notes: string[] = [];
  const pinnedParticles = new Set(body.pins.flatMap((pin) => Array.from(pin.particles)));
  const dropped = pinnedParticles.size - b.pinnedVertices.length;
  if (dropped > 0)
    notes.push(
      `${b.name}: ${dropped} pinned particle${dropped > 1 ? 's are' : ' is'} inside the solid, not on its surface: Godot cannot pin ${dropped > 1 ? 'them' : 'it'}`,
    );
  const c = b.calibration;
  if (c?.saturated)
    notes.push(
      `${b.name}: linear_stiffness saturates at 1 for ${b.simulationPrecision} sweeps per tick: the body hangs ${num(Number((c.godotSagM / c.previewSagM).toPrecision(3)))}× as far as in the preview (more simulation_precision or physics ticks per second stiffen it)`,
    );
  else if (c)
    notes.push(
      `${b.name}: linear_stiffness ${num(Number(b.linearStiffness.toPrecision(4)))} at ${b.simulationPrecision} sweeps per tick hangs as the preview does${c.inPlane ? ' hung in its own plane from its pins' : ''} (its far end sags ${num(Number(c.godotSagM.toPrecision(3)))} m against ${num(Number(c.previewSagM.toPrecision(3)))} m)`,
    );
  else if (body.iterations === 1)
    notes.push(
      `${b.name}: not calibrated (the body cannot hang from its pins): linear_stiffness ${GODOT_DEFAULT_STIFFNESS}, Godot's default`,
    );
  return notes;
}

/** The body's surface as one Godot 4 ArrayMesh surface dictionary (positions, normals, tangents, indices). */
function surface(body: BodySetup, b: GodotBodyExport, materialId: string | null): string {
  const n = b.surfaceParticles.length;
  const positions = surfacePositions(body, b.surfaceParticles, Float32Array);
  const normals = new Float64Array(3 * n);
  for (let t = 0; t < b.triangles.length; t += 3) {
    const [i, j, k] = [b.triangles[t], b.triangles[t + 1], b.triangles[t + 2]];
    const e1 = [0, 1, 2].map((a) => positions[3 * j + a] - positions[3 * i + a]);
    const e2 = [0, 1, 2].map((a) => positions[3 * k + a] - positions[3 * i + a]);
    const cross = [
      e1[1] * e2[2] - e1[2] * e2[1],
      e1[2] * e2[0] - e1[0] * e2[2],
      e1[0] * e2[1] - e1[1] * e2[0],
    ];
    for (const v of [i, j, k]) for (let a = 0; a < 3; a++) normals[3 * v + a] += cross[a];
  }
  // Positions (float32 xyz), then per vertex the normal and the tangent, octahedral 2×uint16 each.
  const vertexData = new Uint8Array(12 * n + 8 * n);
  new Float32Array(vertexData.buffer, 0, 3 * n).set(positions);
  const view = new DataView(vertexData.buffer);
  for (let v = 0; v < n; v++) {
    const normal = unit([normals[3 * v], normals[3 * v + 1], normals[3 * v + 2]], [0, 1, 0]);
    const tangent = unit(cross3(Math.abs(normal[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0], normal), [1, 0, 0]);
    const [nu, nv] = octahedron(normal);
    const [tu, tv] = octahedron(tangent);
    const at = 12 * n + 8 * v;
    view.setUint16(at, quantise(nu), true);
    view.setUint16(at + 2, quantise(nv), true);
    // A tangent's second coordinate carries its bitangent sign in its upper half (+1).
    view.setUint16(at + 4, quantise(tu), true);
    view.setUint16(at + 6, quantise(tv * 0.5 + 0.5), true);
  }
  const wide = n > 1 << 16;
  const indexData = new Uint8Array(b.triangles.length * (wide ? 4 : 2));
  const indices = new DataView(indexData.buffer);
  for (let t = 0; t < b.triangles.length; t += 3) {
    // Clockwise seen from outside: Godot's front faces.
    const order = [b.triangles[t], b.triangles[t + 2], b.triangles[t + 1]];
    order.forEach((v, k) => {
      if (wide) indices.setUint32(4 * (t + k), v, true);
      else indices.setUint16(2 * (t + k), v, true);
    });
  }
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < n; v++)
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a], positions[3 * v + a]);
      max[a] = Math.max(max[a], positions[3 * v + a]);
    }
  const format = FORMAT_VERSION + FORMAT_VERTEX + FORMAT_NORMAL + FORMAT_TANGENT + FORMAT_INDEX;
  return [
    '{',
    `"aabb": AABB(${[...min, ...max.map((m, a) => m - min[a])].map(num).join(', ')}),`,
    `"format": ${format},`,
    `"index_count": ${b.triangles.length},`,
    `"index_data": PackedByteArray("${encodeBase64(indexData)}"),`,
    ...(materialId ? [`"material": SubResource("${materialId}"),`] : []),
    `"name": ${str(body.name)},`,
    '"primitive": 3,',
    `"vertex_count": ${n},`,
    `"vertex_data": PackedByteArray("${encodeBase64(vertexData)}")`,
    '}',
  ].join('\n');
}

/** The rest positions of the surface particles, xyz per surface vertex. */
function surfacePositions<T extends Float32Array | Float64Array>(
  body: BodySetup,
  surfaceParticles: Uint32Array,
  kind: { new (length: number): T },
): T {
  const out = new kind(3 * surfaceParticles.length);
  surfaceParticles.forEach((p, i) => {
    for (let a = 0; a < 3; a++) out[3 * i + a] = body.geometry.positions[3 * p + a];
  });
  return out;
}

/** Godot 4's mesh format bits (RenderingServer::ArrayFormat): attributes, and the format version 2 flag. */
const FORMAT_VERTEX = 1;
const FORMAT_NORMAL = 2;
const FORMAT_TANGENT = 4;
const FORMAT_INDEX = 4096;
const FORMAT_VERSION = 2 ** 35;

/** Godot's Vector3::octahedron_encode of a unit vector, in [0, 1]². */
function octahedron(v: Vec3): [number, number] {
  const l1 = Math.abs(v[0]) + Math.abs(v[1]) + Math.abs(v[2]);
  const [x, y, z] = [v[0] / l1, v[1] / l1, v[2] / l1];
  const [u, w] =
    z >= 0 ? [x, y] : [(1 - Math.abs(y)) * (x >= 0 ? 1 : -1), (1 - Math.abs(x)) * (y >= 0 ? 1 : -1)];
  return [u * 0.5 + 0.5, w * 0.5 + 0.5];
}

function quantise(value: number): number {
  return Math.min(65535, Math.max(0, Math.trunc(value * 65535)));
}

function unit(v: Vec3, fallback: Vec3): Vec3 {
  const l = Math.hypot(...v);
  return l > 0 ? [v[0] / l, v[1] / l, v[2] / l] : fallback;
}

function cross3(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** A collider's Godot shape resource and the transform of its StaticBody3D. */
function colliderShape(collider: ColliderSpec): { type: string; properties: string[]; transform: string } {
  const at = (origin: readonly number[], basis: readonly number[] = [1, 0, 0, 0, 1, 0, 0, 0, 1]) =>
    `Transform3D(${[...basis, ...origin].map(num).join(', ')})`;
  switch (collider.type) {
    case 'plane': {
      const n = unit(collider.normal, [0, 1, 0]);
      return {
        type: 'WorldBoundaryShape3D',
        properties: [`plane = Plane(${[...n, collider.offset].map(num).join(', ')})`],
        transform: at([0, 0, 0]),
      };
    }
    case 'sphere':
      return {
        type: 'SphereShape3D',
        properties: [`radius = ${num(collider.radius)}`],
        transform: at(collider.center),
      };
    case 'box': {
      const [hx, hy, hz] = collider.halfExtents;
      return {
        type: 'BoxShape3D',
        properties: [`size = Vector3(${[2 * hx, 2 * hy, 2 * hz].map(num).join(', ')})`],
        transform: at(collider.center),
      };
    }
    case 'capsule': {
      // Godot's capsule lies along its local y, its height counting both caps.
      const axis: Vec3 = [
        collider.b[0] - collider.a[0],
        collider.b[1] - collider.a[1],
        collider.b[2] - collider.a[2],
      ];
      const length = Math.hypot(...axis);
      const y = unit(axis, [0, 1, 0]);
      const x = unit(cross3(y, Math.abs(y[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0]), [1, 0, 0]);
      const z = cross3(x, y);
      // Transform3D lists the basis by rows; its columns are the local axes.
      const basis = [x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]];
      const middle = [0, 1, 2].map((a) => (collider.a[a] + collider.b[a]) / 2);
      return {
        type: 'CapsuleShape3D',
        properties: [`radius = ${num(collider.radius)}`, `height = ${num(length + 2 * collider.radius)}`],
        transform: at(middle, basis),
      };
    }
    case 'mesh': {
      const v = collider.vertices ?? [];
      const faces = collider.indices ?? [];
      const soup: number[] = [];
      for (let t = 0; t + 2 < faces.length; t += 3)
        for (const k of [faces[t], faces[t + 2], faces[t + 1]])
          soup.push(v[3 * k], v[3 * k + 1], v[3 * k + 2]);
      return {
        type: 'ConcavePolygonShape3D',
        properties: [`data = PackedVector3Array(${soup.map(num).join(', ')})`, 'backface_collision = true'],
        transform: at([0, 0, 0]),
      };
    }
  }
}

/** A node name Godot accepts (no . : @ / " % and no control characters). */
function nodeName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return name.replace(/[.:@/"%\u0000-\u001f]/g, '_').trim();
}

/** A quoted Godot string. */
function str(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** Shortest round-trip decimal, always with a decimal point or exponent for floats Godot reads; −0 as 0. */
function num(x: number): string {
  return Object.is(x, -0) ? '0' : String(x);
}
