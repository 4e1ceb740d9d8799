/** Where the e2e suite finds the repository, Chromium and (when installed) Electron. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const resultsDir = join(repoRoot, 'test-results');
/** The shared corpus of real meshes beside the repository (see its README). */
export const sharedMeshes = join(repoRoot, '..', 'shared', 'meshes');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Switches for headless Chromium here: no sandbox (CI runs as root), no background
 * traffic, and WebGL2 through ANGLE on SwiftShader (no GPU on CI machines).
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/**
 * Switches added after `chromiumArgs` (the later `--use-angle` wins) for Chromium as it runs itself
 * on a machine without a usable GPU: SwiftShader for WebGL only, the page rastered and composited in
 * software (chrome://gpu: "Compositing: Software only", "WebGL: Software only"). The suite's own
 * switches make SwiftShader the whole GPU, so that every composited frame goes through it too: the
 * suite's full-quality pictures come faster that way (all 120 e2e tests in 626 s against 905 s
 * with these), but a page that draws in software pays more for it than a GPU-less user's page
 * does. With the 128² cloth playing in the light viewport at 11.6–13.5 draws a second, three
 * alternating 12 s probes each way: the GPU process took 64–71% of a core with the suite's
 * switches and 37–40% with these, the simulation worker 83–90% and 100–103%. The app benchmark
 * (bench/app.ts) measures with these.
 */
export const gpuLessChromiumArgs = ['--use-angle=swiftshader-webgl'];

export interface ElectronTarget {
  executablePath: string;
  /** The built main process entry (electron-vite build). */
  mainPath: string;
}

/**
 * The Electron binary and built app when both exist, else the reason they cannot be
 * driven. The npm package downloads its binary at install; where that could not
 * happen, path.txt or dist/ is missing.
 */
export function findElectron(): ElectronTarget | { missing: string } {
  const packageDir = join(repoRoot, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return { missing: 'Electron binary not present' };
  const executablePath = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(executablePath)) return { missing: 'Electron binary not present' };
  const mainPath = join(repoRoot, 'out', 'main', 'index.js');
  if (!existsSync(mainPath)) return { missing: 'Electron app not built (run `npm run build` first)' };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { missing: 'Electron present but no display (run under xvfb-run)' };
  }
  return { executablePath, mainPath };
}
