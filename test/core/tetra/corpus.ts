/** The shared mesh corpus (../shared/meshes relative to the repository root), read with core's importer. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TriMesh } from '../../../core/mesh/types.ts';
import { readMeshFile } from '../../../core/node/read-mesh.ts';

export const corpusDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/meshes',
);

export const corpusFiles = {
  BoxTextured: 'BoxTextured/BoxTextured.gltf',
  Cubes: 'Cubes.glb',
  Fox: 'Fox.glb',
  horse_quad: 'horse_quad.obj',
  'rocker-arm': 'rocker-arm.obj',
  spot: 'spot.obj',
  'stanford-bunny': 'stanford-bunny.obj',
  suzanne: 'suzanne.obj',
  spider: 'spider/spider.obj',
  craft_speederD: 'craft_speederD/craft_speederD.gltf',
  'bump-domain': 'bump-domain.obj',
  MorphPrimitivesTest: 'MorphPrimitivesTest/MorphPrimitivesTest.gltf',
} as const;

export type CorpusName = keyof typeof corpusFiles;

export function corpusPath(name: CorpusName): string {
  return path.join(corpusDir, corpusFiles[name]);
}

export async function loadCorpusMesh(name: CorpusName): Promise<TriMesh> {
  return (await readMeshFile(corpusPath(name))).mesh;
}
