import type { Command } from '../command.ts';
import { bakeCommand } from './bake.ts';
import { calibrateCommand } from './calibrate.ts';
import { checkCommand } from './check.ts';
import { exportCommand } from './export.ts';
import { inspectCommand } from './inspect.ts';
import { materialsCommand } from './materials.ts';
import { simulateCommand } from './simulate.ts';
import { tetraCommand } from './tetra.ts';
import { validateCommand } from './validate.ts';

/**
 * The command table. Each subcommand lives in its own file under cli/commands/ and is
 * listed here once; `main` dispatches by name.
 */
export const commands: readonly Command[] = [
  inspectCommand,
  tetraCommand,
  simulateCommand,
  materialsCommand,
  validateCommand,
  exportCommand,
  bakeCommand,
  calibrateCommand,
  checkCommand,
];
