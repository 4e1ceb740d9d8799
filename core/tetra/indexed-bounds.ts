/**
 * The box of the points indices[start … end) of `points` (xyz interleaved), written to `out` as
 * min x, y, z then max x, y, z (Infinity and −Infinity where there are none); `out`. Into a
 * caller's array, not a new one: the BVH build calls it once per node, in V8's interpreter on a
 * command's one call, where every array made is an allocation.
 */
export function indexedBounds(
  points: ArrayLike<number>,
  indices: ArrayLike<number>,
  start: number,
  end: number,
  out: Float64Array,
): Float64Array {
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let k = start; k < end; k++) {
    const at = 3 * indices[k];
    const x = points[at];
    const y = points[at + 1];
    const z = points[at + 2];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  out[0] = minX;
  out[1] = minY;
  out[2] = minZ;
  out[3] = maxX;
  out[4] = maxY;
  out[5] = maxZ;
  return out;
}
