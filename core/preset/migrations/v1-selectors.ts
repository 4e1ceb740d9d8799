import type { PresetV1Selector as PresetSelector } from './v1-schema.ts';

/** A simulation mesh as the selectors see it. */
export interface SelectableMesh {
  /** Rest positions, m, xyz per vertex. */
  positions: ArrayLike<number>;
  /** `arity` vertex indices per element. */
  elements: ArrayLike<number>;
  arity: number;
  elementGroups?: ArrayLike<number>;
  importGroupNames: readonly string[];
}

/**
 * Tolerance of region tests, m: a box may end exactly on a vertex, and preset positions are
 * float32 (about 1e-7 relative, 1e-7 m at 1 m), so 1 µm absorbs the rounding for bodies up to ~10 m.
 */
export const REGION_SLACK_M = 1e-6;

function insideRegion(selector: PresetSelector, x: number, y: number, z: number): boolean {
  if (selector.type === 'box') {
    const { min, max } = selector;
    return (
      x >= min[0] - REGION_SLACK_M &&
      x <= max[0] + REGION_SLACK_M &&
      y >= min[1] - REGION_SLACK_M &&
      y <= max[1] + REGION_SLACK_M &&
      z >= min[2] - REGION_SLACK_M &&
      z <= max[2] + REGION_SLACK_M
    );
  }
  if (selector.type === 'sphere') {
    const r = selector.radiusM + REGION_SLACK_M;
    return (
      (x - selector.center[0]) ** 2 + (y - selector.center[1]) ** 2 + (z - selector.center[2]) ** 2 <= r * r
    );
  }
  return false;
}

function importGroupMask(selector: PresetSelector, mesh: SelectableMesh): Uint8Array | undefined {
  if (selector.type !== 'import-groups') return undefined;
  const wanted = new Uint8Array(mesh.importGroupNames.length);
  mesh.importGroupNames.forEach((name, i) => {
    if (selector.names.includes(name)) wanted[i] = 1;
  });
  return wanted;
}

/** 1 for each element the selector covers (see SelectorSchema for the rules). */
export function selectElements(selector: PresetSelector, mesh: SelectableMesh): Uint8Array {
  const count = mesh.elements.length / mesh.arity;
  const out = new Uint8Array(count);
  const { elements, arity, positions } = mesh;
  switch (selector.type) {
    case 'all':
      out.fill(1);
      break;
    case 'import-groups': {
      const wanted = importGroupMask(selector, mesh) ?? new Uint8Array(0);
      if (mesh.elementGroups) for (let e = 0; e < count; e++) out[e] = wanted[mesh.elementGroups[e]] ?? 0;
      break;
    }
    case 'vertices': {
      const chosen = new Uint8Array(positions.length / 3);
      for (const v of selector.vertices) if (v < chosen.length) chosen[v] = 1;
      for (let e = 0; e < count; e++) {
        let all = 1;
        for (let k = 0; k < arity; k++) all &= chosen[elements[arity * e + k]] ?? 0;
        out[e] = all;
      }
      break;
    }
    case 'box':
    case 'sphere':
      for (let e = 0; e < count; e++) {
        let x = 0;
        let y = 0;
        let z = 0;
        for (let k = 0; k < arity; k++) {
          const v = elements[arity * e + k];
          x += positions[3 * v];
          y += positions[3 * v + 1];
          z += positions[3 * v + 2];
        }
        out[e] = insideRegion(selector, x / arity, y / arity, z / arity) ? 1 : 0;
      }
      break;
  }
  return out;
}

/** 1 for each vertex the selector covers (pins). */
export function selectVertices(selector: PresetSelector, mesh: SelectableMesh): Uint8Array {
  const vertexCount = mesh.positions.length / 3;
  const out = new Uint8Array(vertexCount);
  switch (selector.type) {
    case 'all':
      out.fill(1);
      break;
    case 'import-groups': {
      const elements = selectElements(selector, mesh);
      for (let e = 0; e < elements.length; e++) {
        if (!elements[e]) continue;
        for (let k = 0; k < mesh.arity; k++) out[mesh.elements[mesh.arity * e + k]] = 1;
      }
      break;
    }
    case 'vertices':
      for (const v of selector.vertices) if (v < vertexCount) out[v] = 1;
      break;
    case 'box':
    case 'sphere':
      for (let v = 0; v < vertexCount; v++) {
        out[v] = insideRegion(
          selector,
          mesh.positions[3 * v],
          mesh.positions[3 * v + 1],
          mesh.positions[3 * v + 2],
        )
          ? 1
          : 0;
      }
      break;
  }
  return out;
}

/**
 * For each item, the index of the entry that owns it: the highest priority among the entries whose
 * mask holds it, the earlier entry on a tie; −1 where none does.
 */
export function assignByPriority(
  masks: readonly Uint8Array[],
  priorities: readonly number[],
  itemCount: number,
): Int32Array {
  const owner = new Int32Array(itemCount).fill(-1);
  masks.forEach((mask, g) => {
    for (let i = 0; i < itemCount; i++) {
      if (!mask[i]) continue;
      const current = owner[i];
      if (current < 0 || priorities[g] > priorities[current]) owner[i] = g;
    }
  });
  return owner;
}
