import { expect } from 'vitest';
import { DocumentError } from '../../../core/document/problem.ts';
import { readProject } from '../../../core/project/index.ts';

/** The message readProject refuses `text` with (as file p.sbproj); fails the test if it reads it. */
export function problemOf(text: string): string {
  try {
    readProject(text, 'p.sbproj');
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    return (error as Error).message;
  }
  throw new Error('expected a DocumentError');
}
