/**
 * Per-vertex strain for the viewport's heat map: for each vertex, the mean |l/l0 − 1| of the
 * body's edges that meet there (BodyLayout.edges: tet edges, cloth edges, rope links), from
 * the live positions against the rest positions. Dimensionless (0.01 = 1%). Runs on the main
 * thread once per drawn frame, so everything it can precompute it does at construction.
 */

export class VertexStrain {
  /** Rest length of each edge, m; 0 marks a degenerate edge that is left out. */
  private readonly restLengthM: Float64Array;
  /** How many measurable edges meet at each vertex. */
  private readonly degree: Uint32Array;
  private readonly sums: Float64Array;

  /**
   * @param edges body-local vertex pairs, 2 per edge
   * @param restPositions the body's rest positions, m, xyz (body-local vertex i at 3i)
   * @param vertexCount vertices of the body
   */
  constructor(
    private readonly edges: Uint32Array,
    restPositions: ArrayLike<number>,
    readonly vertexCount: number,
  ) {
    const edgeCount = edges.length >> 1;
    this.restLengthM = new Float64Array(edgeCount);
    this.degree = new Uint32Array(vertexCount);
    this.sums = new Float64Array(vertexCount);
    for (let e = 0; e < edgeCount; e++) {
      const a = edges[2 * e];
      const b = edges[2 * e + 1];
      if (a >= vertexCount || b >= vertexCount) continue;
      const length = distance(restPositions, 0, a, b);
      // A zero-length rest edge has no strain to speak of (and l/l0 would divide by zero).
      if (!(length > 0)) continue;
      this.restLengthM[e] = length;
      this.degree[a]++;
      this.degree[b]++;
    }
  }

  /**
   * Writes each vertex's strain into `out` (length vertexCount) from `positions` (m, xyz), where
   * body vertex i sits at float index 3·(offset + i); returns the largest. Vertices with no
   * measurable edge get 0.
   */
  measure(positions: ArrayLike<number>, offset: number, out: Float32Array): number {
    const sums = this.sums;
    sums.fill(0);
    const edges = this.edges;
    const rest = this.restLengthM;
    for (let e = 0; e < rest.length; e++) {
      const l0 = rest[e];
      if (l0 === 0) continue;
      const a = edges[2 * e];
      const b = edges[2 * e + 1];
      const strain = Math.abs(distance(positions, offset, a, b) / l0 - 1);
      sums[a] += strain;
      sums[b] += strain;
    }
    let max = 0;
    for (let v = 0; v < this.vertexCount; v++) {
      const n = this.degree[v];
      const value = n > 0 ? sums[v] / n : 0;
      // NaN positions must not spread into the colours: show them as unstrained.
      const shown = Number.isFinite(value) ? value : 0;
      out[v] = shown;
      if (shown > max) max = shown;
    }
    return max;
  }
}

function distance(p: ArrayLike<number>, offset: number, a: number, b: number): number {
  const i = 3 * (offset + a);
  const j = 3 * (offset + b);
  return Math.hypot(p[i] - p[j], p[i + 1] - p[j + 1], p[i + 2] - p[j + 2]);
}
