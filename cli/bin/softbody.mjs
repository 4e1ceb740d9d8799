#!/usr/bin/env node
// Entry point of the `softbody` command: loads the TypeScript CLI through tsx so that the
// command runs straight from a checkout after `npm install`, with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../main.ts');
process.exitCode = await main(process.argv.slice(2));
