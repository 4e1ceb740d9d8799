import { fileURLToPath } from 'node:url';

/** The shared mesh corpus, ../shared/meshes from the repository root. */
export const corpusDir = fileURLToPath(new URL('../../../../shared/meshes/', import.meta.url));

export interface CorpusEntry {
  file: string;
  triangles: number;
  weldedVertices: number;
  watertight: boolean;
  /** Edge-connected parts. */
  parts: number;
  bboxMin: [number, number, number];
  bboxMax: [number, number, number];
  /** Signed volume, file units³, where the README gives one for a watertight mesh. */
  volume?: number;
  /** tetgen -d: true when it reported intersecting pairs, false for "none". */
  selfIntersects: boolean | 'flat';
  /** Further figures from the README's per-file notes and summary. */
  boundaryEdges: number;
  boundaryLoops: number;
  degenerate?: number;
  inconsistentEdges?: number;
  nonManifoldEdges?: number;
  nonManifoldVertices?: number;
  duplicates?: number;
  vertexParts: number;
  euler: number;
}

/**
 * Figures transcribed from ../shared/meshes/README.md (summary table and per-file notes),
 * which were computed by an independent script; keep in step with that file.
 */
export const corpus: CorpusEntry[] = [
  {
    file: 'BoxTextured/BoxTextured.gltf',
    triangles: 12,
    weldedVertices: 8,
    watertight: true,
    parts: 1,
    vertexParts: 1,
    bboxMin: [-0.5, -0.5, -0.5],
    bboxMax: [0.5, 0.5, 0.5],
    volume: 1,
    selfIntersects: false,
    boundaryEdges: 0,
    boundaryLoops: 0,
    euler: 2,
  },
  {
    file: 'bump-domain.obj',
    triangles: 8058,
    weldedVertices: 4172,
    watertight: false,
    parts: 1,
    vertexParts: 1,
    bboxMin: [-1.1, -1.1, 0],
    bboxMax: [1.1, 1.1, 0],
    selfIntersects: 'flat',
    boundaryEdges: 284,
    boundaryLoops: 1,
    euler: 1,
  },
  {
    file: 'craft_speederD/craft_speederD.gltf',
    triangles: 322,
    weldedVertices: 163,
    watertight: false,
    parts: 1,
    vertexParts: 1,
    bboxMin: [-1.4, 0, -1.113],
    bboxMax: [1.4, 0.9, 1.113],
    selfIntersects: true,
    boundaryEdges: 0,
    boundaryLoops: 0,
    degenerate: 7,
    euler: 2,
  },
  {
    file: 'Cubes.glb',
    triangles: 36,
    weldedVertices: 24,
    watertight: true,
    parts: 3,
    vertexParts: 3,
    bboxMin: [-4.284, -1.938, -2.994],
    bboxMax: [4.603, 3.591, 3.639],
    volume: 33.8,
    selfIntersects: false,
    boundaryEdges: 0,
    boundaryLoops: 0,
    euler: 6,
  },
  {
    file: 'Fox.glb',
    triangles: 576,
    weldedVertices: 290,
    watertight: true,
    parts: 1,
    vertexParts: 1,
    bboxMin: [-12.59, -0.1217, -88.09],
    bboxMax: [12.59, 78.91, 66.62],
    volume: 6.649e4,
    selfIntersects: false,
    boundaryEdges: 0,
    boundaryLoops: 0,
    euler: 2,
  },
  {
    file: 'horse_quad.obj',
    triangles: 4796,
    weldedVertices: 2400,
    watertight: true,
    parts: 1,
    vertexParts: 1,
    bboxMin: [-0.0916, -0.07606, -0.04221],
    bboxMax: [0.0913, 0.07592, 0.04151],
    volume: 0.0002612,
    selfIntersects: false,
    boundaryEdges: 0,
    boundaryLoops: 0,
    euler: 2,
  },
  {
    file: 'MorphPrimitivesTest/MorphPrimitivesTest.gltf',
    triangles: 32,
    weldedVertices: 25,
    watertight: false,
    parts: 1,
    vertexParts: 1,
    bboxMin: [-0.5, 0, -0.5],
    bboxMax: [0.5, 0, 0.5],
    selfIntersects: 'flat',
    boundaryEdges: 16,
    boundaryLoops: 1,
    euler: 1,
  },
  {
    file: 'rocker-arm.obj',
    triangles: 20088,
    weldedVertices: 10044,
    watertight: true,
    parts: 1,
    vertexParts: 1,
    bboxMin: [-0.1517, -0.2575, -0.5],
    bboxMax: [0.1517, 0.2575, 0.5],
    volume: 0.04251,
    selfIntersects: false,
    boundaryEdges: 0,
    boundaryLoops: 0,
    euler: 0,
  },
  {
    file: 'spider/spider.obj',
    triangles: 1368,
    weldedVertices: 722,
    watertight: false,
    parts: 18,
    vertexParts: 18,
    bboxMin: [-92.66, -42.23, -106.7],
    bboxMax: [57.94, 37.5, 86.69],
    selfIntersects: true,
    boundaryEdges: 72,
    boundaryLoops: 6,
    degenerate: 56,
    inconsistentEdges: 10,
    euler: 30,
  },
  {
    file: 'spot.obj',
    triangles: 5856,
    weldedVertices: 2930,
    watertight: true,
    parts: 1,
    vertexParts: 1,
    bboxMin: [-0.4716, -0.7368, -0.6689],
    bboxMax: [0.4716, 0.9536, 1.049],
    volume: 0.7183,
    selfIntersects: false,
    boundaryEdges: 0,
    boundaryLoops: 0,
    euler: 2,
  },
  {
    file: 'stanford-bunny.obj',
    triangles: 69451,
    weldedVertices: 34834,
    watertight: false,
    parts: 1,
    vertexParts: 1,
    bboxMin: [-0.09469, 0.03299, -0.06187],
    bboxMax: [0.06101, 0.1873, 0.0588],
    selfIntersects: false,
    boundaryEdges: 223,
    boundaryLoops: 5,
    euler: -3,
  },
  {
    file: 'suzanne.obj',
    triangles: 968,
    weldedVertices: 505,
    watertight: false,
    parts: 3,
    vertexParts: 1,
    bboxMin: [-3.861, 0.2673, 3.252],
    bboxMax: [-1.127, 2.236, 4.955],
    selfIntersects: true,
    boundaryEdges: 42,
    boundaryLoops: 4,
    nonManifoldEdges: 1,
    nonManifoldVertices: 4,
    duplicates: 1,
    euler: 1,
  },
];
