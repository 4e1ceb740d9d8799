const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Decodes standard base64 (RFC 4648, with '=' padding) into bytes. core/ cannot count on `atob`
 * or `Buffer` (neither is ECMAScript), and the generated kernel module is base64 text.
 */
export function decodeBase64(text: string): Uint8Array {
  const table = new Int16Array(128).fill(-1);
  for (let k = 0; k < ALPHABET.length; k++) table[ALPHABET.charCodeAt(k)] = k;
  const clean = text.replace(/=+$/, '');
  if (text.length % 4 !== 0) throw new RangeError(`base64: length ${text.length} is not a multiple of 4`);
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let held = 0;
  let o = 0;
  for (let k = 0; k < clean.length; k++) {
    const code = clean.charCodeAt(k);
    const value = code < 128 ? table[code] : -1;
    if (value < 0) throw new RangeError(`base64: invalid character at ${k}`);
    bits = (bits << 6) | value;
    held += 6;
    if (held >= 8) {
      held -= 8;
      out[o++] = (bits >>> held) & 0xff;
    }
  }
  return out;
}
