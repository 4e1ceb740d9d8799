/**
 * A key of a value's content: numbers, strings, booleans, typed arrays and nested arrays and
 * objects (keys in sorted order) are read word by word into two independent 32-bit hashes, so two
 * values with the same key hold the same data (a collision needs both 32-bit hashes to agree:
 * about 1 in 2⁶⁴ per pair). Used to reuse a costly result derived from a compiled body when the
 * editor rebuilds a world whose body did not change (fundamental-mode.ts); hashing reads each
 * word once, far cheaper than what it saves.
 */
export function contentKey(value: unknown): string {
  const hash = new ContentHash();
  hash.add(value);
  return hash.key();
}

class ContentHash {
  private a = 0x811c9dc5;
  private b = 0x9e3779b9;
  private words = 0;

  private word(w: number): void {
    // FNV-1a on one lane, a multiply-rotate mix on the other: two unrelated 32-bit hashes.
    this.a = Math.imul(this.a ^ w, 0x01000193);
    let b = this.b ^ Math.imul(w, 0xcc9e2d51);
    b = (b << 13) | (b >>> 19);
    this.b = (Math.imul(b, 5) + 0xe6546b64) | 0;
    this.words++;
  }

  private text(s: string): void {
    this.word(s.length);
    for (let i = 0; i < s.length; i++) this.word(s.charCodeAt(i));
  }

  add(value: unknown): void {
    if (value === null || value === undefined) this.word(value === null ? 1 : 2);
    else if (typeof value === 'number') {
      scratch[0] = value;
      this.word(3);
      this.word(scratchWords[0]);
      this.word(scratchWords[1]);
    } else if (typeof value === 'string') {
      this.word(4);
      this.text(value);
    } else if (typeof value === 'boolean') this.word(value ? 5 : 6);
    else if (typeof value !== 'object')
      this.word(7); // functions, symbols: no data by value
    else if (ArrayBuffer.isView(value)) this.view(value);
    else if (Array.isArray(value)) {
      this.word(9);
      this.word(value.length);
      for (const item of value) this.add(item);
    } else {
      this.word(10);
      const record = value as Record<string, unknown>;
      for (const name of Object.keys(record).sort()) {
        this.text(name);
        this.add(record[name]);
      }
    }
  }

  /** A typed array or DataView: its type, length and bytes, word by word. */
  private view(value: ArrayBufferView): void {
    this.word(8);
    this.text(value.constructor.name);
    this.word(value.byteLength);
    // A view that is not 4-byte aligned is read from an aligned copy.
    const aligned =
      value.byteOffset % 4 === 0
        ? value
        : new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
    const whole = aligned.byteLength >>> 2;
    const words = new Uint32Array(aligned.buffer, aligned.byteOffset, whole);
    for (let i = 0; i < whole; i++) this.word(words[i]);
    const bytes = new Uint8Array(
      aligned.buffer,
      aligned.byteOffset + 4 * whole,
      aligned.byteLength - 4 * whole,
    );
    for (const byte of bytes) this.word(byte);
  }

  key(): string {
    return `${(this.a >>> 0).toString(16)}-${(this.b >>> 0).toString(16)}-${this.words}`;
  }
}

const scratch = new Float64Array(1);
const scratchWords = new Uint32Array(scratch.buffer);
