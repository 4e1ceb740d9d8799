import type { MeshImporter } from '../import-types.ts';
import { parseObj } from './parse-obj.ts';

/** Wavefront OBJ (text): v, f with polygons, o/g/usemtl groups. */
export const objImporter: MeshImporter = {
  format: 'OBJ',
  extensions: ['obj'],
  parse: parseObj,
};
