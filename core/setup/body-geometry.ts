import { DocumentError } from '../document/problem.ts';
import { edgeLengthM, signedTetVolumeM3, triangleAreaM2 } from '../math/mesh-measures.ts';
import { applyMeshTransform, meshTransformOf } from '../scene/mesh-transform.ts';
import type { BodySpec } from '../scene/scene.ts';
import type { SceneMeshes } from '../scene/scene-meshes.ts';
import { vertexRangeProblems } from '../scene/scene-selection.ts';
import { boxTetGrid } from '../sim/geometry/box-tets.ts';
import { clothGrid } from '../sim/geometry/cloth-grid.ts';
import { uniqueEdges } from '../sim/geometry/edges.ts';
import { compactVertices, weldTriangles } from '../sim/geometry/mesh-body.ts';
import { ropeChain } from '../sim/geometry/rope-chain.ts';
import { firstNonManifoldEdge, type NonManifoldEdge } from '../sim/geometry/surface-manifold.ts';
import { tetBoundaryTriangles } from '../sim/geometry/tet-surface.ts';
import { type BodySlots, bodySlots, elementSlots, perSlot } from './body-groups.ts';
import { ragdollSkeleton } from './ragdoll-template.ts';

/** The rest geometry and lumped masses of one body, indices local to the body. */
export interface BodyGeometry {
  kind: 'solid' | 'cloth' | 'rope';
  /** Rest positions, m. */
  positions: Float64Array;
  /** Solids: 4 indices per tet. Empty otherwise. */
  tets: Uint32Array;
  /** Cloth: 3 indices per triangle (wound counter-clockwise from +y at rest). Empty otherwise. */
  triangles: Uint32Array;
  /** Boundary triangles to draw. */
  surfaceTriangles: Uint32Array;
  /** Unique edges (solid: tet edges, cloth: triangle edges, rope: links), 2 per edge. */
  edges: Uint32Array;
  /** Lumped particle masses, kg. */
  mass: Float64Array;
  /** Rest measure: volume (solid, m³), area (cloth, m²) or length (rope, m). */
  restMeasure: number;
}

/**
 * Builds a body's rest geometry from its shape and lumps mass to the vertices, each element with
 * its own material (body-groups.ts): solids ρ·V/4 per tet vertex, cloth ρ·t·A/3 per triangle
 * vertex, ropes ρ·πr²·L/2 per link end, ragdolls their template's segment masses. 'mesh' shapes come from `meshes`, which the caller
 * loaded (scene-meshes.ts). Throws DocumentError at the index of a pin or group list that
 * is out of range for the body's particles.
 */
export function buildBodyGeometry(body: BodySpec, pointer: string, meshes?: SceneMeshes): BodyGeometry {
  const shape = body.shape;
  switch (shape.type) {
    case 'box': {
      const { positions, tets } = boxTetGrid(shape.size, shape.cells, shape.center);
      return solidGeometry(positions, tets, slotsFor(body, positions, pointer));
    }
    case 'cloth': {
      const { positions, triangles } = clothGrid(shape.size, shape.cells, shape.center);
      return clothGeometry(positions, triangles, slotsFor(body, positions, pointer));
    }
    case 'rope': {
      const { positions, links } = ropeChain(shape.start, shape.end, shape.segments);
      const slots = slotsFor(body, positions, pointer);
      const density = perSlot(slots, (m) => m.densityKgM3);
      const linkSlot = elementSlots(slots, links, 2);
      const mass = new Float64Array(positions.length / 3);
      const crossSection = Math.PI * shape.radiusM * shape.radiusM;
      for (let l = 0; l < links.length; l += 2) {
        const half =
          (density[linkSlot[l / 2]] * crossSection * edgeLengthM(positions, links[l], links[l + 1])) / 2;
        mass[links[l]] += half;
        mass[links[l + 1]] += half;
      }
      return assembleGeometry('rope', positions, links, mass);
    }
    case 'mesh':
      return meshGeometry(body, pointer, meshes);
    case 'ragdoll': {
      // Mass by segment from the shape's massKg (ragdoll-template.ts), not from the material.
      const skeleton = ragdollSkeleton(shape.skeleton, shape.heightM, shape.massKg, shape.position);
      slotsFor(body, skeleton.positions, pointer);
      return assembleGeometry('rope', skeleton.positions, skeleton.bones, skeleton.massKg);
    }
  }
}

/** The body's material slots, after checking its pin and group lists against its particles. */
function slotsFor(body: BodySpec, positions: Float64Array, pointer: string): BodySlots {
  const count = positions.length / 3;
  const problems = vertexRangeProblems(body, count, pointer);
  if (problems.length > 0) throw new DocumentError('scene', problems);
  return bodySlots(body, count);
}

/** A 'mesh' body from the meshes the caller loaded (scene-meshes.ts). */
function meshGeometry(body: BodySpec, bodyPointer: string, meshes: SceneMeshes | undefined): BodyGeometry {
  const pointer = `${bodyPointer}/shape`;
  const path = body.shape.type === 'mesh' ? body.shape.path : '';
  const missing = () =>
    new DocumentError('scene', [
      {
        pointer: `${pointer}/path`,
        message: `body '${body.name}': mesh file '${path}' was not loaded: \`softbody simulate\` reads it beside the scene, a project carries it (the editor's Simulate as soft body or Simulate as cloth adds it)`,
      },
    ]);
  if (body.model === 'cloth') {
    const surface = meshes?.surfaces.get(pointer);
    if (!surface) throw missing();
    const { positions, elements } = weldTriangles(surface.positions, surface.indices);
    if (elements.length === 0) {
      throw new DocumentError('scene', [
        { pointer: `${pointer}/path`, message: `'${path}' has no triangles` },
      ]);
    }
    const fin = firstNonManifoldEdge(elements, positions.length / 3);
    if (fin) {
      throw new DocumentError('scene', [
        { pointer: `${pointer}/path`, message: nonManifoldMessage(body.name, path, positions, fin) },
      ]);
    }
    placeAt(positions, body.shape);
    return clothGeometry(positions, elements, slotsFor(body, positions, bodyPointer));
  }
  const solid = meshes?.solids.get(pointer);
  if (!solid) throw missing();
  const { positions, elements } = compactVertices(solid.positions, solid.tets);
  placeAt(positions, body.shape);
  if (elements.length === 0) {
    throw new DocumentError('scene', [{ pointer: `${pointer}/path`, message: `'${path}' gave no tets` }]);
  }
  return solidGeometry(positions, elements, slotsFor(body, positions, bodyPointer));
}

/**
 * Names the file and the place (the edge's ends in the file's own frame, m, after welding) of an
 * edge a cloth cannot have, so that the user can find it in a modelling tool.
 */
function nonManifoldMessage(
  bodyName: string,
  path: string,
  positions: Float64Array,
  fin: NonManifoldEdge,
): string {
  const at = (v: number) =>
    `(${[0, 1, 2].map((k) => Number(positions[3 * v + k].toPrecision(4))).join(', ')})`;
  const [a, b] = fin.vertices;
  return `body '${bodyName}': '${path}' is not a manifold surface: the edge from ${at(a)} to ${at(b)} m is shared by ${fin.triangles.length} triangles; a cloth needs every edge on one or two triangles (split the sheets or remove the extra faces)`;
}

/**
 * Moves a mesh body's vertices (its own frame, m) to where the shape places it in the scene: its
 * scale, rotation and position (core/scene/mesh-transform.ts). The one place a mesh shape's
 * transform is applied: the preview, presets and every exporter read the placed setup.
 */
export function placeAt(positions: Float64Array | Float32Array, shape: BodySpec['shape']): void {
  if (shape.type !== 'mesh') return;
  applyMeshTransform(positions, meshTransformOf(shape));
}

/** Solid: ρ·V/4 lumped to each tet vertex, ρ of the tet's slot. */
function solidGeometry(positions: Float64Array, tets: Uint32Array, slots: BodySlots): BodyGeometry {
  const density = perSlot(slots, (m) => m.densityKgM3);
  const tetSlot = elementSlots(slots, tets, 4);
  const mass = new Float64Array(positions.length / 3);
  for (let t = 0; t < tets.length; t += 4) {
    const v = Math.abs(signedTetVolumeM3(positions, tets[t], tets[t + 1], tets[t + 2], tets[t + 3]));
    const quarter = (density[tetSlot[t / 4]] * v) / 4;
    for (let k = 0; k < 4; k++) mass[tets[t + k]] += quarter;
  }
  return assembleGeometry('solid', positions, tets, mass);
}

/** Cloth: ρ·t·A/3 lumped to each triangle vertex, ρ·t (kg/m²) of the triangle's slot. */
function clothGeometry(positions: Float64Array, triangles: Uint32Array, slots: BodySlots): BodyGeometry {
  const arealDensity = perSlot(slots, (m) => m.densityKgM3 * (m.thicknessM ?? 0));
  const triangleSlot = elementSlots(slots, triangles, 3);
  const mass = new Float64Array(positions.length / 3);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangleAreaM2(positions, triangles[t], triangles[t + 1], triangles[t + 2]);
    const third = (arealDensity[triangleSlot[t / 3]] * a) / 3;
    for (let k = 0; k < 3; k++) mass[triangles[t + k]] += third;
  }
  return assembleGeometry('cloth', positions, triangles, mass);
}

/**
 * A body's geometry from its elements (4 per tet, 3 per triangle or 2 per rope link) and lumped
 * masses: the topology the solver and the viewport read (unique edges, boundary triangles) and the
 * rest measure. Compiling a scene and reading a preset both build it here.
 */
export function assembleGeometry(
  kind: BodyGeometry['kind'],
  positions: Float64Array,
  elements: Uint32Array,
  mass: Float64Array,
): BodyGeometry {
  const empty = new Uint32Array(0);
  const count = mass.length;
  if (kind === 'solid') {
    let volume = 0;
    for (let t = 0; t < elements.length; t += 4)
      volume += Math.abs(
        signedTetVolumeM3(positions, elements[t], elements[t + 1], elements[t + 2], elements[t + 3]),
      );
    const edges = uniqueEdges(elements, 4, count);
    return {
      kind,
      positions,
      tets: elements,
      triangles: empty,
      surfaceTriangles: tetBoundaryTriangles(elements),
      edges,
      mass,
      restMeasure: volume,
    };
  }
  if (kind === 'cloth') {
    let area = 0;
    for (let t = 0; t < elements.length; t += 3)
      area += triangleAreaM2(positions, elements[t], elements[t + 1], elements[t + 2]);
    const edges = uniqueEdges(elements, 3, count);
    return {
      kind,
      positions,
      tets: empty,
      triangles: elements,
      surfaceTriangles: elements,
      edges,
      mass,
      restMeasure: area,
    };
  }
  let length = 0;
  for (let l = 0; l < elements.length; l += 2) length += edgeLengthM(positions, elements[l], elements[l + 1]);
  return {
    kind,
    positions,
    tets: empty,
    triangles: empty,
    surfaceTriangles: empty,
    edges: elements,
    mass,
    restMeasure: length,
  };
}

/** Rest length of each edge (2 indices each) of `positions`, m. */
export function edgeRestLengthsM(positions: Float64Array, edges: Uint32Array): Float64Array {
  return Float64Array.from({ length: edges.length / 2 }, (_, e) =>
    edgeLengthM(positions, edges[2 * e], edges[2 * e + 1]),
  );
}

/** Mean of the edge lengths, m (0 without edges): the l of the resolution figure r = h·c/l. */
export function meanEdgeLengthM(lengthsM: Float64Array): number {
  return lengthsM.reduce((sum, l) => sum + l, 0) / Math.max(1, lengthsM.length);
}
