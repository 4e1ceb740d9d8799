export * from './format.ts';
export * from './mesh-arrays.ts';
export * from './migrations.ts';
export * from './read.ts';
export * from './schema.ts';
export * from './write.ts';
