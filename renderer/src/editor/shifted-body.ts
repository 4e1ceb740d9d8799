/**
 * A body moved along x as a whole: its rest shape and the boxes of its box pins move together, so
 * a copy holds the same particles pinned relative to itself. Listed pins, groups and selections
 * are body-local particle indices and need no change. Pure: returns a new body.
 */
import type { BodySpec, PinSpec, Vec3 } from '../../../core/scene/scene.ts';

const plusX = (v: Vec3, dxM: number): Vec3 => [v[0] + dxM, v[1], v[2]];

/** `body` moved by `dxM` (m) along x. */
export function shiftedBody(body: BodySpec, dxM: number): BodySpec {
  const shape = body.shape;
  const moved: BodySpec['shape'] =
    shape.type === 'rope'
      ? { ...shape, start: plusX(shape.start, dxM), end: plusX(shape.end, dxM) }
      : shape.type === 'mesh' || shape.type === 'ragdoll'
        ? { ...shape, position: plusX(shape.position ?? [0, 0, 0], dxM) }
        : { ...shape, center: plusX(shape.center, dxM) };
  const pins = body.pins?.map(
    (pin): PinSpec =>
      'box' in pin ? { ...pin, box: { min: plusX(pin.box.min, dxM), max: plusX(pin.box.max, dxM) } } : pin,
  );
  return { ...structuredClone(body), shape: moved, ...(pins ? { pins } : {}) };
}
