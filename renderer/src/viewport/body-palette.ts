/**
 * Each body's colour in the viewport: a small palette of hues that stay apart on the dark stage
 * and under shading, none of them the yellow of selected vertices or the magenta of pins
 * (marker-colours.ts). A body takes the entry its name hashes to, so bodies imported from
 * different files look different even when each is the third body of its scene, and a body keeps
 * its colour when others are added after it; a body whose entry an earlier body (scene order)
 * already has takes the next free one, so a scene of up to six bodies has no two alike.
 */

/**
 * The palette, sRGB hex. Its order matters only through the hash: the default scene's block and
 * cloth land on the orange and the teal (the e2e tests find the block by its orange).
 */
export const BODY_PALETTE = [0xe8833a, 0x3fb0c0, 0xa77be0, 0x9ccc4a, 0xe05f7a, 0x5b78e0] as const;

/** FNV-1a over the name's UTF-16 code units: stable across runs and platforms. */
function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The colour of each body named in `names` (scene order), sRGB hex. */
export function bodyColours(names: readonly string[]): number[] {
  const taken = new Set<number>();
  return names.map((name) => {
    const preferred = nameHash(name) % BODY_PALETTE.length;
    let slot = preferred;
    for (let step = 0; step < BODY_PALETTE.length; step++) {
      const candidate = (preferred + step) % BODY_PALETTE.length;
      if (!taken.has(candidate)) {
        slot = candidate;
        break;
      }
    }
    // With more bodies than entries, a body shares its own entry rather than a neighbour's.
    taken.add(slot);
    return BODY_PALETTE[slot];
  });
}
