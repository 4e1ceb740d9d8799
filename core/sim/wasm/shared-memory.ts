/**
 * Whether the solver's memory can be shared between threads, and the kernels' module made to
 * import a shared memory.
 *
 * A SharedArrayBuffer exists only where the runtime allows it: a page or a worker of a page that is
 * cross-origin isolated (COOP/COEP headers, `crossOriginIsolated` true), Node, Electron with those
 * headers. Where it is absent the solver keeps its one-thread path on an ordinary memory.
 */

/** True when a shared WebAssembly.Memory, Atomics.wait and posting it to workers are allowed here. */
export function sharedMemoryAvailable(): boolean {
  const scope = globalThis as {
    SharedArrayBuffer?: unknown;
    Atomics?: unknown;
    crossOriginIsolated?: boolean;
  };
  if (typeof scope.SharedArrayBuffer !== 'function' || typeof scope.Atomics !== 'object') return false;
  // Browsers define crossOriginIsolated (false without COOP/COEP); Node does not and always shares.
  return scope.crossOriginIsolated !== false;
}

/** WebAssembly binary format: section id of the imports, import kind of a memory. */
const IMPORT_SECTION = 2;
const MEMORY_IMPORT = 0x02;
/** Limits flags: 0x00 a minimum; 0x01 minimum and maximum; 0x03 the same, shared (threads proposal). */
const LIMITS_MIN = 0x00;
const LIMITS_MIN_MAX = 0x01;
const LIMITS_SHARED = 0x03;
/** A shared memory must declare a maximum: the most a 32-bit memory can have, 65536 pages (4 GiB). */
const MAX_PAGES = 65536;

function leb128(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

/**
 * A copy of the module `bytes` whose imported memory is declared shared (with a maximum of 65536
 * pages where it declared none). The kernels use no atomic instruction (the threads meet in JS,
 * between kernel calls), so the memory import is the only difference from the module
 * scripts/build-wasm.mjs builds: one module source serves both the shared and the ordinary
 * memory. Throws when the module imports no memory.
 */
export function withSharedMemoryImport(bytes: Uint8Array): Uint8Array {
  let at = 8; // magic and version
  const leb = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
      shift += 7;
    }
  };
  while (at < bytes.length) {
    const sectionStart = at;
    const id = bytes[at++];
    const size = leb();
    const contentStart = at;
    const end = at + size;
    if (id !== IMPORT_SECTION) {
      at = end;
      continue;
    }
    const imports = leb();
    for (let i = 0; i < imports; i++) {
      const moduleName = leb();
      at += moduleName;
      const fieldName = leb();
      at += fieldName;
      const kind = bytes[at++];
      if (kind === MEMORY_IMPORT) {
        const flagsAt = at;
        const flags = bytes[at++];
        if (flags !== LIMITS_MIN && flags !== LIMITS_MIN_MAX) break;
        const minimum = leb();
        const maximum = flags === LIMITS_MIN_MAX ? leb() : MAX_PAGES;
        const limits = [LIMITS_SHARED, ...leb128(minimum), ...leb128(maximum)];
        const content = [...bytes.subarray(contentStart, flagsAt), ...limits, ...bytes.subarray(at, end)];
        const section = [id, ...leb128(content.length), ...content];
        const out = new Uint8Array(sectionStart + section.length + (bytes.length - end));
        out.set(bytes.subarray(0, sectionStart));
        out.set(section, sectionStart);
        out.set(bytes.subarray(end), sectionStart + section.length);
        return out;
      }
      // Functions name a type index; tables, globals and tags carry a few bytes more.
      if (kind === 0x00) leb();
      else if (kind === 0x01) {
        at++;
        const flags = bytes[at++];
        leb();
        if (flags & 1) leb();
      } else if (kind === 0x03) at += 2;
      else if (kind === 0x04) {
        at++;
        leb();
      }
    }
    break;
  }
  throw new Error('the solver kernels import no unshared memory: they cannot be given a shared one');
}
