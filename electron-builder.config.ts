/**
 * Installers, built by `npm run dist` (electron-builder) from the electron-vite bundles in out/:
 * Linux AppImage and deb, Windows NSIS, macOS dmg, each for the platform it runs on. The
 * packaged app is the three bundles alone: main, preload and the renderer inline everything
 * they use, so no node_modules folder ships (monaco-editor alone would add 100 MB).
 *
 * test/packaging/electron-builder-config.test.ts validates this file with electron-builder's
 * own schema, since the Electron binary it packages cannot be downloaded where CI runs.
 */
import type { Configuration } from 'electron-builder';
import { applyFuses } from './scripts/packaging/fuses.ts';

/** The project document: double-clicking one opens it in the app. */
export const PROJECT_FILE = {
  ext: 'sbproj',
  name: 'Softbody Project',
  description: 'Softbody Studio project',
  mimeType: 'application/x-softbody-project',
} as const;

const config: Configuration = {
  appId: 'studio.softbody.app',
  productName: 'Softbody Studio',
  directories: { output: 'dist', buildResources: 'packaging' },
  files: ['out/**/*', 'package.json', '!out/**/*.map', '!node_modules/**/*'],
  asar: true,
  icon: 'packaging/icon.png',
  fileAssociations: [{ ...PROJECT_FILE, role: 'Editor', rank: 'Owner' }],
  afterPack: applyFuses,
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Graphics',
    executableName: 'softbody-studio',
    maintainer: 'Softbody Studio maintainers',
    mimeTypes: [PROJECT_FILE.mimeType],
  },
  win: { target: ['nsis'] },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
  mac: { target: ['dmg'], category: 'public.app-category.graphics-design' },
};

export default config;
