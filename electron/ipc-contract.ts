/**
 * The one contract between the renderer and its host. The renderer sees only `HostApi`;
 * in Electron the preload implements it over the IPC channels of `ipcContract` below, in
 * the browser renderer/src/host/browser-host.ts implements it with a file input,
 * downloads and localStorage.
 *
 * This file is imported by the renderer, the preload and main alike: it must stay free of
 * Node, Electron and DOM imports (the preload is a sandboxed single bundle).
 */

/** A file the user chose, read whole. `path` is present only in the Electron host. */
export interface OpenedFile {
  name: string;
  path?: string;
  bytes: Uint8Array;
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

/** Thrown inside the host (main, validators); turned into a `HostError` at the IPC edge. */
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

/** What an invoke handler in main returns over IPC; the preload unwraps it. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: HostError };

// ---------------------------------------------------------------------------------------
// Argument validators: each takes an untrusted value and the place it was found, and
// returns it typed or throws HostFailure('InvalidArgument') naming that place.

type Parser<T> = (value: unknown, where: string) => T;

/** Longest path accepted, in UTF-16 code units (Windows long paths reach 32767). */
export const MAX_PATH_LENGTH = 32_767;
/** Longest file name accepted (common file-system limit). */
export const MAX_FILE_NAME_LENGTH = 255;
const MAX_FILTERS = 16;
const MAX_FILTER_NAME_LENGTH = 100;
const FILTER_EXTENSION = /^(\*|[A-Za-z0-9]{1,16})$/;

function invalid(where: string, expected: string, value: unknown): HostFailure {
  return new HostFailure('InvalidArgument', `${where} must be ${expected} (got ${describe(value)})`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (isUint8Array(value)) return 'a Uint8Array';
  if (typeof value === 'string') return value.length > 40 ? 'a long string' : JSON.stringify(value);
  if (typeof value === 'object') return Object.prototype.toString.call(value).slice(8, -1);
  return typeof value;
}

/** True for a Uint8Array (or Node Buffer) from any realm: IPC and the bridge copy across realms. */
function isUint8Array(value: unknown): value is Uint8Array {
  return ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}

const parseString =
  (maxLength: number): Parser<string> =>
  (value, where) => {
    if (typeof value !== 'string' || value.length === 0 || value.length > maxLength || value.includes('\0')) {
      throw invalid(where, `a non-empty string of at most ${maxLength} characters without NUL`, value);
    }
    return value;
  };

/** A file-system path as text; whether it may be used is main's decision. */
export const parsePath: Parser<string> = parseString(MAX_PATH_LENGTH);

const parseFileName: Parser<string> = (value, where) => {
  const name = parseString(MAX_FILE_NAME_LENGTH)(value, where);
  if (/[\\/]/.test(name)) throw invalid(where, 'a file name without folders', value);
  return name;
};

const parseBytes: Parser<Uint8Array> = (value, where) => {
  if (!isUint8Array(value)) throw invalid(where, 'a Uint8Array', value);
  return value;
};

/** Checks an object has exactly the allowed keys (optional ones may be absent or undefined). */
function parseRecord(
  value: unknown,
  where: string,
  required: readonly string[],
  optional: readonly string[] = [],
): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalid(where, 'an object', value);
  for (const key of Object.keys(value)) {
    if (!required.includes(key) && !optional.includes(key)) {
      throw new HostFailure('InvalidArgument', `${where} has an unexpected property '${key}'`);
    }
  }
  for (const key of required) {
    if (!(key in value)) throw new HostFailure('InvalidArgument', `${where}.${key} is missing`);
  }
  return value;
}

const parseFileFilter: Parser<FileFilter> = (value, where) => {
  const record = parseRecord(value, where, ['name', 'extensions']);
  const name = parseString(MAX_FILTER_NAME_LENGTH)(record.name, `${where}.name`);
  const { extensions } = record;
  if (!Array.isArray(extensions) || extensions.length === 0 || extensions.length > MAX_FILTERS) {
    throw invalid(`${where}.extensions`, `an array of 1 to ${MAX_FILTERS} extensions`, extensions);
  }
  extensions.forEach((extension, i) => {
    if (typeof extension !== 'string' || !FILTER_EXTENSION.test(extension)) {
      throw invalid(`${where}.extensions[${i}]`, "'*' or letters and digits without a dot", extension);
    }
  });
  return { name, extensions: [...extensions] };
};

export const parseSaveRequest: Parser<SaveRequest> = (value, where) => {
  const record = parseRecord(value, where, ['suggestedName', 'bytes'], ['filters', 'path']);
  const request: SaveRequest = {
    suggestedName: parseFileName(record.suggestedName, `${where}.suggestedName`),
    bytes: parseBytes(record.bytes, `${where}.bytes`),
  };
  if (record.filters !== undefined) {
    const { filters } = record;
    if (!Array.isArray(filters) || filters.length > MAX_FILTERS) {
      throw invalid(`${where}.filters`, `an array of at most ${MAX_FILTERS} filters`, filters);
    }
    request.filters = filters.map((filter, i) => parseFileFilter(filter, `${where}.filters[${i}]`));
  }
  if (record.path !== undefined) request.path = parsePath(record.path, `${where}.path`);
  return request;
};

export const parsePreferences: Parser<Preferences> = (value, where) => {
  const record = parseRecord(value, where, ['theme', 'showGrid']);
  const { theme, showGrid } = record;
  if (theme !== 'dark' && theme !== 'light') throw invalid(`${where}.theme`, "'dark' or 'light'", theme);
  if (typeof showGrid !== 'boolean') throw invalid(`${where}.showGrid`, 'a boolean', showGrid);
  return { theme, showGrid };
};

const parseMenuCommand: Parser<MenuCommand> = (value, where) => {
  if (!(menuCommands as readonly unknown[]).includes(value)) {
    throw invalid(where, `one of ${menuCommands.join(', ')}`, value);
  }
  return value as MenuCommand;
};

const parseMenuCommandDetail: Parser<MenuCommandDetail> = (value, where) => {
  const record = parseRecord(value, where, [], ['path']);
  return record.path === undefined ? {} : { path: parsePath(record.path, `${where}.path`) };
};

// ---------------------------------------------------------------------------------------
// The channel table

/** A renderer → main request answered with an `IpcResult<Result>`. */
export interface InvokeChannel<Args extends unknown[], Result> {
  readonly kind: 'invoke';
  readonly channel: `sb:${string}`;
  /** Validates the raw arguments main received; throws HostFailure('InvalidArgument'). */
  readonly parseArgs: (args: readonly unknown[]) => Args;
  /** Type only, never set: what the handler resolves with. */
  readonly result?: Result;
}

/** A main → renderer message. */
export interface EventChannel<Args extends unknown[]> {
  readonly kind: 'event';
  readonly channel: `sb:${string}`;
  /** Validates the raw arguments the preload received; throws HostFailure('InvalidArgument'). */
  readonly parseArgs: (args: readonly unknown[]) => Args;
}

function withChannel<Args extends unknown[]>(
  channel: string,
  parsers: { [I in keyof Args]: [name: string, parse: Parser<Args[I]>] },
): (args: readonly unknown[]) => Args {
  const list = parsers as unknown as [string, Parser<unknown>][];
  return (args) => {
    if (args.length !== list.length) {
      const expected = list.length === 0 ? 'no arguments' : list.map(([name]) => name).join(', ');
      throw new HostFailure(
        'InvalidArgument',
        `${channel}: expected ${expected}, got ${args.length} argument${args.length === 1 ? '' : 's'}`,
      );
    }
    return list.map(([name, parse], i) => parse(args[i], `${channel}: ${name}`)) as Args;
  };
}

function invoke<Result, Args extends unknown[] = []>(
  channel: `sb:${string}`,
  ...parsers: { [I in keyof Args]: [name: string, parse: Parser<Args[I]>] }
): InvokeChannel<Args, Result> {
  return { kind: 'invoke', channel, parseArgs: withChannel<Args>(channel, parsers) };
}

function event<Args extends unknown[]>(
  channel: `sb:${string}`,
  ...parsers: { [I in keyof Args]: [name: string, parse: Parser<Args[I]>] }
): EventChannel<Args> {
  return { kind: 'event', channel, parseArgs: withChannel<Args>(channel, parsers) };
}

/**
 * Every IPC channel, keyed by the HostApi member it implements. Main registers one handler
 * per invoke channel and validates its arguments with `parseArgs`; the preload exposes one
 * method per channel. Nothing else crosses between the processes.
 */
export const ipcContract = {
  openMesh: invoke<OpenedFile | null>('sb:openMesh'),
  openProject: invoke<OpenedFile | null>('sb:openProject'),
  openRecent: invoke<OpenedFile, [string]>('sb:openRecent', ['path', parsePath]),
  openRelated: invoke<OpenedFile, [string, string]>(
    'sb:openRelated',
    ['fromPath', parsePath],
    ['uri', parsePath],
  ),
  saveFile: invoke<SavedFile | null, [SaveRequest]>('sb:saveFile', ['request', parseSaveRequest]),
  recentFiles: invoke<RecentFile[]>('sb:recentFiles'),
  getPreferences: invoke<Preferences>('sb:getPreferences'),
  setPreferences: invoke<void, [Preferences]>('sb:setPreferences', ['preferences', parsePreferences]),
  onMenuCommand: event<[MenuCommand, MenuCommandDetail]>(
    'sb:menuCommand',
    ['command', parseMenuCommand],
    ['detail', parseMenuCommandDetail],
  ),
} as const;

type Contract = typeof ipcContract;

/** The HostApi members answered by main. */
export type InvokeMethod = {
  [K in keyof Contract]: Contract[K] extends InvokeChannel<unknown[], unknown> ? K : never;
}[keyof Contract];
export type ArgsOf<M extends InvokeMethod> = Contract[M] extends InvokeChannel<infer A, unknown> ? A : never;
export type ResultOf<M extends InvokeMethod> =
  Contract[M] extends InvokeChannel<unknown[], infer R> ? R : never;

/** Every invoke channel name, e.g. 'sb:openMesh'. */
export type InvokeChannelName = Contract[InvokeMethod]['channel'];

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;
/** Compile-time proof that the table's invoke channels are exactly HostApi's request methods. */
export type ContractMatchesHostApi = Assert<
  Equal<
    { [M in InvokeMethod]: (...args: ArgsOf<M>) => Promise<ResultOf<M>> },
    Omit<Required<HostApi>, 'kind' | 'onMenuCommand'>
  >
>;
