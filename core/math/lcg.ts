/**
 * A linear congruential generator with Numerical Recipes' constants (a = 1664525,
 * c = 1013904223, m = 2³²): deterministic numbers for the tetrahedralizer's shuffles and jitters,
 * so that one input always gives one mesh. One class rather than a closure per use: a closure made
 * per call is a new call target each call, and V8 throws away the optimized code that called the
 * previous one (the mesher warmed up over several runs for it); a method is one target always.
 */
export class Lcg {
  /** The last 32-bit state, unsigned. */
  private state: number;

  /** `seed` as an unsigned 32-bit integer; 0 becomes 1. */
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  /** The last state (a copy of the generator elsewhere continues from it: a WebAssembly port). */
  get current(): number {
    return this.state;
  }

  /** The next state: an unsigned 32-bit integer. */
  nextUint32(): number {
    this.state = (Math.imul(this.state, 1664525) + 1013904223) >>> 0;
    return this.state;
  }

  /** The next state scaled to a uniform number in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }
}
