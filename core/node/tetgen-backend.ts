import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { TriMesh } from '../mesh/types.ts';
import { TetrahedralizeError } from '../tetra/errors.ts';
import { prepareSurface } from '../tetra/prepare-input.ts';
import { measureQuality } from '../tetra/quality.ts';
import { boundaryFaces, faceAdjacency } from '../tetra/tet-adjacency.ts';
import { parseTetgenMesh, toOff } from '../tetra/tetgen-format.ts';
import { TriangleBvh } from '../tetra/triangle-bvh.ts';
import { DEFAULT_TARGET_TETS, type TetMesh } from '../tetra/types.ts';

/**
 * The optional TetGen backend: runs the `tetgen` executable (not bundled; Debian/Ubuntu
 * package `tetgen`) on an OFF copy of the welded input in a temporary folder and reads its
 * .node/.ele back. TetGen recovers the input surface exactly, but it aborts on
 * self-intersecting input and carves an open surface away entirely; both are reported as
 * TetrahedralizeError('backend').
 */
export interface TetgenOptions {
  /** Target edge length, m: becomes a maximum tet volume of edge³ / (6√2) (switch `a`). */
  edgeLengthM?: number;
  /** Approximate tet count: a maximum tet volume of enclosed volume / count. */
  targetTetCount?: number;
  /** Radius-edge bound (switch `q`); default 1.414, TetGen's usual choice. */
  qualityBound?: number;
  /** The full switch string instead of the above (e.g. 'pq1.414' or 'pq1.414a0.001'); Q is added. */
  switches?: string;
  /** Path of the executable; default: `tetgen` found on PATH. */
  executable?: string;
  signal?: AbortSignal;
}

export interface TetgenResult extends TetMesh {
  /** The switches tetgen ran with. */
  switches: string;
  /** Wall-clock time of the tetgen process, s. */
  tetgenSeconds: number;
}

/** TetGen's customary radius-edge bound (its documentation's example switch -q1.414). */
// biome-ignore lint/suspicious/noApproximativeNumericConstant: TetGen's conventional switch value, not √2.
const TETGEN_QUALITY = 1.414;

/** The tetgen executable on PATH, or null. */
export function findTetgen(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'tetgen');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** The switches for a resolution and quality bound (without Q). */
export function tetgenSwitches(options: TetgenOptions, enclosedVolumeM3: number): string {
  if (options.switches) return options.switches.replace(/^-/, '');
  const q = options.qualityBound ?? TETGEN_QUALITY;
  let maxVolume: number;
  if (options.edgeLengthM !== undefined) maxVolume = options.edgeLengthM ** 3 / (6 * Math.SQRT2);
  else maxVolume = enclosedVolumeM3 / (options.targetTetCount ?? DEFAULT_TARGET_TETS);
  return `pq${q}a${maxVolume.toPrecision(6)}`;
}

export async function tetrahedralizeWithTetgen(
  mesh: TriMesh,
  options: TetgenOptions = {},
): Promise<TetgenResult> {
  const executable = options.executable ?? findTetgen();
  if (!executable) {
    throw new TetrahedralizeError(
      'backend',
      'tetgen is not installed or not on PATH (Debian/Ubuntu: apt install tetgen); use the builtin backend.',
    );
  }
  const surface = prepareSurface(mesh);
  const switches = tetgenSwitches(options, surface.signedVolume);
  const folder = await mkdtemp(join(tmpdir(), 'softbody-tetgen-'));
  try {
    const input = join(folder, 'input.off');
    await writeFile(input, toOff(surface));
    const started = performance.now();
    const run = await runProcess(executable, [`-${switches}Q`, input], options.signal);
    const tetgenSeconds = (performance.now() - started) / 1000;
    if (run.code !== 0) {
      const why = run.signal ? `was killed by ${run.signal}` : `exited with code ${run.code}`;
      const said = lastLine(run.output);
      throw new TetrahedralizeError(
        'backend',
        `tetgen ${why} without a result${said ? ` ('${said}')` : ''}; it stops on self-intersecting input. ` +
          'The builtin backend accepts such surfaces.',
      );
    }
    let nodeText: string;
    let eleText: string;
    try {
      nodeText = await readFile(join(folder, 'input.1.node'), 'utf8');
      eleText = await readFile(join(folder, 'input.1.ele'), 'utf8');
    } catch {
      throw new TetrahedralizeError('backend', 'tetgen finished but wrote no .node/.ele files.');
    }
    const { positions, tets } = parseTetgenMesh(nodeText, eleText, {
      node: 'input.1.node',
      ele: 'input.1.ele',
    });
    if (tets.length === 0) {
      throw new TetrahedralizeError(
        'backend',
        'tetgen produced no tets: an open surface (with holes) is carved away entirely. The builtin backend fills it.',
      );
    }
    const out = Float32Array.from(positions);
    const surfaceTris = boundaryFaces(tets, faceAdjacency(tets, out.length / 3));
    const quality = measureQuality(
      { positions: out, tets, surface: surfaceTris },
      {
        bvh: new TriangleBvh(surface),
        diagonal: surface.diagonal,
        enclosedVolume: surface.watertight ? surface.signedVolume : null,
      },
    );
    return {
      positions: out,
      tets,
      surface: surfaceTris,
      quality,
      mode: 'conforming',
      switches,
      tetgenSeconds,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return lines[lines.length - 1]?.trim().slice(0, 200) ?? '';
}

interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

function runProcess(
  executable: string,
  args: string[],
  signal: AbortSignal | undefined,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new TetrahedralizeError('cancelled', 'Tetrahedralization was cancelled.'));
      return;
    }
    const child = spawn(executable, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new TetrahedralizeError('backend', `cannot run tetgen (${executable}): ${error.message}`));
    });
    child.on('close', (code, sig) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(new TetrahedralizeError('cancelled', 'Tetrahedralization was cancelled.'));
      else resolve({ code, signal: sig, output });
    });
  });
}
