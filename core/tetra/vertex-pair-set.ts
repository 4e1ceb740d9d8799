/**
 * A set of unordered vertex pairs (edges), by open addressing in typed arrays: no allocation
 * per query, unlike a Set of composite keys. Vertex ids must be below 2²⁶ (the key lo·2²⁶ + hi
 * is then an exact double).
 */
export class VertexPairSet {
  private keys = new Float64Array(1024);
  private used = new Uint8Array(1024);
  private size = 0;

  /** Adds edge (a, b); returns false when it was already in. */
  add(a: number, b: number): boolean {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const key = pairKey(a, b);
    const mask = this.keys.length - 1;
    for (let h = slotOf(a, b, mask); ; h = (h + 1) & mask) {
      if (!this.used[h]) {
        this.used[h] = 1;
        this.keys[h] = key;
        this.size++;
        return true;
      }
      if (this.keys[h] === key) return false;
    }
  }

  /** Whether edge (a, b) is in. */
  has(a: number, b: number): boolean {
    const key = pairKey(a, b);
    const mask = this.keys.length - 1;
    for (let h = slotOf(a, b, mask); this.used[h]; h = (h + 1) & mask) if (this.keys[h] === key) return true;
    return false;
  }

  private grow(): void {
    const keys = this.keys;
    const used = this.used;
    this.keys = new Float64Array(2 * keys.length);
    this.used = new Uint8Array(2 * keys.length);
    const mask = this.keys.length - 1;
    for (let k = 0; k < keys.length; k++) {
      if (!used[k]) continue;
      const hi = keys[k] % 67108864;
      const lo = (keys[k] - hi) / 67108864;
      let h = slotOf(lo, hi, mask);
      while (this.used[h]) h = (h + 1) & mask;
      this.used[h] = 1;
      this.keys[h] = keys[k];
    }
  }
}

function pairKey(a: number, b: number): number {
  return a < b ? a * 67108864 + b : b * 67108864 + a;
}

function slotOf(a: number, b: number, mask: number): number {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return (Math.imul(lo, 73856093) ^ Math.imul(hi, 19349663)) & mask;
}
