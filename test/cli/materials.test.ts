import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { builtInMaterials } from '../../core/material/index.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

describe('softbody materials', () => {
  it('prints the library as JSON: name, kind, E, ν, ρ, thickness, source', async () => {
    const { io, out } = capture();
    expect(await main(['materials', '--json'], io)).toBe(0);
    const rows = JSON.parse(out.join('\n'));
    expect(rows).toHaveLength(builtInMaterials().length);
    expect(rows[0]).toEqual({
      name: 'silicone-shore-00-10',
      kind: 'solid',
      youngModulusPa: 94600,
      poissonRatio: 0.49,
      densityKgM3: 1040,
      dampingRatio: 0.05,
      source: builtInMaterials()[0].source,
    });
    const cotton = rows.find((r: { name: string }) => r.name === 'cotton');
    expect(cotton.thicknessM).toBe(0.00025);
    expect(cotton.arealDensityKgM2).toBeCloseTo(0.12, 9);
  });

  it('prints a table by default', async () => {
    const { io, out } = capture();
    expect(await main(['materials'], io)).toBe(0);
    const lines = out.join('\n').split('\n');
    expect(lines[0]).toMatch(/^name\s+kind\s+E \(Pa\)\s+ν\s+ρ \(kg\/m³\)\s+t \(mm\)\s+ρ·t \(g\/m²\)\s+ζ$/);
    expect(
      lines.some((l) => /^denim\s+cloth\s+3\.00e\+7\s+0\.3\s+594\s+0\.8\s+475\.2\s+0\.05$/.test(l)),
    ).toBe(true);
  });

  it('adds the user materials of --user FILE and refuses a broken one with its pointer, exit code 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'softbody-materials-'));
    const good = join(dir, 'mine.json');
    const material = {
      name: 'my-jelly',
      kind: 'solid',
      youngModulusPa: 9000,
      poissonRatio: 0.45,
      densityKgM3: 1030,
      dampingRatio: 0.1,
      source: 'bench test',
    };
    writeFileSync(good, JSON.stringify({ formatVersion: 1, materials: [material] }));
    const ok = capture();
    expect(await main(['materials', '--json', '--user', good], ok.io)).toBe(0);
    expect(JSON.parse(ok.out.join('\n')).at(-1)).toEqual(material);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ formatVersion: 1, materials: [{ ...material, densityKgM3: -3 }] }));
    const failed = capture();
    expect(await main(['materials', '--user', bad], failed.io)).toBe(2);
    expect(failed.err).toEqual([
      `softbody materials: ${bad}: /materials/0/densityKgM3: must be greater than 0, got -3`,
    ]);
  });
});
