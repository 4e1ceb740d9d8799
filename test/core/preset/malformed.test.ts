import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BinaryArrayJson, decodeArray, encodeArray } from '../../../core/document/binary-array.ts';
import {
  checkPresetText,
  checkPresetValue,
  presetFromScene,
  readPreset,
  writePreset,
} from '../../../core/preset/index.ts';
import { cubeMeshScene, samplePreset } from './fixtures.ts';

/**
 * Malformed presets: each case breaks one thing in a valid format 2 preset and states the JSON
 * pointer the reader must report first, with a fragment of its message. Two valid presets are
 * edited: `sample` (body 0 'block', a 2×2×2-cell box of 27 particles and 40 tets, edges + volume,
 * silicone; body 1 'sheet', a 4×4 cotton cloth) and `mesh` (body 0 'cube', a tet cube of 27
 * particles and 48 neo-Hookean tets with an embedded render cube of 8 vertices).
 */
const sample = writePreset(samplePreset());
const mesh = (() => {
  const { scene, meshes } = cubeMeshScene('silicone-shore-20a');
  return writePreset(presetFromScene(scene, { name: 'cube', meshes }));
})();

// biome-ignore lint/suspicious/noExplicitAny: the cases reach into arbitrary places of the JSON document.
type Json = Record<string, any>;

type Numbers = Float64Array | Float32Array | Uint32Array | Uint16Array;

/** Decodes the binary array `json`, lets `edit` change it, and returns it encoded again. */
function edited(json: BinaryArrayJson, edit: (values: Numbers) => Numbers | undefined): BinaryArrayJson {
  const values = decodeArray(json, '');
  if ('pointer' in values) throw new Error(`the fixture's array does not decode: ${values.message}`);
  return encodeArray(edit(values) ?? values);
}

interface Case {
  name: string;
  /** The preset edited: 'sample' unless given. */
  base?: 'sample' | 'mesh';
  /** Edits a copy of the valid document; a returned string is read as the file's text instead. */
  mutate: (doc: Json) => unknown;
  pointer: string;
  /** A fragment of the first problem's message. */
  message: string;
}

const STALE = 'is not what the scene and materials compile to';

const cases: Case[] = [
  // The document and its version.
  {
    name: 'a JSON array instead of an object',
    mutate: () => [],
    pointer: '',
    message: 'a preset must be a JSON object, got an array',
  },
  {
    name: 'a missing formatVersion',
    mutate: (d) => {
      delete d.formatVersion;
    },
    pointer: '/formatVersion',
    message: 'is required (is this a Softbody Studio preset?)',
  },
  {
    name: 'a formatVersion given as a string',
    mutate: (d) => {
      d.formatVersion = '2';
    },
    pointer: '/formatVersion',
    message: "must be a whole number ≥ 0, got '2'",
  },
  {
    name: 'a formatVersion newer than this build supports',
    mutate: (d) => {
      d.formatVersion = 4;
    },
    pointer: '/formatVersion',
    message: 'preset formatVersion 4 is newer than this Softbody Studio supports (3); update the app',
  },
  // The schema: missing, extra and mistyped fields.
  {
    name: 'a missing generator',
    mutate: (d) => {
      delete d.generator;
    },
    pointer: '/generator',
    message: 'is required',
  },
  {
    name: 'a missing setup',
    mutate: (d) => {
      delete d.setup;
    },
    pointer: '/setup',
    message: 'is required',
  },
  {
    name: 'a format 1 field left at the top level',
    mutate: (d) => {
      d.gravity = [0, -9.81, 0];
    },
    pointer: '/gravity',
    message: 'is not a known property',
  },
  {
    name: 'an unknown field in a body setup (format 1 derived data)',
    mutate: (d) => {
      d.setup.bodies[0].derived = {};
    },
    pointer: '/setup/bodies/0/derived',
    message: 'is not a known property',
  },
  {
    name: 'a name that is a number',
    mutate: (d) => {
      d.name = 5;
    },
    pointer: '/name',
    message: 'must be a string, got a number',
  },
  {
    name: 'a scene that is not an object',
    mutate: (d) => {
      d.scene = 'scene.json';
    },
    pointer: '/scene',
    message: 'must be an object, got a string',
  },
  {
    name: 'a zero frame time step',
    mutate: (d) => {
      d.setup.solver.dt = 0;
    },
    pointer: '/setup/solver/dt',
    message: 'must be greater than 0, got 0',
  },
  {
    name: 'a fractional substep count',
    mutate: (d) => {
      d.setup.solver.substeps = 2.5;
    },
    pointer: '/setup/solver/substeps',
    message: 'must be an integer, got 2.5',
  },
  {
    name: 'gravity with two components',
    mutate: (d) => {
      d.setup.gravity = [0, -9.81];
    },
    pointer: '/setup/gravity',
    message: 'must have exactly 3 items, got 2',
  },
  {
    name: 'a body with no material slot',
    mutate: (d) => {
      d.setup.bodies[0].slots = [];
    },
    pointer: '/setup/bodies/0/slots',
    message: 'must not be empty',
  },
  {
    name: 'an unknown constraint kind',
    mutate: (d) => {
      d.setup.bodies[0].constraints[0].kind = 'spring';
    },
    pointer: '/setup/bodies/0/constraints/0/kind',
    message:
      "must be one of 'distance', 'neo-hookean', 'membrane', 'edge-damper', 'tet-volume', 'nodal-volume', 'plate-bend', 'dihedral-bend', 'rope-bend', 'attachment', 'tether', 'pressure', 'shape-matching', 'joint-cone', 'joint-hinge', got 'spring'",
  },
  {
    name: 'a negative pin compliance',
    mutate: (d) => {
      d.setup.bodies[0].pins[0].complianceMPerN = -1;
    },
    pointer: '/setup/bodies/0/pins/0/complianceMPerN',
    message: 'must be at least 0, got -1',
  },
  {
    name: "a negative Young's modulus",
    mutate: (d) => {
      d.materials[0].youngModulusPa = -5;
    },
    pointer: '/materials/0/youngModulusPa',
    message: 'must be greater than 0, got -5',
  },
  {
    name: "a NaN Young's modulus written by JSON.stringify (null)",
    mutate: (d) => {
      d.materials[0].youngModulusPa = Number.NaN;
      return JSON.stringify(d);
    },
    pointer: '/materials/0/youngModulusPa',
    message: 'must be a number, got null',
  },
  {
    name: "a NaN Young's modulus in an in-memory document",
    mutate: (d) => {
      d.materials[0].youngModulusPa = Number.NaN;
    },
    pointer: '/materials/0/youngModulusPa',
    message: 'must be a finite number, got NaN',
  },
  {
    name: "an infinite Young's modulus (1e999 in the text)",
    mutate: (d) => JSON.stringify(d).replace('"youngModulusPa":579000', '"youngModulusPa":1e999'),
    pointer: '/materials/0/youngModulusPa',
    message: 'must be a finite number, got Infinity',
  },
  {
    name: "a material key named after Object.prototype's constructor",
    mutate: (d) => {
      d.materials[0].constructor = { youngModulusPa: -1 };
    },
    pointer: '/materials/0/constructor',
    message: 'is not a known property; expected one of: name, kind, youngModulusPa',
  },
  {
    name: "a material key '__proto__' (an own key, as JSON.parse makes it)",
    mutate: (d) =>
      JSON.stringify(d).replace('"youngModulusPa":579000', '"__proto__":1,"youngModulusPa":579000'),
    pointer: '/materials/0/__proto__',
    message: 'is not a known property; expected one of: name, kind, youngModulusPa',
  },
  {
    name: "Poisson's ratio 0.5",
    mutate: (d) => {
      d.materials[0].poissonRatio = 0.5;
    },
    pointer: '/materials/0/poissonRatio',
    message: 'must be less than 0.5, got 0.5',
  },
  {
    name: 'an unknown material property (a typo)',
    mutate: (d) => {
      d.materials[0].youngsModulus = 1;
    },
    pointer: '/materials/0/youngsModulus',
    message: 'is not a known property; expected one of: name, kind, youngModulusPa',
  },
  // Binary arrays.
  {
    name: 'positions stored as float32 (setup positions are float64)',
    mutate: (d) => {
      d.setup.bodies[0].positions.dtype = 'float32';
    },
    pointer: '/setup/bodies/0/positions/dtype',
    message: "must be 'float64', got 'float32'",
  },
  {
    name: 'a negative element count',
    mutate: (d) => {
      d.setup.bodies[0].elements.count = -1;
    },
    pointer: '/setup/bodies/0/elements/count',
    message: 'must be at least 0, got -1',
  },
  {
    name: 'a truncated base64 array',
    mutate: (d) => {
      const p = d.setup.bodies[0].positions;
      p.base64 = p.base64.slice(0, -4);
    },
    pointer: '/setup/bodies/0/positions/base64',
    message: 'holds 645 bytes but count 81 of float64 needs 648 (truncated?)',
  },
  {
    name: 'a count larger than the bytes hold',
    mutate: (d) => {
      d.setup.bodies[0].massKg.count = 28;
    },
    pointer: '/setup/bodies/0/massKg/base64',
    message: 'holds 216 bytes but count 28 of float64 needs 224',
  },
  {
    name: 'base64 cut in the middle of a quantum',
    mutate: (d) => {
      d.setup.bodies[0].positions.base64 = 'AAAAA';
    },
    pointer: '/setup/bodies/0/positions/base64',
    message: 'is not valid base64: its length 5 is not a multiple of 4',
  },
  {
    name: 'a character outside base64',
    mutate: (d) => {
      const p = d.setup.bodies[0].positions;
      p.base64 = `!${p.base64.slice(1)}`;
    },
    pointer: '/setup/bodies/0/positions/base64',
    message: 'is not valid base64: unexpected character "!" at offset 0',
  },
  // Materials.
  {
    name: 'two materials with one name',
    mutate: (d) => {
      d.materials[1].name = d.materials[0].name;
    },
    pointer: '/materials/1/name',
    message: "duplicates the name of material 0 ('silicone-shore-20a')",
  },
  {
    name: 'a cloth material without thickness',
    mutate: (d) => {
      delete d.materials[1].thicknessM;
    },
    pointer: '/materials/1/thicknessM',
    message: "is required for cloth material 'cotton'",
  },
  // The scene, at /scene/….
  {
    name: 'a scene naming a material that /materials does not hold',
    mutate: (d) => {
      d.scene.bodies[0].material = 'unobtainium';
    },
    pointer: '/scene/bodies/0/material',
    message: "unknown material 'unobtainium'",
  },
  {
    name: 'a scene naming a built-in material the preset does not carry',
    mutate: (d) => {
      // The preset stands alone: its names resolve against /materials only.
      d.scene.bodies[0].material = 'natural-rubber';
    },
    pointer: '/scene/bodies/0/material',
    message: "unknown material 'natural-rubber'",
  },
  {
    name: 'a scene body with an unknown model',
    mutate: (d) => {
      d.scene.bodies[0].model = 'mass-spring';
    },
    pointer: '/scene/bodies/0/model',
    message: "must be one of 'neo-hookean', 'edges-volume', 'cloth', 'rope', 'ragdoll', got 'mass-spring'",
  },
  {
    name: 'a cloth body naming a solid material',
    mutate: (d) => {
      d.scene.bodies[1].material = 'silicone-shore-20a';
    },
    pointer: '/scene/bodies/1/material',
    message: "'silicone-shore-20a' is a solid material without a thickness; cloth needs a cloth material",
  },
  {
    name: 'a plane collider with a zero normal',
    mutate: (d) => {
      d.scene.colliders[0].normal = [0, 0, 0];
    },
    pointer: '/scene/colliders/0/normal',
    message: 'must not be the zero vector',
  },
  {
    name: 'two scene bodies with one name',
    mutate: (d) => {
      d.scene.bodies[1].name = 'block';
    },
    pointer: '/scene/bodies/1/name',
    message: "duplicate body name 'block'",
  },
  {
    name: 'a pin box that selects nothing',
    mutate: (d) => {
      d.scene.bodies[0].pins[0].box = { min: [5, 5, 5], max: [6, 6, 6] };
    },
    pointer: '/scene/bodies/0/pins/0/box',
    message: "pin box selects no vertex of body 'block' at rest",
  },
  // The setup's meshes.
  {
    name: 'an element index beyond the particles',
    mutate: (d) => {
      const body = d.setup.bodies[0];
      body.elements = edited(body.elements, (tets) => {
        tets[2] = 999;
        return tets;
      });
    },
    pointer: '/setup/bodies/0/elements',
    message: 'entry 2 is particle 999, beyond the 27 particles',
  },
  {
    name: 'a non-finite position',
    mutate: (d) => {
      const body = d.setup.bodies[0];
      body.positions = edited(body.positions, (x) => {
        x[10] = Number.POSITIVE_INFINITY;
        return x;
      });
    },
    pointer: '/setup/bodies/0/positions',
    message: 'particle 3 has a coordinate that is not a finite number',
  },
  {
    name: 'tet elements that are not a multiple of 4',
    mutate: (d) => {
      const body = d.setup.bodies[0];
      body.elements = edited(body.elements, (tets) => tets.slice(0, -1));
    },
    pointer: '/setup/bodies/0/elements',
    message: 'holds 159 indices, not a positive multiple of 4 (solid)',
  },
  {
    name: 'cloth elements that are not a multiple of 3',
    mutate: (d) => {
      const body = d.setup.bodies[1];
      body.elements = edited(body.elements, (triangles) => triangles.slice(0, -1));
    },
    pointer: '/setup/bodies/1/elements',
    message: 'not a positive multiple of 3 (cloth)',
  },
  {
    name: 'fewer positions than masses',
    mutate: (d) => {
      const body = d.setup.bodies[0];
      body.positions = edited(body.positions, (x) => x.slice(0, 78));
    },
    pointer: '/setup/bodies/0/positions',
    message: 'holds 78 numbers; massKg gives 27 particles, so 3 × 27 = 81',
  },
  {
    name: 'a render triangle using a vertex beyond the render mesh',
    base: 'mesh',
    mutate: (d) => {
      const render = d.setup.bodies[0].render;
      render.indices = edited(render.indices, (indices) => {
        indices[4] = 8;
        return indices;
      });
    },
    pointer: '/setup/bodies/0/render/indices',
    message: 'entry 4 is render vertex 8, beyond the 8 render vertices',
  },
  {
    name: 'render indices that are not whole triangles',
    base: 'mesh',
    mutate: (d) => {
      const render = d.setup.bodies[0].render;
      render.indices = edited(render.indices, (indices) => indices.slice(0, -2));
    },
    pointer: '/setup/bodies/0/render/indices',
    message: 'holds 34 indices, not a multiple of 3 (triangles)',
  },
  {
    name: 'an element in an import group that has no name',
    base: 'mesh',
    mutate: (d) => {
      d.setup.bodies[0].importGroups = {
        names: ['shell'],
        elementGroups: encodeArray(new Uint16Array(48).fill(1)),
      };
    },
    pointer: '/setup/bodies/0/importGroups/elementGroups',
    message: 'entry 0 is import group 1, beyond the 1 names',
  },
  {
    name: 'import groups for fewer elements than the body has',
    base: 'mesh',
    mutate: (d) => {
      d.setup.bodies[0].importGroups = { names: ['shell'], elementGroups: encodeArray(new Uint16Array(47)) };
    },
    pointer: '/setup/bodies/0/importGroups/elementGroups',
    message: 'holds 47 entries, not one per element (48)',
  },
  // Stale setups: edited by hand, or left behind by an edit of the authoring inputs.
  {
    name: 'an edge compliance changed by hand',
    mutate: (d) => {
      const set = d.setup.bodies[0].constraints[0];
      set.complianceMPerN = edited(set.complianceMPerN, (alpha) => {
        alpha[3] *= 2;
        return alpha;
      });
    },
    pointer: '/setup/bodies/0/constraints/0/complianceMPerN',
    message: `entry 3 is`,
  },
  {
    name: 'a particle mass changed by hand',
    mutate: (d) => {
      const body = d.setup.bodies[1];
      body.massKg = edited(body.massKg, (m) => {
        m[5] += 1e-6;
        return m;
      });
    },
    pointer: '/setup/bodies/1/massKg',
    message: 'entry 5 is',
  },
  {
    name: 'a pin holding another particle',
    mutate: (d) => {
      const pin = d.setup.bodies[0].pins[0];
      pin.particles = edited(pin.particles, (p) => {
        p[0] = 0;
        return p;
      });
    },
    pointer: '/setup/bodies/0/pins/0/particles',
    message: 'entry 0 is 0 where',
  },
  {
    name: 'a pin left in the setup after it was removed from the scene',
    mutate: (d) => {
      delete d.scene.bodies[0].pins;
    },
    pointer: '/setup/bodies/0/pins',
    message: 'holds 1 entries where 0 are compiled',
  },
  {
    name: "a material's Young's modulus changed by hand",
    mutate: (d) => {
      d.materials[0].youngModulusPa *= 2;
    },
    // The first difference in file order: the body's slot comes before its constraints.
    pointer: '/setup/bodies/0/slots/0/material/youngModulusPa',
    message: 'is 579000 where 1158000 is compiled',
  },
  {
    name: "a material's density changed by hand",
    mutate: (d) => {
      d.materials[1].densityKgM3 = 500;
    },
    pointer: '/setup/bodies/1/massKg',
    message: 'entry 0 is',
  },
  {
    name: 'a body missing from the setup',
    mutate: (d) => {
      d.setup.bodies.pop();
    },
    pointer: '/setup/bodies',
    message: 'holds 1 entries where 2 are compiled',
  },
  {
    name: 'gravity changed in the scene only',
    mutate: (d) => {
      d.scene.gravity = [0, -1.62, 0];
    },
    pointer: '/setup/gravity/1',
    message: 'is -9.81 where -1.62 is compiled',
  },
  {
    name: 'an embedding weight changed by hand',
    base: 'mesh',
    mutate: (d) => {
      const embedding = d.setup.bodies[0].render.embedding;
      embedding.weights = edited(embedding.weights, (w) => {
        w[1] += 0.125;
        return w;
      });
    },
    pointer: '/setup/bodies/0/render/embedding/weights',
    message: 'entry 1 is',
  },
  {
    name: 'a neo-Hookean γ changed by hand',
    base: 'mesh',
    mutate: (d) => {
      const set = d.setup.bodies[0].constraints[0];
      set.gamma = edited(set.gamma, (gamma) => {
        gamma[47] = 1;
        return gamma;
      });
    },
    pointer: '/setup/bodies/0/constraints/0/gamma',
    message: 'entry 47 is 1 where',
  },
  // Older formats report against the file as written.
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
    pointer: '/bodies/0/material/nu',
    message: 'must be less than 0.5, got 0.7',
  },
];

function check(c: Case) {
  const doc: Json = JSON.parse(c.base === 'mesh' ? mesh : sample);
  const replaced = c.mutate(doc);
  return typeof replaced === 'string' ? checkPresetText(replaced) : checkPresetValue(replaced ?? doc);
}

describe('preset validation of malformed documents', () => {
  it('starts from valid documents', () => {
    expect(checkPresetText(sample).problems).toEqual([]);
    expect(checkPresetText(mesh).problems).toEqual([]);
  });

  it('covers at least 40 malformed documents, each case once', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  for (const c of cases) {
    it(`reports ${c.name} at ${c.pointer || "''"}`, () => {
      const result = check(c);
      expect(result.preset).toBeUndefined();
      expect(result.problems.length).toBeGreaterThan(0);
      expect(result.problems[0].pointer).toBe(c.pointer);
      expect(result.problems[0].message).toContain(c.message);
    });
  }

  it('tells a stale setup from a broken one and says what to do', () => {
    const stale = cases.filter(
      (c) => c.pointer.startsWith('/setup/') && check(c).problems[0].message.includes(STALE),
    );
    expect(stale.map((c) => c.name)).toEqual([
      'an edge compliance changed by hand',
      'a particle mass changed by hand',
      'a pin holding another particle',
      'a pin left in the setup after it was removed from the scene',
      "a material's Young's modulus changed by hand",
      "a material's density changed by hand",
      'a body missing from the setup',
      'gravity changed in the scene only',
      'an embedding weight changed by hand',
      'a neo-Hookean γ changed by hand',
    ]);
    for (const c of stale) expect(check(c).problems[0].message).toMatch(/export the preset again$/);
  });

  it('reports broken JSON with the line and column', () => {
    const { problems } = checkPresetText(sample.slice(0, 200));
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toBe('');
    expect(problems[0].message).toMatch(/^is not valid JSON at line \d+, column \d+ \(/);
  });

  it('lists every problem of a stage, not only the first', () => {
    const doc: Json = JSON.parse(sample);
    doc.materials[0].youngModulusPa = -1;
    doc.materials[0].poissonRatio = 0.7;
    doc.setup.solver.substeps = 0;
    expect(checkPresetValue(doc).problems).toEqual([
      { pointer: '/materials/0/youngModulusPa', message: 'must be greater than 0, got -1' },
      { pointer: '/materials/0/poissonRatio', message: 'must be less than 0.5, got 0.7' },
      { pointer: '/setup/solver/substeps', message: 'must be at least 1, got 0' },
    ]);
  });

  it('names the file in the thrown error', () => {
    expect(() => readPreset('{"formatVersion": 7}', 'presets/jelly.json')).toThrow(
      'presets/jelly.json: /formatVersion: preset formatVersion 7 is newer than this Softbody Studio supports (3); update the app',
    );
  });
});

describe('checkPresetText never throws', () => {
  it('for any truncation of a valid preset', () => {
    // Every 7th cut (about 2,300 of them) reaches into every part of the file, binary arrays included.
    for (const text of [sample, mesh]) {
      // The text without its final newline is the whole preset still, so cuts stop before it.
      for (let end = 0; end < text.trimEnd().length; end += 7) {
        const { preset, problems } = checkPresetText(text.slice(0, end));
        expect(preset).toBeUndefined();
        expect(problems.length).toBeGreaterThan(0);
      }
    }
  });

  it('for a valid preset with any one value replaced by arbitrary JSON', () => {
    const doc: Json = JSON.parse(mesh);
    const paths: (string | number)[][] = [];
    const walk = (value: unknown, path: (string | number)[]): void => {
      paths.push(path);
      if (Array.isArray(value)) for (const [i, item] of value.entries()) walk(item, [...path, i]);
      else if (value !== null && typeof value === 'object')
        for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    };
    walk(doc, []);
    fc.assert(
      fc.property(fc.nat(paths.length - 1), fc.jsonValue({ maxDepth: 2 }), (which, replacement) => {
        const copy: Json = JSON.parse(mesh);
        const path = paths[which];
        if (path.length === 0) return;
        const parent = path.slice(0, -1).reduce((node: Json, key) => node[key], copy);
        parent[path[path.length - 1]] = replacement;
        const result = checkPresetValue(copy);
        // Either it is still a preset (the value was harmless) or every problem has a pointer.
        if (!result.preset) expect(result.problems.length).toBeGreaterThan(0);
        for (const p of result.problems) expect(typeof p.pointer).toBe('string');
      }),
      { numRuns: 300, seed: 20261201, endOnFailure: true },
    );
  });
});
