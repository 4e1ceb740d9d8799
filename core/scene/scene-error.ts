import { DocumentError, type Problem } from '../document/problem.ts';

/**
 * Transitional names for code that still spells scene errors the old way; new code throws
 * `new DocumentError('scene', problems)` and takes `Problem` from core/document.
 * @deprecated
 */
export type SceneProblem = Problem;

/** @deprecated use `new DocumentError('scene', problems)`. */
export class SceneValidationError extends DocumentError {
  constructor(problems: readonly Problem[]) {
    super('scene', problems);
  }
}

export { pointerToken } from '../document/problem.ts';
