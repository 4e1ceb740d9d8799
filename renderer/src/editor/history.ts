/**
 * Undo/redo history of whole document snapshots. The scene document is small JSON, so each
 * entry keeps the value before and after the edit: undo and redo are exact by construction,
 * with no inverse operations to get wrong. Pure: every function returns a new history.
 */
export interface HistoryEntry<T> {
  /** What the edit did, for menus and notifications ("Young's modulus of cloth"). */
  label: string;
  before: T;
  after: T;
}

export interface History<T> {
  /** Oldest first; the last one is undone next. */
  readonly past: readonly HistoryEntry<T>[];
  /** Nearest first: the first one is redone next. */
  readonly future: readonly HistoryEntry<T>[];
}

/** Entries kept; older ones are dropped (each is a full snapshot). */
export const HISTORY_LIMIT = 200;

export function emptyHistory<T>(): History<T> {
  return { past: [], future: [] };
}

/** Records an edit; a new edit discards what could have been redone. */
export function record<T>(history: History<T>, entry: HistoryEntry<T>): History<T> {
  const past = [...history.past, entry];
  return { past: past.length > HISTORY_LIMIT ? past.slice(past.length - HISTORY_LIMIT) : past, future: [] };
}

/** The history after undoing its last edit and the value to restore; null when there is nothing. */
export function undo<T>(history: History<T>): { history: History<T>; entry: HistoryEntry<T> } | null {
  const entry = history.past.at(-1);
  if (!entry) return null;
  return { history: { past: history.past.slice(0, -1), future: [entry, ...history.future] }, entry };
}

/** The history after redoing the nearest undone edit; null when there is nothing. */
export function redo<T>(history: History<T>): { history: History<T>; entry: HistoryEntry<T> } | null {
  const entry = history.future[0];
  if (!entry) return null;
  return { history: { past: [...history.past, entry], future: history.future.slice(1) }, entry };
}
