/**
 * `npm run bench -- tetra [--json] [--mesh=NAME] [--no-cold]`: our tetrahedralizer against TetGen
 * (the `tetgen` executable, when on PATH) on every mesh of ../shared/meshes that encloses a
 * volume, in the same run:
 *   - ours at the default resolution;
 *   - TetGen -pq1.414 (its usual quality run, no size bound);
 *   - TetGen -pq1.414a<V> with the volume bound tuned to give about our tet count;
 *   - ours with the tet target tuned to give about TetGen -pq1.414's tet count.
 * Times: ours = the whole tetrahedralize() call including its quality report; TetGen = the
 * wall time of its process (reading the OFF file and writing .node/.ele included). Each is
 * the best of RUNS runs; the two runs of a compared pair are then timed again alternately, PAIR_RUNS
 * rounds of one each, and the ratio is of their best times (on a loaded machine a slow spell then
 * falls on both tools rather than on one). Quality of both is measured by the same code
 * (core/tetra/quality.ts). Ours is timed warm there, in one process; a comparable pair is then
 * timed cold as well, as the `softbody tetra` command in fresh processes (tetra-cold.ts; not with
 * --no-cold), against the same TetGen time.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TriMesh } from '../core/mesh/types.ts';
import { readMeshFile } from '../core/node/read-mesh.ts';
import { findTetgen, tetrahedralizeWithTetgen } from '../core/node/tetgen-backend.ts';
import { type QualityReport, TetrahedralizeError, tetrahedralize } from '../core/tetra/index.ts';
import { bundleCommand, COLD_RUNS, type ColdTimes, coldCommand } from './tetra-cold.ts';

const RUNS = 3;
/** Alternating rounds of a compared pair (ours, then TetGen, then ours again…). */
const PAIR_RUNS = 5;
const corpus = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'meshes');

interface Row {
  mesh: string;
  tool: string;
  settings: string;
  ok: boolean;
  error?: string;
  /** TetrahedralizeError reason when it failed. */
  reason?: string;
  seconds?: number;
  tets?: number;
  minDihedralDeg?: number;
  meanQuality?: number;
  volumeRatio?: number | null;
  surfaceDistance?: number | null;
}

/** One compared pair: ratio = our best warm time / TetGen's best (its whole process). */
interface Pair {
  oursTets: number;
  tetgenTets: number;
  ratio: number;
  tetgenS: number;
  /** Ours as the `softbody tetra` command in fresh processes (tetra-cold.ts), for comparable pairs. */
  cold?: ColdTimes;
}

interface Comparison {
  mesh: string;
  /** Ours at default vs TetGen -pq1.414a matched to our count. */
  atOurCount?: Pair;
  /** Ours matched to TetGen -pq1.414's count vs TetGen -pq1.414. */
  atTetgenCount?: Pair;
}

function meshFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(obj|gltf|glb)$/i.test(name)) out.push(full);
    }
  };
  walk(corpus);
  return out;
}

async function best<T>(
  run: () => Promise<T>,
  seconds: (r: T) => number,
): Promise<{ result: T; seconds: number }> {
  let result = await run();
  let s = seconds(result);
  for (let k = 1; k < RUNS; k++) {
    const again = await run();
    if (seconds(again) < s) {
      result = again;
      s = seconds(again);
    }
  }
  return { result, seconds: s };
}

function fromQuality(row: Row, q: QualityReport, seconds: number): Row {
  return {
    ...row,
    ok: true,
    seconds,
    tets: q.tetCount,
    minDihedralDeg: q.minDihedralDeg,
    meanQuality: q.meanQuality,
    volumeRatio: q.volumeRatio,
    surfaceDistance: q.surfaceDistance,
  };
}

async function ours(mesh: TriMesh, name: string, targetTetCount?: number): Promise<Row> {
  const row: Row = {
    mesh: name,
    tool: 'ours',
    settings: targetTetCount ? `--tets ${targetTetCount}` : 'default',
    ok: false,
  };
  try {
    const { result, seconds } = await best(
      async () => {
        const start = performance.now();
        const r = await tetrahedralize(mesh, targetTetCount ? { targetTetCount } : {});
        return { r, s: (performance.now() - start) / 1000 };
      },
      (x) => x.s,
    );
    return fromQuality(row, result.r.quality, seconds);
  } catch (error) {
    const reason = error instanceof TetrahedralizeError ? error.reason : undefined;
    return { ...row, error: (error as Error).message, reason };
  }
}

async function tetgen(mesh: TriMesh, name: string, switches: string): Promise<Row> {
  const row: Row = { mesh: name, tool: 'tetgen', settings: `-${switches}`, ok: false };
  try {
    const { result, seconds } = await best(
      () => tetrahedralizeWithTetgen(mesh, { switches }),
      (r) => r.tetgenSeconds,
    );
    return fromQuality(row, result.quality, seconds);
  } catch (error) {
    const message = error instanceof TetrahedralizeError ? error.message : String(error);
    return { ...row, error: message };
  }
}

/** TetGen with a maximum tet volume tuned (a few tries) to land near `targetTets`. */
async function tetgenMatched(mesh: TriMesh, name: string, volume: number, targetTets: number): Promise<Row> {
  let maxVolume = volume / targetTets;
  let bestRow: Row | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    const row = await tetgen(mesh, name, `pq1.414a${maxVolume.toPrecision(4)}`);
    if (!row.ok) return row;
    if (!bestRow || Math.abs(row.tets! - targetTets) < Math.abs(bestRow.tets! - targetTets)) bestRow = row;
    const off = row.tets! / targetTets;
    if (Math.abs(off - 1) < 0.1) break;
    maxVolume *= off;
  }
  return bestRow!;
}

/** Ours with the tet target tuned (a few tries) to land near `targetTets`. */
async function oursMatched(mesh: TriMesh, name: string, targetTets: number): Promise<Row> {
  let target = targetTets;
  let bestRow: Row | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await ours(mesh, name, Math.max(100, Math.round(target)));
    if (!row.ok) return row;
    if (!bestRow || Math.abs(row.tets! - targetTets) < Math.abs(bestRow.tets! - targetTets)) bestRow = row;
    const off = row.tets! / targetTets;
    if (Math.abs(off - 1) < 0.1) break;
    target /= off;
  }
  return bestRow!;
}

/** Tet counts closer than this factor count as equal for the time ratio. */
const COMPARABLE = 1.25;

function comparable(pair: { oursTets: number; tetgenTets: number }): boolean {
  const r = pair.oursTets / pair.tetgenTets;
  return r <= COMPARABLE && r >= 1 / COMPARABLE;
}

function fmt(v: number | null | undefined, digits: number): string {
  if (v === undefined) return '';
  if (v === null) return 'n/a';
  return v.toFixed(digits);
}

function printTable(rows: Row[], comparisons: Comparison[]): void {
  const header = [
    'mesh',
    'tool',
    'settings',
    's',
    'tets',
    'minDih°',
    'meanQ',
    'volRatio',
    'surfDist',
    'result',
  ];
  const lines = rows.map((r) => [
    r.mesh,
    r.tool,
    r.settings,
    fmt(r.seconds, 3),
    r.tets === undefined ? '' : String(r.tets),
    fmt(r.minDihedralDeg, 2),
    fmt(r.meanQuality, 3),
    fmt(r.volumeRatio, 4),
    fmt(r.surfaceDistance, 4),
    r.ok ? 'ok' : `FAILED: ${(r.error ?? '').slice(0, 70)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(row(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(row(l));
  console.log(
    `\nTime ratio ours / tetgen where the tet counts are within ${Math.round((COMPARABLE - 1) * 100)}% (< 1: ours faster):`,
  );
  for (const c of comparisons) {
    const parts: string[] = [];
    for (const [label, pair] of [
      ['ours default vs -pq1.414a', c.atOurCount],
      ['ours matched vs -pq1.414', c.atTetgenCount],
    ] as const) {
      if (!pair) continue;
      const counts = `${pair.oursTets} vs ${pair.tetgenTets} tets`;
      parts.push(
        comparable(pair)
          ? `${label}: ${counts}: ${pair.ratio.toFixed(2)}`
          : `${label}: ${counts}: not comparable`,
      );
    }
    console.log(`  ${c.mesh.padEnd(16)} ${parts.length ? parts.join(' | ') : 'no ratio (tetgen failed)'}`);
  }
  const pairs = comparisons
    .flatMap((c) => [c.atOurCount, c.atTetgenCount])
    .filter((p): p is Pair => p !== undefined && comparable(p));
  printSpread(pairs.map((p) => p.ratio));
  const cold = comparisons.flatMap((c) =>
    (
      [
        ['default', c.atOurCount],
        ['matched', c.atTetgenCount],
      ] as const
    ).flatMap(([label, p]) => (p?.cold ? [{ mesh: c.mesh, label, pair: p, cold: p.cold }] : [])),
  );
  if (cold.length === 0) return;
  console.log(
    `\nCold: ours as the softbody tetra command, each call in a fresh process (best of ${COLD_RUNS}), / TetGen's process;` +
      "\n  first call = the command's own time of its tetrahedralization (start-up and reading excluded)," +
      "\n  command = the whole process (Node's start, reading and writing included, as TetGen's):",
  );
  for (const { mesh, label, pair, cold: c } of cold)
    console.log(
      `  ${mesh.padEnd(16)} ${label}: ${c.computeS.toFixed(3)} / ${c.commandS.toFixed(3)} s vs ${pair.tetgenS.toFixed(3)} s: first call ${(c.computeS / pair.tetgenS).toFixed(2)}, command ${(c.commandS / pair.tetgenS).toFixed(2)}`,
    );
  console.log('  first call:');
  printSpread(cold.map((c) => c.cold.computeS / c.pair.tetgenS));
  console.log('  command:');
  printSpread(cold.map((c) => c.cold.commandS / c.pair.tetgenS));
}

/** The worst and the geometric mean of time ratios. */
function printSpread(ratios: number[]): void {
  if (ratios.length === 0) return;
  const worst = Math.max(...ratios);
  const geomean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
  console.log(
    `  worst ${worst.toFixed(2)}, geometric mean ${geomean.toFixed(2)} over ${ratios.length} comparable pairs`,
  );
}

export async function run(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const only = args.find((a) => a.startsWith('--mesh='))?.slice('--mesh='.length);
  const haveTetgen = findTetgen() !== null;
  if (!haveTetgen)
    console.log('tetgen is not on PATH: measuring ours only (Debian/Ubuntu: apt install tetgen).');
  const rows: Row[] = [];
  const comparisons: Comparison[] = [];
  const files = meshFiles();
  const command = haveTetgen && !args.includes('--no-cold') ? bundleCommand() : null;
  /** The pair's cold times (tetra-cold.ts) where its counts are comparable. */
  const withCold = (pair: Pair, file: string, target?: number): Pair =>
    command && comparable(pair) ? { ...pair, cold: coldCommand(command, file, target) } : pair;
  for (const file of files) {
    const name = path.basename(file).replace(/\.(obj|gltf|glb)$/i, '');
    if (only && name !== only) continue;
    const mesh = (await readMeshFile(file)).mesh;
    // Warm the JIT so that the first mesh is not timed cold.
    if (rows.length === 0) await tetrahedralize(mesh, { targetTetCount: 2000 }).catch(() => undefined);
    const base = await ours(mesh, name);
    if (!base.ok && base.reason === 'no-volume') {
      if (!json) console.log(`skip ${name}: ${base.error}`);
      continue;
    }
    rows.push(base);
    const comparison: Comparison = { mesh: name };
    if (haveTetgen) {
      const plain = await tetgen(mesh, name, 'pq1.414');
      rows.push(plain);
      const volume = await enclosedVolume(mesh);
      if (base.ok && volume > 0) {
        const matched = await tetgenMatched(mesh, name, volume, base.tets!);
        rows.push(matched);
        if (matched.ok) comparison.atOurCount = withCold(await timePair(mesh, base, matched), file);
      }
      if (plain.ok) {
        const mine = await oursMatched(mesh, name, plain.tets!);
        rows.push(mine);
        if (mine.ok)
          comparison.atTetgenCount = withCold(await timePair(mesh, mine, plain), file, targetOf(mine));
      }
    }
    comparisons.push(comparison);
    if (!json) console.log(`done ${name}`);
  }
  if (json) console.log(JSON.stringify({ rows, comparisons }, null, 2));
  else printTable(rows, comparisons);
}

/**
 * Times the rows' two runs again alternately (PAIR_RUNS rounds, the first tool alternating) and
 * sets each row's seconds to its best of those and of its own runs; returns the comparison.
 */
async function timePair(mesh: TriMesh, oursRow: Row, tetgenRow: Row): Promise<Pair> {
  const target = targetOf(oursRow);
  const switches = tetgenRow.settings.slice(1);
  const timeOurs = async () => {
    const start = performance.now();
    await tetrahedralize(mesh, target ? { targetTetCount: target } : {});
    return (performance.now() - start) / 1000;
  };
  const timeTetgen = async () => (await tetrahedralizeWithTetgen(mesh, { switches })).tetgenSeconds;
  let oursBest = oursRow.seconds!;
  let tetgenBest = tetgenRow.seconds!;
  for (let round = 0; round < PAIR_RUNS; round++) {
    if (round % 2 === 0) {
      oursBest = Math.min(oursBest, await timeOurs());
      tetgenBest = Math.min(tetgenBest, await timeTetgen());
    } else {
      tetgenBest = Math.min(tetgenBest, await timeTetgen());
      oursBest = Math.min(oursBest, await timeOurs());
    }
  }
  oursRow.seconds = oursBest;
  tetgenRow.seconds = tetgenBest;
  return {
    oursTets: oursRow.tets!,
    tetgenTets: tetgenRow.tets!,
    ratio: oursBest / tetgenBest,
    tetgenS: tetgenBest,
  };
}

/** The tet target of one of our rows (`--tets N`), none for the default. */
function targetOf(row: Row): number | undefined {
  return row.settings.startsWith('--tets ') ? Number(row.settings.slice(7)) : undefined;
}

/** Volume the tetgen size bound is computed from: ours at a coarse setting measures it. */
async function enclosedVolume(mesh: TriMesh): Promise<number> {
  try {
    return (await tetrahedralize(mesh, { targetTetCount: 3000 })).quality.volume;
  } catch {
    return 0;
  }
}
