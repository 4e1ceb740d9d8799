import { describe, expect, it } from 'vitest';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { TriangleBvh } from '../../../core/tetra/triangle-bvh.ts';
import { buildBvhInWasm } from '../../../core/tetra/wasm-bvh-build.ts';
import { type CorpusName, loadCorpusMesh } from './corpus.ts';

/** Every array the BVH queries read, as plain arrays. */
function arrays(bvh: TriangleBvh) {
  return {
    nodeCount: bvh.nodeCount,
    order: Array.from(bvh.order),
    box: Array.from(bvh.box),
    left: Array.from(bvh.left),
    right: Array.from(bvh.right),
    start: Array.from(bvh.start),
    count: Array.from(bvh.count),
    normalSum: Array.from(bvh.normalSum),
    center: Array.from(bvh.center),
    radius: Array.from(bvh.radius),
    area: Array.from(bvh.area),
  };
}

describe('the BVH built in WebAssembly', () => {
  it('is built there here (Node has WebAssembly)', () => {
    const positions = Float64Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(buildBvhInWasm(positions, Uint32Array.from([0, 1, 2]), 4)).not.toBeNull();
  });

  it.each<CorpusName>(['Fox', 'spot', 'suzanne', 'BoxTextured', 'stanford-bunny'])(
    'has the JS build arrays to the bit: %s',
    async (name) => {
      const surface = prepareSurface(await loadCorpusMesh(name));
      expect(arrays(new TriangleBvh(surface))).toEqual(arrays(new TriangleBvh(surface, false)));
    },
  );
});
