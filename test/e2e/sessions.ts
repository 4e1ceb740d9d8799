/**
 * Opens the app for a test file: the built web bundle in Chromium with the browser host,
 * or the built Electron app. Either way the caller gets a Page plus every console error,
 * page error and CSP violation seen since it opened.
 */
import { _electron, chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath, type ElectronTarget } from './environment.ts';

export interface AppSession {
  page: Page;
  /** Console errors, uncaught page errors and CSP violations, in order. */
  problems: string[];
  /** Every console message, as text. */
  messages: string[];
  close(): Promise<void>;
}

/** Viewport size of the browser session, CSS px. */
export const PAGE_SIZE = { width: 960, height: 600 };

/**
 * Opens `url` with the full viewport (`?viewport=full`) unless it names one: the suite's pictures
 * count shadows and antialiased edges, and here WebGL renders in software, where the app would
 * start light (renderer/src/viewport/render-quality.ts; `viewport=auto` leaves the choice to it).
 * @param extraArgs Chromium switches added to the suite's own (e.g. to take WebGL away)
 */
export async function openInChromium(url: string, extraArgs: string[] = []): Promise<AppSession> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
  });
  const page = await browser.newPage({ viewport: PAGE_SIZE, deviceScaleFactor: 1 });
  const { problems, messages } = await watchProblems(page);
  await page.goto(withViewportQuality(url));
  return { page, problems, messages, close: () => browser.close() };
}

function withViewportQuality(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('viewport')) parsed.searchParams.set('viewport', 'full');
  return parsed.toString();
}

export async function openInElectron(target: ElectronTarget): Promise<AppSession> {
  const app = await _electron.launch({
    executablePath: target.executablePath,
    args: ['--no-sandbox', target.mainPath],
  });
  const page = await app.firstWindow();
  const { problems, messages } = await watchProblems(page);
  // The window loaded before the watchers existed: load it again under their eyes.
  await page.reload();
  return { page, problems, messages, close: () => app.close() };
}

async function watchProblems(page: Page): Promise<{ problems: string[]; messages: string[] }> {
  const problems: string[] = [];
  const messages: string[] = [];
  page.on('console', (message) => {
    messages.push(message.text());
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // CSP violations also reach the console, but the event names the directive exactly.
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.__reportCspViolation(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline')));`,
  });
  return { problems, messages };
}
