import { childPointer, type Problem } from '../document/problem.ts';
import {
  clothEdgeContributionNPerM,
  hingeBendCompliancePerNM,
  membraneShearStiffnessNPerM,
  plateBendingStiffnessNM,
} from '../material/compliance/cloth.ts';
import {
  residualBulkModulusPa,
  TET_EDGE_PAIRS,
  tetEdgeStiffnessesNPerM,
  tetVolumeComplianceM3PerPa,
} from '../material/compliance/edges-volume.ts';
import { edgeLengthM, signedTetVolumeM3, triangleAreaM2 } from '../material/compliance/mesh-measures.ts';
import { neoHookeanTetCompliance } from '../material/compliance/neo-hookean.ts';
import { shearModulusPa } from '../material/elastic.ts';
import type { Material } from '../material/schema.ts';
import type { ConstraintModel, PresetBody, PresetDerived } from './schema.ts';
import { assignByPriority, type SelectableMesh, selectElements, selectVertices } from './selectors.ts';
import { triangleHinges } from './topology.ts';

/** A body before its derived data exists. */
export type PresetBodyInput = Omit<PresetBody, 'derived'>;

export interface DeriveOptions {
  /**
   * The model to derive for a group's model, for runtimes that lack one (Jolt has no neo-Hookean
   * tets: the exporter derives 'edges-volume' instead). Default: the group's own model.
   */
  modelFor?: (model: ConstraintModel) => ConstraintModel;
}

/**
 * What the solver gets from a body's materials, groups and pins: lumped masses, pins and the
 * compliance of every constraint, by the mappings in core/material/compliance (one file per
 * model, formulas and units there). Elements go to the highest-priority group selecting them;
 * vertices to the highest-priority pin. Problems (a group naming an unknown material, an element in
 * no group, a pin selecting nothing, …) come back with the JSON pointer under `pointer`.
 *
 * Precondition: the simulation mesh is well formed (indices in range, no degenerate or inverted
 * element); validatePreset checks that first.
 */
export function deriveBody(
  body: PresetBodyInput,
  materials: readonly Material[],
  pointer: string,
  options: DeriveOptions = {},
): { derived: PresetDerived; problems: Problem[] } {
  const problems: Problem[] = [];
  const mesh = body.simulationMesh;
  const arity = body.kind === 'solid' ? 4 : 3;
  const vertexCount = mesh.vertexCount;
  const elementCount = mesh.elementCount;
  const selectable: SelectableMesh = {
    positions: mesh.positions,
    elements: mesh.elements,
    arity,
    elementGroups: mesh.elementGroups,
    importGroupNames: mesh.importGroupNames,
  };
  const groupMaterials = body.groups.map((group, g) => {
    const at = childPointer(pointer, 'groups', g);
    const material = materials.find((m) => m.name === group.material);
    if (!material)
      problems.push({
        pointer: childPointer(at, 'material'),
        message: `names no material of /materials ('${group.material}')`,
      });
    else if (material.kind !== body.kind) {
      problems.push({
        pointer: childPointer(at, 'material'),
        message: `'${material.name}' is a ${material.kind} material; ${body.kind} bodies need a ${body.kind} material`,
      });
    }
    const compatible = body.kind === 'solid' ? group.model !== 'cloth' : group.model === 'cloth';
    if (!compatible) {
      problems.push({
        pointer: childPointer(at, 'model'),
        message:
          body.kind === 'solid'
            ? `'${group.model}' is not a solid model; solid bodies use 'neo-hookean' or 'edges-volume'`
            : `'${group.model}' is not a cloth model; cloth bodies use 'cloth'`,
      });
    }
    problems.push(...selectorProblems(body, group.selector, childPointer(at, 'selector')));
    return material;
  });
  if (problems.length > 0) return { derived: emptyDerived(vertexCount), problems };

  const masks = body.groups.map((group) => selectElements(group.selector, selectable));
  masks.forEach((mask, g) => {
    if (!mask.includes(1))
      problems.push({
        pointer: childPointer(pointer, 'groups', g, 'selector'),
        message: 'selects no element',
      });
  });
  const owner = assignByPriority(
    masks,
    body.groups.map((g) => g.priority),
    elementCount,
  );
  const uncovered = owner.reduce((n, g) => n + (g < 0 ? 1 : 0), 0);
  if (uncovered > 0) {
    problems.push({
      pointer: childPointer(pointer, 'groups'),
      message: `${uncovered} element${uncovered > 1 ? 's' : ''} belong${uncovered > 1 ? '' : 's'} to no group (first: element ${owner.indexOf(-1)}); add a group with selector {"type": "all"} and a low priority`,
    });
  }
  const pinMasks = body.pins.map((pin) => selectVertices(pin.selector, selectable));
  pinMasks.forEach((mask, j) => {
    problems.push(
      ...selectorProblems(body, body.pins[j].selector, childPointer(pointer, 'pins', j, 'selector')),
    );
    if (!mask.includes(1))
      problems.push({ pointer: childPointer(pointer, 'pins', j, 'selector'), message: 'selects no vertex' });
  });
  if (problems.length > 0) return { derived: emptyDerived(vertexCount), problems };

  const materialOf = (e: number) => groupMaterials[owner[e]] as Material;
  const modelOf = (e: number) => {
    const model = body.groups[owner[e]].model;
    return options.modelFor ? options.modelFor(model) : model;
  };
  const x = mesh.positions;
  const el = mesh.elements;
  const measure = new Float64Array(elementCount);
  const mass = new Float64Array(vertexCount);
  for (let e = 0; e < elementCount; e++) {
    const material = materialOf(e);
    if (arity === 4) {
      measure[e] = signedTetVolumeM3(x, el[4 * e], el[4 * e + 1], el[4 * e + 2], el[4 * e + 3]);
      for (let k = 0; k < 4; k++) mass[el[4 * e + k]] += (material.densityKgM3 * measure[e]) / 4;
    } else {
      measure[e] = triangleAreaM2(x, el[3 * e], el[3 * e + 1], el[3 * e + 2]);
      const areal = material.densityKgM3 * (material.thicknessM ?? 0);
      for (let k = 0; k < 3; k++) mass[el[3 * e + k]] += (areal * measure[e]) / 3;
    }
  }

  const edges = new EdgeAccumulator(vertexCount);
  const perTet = new Float64Array(6);
  const volumes: number[][] = [[], [], []]; // element, compliance, group
  const neo: number[][] = [[], [], [], [], []]; // element, α_D, α_H, γ, group
  const bends: number[][] = [[], [], []]; // 4 vertices, compliance, group
  for (let e = 0; e < elementCount; e++) {
    const material = materialOf(e);
    const g = owner[e];
    const { youngModulusPa: E, poissonRatio: nu } = material;
    if (arity === 4) {
      if (modelOf(e) === 'neo-hookean') {
        const c = neoHookeanTetCompliance(E, nu, measure[e]);
        neo[0].push(e);
        neo[1].push(c.deviatoricPerJ);
        neo[2].push(c.hydrostaticPerJ);
        neo[3].push(c.gamma);
        neo[4].push(g);
        continue;
      }
      const tet = [el[4 * e], el[4 * e + 1], el[4 * e + 2], el[4 * e + 3]] as const;
      tetEdgeStiffnessesNPerM(x, tet, shearModulusPa(E, nu), perTet);
      TET_EDGE_PAIRS.forEach(([i, j], k) => {
        edges.add(tet[i], tet[j], perTet[k], g);
      });
      const residual = residualBulkModulusPa(E, nu);
      if (residual > 0) {
        volumes[0].push(e);
        volumes[1].push(tetVolumeComplianceM3PerPa(measure[e], residual));
        volumes[2].push(g);
      }
    } else {
      const shear = membraneShearStiffnessNPerM(E, nu, material.thicknessM ?? 0);
      for (let k = 0; k < 3; k++) {
        const a = el[3 * e + k];
        const b = el[3 * e + ((k + 1) % 3)];
        edges.add(a, b, clothEdgeContributionNPerM(shear, measure[e], edgeLengthM(x, a, b)), g);
      }
    }
  }
  if (arity === 3) {
    const bending = (e: number) => {
      const m = materialOf(e);
      return plateBendingStiffnessNM(m.youngModulusPa, m.poissonRatio, m.thicknessM ?? 0);
    };
    for (const hinge of triangleHinges(el, vertexCount)) {
      const [a, b] = hinge.vertices;
      const { triangleA: ta, triangleB: tb } = hinge;
      const compliance = hingeBendCompliancePerNM(
        measure[ta],
        measure[tb],
        bending(ta),
        bending(tb),
        edgeLengthM(x, a, b),
      );
      if (!Number.isFinite(compliance)) continue;
      bends[0].push(...hinge.vertices);
      bends[1].push(compliance);
      bends[2].push(owner[ta]);
    }
  }

  const pinOwner = assignByPriority(
    pinMasks,
    body.pins.map((p) => p.priority),
    vertexCount,
  );
  const fixed: number[] = [];
  const soft: number[][] = [[], [], []];
  for (let v = 0; v < vertexCount; v++) {
    const j = pinOwner[v];
    if (j < 0) continue;
    const compliance = body.pins[j].complianceMPerN;
    if (compliance === 0) fixed.push(v);
    else {
      soft[0].push(v);
      soft[1].push(compliance);
      soft[2].push(j);
    }
  }
  const edgeData = edges.finish();
  return {
    derived: {
      vertexMassKg: Float32Array.from(mass),
      fixedVertices: Uint32Array.from(fixed),
      softPins: {
        count: soft[0].length,
        vertices: Uint32Array.from(soft[0]),
        complianceMPerN: Float32Array.from(soft[1]),
        pin: Uint16Array.from(soft[2]),
      },
      edges: {
        count: edgeData.group.length,
        vertices: edgeData.vertices,
        complianceMPerN: edgeData.complianceMPerN,
        group: edgeData.group,
      },
      volumes: {
        count: volumes[0].length,
        elements: Uint32Array.from(volumes[0]),
        complianceM3PerPa: Float32Array.from(volumes[1]),
        group: Uint16Array.from(volumes[2]),
      },
      neoHookean: {
        count: neo[0].length,
        elements: Uint32Array.from(neo[0]),
        deviatoricCompliancePerJ: Float32Array.from(neo[1]),
        hydrostaticCompliancePerJ: Float32Array.from(neo[2]),
        gamma: Float32Array.from(neo[3]),
        group: Uint16Array.from(neo[4]),
      },
      bends: {
        count: bends[1].length,
        vertices: Uint32Array.from(bends[0]),
        compliancePerNM: Float32Array.from(bends[1]),
        group: Uint16Array.from(bends[2]),
      },
    },
    problems,
  };
}

/** Selector problems only the mesh can show: unknown import groups, vertex indices out of range, inverted boxes. */
function selectorProblems(
  body: PresetBodyInput,
  selector: PresetBodyInput['groups'][number]['selector'],
  pointer: string,
): Problem[] {
  const mesh = body.simulationMesh;
  switch (selector.type) {
    case 'import-groups': {
      if (!mesh.elementGroups)
        return [{ pointer, message: 'selects import groups, but the simulation mesh has no elementGroups' }];
      const known = mesh.importGroupNames;
      return selector.names.flatMap((name, k) =>
        known.includes(name)
          ? []
          : [
              {
                pointer: childPointer(pointer, 'names', k),
                message: `names no import group of the simulation mesh ('${name}'; known: ${known.map((n) => `'${n}'`).join(', ') || 'none'})`,
              },
            ],
      );
    }
    case 'vertices': {
      const bad = selector.vertices.findIndex((v) => v >= mesh.vertexCount);
      return bad < 0
        ? []
        : [
            {
              pointer: childPointer(pointer, 'vertices'),
              message: `vertex ${selector.vertices[bad]} (entry ${bad}) is out of range: the simulation mesh has ${mesh.vertexCount} vertices`,
            },
          ];
    }
    case 'box':
      return [0, 1, 2].some((a) => selector.min[a] > selector.max[a])
        ? [{ pointer: childPointer(pointer, 'max'), message: 'is below min on some axis' }]
        : [];
    default:
      return [];
  }
}

/** Derived data with no constraints and zero masses (a placeholder while a body has problems). */
export function emptyDerived(vertexCount: number): PresetDerived {
  const u32 = new Uint32Array(0);
  const f32 = new Float32Array(0);
  const u16 = new Uint16Array(0);
  return {
    vertexMassKg: new Float32Array(vertexCount),
    fixedVertices: u32,
    softPins: { count: 0, vertices: u32, complianceMPerN: f32, pin: u16 },
    edges: { count: 0, vertices: u32, complianceMPerN: f32, group: u16 },
    volumes: { count: 0, elements: u32, complianceM3PerPa: f32, group: u16 },
    neoHookean: {
      count: 0,
      elements: u32,
      deviatoricCompliancePerJ: f32,
      hydrostaticCompliancePerJ: f32,
      gamma: f32,
      group: u16,
    },
    bends: { count: 0, vertices: u32, compliancePerNM: f32, group: u16 },
  };
}

/**
 * Sums spring stiffness contributions per undirected edge (first-seen order) and remembers which
 * group contributed most: the edge's group (its damping) in the preset.
 */
class EdgeAccumulator {
  private readonly index = new Map<number, number>();
  private readonly ends: number[] = [];
  private readonly stiffness: number[] = [];
  private readonly byGroup: Map<number, number>[] = [];

  constructor(private readonly vertexCount: number) {}

  add(a: number, b: number, stiffnessNPerM: number, group: number): void {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const key = lo * this.vertexCount + hi;
    let e = this.index.get(key);
    if (e === undefined) {
      e = this.stiffness.length;
      this.index.set(key, e);
      this.ends.push(lo, hi);
      this.stiffness.push(0);
      this.byGroup.push(new Map());
    }
    this.stiffness[e] += stiffnessNPerM;
    const perGroup = this.byGroup[e];
    perGroup.set(group, (perGroup.get(group) ?? 0) + stiffnessNPerM);
  }

  finish(): { vertices: Uint32Array; complianceMPerN: Float32Array; group: Uint16Array } {
    const kept: number[] = [];
    for (let e = 0; e < this.stiffness.length; e++) if (this.stiffness[e] > 0) kept.push(e);
    const vertices = new Uint32Array(2 * kept.length);
    const compliance = new Float32Array(kept.length);
    const group = new Uint16Array(kept.length);
    kept.forEach((e, k) => {
      vertices[2 * k] = this.ends[2 * e];
      vertices[2 * k + 1] = this.ends[2 * e + 1];
      compliance[k] = 1 / this.stiffness[e];
      let best = -1;
      let bestStiffness = -1;
      for (const [g, s] of this.byGroup[e]) {
        if (s > bestStiffness || (s === bestStiffness && g < best)) {
          best = g;
          bestStiffness = s;
        }
      }
      group[k] = best;
    });
    return { vertices, complianceMPerN: compliance, group };
  }
}
