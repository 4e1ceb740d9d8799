/**
 * The recent-files list: most recent first, at most MAX_RECENT_FILES entries, persisted
 * in `<userData>/recent.json`. Entries stay openable across restarts, so they join the
 * path allow-list when loaded.
 */
import { basename, isAbsolute, join, resolve } from 'node:path';
import type { RecentFile } from '../../contract/host-api.ts';
import { readJsonDocument, writeJsonDocument } from './json-file.ts';
import type { Logger } from './log.ts';

export const MAX_RECENT_FILES = 10;
const FORMAT_VERSION = 1;

export class RecentFiles {
  private paths: string[] = [];
  private readonly listeners = new Set<() => void>();

  private constructor(
    private readonly file: string,
    private readonly log: Logger,
  ) {}

  static async load(userDataDir: string, log: Logger): Promise<RecentFiles> {
    const recent = new RecentFiles(join(userDataDir, 'recent.json'), log);
    const document = await readJsonDocument(recent.file, FORMAT_VERSION, log);
    const stored = Array.isArray(document?.paths) ? document.paths : [];
    recent.paths = stored
      .filter((path): path is string => typeof path === 'string' && isAbsolute(path))
      .slice(0, MAX_RECENT_FILES);
    return recent;
  }

  list(): RecentFile[] {
    return this.paths.map((path) => ({ name: basename(path), path }));
  }

  /** Moves `path` to the top, dropping the oldest entry beyond the limit. */
  async add(path: string): Promise<void> {
    const normalised = resolve(path);
    this.paths = [normalised, ...this.paths.filter((p) => p !== normalised)].slice(0, MAX_RECENT_FILES);
    await this.changed();
  }

  async remove(path: string): Promise<void> {
    const normalised = resolve(path);
    if (!this.paths.includes(normalised)) return;
    this.paths = this.paths.filter((p) => p !== normalised);
    await this.changed();
  }

  async clear(): Promise<void> {
    this.paths = [];
    await this.changed();
  }

  /** Called after every change (the menu rebuilds its Open Recent submenu); returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async changed(): Promise<void> {
    for (const listener of this.listeners) listener();
    try {
      await writeJsonDocument(this.file, FORMAT_VERSION, { paths: this.paths });
    } catch (error) {
      // The list still works for this session; losing it on restart is not worth failing an open.
      this.log.warn(`cannot save ${this.file}: ${String(error)}`);
    }
  }
}
