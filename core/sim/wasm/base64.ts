import { decodeBase64 } from '../../document/base64.ts';

/**
 * The bytes of a generated WebAssembly module (a *-wasm.ts constant): core/document/base64.ts's
 * decoder, throwing, since the text is the build's own and a problem in it is a fault of the build.
 */
export function decodeModuleBase64(text: string): Uint8Array {
  const bytes = decodeBase64(text);
  if (typeof bytes === 'string') throw new RangeError(`A generated module ${bytes}`);
  return bytes;
}
