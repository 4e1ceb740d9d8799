import type { BodyRuntime } from './body-runtime.ts';
import { TORN_COMPLIANCE } from './constraints/block.ts';
import type { RowIndex } from './constraints/compliance-table.ts';
import type { EdgeDamperBlock } from './constraints/edge-damper.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import { kindOps, type TearArrays } from './constraints/kinds.ts';
import type { ParticleState } from './state.ts';
import { TearSpread } from './tear-spread.ts';

export { TORN_COMPLIANCE } from './constraints/block.ts';

/** One tearable block: its breaking thresholds and what tearing changed. */
interface TearBlock {
  readonly body: BodyRuntime;
  readonly block: ConstraintBlock;
  /** Per constraint in block order, in the kind's force unit (kinds.ts forceUnit); 0 never breaks. */
  readonly breakAt: Float64Array;
  readonly arrays: TearArrays;
  /** The stiffness limit's own copies of the compliances (neo-Hookean), torn along with the block's. */
  readonly limitArrays: readonly Float64Array[];
  /** Values before tearing, same layout as `arrays` then `limitArrays`. */
  readonly saved: Float64Array[];
  readonly savedDamping: Float64Array[];
  /** The compliance row of each constraint before tearing (`arrays.rows`), or null. */
  readonly savedRows: RowIndex | null;
  /** What each constraint carried in the last substep, scratch. */
  readonly measured: Float64Array;
  /** 1 alive, 0 torn, per constraint in block order. */
  readonly alive: Uint8Array;
  readonly onReset: (() => void) | null;
  /** Per constraint (block order), the edge dampers (ids into Tearing's damper arrays) along its edges. */
  readonly dampers: readonly (readonly number[])[];
}

/** The edge dampers of torn elements: each damper stops when every element along its edge is torn. */
interface EdgeDampers {
  readonly blocks: EdgeDamperBlock[];
  readonly index: number[];
  /** Elements along each damper's edge that are still whole, and how many there were. */
  readonly live: Int32Array;
  readonly total: Int32Array;
  readonly saved: Float64Array;
}

/**
 * Breaking of constraints whose force exceeds their group's breaking stress (scene GroupSpec
 * `breakingStressPa`, turned into each kind's force unit by core/setup/breaking.ts). At the end of
 * every substep each tearable block measures its constraints (constraint-force.ts) and tears, in
 * body, block and constraint order, every one whose tension is above its threshold: the same input
 * always tears the same constraints in the same order. A torn element stays torn until `reset`.
 *
 * What tears: rope links and edge springs (cloth edges, edges-volume tets), cloth membrane
 * triangles and neo-Hookean tets. Particles are not duplicated: the element between them goes, so
 * a torn rope is two ropes, a torn cloth a set of triangles no longer tied across the torn ones,
 * and a tet detaches from its neighbours only once its face neighbours tear too. Bending hinges
 * and nodal-volume stars that span a torn element stop with it (tear-spread.ts states the rule);
 * an edge damper (edge-damper.ts) stops once every membrane triangle or tet along its edge has torn. A body that has torn loses its modal
 * damping (modal-damping.ts) until reset: the mode it damped is gone; constraint damping stays.
 */
export class Tearing {
  private constructor(
    private readonly blocks: readonly TearBlock[],
    private readonly edgeDampers: EdgeDampers,
    /** Bending hinges and volume stars over the tearable elements; null when there are none. */
    private readonly spread: TearSpread | null,
  ) {}

  /** Torn constraints so far (kept by afterSubstep and reset). */
  private torn = 0;

  /** The tearing of `runtimes`, or null when no block has a breaking threshold. */
  static create(runtimes: readonly BodyRuntime[]): Tearing | null {
    const blocks: TearBlock[] = [];
    const damperBlocks: EdgeDamperBlock[] = [];
    const damperIndex: number[] = [];
    const damperElements: number[] = [];
    for (const body of runtimes) {
      // Edge dampers by their edge (world indices, smaller first).
      const damperOf = new Map<string, number>();
      for (const block of body.blocks) {
        if (block.kind !== 'edge-damper') continue;
        for (let c = 0; c < block.count; c++) {
          const a = block.particles[2 * c];
          const b = block.particles[2 * c + 1];
          damperOf.set(a < b ? `${a},${b}` : `${b},${a}`, damperBlocks.length);
          damperBlocks.push(block);
          damperIndex.push(c);
          damperElements.push(0);
        }
      }
      body.blocks.forEach((block, i) => {
        const breakAt = body.breakAt?.[i];
        const tear = kindOps(block).tear;
        if (!breakAt || !tear || !breakAt.some((f) => f > 0)) return;
        const arrays = tear(block);
        // An array listed twice would save its torn value as the second's, and reset would restore that.
        if (new Set(arrays.compliance).size !== arrays.compliance.length) {
          throw new Error(`tearing: the ${block.kind} block lists one compliance array twice`);
        }
        const limit = body.stiffnessLimit?.block === block ? body.stiffnessLimit : undefined;
        const limitArrays = limit ? [limit.complianceDeviatoric, limit.complianceHydrostatic] : [];
        const dampers: number[][] = [];
        for (let c = 0; c < block.count; c++) {
          const list: number[] = [];
          for (let j = 0; j < block.arity && block.arity > 2; j++) {
            for (let k = j + 1; k < block.arity; k++) {
              const a = block.particles[block.arity * c + j];
              const b = block.particles[block.arity * c + k];
              const id = damperOf.get(a < b ? `${a},${b}` : `${b},${a}`);
              if (id === undefined) continue;
              list.push(id);
              damperElements[id]++;
            }
          }
          dampers.push(list);
        }
        blocks.push({
          body,
          block,
          breakAt,
          arrays,
          limitArrays,
          saved: [...arrays.compliance, ...limitArrays].map((a) => a.slice()),
          savedDamping: arrays.damping.map((a) => a.slice()),
          savedRows: arrays.rows ? arrays.rows.index.slice() : null,
          measured: new Float64Array(block.count),
          alive: new Uint8Array(block.count).fill(1),
          onReset: limit ? () => limit.refresh() : null,
          dampers,
        });
      });
    }
    if (blocks.length === 0) return null;
    const total = Int32Array.from(damperElements);
    const tearingBodies = runtimes.filter((body) => blocks.some((entry) => entry.body === body));
    return new Tearing(
      blocks,
      {
        blocks: damperBlocks,
        index: damperIndex,
        live: total.slice(),
        total,
        saved: new Float64Array(damperBlocks.length),
      },
      TearSpread.create(tearingBodies, TORN_COMPLIANCE),
    );
  }

  /**
   * Measures every tearable constraint after a substep h (s) and tears those above their threshold;
   * returns how many tore. `changed` gets each element it tore, whose compliances it rewrote.
   */
  afterSubstep(
    state: ParticleState,
    h: number,
    changed?: (block: ConstraintBlock, element: number) => void,
  ): number {
    let torn = 0;
    for (const entry of this.blocks) {
      const { block, breakAt, measured, alive } = entry;
      kindOps(block).force?.(block, state, h, measured);
      for (let c = 0; c < block.count; c++) {
        if (alive[c] === 0 || !(breakAt[c] > 0) || !(measured[c] > breakAt[c])) continue;
        tearOne(entry, c);
        changed?.(block, c);
        this.stopDampers(entry.dampers[c]);
        this.spread?.onTorn(entry.body, block, c);
        entry.body.modalDamping.suspended = true;
        torn++;
      }
    }
    this.torn += torn;
    return torn;
  }

  /** Torn constraints so far, over all blocks. */
  get tornCount(): number {
    return this.torn;
  }

  /** The particles (world indices) of each torn element of `body`, in body and block order. */
  tornElements(body: BodyRuntime): number[][] {
    const out: number[][] = [];
    for (const { body: owner, block, alive } of this.blocks) {
      if (owner !== body) continue;
      for (let c = 0; c < block.count; c++) {
        if (alive[c] === 0)
          out.push(Array.from(block.particles.subarray(block.arity * c, block.arity * (c + 1))));
      }
    }
    return out;
  }

  /** Bending hinges and volume stars stopped with the torn elements so far. */
  get stoppedDependentCount(): number {
    return this.spread?.stoppedCount ?? 0;
  }

  /** Whether constraint `c` (block order) of `block` is torn. */
  isTorn(block: ConstraintBlock, c: number): boolean {
    const entry = this.blocks.find((e) => e.block === block);
    return entry !== undefined && entry.alive[c] === 0;
  }

  /** Every torn constraint whole again, with the compliances and damping it had. */
  reset(): void {
    this.spread?.reset();
    this.torn = 0;
    for (const entry of this.blocks) {
      const compliance = [...entry.arrays.compliance, ...entry.limitArrays];
      for (let c = 0; c < entry.block.count; c++) {
        if (entry.alive[c] === 1) continue;
        compliance.forEach((a, k) => {
          a[c] = entry.saved[k][c];
        });
        entry.arrays.damping.forEach((a, k) => {
          a[c] = entry.savedDamping[k][c];
        });
        if (entry.arrays.rows) entry.arrays.rows.index[c] = entry.savedRows![c];
        entry.alive[c] = 1;
      }
      entry.onReset?.();
      entry.body.modalDamping.suspended = false;
    }
    const d = this.edgeDampers;
    for (let id = 0; id < d.live.length; id++) {
      if (d.live[id] === 0 && d.total[id] > 0) d.blocks[id].dampingNSPerM[d.index[id]] = d.saved[id];
      d.live[id] = d.total[id];
    }
  }

  /** One element along each of these dampers tore: a damper with no whole element left stops. */
  private stopDampers(ids: readonly number[]): void {
    const d = this.edgeDampers;
    for (const id of ids) {
      if (--d.live[id] > 0) continue;
      d.saved[id] = d.blocks[id].dampingNSPerM[d.index[id]];
      d.blocks[id].dampingNSPerM[d.index[id]] = 0;
    }
  }
}

function tearOne(entry: TearBlock, c: number): void {
  const { arrays, limitArrays, saved, savedDamping } = entry;
  const count = arrays.compliance.length;
  for (let k = 0; k < count; k++) {
    saved[k][c] = arrays.compliance[k][c];
    arrays.compliance[k][c] = TORN_COMPLIANCE;
  }
  for (let k = 0; k < limitArrays.length; k++) {
    saved[count + k][c] = limitArrays[k][c];
    limitArrays[k][c] = TORN_COMPLIANCE;
  }
  for (let k = 0; k < arrays.damping.length; k++) {
    savedDamping[k][c] = arrays.damping[k][c];
    arrays.damping[k][c] = 0;
  }
  if (arrays.rows) {
    entry.savedRows![c] = arrays.rows.index[c];
    arrays.rows.index[c] = arrays.rows.torn;
  }
  entry.alive[c] = 0;
}
