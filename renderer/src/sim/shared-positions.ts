/**
 * Positions from the simulation worker to the page through one SharedArrayBuffer, without a
 * postMessage copy per frame: a lock-free triple buffer. Three slots of positions (m, xyz
 * interleaved); at any moment the writer (worker) owns one, the reader (page) owns one and the
 * third is the "middle" slot, the newest complete frame not yet taken. The writer fills its own
 * slot and swaps it with the middle one; the reader, when the middle slot is marked fresh, swaps
 * its slot with the middle one. Both swaps are one Atomics.exchange on the same control word,
 * so a slot changes hands only as a whole: the reader never sees a frame half written, and the
 * writer never waits for the reader (a frame the reader did not take is overwritten, as a
 * postMessage queue would have been drained to its latest entry).
 *
 * The exchange is sequentially consistent: the writer's plain stores into its slot happen before
 * its exchange, which the reader's exchange of the same word reads from, so they are visible to
 * the reader once it owns the slot.
 *
 * Only where the page is cross-origin isolated (`crossOriginIsolated`): elsewhere
 * SharedArrayBuffer cannot be posted and positions travel in the frame message.
 */

/** Control word layout: bits 0–1 the middle slot's index, bit 2 set when it holds a frame not yet read. */
const SLOT_MASK = 0b011;
const FRESH = 0b100;
/** Int32 words before the slots: the control word, then each slot's frame number. */
const HEADER_WORDS = 4;
const CONTROL = 0;
const SLOTS = 3;

/** Bytes of the shared buffer for `particleCount` particles: the header and three slots of xyz float32. */
export function sharedPositionsBytes(particleCount: number): number {
  return HEADER_WORDS * 4 + SLOTS * particleCount * 3 * 4;
}

/** A fresh buffer for `particleCount` particles: the writer owns slot 0, the middle is slot 1 (not fresh), the reader slot 2. */
export function createSharedPositions(particleCount: number): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(sharedPositionsBytes(particleCount));
  Atomics.store(new Int32Array(buffer, 0, HEADER_WORDS), CONTROL, 1);
  return buffer;
}

/** Whether this context can share memory with a worker (the page, or a worker it started, is cross-origin isolated). */
export function canSharePositions(scope: { crossOriginIsolated?: boolean } = globalThis): boolean {
  return scope.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
}

function slotViews(buffer: SharedArrayBuffer): { header: Int32Array; slots: Float32Array[] } {
  const floats = (buffer.byteLength - HEADER_WORDS * 4) / 4 / SLOTS;
  if (!Number.isInteger(floats) || floats % 3 !== 0) {
    throw new Error(`shared positions: ${buffer.byteLength} bytes is not a header and three xyz slots`);
  }
  const header = new Int32Array(buffer, 0, HEADER_WORDS);
  const slots = [0, 1, 2].map((s) => new Float32Array(buffer, HEADER_WORDS * 4 + s * floats * 4, floats));
  return { header, slots };
}

/** The worker's side: publishes each frame's positions. */
export class SharedPositionsWriter {
  private readonly header: Int32Array;
  private readonly slots: Float32Array[];
  private slot = 0;

  constructor(readonly buffer: SharedArrayBuffer) {
    ({ header: this.header, slots: this.slots } = slotViews(buffer));
  }

  /** Copies `positions` (m, xyz) into the writer's slot and makes it the newest frame, numbered `frame`. */
  publish(positions: Float32Array, frame: number): void {
    const target = this.slots[this.slot];
    if (positions.length !== target.length) {
      throw new Error(`shared positions: ${positions.length} floats for slots of ${target.length}`);
    }
    target.set(positions);
    this.header[1 + this.slot] = frame;
    this.slot = Atomics.exchange(this.header, CONTROL, this.slot | FRESH) & SLOT_MASK;
  }
}

/** The page's side: takes the newest published frame. */
export class SharedPositionsReader {
  private readonly header: Int32Array;
  private readonly slots: Float32Array[];
  private slot = 2;

  constructor(readonly buffer: SharedArrayBuffer) {
    ({ header: this.header, slots: this.slots } = slotViews(buffer));
  }

  /**
   * Takes the newest frame the writer published since the last call, or returns false when there
   * is none (the reader's slot keeps what it had). After true, `positions` and `frame` are that
   * frame's until the next call that returns true.
   */
  acquire(): boolean {
    if ((Atomics.load(this.header, CONTROL) & FRESH) === 0) return false;
    this.slot = Atomics.exchange(this.header, CONTROL, this.slot) & SLOT_MASK;
    return true;
  }

  /** The reader's slot (a view into the shared buffer; the writer never touches it while the reader owns it). */
  get positions(): Float32Array {
    return this.slots[this.slot];
  }

  /** The frame number the writer gave the reader's slot (0 before any frame: the slot is empty). */
  get frame(): number {
    return this.header[1 + this.slot];
  }
}
