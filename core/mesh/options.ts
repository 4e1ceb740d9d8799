import { MeshImportError } from './errors.ts';

/** Metres per unit of the length units a mesh file may be authored in (the international inch and foot). */
export const LENGTH_UNITS = { m: 1, cm: 0.01, mm: 0.001, in: 0.0254, ft: 0.3048 } as const;

export type LengthUnit = keyof typeof LENGTH_UNITS;

/** How file units and axes map to the tool's metres and Y-up frame. */
export interface MeshImportOptions {
  /** Metres per file unit (e.g. 0.01 for a file authored in centimetres). Default 1. */
  scale?: number;
  /** The file's up axis; 'z' rotates Z-up content to the tool's Y-up frame. Default 'y'. */
  upAxis?: 'y' | 'z';
}

/**
 * Reads an external file that a mesh file refers to (a glTF .bin, an OBJ .mtl) by the
 * URI or path written in the file. Returns undefined when the file does not exist.
 */
export type ResourceReader = (uri: string) => Promise<Uint8Array | undefined> | Uint8Array | undefined;

/** Import options after defaults and validation. */
export interface ResolvedImportOptions {
  scale: number;
  upAxis: 'y' | 'z';
}

export function resolveImportOptions(file: string, options: MeshImportOptions = {}): ResolvedImportOptions {
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new MeshImportError(
      file,
      `import scale must be a positive number of metres per unit, got ${scale}`,
    );
  }
  const upAxis = options.upAxis ?? 'y';
  if (upAxis !== 'y' && upAxis !== 'z') {
    throw new MeshImportError(file, `up axis must be 'y' or 'z', got '${String(upAxis)}'`);
  }
  return { scale, upAxis };
}
