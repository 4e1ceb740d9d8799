/**
 * Colour by group: each vertex takes the colour of the last group of the body that lists it
 * (the scene's rule for elements: the last matching group wins), vertices in no group are grey.
 */
import { Color } from 'three';

/** What the colouring needs of a body's groups (core/scene/scene.ts GroupSpec). */
export interface GroupVertices {
  name: string;
  /** Body-local vertex indices. */
  vertices: readonly number[];
}

/** Group colours in sRGB hex, taken in order: group g gets GROUP_PALETTE[g mod length]. */
export const GROUP_PALETTE = [
  0x4e9be6, 0xe8833a, 0x9ccc4a, 0xe05f7a, 0xa77be0, 0xe6c14a, 0x3fb0a0, 0xc07a50,
] as const;
/** Vertices in no group. */
export const UNGROUPED_COLOUR = 0x8a8f98;

export interface GroupSwatch {
  name: string;
  /** sRGB hex. */
  colour: number;
}

const scratch = new Color();

/**
 * Fills `out` (3 floats per vertex, linear RGB as three.js reads vertex colours) for a body of
 * `vertexCount` vertices and returns the legend's swatches (one per group) and whether some
 * vertex is in none. Indices outside the body are ignored.
 */
export function colourByGroup(
  groups: readonly GroupVertices[],
  vertexCount: number,
  out: Float32Array,
  /** Palette entry of the first group: bodies coloured together pass on where the last stopped. */
  paletteStart = 0,
): { swatches: GroupSwatch[]; anyUngrouped: boolean } {
  const owner = new Int32Array(vertexCount).fill(-1);
  groups.forEach((group, g) => {
    for (const v of group.vertices) if (Number.isInteger(v) && v >= 0 && v < vertexCount) owner[v] = g;
  });
  const linear = (hex: number) => {
    scratch.setHex(hex);
    return [scratch.r, scratch.g, scratch.b];
  };
  const groupLinear = groups.map((_, g) => linear(groupColour(paletteStart + g)));
  const grey = linear(UNGROUPED_COLOUR);
  let anyUngrouped = false;
  for (let v = 0; v < vertexCount; v++) {
    const g = owner[v];
    if (g < 0) anyUngrouped = true;
    const c = g < 0 ? grey : groupLinear[g];
    out[3 * v] = c[0];
    out[3 * v + 1] = c[1];
    out[3 * v + 2] = c[2];
  }
  const swatches = groups.map((group, g) => ({ name: group.name, colour: groupColour(paletteStart + g) }));
  return { swatches, anyUngrouped };
}

export function groupColour(index: number): number {
  return GROUP_PALETTE[index % GROUP_PALETTE.length];
}
