import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../../core/document/problem.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { sceneJsonSchema } from '../../../core/scene/scene-schema.ts';
import { parseScene, validateScene } from '../../../core/scene/scene-validate.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { defaultScene } from '../sim/fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: the cases below break the document on purpose, field by field.
type Doc = Record<string, any>;

/** The default scene with one change applied. */
async function changed(edit: (scene: Doc) => void): Promise<unknown> {
  const scene = structuredClone(await defaultScene()) as unknown as Doc;
  edit(scene);
  return scene;
}

describe('scene schema and validator', () => {
  it('publishes docs/scene.schema.json as exactly the schema the validator interprets (regenerate: softbody simulate --print-schema)', async () => {
    const published = JSON.parse(
      await readFile(new URL('../../../docs/scene.schema.json', import.meta.url), 'utf8'),
    );
    expect(published).toEqual(sceneJsonSchema());
  });

  it('names the JSON pointer of each problem', async () => {
    const cases: [(s: Doc) => void, string, string][] = [
      [
        (s) => (s.bodies[0].material.poissonRatio = 0.5),
        '/bodies/0/material/poissonRatio',
        'must be less than 0.5, got 0.5',
      ],
      [
        (s) => (s.bodies[1].shape.type = 'sphere'),
        '/bodies/1/shape/type',
        "must be one of 'box', 'cloth', 'rope', 'mesh', 'ragdoll', got 'sphere'",
      ],
      [(s) => delete s.solver.dt, '/solver/dt', 'is required'],
      [(s) => (s.solver.substeps = 2.5), '/solver/substeps', 'must be an integer, got 2.5'],
      [(s) => (s.gravity = [0, -9.81]), '/gravity', 'must have exactly 3 items, got 2'],
      [
        (s) => (s.bodies[0].colour = 'red'),
        '/bodies/0/colour',
        'is not a known property; expected one of: name, shape, material, model',
      ],
      [(s) => (s.bodies[0].model = 'cloth'), '/bodies/0/model', "model 'cloth' does not fit shape 'box'"],
      [
        (s) => delete s.bodies[1].material.thicknessM,
        '/bodies/1/material/thicknessM',
        'is required for cloth (m)',
      ],
      [(s) => (s.bodies[1].name = s.bodies[0].name), '/bodies/1/name', 'duplicate body name'],
      [(s) => (s.colliders[0].normal = [0, 0, 0]), '/colliders/0/normal', 'must not be the zero vector'],
      [(s) => (s.bodies[1].pins[0].box.min[1] = 9), '/bodies/1/pins/0/box/min/1', 'must be ≤ box.max[1]'],
      [(s) => (s.colliders[0].friction = -1), '/colliders/0/friction', 'must be at least 0, got -1'],
    ];
    for (const [edit, pointer, message] of cases) {
      const problems = validateScene(await changed(edit));
      expect(problems.length, pointer).toBeGreaterThan(0);
      expect(problems[0].pointer).toBe(pointer);
      expect(problems[0].message).toContain(message);
    }
  });

  it('refuses what no real body asks and the solver cannot report finitely (physical bounds), naming the place', async () => {
    // The hostile runs that gave NaN or Infinity with exit 0, a 2·10⁹-frame run and a box killed
    // for memory: each is now refused before any work, at its pointer.
    const cases: [(s: Doc) => void, string, string][] = [
      [
        (s) => (s.bodies[0].material.youngModulusPa = 1e-300),
        '/bodies/0/material/youngModulusPa',
        'must be at least 1',
      ],
      [
        (s) => (s.bodies[0].material.youngModulusPa = 1e13),
        '/bodies/0/material/youngModulusPa',
        'must be at most',
      ],
      [
        (s) => (s.bodies[0].material.densityKgM3 = 1e-9),
        '/bodies/0/material/densityKgM3',
        'must be at least 0.1',
      ],
      [(s) => (s.gravity = [0, -1e308, 0]), '/gravity/1', 'must be at least -1000'],
      [
        (s) => (s.bodies[0].shape.center = [1e300, 0, 0]),
        '/bodies/0/shape/center/0',
        'must be at most 100000',
      ],
      [
        (s) => s.colliders.push({ type: 'sphere', center: [0, 0, 0], radius: 1e300 }),
        '/colliders/1/radius',
        'must be at most 10000',
      ],
      [(s) => (s.solver.dt = 1e-9), '/solver/dt', 'must be at least 0.00001'],
      [
        (s) => (s.bodies[0].shape.cells = [256, 256, 256]),
        '/bodies/0/shape/cells',
        '16777216 cells (83886080 tets) is more than the 1,000,000 a box may have',
      ],
    ];
    for (const [edit, pointer, message] of cases) {
      const problems = validateScene(await changed(edit));
      expect(problems.length, pointer).toBeGreaterThan(0);
      expect(problems[0].pointer, pointer).toBe(pointer);
      expect(problems[0].message, pointer).toContain(message);
    }
  });

  it('throws DocumentError whose message starts with the pointer', async () => {
    const bad = await changed((s) => (s.bodies[0].material.youngModulusPa = 'soft'));
    expect(() => parseScene(bad)).toThrow(DocumentError);
    expect(() => parseScene(bad)).toThrow(
      '/bodies/0/material/youngModulusPa: must be a number, got a string',
    );
  });

  it('reports what only building finds: a pin box selecting no vertex, a mesh file nobody loaded', async () => {
    const emptyPin = (await changed(
      (s) => (s.bodies[1].pins[0].box = { min: [5, 5, 5], max: [6, 6, 6] }),
    )) as Scene;
    expect(() => buildWorld(emptyPin)).toThrow(
      "/bodies/1/pins/0/box: pin box selects no vertex of body 'cloth' at rest",
    );
    const mesh = (await changed((s) => (s.bodies[0].shape = { type: 'mesh', path: 'bunny.obj' }))) as Scene;
    expect(() => buildWorld(mesh)).toThrow(
      "/bodies/0/shape/path: body 'soft block': mesh file 'bunny.obj' was not loaded: `softbody simulate` reads it beside the scene, a project carries it (the editor's Simulate as soft body or Simulate as cloth adds it)",
    );
  });

  it('checks the body options against the model and the mesh collider geometry', async () => {
    const cases: [(s: Doc) => void, string, string][] = [
      [
        (s) => (s.bodies[0].tethers = {}),
        '/bodies/0/tethers',
        "applies to model 'cloth' only, not 'neo-hookean'",
      ],
      [(s) => (s.bodies[0].bending = true), '/bodies/0/bending', "applies to model 'rope' only"],
      [(s) => (s.bodies[1].bending = 'yes'), '/bodies/1/bending', 'must be true or false, got a string'],
      [
        (s) => (s.bodies[1].tethers = { maxStretch: 0 }) && (s.bodies[1].pins = []),
        '/bodies/1/tethers',
        'needs at least one rigid pin',
      ],
      [
        (s) => (s.bodies[1].pressure = {}),
        '/bodies/1/pressure',
        "needs a closed surface: use a 'mesh' shape",
      ],
      [(s) => (s.bodies[1].selfCollision = {}), '/bodies/1/selfCollision/thicknessM', 'is required'],
      [
        (s) => s.colliders.push({ type: 'mesh', vertices: [0, 0, 0, 1, 0, 0, 0, 0, 1], indices: [0, 1, 3] }),
        '/colliders/1/indices/2',
        'must be < 3 (the number of vertices), not 3',
      ],
      [
        (s) => s.colliders.push({ type: 'mesh', path: 'floor.obj', vertices: [0, 0, 0, 1, 0, 0, 0, 0, 1] }),
        '/colliders/1',
        'needs either vertices and indices, or a path (not both)',
      ],
    ];
    for (const [edit, pointer, message] of cases) {
      const problems = validateScene(await changed(edit));
      expect(problems.length, pointer).toBeGreaterThan(0);
      expect(problems[0].pointer).toBe(pointer);
      expect(problems[0].message).toContain(message);
    }
  });

  it.each(['constructor', 'toString', '__proto__'])(
    "refuses a key named '%s' as an unknown property, wherever it is",
    async (key) => {
      const base = JSON.stringify(await defaultScene());
      // Parsed from text, so '__proto__' is an own key as it is in a file.
      const top = JSON.parse(`{"${key}": {}, ${base.slice(1)}`);
      expect(validateScene(top)).toEqual([
        {
          pointer: `/${key}`,
          message:
            'is not a known property; expected one of: formatVersion, gravity, solver, colliders, bodies, air, budget, contact',
        },
      ]);
      const inBody = JSON.parse(base);
      inBody.bodies[0] = JSON.parse(`{"${key}": 1, ${JSON.stringify(inBody.bodies[0]).slice(1)}`);
      expect(validateScene(inBody)[0]).toEqual({
        pointer: `/bodies/0/${key}`,
        message: expect.stringMatching(/^is not a known property; expected one of: name, shape, /),
      });
    },
  );

  it.each([
    ['Infinity', Number.POSITIVE_INFINITY],
    ['NaN', Number.NaN],
    ['1e400 (parsed to Infinity)', JSON.parse('1e400')],
  ])('refuses %s as a number, with its pointer', async (_, value) => {
    const problems = validateScene(await changed((s) => (s.bodies[0].material.youngModulusPa = value)));
    expect(problems).toEqual([
      { pointer: '/bodies/0/material/youngModulusPa', message: `must be a finite number, got ${value}` },
    ]);
    const gravity = validateScene(await changed((s) => (s.gravity[1] = value)));
    expect(gravity).toEqual([{ pointer: '/gravity/1', message: `must be a finite number, got ${value}` }]);
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    "refuses a library material named '%s' as unknown (names are looked up as data, not properties)",
    async (name) => {
      const problems = validateScene(await changed((s) => (s.bodies[0].material = name)));
      expect(problems).toEqual([
        {
          pointer: '/bodies/0/material',
          message: expect.stringMatching(new RegExp(`^unknown material '${name}'; list the library`)),
        },
      ]);
    },
  );

  it('tells a box pin from a vertex pin by the key it has', async () => {
    expect(validateScene(await changed((s) => (s.bodies[1].pins[0] = { name: 'top' })))).toEqual([
      { pointer: '/bodies/1/pins/0', message: "needs 'box' or 'vertices'" },
    ]);
    const both = await changed((s) => (s.bodies[1].pins[0].vertices = [0]));
    expect(validateScene(both)).toEqual([
      {
        pointer: '/bodies/1/pins/0',
        message: "takes one of 'box' or 'vertices', not both ('box', 'vertices')",
      },
    ]);
    expect(validateScene(await changed((s) => (s.bodies[1].pins = [{ vertices: [-1] }])))).toEqual([
      { pointer: '/bodies/1/pins/0/vertices/0', message: 'must be at least 0, got -1' },
    ]);
  });
});
