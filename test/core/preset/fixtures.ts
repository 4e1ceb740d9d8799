import { findBuiltInMaterial, type Material, signedTetVolumeM3 } from '../../../core/material/index.ts';
import { buildPreset, type Preset, type PresetBodyInput } from '../../../core/preset/index.ts';

/**
 * Small meshes and presets built by hand for the preset tests: a cube of `n`³ cells, each split
 * into 6 positively oriented tets around its main diagonal (Freudenthal), and a flat n×n cloth.
 */
export function cubeTetMesh(n: number, sizeM: number): { positions: Float32Array; tets: Uint32Array } {
  const v = n + 1;
  const index = (i: number, j: number, k: number) => (k * v + j) * v + i;
  const positions = new Float32Array(3 * v ** 3);
  for (let k = 0; k < v; k++)
    for (let j = 0; j < v; j++)
      for (let i = 0; i < v; i++)
        positions.set([(sizeM * i) / n, (sizeM * j) / n, (sizeM * k) / n], 3 * index(i, j, k));
  const tets: number[] = [];
  const axes = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  for (let k = 0; k < n; k++)
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        for (const order of axes) {
          const corner = [i, j, k];
          const path = [index(i, j, k)];
          for (const axis of order) {
            corner[axis]++;
            path.push(index(corner[0], corner[1], corner[2]));
          }
          const [a, b, c, d] = path;
          tets.push(...(signedTetVolumeM3(positions, a, b, c, d) > 0 ? [a, b, c, d] : [a, c, b, d]));
        }
      }
  return { positions, tets: Uint32Array.from(tets) };
}

/** A flat n×n cloth in the plane y = 0, triangles counter-clockwise seen from +y. */
export function clothSheet(n: number, sizeM: number): { positions: Float32Array; triangles: Uint32Array } {
  const v = n + 1;
  const positions = new Float32Array(3 * v * v);
  for (let k = 0; k < v; k++)
    for (let i = 0; i < v; i++) positions.set([(sizeM * i) / n, 0, (sizeM * k) / n], 3 * (k * v + i));
  const triangles: number[] = [];
  for (let k = 0; k < n; k++)
    for (let i = 0; i < n; i++) {
      const a = k * v + i;
      triangles.push(a, a + v, a + 1, a + 1, a + v, a + v + 1);
    }
  return { positions, triangles: Uint32Array.from(triangles) };
}

/** Barycentric coordinates of point p in tet t, or undefined when p lies outside. */
function barycentric(
  x: ArrayLike<number>,
  tet: ArrayLike<number>,
  p: readonly number[],
): number[] | undefined {
  const total = signedTetVolumeM3(x, tet[0], tet[1], tet[2], tet[3]);
  const probe = Float64Array.from([...Array.from(x), ...p]);
  const q = x.length / 3;
  const w = [0, 1, 2, 3].map((k) => {
    const t = Array.from(tet);
    t[k] = q;
    return signedTetVolumeM3(probe, t[0], t[1], t[2], t[3]) / total;
  });
  return w.every((value) => value >= -1e-9) ? w : undefined;
}

/** A solid cube body (one group over everything, pinned on its top face) with an embedded render cube. */
export function cubeBody(
  material: Material,
  model: 'neo-hookean' | 'edges-volume',
  n = 2,
  sizeM = 0.1,
): PresetBodyInput {
  const { positions, tets } = cubeTetMesh(n, sizeM);
  const corners: number[] = [];
  for (const z of [0.1, 0.9])
    for (const y of [0.1, 0.9]) for (const x of [0.1, 0.9]) corners.push(x * sizeM, y * sizeM, z * sizeM);
  const elements = new Uint32Array(8);
  const weights = new Float32Array(32);
  for (let c = 0; c < 8; c++) {
    const p = corners.slice(3 * c, 3 * c + 3);
    for (let t = 0; t < tets.length / 4; t++) {
      const w = barycentric(positions, tets.subarray(4 * t, 4 * t + 4), p);
      if (!w) continue;
      elements[c] = t;
      weights.set(w, 4 * c);
      break;
    }
  }
  // The render cube: corner c = x + 2y + 4z, faces counter-clockwise seen from outside.
  const faces = [
    0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7,
    5,
  ];
  return {
    name: 'cube',
    kind: 'solid',
    simulationMesh: {
      vertexCount: positions.length / 3,
      elementCount: tets.length / 4,
      positions,
      elements: tets,
      importGroupNames: [],
    },
    renderMesh: {
      vertexCount: 8,
      triangleCount: 12,
      positions: Float32Array.from(corners),
      indices: Uint32Array.from(faces),
    },
    embedding: { elements, weights },
    groups: [
      {
        name: 'body',
        selector: { type: 'all' },
        material: material.name,
        model,
        dampingRatio: material.dampingRatio,
        priority: 0,
      },
    ],
    pins: [
      {
        name: 'top',
        selector: { type: 'box', min: [-1, sizeM, -1], max: [1, sizeM, 1] },
        complianceMPerN: 0,
        priority: 0,
      },
    ],
  };
}

/** A cloth sheet body pinned along its z = 0 edge. */
export function sheetBody(material: Material, n = 4, sizeM = 0.2): PresetBodyInput {
  const { positions, triangles } = clothSheet(n, sizeM);
  return {
    name: 'sheet',
    kind: 'cloth',
    simulationMesh: {
      vertexCount: positions.length / 3,
      elementCount: triangles.length / 3,
      positions,
      elements: triangles,
      importGroupNames: [],
    },
    groups: [
      {
        name: 'cloth',
        selector: { type: 'all' },
        material: material.name,
        model: 'cloth',
        dampingRatio: material.dampingRatio,
        priority: 0,
      },
    ],
    pins: [
      {
        name: 'edge',
        selector: { type: 'box', min: [-1, -1, 0], max: [1, 1, 0] },
        complianceMPerN: 0,
        priority: 0,
      },
    ],
  };
}

export function material(name: string): Material {
  const found = findBuiltInMaterial(name);
  if (!found) throw new Error(`no built-in material '${name}'`);
  return found;
}

/** A valid preset with one solid cube (edges + volume) and one cloth sheet. */
export function samplePreset(): Preset {
  const silicone = material('silicone-shore-20a');
  const cotton = material('cotton');
  return buildPreset({
    name: 'sample',
    gravity: [0, -9.81, 0],
    solver: { dt: 1 / 60, substeps: 20 },
    materials: [silicone, cotton],
    colliders: [{ type: 'plane', normal: [0, 1, 0], offset: -1 }],
    bodies: [cubeBody(silicone, 'edges-volume'), sheetBody(cotton)],
  });
}
