/**
 * An append-only list of doubles kept in a Float64Array grown by doubling. A plain number[] holds
 * small integers as tagged integers until the first fraction arrives, and on input with integer
 * coordinates (a cube of ±1 m) that switch comes late, in a later run, and throws away the
 * optimized code written for the integers; a typed array holds doubles from the start.
 */
export class Float64List {
  /** The storage: values[0 … length) are the list; replaced when it grows. */
  values: Float64Array;
  length = 0;

  constructor(capacity = 64) {
    this.values = new Float64Array(Math.max(1, capacity));
  }

  push(value: number): void {
    if (this.length === this.values.length) this.grow();
    this.values[this.length++] = value;
  }

  push3(x: number, y: number, z: number): void {
    if (this.length + 3 > this.values.length) this.grow();
    const v = this.values;
    v[this.length] = x;
    v[this.length + 1] = y;
    v[this.length + 2] = z;
    this.length += 3;
  }

  /** A copy of the list, exactly `length` long. */
  toArray(): Float64Array<ArrayBuffer> {
    return this.values.slice(0, this.length);
  }

  private grow(): void {
    const grown = new Float64Array(2 * this.values.length + 3);
    grown.set(this.values);
    this.values = grown;
  }
}
