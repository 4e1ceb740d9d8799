/**
 * Boundary of a tet mesh: the faces that belong to exactly one tet, wound counter-clockwise
 * seen from outside. For a positive tet (v0, v1, v2, v3) the outward faces are
 * (0, 2, 1), (0, 1, 3), (0, 3, 2) and (1, 2, 3).
 */
const FACES = [
  [0, 2, 1],
  [0, 1, 3],
  [0, 3, 2],
  [1, 2, 3],
] as const;

export function tetBoundaryTriangles(tets: Uint32Array): Uint32Array {
  const tetCount = tets.length / 4;
  const faceCount = 4 * tetCount;
  // Sorted vertex triple per face; faces are matched by sorting their keys (no hashing limits).
  const keys = new Uint32Array(3 * faceCount);
  for (let f = 0; f < faceCount; f++) {
    const t = f >> 2;
    const face = FACES[f & 3];
    const a = tets[4 * t + face[0]];
    const b = tets[4 * t + face[1]];
    const c = tets[4 * t + face[2]];
    const lo = Math.min(a, b, c);
    const hi = Math.max(a, b, c);
    keys[3 * f] = lo;
    keys[3 * f + 1] = a + b + c - lo - hi;
    keys[3 * f + 2] = hi;
  }
  const order = Array.from({ length: faceCount }, (_, f) => f);
  const compare = (f: number, g: number) =>
    keys[3 * f] - keys[3 * g] || keys[3 * f + 1] - keys[3 * g + 1] || keys[3 * f + 2] - keys[3 * g + 2];
  order.sort(compare);
  const out: number[] = [];
  for (let s = 0; s < faceCount; ) {
    let e = s + 1;
    while (e < faceCount && compare(order[s], order[e]) === 0) e++;
    if (e - s === 1) {
      const f = order[s];
      const t = f >> 2;
      const face = FACES[f & 3];
      out.push(tets[4 * t + face[0]], tets[4 * t + face[1]], tets[4 * t + face[2]]);
    }
    s = e;
  }
  return Uint32Array.from(out);
}
