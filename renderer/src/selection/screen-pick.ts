/**
 * Which vertices a pointer gesture covers on screen: every particle is projected with the camera
 * into canvas pixels (CSS px, origin top left), then tested against a rectangle, a brush stroke or
 * a click point. Box and brush select through the body (interior and hidden vertices too, what
 * pinning a layer needs); a click takes the nearest vertex the caller says is visible.
 * Pure apart from reading the camera's matrices; runs in Node for tests.
 */
import { type Camera, Matrix4 } from 'three';
import type { BodyLayout } from '../sim/protocol.ts';

/** A point on the canvas, CSS px from its top-left corner. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** An axis-aligned rectangle on the canvas, CSS px; any two opposite corners. */
export interface ScreenRect {
  a: ScreenPoint;
  b: ScreenPoint;
}

/**
 * Every particle on the canvas: x, y in CSS px and the normalised depth (−1 near … 1 far), 3 per
 * particle; NaN for particles behind the camera or outside its depth range, which nothing picks.
 */
export interface Projection {
  xy: Float32Array;
  width: number;
  height: number;
}

const viewProjection = new Matrix4();

/**
 * Projects `positionsM` (m, xyz interleaved, whole world) with `camera` onto a canvas of
 * `width` × `height` CSS px. The camera's world matrix must be current (it is after a render).
 */
export function projectParticles(
  camera: Camera,
  positionsM: ArrayLike<number>,
  width: number,
  height: number,
): Projection {
  viewProjection.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  const m = viewProjection.elements;
  const n = Math.floor(positionsM.length / 3);
  const xy = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    const x = positionsM[3 * i];
    const y = positionsM[3 * i + 1];
    const z = positionsM[3 * i + 2];
    const w = m[3] * x + m[7] * y + m[11] * z + m[15];
    const cz = (m[2] * x + m[6] * y + m[10] * z + m[14]) / w;
    if (!(w > 0) || cz < -1 || cz > 1) {
      xy[3 * i] = xy[3 * i + 1] = xy[3 * i + 2] = Number.NaN;
      continue;
    }
    const cx = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
    const cy = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
    xy[3 * i] = ((cx + 1) / 2) * width;
    xy[3 * i + 1] = ((1 - cy) / 2) * height;
    xy[3 * i + 2] = cz;
  }
  return { xy, width, height };
}

/** Per body (layout order), the body-local vertices whose projection lies in `rect` (edges included). */
export function verticesInRect(
  projection: Projection,
  layouts: readonly BodyLayout[],
  rect: ScreenRect,
): number[][] {
  const x0 = Math.min(rect.a.x, rect.b.x);
  const x1 = Math.max(rect.a.x, rect.b.x);
  const y0 = Math.min(rect.a.y, rect.b.y);
  const y1 = Math.max(rect.a.y, rect.b.y);
  return collect(projection, layouts, (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1);
}

/**
 * Per body, the body-local vertices within `radiusPx` of the segment from `from` to `to` (a brush
 * stroke between two pointer events; from = to for a single dab).
 */
export function verticesNearSegment(
  projection: Projection,
  layouts: readonly BodyLayout[],
  from: ScreenPoint,
  to: ScreenPoint,
  radiusPx: number,
): number[][] {
  const r2 = radiusPx * radiusPx;
  return collect(projection, layouts, (x, y) => distanceToSegmentSquared(x, y, from, to) <= r2);
}

export interface VertexHit {
  /** Index of the body in the layout. */
  body: number;
  /** Body-local vertex index. */
  vertex: number;
  /** Distance from the point on screen, CSS px. */
  distancePx: number;
}

/**
 * The vertices within `radiusPx` of `at`, nearest on screen first (on a tie, nearer the camera
 * first). The click tool takes the first one `visible` accepts.
 */
export function verticesNearPoint(
  projection: Projection,
  layouts: readonly BodyLayout[],
  at: ScreenPoint,
  radiusPx: number,
): VertexHit[] {
  const hits: (VertexHit & { depth: number })[] = [];
  layouts.forEach((layout, body) => {
    for (let v = 0; v < layout.particleCount; v++) {
      const i = 3 * (layout.particleOffset + v);
      const d = Math.hypot(projection.xy[i] - at.x, projection.xy[i + 1] - at.y);
      if (d <= radiusPx) hits.push({ body, vertex: v, distancePx: d, depth: projection.xy[i + 2] });
    }
  });
  hits.sort((a, b) => a.distancePx - b.distancePx || a.depth - b.depth);
  return hits.map(({ body, vertex, distancePx }) => ({ body, vertex, distancePx }));
}

function collect(
  projection: Projection,
  layouts: readonly BodyLayout[],
  inside: (x: number, y: number) => boolean,
): number[][] {
  return layouts.map((layout) => {
    const out: number[] = [];
    for (let v = 0; v < layout.particleCount; v++) {
      const i = 3 * (layout.particleOffset + v);
      if (i + 1 >= projection.xy.length) break;
      const x = projection.xy[i];
      const y = projection.xy[i + 1];
      // NaN (behind the camera) fails every comparison, so it is never inside.
      if (inside(x, y)) out.push(v);
    }
    return out;
  });
}

function distanceToSegmentSquared(x: number, y: number, a: ScreenPoint, b: ScreenPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / length2)) : 0;
  const ex = x - (a.x + t * dx);
  const ey = y - (a.y + t * dy);
  return ex * ex + ey * ey;
}
