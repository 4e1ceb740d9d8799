/**
 * Electron fuses, flipped in the packaged binary by electron-builder's afterPack hook (before
 * signing, which must cover the changed bytes). Fuses are compiled into the executable, so
 * nothing at run time (environment, command line) can turn these back on.
 */
import { join } from 'node:path';
import { type FuseConfig, FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses';

/** Why each fuse is set the way it is; the packaging test checks this table. */
export const FUSES = {
  // ELECTRON_RUN_AS_NODE would turn the signed app into a general Node interpreter.
  [FuseV1Options.RunAsNode]: false,
  // NODE_OPTIONS could preload arbitrary code into main.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  // --inspect would let any local process attach a debugger to main.
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // app.asar is checked against the hash recorded at packaging: an edited archive is refused.
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  // Only the (integrity-checked) app.asar runs: a loose app/ folder beside it is ignored.
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // Cookies and local storage are encrypted with a key from the OS keychain.
  [FuseV1Options.EnableCookieEncryption]: true,
  // The renderer is served over app:// (electron/main/app-protocol.ts); file:// pages need no
  // privileges beyond a browser's.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
} as const;

/** The part of electron-builder's AfterPackContext the hook reads. */
export interface AfterPackContextLike {
  appOutDir: string;
  electronPlatformName: string;
  /** builder-util's Arch: 3 is arm64. */
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

const ARCH_ARM64 = 3;

/** The Electron executable (or, on macOS, the .app bundle) electron-builder just laid out. */
export function packagedElectronPath(context: AfterPackContextLike): string {
  const { appOutDir, electronPlatformName, packager } = context;
  const product = packager.appInfo.productFilename;
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(appOutDir, `${product}.app`);
    case 'win32':
      return join(appOutDir, `${product}.exe`);
    default:
      return join(appOutDir, packager.executableName ?? product);
  }
}

export function fuseConfigFor(context: AfterPackContextLike): FuseConfig {
  return {
    version: FuseVersion.V1,
    ...FUSES,
    // Flipping fuses invalidates the ad-hoc signature Apple silicon requires to launch at all;
    // re-sign ad hoc so an unsigned build still starts (a real identity signs afterwards).
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === ARCH_ARM64,
  };
}

/** electron-builder's afterPack hook. `flip` is injectable for tests. */
export async function applyFuses(
  context: AfterPackContextLike,
  flip: typeof flipFuses = flipFuses,
): Promise<void> {
  await flip(packagedElectronPath(context), fuseConfigFor(context));
}
