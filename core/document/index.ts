export * from './base64.ts';
export * from './binary-array.ts';
export * from './canonical-json.ts';
export * from './json-depth.ts';
export * from './migrations.ts';
export * from './problem.ts';
export * from './schema-check.ts';
