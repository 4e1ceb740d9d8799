import { describe, expect, it } from 'vitest';
import { encodeArray } from '../../../core/document/binary-array.ts';
import type { Problem } from '../../../core/document/problem.ts';
import { checkPresetText, checkPresetValue, readPreset, writePreset } from '../../../core/preset/index.ts';
import { samplePreset } from './fixtures.ts';

/**
 * Malformed presets: each case breaks one thing in a valid preset (a 2×2×2-cell cube of 27
 * vertices and 48 tets, body 0, and a 4×4 cloth sheet, body 1) and states the exact JSON pointer
 * and message the reader must report first.
 */
const valid = writePreset(samplePreset());
// biome-ignore lint/suspicious/noExplicitAny: the cases reach into arbitrary places of the JSON document.
type Json = Record<string, any>;
const fresh = (): Json => JSON.parse(valid);
const cube = (doc: Json) => doc.bodies[0];
const floats = (values: number[]) => encodeArray(Float32Array.from(values));
const uints = (values: number[]) => encodeArray(Uint32Array.from(values));

interface Case {
  name: string;
  /** Mutates a copy of the valid document; returns text to read instead when given. */
  mutate: (doc: Json) => unknown;
  expected: Problem;
}

const cases: Case[] = [
  {
    name: 'a JSON array instead of an object',
    mutate: () => [],
    expected: { pointer: '', message: 'a preset must be a JSON object, got an array' },
  },
  {
    name: 'a missing formatVersion',
    mutate: (d) => {
      delete d.formatVersion;
    },
    expected: { pointer: '/formatVersion', message: 'is required (is this a Softbody Studio preset?)' },
  },
  {
    name: 'a formatVersion given as a string',
    mutate: (d) => {
      d.formatVersion = '1';
    },
    expected: { pointer: '/formatVersion', message: "must be a whole number ≥ 0, got '1'" },
  },
  {
    name: 'an unknown newer version',
    mutate: (d) => {
      d.formatVersion = 7;
    },
    expected: {
      pointer: '/formatVersion',
      message: 'preset formatVersion 7 is newer than this Softbody Studio supports (1); update the app',
    },
  },
  {
    name: 'a name that is a number',
    mutate: (d) => {
      d.name = 5;
    },
    expected: { pointer: '/name', message: 'must be a string, got a number' },
  },
  {
    name: 'a zero frame time step',
    mutate: (d) => {
      d.solver.dt = 0;
    },
    expected: { pointer: '/solver/dt', message: 'must be greater than 0, got 0' },
  },
  {
    name: 'a fractional substep count',
    mutate: (d) => {
      d.solver.substeps = 2.5;
    },
    expected: { pointer: '/solver/substeps', message: 'must be an integer, got 2.5' },
  },
  {
    name: 'gravity with two components',
    mutate: (d) => {
      d.gravity = [0, -9.81];
    },
    expected: { pointer: '/gravity', message: 'must have exactly 3 items, got 2' },
  },
  {
    name: "a negative Young's modulus",
    mutate: (d) => {
      d.materials[0].youngModulusPa = -5;
    },
    expected: { pointer: '/materials/0/youngModulusPa', message: 'must be greater than 0, got -5' },
  },
  {
    name: "a NaN Young's modulus written by JSON.stringify (null)",
    mutate: (d) =>
      JSON.stringify({
        ...d,
        materials: [{ ...d.materials[0], youngModulusPa: Number.NaN }, d.materials[1]],
      }),
    expected: { pointer: '/materials/0/youngModulusPa', message: 'must be a number, got null' },
  },
  {
    name: "a NaN Young's modulus in an in-memory document",
    mutate: (d) => {
      d.materials[0].youngModulusPa = Number.NaN;
    },
    expected: { pointer: '/materials/0/youngModulusPa', message: 'must be a finite number, got NaN' },
  },
  {
    name: "an infinite Young's modulus (1e999 in the text)",
    mutate: (d) => JSON.stringify(d).replace('"youngModulusPa":579000', '"youngModulusPa":1e999'),
    expected: { pointer: '/materials/0/youngModulusPa', message: 'must be a finite number, got Infinity' },
  },
  {
    name: "Poisson's ratio 0.5",
    mutate: (d) => {
      d.materials[0].poissonRatio = 0.5;
    },
    expected: { pointer: '/materials/0/poissonRatio', message: 'must be less than 0.5, got 0.5' },
  },
  {
    name: "a negative Poisson's ratio",
    mutate: (d) => {
      d.materials[0].poissonRatio = -0.1;
    },
    expected: { pointer: '/materials/0/poissonRatio', message: 'must be at least 0, got -0.1' },
  },
  {
    name: 'a zero density',
    mutate: (d) => {
      d.materials[0].densityKgM3 = 0;
    },
    expected: { pointer: '/materials/0/densityKgM3', message: 'must be greater than 0, got 0' },
  },
  {
    name: 'an unknown material kind',
    mutate: (d) => {
      d.materials[0].kind = 'liquid';
    },
    expected: { pointer: '/materials/0/kind', message: "must be one of 'solid', 'cloth', got 'liquid'" },
  },
  {
    name: 'an unknown material property (a typo)',
    mutate: (d) => {
      d.materials[0].youngsModulus = 1;
    },
    expected: {
      pointer: '/materials/0/youngsModulus',
      message:
        'is not a known property; expected one of: name, kind, youngModulusPa, poissonRatio, densityKgM3, thicknessM, dampingRatio, source',
    },
  },
  {
    name: 'a cloth material without thickness',
    mutate: (d) => {
      delete d.materials[1].thicknessM;
    },
    expected: { pointer: '/materials/1/thicknessM', message: "is required for cloth material 'cotton'" },
  },
  {
    name: 'two materials with one name',
    mutate: (d) => {
      d.materials[1].name = d.materials[0].name;
    },
    expected: {
      pointer: '/materials/1/name',
      message: "duplicates the name of material 0 ('silicone-shore-20a')",
    },
  },
  {
    name: 'a group naming an unknown material',
    mutate: (d) => {
      cube(d).groups[0].material = 'unobtainium';
    },
    expected: {
      pointer: '/bodies/0/groups/0/material',
      message: "names no material of /materials ('unobtainium')",
    },
  },
  {
    name: 'a cloth model on a solid body',
    mutate: (d) => {
      cube(d).groups[0].model = 'cloth';
    },
    expected: {
      pointer: '/bodies/0/groups/0/model',
      message: "'cloth' is not a solid model; solid bodies use 'neo-hookean' or 'edges-volume'",
    },
  },
  {
    name: 'a cloth material on a solid body',
    mutate: (d) => {
      cube(d).groups[0].material = 'cotton';
    },
    expected: {
      pointer: '/bodies/0/groups/0/material',
      message: "'cotton' is a cloth material; solid bodies need a solid material",
    },
  },
  {
    name: 'an unknown selector type',
    mutate: (d) => {
      cube(d).groups[0].selector = { type: 'cylinder' };
    },
    expected: {
      pointer: '/bodies/0/groups/0/selector/type',
      message: "must be one of 'all', 'import-groups', 'vertices', 'box', 'sphere', got 'cylinder'",
    },
  },
  {
    name: 'a fractional group priority',
    mutate: (d) => {
      cube(d).groups[0].priority = 1.5;
    },
    expected: { pointer: '/bodies/0/groups/0/priority', message: 'must be an integer, got 1.5' },
  },
  {
    name: 'a body without derived data',
    mutate: (d) => {
      delete cube(d).derived;
    },
    expected: { pointer: '/bodies/0/derived', message: 'is required' },
  },
  {
    name: 'positions stored as integers',
    mutate: (d) => {
      cube(d).simulationMesh.positions.dtype = 'uint32';
    },
    expected: {
      pointer: '/bodies/0/simulationMesh/positions/dtype',
      message: "must be 'float32', got 'uint32'",
    },
  },
  {
    name: 'a truncated base64 array',
    mutate: (d) => {
      const p = cube(d).simulationMesh.positions;
      p.base64 = p.base64.slice(0, -4);
    },
    expected: {
      pointer: '/bodies/0/simulationMesh/positions/base64',
      message: 'holds 321 bytes but count 81 of float32 needs 324 (truncated?)',
    },
  },
  {
    name: 'base64 cut in the middle of a quantum',
    mutate: (d) => {
      cube(d).simulationMesh.positions.base64 = 'AAAAA';
    },
    expected: {
      pointer: '/bodies/0/simulationMesh/positions/base64',
      message: 'is not valid base64: its length 5 is not a multiple of 4 (truncated?)',
    },
  },
  {
    name: 'a character outside base64',
    mutate: (d) => {
      const p = cube(d).simulationMesh.positions;
      p.base64 = `!${p.base64.slice(1)}`;
    },
    expected: {
      pointer: '/bodies/0/simulationMesh/positions/base64',
      message: 'is not valid base64: unexpected character "!" at offset 0',
    },
  },
  {
    name: 'fewer positions than the declared vertex count',
    mutate: (d) => {
      cube(d).simulationMesh.positions = floats(new Array(78).fill(0));
    },
    expected: {
      pointer: '/bodies/0/simulationMesh/positions/count',
      message: 'must be 3 × vertexCount = 81, got 78',
    },
  },
  {
    name: 'a NaN coordinate inside the binary positions',
    mutate: (d) => {
      const mesh = readPreset(valid).bodies[0].simulationMesh;
      const positions = Array.from(mesh.positions);
      positions[10] = Number.NaN;
      cube(d).simulationMesh.positions = floats(positions);
    },
    expected: {
      pointer: '/bodies/0/simulationMesh/positions',
      message: 'vertex 3 has a coordinate that is not a finite number',
    },
  },
  {
    name: 'a dangling tet index',
    mutate: (d) => {
      const tets = Array.from(readPreset(valid).bodies[0].simulationMesh.elements);
      tets[2] = 999;
      cube(d).simulationMesh.elements = uints(tets);
    },
    expected: {
      pointer: '/bodies/0/simulationMesh/elements',
      message: 'tet 0 refers to vertex 999, but vertexCount is 27 (dangling index)',
    },
  },
  {
    name: 'a tet using one vertex twice',
    mutate: (d) => {
      const tets = Array.from(readPreset(valid).bodies[0].simulationMesh.elements);
      tets[3] = tets[0];
      cube(d).simulationMesh.elements = uints(tets);
    },
    expected: { pointer: '/bodies/0/simulationMesh/elements', message: 'tet 0 uses vertex 0 twice' },
  },
  {
    name: 'an inverted tet',
    mutate: (d) => {
      const tets = Array.from(readPreset(valid).bodies[0].simulationMesh.elements);
      [tets[5], tets[6]] = [tets[6], tets[5]];
      cube(d).simulationMesh.elements = uints(tets);
    },
    expected: {
      pointer: '/bodies/0/simulationMesh/elements',
      message: 'tet 1 is inverted (signed volume -2.08e-5 m³); tets must be positively oriented',
    },
  },
  {
    name: 'an embedding without a render mesh',
    mutate: (d) => {
      delete cube(d).renderMesh;
    },
    expected: { pointer: '/bodies/0/embedding', message: 'is given without a renderMesh' },
  },
  {
    name: 'a render vertex following a tet that does not exist',
    mutate: (d) => {
      const embedding = readPreset(valid).bodies[0].embedding;
      const elements = Array.from(embedding?.elements ?? []);
      elements[0] = 9999;
      cube(d).embedding.elements = uints(elements);
    },
    expected: {
      pointer: '/bodies/0/embedding/elements',
      message: 'render vertex 0 follows element 9999, but the simulation mesh has 48 elements',
    },
  },
  {
    name: 'barycentric weights that do not sum to 1',
    mutate: (d) => {
      const embedding = readPreset(valid).bodies[0].embedding;
      const weights = Array.from(embedding?.weights ?? []);
      weights.splice(0, 4, 0.25, 0.25, 0, 0);
      cube(d).embedding.weights = floats(weights);
    },
    expected: {
      pointer: '/bodies/0/embedding/weights',
      message: 'render vertex 0: barycentric weights sum to 0.5, not 1',
    },
  },
  {
    name: 'a pin that selects no vertex',
    mutate: (d) => {
      cube(d).pins[0].selector = { type: 'box', min: [5, 5, 5], max: [6, 6, 6] };
    },
    expected: { pointer: '/bodies/0/pins/0/selector', message: 'selects no vertex' },
  },
  {
    name: 'elements that belong to no group',
    mutate: (d) => {
      cube(d).groups[0].selector = { type: 'box', min: [-1, -1, -1], max: [0.05, 1, 1] };
    },
    expected: {
      pointer: '/bodies/0/groups',
      message:
        '24 elements belong to no group (first: element 6); add a group with selector {"type": "all"} and a low priority',
    },
  },
  {
    name: 'an import group the mesh does not have',
    mutate: (d) => {
      cube(d).groups[0].selector = { type: 'import-groups', names: ['torso'] };
      cube(d).simulationMesh.elementGroups = encodeArray(new Uint16Array(48));
      cube(d).simulationMesh.importGroupNames = ['body'];
    },
    expected: {
      pointer: '/bodies/0/groups/0/selector/names/0',
      message: "names no import group of the simulation mesh ('torso'; known: 'body')",
    },
  },
  {
    name: 'a derived edge group index out of range',
    mutate: (d) => {
      const edges = cube(d).derived.edges;
      edges.group = encodeArray(new Uint16Array(edges.count).fill(7));
    },
    expected: {
      pointer: '/bodies/0/derived/edges/group',
      message: 'entry 0 is 7, but the number of groups is 1 (dangling index)',
    },
  },
  {
    name: 'a negative derived compliance',
    mutate: (d) => {
      const edges = cube(d).derived.edges;
      edges.complianceMPerN = floats(new Array(edges.count).fill(-1));
    },
    expected: {
      pointer: '/bodies/0/derived/edges/complianceMPerN',
      message: 'entry 0 is -1; values must be finite and not negative',
    },
  },
  {
    name: 'derived compliances left stale after editing the material',
    mutate: (d) => {
      d.materials[0].youngModulusPa = 2 * d.materials[0].youngModulusPa;
    },
    expected: {
      pointer: '/bodies/0/derived/edges/complianceMPerN',
      message:
        'is out of date with the materials, groups and pins (entry 0 is 1.20092e-4, expected 6.00461e-5); re-export the preset',
    },
  },
  {
    name: 'two bodies with one name',
    mutate: (d) => {
      d.bodies[1].name = 'cube';
    },
    expected: { pointer: '/bodies/1/name', message: "duplicates the name of body 0 ('cube')" },
  },
  {
    name: 'a plane collider with a zero normal',
    mutate: (d) => {
      d.colliders[0].normal = [0, 0, 0];
    },
    expected: { pointer: '/colliders/0/normal', message: 'must not be the zero vector' },
  },
  {
    name: 'a malformed format 0 preset (ν ≥ 0.5 before migration)',
    mutate: () => ({
      formatVersion: 0,
      name: 'old',
      gravity: [0, -9.81, 0],
      timeStepS: 1 / 60,
      substeps: 10,
      bodies: [
        {
          name: 'b',
          kind: 'solid',
          vertices: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
          elements: [0, 1, 2, 3],
          material: { name: 'm', E: 1e5, nu: 0.7, density: 1000 },
          model: 'neo-hookean',
          damping: 0,
          pins: [],
        },
      ],
    }),
    expected: { pointer: '/bodies/0/material/nu', message: 'must be less than 0.5, got 0.7' },
  },
];

describe('preset validation of malformed documents', () => {
  it('starts from a valid document', () => {
    expect(checkPresetText(valid).problems).toEqual([]);
  });

  it('covers at least 30 malformed documents', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  for (const c of cases) {
    it(`reports ${c.name} with its pointer and message`, () => {
      const doc = fresh();
      const replaced = c.mutate(doc);
      const result =
        typeof replaced === 'string' ? checkPresetText(replaced) : checkPresetValue(replaced ?? doc);
      expect(result.preset).toBeUndefined();
      expect(result.problems[0]).toEqual(c.expected);
    });
  }

  it('reports broken JSON with the line and column', () => {
    const { problems } = checkPresetText(valid.slice(0, 200));
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toBe('');
    expect(problems[0].message).toMatch(/^is not valid JSON at line \d+, column \d+ \(/);
  });

  it('lists every problem, not only the first', () => {
    const doc = fresh();
    doc.materials[0].youngModulusPa = -1;
    doc.materials[0].poissonRatio = 0.7;
    doc.solver.substeps = 0;
    expect(checkPresetValue(doc).problems).toEqual([
      { pointer: '/solver/substeps', message: 'must be at least 1, got 0' },
      { pointer: '/materials/0/youngModulusPa', message: 'must be greater than 0, got -1' },
      { pointer: '/materials/0/poissonRatio', message: 'must be less than 0.5, got 0.7' },
    ]);
  });

  it('names the file in the thrown error', () => {
    expect(() => readPreset('{"formatVersion": 7}', 'presets/jelly.json')).toThrow(
      'presets/jelly.json: /formatVersion: preset formatVersion 7 is newer than this Softbody Studio supports (1); update the app',
    );
  });
});
