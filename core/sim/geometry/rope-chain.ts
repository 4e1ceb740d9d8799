/** A rope: `segments + 1` particles evenly spaced from `start` to `end` (m), linked in a chain. */
export function ropeChain(
  start: readonly [number, number, number],
  end: readonly [number, number, number],
  segments: number,
): { positions: Float64Array; links: Uint32Array } {
  const positions = new Float64Array(3 * (segments + 1));
  for (let i = 0; i <= segments; i++) {
    for (let a = 0; a < 3; a++) positions[3 * i + a] = start[a] + ((end[a] - start[a]) * i) / segments;
  }
  const links = new Uint32Array(2 * segments);
  for (let i = 0; i < segments; i++) links.set([i, i + 1], 2 * i);
  return { positions, links };
}
