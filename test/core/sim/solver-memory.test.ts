import { describe, expect, it } from 'vitest';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { buildWorld, buildWorldFromSetup, constraintInputOrder } from '../../../core/sim/build-world.ts';
import { complianceTable, rowStride, tableRow } from '../../../core/sim/constraints/compliance-table.ts';
import {
  MEMBRANE_ROW,
  MEMBRANE_TORN_ROW,
  membraneRestAreaM2,
  restShapeOffset,
  writeTriangleInverseRestShape,
} from '../../../core/sim/constraints/membrane.ts';
import {
  CONSTRAINT,
  createPlateBendBlock,
  plateBendJacobian,
  restAngleStep,
} from '../../../core/sim/constraints/plate-bend.ts';
import { clothGrid } from '../../../core/sim/geometry/cloth-grid.ts';
import { createParticleState } from '../../../core/sim/state.ts';
import { hangingStrip, sceneWith } from './fixtures.ts';
import { plateBendInput } from './physical-inputs.ts';

describe('shared compliance rows', () => {
  it('keeps each distinct row once (−0 apart from 0), maps every constraint to its own values, and appends the extra rows', () => {
    // Input rows (stride 2) of 5 input constraints; the block takes them in the order 4, 0, 2, 1, 3.
    const input = Float64Array.from([1, 2, 3, 4, 1, 2, 0, 5, -0, 5]);
    const inputOf = Uint32Array.from([4, 0, 2, 1, 3]);
    const table = complianceTable(input, 2, inputOf, [9, 9]);
    // Rows: (−0, 5), (1, 2), (3, 4), (0, 5), then the extra (9, 9).
    expect(table.values.length).toBe(2 * 5);
    expect(Array.from(table.values.subarray(8))).toEqual([9, 9]);
    inputOf.forEach((from, t) => {
      const row = Array.from(
        table.values.subarray(2 * tableRow(table.index, t), 2 * tableRow(table.index, t) + 2),
      );
      expect(
        row.every((v, k) => Object.is(v, input[2 * from + k])),
        `constraint ${t}`,
      ).toBe(true);
    });
    expect(table.index[1]).toBe(table.index[2]); // input 0 and input 2 are the same row
  });

  it('indexes rows in the narrowest type that holds them all: u8 up to 256 rows, u16 up to 65536, u32 beyond', () => {
    for (const [rows, type] of [
      [256, Uint8Array],
      [257, Uint16Array],
      [65536, Uint16Array],
      [65537, Uint32Array],
    ] as const) {
      // Constraint t (block order) is input constraint rows − 1 − t, each its own row.
      const input = Float64Array.from({ length: rows }, (_, k) => k);
      const inputOf = Uint32Array.from({ length: rows }, (_, t) => rows - 1 - t);
      const table = complianceTable(input, 1, inputOf);
      expect(table.index).toBeInstanceOf(type);
      expect(table.index.length).toBe(rows);
      for (const t of [0, 1, rows - 1]) expect(table.values[tableRow(table.index, t)]).toBe(inputOf[t]);
    }
  });

  it('one row for every constraint: a one-element u8 index that all read; with extra rows (a row to switch to) one per constraint', () => {
    const input = Float64Array.from([3, 4, 3, 4, 3, 4]);
    const inputOf = Uint32Array.from([2, 0, 1]);
    const shared = complianceTable(input, 2, inputOf);
    expect(shared.index).toEqual(Uint8Array.of(0));
    expect(rowStride(shared.index)).toBe(0);
    for (let t = 0; t < 3; t++) expect(tableRow(shared.index, t)).toBe(0);
    const switchable = complianceTable(input, 2, inputOf, [9, 9]);
    expect(switchable.index).toEqual(Uint8Array.of(0, 0, 0));
    expect(rowStride(switchable.index)).toBe(1);
    expect(Array.from(switchable.values)).toEqual([3, 4, 9, 9]);
  });

  it("a cloth grid's membrane keeps one row for all its triangles (cells of 1/8 m: equal areas to the bit) and no per-triangle index", () => {
    const world = buildWorld(sceneWith([hangingStrip(1, 1, [8, 8])]));
    const membrane = world.runtimes[0].blocks.find((b) => b.kind === 'membrane');
    if (membrane?.kind !== 'membrane') throw new Error('no membrane block');
    expect(membrane.compliance.length).toBe(MEMBRANE_ROW);
    expect(membrane.complianceIndex).toEqual(Uint8Array.of(0));
    expect(membrane.tornRow).toBeNull();
    // Dm⁻¹: the grid's few distinct rows once, a u8 row per triangle, each the triangle's own.
    expect(membrane.inverseRestShape.length).toBeLessThanOrEqual(4 * 4);
    expect(membrane.restShapeIndex).toBeInstanceOf(Uint8Array);
    expect(membrane.restShapeIndex.length).toBe(membrane.count);
    const own = new Float32Array(4);
    for (let t = 0; t < membrane.count; t++) {
      const [a, b, c] = membrane.particles.subarray(3 * t, 3 * t + 3);
      writeTriangleInverseRestShape(world.state.rest, a, b, c, own, 0);
      const o = restShapeOffset(membrane, t);
      expect(Array.from(membrane.inverseRestShape.subarray(o, o + 4))).toEqual(Array.from(own));
    }
    // The rest area from the single-precision Dm⁻¹ (2A = 1/det Dm⁻¹): two triangles per 1/8 m cell,
    // within 1e-6 relative (the f32 rounding of Dm⁻¹ is 6e-8 per entry).
    for (let t = 0; t < membrane.count; t++)
      expect(Math.abs(membraneRestAreaM2(membrane, t) / (0.5 * 0.125 * 0.125) - 1)).toBeLessThan(1e-6);
  });

  it('a tearable cloth grid keeps its one row, then the torn row, and a u8 row per triangle to switch', () => {
    const strip = hangingStrip(1, 1, [8, 8]);
    const scene = sceneWith([
      {
        ...strip,
        groups: [{ name: 'all', vertices: Array.from({ length: 81 }, (_, i) => i), breakingStressPa: 1e5 }],
      },
    ]);
    const world = buildWorld(scene);
    const membrane = world.runtimes[0].blocks.find((b) => b.kind === 'membrane');
    if (membrane?.kind !== 'membrane') throw new Error('no membrane block');
    expect(membrane.compliance.length).toBe(2 * MEMBRANE_ROW);
    expect(Array.from(membrane.compliance.subarray(MEMBRANE_ROW))).toEqual([...MEMBRANE_TORN_ROW]);
    expect(membrane.tornRow).toBe(1);
    expect(membrane.complianceIndex).toBeInstanceOf(Uint8Array);
    expect(Array.from(membrane.complianceIndex)).toEqual(new Array(membrane.count).fill(0));
  });
});

describe('rest angles of plate bending', () => {
  it('a cloth flat at rest keeps one row of rest angles (all 0) that every triangle reads', () => {
    const world = buildWorld(sceneWith([hangingStrip(1, 1, [8, 8])]));
    const plate = world.runtimes[0].blocks.find((b) => b.kind === 'plate-bend');
    if (plate?.kind !== 'plate-bend') throw new Error('no plate-bend block');
    expect(plate.count).toBe(128);
    expect(plate.restAngleRad).toEqual(new Float32Array(3));
    expect(restAngleStep(plate)).toBe(0);
  });

  it('a sheet curved at rest keeps its rest angles per triangle, as measured at the rest positions', () => {
    const grid = clothGrid([0.6, 0.6], [6, 6], [0, 0, 0]);
    // y = 0.05·sin(7x)·cos(5z), m: every hinge bent by its own angle.
    const rest = grid.positions.map((v, k) =>
      k % 3 === 1 ? v + 0.05 * Math.sin(7 * grid.positions[k - 1]) * Math.cos(5 * grid.positions[k + 1]) : v,
    );
    const state = createParticleState(
      rest,
      new Float64Array(rest.length / 3).fill(1),
      new Uint8Array(rest.length / 3),
    );
    const plate = createPlateBendBlock(
      plateBendInput(rest, grid.triangles, () => 1),
      state,
    );
    expect(restAngleStep(plate)).toBe(3);
    expect(plate.restAngleRad.length).toBe(3 * plate.count);
    // The Jacobian's constraint at rest is θ − θ⁰ with θ⁰ read back: 0 but for θ⁰'s f32 rounding (1e-7 rad).
    let largest = 0;
    for (let t = 0; t < plate.count; t++) {
      const mask = plateBendJacobian(plate, rest, t);
      for (let i = 0; i < 3; i++) if (mask & (1 << i)) largest = Math.max(largest, Math.abs(CONSTRAINT[i]));
    }
    expect(largest).toBeLessThan(1e-7);
    expect(new Set(plate.restAngleRad).size).toBeGreaterThan(10);
  });
});

describe('what a world keeps beside its setup', () => {
  it("a one-body world reads its setup's rest positions and masses in place, and stepping and reset leave them as built", () => {
    const setup = compileScene(sceneWith([hangingStrip(0.2, 0.4, [4, 8])]));
    const geometry = setup.bodies[0].geometry;
    const built = { positions: geometry.positions.slice(), mass: geometry.mass.slice() };
    const world = buildWorldFromSetup(setup);
    expect(world.state.rest).toBe(geometry.positions);
    expect(world.state.mass).toBe(geometry.mass);
    for (let f = 0; f < 30; f++) world.step(1 / 60);
    expect(world.state.x).not.toEqual(world.state.rest);
    world.reset();
    expect(Array.from(world.state.x)).toEqual(Array.from(built.positions));
    expect(Array.from(geometry.positions)).toEqual(Array.from(built.positions));
    expect(Array.from(geometry.mass)).toEqual(Array.from(built.mass));
  });

  it("keeps no block's input order; constraintInputOrder makes it again: block triangle k is the set's triangle order[k]", () => {
    const strip = hangingStrip(0.2, 0.4, [4, 8]);
    const setup = compileScene(sceneWith([strip, { ...strip, name: 'second' }]));
    const world = buildWorldFromSetup(setup);
    for (const runtime of world.runtimes)
      for (const block of runtime.blocks) expect('order' in block).toBe(false);
    // The second body: its block's particles are world indices, the set's its own.
    const set = setup.bodies[1].constraints.findIndex((c) => c.kind === 'membrane');
    const triangles = (setup.bodies[1].constraints[set] as { triangles: Uint32Array }).triangles;
    const block = world.runtimes[1].blocks[set];
    const order = constraintInputOrder(world, setup, 1, set);
    expect(block.count).toBe(triangles.length / 3);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: block.count }, (_, k) => k));
    const offset = world.runtimes[1].offset;
    expect(offset).toBeGreaterThan(0);
    for (let k = 0; k < block.count; k++)
      for (let j = 0; j < 3; j++)
        expect(block.particles[3 * k + j]).toBe(triangles[3 * order[k] + j] + offset);
  });

  it('a world of two bodies keeps its rest positions end to end, the same values', () => {
    const strip = hangingStrip(0.2, 0.4, [4, 8]);
    const setup = compileScene(sceneWith([strip, { ...strip, name: 'second' }]));
    const world = buildWorldFromSetup(setup);
    const first = setup.bodies[0].geometry.positions;
    expect(world.state.rest).not.toBe(first);
    expect(Array.from(world.state.rest)).toEqual([...first, ...setup.bodies[1].geometry.positions]);
  });

  it('positions: the single-precision copy of the state, one array, updated in place by step and reset', () => {
    const world = buildWorld(sceneWith([hangingStrip(0.2, 0.4, [4, 8])]));
    for (let f = 0; f < 5; f++) world.step(1 / 60);
    const positions = world.positions;
    expect(Array.from(positions)).toEqual(Array.from(Float32Array.from(world.state.x)));
    for (let f = 0; f < 5; f++) world.step(1 / 60);
    expect(world.positions).toBe(positions);
    expect(Array.from(positions)).toEqual(Array.from(Float32Array.from(world.state.x)));
    world.reset();
    expect(Array.from(positions)).toEqual(Array.from(Float32Array.from(world.state.rest)));
  });
});
