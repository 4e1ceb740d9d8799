import type { BodyView } from './world.ts';

/**
 * The surface to draw of a body some of whose elements have torn (tearing.ts), local indices, 3 per
 * triangle, or null when nothing it draws changed. Particles are never duplicated, so a tear shows
 * as the elements that are gone:
 *
 *   cloth   a surface triangle goes when its membrane element tore, or an edge spring along one of
 *           its sides did (edges-mode cloth): the sheet opens along the torn triangles;
 *   solids  a tet goes when it tore (neo-Hookean) or an edge spring along one of its edges did
 *           (edges-volume); the surface is then the boundary of the tets left, every face that
 *           belongs to exactly one of them, turned to face away from that tet's fourth vertex at
 *           rest (`restM`, the body's rest positions, local, m). A tet detached from its neighbours
 *           by their tearing is drawn as the closed tet it is.
 *
 * `torn` lists the particle sets (local indices) of the body's torn elements.
 */
export function tornSurface(
  body: BodyView,
  torn: readonly (readonly number[])[],
  restM: Float64Array,
): Uint32Array | null {
  if (torn.length === 0) return null;
  const tornKeys = new Set(torn.map(key));
  const gone = (corners: readonly number[]) => {
    if (tornKeys.has(key(corners))) return true;
    for (let i = 0; i < corners.length; i++) {
      for (let j = i + 1; j < corners.length; j++)
        if (tornKeys.has(key([corners[i], corners[j]]))) return true;
    }
    return false;
  };
  if (body.kind === 'cloth') {
    const kept: number[] = [];
    const triangles = body.surfaceTriangles;
    for (let t = 0; t < triangles.length; t += 3) {
      const corners = [triangles[t], triangles[t + 1], triangles[t + 2]];
      if (!gone(corners)) kept.push(...corners);
    }
    return kept.length === triangles.length ? null : Uint32Array.from(kept);
  }
  const tets = body.tets;
  if (body.kind !== 'solid' || !tets || tets.length === 0) return null;
  const alive: number[] = [];
  for (let t = 0; t < tets.length; t += 4) {
    if (!gone([tets[t], tets[t + 1], tets[t + 2], tets[t + 3]])) alive.push(t);
  }
  if (alive.length === tets.length / 4) return null;
  return boundaryFaces(tets, alive, restM);
}

/** Faces of the tets at `alive` (offsets into `tets`) that belong to one of them only, outward. */
function boundaryFaces(tets: Uint32Array, alive: readonly number[], restM: Float64Array): Uint32Array {
  const faces = new Map<string, { corners: number[]; opposite: number; count: number }>();
  for (const t of alive) {
    for (let skip = 0; skip < 4; skip++) {
      const corners = [0, 1, 2, 3].filter((j) => j !== skip).map((j) => tets[t + j]);
      const k = key(corners);
      const face = faces.get(k);
      if (face) face.count++;
      else faces.set(k, { corners, opposite: tets[t + skip], count: 1 });
    }
  }
  const out: number[] = [];
  for (const { corners, opposite, count } of faces.values()) {
    if (count !== 1) continue;
    const [a, b, c] = corners;
    // Normal (b − a) × (c − a) against the direction to the opposite vertex: flip to face away.
    const e1 = [0, 1, 2].map((k) => restM[3 * b + k] - restM[3 * a + k]);
    const e2 = [0, 1, 2].map((k) => restM[3 * c + k] - restM[3 * a + k]);
    const toOpposite = [0, 1, 2].map((k) => restM[3 * opposite + k] - restM[3 * a + k]);
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    const towards = n[0] * toOpposite[0] + n[1] * toOpposite[1] + n[2] * toOpposite[2];
    out.push(...(towards > 0 ? [a, c, b] : [a, b, c]));
  }
  return Uint32Array.from(out);
}

function key(particles: readonly number[]): string {
  return [...particles].sort((a, b) => a - b).join(',');
}
