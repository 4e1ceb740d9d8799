/** Material calibration: standard scenes with analytic answers, run to rest at several substep counts. */
export * from './analytic.ts';
export * from './calibrate.ts';
export * from './drift-check.ts';
export * from './scenes.ts';
export * from './settle.ts';
