// indexed-bounds.ts's box of indexed points, for the modules (the Hilbert sort's rounds and the
// BVH's split): the box lands in these globals, as a function returns one value.

export let minX: f64 = 0;
export let minY: f64 = 0;
export let minZ: f64 = 0;
export let maxX: f64 = 0;
export let maxY: f64 = 0;
export let maxZ: f64 = 0;

/**
 * The box of the points whose ids are the i32 values ids[start … end), each point xyz f64 at
 * `points`, into minX … maxZ (Infinity and −Infinity where there are none).
 */
export function indexedBounds(points: usize, ids: usize, start: i32, end: i32): void {
  let loX = Infinity;
  let loY = Infinity;
  let loZ = Infinity;
  let hiX = -Infinity;
  let hiY = -Infinity;
  let hiZ = -Infinity;
  for (let k = start; k < end; k++) {
    const at = points + ((<usize>(3 * load<i32>(ids + ((<usize>k) << 2)))) << 3);
    const x = load<f64>(at);
    const y = load<f64>(at, 8);
    const z = load<f64>(at, 16);
    if (x < loX) loX = x;
    if (x > hiX) hiX = x;
    if (y < loY) loY = y;
    if (y > hiY) hiY = y;
    if (z < loZ) loZ = z;
    if (z > hiZ) hiZ = z;
  }
  minX = loX;
  minY = loY;
  minZ = loZ;
  maxX = hiX;
  maxY = hiY;
  maxZ = hiZ;
}
