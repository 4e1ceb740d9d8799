/**
 * `npm run bench -- targets [--mode conforming|embedded] [--mesh NAME] [--json]`: how close
 * tetrahedralize() lands to a tet target, on five closed corpus meshes at 100, 300, 1,000, 5,000
 * and 20,000 tets: a table of the tets made per target and mesh, with the ratio to the target and
 * the seconds taken. The tests check the small targets; this prints the whole table.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMeshFile } from '../core/node/read-mesh.ts';
import { type TetraMode, tetrahedralize } from '../core/tetra/index.ts';

const corpus = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'meshes');
export const TARGET_MESHES = [
  'spot.obj',
  'Fox.glb',
  'horse_quad.obj',
  'rocker-arm.obj',
  'stanford-bunny.obj',
];
export const TARGETS = [100, 300, 1000, 5000, 20_000];

interface Cell {
  mesh: string;
  target: number;
  tets: number | null;
  seconds: number;
  error?: string;
}

export async function run(flags: string[]): Promise<void> {
  const value = (name: string) => flags.find((f) => f.startsWith(`--${name}=`))?.split('=')[1];
  const mode = (value('mode') ?? 'conforming') as TetraMode;
  const only = value('mesh');
  const targets = value('targets')?.split(',').map(Number) ?? TARGETS;
  const meshes = TARGET_MESHES.filter((m) => only === undefined || m.includes(only));
  const cells: Cell[] = [];
  for (const mesh of meshes) {
    const { mesh: tri } = await readMeshFile(path.join(corpus, mesh));
    for (const target of targets) {
      const started = performance.now();
      try {
        const result = await tetrahedralize(tri, { mode, targetTetCount: target });
        cells.push({
          mesh,
          target,
          tets: result.tets.length / 4,
          seconds: (performance.now() - started) / 1000,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        cells.push({
          mesh,
          target,
          tets: null,
          seconds: (performance.now() - started) / 1000,
          error: message,
        });
      }
      if (!flags.includes('--json'))
        console.error(`targets: ${mesh} ${target}: ${cells.at(-1)?.tets ?? cells.at(-1)?.error}`);
    }
  }
  if (flags.includes('--json')) {
    console.log(JSON.stringify({ mode, cells }, null, 2));
    return;
  }
  console.log(`tet targets, ${mode} mode: tets made (× target, seconds)`);
  console.log(['target', ...meshes].map((c) => c.padEnd(24)).join(''));
  for (const target of targets) {
    const row = meshes.map((mesh) => {
      const cell = cells.find((c) => c.mesh === mesh && c.target === target);
      if (!cell || cell.tets === null) return 'failed';
      return `${cell.tets} (${(cell.tets / target).toFixed(2)}×, ${cell.seconds.toFixed(1)} s)`;
    });
    console.log([String(target), ...row].map((c) => c.padEnd(24)).join(''));
  }
}
