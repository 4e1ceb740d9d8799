/**
 * The one contract between the renderer and its host. The renderer sees only `HostApi`;
 * in Electron the preload implements it over the IPC channels below, in the browser
 * renderer/host/browser-host.ts implements it with a file input, downloads and localStorage.
 *
 * DRAFT written at scaffold time: the channel table, payload validators and anything
 * else the main process needs are added here; keep the HostApi names stable, the renderer
 * codes against them.
 */

/** A file the user chose, read whole. `path` is present only in the Electron host. */
export interface OpenedFile {
  name: string;
  path?: string;
  bytes: Uint8Array;
}

export interface FileFilter {
  name: string;
  extensions: string[];
}

export interface SaveRequest {
  suggestedName: string;
  bytes: Uint8Array;
  filters?: FileFilter[];
  /** Path of the document when it was opened or saved before; absent asks where to save. */
  path?: string;
}

export interface SavedFile {
  name: string;
  path?: string;
}

export interface RecentFile {
  name: string;
  path: string;
}

export interface Preferences {
  theme: 'dark' | 'light';
  showGrid: boolean;
}

/** Commands the application menu sends to the renderer. */
export type MenuCommand =
  | 'open-mesh'
  | 'open-project'
  | 'save'
  | 'save-as'
  | 'export-preset'
  | 'undo'
  | 'redo'
  | 'toggle-play'
  | 'reset-simulation'
  | 'about';

export interface HostApi {
  readonly kind: 'electron' | 'browser';
  /** Asks for a mesh (OBJ, glTF, GLB); null when the user cancels. */
  openMesh(): Promise<OpenedFile | null>;
  /** Asks for a project (.sbproj) or preset; null when the user cancels. */
  openProject(): Promise<OpenedFile | null>;
  /** Opens an entry of the recent list. */
  openRecent(path: string): Promise<OpenedFile>;
  /** Saves bytes: to `path` when given, else through a save dialog; null when cancelled. */
  saveFile(request: SaveRequest): Promise<SavedFile | null>;
  recentFiles(): Promise<RecentFile[]>;
  getPreferences(): Promise<Preferences>;
  setPreferences(preferences: Preferences): Promise<void>;
  /** Subscribes to application-menu commands; returns the unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}
