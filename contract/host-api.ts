/**
 * The one contract between the renderer and its host: what the renderer may know of it.
 * The renderer sees only `HostApi`; in Electron the preload implements it over the IPC
 * channels named in `hostChannels` below (main validates their arguments with
 * contract/ipc-parsers.ts), in the browser renderer/src/host/browser-host.ts implements it
 * with a file input, downloads and localStorage.
 *
 * The renderer, the preload and main all import this file: it must stay free of Node,
 * Electron and DOM imports (the preload is a sandboxed single bundle).
 */

/** A file the user chose, read whole. `path` is present only in the Electron host. */
export interface OpenedFile {
  name: string;
  path?: string;
  bytes: Uint8Array;
  /**
   * Files chosen or dropped together with this one (a .gltf's .bin and textures): where the
   * host cannot read beside a file (the browser), what the file refers to is read from these.
   */
  companions?: readonly OpenedFile[];
}

export interface FileFilter {
  name: string;
  /** Extensions without the dot; `*` matches every file. */
  extensions: string[];
}

export interface SaveRequest {
  /** A file name (no folders) offered in the save dialog. */
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

/** The filters the host's dialogs offer; the renderer may pass them in a SaveRequest. */
export const fileFilters = {
  meshes: { name: 'Meshes (OBJ, glTF, GLB)', extensions: ['obj', 'gltf', 'glb'] },
  projects: { name: 'Softbody projects', extensions: ['sbproj'] },
  presets: { name: 'Presets (JSON)', extensions: ['json'] },
  all: { name: 'All files', extensions: ['*'] },
} as const satisfies Record<string, FileFilter>;

/**
 * Commands the application menu sends to the renderer. 'undo' and 'redo' come from the
 * Edit menu's accelerators, which fire before the page sees the key: when a text field or
 * the preset editor has focus, the renderer applies them there instead of to the document.
 * 'open-recent' carries the chosen entry in `MenuCommandDetail.path`. 'about' is shown by
 * main as a native dialog and is not sent; it stays for hosts without a native menu.
 * 'frame-selection' (the F key) points the camera at the selected body, or at all bodies.
 */
export const menuCommands = [
  'open-mesh',
  'open-project',
  'open-recent',
  'save',
  'save-as',
  'export-preset',
  'undo',
  'redo',
  'toggle-play',
  'reset-simulation',
  'about',
  'frame-selection',
] as const;
export type MenuCommand = (typeof menuCommands)[number];

/** Data a menu command carries besides its name. */
export interface MenuCommandDetail {
  /** 'open-recent': the recent-list entry to pass to `HostApi.openRecent`. */
  path?: string;
}

export interface HostApi {
  readonly kind: 'electron' | 'browser';
  /** Asks for a mesh (OBJ, glTF, GLB); null when the user cancels. */
  openMesh(): Promise<OpenedFile | null>;
  /** Asks for a project (.sbproj) or preset; null when the user cancels. */
  openProject(): Promise<OpenedFile | null>;
  /** Opens an entry of the recent list. */
  openRecent(path: string): Promise<OpenedFile>;
  /**
   * Reads a resource a chosen file refers to: a glTF buffer or image, an OBJ material
   * library or texture. `uri` is relative to `fromPath`'s folder, as written in the file
   * (percent-encoding and `\` separators accepted); it must stay inside that folder.
   * Only the Electron host has it: a browser cannot read beside a file the user chose.
   */
  openRelated?(fromPath: string, uri: string): Promise<OpenedFile>;
  /** Saves bytes: to `path` when given, else through a save dialog; null when cancelled. */
  saveFile(request: SaveRequest): Promise<SavedFile | null>;
  recentFiles(): Promise<RecentFile[]>;
  getPreferences(): Promise<Preferences>;
  setPreferences(preferences: Preferences): Promise<void>;
  /** Subscribes to application-menu commands; returns the unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand, detail?: MenuCommandDetail) => void): () => void;
}

declare global {
  interface Window {
    /** Set by the Electron preload through contextBridge; absent in a plain browser. */
    softbodyHost?: HostApi;
  }
}

// ---------------------------------------------------------------------------------------
// Channels

/** The HostApi members main answers over an invoke channel (every member but the menu event). */
export type InvokeMethod = Exclude<keyof HostApi, 'kind' | 'onMenuCommand'>;
export type ArgsOf<M extends InvokeMethod> = Parameters<Required<HostApi>[M]>;
export type ResultOf<M extends InvokeMethod> = Awaited<ReturnType<Required<HostApi>[M]>>;

/**
 * The IPC channel of every HostApi member: the preload exposes one method per channel, main
 * registers one handler per invoke channel and sends menu commands on `onMenuCommand`'s.
 * Nothing else crosses between the processes.
 */
export const hostChannels = {
  openMesh: 'sb:openMesh',
  openProject: 'sb:openProject',
  openRecent: 'sb:openRecent',
  openRelated: 'sb:openRelated',
  saveFile: 'sb:saveFile',
  recentFiles: 'sb:recentFiles',
  getPreferences: 'sb:getPreferences',
  setPreferences: 'sb:setPreferences',
  onMenuCommand: 'sb:menuCommand',
} as const satisfies Record<Exclude<keyof HostApi, 'kind'>, `sb:${string}`>;

/** Every invoke channel name, e.g. 'sb:openMesh'. */
export type InvokeChannelName = (typeof hostChannels)[InvokeMethod];

/** What an invoke handler in main returns over IPC; the preload unwraps it. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: HostError };

// ---------------------------------------------------------------------------------------
// Errors

/** What went wrong in a host call; the renderer switches on it. */
export type HostErrorName =
  /** An argument outside this contract (wrong type, extra argument or property). */
  | 'InvalidArgument'
  /** A path the user never chose in a dialog and that is not in the recent list. */
  | 'PathNotAllowed'
  /** The call came from a frame that is not the app's own page. */
  | 'ForbiddenSender'
  /** A channel this contract does not list. */
  | 'UnknownChannel'
  /** A recent-list entry that no longer exists; it is dropped from the list. */
  | 'RecentFileUnavailable'
  | 'FileReadFailed'
  | 'FileWriteFailed'
  /** A bug in the host; the message says where. */
  | 'HostFailure';

/**
 * How a failed host call reaches the renderer: plain data, because Error objects lose
 * their `name` crossing IPC and the context bridge. Host methods reject with this shape.
 */
export interface HostError {
  name: HostErrorName;
  message: string;
}

const hostErrorNames: ReadonlySet<string> = new Set<HostErrorName>([
  'InvalidArgument',
  'PathNotAllowed',
  'ForbiddenSender',
  'UnknownChannel',
  'RecentFileUnavailable',
  'FileReadFailed',
  'FileWriteFailed',
  'HostFailure',
]);

export function isHostError(value: unknown): value is HostError {
  if (typeof value !== 'object' || value === null) return false;
  const { name, message } = value as Record<string, unknown>;
  return typeof name === 'string' && hostErrorNames.has(name) && typeof message === 'string';
}

/**
 * Thrown inside a host (main and its argument validators, the browser host); main turns it
 * into a `HostError` at the IPC edge.
 */
export class HostFailure extends Error {
  constructor(
    override readonly name: HostErrorName,
    message: string,
  ) {
    super(message);
  }

  toHostError(): HostError {
    return { name: this.name, message: this.message };
  }
}
