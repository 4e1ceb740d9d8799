// The tetrahedralizer's WebAssembly modules' memory (each module its own): a bump heap above the
// module's static data that never frees (an array that outgrows its room is copied to twice the
// room higher up, leaving behind at most what it holds: one meshing run per instance), and typed
// loads and stores by element index.

let heapTop: usize = 0;

/** Starts the heap afresh above the static data (a module's set-up calls it once). */
export function resetHeap(): void {
  heapTop = (__heap_base + 15) & ~(<usize>15);
}

/** The heap's end: it moves whenever an array is allocated (so a host can tell its views went stale). */
export function heapEnd(): usize {
  return heapTop;
}

/** `bytes` of fresh (zeroed) memory, 16-byte aligned; 0 when the memory cannot grow. */
export function allocate(bytes: usize): usize {
  if (heapTop === 0) resetHeap();
  const at = heapTop;
  const end = (at + bytes + 15) & ~(<usize>15);
  const pagesNeeded = <i32>((end + 0xffff) >>> 16);
  const pages = memory.size();
  if (pagesNeeded > pages && memory.grow(pagesNeeded - pages) < 0) return 0;
  heapTop = end;
  return at;
}

/** A copy of the first `used` bytes of `from` in fresh memory of `bytes` (the rest zero); 0 without memory. */
export function moved(from: usize, used: usize, bytes: usize): usize {
  const to = allocate(bytes);
  if (to !== 0) memory.copy(to, from, used);
  return to;
}

export function i32At(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
export function setI32(base: usize, i: i32, value: i32): void {
  store<i32>(base + ((<usize>i) << 2), value);
}
export function u32At(base: usize, i: i32): u32 {
  return load<u32>(base + ((<usize>i) << 2));
}
export function setU32(base: usize, i: i32, value: u32): void {
  store<u32>(base + ((<usize>i) << 2), value);
}
export function u8At(base: usize, i: i32): u8 {
  return load<u8>(base + <usize>i);
}
export function setU8(base: usize, i: i32, value: u8): void {
  store<u8>(base + <usize>i, value);
}
export function f64At(base: usize, i: i32): f64 {
  return load<f64>(base + ((<usize>i) << 3));
}
export function setF64(base: usize, i: i32, value: f64): void {
  store<f64>(base + ((<usize>i) << 3), value);
}
