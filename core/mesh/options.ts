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

/**
 * Sizes an imported mesh is expected to have, m (the largest side of its box): a body under
 * 1 cm or over 50 m is far more likely a file in other units than the one chosen (a centimetre
 * file read as metres comes out 100 times too large) than a real soft body.
 */
export const PLAUSIBLE_SIZE_M = { min: 0.01, max: 50 } as const;

/**
 * A sentence warning that a mesh of box `sizeM` (m, x y z) is implausibly large or small for a
 * soft body (PLAUSIBLE_SIZE_M), naming what to check; null when it is plausible.
 */
export function implausibleSizeWarning(sizeM: readonly number[]): string | null {
  const largest = Math.max(...sizeM);
  if (largest > PLAUSIBLE_SIZE_M.max)
    return `larger than ${PLAUSIBLE_SIZE_M.max} m: is the file in centimetres or millimetres?`;
  if (largest < PLAUSIBLE_SIZE_M.min)
    return `smaller than ${PLAUSIBLE_SIZE_M.min * 100} cm: is the file in metres while authored in larger units?`;
  return null;
}
