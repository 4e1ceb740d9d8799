import type { CommandIo } from './command.ts';

/**
 * Progress of a long command on stderr. On a terminal: one line redrawn in place,
 * `label [#####-------] 3/10  spot.obj: tetrahedralizing 45%`. Elsewhere (a pipe, a CI log, a
 * test's buffer) nothing, unless the user asks with --progress: then one plain line per item,
 * `label 3/10 spot.obj`, never per stage or percent, so logs stay short. Lines that must stay
 * (a failed file) go through `log` and appear above the bar, or alone.
 */

/** The terminal side of stderr: what `process.stderr` offers. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface Progress {
  /** `done` items of the total are finished; `detail` says what runs now; `fraction` of it, in [0, 1]. */
  update(done: number, detail: string, fraction?: number): void;
  /** A line that stays, printed above the bar. */
  log(line: string): void;
  /** Removes the bar (a terminal) so that what follows starts on a clean line. */
  finish(): void;
}

export interface ProgressOptions {
  /** Shown before the bar, e.g. 'bake'. */
  label: string;
  /** Number of items. */
  total: number;
  /** Plain lines and logged lines go to io.err. */
  io: CommandIo;
  /** The terminal, when stderr is one; default io.stderr, else process.stderr. */
  stream?: ProgressStream;
  /** --progress: plain lines when stderr is not a terminal (a terminal always gets the bar). */
  plain?: boolean;
  /** Environment, for TERM=dumb; default process.env. */
  env?: Record<string, string | undefined>;
}

const BAR_WIDTH = 24;
/** Least time between two redraws of the terminal bar, ms (a stage change redraws at once). */
const REDRAW_INTERVAL_MS = 80;
const CLEAR_LINE = '\r\u001b[2K';

export function createProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? options.io.stderr ?? process.stderr;
  const env = options.env ?? process.env;
  const tty = stream.isTTY === true && env.TERM !== 'dumb';
  if (tty) return terminalProgress(options, stream);
  return options.plain ? plainProgress(options) : silentProgress(options);
}

function silentProgress({ io }: ProgressOptions): Progress {
  return { update() {}, log: (line) => io.err(line), finish() {} };
}

function plainProgress({ label, total, io }: ProgressOptions): Progress {
  let lastDone = -1;
  return {
    // One line per item: the first update after `done` changes says what starts.
    update(done, detail) {
      if (done === lastDone) return;
      lastDone = done;
      io.err(`${label} ${done}/${total} ${detail}`);
    },
    log: (line) => io.err(line),
    finish() {},
  };
}

function terminalProgress({ label, total, io }: ProgressOptions, stream: ProgressStream): Progress {
  let drawn = '';
  let lastDrawMs = 0;
  let lastKey = '';
  let current = '';
  const draw = (text: string) => {
    stream.write(`${CLEAR_LINE}${text}`);
    drawn = text;
    lastDrawMs = Date.now();
  };
  return {
    update(done, detail, fraction) {
      const key = `${done}\u0000${detail}`;
      const now = Date.now();
      current = barLine(label, done, total, detail, fraction, stream.columns);
      if (key === lastKey && now - lastDrawMs < REDRAW_INTERVAL_MS) return;
      lastKey = key;
      draw(current);
    },
    log(line) {
      if (drawn) stream.write(CLEAR_LINE);
      io.err(line);
      if (drawn) draw(current || drawn);
    },
    finish() {
      if (drawn) stream.write(CLEAR_LINE);
      drawn = '';
    },
  };
}

/** The bar's text, cut to the terminal width (less one column, so the cursor never wraps). */
export function barLine(
  label: string,
  done: number,
  total: number,
  detail: string,
  fraction: number | undefined,
  columns: number | undefined,
): string {
  const share = total > 0 ? Math.min(1, Math.max(0, (done + (fraction ?? 0)) / total)) : 1;
  const filled = Math.round(share * BAR_WIDTH);
  const percent = fraction === undefined ? '' : ` ${Math.floor(100 * Math.min(1, Math.max(0, fraction)))}%`;
  const text = `${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${done}/${total}  ${detail}${percent}`;
  const width = columns && columns > 1 ? columns - 1 : text.length;
  return text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
}
