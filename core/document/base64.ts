/**
 * Standard base64 (RFC 4648 §4, with '=' padding), the one codec of core/ (documents' binary
 * arrays, the generated WebAssembly modules). core/ runs where neither Buffer nor atob can be
 * assumed, so the codec is written here; decoding takes the platform's native decoder where there
 * is one (Uint8Array.fromBase64 in current browsers, Buffer in Node) for text that is valid base64,
 * because the modules' 200 KB decoded in V8's interpreter cost a process's first call 3–4 ms.
 * Decoding is strict and says where the text goes wrong.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    const triple = (a << 16) | (b << 8) | c;
    chunk +=
      ALPHABET[(triple >> 18) & 63] +
      ALPHABET[(triple >> 12) & 63] +
      (i + 1 < bytes.length ? ALPHABET[(triple >> 6) & 63] : '=') +
      (i + 2 < bytes.length ? ALPHABET[triple & 63] : '=');
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

/** Valid padded base64: what the native decoders get (they skip or stop at what they do not read). */
const VALID = /^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The platform's decoders, where it has them (neither is ECMAScript). */
interface NativeBase64 {
  Uint8Array: { fromBase64?: (text: string) => Uint8Array };
  Buffer?: { from(text: string, encoding: 'base64'): Uint8Array };
}

/** Decoded bytes, or a sentence saying why the text is not base64. */
export function decodeBase64(text: string): Uint8Array | string {
  return (text.length % 4 === 0 && VALID.test(text) && decodeNative(text)) || decodeBase64Js(text);
}

/**
 * The platform's decoding of `text`, or null where it has no decoder. Only for text known to be
 * valid (decodeBase64 checks; a generated module's text is the build's own): the native decoders
 * skip or stop at what they do not read, where decodeBase64Js says what is wrong.
 */
export function decodeNative(text: string): Uint8Array | null {
  const native = globalThis as unknown as NativeBase64;
  if (native.Uint8Array.fromBase64) return native.Uint8Array.fromBase64(text);
  // A copy: a small Buffer is a view on Node's shared pool.
  if (native.Buffer) return new Uint8Array(native.Buffer.from(text, 'base64'));
  return null;
}

/** decodeBase64 in JS (the reference, and where the platform has no decoder or the text is not valid). */
export function decodeBase64Js(text: string): Uint8Array | string {
  if (text.length % 4 !== 0)
    return `is not valid base64: its length ${text.length} is not a multiple of 4 (truncated?)`;
  let padding = 0;
  if (text.endsWith('==')) padding = 2;
  else if (text.endsWith('=')) padding = 1;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    let triple = 0;
    for (let k = 0; k < 4; k++) {
      const position = i + k;
      const code = text.charCodeAt(position);
      const isPadding = code === 61 && position >= text.length - padding;
      const value = isPadding ? 0 : code < 128 ? VALUES[code] : -1;
      if (value < 0)
        return `is not valid base64: unexpected character ${JSON.stringify(text[position])} at offset ${position}`;
      triple = (triple << 6) | value;
    }
    if (o < out.length) out[o++] = (triple >> 16) & 255;
    if (o < out.length) out[o++] = (triple >> 8) & 255;
    if (o < out.length) out[o++] = triple & 255;
  }
  return out;
}
