import { describe, expect, test } from 'vitest';
import {
  chooseViewportQuality,
  isSoftwareRenderer,
  QUALITY_PROFILES,
} from '../../renderer/src/viewport/render-quality.ts';

describe('viewport quality', () => {
  test('names of software renderers are told from GPUs', () => {
    for (const software of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Google SwiftShader',
    ])
      expect(isSoftwareRenderer(software), software).toBe(true);
    for (const gpu of [
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002503) Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
      'Mesa Intel(R) UHD Graphics 620 (KBL GT2)',
      'AMD Radeon Pro 5500M OpenGL Engine',
    ])
      expect(isSoftwareRenderer(gpu), gpu).toBe(false);
  });

  test('light where WebGL renders in software, full on a GPU or when the renderer is hidden', () => {
    const swiftShader = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)';
    expect(chooseViewportQuality('', swiftShader)).toEqual({
      quality: 'light',
      reason: `WebGL renders in software (${swiftShader})`,
    });
    expect(chooseViewportQuality('?frameLog', 'Mesa Intel(R) UHD Graphics 620').quality).toBe('full');
    expect(chooseViewportQuality('', null)).toEqual({ quality: 'full', reason: 'renderer not known' });
  });

  test('the URL decides when it names a profile; anything else leaves the choice to the renderer', () => {
    expect(chooseViewportQuality('?viewport=full', 'llvmpipe')).toEqual({
      quality: 'full',
      reason: 'asked for in the URL',
    });
    expect(chooseViewportQuality('?frameLog&viewport=light', 'NVIDIA GeForce RTX 3060').quality).toBe(
      'light',
    );
    expect(chooseViewportQuality('?viewport=auto', 'llvmpipe').quality).toBe('light');
    expect(chooseViewportQuality('?viewport=auto', 'NVIDIA GeForce RTX 3060').quality).toBe('full');
  });

  test('the light profile draws less of everything the full one draws', () => {
    const { full, light } = QUALITY_PROFILES;
    expect(full).toEqual({
      antialias: true,
      shadows: true,
      resolutionScale: 1,
      drawIntervals: { contentMs: 0, cameraMs: 0 },
      coarseAboveTriangles: Number.POSITIVE_INFINITY,
    });
    expect(light.antialias || light.shadows).toBe(false);
    expect(light.resolutionScale).toBeLessThan(1);
    // A playing simulation 12 times a second, a moving camera 24 (render-quality.ts says why).
    expect(1000 / light.drawIntervals.contentMs).toBeCloseTo(12, 6);
    expect(1000 / light.drawIntervals.cameraMs).toBeCloseTo(24, 6);
    // Surfaces denser than the 64² cloth (8,192 triangles) through a stand-in (surface-lod.ts).
    expect(light.coarseAboveTriangles).toBe(8192);
  });
});
