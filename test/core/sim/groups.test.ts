import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../../core/document/problem.ts';
import type { BodySpec, GroupSpec, MaterialSpec, Scene } from '../../../core/scene/scene.ts';
import type { SceneMeshes } from '../../../core/scene/scene-meshes.ts';
import { shapeParticleCount } from '../../../core/scene/scene-selection.ts';
import { parseScene, validateScene } from '../../../core/scene/scene-validate.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { hangingBar, hangingChain, sceneWith } from './fixtures.ts';

const g = 9.81;

function settle(world: ReturnType<typeof buildWorld>, seconds: number, dampingPerS: number): void {
  world.extraLinearDampingPerS = dampingPerS;
  for (let f = 0; f < Math.round(seconds * 60); f++) world.step(1 / 60);
}

/** Body-local indices of the particles whose rest position passes `test`. */
function particlesWhere(body: BodySpec, test: (x: number, y: number, z: number) => boolean): number[] {
  const world = buildWorld(sceneWith([{ ...body, pins: [], groups: [] }]));
  const rest = world.state.rest;
  const out: number[] = [];
  for (let p = 0; p < world.particleCount; p++) {
    if (test(rest[3 * p], rest[3 * p + 1], rest[3 * p + 2])) out.push(p);
  }
  return out;
}

/** The DocumentError `run` throws, as pointer and message. */
function problemOf(run: () => unknown): { pointer: string; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    return (error as DocumentError).problems[0];
  }
  throw new Error('expected a DocumentError');
}

describe('material groups', () => {
  it('hangs a bar whose top half is 10× stiffer with the two-segment analytic elongation within 5% (r ≤ 0.25)', () => {
    const length = 1;
    const side = 0.1;
    const densityKgM3 = 1000;
    const softPa = 1e6;
    const stiffPa = 1e7;
    const bar = hangingBar({
      model: 'neo-hookean',
      youngModulusPa: softPa,
      poissonRatio: 0.3,
      densityKgM3,
      side,
      length,
      cells: [2, 20, 2],
    });
    const midY = 2 - length / 2;
    const top = particlesWhere(bar, (_, y) => y >= midY - 1e-9);
    bar.groups = [
      {
        name: 'top',
        vertices: top,
        material: { youngModulusPa: stiffPa, poissonRatio: 0.3, densityKgM3 },
      },
    ];
    const world = buildWorld(sceneWith([bar], { dt: 1 / 60, substeps: 180 }));
    settle(world, 1.5, 20);
    const metrics = world.measureBodies()[0];
    expect(metrics.resolution).toBeLessThanOrEqual(0.25);
    // σ(s) = ρ·g·s at height s above the free end: the soft lower half stretches ρg(L/2)²/(2E_soft),
    // the stiff upper half ρg(L² − (L/2)²)/(2E_stiff).
    const expected =
      (densityKgM3 * g * (length / 2) ** 2) / (2 * softPa) +
      (densityKgM3 * g * (length ** 2 - (length / 2) ** 2)) / (2 * stiffPa);
    const elongation = 2 - length - metrics.bboxMin[1];
    expect(Math.abs(elongation / expected - 1)).toBeLessThan(0.05);
    // The all-soft bar would stretch ρgL²/(2E_soft), more than twice as much: the groups matter.
    expect(elongation).toBeLessThan(0.5 * ((densityKgM3 * g * length ** 2) / (2 * softPa)));
    const weightN = densityKgM3 * side * side * length * g;
    expect(Math.abs(metrics.pinForcesN[0] / weightN - 1)).toBeLessThan(0.01);
  });

  const material: MaterialSpec = { youngModulusPa: 2e5, poissonRatio: 0.35, densityKgM3: 900 };
  const other: MaterialSpec = { youngModulusPa: 7e6, poissonRatio: 0.2, densityKgM3: 300, thicknessM: 2e-3 };
  const bodies: [string, BodySpec][] = [
    [
      'neo-hookean',
      {
        ...hangingBar({ model: 'neo-hookean', ...material, side: 0.1, length: 0.4, cells: [2, 6, 2] }),
        dampingRatio: 0.3,
      },
    ],
    [
      'edges-volume',
      {
        ...hangingBar({ model: 'edges-volume', ...material, side: 0.1, length: 0.4, cells: [2, 6, 2] }),
        dampingRatio: 0.3,
      },
    ],
    [
      'cloth',
      {
        name: 'sheet',
        shape: { type: 'cloth', size: [0.4, 0.4], cells: [6, 6], center: [0, 1, 0] },
        material: { ...material, thicknessM: 1e-3 },
        model: 'cloth',
        dampingRatio: 0.2,
        pins: [{ box: { min: [-1, 0.9, -0.21], max: [1, 1.1, -0.19] } }],
      },
    ],
    ['rope', { ...hangingChain({ segments: 8, linkM: 0.05, radiusM: 0.01, ...material }), bending: true }],
  ];

  it.each(bodies)(
    'moves a %s body whose one group covers every vertex exactly like the body material',
    (_, body) => {
      const plain = buildWorld(sceneWith([body]));
      const every = Array.from({ length: plain.particleCount }, (_, i) => i);
      const grouped = buildWorld(
        sceneWith([
          {
            ...body,
            material: other,
            dampingRatio: 5,
            groups: [
              {
                name: 'everything',
                vertices: every,
                material: body.material,
                dampingRatio: body.dampingRatio,
              },
            ],
          },
        ]),
      );
      expect(grouped.constraintCount).toBe(plain.constraintCount);
      expect(Array.from(grouped.state.mass)).toEqual(Array.from(plain.state.mass));
      for (let f = 0; f < 30; f++) {
        plain.step(1 / 60);
        grouped.step(1 / 60);
      }
      expect(plain.positions.some((x, i) => x !== plain.state.rest[i])).toBe(true);
      expect(Array.from(grouped.positions)).toEqual(Array.from(plain.positions));
    },
  );

  it('lumps mass with each element’s own density', () => {
    const bar = hangingBar({ model: 'edges-volume', ...material, side: 0.1, length: 0.4, cells: [2, 4, 2] });
    const top = particlesWhere(bar, (_, y) => y >= 1.8 - 1e-9);
    const world = buildWorld(
      sceneWith([
        { ...bar, groups: [{ name: 'heavy', vertices: top, material: { ...material, densityKgM3: 4000 } }] },
      ]),
    );
    const totalKg = world.state.mass.reduce((s, m) => s + m, 0);
    // Top half at 4000 kg/m³, bottom half at 900 kg/m³; each half is 0.1 × 0.2 × 0.1 m.
    expect(totalKg).toBeCloseTo((4000 + 900) * 0.1 * 0.2 * 0.1, 10);
  });

  it('takes the last group that holds all of an element’s vertices', () => {
    const bar = hangingBar({ model: 'neo-hookean', ...material, side: 0.1, length: 0.4, cells: [2, 4, 2] });
    const all = particlesWhere(bar, () => true);
    const heavy = { ...material, densityKgM3: 2000 };
    const light = { ...material, densityKgM3: 100 };
    const mass = (groups: BodySpec['groups']) =>
      buildWorld(sceneWith([{ ...bar, groups }])).state.mass.reduce((s, m) => s + m, 0);
    expect(
      mass([
        { name: 'a', vertices: all, material: heavy },
        { name: 'b', vertices: all, material: light },
      ]),
    ).toBeCloseTo(100 * 0.1 * 0.4 * 0.1, 10);
    expect(
      mass([
        { name: 'b', vertices: all, material: light },
        { name: 'a', vertices: all, material: heavy },
      ]),
    ).toBeCloseTo(2000 * 0.1 * 0.4 * 0.1, 10);
  });

  it('resolves a group’s library material, with its default damping ratio, like the same numbers inline', () => {
    const bar = hangingBar({ model: 'neo-hookean', ...material, side: 0.1, length: 0.4, cells: [2, 4, 2] });
    const top = particlesWhere(bar, (_, y) => y >= 1.8 - 1e-9);
    const named = buildWorld(
      sceneWith([{ ...bar, groups: [{ name: 'g', vertices: top, material: 'natural-rubber' }] }]),
    );
    const rubber = { youngModulusPa: 1200000, poissonRatio: 0.49, densityKgM3: 930 };
    const inline = parseScene(
      sceneWith([{ ...bar, groups: [{ name: 'g', vertices: top, material: 'natural-rubber' }] }]),
    ).bodies[0].groups?.[0];
    expect(inline?.material).toMatchObject({
      youngModulusPa: rubber.youngModulusPa,
      densityKgM3: rubber.densityKgM3,
    });
    expect(inline?.dampingRatio).toBe(0.03);
    const numbers = buildWorld(sceneWith([{ ...bar, groups: [{ ...(inline as GroupSpec) }] }]));
    for (let f = 0; f < 20; f++) {
      named.step(1 / 60);
      numbers.step(1 / 60);
    }
    expect(Array.from(named.positions)).toEqual(Array.from(numbers.positions));
  });
});

describe('vertex pins', () => {
  const bar = hangingBar({
    model: 'neo-hookean',
    youngModulusPa: 1e6,
    poissonRatio: 0.3,
    densityKgM3: 1000,
    side: 0.1,
    length: 0.5,
    cells: [2, 10, 2],
  });
  const weightN = 1000 * 0.1 * 0.1 * 0.5 * g;

  it.each([0, 1e-5])(
    'hold the same particles as the equivalent box pin (compliance %s m/N)',
    (complianceMPerN) => {
      const box = bar.pins?.[0];
      if (!box || !('box' in box)) throw new Error('fixture has a box pin');
      const top = particlesWhere(bar, (_, y) => y >= 2 - 1e-6);
      expect(top.length).toBe(9);
      const byBox = buildWorld(sceneWith([{ ...bar, pins: [{ ...box, complianceMPerN }] }]));
      // Listed out of order and with a repeat: a list is a set.
      const byList = buildWorld(
        sceneWith([
          { ...bar, pins: [{ vertices: [...top].reverse().concat(top[0]), complianceMPerN, name: 'top' }] },
        ]),
      );
      settle(byBox, 1.5, 20);
      settle(byList, 1.5, 20);
      expect(Array.from(byList.positions)).toEqual(Array.from(byBox.positions));
      const force = byList.measureBodies()[0].pinForcesN;
      expect(force).toHaveLength(1);
      expect(force[0]).toBeCloseTo(byBox.measureBodies()[0].pinForcesN[0], 9);
      expect(Math.abs(force[0] / weightN - 1)).toBeLessThan(0.01);
    },
  );

  it('give each pin its own force, and a vertex two pins list to the first, as with boxes', () => {
    const top = particlesWhere(bar, (_, y) => y >= 2 - 1e-6);
    const left = particlesWhere(bar, (x, y) => y >= 2 - 1e-6 && x <= 1e-9);
    const byList = buildWorld(sceneWith([{ ...bar, pins: [{ vertices: left }, { vertices: top }] }]));
    const byBox = buildWorld(
      sceneWith([
        {
          ...bar,
          pins: [
            { box: { min: [-1, 2 - 1e-6, -1], max: [0, 2 + 1e-6, 1] } },
            { box: { min: [-1, 2 - 1e-6, -1], max: [1, 2 + 1e-6, 1] } },
          ],
        },
      ]),
    );
    expect(byList.runtimes[0].pins.map((p) => p.particles.length)).toEqual([6, 3]);
    expect(byList.runtimes[0].pins.map((p) => Array.from(p.particles))).toEqual(
      byBox.runtimes[0].pins.map((p) => Array.from(p.particles)),
    );
    settle(byList, 1.5, 20);
    settle(byBox, 1.5, 20);
    const forces = byList.measureBodies()[0].pinForcesN;
    expect(forces[0]).toBeGreaterThan(0.5 * weightN);
    expect(forces[1]).toBeGreaterThan(0.2 * weightN);
    expect(forces).toEqual(byBox.measureBodies()[0].pinForcesN);
  });
});

describe('bad vertex lists', () => {
  const bar = hangingBar({
    model: 'edges-volume',
    youngModulusPa: 1e5,
    poissonRatio: 0.3,
    densityKgM3: 1000,
    side: 0.1,
    length: 0.2,
    cells: [1, 2, 1],
  }); // 2 × 3 × 2 = 12 particles
  const withBody = (change: Partial<BodySpec>): Scene => sceneWith([{ ...bar, ...change }]);

  it('names the entry of a group list that is out of range', () => {
    const groups = [
      { name: 'a', vertices: [0, 1] },
      { name: 'b', vertices: [0, 1, 2, 3, 4, 5, 6, 12] },
    ];
    expect(problemOf(() => buildWorld(withBody({ groups })))).toEqual({
      pointer: '/bodies/0/groups/1/vertices/7',
      message: "particle 12 is out of range: body 'bar' has 12 particles (0 … 11)",
    });
  });

  it('names a vertex pin entry that is out of range', () => {
    expect(problemOf(() => buildWorld(withBody({ pins: [{ vertices: [3, 40] }] })))).toEqual({
      pointer: '/bodies/0/pins/0/vertices/1',
      message: "particle 40 is out of range: body 'bar' has 12 particles (0 … 11)",
    });
  });

  it('refuses duplicate group names, empty lists, unknown materials and negative indices', () => {
    const cases: [Partial<BodySpec>, string, string][] = [
      [
        {
          groups: [
            { name: 'a', vertices: [0] },
            { name: 'a', vertices: [1] },
          ],
        },
        '/bodies/0/groups/1/name',
        "duplicate group name 'a' in body 'bar' (also /bodies/0/groups/0/name)",
      ],
      [{ groups: [{ name: 'a', vertices: [] }] }, '/bodies/0/groups/0/vertices', 'must not be empty'],
      [{ pins: [{ vertices: [] }] }, '/bodies/0/pins/0/vertices', 'must not be empty'],
      [
        { groups: [{ name: 'a', vertices: [-1] }] },
        '/bodies/0/groups/0/vertices/0',
        'must be at least 0, got -1',
      ],
      [
        { groups: [{ name: 'a', vertices: [0], material: 'no-such-material-here' }] },
        '/bodies/0/groups/0/material',
        "unknown material 'no-such-material-here'; list the library with `softbody materials`, or give the numbers inline",
      ],
      [
        { pins: [{ vertices: [0], box: { min: [0, 0, 0], max: [1, 1, 1] } } as never] },
        '/bodies/0/pins/0',
        "takes one of 'box' or 'vertices', not both ('box', 'vertices')",
      ],
      [{ pins: [{ complianceMPerN: 0 } as never] }, '/bodies/0/pins/0', "needs 'box' or 'vertices'"],
    ];
    for (const [change, pointer, message] of cases) {
      expect(problemOf(() => buildWorld(withBody(change)))).toEqual({ pointer, message });
    }
  });

  it('knows the particle count of every analytic shape before building', () => {
    const shapes: BodySpec[] = [
      bar,
      { ...bar, shape: { type: 'box', size: [1, 2, 3], cells: [3, 1, 2], center: [0, 0, 0] }, pins: [] },
      {
        ...bar,
        model: 'cloth',
        material: { ...bar.material, thicknessM: 1e-3 },
        shape: { type: 'cloth', size: [1, 2], cells: [4, 3], center: [0, 0, 0] },
        pins: [],
      },
      {
        ...bar,
        model: 'rope',
        shape: { type: 'rope', start: [0, 0, 0], end: [1, 0, 0], segments: 7, radiusM: 0.01 },
        pins: [],
      },
    ];
    for (const body of shapes) {
      const count = shapeParticleCount(body.shape);
      expect(count).toBe(buildWorld(sceneWith([body])).particleCount);
      expect(
        validateScene(sceneWith([{ ...body, groups: [{ name: 'g', vertices: [count ?? 0] }] }])),
      ).toEqual([
        {
          pointer: '/bodies/0/groups/0/vertices/0',
          message: `particle ${count} is out of range: body 'bar' has ${count} particles (0 … ${(count ?? 0) - 1})`,
        },
      ]);
    }
  });

  it('asks a cloth group’s inline material for its thickness', () => {
    const sheet: BodySpec = {
      ...bar,
      model: 'cloth',
      material: { ...bar.material, thicknessM: 1e-3 },
      shape: { type: 'cloth', size: [1, 1], cells: [2, 2], center: [0, 0, 0] },
      pins: [],
      groups: [
        {
          name: 'g',
          vertices: [0, 1, 3],
          material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 100 },
        },
      ],
    };
    expect(validateScene(sceneWith([sheet]))).toEqual([
      { pointer: '/bodies/0/groups/0/material/thicknessM', message: 'is required for cloth (m)' },
    ]);
  });

  it('checks a mesh body’s lists once its particles are known', () => {
    // One tet: 4 particles.
    const meshes: SceneMeshes = {
      surfaces: new Map(),
      solids: new Map([
        [
          '/bodies/0/shape',
          { positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], tets: Uint32Array.of(0, 1, 2, 3) },
        ],
      ]),
    };
    const scene = withBody({ shape: { type: 'mesh', path: 'tet.obj' }, pins: [{ vertices: [0] }] });
    expect(buildWorld(scene, { meshes }).particleCount).toBe(4);
    const bad = withBody({
      shape: { type: 'mesh', path: 'tet.obj' },
      groups: [{ name: 'g', vertices: [0, 4] }],
    });
    expect(problemOf(() => buildWorld(bad, { meshes }))).toEqual({
      pointer: '/bodies/0/groups/0/vertices/1',
      message: "particle 4 is out of range: body 'bar' has 4 particles (0 … 3)",
    });
  });
});
