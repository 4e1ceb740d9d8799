import { solidEdgeStiffnessNPerM } from '../material/compliance/edges-volume.ts';
import {
  edgeKey,
  indexEdges,
  signedTetVolumeM3,
  triangleAreaM2,
} from '../material/compliance/mesh-measures.ts';
import { waveSpeedMPerS } from '../material/elastic.ts';
import type { MaterialSpec } from '../scene/scene.ts';
import type { BodyGeometry } from '../setup/body-geometry.ts';
import type { BodySetup, ConstraintSet, SetupPin, SoftBodySetup } from '../setup/setup.ts';
import { buildWorldFromSetup } from '../sim/build-world.ts';
import { uniqueEdges } from '../sim/geometry/edges.ts';
import { tetBoundaryTriangles } from '../sim/geometry/tet-surface.ts';
import type { World } from '../sim/world.ts';
import type { XpbdWorld } from '../sim/xpbd-world.ts';
import type { Preset, PresetBody } from './schema.ts';
import { assignByPriority, type SelectableMesh, selectVertices } from './selectors.ts';

/**
 * Our engine running a preset itself: the simulation mesh, the lumped masses, the fixed vertices,
 * soft pins and every compliance come from the preset as stored (what a runtime loads), not from
 * the scene it was made from. So "our simulation of the same preset" is the preset.
 */
export function buildWorldFromPreset(preset: Preset): XpbdWorld & World {
  return buildWorldFromSetup(setupFromPreset(preset));
}

/**
 * The setup a preset stores: its compliances go to the constraint sets as they are. One set per
 * constraint kind and group, so each group keeps its damping ratio; neo-Hookean groups are damped
 * along their tet edges with the compliance of the equivalent edge network (as compile-body.ts
 * does). Soft pins take the damping ratio of the body's first group.
 *
 * Precondition: the preset is valid (readPreset or validatePreset checked it).
 */
export function setupFromPreset(preset: Preset): SoftBodySetup {
  return {
    gravity: [...preset.gravity],
    solver: { ...preset.solver },
    colliders: preset.colliders.map((c) => JSON.parse(JSON.stringify(c))),
    bodies: preset.bodies.map((body) => bodySetup(preset, body)),
  };
}

function bodySetup(preset: Preset, body: PresetBody): BodySetup {
  const geometry = presetGeometry(body);
  const materials = body.groups.map((g) => {
    const m = preset.materials.find((material) => material.name === g.material);
    if (!m) throw new Error(`setupFromPreset: body '${body.name}' names an unknown material '${g.material}'`);
    return m;
  });
  const spec = (m: (typeof materials)[number]): MaterialSpec => ({
    youngModulusPa: m.youngModulusPa,
    poissonRatio: m.poissonRatio,
    densityKgM3: m.densityKgM3,
    ...(m.thicknessM === undefined ? {} : { thicknessM: m.thicknessM }),
  });
  return {
    name: body.name,
    model: body.groups[0].model,
    geometry,
    // The preset's groups select elements, not vertex sets: metrics report the body as one group.
    slots: { materials: [spec(materials[0])], dampingRatios: [body.groups[0].dampingRatio], masks: [] },
    groupNames: [],
    pins: presetPins(body),
    constraints: presetSets(body, geometry),
    iterations: 1,
    linearDampingPerS: body.linearDampingPerS ?? 0,
    // The stiffest group sets the resolution figure r = h·c/l.
    waveSpeedMPerS: Math.max(...materials.map((m) => waveSpeedMPerS(m.youngModulusPa, m.densityKgM3))),
  };
}

function presetGeometry(body: PresetBody): BodyGeometry {
  const mesh = body.simulationMesh;
  const positions = Float64Array.from(mesh.positions);
  const elements = Uint32Array.from(mesh.elements);
  const solid = body.kind === 'solid';
  const arity = solid ? 4 : 3;
  let restMeasure = 0;
  for (let e = 0; e < mesh.elementCount; e++) {
    const [a, b, c, d] = elements.subarray(arity * e, arity * e + arity);
    restMeasure += solid
      ? Math.abs(signedTetVolumeM3(positions, a, b, c, d))
      : triangleAreaM2(positions, a, b, c);
  }
  return {
    kind: body.kind,
    positions,
    tets: solid ? elements : new Uint32Array(0),
    triangles: solid ? new Uint32Array(0) : elements,
    surfaceTriangles: solid ? tetBoundaryTriangles(elements) : elements,
    edges: uniqueEdges(elements, arity, mesh.vertexCount),
    mass: Float64Array.from(body.derived.vertexMassKg),
    restMeasure,
  };
}

/** The constraint sets of one body, in compile-body.ts's sweep order. */
function presetSets(body: PresetBody, geometry: BodyGeometry): ConstraintSet[] {
  const d = body.derived;
  const x = geometry.positions;
  const tets = geometry.tets;
  const sets: ConstraintSet[] = [];
  const tetParticles = (elements: readonly number[]) => {
    const out = new Uint32Array(4 * elements.length);
    elements.forEach((t, k) => {
      for (let j = 0; j < 4; j++) out[4 * k + j] = tets[4 * t + j];
    });
    return out;
  };

  // The preset lists edges in its own order; sweeping them in the engine's (uniqueEdges) order
  // makes one Gauss-Seidel pass per substep converge the same way as a compiled scene.
  const vertexCount = geometry.mass.length;
  const engineIndex = indexEdges(geometry.edges, vertexCount);
  const edgeOrder = Array.from({ length: d.edges.count }, (_, e) => {
    const key = edgeKey(d.edges.vertices[2 * e], d.edges.vertices[2 * e + 1], vertexCount);
    return engineIndex.get(key) ?? e;
  });

  if (d.neoHookean.count > 0) {
    sets.push({
      kind: 'neo-hookean',
      tets: tetParticles(Array.from(d.neoHookean.elements)),
      deviatoricCompliancePerJ: Float64Array.from(d.neoHookean.deviatoricCompliancePerJ),
      hydrostaticCompliancePerJ: Float64Array.from(d.neoHookean.hydrostaticCompliancePerJ),
      gamma: Float64Array.from(d.neoHookean.gamma),
    });
  }

  body.groups.forEach((group, g) => {
    const zeta = group.dampingRatio;
    // Neo-Hookean: damping along the tet edges with the springs of the same μ = 1/(α_D·V).
    const muPerTet = new Float64Array(tets.length / 4);
    let dampedTets = 0;
    for (let k = 0; k < d.neoHookean.count; k++) {
      if (d.neoHookean.group[k] !== g) continue;
      const t = d.neoHookean.elements[k];
      const volume = Math.abs(
        signedTetVolumeM3(x, tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]),
      );
      muPerTet[t] = 1 / (d.neoHookean.deviatoricCompliancePerJ[k] * volume);
      dampedTets++;
    }
    if (zeta > 0 && dampedTets > 0) {
      const k = solidEdgeStiffnessNPerM(x, tets, geometry.edges, muPerTet);
      const kept = Array.from(k.keys()).filter((e) => k[e] > 0);
      sets.push({
        kind: 'edge-damper',
        particles: Uint32Array.from(kept.flatMap((e) => [geometry.edges[2 * e], geometry.edges[2 * e + 1]])),
        complianceMPerN: Float64Array.from(kept, (e) => 1 / k[e]),
        dampingRatio: zeta,
      });
    }

    const edges = indicesOfGroup(d.edges.group, g).sort((a, b) => edgeOrder[a] - edgeOrder[b]);
    if (edges.length > 0) {
      sets.push({
        kind: 'distance',
        particles: Uint32Array.from(
          edges.flatMap((e) => [d.edges.vertices[2 * e], d.edges.vertices[2 * e + 1]]),
        ),
        complianceMPerN: Float64Array.from(edges, (e) => d.edges.complianceMPerN[e]),
        dampingRatio: zeta,
        stiffnessScale: 1,
      });
    }

    const volumes = indicesOfGroup(d.volumes.group, g);
    if (volumes.length > 0) {
      sets.push({
        kind: 'tet-volume',
        tets: tetParticles(volumes.map((k) => d.volumes.elements[k])),
        complianceM3PerPa: Float64Array.from(volumes, (k) => d.volumes.complianceM3PerPa[k]),
        dampingRatio: zeta,
        stiffnessScale: 1,
      });
    }

    const bends = indicesOfGroup(d.bends.group, g);
    if (bends.length > 0) {
      sets.push({
        kind: 'dihedral-bend',
        hinges: Uint32Array.from(
          bends.flatMap((h) => Array.from(d.bends.vertices.subarray(4 * h, 4 * h + 4))),
        ),
        compliancePerNM: Float64Array.from(bends, (h) => d.bends.compliancePerNM[h]),
        dampingRatio: zeta,
        stiffnessScale: 1,
      });
    }
  });

  if (d.softPins.count > 0) {
    sets.push({
      kind: 'attachment',
      particles: Uint32Array.from(d.softPins.vertices),
      complianceMPerN: Float64Array.from(d.softPins.complianceMPerN),
      dampingRatio: body.groups[0].dampingRatio,
    });
  }
  return sets;
}

/**
 * The vertices each pin holds, for the per-pin force report: soft pins as stored; the fixed
 * vertices attributed to the pin that selects them (by the preset's own selector rules).
 */
function presetPins(body: PresetBody): SetupPin[] {
  const mesh = body.simulationMesh;
  const selectable: SelectableMesh = {
    positions: mesh.positions,
    elements: mesh.elements,
    arity: body.kind === 'solid' ? 4 : 3,
    elementGroups: mesh.elementGroups,
    importGroupNames: mesh.importGroupNames,
  };
  const owner = assignByPriority(
    body.pins.map((pin) => selectVertices(pin.selector, selectable)),
    body.pins.map((pin) => pin.priority),
    mesh.vertexCount,
  );
  return body.pins.map((pin, j) => {
    const particles: number[] = [];
    if (pin.complianceMPerN > 0) {
      for (let k = 0; k < body.derived.softPins.count; k++)
        if (body.derived.softPins.pin[k] === j) particles.push(body.derived.softPins.vertices[k]);
    } else {
      for (const v of body.derived.fixedVertices) if (owner[v] === j) particles.push(v);
    }
    return { name: pin.name, particles: Uint32Array.from(particles), complianceMPerN: pin.complianceMPerN };
  });
}

function indicesOfGroup(groups: ArrayLike<number>, g: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < groups.length; i++) if (groups[i] === g) out.push(i);
  return out;
}
