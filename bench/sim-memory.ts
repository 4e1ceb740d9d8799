/**
 * What the solver of a built world holds in memory, array by array: the particle state, each
 * constraint block's typed arrays, the world's Float32 copy of the positions once something has
 * read it (xpbd-world.ts), every other typed array reachable from the world (the bodies' runtimes,
 * the probes and helpers the world keeps: found by walking its fields, so none is left out), and
 * the WebAssembly memory the kernels work in (wasm/wasm-kernels.ts),
 * whose byte length counts whole: the arrays moved into it, the kernels' own copies, alignment,
 * and the rounding up to 64 KiB pages. An array the state shares with the setup (a one-body
 * world's rest positions and masses: build-world.ts) counts: the world holds it, so it lives as
 * long as the world does. The Float32 positions count before they are made (the bench never reads
 * them; the editor and a runtime drawing the body do). `solverBytes` is the sim benchmark's
 * B/particle; `--memory` prints the breakdown.
 */
import type { XpbdWorld } from '../core/sim/xpbd-world.ts';

export interface MemoryEntry {
  /**
   * 'state', 'world', the block's kind with its index in the body ('membrane#0'), or for the rest
   * the path from the world to the object holding the array ('runtimes[0].geometry').
   */
  owner: string;
  field: string;
  /** The array's element type ('Float64Array', …) and bytes. */
  type: string;
  bytes: number;
  /** True when the array is a view of the WebAssembly memory (its bytes count in `wasmBytes`). */
  inWasm: boolean;
  /** True when the array is the setup's (a body's geometry), held by the world: counted. */
  setup?: boolean;
  /** Another field of the same block holds the same array (counted once, under the first). */
  sharedWith?: string;
}

export interface MemoryBreakdown {
  particles: number;
  entries: MemoryEntry[];
  /** Byte length of the WebAssembly memory (0 with JS kernels). */
  wasmBytes: number;
  /** Bytes of the WebAssembly memory that fields of the state and blocks view. */
  wasmFieldBytes: number;
  /** What solverBytes counts: the arrays outside the memory once each, plus the memory whole. */
  totalBytes: number;
}

export function memoryBreakdown(world: XpbdWorld): MemoryBreakdown {
  const memory = world.kernels === 'wasm' ? world.state.x.buffer : null;
  const setupArrays = new Set<unknown>(world.runtimes.flatMap((r) => Object.values(r.geometry)));
  // The f32 positions exist once read (xpbd-world.ts `positions`); reading them here would make them.
  const drawn = (world as unknown as { positionsF32: Float32Array | null }).positionsF32;
  const entries: MemoryEntry[] = [
    {
      owner: 'world',
      field: drawn ? 'positions' : 'positions (when read)',
      type: 'Float32Array',
      bytes: drawn ? drawn.byteLength : 12 * world.particleCount,
      inWasm: false,
    },
  ];
  // An array two fields share counts once.
  const seen = new Map<ArrayBufferView, string>();
  const add = (owner: string, record: object) => {
    for (const [field, value] of Object.entries(record)) {
      if (!ArrayBuffer.isView(value)) continue;
      const entry: MemoryEntry = {
        owner,
        field,
        type: value.constructor.name,
        bytes: value.byteLength,
        inWasm: memory !== null && value.buffer === memory,
      };
      if (setupArrays.has(value)) entry.setup = true;
      const first = seen.get(value);
      if (first) entry.sharedWith = first;
      else seen.set(value, `${owner}.${field}`);
      entries.push(entry);
    }
  };
  add('state', world.state);
  for (const runtime of world.runtimes) {
    runtime.blocks.forEach((block, k) => {
      add(`${block.kind}#${k}`, block);
    });
  }
  for (const [owner, record] of heldObjects(world, seen)) add(owner, record);
  const counted = entries.filter((e) => !e.sharedWith);
  const wasmBytes = memory ? memory.byteLength : 0;
  const wasmFieldBytes = counted.filter((e) => e.inWasm).reduce((sum, e) => sum + e.bytes, 0);
  const outside = counted.filter((e) => !e.inWasm).reduce((sum, e) => sum + e.bytes, 0);
  return {
    particles: world.particleCount,
    entries,
    wasmBytes,
    wasmFieldBytes,
    totalBytes: outside + wasmBytes,
  };
}

/**
 * Every object reachable from `world` through its own data fields (never a getter: reading the
 * positions would make them), arrays, Maps and Sets, with its path, that holds a typed array not
 * in `known`; in the order found, breadth first, so an array is named by its shortest path.
 */
function heldObjects(world: object, known: ReadonlyMap<ArrayBufferView, string>): [string, object][] {
  const visited = new Set<object>([world]);
  const holders: [string, object][] = [];
  let level: [string, object][] = [['world', world]];
  while (level.length > 0) {
    const next: [string, object][] = [];
    for (const [path, object] of level) {
      const record: Record<string, ArrayBufferView> = {};
      const children: [string, unknown][] =
        object instanceof Map
          ? [...object.entries()].flatMap(([k, v], i): [string, unknown][] => [
              [`${path}.key${i}`, k],
              [`${path}.value${i}`, v],
            ])
          : object instanceof Set
            ? [...object].map((v, i): [string, unknown] => [`${path}.item${i}`, v])
            : Object.entries(Object.getOwnPropertyDescriptors(object))
                .filter(([, d]) => 'value' in d)
                .map(([k, d]): [string, unknown] => [
                  Array.isArray(object) ? `${path}[${k}]` : `${path}.${k}`,
                  d.value,
                ]);
      for (const [childPath, value] of children) {
        if (value === null || typeof value !== 'object' || visited.has(value)) continue;
        visited.add(value);
        if (ArrayBuffer.isView(value)) {
          if (!known.has(value)) record[childPath.slice(path.length + 1)] = value;
        } else if (!(value instanceof ArrayBuffer)) next.push([childPath, value]);
      }
      if (Object.keys(record).length > 0) holders.push([path.replace(/^world\.?/, '') || 'world', record]);
    }
    level = next;
  }
  return holders;
}

/** Bytes of solver state and constraint data (the sim benchmark's B/particle × particles). */
export function solverBytes(world: XpbdWorld): number {
  return memoryBreakdown(world).totalBytes;
}

/** The breakdown as text: one line per array, B/particle, then the memory's use. */
export function formatBreakdown(name: string, breakdown: MemoryBreakdown): string {
  const perParticle = (bytes: number) => (bytes / breakdown.particles).toFixed(1);
  const lines = [
    `${name}: ${breakdown.particles} particles, ${perParticle(breakdown.totalBytes)} B/particle in all`,
  ];
  const rows = breakdown.entries.map((e) => [
    `${e.owner}.${e.field}`,
    e.type,
    String(e.bytes),
    perParticle(e.bytes),
    e.setup
      ? "the setup's, held by the world"
      : e.sharedWith
        ? `same array as ${e.sharedWith}`
        : e.inWasm
          ? 'wasm memory'
          : 'JS heap',
  ]);
  rows.push([
    'wasm memory (whole)',
    'WebAssembly.Memory',
    String(breakdown.wasmBytes),
    perParticle(breakdown.wasmBytes),
    `fields view ${breakdown.wasmFieldBytes}; the rest (${breakdown.wasmBytes - breakdown.wasmFieldBytes} B) is kernel-only copies, alignment and page rounding`,
  ]);
  const header = ['array', 'type', 'bytes', 'B/particle', 'where'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  // Text columns left-aligned, figures right-aligned; the last column is not padded.
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 4 ? c : i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  lines.push(format(header));
  for (const row of rows) lines.push(format(row));
  return lines.join('\n');
}
