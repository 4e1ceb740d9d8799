import { decodeBase64, decodeNative } from '../../document/base64.ts';

/**
 * The bytes of a generated WebAssembly module (a *-wasm.ts constant): the platform's decoder
 * unchecked where there is one (the text is the build's own, and compiling the module validates
 * every byte), else core/document/base64.ts's, throwing, since a problem in the text is a fault of
 * the build. The check's pattern over 200 KB cost a first call 1.4 ms.
 */
export function decodeModuleBase64(text: string): Uint8Array {
  const bytes = decodeNative(text) ?? decodeBase64(text);
  if (typeof bytes === 'string') throw new RangeError(`A generated module ${bytes}`);
  return bytes;
}
