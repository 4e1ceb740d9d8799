import type { Command } from '../command.ts';

/**
 * The command table. Each subcommand lives in its own file under cli/commands/ and is
 * listed here once; `main` dispatches by name.
 */
export const commands: readonly Command[] = [];
