/**
 * UTF-8 bytes of a string without platform helpers: core/ compiles without DOM or Node types, so
 * TextEncoder is not in scope. Lone surrogates become U+FFFD, as TextEncoder writes them.
 */
export function utf8Bytes(text: string): Uint8Array {
  // At most 3 bytes per UTF-16 code unit (a surrogate pair's 4 bytes cover two units).
  const out = new Uint8Array(3 * text.length);
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      out[o++] = code;
      continue;
    }
    if (code < 0x800) {
      out[o++] = 0xc0 | (code >> 6);
      out[o++] = 0x80 | (code & 63);
      continue;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const point = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        out[o++] = 0xf0 | (point >> 18);
        out[o++] = 0x80 | ((point >> 12) & 63);
        out[o++] = 0x80 | ((point >> 6) & 63);
        out[o++] = 0x80 | (point & 63);
        i++;
        continue;
      }
      code = 0xfffd;
    }
    out[o++] = 0xe0 | (code >> 12);
    out[o++] = 0x80 | ((code >> 6) & 63);
    out[o++] = 0x80 | (code & 63);
  }
  return out.slice(0, o);
}
