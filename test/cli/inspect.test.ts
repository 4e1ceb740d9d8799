import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { spawnCli } from './spawn-cli.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const meshes = join(repoRoot, '..', 'shared', 'meshes');
const dir = mkdtempSync(join(tmpdir(), 'softbody-inspect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['inspect', ...args], {
    out: (t) => (out += `${t}\n`),
    err: (t) => (err += `${t}\n`),
  });
  return { code, out, err };
}

describe('softbody inspect', () => {
  it('prints the report as JSON with the documented keys', async () => {
    const { code, out, err } = await run(join(meshes, 'Fox.glb'), '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(out);
    for (const key of [
      'vertices',
      'triangles',
      'components',
      'watertight',
      'manifold',
      'consistentOrientation',
      'degenerateFaces',
      'selfIntersections',
      'bboxMin',
      'bboxMax',
      'volume',
      'groups',
    ]) {
      expect(report).toHaveProperty(key);
    }
    expect(report).toMatchObject({
      vertices: 290,
      triangles: 576,
      components: 1,
      watertight: true,
      selfIntersections: 0,
    });
    expect(report.groups).toEqual([{ name: 'fox1/fox_material', triangles: 576 }]);
    expect(report.notes).toEqual([
      '1 skinned mesh instance(s) were imported in their bind pose; animations are not applied',
    ]);
  });

  it('applies --scale and --up before reporting', async () => {
    const { out } = await run(join(meshes, 'Fox.glb'), '--json', '--scale', '0.01', '--up', 'z');
    const report = JSON.parse(out);
    // Fox z spans −88.09…66.62 (file units); Z-up to Y-up maps y' = z, z' = −y.
    expect(report.bboxMin[1]).toBeCloseTo(-0.8809, 3);
    expect(report.bboxMax[1]).toBeCloseTo(0.6662, 3);
    expect(report.bboxMax[2]).toBeCloseTo(0.001217, 5);
    expect(report.volume).toBeCloseTo(6.649e4 * 1e-6, 3);
  });

  it('takes the file unit by name with --units (cm = --scale 0.01), and not both', async () => {
    const byName = JSON.parse(
      (await run(join(meshes, 'Fox.glb'), '--json', '--units', 'cm', '--up', 'z')).out,
    );
    const byScale = JSON.parse(
      (await run(join(meshes, 'Fox.glb'), '--json', '--scale', '0.01', '--up', 'z')).out,
    );
    expect(byName.bboxMin).toEqual(byScale.bboxMin);
    expect(byName.volume).toBe(byScale.volume);
    const inches = JSON.parse((await run(join(meshes, 'Fox.glb'), '--json', '--units', 'in')).out);
    const metres = JSON.parse((await run(join(meshes, 'Fox.glb'), '--json')).out);
    // Positions are float32: the same scaling within a float32 rounding.
    expect(inches.bboxMax[0]).toBeCloseTo(metres.bboxMax[0] * 0.0254, 6);
    expect((await run('a.obj', '--units', 'cm', '--scale', '2')).err).toBe(
      'softbody inspect: give either --units or --scale, not both\n',
    );
    expect((await run('a.obj', '--units', 'yard')).err).toMatch(
      /^softbody inspect: --units must be one of 'm', 'cm', 'mm', 'in', 'ft', got 'yard'/,
    );
  });

  it('reports the repairs it made with --repair', async () => {
    const { out } = await run(join(meshes, 'spider', 'spider.obj'), '--json', '--repair');
    const report = JSON.parse(out);
    expect(report.repairs.map((r: { repair: string }) => r.repair)).toEqual([
      'weld',
      'drop-degenerate',
      'drop-duplicates',
      'orient',
      'drop-unreferenced',
    ]);
    expect(report).toMatchObject({ degenerateFaces: 0, consistentOrientation: true });
  });

  it('prints a readable table without --json', async () => {
    const { code, out } = await run(join(meshes, 'suzanne.obj'));
    expect(code).toBe(0);
    expect(out).toContain('vertices (welded)       505\n');
    expect(out).toContain('watertight              no\n');
    expect(out).toContain('non-manifold edges      1\n');
    expect(out).toContain('groups (1):\n  default: 968 triangles\n');
  });

  it('answers bad input with one line naming the file and line, and exit code 2', async () => {
    const path = join(dir, 'bad.obj');
    writeFileSync(path, 'v 0 0 0\nv 1 0 0\nv nan 1 0\nf 1 2 3\n');
    expect(await run(path)).toEqual({
      code: 2,
      out: '',
      err: `softbody inspect: ${path}:3: vertex coordinate 'nan' is not a finite number\n`,
    });
  });

  it('answers bad input with --json as one JSON error on stdout: file, line, message', async () => {
    const path = join(dir, 'bad.obj');
    writeFileSync(path, 'v 0 0 0\nv 1 0 0\nv nan 1 0\nf 1 2 3\n');
    const { code, out, err } = await run(path, '--json');
    expect({ code, err }).toEqual({ code: 2, err: '' });
    expect(JSON.parse(out)).toEqual({
      error: { file: path, line: 3, message: "vertex coordinate 'nan' is not a finite number" },
    });
  });

  it('answers a missing .bin with the JSON pointer that names it', async () => {
    const path = join(dir, 'BoxTextured.gltf');
    copyFileSync(join(meshes, 'BoxTextured', 'BoxTextured.gltf'), path);
    const { code, err } = await run(path);
    expect(code).toBe(2);
    expect(err).toBe(
      `softbody inspect: ${path}#/buffers/0/uri: missing buffer file 'BoxTextured0.bin': it must be next to the .gltf file (in a browser: open or drop it together with the .gltf)\n`,
    );
  });

  it('rejects bad options and a missing file argument with exit code 2', async () => {
    expect(await run('a.obj', '--scale', 'big')).toEqual({
      code: 2,
      out: '',
      err: "softbody inspect: --scale needs a positive number of metres per unit, got 'big'\n",
    });
    expect((await run('a.obj', '--up', 'x')).err).toBe(
      "softbody inspect: --up must be 'y' or 'z', got 'x'\n",
    );
    expect((await run()).err).toBe("softbody inspect: no mesh file given. Run 'softbody inspect --help'.\n");
    expect((await run('a.obj', '--frobnicate')).code).toBe(2);
  });

  it('runs as the softbody binary: one line on stderr, no stack trace, exit code 2', async () => {
    const path = join(dir, 'truncated.glb');
    writeFileSync(path, new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0]));
    const result = spawnCli(['inspect', path]);
    expect({ code: result.status, stderr: result.stderr }).toEqual({
      code: 2,
      stderr: `softbody inspect: ${path} (byte 0): truncated GLB: the file has 8 bytes, fewer than the 12-byte GLB header\n`,
    });
  });
});
