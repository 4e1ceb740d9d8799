/**
 * Face adjacency of a compact tet mesh: for each tet face i (opposite vertex i) the neighbour
 * across it, encoded 4·u + j (face j of tet u), or −1 on the boundary. Faces are matched by
 * bucketing each face under its smallest vertex id (a counting sort, linear time).
 */
export function faceAdjacency(tets: ArrayLike<number>, vertexCount: number, alive?: Uint8Array): Int32Array {
  const tetCount = Math.floor(tets.length / 4);
  const nbr = new Int32Array(4 * tetCount).fill(-1);
  const bucketStart = new Int32Array(vertexCount + 1);
  const faceLo = (t: number, i: number): number => {
    let lo = Infinity;
    for (let k = 0; k < 4; k++) if (k !== i && tets[4 * t + k] < lo) lo = tets[4 * t + k];
    return lo;
  };
  for (let t = 0; t < tetCount; t++) {
    if (alive && !alive[t]) continue;
    for (let i = 0; i < 4; i++) bucketStart[faceLo(t, i) + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) bucketStart[v + 1] += bucketStart[v];
  const fill = bucketStart.slice(0, vertexCount);
  const faces = new Int32Array(bucketStart[vertexCount]);
  // The other two vertices of each face, sorted, for the comparison within a bucket.
  const midOf = new Int32Array(4 * tetCount);
  const hiOf = new Int32Array(4 * tetCount);
  for (let t = 0; t < tetCount; t++) {
    if (alive && !alive[t]) continue;
    for (let i = 0; i < 4; i++) {
      const lo = faceLo(t, i);
      let mid = Infinity;
      let hi = -Infinity;
      for (let k = 0; k < 4; k++) {
        if (k === i) continue;
        const v = tets[4 * t + k];
        if (v === lo) continue;
        if (v < mid) mid = v;
        if (v > hi) hi = v;
      }
      midOf[4 * t + i] = mid;
      hiOf[4 * t + i] = hi;
      faces[fill[lo]++] = 4 * t + i;
    }
  }
  for (let v = 0; v < vertexCount; v++) {
    for (let a = bucketStart[v]; a < bucketStart[v + 1]; a++) {
      const f = faces[a];
      if (nbr[f] >= 0) continue;
      for (let b = a + 1; b < bucketStart[v + 1]; b++) {
        const g = faces[b];
        if (nbr[g] < 0 && midOf[f] === midOf[g] && hiOf[f] === hiOf[g]) {
          nbr[f] = g;
          nbr[g] = f;
          break;
        }
      }
    }
  }
  return nbr;
}

/**
 * Boundary triangles (faces without a neighbour), ordered counter-clockwise seen from outside
 * for positively oriented tets.
 */
export function boundaryFaces(tets: ArrayLike<number>, nbr: Int32Array, alive?: Uint8Array): Uint32Array {
  const out: number[] = [];
  const tetCount = Math.floor(tets.length / 4);
  for (let t = 0; t < tetCount; t++) {
    if (alive && !alive[t]) continue;
    for (let i = 0; i < 4; i++) {
      if (nbr[4 * t + i] >= 0) continue;
      const [a, b, c] = OUTWARD_FACE[i];
      out.push(tets[4 * t + a], tets[4 * t + b], tets[4 * t + c]);
    }
  }
  return Uint32Array.from(out);
}

/** Face opposite vertex i, counter-clockwise seen from outside a positive tet. */
export const OUTWARD_FACE: readonly (readonly [number, number, number])[] = [
  [1, 2, 3],
  [0, 3, 2],
  [0, 1, 3],
  [0, 2, 1],
];
