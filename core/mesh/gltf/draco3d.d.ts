/** draco3d ships no types; core/mesh/gltf/decoders.ts states the part it uses. */
declare module 'draco3d/draco_decoder_nodejs.js';
