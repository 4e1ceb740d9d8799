import { signedTetVolumeM3 } from '../math/mesh-measures.ts';
/**
 * A tet whose signed volume is at most this × the cube of its longest edge counts as flat: its
 * volume is rounding noise (a regular tet has 0.118), and the solver would give it a rest volume
 * near zero, so a compliance near zero and a stiffness without bound.
 */
export const FLAT_TET_VOLUME_RATIO = 1e-9;

/** The first bad tet of a mesh and how many there are. */
export interface BadTets {
  /** Index of the first bad tet (its vertex ids are tets[4·index … 4·index + 3]). */
  index: number;
  /** Its signed volume det[b−a, c−a, d−a] / 6, m³ (NaN when a corner is not a vertex). */
  signedVolumeM3: number;
  /** Bad tets in the mesh, the first included. */
  count: number;
}

/**
 * The inverted (signed volume < 0), flat (see FLAT_TET_VOLUME_RATIO) or broken (a corner past
 * the vertices) tets of a mesh, or null when every tet is positively oriented as TetMesh
 * documents. The one check for tet meshes that come from outside the tetrahedralizer: project
 * files and the editor's add-mesh-body path.
 */
export function findBadTets(positions: ArrayLike<number>, tets: ArrayLike<number>): BadTets | null {
  let first = -1;
  let firstVolume = 0;
  let count = 0;
  const tetCount = Math.floor(tets.length / 4);
  for (let k = 0; k < tetCount; k++) {
    // A corner index past the positions reads undefined: the volume comes out NaN.
    const volume = signedTetVolumeM3(
      positions,
      tets[4 * k],
      tets[4 * k + 1],
      tets[4 * k + 2],
      tets[4 * k + 3],
    );
    if (volume > FLAT_TET_VOLUME_RATIO * longestEdge(positions, tets, k) ** 3) continue;
    if (first < 0) {
      first = k;
      firstVolume = volume;
    }
    count++;
  }
  return first < 0 ? null : { index: first, signedVolumeM3: firstVolume, count };
}

/** The sentence for bad tets: which, its signed volume, what that means, how many. */
export function badTetsMessage(bad: BadTets): string {
  const volume = bad.signedVolumeM3;
  const shown = volume === 0 ? '0' : volume.toPrecision(3);
  const what = Number.isNaN(volume)
    ? 'has a corner that is not a vertex'
    : volume < 0
      ? `has signed volume ${shown} m³: it is inverted (its corners are in the wrong order)`
      : `has signed volume ${shown} m³: it is flat`;
  const more = bad.count > 1 ? ` (${bad.count.toLocaleString('en-US')} tets are inverted or flat)` : '';
  return `tet ${bad.index} ${what}${more}; every tet must have positive volume (tetrahedralize the mesh again)`;
}

function longestEdge(p: ArrayLike<number>, t: ArrayLike<number>, k: number): number {
  let best = 0;
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      const a = 3 * t[4 * k + i];
      const b = 3 * t[4 * k + j];
      const dx = p[a] - p[b];
      const dy = p[a + 1] - p[b + 1];
      const dz = p[a + 2] - p[b + 2];
      best = Math.max(best, dx * dx + dy * dy + dz * dz);
    }
  }
  return Math.sqrt(best);
}
