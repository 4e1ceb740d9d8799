/**
 * The sentence to show for a failure: host calls reject with plain `{ name, message }`
 * objects (they cross IPC), workers and parsers with Errors.
 */
import { isHostError } from '../../../contract/host-api.ts';

export function describeError(error: unknown): string {
  if (error instanceof Error || isHostError(error)) return error.message;
  return String(error);
}
