import type { BodyRuntime } from './body-runtime.ts';
import type { DihedralBendBlock } from './constraints/dihedral-bend.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import { type NodalVolumeBlock, starTetParticles } from './constraints/nodal-volume.ts';
import { type PlateBendBlock, plateHinge } from './constraints/plate-bend.ts';

/**
 * What tears along with a torn element (tearing.ts). Bending and nodal-volume constraints carry no
 * stretch of their own and never reach a breaking force, but they span elements that do: a hinge
 * bends the two triangles on either side of its edge, a nodal-volume star keeps the volume of the
 * tets around a vertex. Left in place, a hinge across a torn cloth edge would keep folding the two
 * sides together and a star over a torn tet would keep pulling it back into the volume. The rule:
 *
 *   a hinge or a star stops when an element it spans tears, where "spans" means that every
 *   particle of the torn element belongs to one bent hinge (its 4 particles: edge and wings) or to
 *   one tet of the star.
 *
 * So a dihedral hinge (edges-mode cloth) stops when either of its two triangles' edge springs tears
 * (the hinge edge or a wing edge); a plate-bend triangle (membrane cloth) loses its hinge k when its
 * own membrane triangle tears (all three hinges) or the wing triangle across edge k does (that
 * hinge only: the plate keeps bending over its other edges, as at a boundary); a nodal-volume star
 * stops when one of its tets tears (neo-Hookean) or an edge spring of one of its tets does
 * (edges-volume). A plate-bend hinge stops by clearing its bit in `present`, exactly as a boundary
 * edge has none; the others take TORN_COMPLIANCE and lose their damping as torn elements do.
 * Everything comes back on `reset`.
 */
export class TearSpread {
  private constructor(
    /** Per body: sorted particle key of an element → the dependents it takes along. */
    private readonly byElement: ReadonlyMap<BodyRuntime, Map<string, Dependent[]>>,
    private readonly tornCompliance: number,
    /** Dependents stopped so far, in the order they stopped (for reset). */
    private readonly stopped: Dependent[] = [],
  ) {}

  /** The dependents in `runtimes`' bending and nodal-volume blocks; null when there are none. */
  static create(runtimes: readonly BodyRuntime[], tornCompliance: number): TearSpread | null {
    let any = false;
    const maps = new Map<BodyRuntime, Map<string, Dependent[]>>();
    for (const body of runtimes) {
      const map = new Map<string, Dependent[]>();
      const add = (particles: readonly number[], dependent: Dependent) => {
        for (const key of subElementKeys(particles)) {
          const list = map.get(key);
          if (list) {
            if (!list.includes(dependent)) list.push(dependent);
          } else map.set(key, [dependent]);
        }
        any = true;
      };
      for (const block of body.blocks) {
        if (block.kind === 'dihedral-bend') {
          for (let c = 0; c < block.count; c++) {
            add(Array.from(block.particles.subarray(4 * c, 4 * c + 4)), hingeDependent(block, c));
          }
        } else if (block.kind === 'plate-bend') {
          for (let c = 0; c < block.count; c++) {
            for (let k = 0; k < 3; k++) {
              if (!(block.present[c] & (1 << k))) continue;
              add(Array.from(plateHinge(block, c, k, new Uint32Array(4))), plateHingeDependent(block, c, k));
            }
          }
        } else if (block.kind === 'nodal-volume') {
          for (let c = 0; c < block.count; c++) {
            const dependent = starDependent(block, c);
            for (let e = block.starStarts[c]; e < block.starStarts[c + 1]; e++) {
              add(starTetParticles(block, c, e), dependent);
            }
          }
        }
      }
      maps.set(body, map);
    }
    return any ? new TearSpread(maps, tornCompliance) : null;
  }

  /** Element `c` (block order) of `block`, a tearable kind of `body`, tore: stops what spans it. */
  onTorn(body: BodyRuntime, block: ConstraintBlock, c: number): void {
    const key = elementKey(block.particles.subarray(block.arity * c, block.arity * (c + 1)));
    for (const dependent of this.byElement.get(body)?.get(key) ?? []) {
      if (dependent.stopped) continue;
      dependent.stop(this.tornCompliance);
      dependent.stopped = true;
      this.stopped.push(dependent);
    }
  }

  /** Dependents stopped so far. */
  get stoppedCount(): number {
    return this.stopped.length;
  }

  /** Every stopped dependent back as it was. */
  reset(): void {
    for (let i = this.stopped.length - 1; i >= 0; i--) {
      this.stopped[i].restore();
      this.stopped[i].stopped = false;
    }
    this.stopped.length = 0;
  }
}

interface Dependent {
  stopped: boolean;
  stop(tornCompliance: number): void;
  restore(): void;
}

function hingeDependent(block: DihedralBendBlock, c: number): Dependent {
  let compliance = 0;
  let damping = 0;
  return {
    stopped: false,
    stop(torn) {
      compliance = block.compliancePerNM[c];
      damping = block.dampingNMS[c];
      block.compliancePerNM[c] = torn;
      block.dampingNMS[c] = 0;
    },
    restore() {
      block.compliancePerNM[c] = compliance;
      block.dampingNMS[c] = damping;
    },
  };
}

function plateHingeDependent(block: PlateBendBlock, c: number, k: number): Dependent {
  return {
    stopped: false,
    stop() {
      block.present[c] &= ~(1 << k);
    },
    restore() {
      block.present[c] |= 1 << k;
    },
  };
}

function starDependent(block: NodalVolumeBlock, c: number): Dependent {
  let compliance = 0;
  let damping = 0;
  return {
    stopped: false,
    stop(torn) {
      compliance = block.complianceM3PerPa[c];
      damping = block.dampingPaSPerM3[c];
      block.complianceM3PerPa[c] = torn;
      block.dampingPaSPerM3[c] = 0;
    },
    restore() {
      block.complianceM3PerPa[c] = compliance;
      block.dampingPaSPerM3[c] = damping;
    },
  };
}

/** The particles as a key, order-free. */
function elementKey(particles: ArrayLike<number>): string {
  return Array.from(particles)
    .sort((a, b) => a - b)
    .join(',');
}

/** Keys of every element a group of particles spans: its pairs (edges), triples (triangles) and quadruple (tet). */
function subElementKeys(particles: readonly number[]): string[] {
  const p = [...new Set(particles)].sort((a, b) => a - b);
  const keys: string[] = [];
  for (let a = 0; a < p.length; a++) {
    for (let b = a + 1; b < p.length; b++) {
      keys.push(`${p[a]},${p[b]}`);
      for (let c = b + 1; c < p.length; c++) {
        keys.push(`${p[a]},${p[b]},${p[c]}`);
        for (let d = c + 1; d < p.length; d++) keys.push(`${p[a]},${p[b]},${p[c]},${p[d]}`);
      }
    }
  }
  return keys;
}
