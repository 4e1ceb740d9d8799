import { describe, expect, test } from 'vitest';
import { implausibleSizeWarning } from '../../../core/mesh/options.ts';
import {
  DEFAULT_FRAME,
  frameFixedByFormat,
  frameKey,
  MAX_REMEMBERED_FRAMES,
  rememberedFrame,
  rememberFrame,
  resolvedChoice,
  sizeInUnits,
} from '../../../renderer/src/mesh/import-frame.ts';
import { memoryStorage } from '../memory-storage.ts';

describe('mesh import units and up axis', () => {
  test('a unit comes to its metres from core’s table; fit scales the largest side to the size asked', () => {
    expect(resolvedChoice({ units: 'cm', upAxis: 'z' }, 180, 1)).toEqual({
      units: 'cm',
      upAxis: 'z',
      scale: 0.01,
    });
    expect(resolvedChoice({ units: 'in', upAxis: 'y' }, 1, 1).scale).toBe(0.0254);
    // Read at 1 cm per unit its largest side is 1.8 m, i.e. 180 units; fitting it to 0.9 m: 0.005 m per unit.
    expect(resolvedChoice({ units: 'fit', fitSizeM: 0.9, upAxis: 'y' }, 1.8, 0.01)).toEqual({
      units: 'fit',
      fitSizeM: 0.9,
      upAxis: 'y',
      scale: 0.005,
    });
  });

  test('sizes show in the chosen unit; glTF and GLB fix metres and Y up', () => {
    const cm = sizeInUnits([1.8, 0.4, 0.9], 'cm');
    expect(cm.symbol).toBe('cm');
    expect(cm.values.map((v) => Math.round(v))).toEqual([180, 40, 90]);
    expect(sizeInUnits([1, 2, 3], 'fit')).toEqual({ values: [1, 2, 3], symbol: 'm' });
    expect(frameFixedByFormat('a.GLB')).toBe(true);
    expect(frameFixedByFormat('a.gltf')).toBe(true);
    expect(frameFixedByFormat('a.obj')).toBe(false);
  });

  test('warns on bodies over 50 m or under 1 cm', () => {
    expect(implausibleSizeWarning([180, 40, 90])).toBe(
      'larger than 50 m: is the file in centimetres or millimetres?',
    );
    expect(implausibleSizeWarning([0.005, 0.002, 0.001])).toBe(
      'smaller than 1 cm: is the file in metres while authored in larger units?',
    );
    expect(implausibleSizeWarning([1.8, 0.4, 0.9])).toBeNull();
  });

  test('the last choice per file (name and byte size) is remembered, newest first, within a limit', () => {
    const storage = memoryStorage();
    const key = frameKey('chair.obj', 1234);
    expect(rememberedFrame(storage, key)).toBeNull();
    rememberFrame(storage, key, { units: 'cm', upAxis: 'z', scale: 0.01 });
    expect(rememberedFrame(storage, key)).toEqual({ units: 'cm', upAxis: 'z', scale: 0.01 });
    // Another size is another file.
    expect(rememberedFrame(storage, frameKey('chair.obj', 1235))).toBeNull();
    for (let i = 0; i < MAX_REMEMBERED_FRAMES; i++)
      rememberFrame(storage, frameKey(`m${i}.obj`, i), DEFAULT_FRAME);
    expect(rememberedFrame(storage, key)).toBeNull();
    expect(rememberedFrame(storage, frameKey('m99.obj', 99))).toEqual(DEFAULT_FRAME);
  });

  test('unreadable or hand-edited storage gives no choice rather than a bad one', () => {
    const storage = memoryStorage();
    storage.setItem('softbody-studio.mesh-import-frames', '{not json');
    expect(rememberedFrame(storage, 'a|1')).toBeNull();
    storage.setItem(
      'softbody-studio.mesh-import-frames',
      JSON.stringify([['a|1', { units: 'km', upAxis: 'y', scale: 1000 }]]),
    );
    expect(rememberedFrame(storage, 'a|1')).toBeNull();
  });
});
