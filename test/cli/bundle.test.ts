import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../cli/commands/index.ts';
import { readMeshFile } from '../../core/node/read-mesh.ts';
import { writePreset } from '../../core/preset/index.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { compressedGlb, loadEncoders } from '../core/mesh/compressed-fixtures.ts';
import { samplePreset } from '../core/preset/fixtures.ts';
import { softbodyBin } from './spawn-cli.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The bundle `npm ci` builds, run the way an installed package runs it: the bin and cli/dist
 * copied to a folder outside the repository, where neither tsx nor any node_modules can be
 * found, so a command that works there needs nothing but Node.
 */
describe('the bundled softbody command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'softbody-bundle-'));
  const bin = join(dir, 'cli/bin/softbody.mjs');
  const run = (args: string[], input?: string) =>
    spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', input, cwd: dir });

  beforeAll(() => {
    const build = spawnSync(process.execPath, [join(root, 'scripts/build-cli.mjs'), join(dir, 'cli/dist')], {
      encoding: 'utf8',
    });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
    mkdirSync(join(dir, 'cli/bin'), { recursive: true });
    copyFileSync(softbodyBin, bin);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is one entry module with a chunk per command', () => {
    expect(readdirSync(join(dir, 'cli/dist'))).toEqual(['chunks', 'softbody.mjs']);
    // The entry holds the command table, not the commands: --version must not parse core/.
    const size = (file: string) => statSync(join(dir, 'cli/dist', file)).size;
    const chunks = readdirSync(join(dir, 'cli/dist/chunks')).map((f) => size(`chunks/${f}`));
    expect(size('softbody.mjs')).toBeLessThan(16_384);
    expect(chunks.reduce((a, b) => a + b, 0)).toBeGreaterThan(500_000);
  });

  it('loads the solver for `softbody tetra` only with --budget-ms: its static imports leave it out', () => {
    const chunks = join(dir, 'cli/dist/chunks');
    const statics = (file: string): string[] =>
      [
        ...readFileSync(join(chunks, file), 'utf8').matchAll(
          /(?:^|\n)\s*import\s[^;]*?from\s*"\.\/([^"]+)"/g,
        ),
      ].map((m) => m[1]);
    const tetra = readdirSync(chunks).find((f) => /^tetra-.*\.mjs$/.test(f));
    expect(tetra).toBeDefined();
    const reached = new Set<string>([tetra as string]);
    for (const file of reached) for (const next of statics(file)) reached.add(next);
    const loaded = [...reached].map((f) => readFileSync(join(chunks, f), 'utf8'));
    expect(loaded.some((src) => src.includes('function tetrahedralize('))).toBe(true);
    // The world builder is the solver's door (core/sim/build-world.ts); the budget's timing loads it.
    expect(loaded.filter((src) => src.includes('function buildWorldFromSetup(')).length).toBe(0);
    const all = readdirSync(chunks).map((f) => readFileSync(join(chunks, f), 'utf8'));
    expect(all.some((src) => src.includes('function buildWorldFromSetup('))).toBe(true);
  });

  it('prints the version of package.json', () => {
    const result = run(['--version']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`${packageJson.version}\n`);
  });

  it('validates a preset with core/ bundled in', () => {
    writeFileSync(join(dir, 'sample.preset.json'), writePreset(samplePreset()));
    const result = run(['validate', 'sample.preset.json']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^sample\.preset\.json: valid preset 'sample'/);
  });

  it("loads every command's chunk: `help COMMAND` prints its usage", () => {
    // One process: the entry's main, asked for each command's help, imports each chunk.
    const script = `
      const { main } = await import(${JSON.stringify(pathToFileURL(join(dir, 'cli/dist/softbody.mjs')).href)});
      const lines = [];
      const io = { out: (t) => lines.push(t.split('\\n')[0]), err: (t) => lines.push(t) };
      for (const name of ${JSON.stringify(commands.map((c) => c.name))}) lines.push(String(await main(['help', name], io)));
      process.stdout.write(lines.join('\\n'));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: dir,
    });
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')).toEqual(
      commands.flatMap((c) => [expect.stringMatching(new RegExp(`^Usage: softbody ${c.name} `)), '0']),
    );
  });

  it('decodes Draco- and meshopt-compressed GLB files (the Draco WebAssembly ships beside the chunks)', async () => {
    await loadEncoders();
    const { mesh } = await readMeshFile(join(root, '..', 'shared', 'meshes', 'spot.obj'));
    for (const compression of ['draco', 'meshopt'] as const) {
      writeFileSync(join(dir, `${compression}.glb`), await compressedGlb(mesh, compression, true));
      const result = run(['inspect', `${compression}.glb`, '--json']);
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toMatchObject({ vertices: 2930, triangles: 5856, watertight: true });
    }
  });

  it('reports an unknown command with exit code 2', () => {
    const result = run(['nope']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown command 'nope'");
  });
});
