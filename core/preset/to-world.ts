import { buildWorldFromSetup } from '../sim/build-world.ts';
import type { World } from '../sim/world.ts';
import type { XpbdWorld } from '../sim/xpbd-world.ts';
import type { Preset } from './preset.ts';

/**
 * Our engine running a preset itself: the world of the setup the preset stores (masses, pins and
 * every compliance as a runtime loads them), not of the scene it was made from. So "our
 * simulation of the same preset" is the preset, and it is the preview's world exactly.
 */
export function buildWorldFromPreset(preset: Preset): XpbdWorld & World {
  return buildWorldFromSetup(preset.setup);
}
