import { INPUT_LIMITS, overLimit } from '../limits.ts';
import { childPointer, type Problem } from './problem.ts';

/**
 * The nesting budget for parsed JSON. JSON.parse itself is iterative and reads any depth, but
 * everything after it (schema checks, migrations, cloning, structuredClone across IPC) recurses,
 * so a document nested thousands deep overflowed the stack far from the reader. Readers call this
 * on the parsed value first and refuse with their typed error at the pointer this returns.
 */

interface Frame {
  value: object;
  depth: number;
  parent: Frame | undefined;
  token: string | number;
}

/**
 * The first array or object nested deeper than INPUT_LIMITS.jsonDepth (the root is depth 1), as
 * a problem at its JSON pointer under `base`; undefined when `value` is within the budget.
 * Iterative, and it stops at the first container past the limit, so it cannot overflow itself.
 */
export function nestingProblem(value: unknown, base = ''): Problem | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const limit = INPUT_LIMITS.jsonDepth;
  const stack: Frame[] = [{ value, depth: 1, parent: undefined, token: '' }];
  // Values built in code may share or cycle; each object is walked once.
  const seen = new Set<object>();
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (seen.has(frame.value)) continue;
    seen.add(frame.value);
    if (frame.depth > limit) {
      return {
        pointer: pointerOf(frame, base),
        message: overLimit('jsonDepth', `arrays and objects are nested ${frame.depth} deep here`),
      };
    }
    const children = Array.isArray(frame.value)
      ? frame.value.map((child, i) => [i, child] as const)
      : Object.entries(frame.value);
    for (let k = children.length - 1; k >= 0; k--) {
      const [token, child] = children[k];
      if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, depth: frame.depth + 1, parent: frame, token });
      }
    }
  }
  return undefined;
}

function pointerOf(frame: Frame, base: string): string {
  const tokens: (string | number)[] = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) tokens.push(f.token);
  return childPointer(base, ...tokens.reverse());
}
