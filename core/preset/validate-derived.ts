import { childPointer, formatQuantity, type Problem } from '../document/problem.ts';
import type { Material } from '../material/schema.ts';
import { deriveBody } from './derive.ts';
import type { PresetBody, PresetDerived } from './schema.ts';

/**
 * Checks a body's derived data: first its shape (array lengths against the declared counts,
 * indices in range, finite non-negative values), then that it is what the materials, groups and
 * pins give today — a runtime must get what the materials say, so stale compliances (a material
 * edited by hand after export) are refused with the first difference.
 */

/** Relative tolerance when comparing stored (float32) and recomputed values. */
export const DERIVED_TOLERANCE = 1e-5;

interface ArraySpec {
  key: string;
  array: ArrayLike<number>;
  /** Elements per constraint. */
  arity: number;
  /** Exclusive upper bound of the values (index arrays), or 'non-negative' for physical values. */
  limit: number | 'non-negative';
  limitName?: string;
}

export function derivedProblems(
  body: PresetBody,
  materials: readonly Material[],
  pointer: string,
): Problem[] {
  const at = childPointer(pointer, 'derived');
  const d = body.derived;
  const vertices = body.simulationMesh.vertexCount;
  const elements = body.simulationMesh.elementCount;
  const groups = body.groups.length;
  const problems: Problem[] = [];
  checkArray(
    at,
    'vertexMassKg',
    d.vertexMassKg,
    vertices,
    `vertexCount = ${vertices}`,
    'non-negative',
    problems,
  );
  checkArray(
    at,
    'fixedVertices',
    d.fixedVertices,
    d.fixedVertices.length,
    '',
    vertices,
    problems,
    'vertexCount',
  );
  const blocks: [string, number, ArraySpec[]][] = [
    [
      'softPins',
      d.softPins.count,
      [
        { key: 'vertices', array: d.softPins.vertices, arity: 1, limit: vertices, limitName: 'vertexCount' },
        { key: 'complianceMPerN', array: d.softPins.complianceMPerN, arity: 1, limit: 'non-negative' },
        {
          key: 'pin',
          array: d.softPins.pin,
          arity: 1,
          limit: body.pins.length,
          limitName: 'the number of pins',
        },
      ],
    ],
    [
      'edges',
      d.edges.count,
      [
        { key: 'vertices', array: d.edges.vertices, arity: 2, limit: vertices, limitName: 'vertexCount' },
        { key: 'complianceMPerN', array: d.edges.complianceMPerN, arity: 1, limit: 'non-negative' },
        { key: 'group', array: d.edges.group, arity: 1, limit: groups, limitName: 'the number of groups' },
      ],
    ],
    [
      'volumes',
      d.volumes.count,
      [
        { key: 'elements', array: d.volumes.elements, arity: 1, limit: elements, limitName: 'elementCount' },
        { key: 'complianceM3PerPa', array: d.volumes.complianceM3PerPa, arity: 1, limit: 'non-negative' },
        { key: 'group', array: d.volumes.group, arity: 1, limit: groups, limitName: 'the number of groups' },
      ],
    ],
    [
      'neoHookean',
      d.neoHookean.count,
      [
        {
          key: 'elements',
          array: d.neoHookean.elements,
          arity: 1,
          limit: elements,
          limitName: 'elementCount',
        },
        {
          key: 'deviatoricCompliancePerJ',
          array: d.neoHookean.deviatoricCompliancePerJ,
          arity: 1,
          limit: 'non-negative',
        },
        {
          key: 'hydrostaticCompliancePerJ',
          array: d.neoHookean.hydrostaticCompliancePerJ,
          arity: 1,
          limit: 'non-negative',
        },
        { key: 'gamma', array: d.neoHookean.gamma, arity: 1, limit: 'non-negative' },
        {
          key: 'group',
          array: d.neoHookean.group,
          arity: 1,
          limit: groups,
          limitName: 'the number of groups',
        },
      ],
    ],
    [
      'bends',
      d.bends.count,
      [
        { key: 'vertices', array: d.bends.vertices, arity: 4, limit: vertices, limitName: 'vertexCount' },
        { key: 'compliancePerNM', array: d.bends.compliancePerNM, arity: 1, limit: 'non-negative' },
        { key: 'group', array: d.bends.group, arity: 1, limit: groups, limitName: 'the number of groups' },
      ],
    ],
  ];
  for (const [name, count, specs] of blocks) {
    for (const spec of specs) {
      const expected = spec.arity * count;
      const what = spec.arity === 1 ? `count = ${count}` : `${spec.arity} × count = ${expected}`;
      checkArray(
        childPointer(at, name),
        spec.key,
        spec.array,
        expected,
        what,
        spec.limit,
        problems,
        spec.limitName,
      );
    }
  }
  if (problems.length > 0) return problems;
  const { derived, problems: deriveProblems } = deriveBody(body, materials, pointer);
  if (deriveProblems.length > 0) return deriveProblems;
  return staleProblems(d, derived, at);
}

function checkArray(
  pointer: string,
  key: string,
  array: ArrayLike<number>,
  expected: number,
  what: string,
  limit: number | 'non-negative',
  out: Problem[],
  limitName?: string,
): void {
  const at = childPointer(pointer, key);
  if (array.length !== expected) {
    out.push({ pointer: childPointer(at, 'count'), message: `must be ${what}, got ${array.length}` });
    return;
  }
  for (let i = 0; i < array.length; i++) {
    const value = array[i];
    if (limit === 'non-negative') {
      if (!(Number.isFinite(value) && value >= 0)) {
        out.push({ pointer: at, message: `entry ${i} is ${value}; values must be finite and not negative` });
        return;
      }
    } else if (value >= limit) {
      out.push({
        pointer: at,
        message: `entry ${i} is ${value}, but ${limitName} is ${limit} (dangling index)`,
      });
      return;
    }
  }
}

function staleProblems(stored: PresetDerived, fresh: PresetDerived, pointer: string): Problem[] {
  const pairs: [string, ArrayLike<number>, ArrayLike<number>][] = [
    ['vertexMassKg', stored.vertexMassKg, fresh.vertexMassKg],
    ['fixedVertices', stored.fixedVertices, fresh.fixedVertices],
    ['softPins/vertices', stored.softPins.vertices, fresh.softPins.vertices],
    ['softPins/complianceMPerN', stored.softPins.complianceMPerN, fresh.softPins.complianceMPerN],
    ['softPins/pin', stored.softPins.pin, fresh.softPins.pin],
    ['edges/vertices', stored.edges.vertices, fresh.edges.vertices],
    ['edges/complianceMPerN', stored.edges.complianceMPerN, fresh.edges.complianceMPerN],
    ['edges/group', stored.edges.group, fresh.edges.group],
    ['volumes/elements', stored.volumes.elements, fresh.volumes.elements],
    ['volumes/complianceM3PerPa', stored.volumes.complianceM3PerPa, fresh.volumes.complianceM3PerPa],
    ['volumes/group', stored.volumes.group, fresh.volumes.group],
    ['neoHookean/elements', stored.neoHookean.elements, fresh.neoHookean.elements],
    [
      'neoHookean/deviatoricCompliancePerJ',
      stored.neoHookean.deviatoricCompliancePerJ,
      fresh.neoHookean.deviatoricCompliancePerJ,
    ],
    [
      'neoHookean/hydrostaticCompliancePerJ',
      stored.neoHookean.hydrostaticCompliancePerJ,
      fresh.neoHookean.hydrostaticCompliancePerJ,
    ],
    ['neoHookean/gamma', stored.neoHookean.gamma, fresh.neoHookean.gamma],
    ['neoHookean/group', stored.neoHookean.group, fresh.neoHookean.group],
    ['bends/vertices', stored.bends.vertices, fresh.bends.vertices],
    ['bends/compliancePerNM', stored.bends.compliancePerNM, fresh.bends.compliancePerNM],
    ['bends/group', stored.bends.group, fresh.bends.group],
  ];
  for (const [path, a, b] of pairs) {
    const at = `${pointer}/${path}`;
    if (a.length !== b.length) {
      return [
        {
          pointer: at,
          message: `has ${a.length} values, but the materials, groups and pins give ${b.length}; re-export the preset`,
        },
      ];
    }
    for (let i = 0; i < a.length; i++) {
      if (!(Math.abs(a[i] - b[i]) <= DERIVED_TOLERANCE * Math.max(Math.abs(a[i]), Math.abs(b[i])))) {
        return [
          {
            pointer: at,
            message: `is out of date with the materials, groups and pins (entry ${i} is ${formatQuantity(a[i], 6)}, expected ${formatQuantity(b[i], 6)}); re-export the preset`,
          },
        ];
      }
    }
  }
  return [];
}
