#!/usr/bin/env node
// `npm test`: typecheck, lint, unit tests, e2e tests, in that order; stops at the first
// failing stage and closes with one summary line of the tests that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const stages = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'unit', command: ['npx', 'vitest', 'run'], report: 'test-results/unit.json' },
  {
    name: 'e2e',
    command: ['npx', 'vitest', 'run', '--config', 'vitest.e2e.config.ts'],
    report: 'test-results/e2e.json',
  },
];

mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
let failedStage = null;

for (const stage of stages) {
  console.log(`\n[test] ${stage.name}`);
  const args = stage.report
    ? [
        ...stage.command.slice(1),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${stage.report}`,
      ]
    : stage.command.slice(1);
  const result = spawnSync(stage.command[0], args, { stdio: 'inherit' });
  if (stage.report && existsSync(stage.report)) {
    const report = JSON.parse(readFileSync(stage.report, 'utf8'));
    const skipped = report.numPendingTests + report.numTodoTests;
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += skipped;
    lines.push(
      `${stage.name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
    );
  }
  if (result.status !== 0) {
    failedStage = stage.name;
    break;
  }
}

console.log('');
for (const line of lines) console.log(line);
if (failedStage) console.log(`[test] stage '${failedStage}' failed`);
console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStage ? 1 : 0);
