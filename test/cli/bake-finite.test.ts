import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';

/**
 * A preset whose compiled setup holds a non-finite figure (here the fundamental mode, which sets
 * the modal damping) would load as a body that blows up at its first step: the file fails. The
 * preset compiled from the mesh is given that figure here.
 */
vi.mock('../../core/preset/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../core/preset/index.ts')>();
  return {
    ...original,
    presetFromScene: (...args: Parameters<typeof original.presetFromScene>) => {
      const preset = original.presetFromScene(...args);
      preset.setup.bodies[0].fundamentalRadPerS = Number.NaN;
      return preset;
    },
  };
});

const scratch = mkdtempSync(path.join(tmpdir(), 'softbody-bake-finite-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

describe('softbody bake of a file whose setup is not finite', () => {
  it('fails that file with 1, names the figure, and writes no preset', async () => {
    const quad = path.join(scratch, 'quad.obj');
    writeFileSync(quad, 'v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf 1 2 3\nf 1 3 4\n');
    const out = path.join(scratch, 'presets');
    const { io, out: stdout } = capture();
    expect(await main(['bake', quad, '--material', 'cotton', '-o', out, '--json'], io)).toBe(1);
    const summary = JSON.parse(stdout.join('\n'));
    expect(summary.failed).toBe(1);
    expect(summary.files[0].error).toBe(
      `${quad}: /setup/bodies/0/fundamentalRadPerS of its preset is not a finite number; ` +
        'the material and this mesh give no usable body',
    );
    expect(existsSync(path.join(out, 'quad.preset.json'))).toBe(false);
  });
});
