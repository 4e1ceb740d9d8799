import { parseArgs } from 'node:util';
import { LENGTH_UNITS, type LengthUnit } from '../core/mesh/options.ts';
import { withSuggestion } from './close-names.ts';
import { UsageError } from './command.ts';

/**
 * The one argument parser of every command (node:util parseArgs): `--opt value` and
 * `--opt=value`, `-o value`, `--` before file names that start with a dash, and `-` as a file
 * name (standard input or output). Unknown options are refused with the close ones named.
 */

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Repeatable: the values in argument order. */
  multiple?: boolean;
}

export type OptionSpecs = Record<string, OptionSpec>;

/** What every command takes: `main` answers --help before the command runs. */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
} as const satisfies OptionSpecs;

type Value<S extends OptionSpec> = S['type'] extends 'boolean'
  ? boolean
  : S['multiple'] extends true
    ? string[]
    : string;

export type OptionValues<S extends OptionSpecs> = { [K in keyof S]?: Value<S[K]> };

export interface ParsedArgs<S extends OptionSpecs> {
  values: OptionValues<S & typeof COMMON_OPTIONS>;
  positionals: string[];
}

export function parseCommandArgs<S extends OptionSpecs>(
  command: string,
  args: readonly string[],
  options: S,
): ParsedArgs<S> {
  const specs: OptionSpecs = { ...COMMON_OPTIONS, ...options };
  // Not strict: this loop gives the messages (a strict parse would refuse '--pin -1,0,0,…').
  const { tokens } = parseArgs({
    args: [...args],
    options: specs,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | boolean | string[]> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const spec = Object.hasOwn(specs, token.name) ? specs[token.name] : undefined;
    if (!spec) {
      throw new UsageError(
        withSuggestion(
          `unknown option '${token.rawName}'`,
          token.name,
          Object.keys(specs),
          `Run 'softbody ${command} --help'.`,
          (name) => `--${name}`,
        ),
      );
    }
    if (spec.type === 'boolean') {
      if (token.value !== undefined)
        throw new UsageError(`${token.rawName} takes no value, got '${token.value}'`);
      values[token.name] = true;
      continue;
    }
    // '--material --json': the next word is an option, not this one's value (a negative number is).
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--')))
      throw new UsageError(`${token.rawName} needs a value`);
    if (spec.multiple)
      values[token.name] = [...((values[token.name] as string[] | undefined) ?? []), token.value];
    else values[token.name] = token.value;
  }
  return { values: values as ParsedArgs<S>['values'], positionals };
}

/** The one file a command takes; UsageError naming `what` when there is none or more. */
export function onePositional(command: string, positionals: readonly string[], what: string): string {
  if (positionals.length === 1) return positionals[0];
  throw new UsageError(
    positionals.length === 0
      ? `no ${what} given. Run 'softbody ${command} --help'.`
      : `one ${what} expected, got ${positionals.length}: ${positionals.map((p) => `'${p}'`).join(', ')}`,
  );
}

/** `text` as a number that passes `ok`; UsageError "FLAG needs WHAT, got 'TEXT'" otherwise. */
export function numberOption(flag: string, text: string, what: string, ok: (v: number) => boolean): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || !ok(v))
    throw new UsageError(`${flag} needs ${what}, got '${text}'`);
  return v;
}

/** `text` if it is one of `choices`; UsageError listing them (and the close one) otherwise. */
export function choiceOption<T extends string>(flag: string, text: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(text)) return text as T;
  const quoted = choices.map((c) => `'${c}'`);
  const list = quoted.length === 2 ? `${quoted[0]} or ${quoted[1]}` : `one of ${quoted.join(', ')}`;
  throw new UsageError(withSuggestion(`${flag} must be ${list}, got '${text}'`, text, choices));
}

/** The options that place a mesh file in the tool's metres and Y-up frame (inspect, tetra, bake). */
export const MESH_FRAME_OPTIONS = {
  scale: { type: 'string' },
  units: { type: 'string' },
  up: { type: 'string' },
} as const;

/** Their help lines, aligned at `column`. */
export function meshFrameHelp(column: number): string {
  const line = (flag: string, text: string) => `  ${flag.padEnd(column - 2)}${text}`;
  return [
    line('--units U', `the file's length unit: ${Object.keys(LENGTH_UNITS).join(', ')} (default m)`),
    line('--scale S', 'metres per file unit instead (e.g. 0.01 for centimetres)'),
    line('--up y|z', "the file's up axis; z converts Z-up to the tool's Y-up; default y"),
  ].join('\n');
}

/** --units or --scale (not both) as metres per file unit, and --up; defaults 1 and 'y'. */
export function meshFrame(values: { scale?: string; units?: string; up?: string }): {
  scale: number;
  upAxis: 'y' | 'z';
} {
  if (values.scale !== undefined && values.units !== undefined)
    throw new UsageError('give either --units or --scale, not both');
  const scale =
    values.units !== undefined
      ? LENGTH_UNITS[choiceOption('--units', values.units, Object.keys(LENGTH_UNITS) as LengthUnit[])]
      : values.scale !== undefined
        ? numberOption('--scale', values.scale, 'a positive number of metres per unit', (v) => v > 0)
        : 1;
  const upAxis = values.up === undefined ? 'y' : choiceOption('--up', values.up, ['y', 'z'] as const);
  return { scale, upAxis };
}
