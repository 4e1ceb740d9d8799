/** Mesh import, report and repairs: the public surface of core/mesh. */
export { type MeshErrorPlace, MeshImportError } from './errors.ts';
export { type DracoWasmSource, setDracoWasmSource } from './gltf/decoders.ts';
export { extensionOf, importerFor, importMesh, meshExtensions, meshImporters } from './import.ts';
export type { ImportedMesh, ImportMeshOptions, MeshImporter } from './import-types.ts';
export type { MeshImportOptions, ResourceReader } from './options.ts';
export { dropDegenerateFaces, dropDuplicateFaces } from './repair/faces.ts';
export { orientConsistently } from './repair/orient.ts';
export { type RepairedMesh, type RepairOptions, type RepairStep, repairMesh } from './repair/repair-mesh.ts';
export { type RepairResult, removedVertex } from './repair/repair-types.ts';
export { dropUnreferencedVertices } from './repair/unreferenced.ts';
export { weldByTolerance } from './repair/weld.ts';
export { computeMeshReport, type MeshReport, signedVolume, type Vec3 } from './report.ts';
export type { TriMesh } from './types.ts';
export { type ExactWeld, weldExact } from './weld.ts';
