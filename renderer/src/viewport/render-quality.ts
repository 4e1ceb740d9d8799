/**
 * How much the viewport draws. On a GPU the full picture is cheap. Where WebGL runs in software
 * (SwiftShader, llvmpipe, Windows' WARP: a machine without a usable GPU, a VM, a remote desktop),
 * every draw is done by the CPU the simulation steps on. On a 2-core machine the full picture of a
 * 3k-triangle cube took about 100 ms of CPU per draw in Chromium's GPU process, and that process
 * runs above the page's workers, so the viewport crawled at about 7 fps and the solver lost a core.
 * The light profile draws the same scene at half resolution, without shadows or antialiasing:
 * about a fifth of the CPU per draw. Most of what is left is per draw, not per pixel (the page's
 * composite and SwiftShader's threads), so it also draws a playing simulation at most 12 times a
 * second: with the 16³ neo-Hookean cube playing, Chromium's GPU process took 79–83% of a core at
 * a cap of 24 and 44–47% at 12, and the worker's median step was 8.7–11.4 ms against 5.5–8.2 (its
 * solver team got the second core back; 8 s probes). In the app bench (bench/app.ts) the worker
 * stepped the four scenes at 1.16–1.46 of the Node bench with a cap of 24, the viewport drawing
 * 13.5–25 times a second, and at 0.58–1.07 with 12. A moving camera is still drawn up to 24 times
 * a second: the picture answers the hand at once. A dense surface (above 8,192 triangles) is drawn
 * through a stand-in of about a fifth of its triangles (surface-lod.ts): with the 128² cloth playing,
 * the GPU process took 67–72% of a core against 87–93% at about the same draw rate (12 s probes,
 * alternated). The worker's step did not gain measurably on that cloth (app bench, one paired run:
 * 1.22 of the Node bench against 1.17): its draws still come in bursts on both cores, SwiftShader
 * rasterizing on two threads.
 */

import type { DrawIntervals } from './render-loop.ts';

export type ViewportQuality = 'full' | 'light';

export interface QualityProfile {
  /** Multisampled edges; fixed when the WebGL context is made. */
  antialias: boolean;
  /** The sun's shadow map (a second pass over the bodies, and shadow lookups on the ground). */
  shadows: boolean;
  /** Drawn pixels per CSS pixel, as a share of the screen's own density. */
  resolutionScale: number;
  /** Shortest times between two draws, ms (0: every animation frame that has something new). */
  drawIntervals: Readonly<DrawIntervals>;
  /**
   * Surfaces of more triangles than this are drawn through a coarser stand-in (surface-lod.ts);
   * grabbing and selecting still see the whole surface.
   */
  coarseAboveTriangles: number;
}

export const QUALITY_PROFILES: Readonly<Record<ViewportQuality, Readonly<QualityProfile>>> = {
  full: {
    antialias: true,
    shadows: true,
    resolutionScale: 1,
    drawIntervals: { contentMs: 0, cameraMs: 0 },
    coarseAboveTriangles: Number.POSITIVE_INFINITY,
  },
  light: {
    antialias: false,
    shadows: false,
    resolutionScale: 0.5,
    drawIntervals: { contentMs: 1000 / 12, cameraMs: 1000 / 24 },
    coarseAboveTriangles: 8192,
  },
};

export interface QualityChoice {
  quality: ViewportQuality;
  /** Why, in words the status bar shows. */
  reason: string;
}

/** Renderer names of WebGL implementations that draw on the CPU. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|lavapipe|basic render driver|software/i;

export function isSoftwareRenderer(rendererName: string): boolean {
  return SOFTWARE_RENDERER.test(rendererName);
}

/**
 * The profile for this page: `?viewport=full` or `?viewport=light` in the URL decides;
 * otherwise light where `rendererName` (null: not known) names a software renderer.
 */
export function chooseViewportQuality(search: string, rendererName: string | null): QualityChoice {
  const asked = new URLSearchParams(search).get('viewport');
  if (asked === 'full' || asked === 'light') return { quality: asked, reason: 'asked for in the URL' };
  if (rendererName !== null && isSoftwareRenderer(rendererName)) {
    return { quality: 'light', reason: `WebGL renders in software (${rendererName})` };
  }
  return {
    quality: 'full',
    reason: rendererName === null ? 'renderer not known' : `WebGL on ${rendererName}`,
  };
}

/**
 * The name of the renderer a WebGL2 context gets here, read from a throwaway context (the
 * viewport's own must be made knowing whether to antialias); null where the browser hides it.
 */
export function probeRendererName(): string | null {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return null;
  try {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    return typeof name === 'string' ? name : null;
  } finally {
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
