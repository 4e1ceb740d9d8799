import { decodeModuleBase64 } from '../../sim/wasm/base64.ts';
import { TetrahedralizeError } from '../errors.ts';

/** What core/ needs of the WebAssembly global (tsconfig.core.json has no DOM lib). */
export interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
  /** Compiles off the calling thread where the engine can (V8's background compile tasks). */
  compile?: (bytes: Uint8Array) => Promise<object>;
}

/** A compiled module and the API to instantiate it with. */
export interface LoadedModule {
  api: WasmApi;
  module: object;
}

const compiled = new Map<string, LoadedModule | null>();

/**
 * The module whose bytes are `base64` (a generated *-wasm.ts), compiled once per isolate; null
 * where WebAssembly is missing or refuses it (a main thread that compiles only small modules
 * synchronously), and the caller takes its JS reference instead.
 */
export function loadModule(base64: string): LoadedModule | null {
  const known = compiled.get(base64);
  if (known !== undefined) return known;
  compiled.set(base64, null);
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api) return null;
  try {
    compiled.set(base64, { api, module: new api.Module(decodeModuleBase64(base64)) });
  } catch {
    // Stays null: the JS reference.
  }
  return compiled.get(base64)!;
}

/**
 * Starts compiling `base64`'s module off the calling thread (WebAssembly.compile), so that a later
 * loadModule finds it compiled and the caller's own work overlaps the compile; resolves once it is.
 * Never rejects: where it fails, or has not finished when loadModule asks, loadModule compiles the
 * module itself as it would without this.
 */
export async function compileAhead(base64: string): Promise<void> {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (compiled.has(base64) || !api?.compile) return;
  try {
    const module = await api.compile(decodeModuleBase64(base64));
    if (!compiled.has(base64)) compiled.set(base64, { api, module });
  } catch {
    // loadModule decides.
  }
}

/**
 * A new instance of `loaded` with `imports` (each module's own, by module name) and the abort
 * every AssemblyScript module imports, which throws TetrahedralizeError('failed') naming `what`;
 * its exports.
 */
export function instantiate<Exports>(
  loaded: LoadedModule,
  what: string,
  imports: Record<string, object> = {},
): Exports {
  const abort = () => {
    throw new TetrahedralizeError('failed', `The WebAssembly ${what} aborted.`);
  };
  return new loaded.api.Instance(loaded.module, { ...imports, env: { abort } }).exports as Exports;
}

/** What copyArraysInto needs of a module: its memory and its `reserve` export (0 without memory). */
export interface ReservingModule {
  memory: { buffer: ArrayBuffer };
  reserve(bytes: number): number;
}

type ElementType =
  | Float64ArrayConstructor
  | Float32ArrayConstructor
  | Int32ArrayConstructor
  | Uint32ArrayConstructor
  | Uint8ArrayConstructor;

/**
 * One array for copyArraysInto: `values` written as `type` (converted where the source's type
 * differs), or `length` zeroed elements of `type` for the module to fill.
 */
export type ModuleArray =
  | { type: ElementType; values: ArrayLike<number> }
  | { type: ElementType; length: number };

/**
 * Room in `wasm`'s memory for each array, then each one's values copied in; their addresses, in
 * order, or null when the memory cannot grow (nothing is copied then). Room for every array comes
 * first because reserving may grow the memory, which detaches every view made before.
 */
export function copyArraysInto(wasm: ReservingModule, arrays: readonly ModuleArray[]): number[] | null {
  const at: number[] = [];
  for (const array of arrays) {
    const length = 'values' in array ? array.values.length : array.length;
    // Never 0 bytes: the next array would share the address.
    const place = wasm.reserve(Math.max(16, length * array.type.BYTES_PER_ELEMENT));
    if (place === 0) return null;
    at.push(place);
  }
  const buffer = wasm.memory.buffer;
  arrays.forEach((array, k) => {
    if ('values' in array) new array.type(buffer, at[k], array.values.length).set(array.values);
  });
  return at;
}
