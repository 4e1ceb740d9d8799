/**
 * Body-centred cubic (BCC) lattice: the cube corners (i, j, k)·a plus the cube centres
 * (i + ½, j + ½, k + ½)·a. Its Delaunay tetrahedralization is unique (no five co-spherical
 * neighbours) and made of congruent tets with dihedral angles of 60° and 90° (mean ratio
 * 0.95), which makes it the interior fill of choice (Labelle & Shewchuk 2007).
 *
 * Each tet pairs an edge of the cube grid (two corners) with the two cube centres on either
 * side of one of the four faces around that edge; every grid face gives four tets of volume a³/12.
 */

/** Mean edge length of BCC tets ÷ the cube size a (2 edges of a, 4 of a√3/2). */
export const BCC_MEAN_EDGE = (2 + 4 * (Math.sqrt(3) / 2)) / 6;

/** Lattice covering [min, max] with cube size a: the origin and cell counts per axis. */
export interface LatticeBox {
  origin: [number, number, number];
  cells: [number, number, number];
  a: number;
}

export function latticeBox(
  min: ArrayLike<number>,
  max: ArrayLike<number>,
  a: number,
  margin: number,
): LatticeBox {
  const origin: [number, number, number] = [min[0] - margin, min[1] - margin, min[2] - margin];
  const cells: [number, number, number] = [0, 0, 0];
  for (let k = 0; k < 3; k++) cells[k] = Math.max(1, Math.ceil((max[k] + margin - origin[k]) / a));
  return { origin, cells, a };
}

/** What forEachBccPoint calls for each lattice point. */
export interface BccVisitor {
  visit(x: number, y: number, z: number, rowStart: boolean): void;
}

/**
 * Visits every lattice point, corners first then centres, each in rows along x (`rowStart` is
 * true for the first point of a row: consecutive points of a row are `a` apart). The visitor is an
 * object, not a callback: a callback made per call is a new call target in every run, and V8
 * drops this loop's optimized code for it; a class's method is one target always.
 */
export function forEachBccPoint(box: LatticeBox, visitor: BccVisitor): void {
  const [nx, ny, nz] = box.cells;
  const [ox, oy, oz] = box.origin;
  const a = box.a;
  for (let pass = 0; pass < 2; pass++) {
    const off = pass === 0 ? 0 : 0.5;
    const mx = pass === 0 ? nx : nx - 1;
    const my = pass === 0 ? ny : ny - 1;
    const mz = pass === 0 ? nz : nz - 1;
    for (let k = 0; k <= mz; k++) {
      for (let j = 0; j <= my; j++) {
        for (let i = 0; i <= mx; i++)
          visitor.visit(ox + (i + off) * a, oy + (j + off) * a, oz + (k + off) * a, i === 0);
      }
    }
  }
}
