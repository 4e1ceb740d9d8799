/**
 * Help → About: the version and the credits for the sample assets the app ships. Add an
 * entry to `sampleAssetAttributions` with every third-party asset copied into assets/.
 */
import { type BrowserWindow, dialog, type MessageBoxOptions } from 'electron';

export interface Attribution {
  /** The asset as the user sees it. */
  asset: string;
  author: string;
  license: string;
  source: string;
}

export const sampleAssetAttributions: readonly Attribution[] = [
  {
    asset: 'Spot (cow)',
    author: 'Keenan Crane',
    license: 'CC0 1.0',
    source: 'https://www.cs.cmu.edu/~kmcrane/Projects/ModelRepository/',
  },
  {
    asset: 'Fox',
    author: 'PixelMannen (model, CC0 1.0); @tomkranis (rigging and animation, CC-BY 4.0)',
    license: 'CC0 1.0 and CC-BY 4.0',
    source: 'https://github.com/KhronosGroup/glTF-Sample-Models/tree/master/2.0/Fox',
  },
  {
    asset: 'Box Textured',
    author: 'Cesium',
    license: 'CC-BY 4.0',
    source: 'https://github.com/KhronosGroup/glTF-Sample-Models/tree/master/2.0/BoxTextured',
  },
];

export function aboutDetail(version: string, attributions: readonly Attribution[]): string {
  const credits = attributions.map((a) => `• ${a.asset} — ${a.author}. ${a.license}. ${a.source}`);
  return [`Version ${version}`, '', 'Sample assets:', ...credits].join('\n');
}

export async function showAboutDialog(
  window: BrowserWindow | null,
  appName: string,
  version: string,
): Promise<void> {
  const options: MessageBoxOptions = {
    type: 'info',
    title: `About ${appName}`,
    message: appName,
    detail: aboutDetail(version, sampleAssetAttributions),
    buttons: ['OK'],
  };
  if (window) await dialog.showMessageBox(window, options);
  else await dialog.showMessageBox(options);
}
