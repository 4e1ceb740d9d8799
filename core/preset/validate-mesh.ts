import { childPointer, formatQuantity, type Problem } from '../document/problem.ts';
import { edgeLengthM, signedTetVolumeM3, triangleAreaM2 } from '../material/compliance/mesh-measures.ts';
import type { PresetBody } from './schema.ts';

/**
 * Semantic checks of a body's meshes and embedding (its schema already passed): array lengths
 * against the declared counts, finite coordinates, indices in range (no dangling references),
 * tets positively oriented and not degenerate, barycentric weights summing to 1. A JSON pointer
 * cannot reach inside a binary array, so messages name the element; repeated faults are counted
 * in the first one's problem.
 */

/** A rest tet is degenerate when |6V| ≤ this × (longest edge)³ (the engine's threshold). */
export const DEGENERATE_TET_RATIO = 1e-9;
/** A triangle is degenerate when 2A ≤ this × (longest edge)². */
export const DEGENERATE_TRIANGLE_RATIO = 1e-9;
/** Barycentric weights of a render vertex must sum to 1 within this. */
export const WEIGHT_SUM_TOLERANCE = 1e-4;

export function meshProblems(body: PresetBody, pointer: string): Problem[] {
  const problems: Problem[] = [];
  const mesh = body.simulationMesh;
  const at = childPointer(pointer, 'simulationMesh');
  const arity = body.kind === 'solid' ? 4 : 3;
  const noun = body.kind === 'solid' ? 'tet' : 'triangle';
  const lengthOk = [
    expectLength(
      mesh.positions,
      3 * mesh.vertexCount,
      `3 × vertexCount = ${3 * mesh.vertexCount}`,
      childPointer(at, 'positions'),
      problems,
    ),
    expectLength(
      mesh.elements,
      arity * mesh.elementCount,
      `${arity} × elementCount = ${arity * mesh.elementCount}`,
      childPointer(at, 'elements'),
      problems,
    ),
  ].every(Boolean);
  if (mesh.elementGroups) {
    if (
      expectLength(
        mesh.elementGroups,
        mesh.elementCount,
        `elementCount = ${mesh.elementCount}`,
        childPointer(at, 'elementGroups'),
        problems,
      )
    ) {
      const bad = mesh.elementGroups.findIndex((g) => g >= mesh.importGroupNames.length);
      if (bad >= 0) {
        problems.push({
          pointer: childPointer(at, 'elementGroups'),
          message: `${noun} ${bad} has import group ${mesh.elementGroups[bad]}, but importGroupNames has ${mesh.importGroupNames.length} entries`,
        });
      }
    }
  }
  if (!lengthOk) return problems;
  const nonFinite = firstNonFiniteVertex(mesh.positions);
  if (nonFinite >= 0)
    problems.push({
      pointer: childPointer(at, 'positions'),
      message: `vertex ${nonFinite} has a coordinate that is not a finite number`,
    });
  const dangling = indexProblem(mesh.elements, arity, mesh.vertexCount, noun, 'vertexCount');
  if (dangling) problems.push({ pointer: childPointer(at, 'elements'), message: dangling });
  if (problems.length > 0) return problems;
  const shape =
    arity === 4
      ? tetShapeProblem(mesh.positions, mesh.elements)
      : triangleShapeProblem(mesh.positions, mesh.elements);
  if (shape) problems.push({ pointer: childPointer(at, 'elements'), message: shape });
  problems.push(...renderProblems(body, pointer, arity));
  return problems;
}

function renderProblems(body: PresetBody, pointer: string, arity: number): Problem[] {
  const problems: Problem[] = [];
  const { renderMesh, embedding } = body;
  if (!renderMesh && !embedding) return problems;
  if (!renderMesh)
    return [{ pointer: childPointer(pointer, 'embedding'), message: 'is given without a renderMesh' }];
  if (!embedding)
    return [
      {
        pointer: childPointer(pointer, 'renderMesh'),
        message: 'needs an embedding (which simulation element each render vertex follows)',
      },
    ];
  const at = childPointer(pointer, 'renderMesh');
  const n = renderMesh.vertexCount;
  const ok = [
    expectLength(
      renderMesh.positions,
      3 * n,
      `3 × vertexCount = ${3 * n}`,
      childPointer(at, 'positions'),
      problems,
    ),
    expectLength(
      renderMesh.indices,
      3 * renderMesh.triangleCount,
      `3 × triangleCount = ${3 * renderMesh.triangleCount}`,
      childPointer(at, 'indices'),
      problems,
    ),
    renderMesh.normals
      ? expectLength(
          renderMesh.normals,
          3 * n,
          `3 × vertexCount = ${3 * n}`,
          childPointer(at, 'normals'),
          problems,
        )
      : true,
    expectLength(
      embedding.elements,
      n,
      `renderMesh.vertexCount = ${n}`,
      childPointer(pointer, 'embedding', 'elements'),
      problems,
    ),
    expectLength(
      embedding.weights,
      arity * n,
      `${arity} × renderMesh.vertexCount = ${arity * n}`,
      childPointer(pointer, 'embedding', 'weights'),
      problems,
    ),
  ].every(Boolean);
  if (!ok) return problems;
  const nonFinite = firstNonFiniteVertex(renderMesh.positions);
  if (nonFinite >= 0)
    problems.push({
      pointer: childPointer(at, 'positions'),
      message: `vertex ${nonFinite} has a coordinate that is not a finite number`,
    });
  const dangling = indexProblem(renderMesh.indices, 3, n, 'triangle', 'vertexCount');
  if (dangling) problems.push({ pointer: childPointer(at, 'indices'), message: dangling });
  const elementCount = body.simulationMesh.elementCount;
  const badElement = embedding.elements.findIndex((e) => e >= elementCount);
  if (badElement >= 0) {
    problems.push({
      pointer: childPointer(pointer, 'embedding', 'elements'),
      message: `render vertex ${badElement} follows element ${embedding.elements[badElement]}, but the simulation mesh has ${elementCount} elements`,
    });
  }
  for (let v = 0; v < n; v++) {
    let sum = 0;
    for (let k = 0; k < arity; k++) sum += embedding.weights[arity * v + k];
    if (!(Math.abs(sum - 1) <= WEIGHT_SUM_TOLERANCE)) {
      problems.push({
        pointer: childPointer(pointer, 'embedding', 'weights'),
        message: `render vertex ${v}: barycentric weights sum to ${formatQuantity(sum, 6)}, not 1`,
      });
      break;
    }
  }
  return problems;
}

/** True when `array` has `expected` elements; else records "count …" at the array's pointer. */
function expectLength(
  array: ArrayLike<number>,
  expected: number,
  what: string,
  pointer: string,
  out: Problem[],
): boolean {
  if (array.length === expected) return true;
  out.push({ pointer: childPointer(pointer, 'count'), message: `must be ${what}, got ${array.length}` });
  return false;
}

function firstNonFiniteVertex(positions: ArrayLike<number>): number {
  for (let i = 0; i < positions.length; i++) if (!Number.isFinite(positions[i])) return Math.floor(i / 3);
  return -1;
}

/** First element with an index ≥ vertexCount or a repeated vertex, as a sentence. */
function indexProblem(
  elements: ArrayLike<number>,
  arity: number,
  vertexCount: number,
  noun: string,
  countName: string,
): string | undefined {
  const count = elements.length / arity;
  for (let e = 0; e < count; e++) {
    for (let k = 0; k < arity; k++) {
      const v = elements[arity * e + k];
      if (v >= vertexCount)
        return `${noun} ${e} refers to vertex ${v}, but ${countName} is ${vertexCount} (dangling index)`;
      for (let m = 0; m < k; m++)
        if (elements[arity * e + m] === v) return `${noun} ${e} uses vertex ${v} twice`;
    }
  }
  return undefined;
}

function tetShapeProblem(x: ArrayLike<number>, tets: ArrayLike<number>): string | undefined {
  let firstInverted = -1;
  let inverted = 0;
  let firstDegenerate = -1;
  let degenerate = 0;
  let invertedVolume = 0;
  for (let t = 0; t < tets.length / 4; t++) {
    const [a, b, c, d] = [tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]];
    const volume = signedTetVolumeM3(x, a, b, c, d);
    let longest = 0;
    const v = [a, b, c, d];
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++) longest = Math.max(longest, edgeLengthM(x, v[i], v[j]));
    if (!(Math.abs(6 * volume) > DEGENERATE_TET_RATIO * longest ** 3)) {
      if (degenerate++ === 0) firstDegenerate = t;
    } else if (volume < 0) {
      if (inverted++ === 0) {
        firstInverted = t;
        invertedVolume = volume;
      }
    }
  }
  const more = (n: number, what: string) => (n > 1 ? ` (and ${n - 1} more ${what})` : '');
  if (inverted > 0) {
    return `tet ${firstInverted} is inverted (signed volume ${formatQuantity(invertedVolume, 3)} m³); tets must be positively oriented${more(inverted, 'inverted tets')}`;
  }
  if (degenerate > 0)
    return `tet ${firstDegenerate} is degenerate (no volume)${more(degenerate, 'degenerate tets')}`;
  return undefined;
}

function triangleShapeProblem(x: ArrayLike<number>, triangles: ArrayLike<number>): string | undefined {
  let first = -1;
  let count = 0;
  for (let t = 0; t < triangles.length / 3; t++) {
    const [a, b, c] = [triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]];
    const longest = Math.max(edgeLengthM(x, a, b), edgeLengthM(x, b, c), edgeLengthM(x, c, a));
    if (!(2 * triangleAreaM2(x, a, b, c) > DEGENERATE_TRIANGLE_RATIO * longest * longest)) {
      if (count++ === 0) first = t;
    }
  }
  return count > 0
    ? `triangle ${first} is degenerate (no area)${count > 1 ? ` (and ${count - 1} more degenerate triangles)` : ''}`
    : undefined;
}
