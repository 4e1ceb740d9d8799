/**
 * The colours of what the viewport draws over the bodies, in one place so that each reads as one
 * thing: yellow is the selection (selected vertices, the selection rectangle and brush), magenta
 * is a pin (box pins and vertex pin dots), light blue a collider. None is a body colour
 * (body-palette.ts), so a pin on a selected vertex or a body of any colour still reads as a pin.
 */

/** Selected vertices; the CSS of the selection rectangle uses the same yellow (selection.css). */
export const SELECTION_COLOUR = 0xffe14d;
/** Box pins and vertex pin dots. */
export const PIN_COLOUR = 0xff4fe4;
/** Collider shapes (drawn translucent). */
export const COLLIDER_COLOUR = 0x6fb7ff;

/** `#rrggbb` of a colour, for the keys and dots drawn in the DOM beside the panels' lists. */
export function cssColour(colour: number): string {
  return `#${colour.toString(16).padStart(6, '0')}`;
}
