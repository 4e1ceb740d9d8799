export * from './exporters/export-refused.ts';
export * from './exporters/gltf.ts';
export * from './exporters/gltf-extension.ts';
export * from './exporters/gltf-extension-schema.ts';
export * from './exporters/godot.ts';
export * from './exporters/godot-soft-body.ts';
export * from './exporters/jolt.ts';
export * from './exporters/jolt-file.ts';
export * from './exporters/mujoco.ts';
export * from './exporters/runtime-conventions.ts';
export * from './from-scene.ts';
export * from './preset.ts';
export * from './read.ts';
export * from './schema.ts';

export * from './to-world.ts';
export * from './validate.ts';
export * from './write.ts';
