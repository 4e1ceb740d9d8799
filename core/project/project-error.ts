/** One problem in a project document: where (RFC 6901 JSON pointer) and what to do about it. */
export interface ProjectProblem {
  pointer: string;
  message: string;
}

/** A project file that cannot be opened; names the file and the first problem's place. */
export class ProjectReadError extends Error {
  override name = 'ProjectReadError';
  readonly problems: readonly ProjectProblem[];

  constructor(
    readonly file: string,
    problems: readonly ProjectProblem[],
  ) {
    const first = problems[0] ?? { pointer: '', message: 'not a valid project' };
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super(`${file}: ${first.pointer || '/'}: ${first.message}${more}`);
    this.problems = problems;
  }
}
