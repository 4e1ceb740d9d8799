const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const sextets = new Int16Array(128).fill(-1);
for (let i = 0; i < alphabet.length; i++) sextets[alphabet.charCodeAt(i)] = i;

/** True for `data:` URIs, which embed a buffer in the glTF JSON. */
export function isDataUri(uri: string): boolean {
  return uri.slice(0, 5).toLowerCase() === 'data:';
}

/**
 * Decodes a base64 `data:` URI to bytes; returns a sentence describing the problem
 * instead when it is not one (kept here, not in a platform `atob`/`Buffer`, so that core
 * runs the same in Node, workers and the browser).
 */
export function decodeDataUri(uri: string): Uint8Array | string {
  const comma = uri.indexOf(',');
  if (comma < 0) return 'the data URI has no comma before its data';
  const header = uri.slice(5, comma).toLowerCase();
  if (!header.split(';').includes('base64')) return 'only base64 data URIs are supported';
  const text = uri.slice(comma + 1).replace(/[\s]/g, '');
  let end = text.length;
  while (end > 0 && text[end - 1] === '=') end--;
  if (text.length - end > 2 || end % 4 === 1) return 'the data URI is not valid base64 (wrong length)';
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let bits = 0;
  let count = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? sextets[code] : -1;
    if (value < 0) return `the data URI is not valid base64 (character '${text[i]}' at ${i})`;
    bits = ((bits << 6) | value) & 0xffff;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[o++] = (bits >> count) & 0xff;
    }
  }
  return out;
}
