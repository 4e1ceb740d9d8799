import type { BodySpec, MaterialSpec, PlasticitySpec } from '../scene/scene.ts';

/**
 * The material groups of a body (scene.ts GroupSpec) as the engine uses them: slot 0 is the body
 * itself, slot g + 1 the body's group g. Every element (tet, triangle, hinge, link, edge) has one
 * slot: the last group whose vertex set holds all its vertices, else 0.
 */
export interface BodySlots {
  /** Material per slot, SI units. */
  materials: MaterialSpec[];
  /** Damping ratio ζ per slot. */
  dampingRatios: number[];
  /** Per group (slot − 1): 1 for each body-local particle in its vertex set. */
  masks: Uint8Array[];
  /** Plasticity per slot (core/sim/plasticity.ts), null where none; absent when no slot has any. */
  plasticity?: (PlasticitySpec | null)[];
}

/**
 * The slots of a resolved body (scene-validate.ts `parseScene` resolved its material names).
 * `particleCount` sizes the masks; indices at or beyond it are left out (the validator and
 * buildWorld report them first).
 */
export function bodySlots(body: BodySpec, particleCount: number): BodySlots {
  const bodyDamping = body.dampingRatio ?? 0;
  const groups = body.groups ?? [];
  const materials = [body.material];
  const dampingRatios = [bodyDamping];
  const masks = groups.map((group, g) => {
    const material = group.material ?? body.material;
    if (typeof material === 'string') {
      throw new Error(
        `body '${body.name}' group ${g} ('${group.name}'): material name '${material}' was not resolved; build from parseScene's result`,
      );
    }
    materials.push(material);
    dampingRatios.push(group.dampingRatio ?? bodyDamping);
    const mask = new Uint8Array(particleCount);
    for (const v of group.vertices) if (v < particleCount) mask[v] = 1;
    return mask;
  });
  const plasticity = [null, ...groups.map((group) => group.plasticity ?? null)];
  return { materials, dampingRatios, masks, ...(plasticity.some((p) => p) ? { plasticity } : {}) };
}

/**
 * Per element of `elements` (`arity` body-local indices each), its slot: the last group holding
 * all its vertices (g + 1), or 0.
 */
export function elementSlots(slots: BodySlots, elements: ArrayLike<number>, arity: number): Uint16Array {
  const count = elements.length / arity;
  const out = new Uint16Array(count);
  if (slots.masks.length === 0) return out;
  for (let e = 0; e < count; e++) out[e] = slotOf(slots, elements, arity, e);
  return out;
}

/**
 * The slot of element `e` of `elements` (`arity` indices each, `offset` more than body-local: a
 * constraint block's world particle indices): the last group holding all its vertices (g + 1), or 0.
 */
export function slotOf(
  slots: BodySlots,
  elements: ArrayLike<number>,
  arity: number,
  e: number,
  offset = 0,
): number {
  for (let g = slots.masks.length - 1; g >= 0; g--) {
    const mask = slots.masks[g];
    let all = true;
    for (let k = 0; k < arity && all; k++) all = mask[elements[arity * e + k] - offset] === 1;
    if (all) return g + 1;
  }
  return 0;
}

/** Per slot value of `f(material)`, for per-element lookups. */
export function perSlot(slots: BodySlots, f: (material: MaterialSpec) => number): Float64Array {
  return Float64Array.from(slots.materials, f);
}
