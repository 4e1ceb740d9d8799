import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from '../../cli/commands/index.ts';
import { main } from '../../cli/main.ts';
import { writePreset } from '../../core/preset/index.ts';
import { samplePreset } from '../core/preset/fixtures.ts';

/**
 * Every command × (--json, '-' for standard input or output, exit codes): what a pipeline may
 * rely on. Each row runs the command once, in process, with standard input and output as buffers.
 */

const dir = mkdtempSync(join(tmpdir(), 'softbody-table-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A closed unit cube, 12 triangles, as OBJ text. */
const CUBE_OBJ = [
  ...[0, 1]
    .flatMap((x) => [0, 1].flatMap((y) => [0, 1].map((z) => [x, y, z])))
    .map(([x, y, z]) => `v ${x} ${y} ${z}`),
  ...[
    [1, 3, 4, 2],
    [5, 6, 8, 7],
    [1, 2, 6, 5],
    [3, 7, 8, 4],
    [1, 5, 7, 3],
    [2, 4, 8, 6],
  ].flatMap(([a, b, c, d]) => [`f ${a} ${b} ${c}`, `f ${a} ${c} ${d}`]),
].join('\n');
const BAD_OBJ = 'v 0 0 0\nv 1 0 0\nv nan 1 0\nf 1 2 3\n';
const cubeFile = join(dir, 'cube.obj');
writeFileSync(cubeFile, CUBE_OBJ);
const badFile = join(dir, 'bad.obj');
writeFileSync(badFile, BAD_OBJ);

const presetText = writePreset(samplePreset());
const presetFile = join(dir, 'sample.preset.json');
writeFileSync(presetFile, presetText);
const invalid = JSON.parse(presetText);
invalid.setup.solver.dt = -1;
const invalidText = JSON.stringify(invalid);

const scene = {
  gravity: [0, -9.81, 0],
  solver: { dt: 1 / 60, substeps: 4 },
  colliders: [],
  bodies: [
    {
      name: 'cube',
      shape: { type: 'box', size: [0.2, 0.2, 0.2], cells: [1, 1, 1], center: [0, 1, 0] },
      material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'neo-hookean',
      dampingRatio: 0.5,
    },
  ],
};

const userMaterials = (densityKgM3: number) =>
  JSON.stringify({
    formatVersion: 1,
    materials: [
      {
        name: 'my-jelly',
        kind: 'solid',
        youngModulusPa: 9000,
        poissonRatio: 0.45,
        densityKgM3,
        dampingRatio: 0.1,
        source: 'table test',
      },
    ],
  });

interface Run {
  code: number;
  out: string;
  err: string[];
  /** What went to standard output as bytes (`-o -`). */
  bytes: Uint8Array;
}

async function run(args: string[], stdin?: string): Promise<Run> {
  let out = '';
  const err: string[] = [];
  const chunks: Uint8Array[] = [];
  const code = await main(args, {
    out: (t) => (out += `${t}\n`),
    err: (t) => err.push(t),
    outBytes: (b) => chunks.push(b),
    ...(stdin === undefined ? {} : { readStdin: async () => new TextEncoder().encode(stdin) }),
  });
  return { code, out, err, bytes: Buffer.concat(chunks) };
}

interface Row {
  /** What the row shows, after the command's name. */
  name: string;
  args: string[];
  stdin?: string;
  code: number;
  check(run: Run): void;
}

/** A failure with --json: one JSON document on stdout, nothing on stderr. */
const jsonError =
  (error: Record<string, unknown>) =>
  ({ out, err }: Run) => {
    expect(err).toEqual([]);
    expect(JSON.parse(out)).toEqual({ error });
  };

const table: Record<string, Row[]> = {
  inspect: [
    {
      name: 'reads a mesh from standard input and reports it as JSON',
      args: ['inspect', '-', '--json'],
      stdin: CUBE_OBJ,
      code: 0,
      check: ({ out }) =>
        expect(JSON.parse(out)).toMatchObject({ file: '<stdin>', triangles: 12, watertight: true }),
    },
    {
      name: 'bad input with --json: exit 2, the error as JSON with its line',
      args: ['inspect', badFile, '--json'],
      code: 2,
      check: jsonError({ file: badFile, line: 3, message: "vertex coordinate 'nan' is not a finite number" }),
    },
  ],
  tetra: [
    {
      name: 'standard input to standard output: the tets on stdout, the report on stderr as JSON',
      args: ['tetra', '-', '--tets', '40', '-o', '-', '--json'],
      stdin: CUBE_OBJ,
      code: 0,
      check: ({ out, bytes, err }) => {
        expect(out).toBe('');
        const tets = JSON.parse(new TextDecoder().decode(bytes));
        expect(tets.tets.length % 4).toBe(0);
        expect(JSON.parse(err.join('\n'))).toMatchObject({ file: '<stdin>', tets: tets.tets.length / 4 });
      },
    },
    {
      name: 'a usage error with --json: exit 2, the error as JSON',
      args: ['tetra', cubeFile, '--edge', '-1', '--json'],
      code: 2,
      check: jsonError({ message: "--edge needs a positive edge length in metres, got '-1'" }),
    },
  ],
  simulate: [
    {
      name: 'reads a scene from standard input, prints the report with --json',
      args: ['simulate', '-', '--seconds', '0.05', '--json'],
      stdin: JSON.stringify(scene),
      code: 0,
      check: ({ out }) => expect(JSON.parse(out)).toMatchObject({ hasNaN: false, bodies: { cube: {} } }),
    },
    {
      name: '--report json is --json: a failure is JSON too, exit 2',
      args: ['simulate', '-', '--report', 'json'],
      stdin: '{"gravity": ',
      code: 2,
      check: ({ out, err }) => {
        expect(err).toEqual([]);
        expect(JSON.parse(out).error).toMatchObject({ file: '<stdin>' });
        expect(JSON.parse(out).error.message).toMatch(/^not valid JSON: /);
      },
    },
  ],
  materials: [
    {
      name: '--user - reads the user materials from standard input, --json lists them',
      args: ['materials', '--user', '-', '--json'],
      stdin: userMaterials(1030),
      code: 0,
      check: ({ out }) => expect(JSON.parse(out).at(-1)).toMatchObject({ name: 'my-jelly' }),
    },
    {
      name: 'a broken user file with --json: exit 2, the error with its pointer',
      args: ['materials', '--user', '-', '--json'],
      stdin: userMaterials(-3),
      code: 2,
      check: jsonError({
        file: '<stdin>',
        pointer: '/materials/0/densityKgM3',
        message: 'must be greater than 0, got -3',
      }),
    },
  ],
  validate: [
    {
      name: 'a valid preset from standard input: exit 0',
      args: ['validate', '-', '--json'],
      stdin: presetText,
      code: 0,
      check: ({ out }) =>
        expect(JSON.parse(out)).toEqual({ file: '<stdin>', format: 'json', valid: true, problems: [] }),
    },
    {
      name: 'an invalid preset: exit 3, its problems as JSON',
      args: ['validate', '-', '--json'],
      stdin: invalidText,
      code: 3,
      check: ({ out }) =>
        expect(JSON.parse(out)).toMatchObject({ valid: false, problems: [{ pointer: '/setup/solver/dt' }] }),
    },
    {
      name: 'a file that cannot be read: exit 2, the error as JSON',
      args: ['validate', join(dir, 'none.json'), '--json'],
      code: 2,
      check: jsonError({ file: join(dir, 'none.json'), message: 'cannot read the file (ENOENT)' }),
    },
  ],
  export: [
    {
      name: 'standard input to standard output: the preset bytes on stdout, the report on stderr',
      args: ['export', '-', '--target', 'native', '-o', '-', '--json'],
      stdin: presetText,
      code: 0,
      check: ({ out, bytes, err }) => {
        expect(out).toBe('');
        expect(new TextDecoder().decode(bytes)).toBe(presetText);
        expect(JSON.parse(err.join('\n'))).toMatchObject({
          file: '<stdin>',
          target: 'native',
          output: '<stdout>',
        });
      },
    },
    {
      name: 'an invalid preset with --json: exit 2, the error with its pointer',
      args: ['export', '-', '--target', 'native', '-o', join(dir, 'x.json'), '--json'],
      stdin: invalidText,
      code: 2,
      check: jsonError({
        file: '<stdin>',
        pointer: '/setup/solver/dt',
        message: 'must be greater than 0, got -1',
      }),
    },
  ],
  bake: [
    {
      name: 'one file failed of two: exit 1, each file in the JSON summary',
      args: ['bake', cubeFile, badFile, '--material', 'cotton', '-o', join(dir, 'baked'), '--json'],
      code: 1,
      check: ({ out }) => {
        const summary = JSON.parse(out);
        expect(summary).toMatchObject({ baked: 1, failed: 1 });
        expect(summary.files.map((f: { error?: string }) => f.error === undefined)).toEqual([true, false]);
      },
    },
    {
      name: "no '-': each preset is named after its mesh file; exit 2",
      args: ['bake', '-', '--material', 'cotton', '-o', join(dir, 'baked'), '--json'],
      code: 2,
      check: jsonError({
        message: "bake reads meshes by file name (each preset is named after its file), not '-'",
      }),
    },
    {
      name: 'a usage error with --json: exit 2, the error as JSON',
      args: ['bake', cubeFile, '--material', 'cotton', '--json'],
      code: 2,
      check: jsonError({ message: '-o DIR is required (where the presets go)' }),
    },
  ],
  calibrate: [
    {
      name: '--user - with a broken file and --json: exit 2, the error as JSON',
      args: ['calibrate', '--material', 'my-jelly', '--user', '-', '--json'],
      stdin: userMaterials(-3),
      code: 2,
      check: jsonError({
        file: '<stdin>',
        pointer: '/materials/0/densityKgM3',
        message: 'must be greater than 0, got -3',
      }),
    },
  ],
  check: [
    {
      name: 'an invalid scene from standard input with --json: exit 2, the error with its pointer',
      args: ['check', '-', '--json'],
      stdin: JSON.stringify({ ...scene, solver: { dt: -1, substeps: 4 } }),
      code: 2,
      check: ({ out, err }) => {
        expect(err).toEqual([]);
        expect(JSON.parse(out).error).toMatchObject({ file: '<stdin>', pointer: '/solver/dt' });
      },
    },
  ],
};

describe('every command × --json, standard input and output, exit codes', () => {
  it('has rows for every command', () => {
    expect(Object.keys(table).sort()).toEqual(commands.map((c) => c.name).sort());
  });

  for (const [command, rows] of Object.entries(table)) {
    for (const row of rows) {
      it(`${command}: ${row.name}`, async () => {
        const result = await run(row.args, row.stdin);
        row.check(result);
        expect(result.code).toBe(row.code);
      });
    }
    it(`${command}: an unknown option with --json: exit 2, the error as JSON`, async () => {
      const result = await run([command, '--frobnicate', '--json']);
      expect(result.code).toBe(2);
      jsonError({ message: `unknown option '--frobnicate'. Run 'softbody ${command} --help'.` })(result);
    });
  }

  it('exports to a file and reads it back, the report as JSON on stdout', async () => {
    const output = join(dir, 'again.preset.json');
    const result = await run(['export', presetFile, '--target', 'native', '-o', output, '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({
      file: presetFile,
      target: 'native',
      output,
      bytes: Buffer.byteLength(presetText),
      approximations: [],
      budgetNotes: [],
    });
    expect(readFileSync(output, 'utf8')).toBe(presetText);
  });
});
