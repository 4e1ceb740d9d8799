/**
 * The units and up axis an imported mesh is read with, as the artist chooses them in the
 * properties panel while the mesh is shown static: a length unit of core's table (LENGTH_UNITS,
 * what `softbody --units` takes) or a size to fit its largest side to, and the file's up axis
 * (`--up`). glTF and GLB are metres and Y-up by specification, so they offer no choice. The last
 * choice per file (name and byte size) is kept in the app's storage, so reimporting the same
 * file starts from it.
 */
import { extensionOf } from '../../../core/mesh/import.ts';
import { LENGTH_UNITS, type LengthUnit, type ResolvedImportOptions } from '../../../core/mesh/options.ts';

/** A length unit of the file, or 'fit': scaled so that its largest side is `fitSizeM`. */
export type UnitChoice = LengthUnit | 'fit';

export interface MeshFrameChoice {
  units: UnitChoice;
  /** 'fit': the largest side after import, m. */
  fitSizeM?: number;
  upAxis: 'y' | 'z';
  /** Metres per file unit this choice came to (for 'fit', from the file's own size). */
  scale: number;
}

export const DEFAULT_FRAME: MeshFrameChoice = { units: 'm', upAxis: 'y', scale: 1 };

/** The size 'fit' offers first, m. */
export const DEFAULT_FIT_SIZE_M = 1;

export const UNIT_CHOICES: readonly UnitChoice[] = [...(Object.keys(LENGTH_UNITS) as LengthUnit[]), 'fit'];

/** Whether the format fixes units and axes (glTF, GLB: metres, Y-up), leaving nothing to choose. */
export function frameFixedByFormat(fileName: string): boolean {
  const extension = extensionOf(fileName);
  return extension === 'gltf' || extension === 'glb';
}

/** What core's importer takes for `choice`. */
export function importOptionsOf(choice: MeshFrameChoice): ResolvedImportOptions {
  return { scale: choice.scale, upAxis: choice.upAxis };
}

/**
 * `choice` with its scale worked out: a unit's metres, or for 'fit' the scale that makes the
 * largest side `fitSizeM`, from the largest side the mesh has now (`largestM`, m) when read at
 * `currentScale` (m per file unit). A mesh without extent keeps `currentScale`.
 */
export function resolvedChoice(
  choice: Omit<MeshFrameChoice, 'scale'>,
  largestM: number,
  currentScale: number,
): MeshFrameChoice {
  if (choice.units !== 'fit')
    return { units: choice.units, upAxis: choice.upAxis, scale: LENGTH_UNITS[choice.units] };
  const fitSizeM = choice.fitSizeM ?? DEFAULT_FIT_SIZE_M;
  const largestInFileUnits = largestM / currentScale;
  const scale = largestInFileUnits > 0 ? fitSizeM / largestInFileUnits : currentScale;
  return { units: 'fit', fitSizeM, upAxis: choice.upAxis, scale };
}

/** `sizeM` (m) in the chosen unit, with the unit's symbol ('fit' shows metres). */
export function sizeInUnits(
  sizeM: readonly number[],
  units: UnitChoice,
): { values: number[]; symbol: string } {
  if (units === 'fit') return { values: [...sizeM], symbol: 'm' };
  return { values: sizeM.map((v) => v / LENGTH_UNITS[units]), symbol: units };
}

/** Storage key of the remembered choices. */
const FRAMES_KEY = 'softbody-studio.mesh-import-frames';
/** Files remembered; the oldest is forgotten first. */
export const MAX_REMEMBERED_FRAMES = 100;

/** The part of the Web Storage API used here (the app's storage, app/app-storage.ts). */
export type FrameStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The file's identity for the memory: its name and byte size. */
export function frameKey(fileName: string, byteLength: number): string {
  return `${fileName}|${byteLength}`;
}

/** The choice last made for the file `key`, or null (none, or unreadable storage). */
export function rememberedFrame(storage: FrameStorage, key: string): MeshFrameChoice | null {
  const found = readAll(storage).find(([k]) => k === key)?.[1];
  return found && isChoice(found) ? found : null;
}

/** Keeps `choice` for `key`, newest first, forgetting the oldest beyond MAX_REMEMBERED_FRAMES. */
export function rememberFrame(storage: FrameStorage, key: string, choice: MeshFrameChoice): void {
  const entries = [[key, choice] as [string, unknown], ...readAll(storage).filter(([k]) => k !== key)];
  storage.setItem(FRAMES_KEY, JSON.stringify(entries.slice(0, MAX_REMEMBERED_FRAMES)));
}

function readAll(storage: FrameStorage): [string, unknown][] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FRAMES_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((e): e is [string, unknown] => Array.isArray(e) && typeof e[0] === 'string')
      : [];
  } catch {
    return [];
  }
}

function isChoice(value: unknown): value is MeshFrameChoice {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (UNIT_CHOICES as readonly unknown[]).includes(v.units) &&
    (v.upAxis === 'y' || v.upAxis === 'z') &&
    typeof v.scale === 'number' &&
    Number.isFinite(v.scale) &&
    v.scale > 0 &&
    (v.fitSizeM === undefined || (typeof v.fitSizeM === 'number' && v.fitSizeM > 0))
  );
}
