import { describe, expect, test } from 'vitest';
import { BODY_PALETTE } from '../../../renderer/src/viewport/body-palette.ts';
import {
  COLLIDER_COLOUR,
  cssColour,
  PIN_COLOUR,
  SELECTION_COLOUR,
} from '../../../renderer/src/viewport/marker-colours.ts';

/** Distance of two sRGB hex colours, 0…441 (plain RGB: enough to tell hues apart on screen). */
function distance(a: number, b: number): number {
  const channels = (c: number) => [(c >> 16) & 255, (c >> 8) & 255, c & 255];
  const [ca, cb] = [channels(a), channels(b)];
  return Math.hypot(ca[0] - cb[0], ca[1] - cb[1], ca[2] - cb[2]);
}

/** Apart enough that a 7 px dot reads as the other thing (the old pin orange was 46 from the selection yellow). */
const APART = 120;

describe('marker colours', () => {
  test('pins have their own colour: not the selection yellow, not a collider, not a body', () => {
    expect(distance(PIN_COLOUR, SELECTION_COLOUR)).toBeGreaterThan(APART);
    expect(distance(PIN_COLOUR, COLLIDER_COLOUR)).toBeGreaterThan(APART);
    for (const body of BODY_PALETTE) {
      expect(distance(PIN_COLOUR, body)).toBeGreaterThan(APART / 2);
      expect(distance(SELECTION_COLOUR, body)).toBeGreaterThan(APART / 2);
    }
  });

  test('the key beside the pin list is the same colour as the pins in the viewport', () => {
    expect(cssColour(PIN_COLOUR)).toBe('#ff4fe4');
    expect(cssColour(0x0000ff)).toBe('#0000ff');
  });
});
