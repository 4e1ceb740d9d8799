/**
 * Help → About: the version and the credits for the sample assets the app ships. Add an
 * entry to `sampleAssetAttributions` with every third-party asset copied into assets/.
 */
import { type BrowserWindow, dialog, type MessageBoxOptions } from 'electron';
import attributions from '../../assets/samples/attributions.json';

export interface Attribution {
  /** The asset as the user sees it. */
  asset: string;
  author: string;
  license: string;
  source: string;
}

/** One list for the About box and the README: assets/samples/attributions.json. */
export const sampleAssetAttributions: readonly Attribution[] = attributions;

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
