import { solidEdgeStiffnessNPerM } from '../material/compliance/edges-volume.ts';
import {
  edgeKey,
  indexEdges,
  signedTetVolumeM3,
  triangleAreaM2,
} from '../material/compliance/mesh-measures.ts';
import { waveSpeedMPerS } from '../material/elastic.ts';
import type { BodySpec } from '../scene/scene.ts';
import type { BodyGeometry } from '../sim/body-geometry.ts';
import type { BodyRuntime, PinRuntime } from '../sim/body-runtime.ts';
import { compileColliders } from '../sim/colliders.ts';
import { createAttachmentBlock } from '../sim/constraints/attachment.ts';
import { createDihedralBendBlock } from '../sim/constraints/dihedral-bend.ts';
import { createDistanceBlock } from '../sim/constraints/distance.ts';
import { createEdgeDamperBlock } from '../sim/constraints/edge-damper.ts';
import type { ConstraintBlock } from '../sim/constraints/index.ts';
import { createNeoHookeanBlock } from '../sim/constraints/neo-hookean.ts';
import { createTetVolumeBlock } from '../sim/constraints/tet-volume.ts';
import { uniqueEdges } from '../sim/geometry/edges.ts';
import { tetBoundaryTriangles } from '../sim/geometry/tet-surface.ts';
import { createParticleState, type ParticleState } from '../sim/state.ts';
import { NeoHookeanStiffnessLimit } from '../sim/stiffness-limit.ts';
import type { World } from '../sim/world.ts';
import { XpbdWorld } from '../sim/xpbd-world.ts';
import type { Preset, PresetBody } from './schema.ts';
import { assignByPriority, type SelectableMesh, selectVertices } from './selectors.ts';

/**
 * Our engine running a preset itself: the simulation mesh, the lumped masses, the fixed vertices,
 * soft pins and every derived compliance come from the preset as stored (what a runtime loads),
 * not from the scene it was made from. So "our simulation of the same preset" is the preset.
 *
 * The engine's constraint blocks take physical inputs and compute their compliance from the rest
 * geometry, so each stored compliance is turned back into the input that reproduces it exactly:
 *   edges        α (m/N) as is;
 *   tet volume   K_vol = V0/α (Pa; α = 0 → Infinity, incompressible);
 *   neo-Hookean  μ = 1/(α_D·V), 1/λ_NH = α_H·V, γ as stored;
 *   bends        D = A_e/(3·α·|e|²) (N·m; A_e the two triangles' area), the inverse of
 *                core/material/compliance/cloth.ts hingeBendCompliancePerNM, exact also where the
 *                two triangles differ in material.
 * V, A and |e| are measured on the stored (float32) rest positions, the same ones the engine uses.
 * One block per constraint kind and group, so each group keeps its damping ratio; neo-Hookean
 * groups are damped along their tet edges with the equivalent spring stiffness (as buildWorld does).
 * Soft pins take the damping ratio of the body's first group. Tethers, pressure and self-collision
 * are not part of preset format 1.
 *
 * Precondition: the preset is valid (readPreset or validatePreset checked it).
 */
export function buildWorldFromPreset(preset: Preset): XpbdWorld & World {
  let particleCount = 0;
  const offsets = preset.bodies.map((body) => {
    const offset = particleCount;
    particleCount += body.simulationMesh.vertexCount;
    return offset;
  });
  const rest = new Float64Array(3 * particleCount);
  const mass = new Float64Array(particleCount);
  const pinned = new Uint8Array(particleCount);
  preset.bodies.forEach((body, i) => {
    rest.set(body.simulationMesh.positions, 3 * offsets[i]);
    mass.set(body.derived.vertexMassKg, offsets[i]);
    for (const v of body.derived.fixedVertices) pinned[v + offsets[i]] = 1;
  });
  const state = createParticleState(rest, mass, pinned);
  const runtimes = preset.bodies.map((body, i) => bodyRuntime(preset, body, i, offsets[i], state));
  return new XpbdWorld(
    state,
    runtimes,
    compileColliders(preset.colliders),
    preset.gravity,
    preset.solver.dt,
    preset.solver.substeps,
  );
}

function bodyRuntime(
  preset: Preset,
  body: PresetBody,
  index: number,
  offset: number,
  state: ParticleState,
): BodyRuntime {
  const geometry = presetGeometry(body);
  const blocks = presetBlocks(body, geometry, offset, state);
  const neoHookean = blocks.find((b) => b.kind === 'neo-hookean');
  const edgeRestLengthM = new Float64Array(geometry.edges.length / 2);
  for (let e = 0; e < edgeRestLengthM.length; e++) {
    edgeRestLengthM[e] = distance(geometry.positions, geometry.edges[2 * e], geometry.edges[2 * e + 1]);
  }
  const materials = body.groups.map((g) => preset.materials.find((m) => m.name === g.material));
  const first = materials[0];
  if (!first) throw new Error(`buildWorldFromPreset: body '${body.name}' names an unknown material`);
  const spec: BodySpec = {
    // Only the name is read by the world; the rest describes the body for views and logs.
    name: body.name,
    shape: { type: 'mesh', path: `${preset.name}#/bodies/${index}` },
    material: {
      youngModulusPa: first.youngModulusPa,
      poissonRatio: first.poissonRatio,
      densityKgM3: first.densityKgM3,
      ...(first.thicknessM === undefined ? {} : { thicknessM: first.thicknessM }),
    },
    model: body.groups[0].model,
    dampingRatio: body.groups[0].dampingRatio,
    linearDampingPerS: body.linearDampingPerS ?? 0,
  };
  return {
    spec,
    geometry,
    offset,
    count: geometry.mass.length,
    blocks,
    stiffnessLimit: neoHookean ? new NeoHookeanStiffnessLimit(neoHookean, state) : undefined,
    iterations: 1,
    linearDampingPerS: body.linearDampingPerS ?? 0,
    pins: presetPins(body, offset),
    edgeRestLengthM,
    meanEdgeLengthM: edgeRestLengthM.reduce((s, l) => s + l, 0) / Math.max(1, edgeRestLengthM.length),
    // The stiffest group sets the resolution figure r = h·c/l.
    waveSpeedMPerS: Math.max(
      ...materials.map((m) => (m ? waveSpeedMPerS(m.youngModulusPa, m.densityKgM3) : 0)),
    ),
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

/** The blocks of one body, indices offset into the world arrays, in buildWorld's sweep order. */
function presetBlocks(
  body: PresetBody,
  geometry: BodyGeometry,
  offset: number,
  state: ParticleState,
): ConstraintBlock[] {
  const d = body.derived;
  const x = geometry.positions;
  const tets = geometry.tets;
  const blocks: ConstraintBlock[] = [];
  const tetVolume = (t: number) =>
    Math.abs(signedTetVolumeM3(x, tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]));
  const tetParticles = (elements: readonly number[]) => {
    const out = new Uint32Array(4 * elements.length);
    elements.forEach((t, k) => {
      for (let j = 0; j < 4; j++) out[4 * k + j] = tets[4 * t + j] + offset;
    });
    return out;
  };

  // The preset lists edges in its own order; sweeping them in the engine's (uniqueEdges) order
  // makes one Gauss-Seidel pass per substep converge the same way as in buildWorld.
  const vertexCount = geometry.mass.length;
  const engineIndex = indexEdges(geometry.edges, vertexCount);
  const edgeOrder = Array.from({ length: d.edges.count }, (_, e) => {
    const key = edgeKey(d.edges.vertices[2 * e], d.edges.vertices[2 * e + 1], vertexCount);
    return engineIndex.get(key) ?? e;
  });

  if (d.neoHookean.count > 0) {
    const n = d.neoHookean.count;
    const elements = Array.from(d.neoHookean.elements);
    const mu = new Float64Array(n);
    const inverseLambda = new Float64Array(n);
    elements.forEach((t, k) => {
      const v = tetVolume(t);
      mu[k] = 1 / (d.neoHookean.deviatoricCompliancePerJ[k] * v);
      inverseLambda[k] = d.neoHookean.hydrostaticCompliancePerJ[k] * v;
    });
    blocks.push(
      createNeoHookeanBlock(
        {
          tets: tetParticles(elements),
          muPa: mu,
          inverseLambdaNhPerPa: inverseLambda,
          gamma: Float64Array.from(d.neoHookean.gamma),
        },
        state,
      ),
    );
  }

  body.groups.forEach((group, g) => {
    const zeta = group.dampingRatio;
    // Neo-Hookean: damping along the tet edges with the springs of the same μ (body-blocks.ts).
    const muPerTet = new Float64Array(tets.length / 4);
    let dampedTets = 0;
    for (let k = 0; k < d.neoHookean.count; k++) {
      if (d.neoHookean.group[k] !== g) continue;
      const t = d.neoHookean.elements[k];
      muPerTet[t] = 1 / (d.neoHookean.deviatoricCompliancePerJ[k] * tetVolume(t));
      dampedTets++;
    }
    if (zeta > 0 && dampedTets > 0) {
      const k = solidEdgeStiffnessNPerM(x, tets, geometry.edges, muPerTet);
      blocks.push(
        createEdgeDamperBlock(
          { particles: geometry.edges.map((v) => v + offset), stiffnessNPerM: k, dampingRatio: zeta },
          state,
        ),
      );
    }

    const edges = indicesOfGroup(d.edges.group, g).sort((a, b) => edgeOrder[a] - edgeOrder[b]);
    if (edges.length > 0) {
      const particles = new Uint32Array(2 * edges.length);
      const compliance = new Float64Array(edges.length);
      edges.forEach((e, k) => {
        particles[2 * k] = d.edges.vertices[2 * e] + offset;
        particles[2 * k + 1] = d.edges.vertices[2 * e + 1] + offset;
        compliance[k] = d.edges.complianceMPerN[e];
      });
      blocks.push(createDistanceBlock({ particles, complianceMPerN: compliance, dampingRatio: zeta }, state));
    }

    const volumes = indicesOfGroup(d.volumes.group, g);
    if (volumes.length > 0) {
      const elements = volumes.map((k) => d.volumes.elements[k]);
      const bulk = Float64Array.from(volumes, (k, i) => {
        const alpha = d.volumes.complianceM3PerPa[k];
        return alpha > 0 ? tetVolume(elements[i]) / alpha : Number.POSITIVE_INFINITY;
      });
      blocks.push(
        createTetVolumeBlock(
          { tets: tetParticles(elements), bulkModulusPa: bulk, dampingRatio: zeta },
          state,
        ),
      );
    }

    const bends = indicesOfGroup(d.bends.group, g);
    if (bends.length > 0) {
      const hinges = new Uint32Array(4 * bends.length);
      const stiffness = new Float64Array(bends.length);
      bends.forEach((h, k) => {
        const [a, b, c, w] = d.bends.vertices.subarray(4 * h, 4 * h + 4);
        hinges.set([a + offset, b + offset, c + offset, w + offset], 4 * k);
        const area = triangleAreaM2(x, a, b, c) + triangleAreaM2(x, b, a, w);
        const edgeSq = distance(x, a, b) ** 2;
        stiffness[k] = area / (3 * d.bends.compliancePerNM[h] * edgeSq);
      });
      blocks.push(
        createDihedralBendBlock({ hinges, bendingStiffnessNM: stiffness, dampingRatio: zeta }, state),
      );
    }
  });

  if (d.softPins.count > 0) {
    blocks.push(
      createAttachmentBlock(
        {
          particles: d.softPins.vertices.map((v) => v + offset),
          complianceMPerN: Float64Array.from(d.softPins.complianceMPerN),
          dampingRatio: body.groups[0].dampingRatio,
        },
        state,
      ),
    );
  }
  return blocks;
}

/**
 * The vertices each pin holds, for the per-pin force report: soft pins as stored; the fixed
 * vertices attributed to the pin that selects them (by the preset's own selector rules).
 */
function presetPins(body: PresetBody, offset: number): PinRuntime[] {
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
        if (body.derived.softPins.pin[k] === j) particles.push(body.derived.softPins.vertices[k] + offset);
    } else {
      for (const v of body.derived.fixedVertices) if (owner[v] === j) particles.push(v + offset);
    }
    return { particles: Uint32Array.from(particles), soft: pin.complianceMPerN > 0 };
  });
}

function indicesOfGroup(groups: ArrayLike<number>, g: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < groups.length; i++) if (groups[i] === g) out.push(i);
  return out;
}

function distance(p: ArrayLike<number>, a: number, b: number): number {
  return Math.hypot(p[3 * a] - p[3 * b], p[3 * a + 1] - p[3 * b + 1], p[3 * a + 2] - p[3 * b + 2]);
}
