import { childPointer } from '../document/problem.ts';

/**
 * The one finite-check over what the solver reports. A blown-up run does not always show in the
 * positions first: an energy can overflow, a pin force divide by a vanishing substep, a ratio
 * compare two infinities. So every figure a command prints goes through `firstNonFinite` once,
 * and a NaN or an infinity becomes a SimulationDivergedError naming the figure, instead of a
 * `null` in the JSON (or a NaN cell in a trace) with exit code 0.
 */

/**
 * The JSON pointer of the first number in `value` that is NaN or infinite, in document order
 * (objects by key order, arrays and typed arrays by index); undefined when every number is
 * finite. Walks plain objects, arrays and typed arrays; strings, booleans and null are skipped.
 */
export function firstNonFinite(value: unknown, pointer = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : pointer;
  if (typeof value !== 'object' || value === null) return undefined;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const numbers = value as unknown as ArrayLike<number | bigint>;
    for (let i = 0; i < numbers.length; i++) {
      const v = numbers[i];
      if (typeof v === 'number' && !Number.isFinite(v)) return childPointer(pointer, i);
    }
    return undefined;
  }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  for (const [key, child] of entries) {
    const found = firstNonFinite(child, childPointer(pointer, key));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Where in a run a figure went non-finite. */
export interface RunPlace {
  /** The frame it was first seen at, from 1 (0: before the first frame). */
  frame: number;
  /** Simulated time at the end of that frame, s. */
  timeS: number;
}

/**
 * A run whose figures are no longer numbers: the solver diverged (or a figure overflowed). Carries
 * the figure's JSON pointer in the report it came from, the body when the pointer names one
 * (`/bodies/NAME/...`) and the frame; the message says all three and what usually helps.
 */
export class SimulationDivergedError extends Error {
  override name = 'SimulationDivergedError';
  readonly figure: string;
  readonly body: string | undefined;
  readonly frame: number;
  readonly timeS: number;

  constructor(figure: string, value: unknown, place: RunPlace, body?: string) {
    const at = `frame ${place.frame} (t = ${Number(place.timeS.toPrecision(6))} s)`;
    super(
      `the run diverged: ${figure || '/'} is ${String(value)} at ${at}` +
        `${body === undefined ? '' : ` in body '${body}'`}; ` +
        'a smaller time step, more substeps or stiffer pins usually keep it finite',
    );
    this.figure = figure;
    this.body = body;
    this.frame = place.frame;
    this.timeS = place.timeS;
  }
}

/**
 * Throws SimulationDivergedError for the first non-finite number of `report` (its pointer is
 * relative to the report; bodies are found under `/bodies/NAME` or `/bodies/INDEX/name`).
 */
export function assertFiniteReport(report: unknown, place: RunPlace): void {
  const figure = firstNonFinite(report);
  if (figure === undefined) return;
  throw new SimulationDivergedError(figure, valueAt(report, figure), place, bodyOf(report, figure));
}

/** The value at a JSON pointer of `document` (undefined when the path is missing). */
function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const token of tokens(pointer)) node = (node as Record<string, unknown> | undefined)?.[token];
  return node;
}

/** The body a pointer `/bodies/KEY/...` names: the key, or the `name` of the body at that index. */
function bodyOf(document: unknown, pointer: string): string | undefined {
  const [first, key] = tokens(pointer);
  if (first !== 'bodies' || key === undefined) return undefined;
  const body = valueAt(document, `/bodies/${pointer.split('/')[2]}`);
  const name = (body as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : key;
}

function tokens(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}
