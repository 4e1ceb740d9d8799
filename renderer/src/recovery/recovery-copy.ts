/**
 * The recovery copy: the project text of unsaved work, written now and then so a crash or a
 * closed window loses at most one interval of edits. Kept in key-value storage (localStorage,
 * which Electron keeps in the app's userData folder), one slot per app instance (page load) and
 * document: `RECOVERY_KEY.<instance>.<document>`. A session never writes into another
 * session's slot, so editing before answering the Restore offer, or a second window, cannot
 * overwrite the copy an earlier session left. Pure apart from the storage passed in.
 */

export interface RecoveryCopy {
  /** The .sbproj text (what Save would have written). */
  text: string;
  /** The project's file name when the copy was written. */
  fileName: string;
  /** Where it was saved or opened (Electron only). */
  path?: string;
  /** When the copy was written, ms since the epoch. */
  writtenAtMs: number;
}

export type RecoveryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** The slot of versions that kept one copy per app, and the prefix of every slot key. */
export const RECOVERY_KEY = 'softbody-studio.recovery-copy';

/** The slot of `document` (its path, else its file name) for the app instance `instanceId`. */
export function recoverySlotKey(instanceId: string, document: string): string {
  return `${RECOVERY_KEY}.${instanceId}.${encodeURIComponent(document)}`;
}

/** A random id for this page load: the slots it writes are its own. */
export function newInstanceId(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  return [...random(new Uint8Array(8))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isRecoverySlot(key: string): boolean {
  return key === RECOVERY_KEY || key.startsWith(`${RECOVERY_KEY}.`);
}

/** Every readable copy in storage, any instance's, newest first. */
export function listRecoveryCopies(
  storage: Pick<Storage, 'getItem' | 'key' | 'length'>,
): { key: string; copy: RecoveryCopy }[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && isRecoverySlot(key)) keys.push(key);
  }
  return keys
    .map((key) => ({ key, copy: readRecoveryCopy(storage, key) }))
    .filter((entry): entry is { key: string; copy: RecoveryCopy } => entry.copy !== null)
    .sort((a, b) => b.copy.writtenAtMs - a.copy.writtenAtMs);
}
/** How often unsaved work is copied by default, ms. */
export const DEFAULT_RECOVERY_INTERVAL_MS = 60_000;
/** Bounds of an interval given on the URL (tests use a short one), ms. */
const MIN_INTERVAL_MS = 200;
const MAX_INTERVAL_MS = 3_600_000;

/** The copy in storage, or null when there is none or it is unreadable (then it is ignored). */
export function readRecoveryCopy(storage: Pick<Storage, 'getItem'>, key = RECOVERY_KEY): RecoveryCopy | null {
  const text = storage.getItem(key);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.text !== 'string' || typeof record.fileName !== 'string') return null;
  if (typeof record.writtenAtMs !== 'number' || !Number.isFinite(record.writtenAtMs)) return null;
  if (record.path !== undefined && typeof record.path !== 'string') return null;
  const copy: RecoveryCopy = {
    text: record.text,
    fileName: record.fileName,
    writtenAtMs: record.writtenAtMs,
  };
  if (typeof record.path === 'string') copy.path = record.path;
  return copy;
}

/** Throws what the storage throws (QuotaExceededError when the copy does not fit). */
export function writeRecoveryCopy(
  storage: Pick<Storage, 'setItem'>,
  copy: RecoveryCopy,
  key = RECOVERY_KEY,
): void {
  storage.setItem(key, JSON.stringify(copy));
}

export function clearRecoveryCopy(storage: Pick<Storage, 'removeItem'>, key = RECOVERY_KEY): void {
  storage.removeItem(key);
}

/**
 * The copy interval from a page's query string (`?recoveryIntervalMs=1000`), clamped to
 * 0.2 s … 1 h; the default when absent or not a number.
 */
export function recoveryIntervalFrom(search: string): number {
  const raw = new URLSearchParams(search).get('recoveryIntervalMs');
  if (raw === null || raw.trim() === '') return DEFAULT_RECOVERY_INTERVAL_MS;
  const value = Number(raw);
  if (!Number.isFinite(value)) return DEFAULT_RECOVERY_INTERVAL_MS;
  return Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, Math.round(value)));
}
