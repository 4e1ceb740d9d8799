import type { BufferAttribute, Mesh } from 'three';
import { describe, expect, test } from 'vitest';
import type { BodyLayout } from '../../../renderer/src/sim/protocol.ts';
import { BodyMeshes } from '../../../renderer/src/viewport/body-meshes.ts';
import { clusterTriangles, coarseSurface } from '../../../renderer/src/viewport/surface-lod.ts';

/** A flat n × n sheet of 1 m at height 1 m, two triangles a cell, all wound to face down (−y). */
function sheet(n: number): { positions: Float32Array; triangles: Uint32Array } {
  const positions = new Float32Array((n + 1) * (n + 1) * 3);
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) positions.set([i / n, 1, j / n], 3 * (j * (n + 1) + i));
  }
  const triangles: number[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const a = j * (n + 1) + i;
      triangles.push(a, a + 1, a + n + 1, a + 1, a + n + 2, a + n + 1);
    }
  }
  return { positions, triangles: Uint32Array.from(triangles) };
}

/** Triangle `t`'s normal times twice its area (right-handed, counter-clockwise corners). */
function areaVector(positions: Float32Array, triangles: Uint32Array, t: number): [number, number, number] {
  const [a, b, c] = [triangles[t], triangles[t + 1], triangles[t + 2]].map((v) => 3 * v);
  const u = [0, 1, 2].map((k) => positions[b + k] - positions[a + k]);
  const w = [0, 1, 2].map((k) => positions[c + k] - positions[a + k]);
  return [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
}

/** Total area of `triangles`, m², and whether every one faces −y. */
function sheetArea(
  positions: Float32Array,
  triangles: Uint32Array,
): { areaM2: number; allFaceDown: boolean } {
  let areaM2 = 0;
  let allFaceDown = true;
  for (let t = 0; t < triangles.length; t += 3) {
    const n = areaVector(positions, triangles, t);
    areaM2 += Math.hypot(...n) / 2;
    if (!(n[1] < 0)) allFaceDown = false;
  }
  return { areaM2, allFaceDown };
}

describe('a coarse stand-in for a dense surface (vertex clustering)', () => {
  test('a 128² sheet keeps under a quarter of its triangles, on its own vertices, covering it the same way up', () => {
    const { positions, triangles } = sheet(128);
    const { triangles: coarse, cellM } = coarseSurface(positions, triangles);
    expect(cellM).toBeGreaterThan(2 / 128);
    expect(coarse.length / 3).toBeLessThan(triangles.length / 3 / 4);
    expect(coarse.length / 3).toBeGreaterThan(triangles.length / 3 / 8);
    const vertexCount = positions.length / 3;
    const keys = new Set<string>();
    for (let t = 0; t < coarse.length; t += 3) {
      const corners = [coarse[t], coarse[t + 1], coarse[t + 2]];
      for (const v of corners) expect(v).toBeLessThan(vertexCount);
      expect(new Set(corners).size).toBe(3);
      keys.add([...corners].sort((x, y) => x - y).join());
    }
    expect(keys.size).toBe(coarse.length / 3);
    // The stand-in spans the sheet but for a rim of at most one cube: its area is within 5% of 1 m².
    const whole = sheetArea(positions, triangles);
    const standIn = sheetArea(positions, coarse);
    expect(whole.areaM2).toBeCloseTo(1, 6);
    expect(standIn.areaM2).toBeGreaterThan(0.95);
    expect(standIn.areaM2).toBeLessThan(1.0001);
    expect(standIn.allFaceDown).toBe(true);
  });

  test('cubes smaller than the edges leave every triangle as it is', () => {
    const { positions, triangles } = sheet(8);
    expect(Array.from(clusterTriangles(positions, triangles, 1 / 64))).toEqual(Array.from(triangles));
  });

  test('a closed sphere stays closed and outward: its enclosed volume within 10%', () => {
    const rings = 64;
    const segments = 128;
    const positions: number[] = [0, 1, 0];
    for (let r = 1; r < rings; r++) {
      const theta = (Math.PI * r) / rings;
      for (let s = 0; s < segments; s++) {
        const phi = (2 * Math.PI * s) / segments;
        positions.push(Math.sin(theta) * Math.cos(phi), Math.cos(theta), -Math.sin(theta) * Math.sin(phi));
      }
    }
    positions.push(0, -1, 0);
    const south = positions.length / 3 - 1;
    const at = (r: number, s: number) => 1 + (r - 1) * segments + (s % segments);
    const triangles: number[] = [];
    for (let s = 0; s < segments; s++) triangles.push(0, at(1, s), at(1, s + 1));
    for (let r = 1; r < rings - 1; r++) {
      for (let s = 0; s < segments; s++) {
        triangles.push(at(r, s), at(r + 1, s), at(r + 1, s + 1), at(r, s), at(r + 1, s + 1), at(r, s + 1));
      }
    }
    for (let s = 0; s < segments; s++) triangles.push(at(rings - 1, s), south, at(rings - 1, s + 1));
    const xyz = Float32Array.from(positions);
    const whole = Uint32Array.from(triangles);
    // Signed volume: the sum of the tetrahedra from the origin to each triangle (positive: outward).
    const volume = (tris: Uint32Array) => {
      let sum = 0;
      for (let t = 0; t < tris.length; t += 3) {
        const a = 3 * tris[t];
        const n = areaVector(xyz, tris, t);
        sum += (xyz[a] * n[0] + xyz[a + 1] * n[1] + xyz[a + 2] * n[2]) / 6;
      }
      return sum;
    };
    const coarse = coarseSurface(xyz, whole).triangles;
    expect(coarse.length).toBeLessThan(whole.length / 3);
    expect(volume(whole)).toBeCloseTo((4 / 3) * Math.PI, 1);
    expect(volume(coarse) / volume(whole)).toBeGreaterThan(0.9);
    expect(volume(coarse) / volume(whole)).toBeLessThan(1.001);
    // Closed: every edge of the stand-in is shared by exactly two of its triangles, once each way.
    const directed = new Map<string, number>();
    for (let t = 0; t < coarse.length; t += 3) {
      for (let k = 0; k < 3; k++) {
        const key = `${coarse[t + k]}>${coarse[t + ((k + 1) % 3)]}`;
        directed.set(key, (directed.get(key) ?? 0) + 1);
      }
    }
    let unmatched = 0;
    for (const [key, count] of directed) {
      const [from, to] = key.split('>');
      if (count !== 1 || directed.get(`${to}>${from}`) !== 1) unmatched++;
    }
    expect(unmatched).toBe(0);
  });
});

describe('body meshes draw a dense surface through its stand-in where the viewport is light', () => {
  const n = 128;
  const { positions, triangles } = sheet(n);
  const cloth: BodyLayout = {
    name: 'cloth',
    kind: 'cloth',
    particleOffset: 0,
    particleCount: positions.length / 3,
    surfaceTriangles: triangles,
    edges: new Uint32Array(),
  };
  const visibleMeshes = (meshes: BodyMeshes) =>
    meshes.root.children.filter((object): object is Mesh => (object as Mesh).isMesh && object.visible);

  test('the stand-in is drawn, and grabbing still meets the whole surface', () => {
    const meshes = new BodyMeshes();
    meshes.setBodies([cloth], positions);
    expect(meshes.summary()[0]).toMatchObject({ triangles: 2 * n * n, coarse: false });
    meshes.setCoarseAboveTriangles(8192);
    const drawn = meshes.summary()[0];
    expect(drawn.coarse).toBe(true);
    expect(drawn.triangles).toBeLessThan((2 * n * n) / 4);
    const [shown] = visibleMeshes(meshes);
    expect(visibleMeshes(meshes)).toHaveLength(1);
    const [target] = meshes.pickTargets();
    expect(target.object).not.toBe(shown);
    expect((target.object as Mesh).geometry.index?.count).toBe(6 * n * n);
    // One set of positions: the stand-in draws where the body is now, shaded from there.
    const moved = positions.map((value, i) => (i % 3 === 1 ? value + 0.5 : value));
    meshes.update(moved);
    const drawnPositions = shown.geometry.getAttribute('position') as BufferAttribute;
    expect(drawnPositions.getY(0)).toBeCloseTo(1.5, 6);
    const normals = shown.geometry.getAttribute('normal') as BufferAttribute;
    const corner = shown.geometry.index?.getX(0) ?? -1;
    expect(Math.hypot(normals.getX(corner), normals.getY(corner), normals.getZ(corner))).toBeCloseTo(1, 5);
    // A colour mode colours what is drawn.
    const colours = new Float32Array(3 * cloth.particleCount).fill(0.25);
    meshes.setVertexColours(0, colours);
    expect(shown.geometry.getAttribute('color')).toBe((target.object as Mesh).geometry.getAttribute('color'));
    // The full viewport draws the whole surface again.
    meshes.setCoarseAboveTriangles(Number.POSITIVE_INFINITY);
    expect(meshes.summary()[0]).toMatchObject({ triangles: 2 * n * n, coarse: false });
    expect(visibleMeshes(meshes)).toEqual([target.object]);
  });

  test('a torn surface is drawn whole, tear and all; once whole again, through the stand-in', () => {
    const meshes = new BodyMeshes();
    meshes.setCoarseAboveTriangles(8192);
    meshes.setBodies([cloth], positions);
    const coarseCount = meshes.summary()[0].triangles;
    expect(meshes.summary()[0].coarse).toBe(true);
    const torn = triangles.slice(6);
    meshes.setSurfaces([torn]);
    expect(meshes.summary()[0]).toMatchObject({ triangles: torn.length / 3, coarse: false });
    meshes.setSurfaces([triangles]);
    expect(meshes.summary()[0]).toMatchObject({ triangles: coarseCount, coarse: true });
  });
});
