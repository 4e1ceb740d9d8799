import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { describe, expect, it, vi } from 'vitest';
import viteConfig from '../../electron.vite.config.ts';
import config, { PROJECT_FILE } from '../../electron-builder.config.ts';
import packageJson from '../../package.json';
import {
  type AfterPackContextLike,
  applyFuses,
  FUSES,
  fuseConfigFor,
  packagedElectronPath,
} from '../../scripts/packaging/fuses.ts';

const root = join(import.meta.dirname, '..', '..');
const ARM64 = 3;
const X64 = 1;

function context(electronPlatformName: string, arch = X64): AfterPackContextLike {
  return {
    appOutDir: join('dist', 'unpacked'),
    electronPlatformName,
    arch,
    packager: { appInfo: { productFilename: 'Softbody Studio' }, executableName: 'softbody-studio' },
  };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('electron-builder configuration', () => {
  it("passes electron-builder's own schema validation", async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('the validation it relies on rejects a misspelt option', async () => {
    const broken = { ...config, fileAssociation: config.fileAssociations } as typeof config;
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/fileAssociation/);
  });

  it('builds AppImage and deb on Linux, NSIS on Windows and dmg on macOS', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
  });

  it('associates .sbproj files with the app under their own MIME type', () => {
    expect(config.fileAssociations).toEqual([expect.objectContaining(PROJECT_FILE)]);
    expect(PROJECT_FILE.ext).toBe('sbproj');
    expect(PROJECT_FILE.mimeType).toMatch(/^application\/x-[a-z-]+$/);
    expect(config.linux?.mimeTypes).toContain(PROJECT_FILE.mimeType);
  });

  it('ships the built bundles and package.json only, in an asar archive', () => {
    expect(config.asar).toBe(true);
    expect(config.files).toEqual(expect.arrayContaining(['out/**/*', 'package.json', '!node_modules/**/*']));
    const sources = (config.files as string[]).filter((pattern) =>
      /^(electron|renderer|core|cli|test|contract)\b/.test(pattern),
    );
    expect(sources).toEqual([]);
    expect(packageJson.main.startsWith('out/')).toBe(true);
  });

  it('ships no node_modules because main and preload inline what they import from packages', () => {
    const bundles = viteConfig as { main: { build: object }; preload: { build: object } };
    expect(bundles.main.build).toMatchObject({ externalizeDeps: false });
    expect(bundles.preload.build).toMatchObject({ externalizeDeps: false });
  });

  it('has an icon of at least 512 × 512 pixels', async () => {
    expect(config.icon).toBe('packaging/icon.png');
    const { width, height } = pngSize(await readFile(join(root, config.icon as string)));
    expect(width).toBeGreaterThanOrEqual(512);
    expect(height).toBe(width);
  });

  it('flips the fuses in the afterPack hook', () => {
    expect(config.afterPack).toBe(applyFuses);
  });

  it('has npm run dist build the bundles, then the installers from this file', () => {
    const dist = (packageJson.scripts as Record<string, string>).dist;
    expect(dist).toBe('electron-vite build && electron-builder --config electron-builder.config.ts');
  });
});

describe('fuses', () => {
  it('turns off running as Node, NODE_OPTIONS and --inspect, and file:// extra privileges', () => {
    expect(FUSES[FuseV1Options.RunAsNode]).toBe(false);
    expect(FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(FUSES[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(FUSES[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
  });

  it('turns on asar integrity, asar-only loading and cookie encryption', () => {
    expect(FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
    expect(FUSES[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(FUSES[FuseV1Options.EnableCookieEncryption]).toBe(true);
  });

  it('finds the packaged executable on each platform', () => {
    expect(packagedElectronPath(context('linux'))).toBe(join('dist', 'unpacked', 'softbody-studio'));
    expect(packagedElectronPath(context('win32'))).toBe(join('dist', 'unpacked', 'Softbody Studio.exe'));
    expect(packagedElectronPath(context('darwin'))).toBe(join('dist', 'unpacked', 'Softbody Studio.app'));
  });

  it('re-signs ad hoc only for Apple silicon builds', () => {
    expect(fuseConfigFor(context('darwin', ARM64)).resetAdHocDarwinSignature).toBe(true);
    expect(fuseConfigFor(context('darwin', X64)).resetAdHocDarwinSignature).toBe(false);
    expect(fuseConfigFor(context('linux', ARM64)).resetAdHocDarwinSignature).toBe(false);
  });

  it('the hook flips every fuse of the table in the packaged executable', async () => {
    const flip = vi.fn(async () => 1);
    await applyFuses(context('linux'), flip);
    expect(flip).toHaveBeenCalledExactlyOnceWith(join('dist', 'unpacked', 'softbody-studio'), {
      version: FuseVersion.V1,
      ...FUSES,
      resetAdHocDarwinSignature: false,
    });
  });
});
