import { Color } from 'three';
import { describe, expect, test } from 'vitest';
import type { BodyLayout } from '../../../renderer/src/sim/protocol.ts';
import { RAMP_GOOD_DEG } from '../../../renderer/src/tetra/quality-ramp.ts';
import { BodyColouring, forceScaleText, type Legend } from '../../../renderer/src/viewport/body-colouring.ts';
import type { BodyMeshes } from '../../../renderer/src/viewport/body-meshes.ts';
import {
  colourByGroup,
  groupColour,
  UNGROUPED_COLOUR,
} from '../../../renderer/src/viewport/group-colours.ts';
import { vertexMinDihedralDeg } from '../../../renderer/src/viewport/vertex-quality.ts';

/** The regular-ish corner tet: every dihedral angle of (0,0,0), (1,0,0), (0,1,0), (0,0,1) is ≥ 54.7°… */
const cornerTet = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1);
/** …and a flattened one: d almost in the plane of a, b, c. */
const sliver = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0.5, 0.5, 0.01);

const linear = (hex: number) => {
  const c = new Color().setHex(hex);
  return [c.r, c.g, c.b];
};

describe('colour by group', () => {
  test('each vertex takes its last group, vertices in none are grey, bad indices are ignored', () => {
    const out = new Float32Array(3 * 4);
    const { swatches, anyUngrouped } = colourByGroup(
      [
        { name: 'left', vertices: [0, 1] },
        { name: 'right', vertices: [1, 2, 99, -1] },
      ],
      4,
      out,
    );
    expect(swatches.map((s) => s.name)).toEqual(['left', 'right']);
    expect(anyUngrouped).toBe(true);
    expect(Array.from(out.subarray(0, 3))).toEqual(linear(groupColour(0)).map(Math.fround));
    expect(Array.from(out.subarray(3, 6))).toEqual(linear(groupColour(1)).map(Math.fround)); // last wins
    expect(Array.from(out.subarray(9, 12))).toEqual(linear(UNGROUPED_COLOUR).map(Math.fround));
  });
});

describe('tet quality at the vertices', () => {
  test('a vertex shows the worst tet that shares it, in either orientation', () => {
    const good = vertexMinDihedralDeg(cornerTet, Uint32Array.of(0, 1, 2, 3), 4);
    const flipped = vertexMinDihedralDeg(cornerTet, Uint32Array.of(0, 2, 1, 3), 4);
    expect(good[0]).toBeCloseTo((Math.acos(1 / Math.sqrt(3)) * 180) / Math.PI, 3); // 54.74°
    expect(Array.from(flipped)).toEqual(Array.from(good));
    const bad = vertexMinDihedralDeg(sliver, Uint32Array.of(0, 1, 2, 3), 5);
    expect(bad[0]).toBeLessThan(5);
    expect(bad[4]).toBeNaN(); // in no tet
  });
});

/** Records what the colouring hands to the meshes. */
function recorder() {
  const colours: (Float32Array | null)[] = [];
  const meshes = {
    setVertexColours(index: number, c: Float32Array | null) {
      colours[index] = c ? c.slice() : null;
    },
  } as unknown as BodyMeshes;
  const legends: Legend[] = [];
  return { colours, legends, colouring: new BodyColouring(meshes, (legend) => legends.push(legend)) };
}

const solid: BodyLayout = {
  name: 'block',
  kind: 'solid',
  particleOffset: 0,
  particleCount: 4,
  surfaceTriangles: Uint32Array.of(0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3),
  edges: Uint32Array.of(0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3),
  tets: Uint32Array.of(0, 1, 2, 3),
};
const cloth: BodyLayout = {
  name: 'sheet',
  kind: 'cloth',
  particleOffset: 4,
  particleCount: 3,
  surfaceTriangles: Uint32Array.of(0, 1, 2),
  edges: Uint32Array.of(0, 1, 1, 2, 2, 0),
};
const world = new Float32Array(3 * 7);
world.set(cornerTet, 0);
world.set([0, 2, 0, 1, 2, 0, 0, 2, 1], 12);

describe('body colouring modes', () => {
  test('material mode gives every body its own colour and no legend', () => {
    const { colours, legends, colouring } = recorder();
    colouring.setBodies([solid, cloth], world);
    expect(colouring.current).toBe('material');
    expect(colours).toEqual([null, null]);
    expect(legends.at(-1)).toEqual({ kind: 'none' });
  });

  test('strain mode follows the motion, with a legend in percent that names its scale', () => {
    const { colours, legends, colouring } = recorder();
    colouring.setBodies([solid, cloth], world);
    colouring.setMode('strain');
    const atRest = colours[0]!;
    const legend = legends.at(-1)!;
    expect(legend.kind).toBe('ramp');
    expect(legend.kind === 'ramp' && legend.high).toBe('0.1%');
    // Stretch the cloth 4% along x: its colours change, the block's stay, the scale grows to 5%.
    const moved = world.slice();
    moved[15] = 1.04;
    colouring.update(moved);
    const last = legends.at(-1)!;
    expect(last.kind === 'ramp' && last.high).toBe('5%');
    expect(Array.from(colours[0]!)).toEqual(Array.from(atRest));
    const clothRest = recorder();
    clothRest.colouring.setBodies([solid, cloth], world);
    clothRest.colouring.setMode('strain');
    expect(Array.from(colours[1]!)).not.toEqual(Array.from(clothRest.colours[1]!));
  });

  test('constraint force mode colours each body on its own unit scale, with a legend in N and kPa', () => {
    const { colours, legends, colouring } = recorder();
    colouring.setBodies([solid, cloth], world);
    colouring.setForces({ values: Float32Array.of(0, 1, 2, 3, 100, 20e3, 40e3), units: ['N', 'Pa'] });
    colouring.setMode('force');
    const legend = legends.at(-1)!;
    expect(legend.kind === 'ramp' && legend.high).toBe('5 N · 50 kPa');
    expect(colours[0]).not.toBeNull();
    expect(colours[1]).not.toBeNull();
    // The block's vertex 0 carries nothing: the cold end of the ramp.
    expect(Array.from(colours[0]!.subarray(0, 3))).not.toEqual(Array.from(colours[0]!.subarray(9, 12)));
    // A body whose world measures nothing is left out, with the reason.
    colouring.setForces({ values: new Float32Array(7), units: ['N', null] });
    colouring.update(world);
    expect(colours[1]).toBeNull();
    expect(colouring.uncoloured('force')).toEqual([
      { body: 'sheet', reason: 'it has no links, springs, membranes or tets to measure' },
    ]);
    expect(forceScaleText({ N: null, Pa: 2e6 })).toBe('2 MPa');
    expect(forceScaleText({ N: null, Pa: null })).toBe('—');
  });

  test('quality mode colours solids from their tets and says why the cloth is left out', () => {
    const { colours, legends, colouring } = recorder();
    colouring.setBodies([solid, cloth], world);
    colouring.setMode('quality');
    expect(colours[0]).not.toBeNull();
    expect(colours[1]).toBeNull();
    const legend = legends.at(-1)!;
    expect(legend.kind === 'ramp' && legend.high).toBe(`≥ ${RAMP_GOOD_DEG}°`);
    expect(legend.kind === 'ramp' && legend.uncoloured).toEqual([
      { body: 'sheet', reason: 'a cloth has no tets to measure' },
    ]);
    expect(colouring.uncoloured('quality')).toHaveLength(1);
    expect(colouring.uncoloured('strain')).toEqual([]);
  });

  test('group mode lists the groups of every body, distinct colours across bodies', () => {
    const { legends, colouring } = recorder();
    colouring.setBodies([solid, cloth], world);
    colouring.setGroups([[{ name: 'tip', vertices: [0] }], [{ name: 'hem', vertices: [0, 1, 2] }]]);
    colouring.setMode('group');
    const legend = legends.at(-1)!;
    expect(legend.kind).toBe('swatches');
    if (legend.kind !== 'swatches') return;
    expect(legend.swatches.map((s) => s.name)).toEqual(['block: tip', 'sheet: hem', 'ungrouped']);
    expect(new Set(legend.swatches.map((s) => s.css)).size).toBe(3);
  });
});
