import { insphere, orient3d } from 'robust-predicates';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantiate } from '../../../core/tetra/wasm/load-module.ts';
import { loadMesher, mesherImports } from '../../../core/tetra/wasm-delaunay.ts';

/** The mesher module's exact predicates (wasm/assembly/exact-predicates.ts). */
interface ExactExports {
  memory: { buffer: ArrayBuffer };
  init(cx: number, cy: number, cz: number, s: number, capacity: number): number;
  exactPointsAt(): number;
  orient3dExactSign(): number;
  insphereExactSign(): number;
}

let wasm: ExactExports;

/** The module's sign for `points` (4 or 5 points, xyz each): written where it reads them. */
function exactSign(predicate: () => number): (...points: number[]) => number {
  return (...points) => {
    new Float64Array(wasm.memory.buffer, wasm.exactPointsAt(), points.length).set(points);
    return predicate();
  };
}

beforeAll(() => {
  const loaded = loadMesher();
  if (!loaded) throw new Error('the mesher module did not load');
  wasm = instantiate<ExactExports>(loaded, 'mesher', mesherImports({ poll: () => {}, checkpoint: () => {} }));
  // init reserves the predicates' arena with the triangulation.
  expect(wasm.init(0, 0, 0, 1, 16)).not.toBe(0);
});

/** A seeded generator of doubles in [0, 1). */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const view = new DataView(new ArrayBuffer(8));

/** x moved by `ulps` units in the last place (toward +∞ for positive ulps, for x > 0). */
function ulpsAway(x: number, ulps: number): number {
  if (x === 0) return ulps * Number.MIN_VALUE;
  view.setFloat64(0, x);
  view.setBigInt64(0, view.getBigInt64(0) + BigInt(x > 0 ? ulps : -ulps));
  return view.getFloat64(0);
}

/** Points a, b, c and a fourth d = a + s (b − a) + t (c − a), exact in doubles (small dyadic grid). */
function coplanar(random: () => number, offset: number): number[] {
  const grid = () => Math.floor(random() * 64) / 16;
  const a = [grid(), grid(), grid()];
  const b = [grid(), grid(), grid()];
  const c = [grid(), grid(), grid()];
  const s = Math.floor(random() * 8) / 4;
  const t = Math.floor(random() * 8) / 4;
  const d = [0, 1, 2].map((k) => a[k] + s * (b[k] - a[k]) + t * (c[k] - a[k]));
  // A large offset makes every difference inexact in one double: the two-term expansions.
  return [...a, ...b, ...c, ...d].map((x) => x + offset);
}

/** Five points on the sphere of radius 5 (integer Pythagorean quadruples), moved by `offset`. */
function cospherical(random: () => number, offset: number[]): number[] {
  const onSphere = [
    [5, 0, 0],
    [0, 5, 0],
    [0, 0, 5],
    [-5, 0, 0],
    [0, -5, 0],
    [0, 0, -5],
    [3, 4, 0],
    [0, 3, 4],
    [4, 0, 3],
    [-3, 0, 4],
    [0, -4, 3],
    [4, -3, 0],
  ];
  const pick: number[] = [];
  while (pick.length < 5) {
    const k = Math.floor(random() * onSphere.length);
    if (!pick.includes(k)) pick.push(k);
  }
  return pick.flatMap((k) => onSphere[k].map((x, axis) => x + offset[axis]));
}

function expectSameSigns(
  cases: number[][],
  exact: (...c: number[]) => number,
  reference: (...c: number[]) => number,
) {
  const got = cases.map((c) => exact(...c));
  // `|| 0`: robust-predicates returns −0 for some exact zeros.
  const want = cases.map((c) => Math.sign(reference(...c)) || 0);
  expect(got).toEqual(want);
  return want;
}

describe('exact predicates in the mesher module', () => {
  it("orient3d's sign is robust-predicates' on coplanar points and on each one an ulp away", () => {
    const random = generator(7);
    const cases: number[][] = [];
    for (let k = 0; k < 400; k++) {
      const offset = [0, 0.1, 1000.3, -1e6 / 3][k % 4];
      const points = coplanar(random, offset);
      cases.push(points);
      for (const ulps of [1, -1, 3]) {
        const moved = points.slice();
        const axis = 9 + (k % 3);
        moved[axis] = ulpsAway(moved[axis], ulps);
        cases.push(moved);
      }
    }
    const signs = expectSameSigns(cases, exactSign(wasm.orient3dExactSign), orient3d);
    // The set is the hard one: exact zeros and signs decided by an ulp, both present.
    expect(signs.filter((s) => s === 0).length).toBeGreaterThan(100);
    expect(signs.filter((s) => s !== 0).length).toBeGreaterThan(600);
  });

  it("insphere's sign is robust-predicates' on cospherical points and on each one an ulp away", () => {
    const random = generator(11);
    const cases: number[][] = [];
    for (let k = 0; k < 300; k++) {
      const offset = [
        [0, 0, 0],
        [0.1, 0.2, 0.3],
        [1000.7, -3.3, 12345.678],
        [1 / 3, 1e6 / 7, -2 / 3],
      ][k % 4];
      const points = cospherical(random, offset);
      cases.push(points);
      for (const ulps of [1, -2]) {
        const moved = points.slice();
        const axis = 12 + (k % 3);
        moved[axis] = ulpsAway(moved[axis], ulps);
        cases.push(moved);
      }
    }
    const signs = expectSameSigns(cases, exactSign(wasm.insphereExactSign), insphere);
    expect(signs.filter((s) => s === 0).length).toBeGreaterThan(50);
    expect(signs.filter((s) => s !== 0).length).toBeGreaterThan(400);
  });

  it('both agree with robust-predicates on nearly degenerate points with full 53-bit coordinates', () => {
    // d on the plane of a, b, c and e on the sphere through a, b, c, d, each rounded to doubles:
    // determinants within a few ulps of zero, whose products need every bit of the coordinates.
    const random = generator(5);
    const orientCases: number[][] = [];
    const sphereCases: number[][] = [];
    for (let k = 0; k < 400; k++) {
      const centre = [random() * 3, random() * 3 - 7, random() / 3];
      const onPlane = () => {
        const a = centre.map((x) => x + random());
        const b = centre.map((x) => x + random());
        const c = centre.map((x) => x + random());
        const s = random();
        const t = random();
        return [...a, ...b, ...c, ...a.map((x, i) => x + s * (b[i] - x) + t * (c[i] - x))];
      };
      orientCases.push(onPlane());
      const onSphere = () => {
        const u = [random() - 0.5, random() - 0.5, random() - 0.5];
        const r = Math.hypot(u[0], u[1], u[2]);
        return u.map((x, i) => centre[i] + (x / r) * 0.7);
      };
      sphereCases.push([...onSphere(), ...onSphere(), ...onSphere(), ...onSphere(), ...onSphere()]);
    }
    const orientSigns = expectSameSigns(orientCases, exactSign(wasm.orient3dExactSign), orient3d);
    const sphereSigns = expectSameSigns(sphereCases, exactSign(wasm.insphereExactSign), insphere);
    // Rounding leaves most of them off the plane or the sphere, to either side.
    for (const signs of [orientSigns, sphereSigns]) {
      expect(signs.filter((s) => s > 0).length).toBeGreaterThan(50);
      expect(signs.filter((s) => s < 0).length).toBeGreaterThan(50);
    }
  });

  it('both agree with robust-predicates on points in general position, across scales', () => {
    const random = generator(3);
    const orientCases: number[][] = [];
    const sphereCases: number[][] = [];
    for (let k = 0; k < 500; k++) {
      const scale = 10 ** ((k % 13) - 6);
      const point = () => (random() - 0.5) * scale;
      orientCases.push(Array.from({ length: 12 }, point));
      sphereCases.push(Array.from({ length: 15 }, point));
    }
    expectSameSigns(orientCases, exactSign(wasm.orient3dExactSign), orient3d);
    expectSameSigns(sphereCases, exactSign(wasm.insphereExactSign), insphere);
  });
});
