/** One problem in a scene document: where (RFC 6901 JSON pointer) and what to do about it. */
export interface SceneProblem {
  pointer: string;
  message: string;
}

/** A scene document that cannot be simulated; `problems` lists every place found, first one in the message. */
export class SceneValidationError extends Error {
  override name = 'SceneValidationError';
  readonly problems: readonly SceneProblem[];
  /** JSON pointer of the first problem ('' is the document root). */
  readonly pointer: string;

  constructor(problems: readonly SceneProblem[]) {
    const first = problems[0] ?? { pointer: '', message: 'invalid scene' };
    const more =
      problems.length > 1
        ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})`
        : '';
    super(`${first.pointer || '/'}: ${first.message}${more}`);
    this.problems = problems;
    this.pointer = first.pointer;
  }
}

/** Escapes one JSON pointer reference token (RFC 6901: ~ → ~0, / → ~1). */
export function pointerToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}
