/**
 * The decoders of compressed glTF geometry, loaded on first use: a file without
 * KHR_draco_mesh_compression or EXT_meshopt_compression never loads either module.
 *
 * meshoptimizer carries its WebAssembly inline and runs anywhere. draco3d is an emscripten
 * module: under Node it reads draco_decoder.wasm from beside its own script; a page or a worker
 * has no such file, so its host hands the bytes over once with `setDracoWasmSource` (the
 * renderer's import worker does, from its bundle).
 */

/** draco3d's decoder factory (the package's draco_decoder_nodejs.js; it ships no types). */
type DracoDecoderFactory = (options: { wasmBinary?: Uint8Array }) => Promise<object>;

/** Gives the bytes of draco3d's `draco_decoder.wasm`. */
export type DracoWasmSource = () => Promise<Uint8Array>;

let dracoWasmSource: DracoWasmSource | undefined;
let dracoModule: Promise<object> | undefined;
let meshoptModule: Promise<MeshoptDecoderModule> | undefined;

/** What EXTMeshoptCompression asks of its 'meshopt.decoder' dependency. */
export type MeshoptDecoderModule = typeof import('meshoptimizer/decoder').MeshoptDecoder;

/** Sets where draco3d's WebAssembly comes from, for hosts without the package's files (pages, workers). */
export function setDracoWasmSource(source: DracoWasmSource): void {
  dracoWasmSource = source;
  dracoModule = undefined;
}

/** draco3d's decoder module (the 'draco3d.decoder' dependency of KHRDracoMeshCompression). */
export function dracoDecoderModule(): Promise<object> {
  dracoModule ??= (async () => {
    // The decoder alone: the package's main module brings the encoder too.
    const imported = await import('draco3d/draco_decoder_nodejs.js');
    const createDecoderModule = (imported.default ?? imported) as DracoDecoderFactory;
    const wasmBinary = dracoWasmSource ? await dracoWasmSource() : undefined;
    return createDecoderModule(wasmBinary ? { wasmBinary } : {});
  })();
  // A failed load (no WebAssembly, a missing file) is tried again by the next file.
  dracoModule.catch(() => {
    dracoModule = undefined;
  });
  return dracoModule;
}

/** meshoptimizer's decoder, ready (the 'meshopt.decoder' dependency of EXTMeshoptCompression). */
export function meshoptDecoderModule(): Promise<MeshoptDecoderModule> {
  meshoptModule ??= (async () => {
    const { MeshoptDecoder } = await import('meshoptimizer/decoder');
    await MeshoptDecoder.ready;
    return MeshoptDecoder;
  })();
  meshoptModule.catch(() => {
    meshoptModule = undefined;
  });
  return meshoptModule;
}
