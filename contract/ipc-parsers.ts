/**
 * The runtime half of the host contract: validators for every argument that crosses IPC, and
 * the table that ties each channel of contract/host-api.ts to them. Main validates every
 * request with it before a handler runs; the preload validates the menu commands main sends.
 * The renderer never imports this file: it sees only host-api.ts.
 *
 * Free of Node, Electron and DOM imports, like host-api.ts: the preload inlines it.
 */
import {
  type ArgsOf,
  type FileFilter,
  HostFailure,
  hostChannels,
  type InvokeMethod,
  type MenuCommand,
  type MenuCommandDetail,
  menuCommands,
  type Preferences,
  type ResultOf,
  type SaveRequest,
} from './host-api.ts';

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

type ParsersOf<Args extends unknown[]> = { [I in keyof Args]: [name: string, parse: Parser<Args[I]>] };

/** A renderer → main request answered with an `IpcResult<ResultOf<M>>`. */
export interface InvokeChannel<M extends InvokeMethod> {
  readonly kind: 'invoke';
  readonly channel: (typeof hostChannels)[M];
  /** Validates the raw arguments main received; throws HostFailure('InvalidArgument'). */
  readonly parseArgs: (args: readonly unknown[]) => ArgsOf<M>;
  /** Type only, never set: what the handler resolves with. */
  readonly result?: ResultOf<M>;
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
  parsers: ParsersOf<Args>,
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

function invoke<M extends InvokeMethod>(method: M, ...parsers: ParsersOf<ArgsOf<M>>): InvokeChannel<M> {
  const channel = hostChannels[method];
  return { kind: 'invoke', channel, parseArgs: withChannel<ArgsOf<M>>(channel, parsers) };
}

function event<Args extends unknown[]>(
  channel: `sb:${string}`,
  ...parsers: ParsersOf<Args>
): EventChannel<Args> {
  return { kind: 'event', channel, parseArgs: withChannel<Args>(channel, parsers) };
}

/**
 * Every IPC channel with the validators of its arguments, keyed by the HostApi member it
 * implements. Main registers one handler per invoke channel and validates its arguments
 * with `parseArgs`; the preload validates menu commands with `onMenuCommand.parseArgs`.
 */
export const ipcContract = {
  openMesh: invoke('openMesh'),
  openProject: invoke('openProject'),
  openRecent: invoke('openRecent', ['path', parsePath]),
  openRelated: invoke('openRelated', ['fromPath', parsePath], ['uri', parsePath]),
  saveFile: invoke('saveFile', ['request', parseSaveRequest]),
  recentFiles: invoke('recentFiles'),
  getPreferences: invoke('getPreferences'),
  setPreferences: invoke('setPreferences', ['preferences', parsePreferences]),
  onMenuCommand: event<[MenuCommand, MenuCommandDetail]>(
    hostChannels.onMenuCommand,
    ['command', parseMenuCommand],
    ['detail', parseMenuCommandDetail],
  ),
} as const satisfies { [M in InvokeMethod]: InvokeChannel<M> } & {
  onMenuCommand: EventChannel<[MenuCommand, MenuCommandDetail]>;
};
