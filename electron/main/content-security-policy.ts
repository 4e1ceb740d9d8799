/**
 * The renderer's Content-Security-Policy: the meta tag in renderer/index.html, the same page
 * whether Electron serves it over app:// or a browser opens the web build; the build refuses
 * an index.html without one or with a weak one (electron.vite.config.ts runs `cspProblems`).
 * During `npm run dev` main also sends `devServerContentSecurityPolicy` as a header on the dev
 * server's responses.
 *
 * Styles keep 'unsafe-inline' rather than a nonce: monaco-editor (0.57) adds its <style>
 * elements (vs/base/browser/domStylesheets.js, the context view) with no way to give them a
 * nonce, and a nonce in style-src makes the browser ignore 'unsafe-inline', so the editor
 * would lose its styles. Scripts, where injection matters, stay 'self' only.
 * test/electron/content-security-policy.test.ts fails once Monaco can take a nonce.
 *
 * No Node or Electron imports: the build config imports this file.
 */

/** Script sources a page with no remote content needs: its own files and WebAssembly. */
const SAFE_SCRIPT_SOURCES = new Set(["'self'", "'none'", "'wasm-unsafe-eval'"]);
const HASH_SOURCE = /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/;
const LOOPBACK_HOST = /^(https?|wss?):\/\/(localhost|127\.0\.0\.1|\[::1\])(:(\d+|\*))?(\/.*)?$/;
/** Scheme sources that mean "any host". */
const ANY_HOST_SCHEMES = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'filesystem:']);

/** Header policy for the dev server's pages (hot reload needs its socket on the same host). */
export function devServerContentSecurityPolicy(devServerUrl: URL): string {
  const socket = `${devServerUrl.protocol === 'https:' ? 'wss' : 'ws'}://${devServerUrl.host}`;
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `connect-src 'self' ${socket}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Directive name → its sources, lower-cased names as CSP treats them. */
export function parseContentSecurityPolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    // CSP ignores a repeated directive: the first wins.
    if (!directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Why `policy` would let remote or injected code run; empty when it is strict enough. */
export function cspProblems(policy: string): string[] {
  const directives = parseContentSecurityPolicy(policy);
  const problems: string[] = [];
  const defaultSrc = directives.get('default-src');
  if (!defaultSrc) {
    problems.push("it has no default-src (use default-src 'self')");
  } else if (!defaultSrc.every((source) => source === "'self'" || source === "'none'")) {
    problems.push(`default-src allows more than 'self': ${defaultSrc.join(' ')}`);
  }
  const scriptSrc = directives.get('script-src') ?? defaultSrc ?? [];
  for (const source of scriptSrc) {
    if (!SAFE_SCRIPT_SOURCES.has(source) && !HASH_SOURCE.test(source)) {
      problems.push(`script-src allows ${source}`);
    }
  }
  for (const [name, sources] of directives) {
    for (const source of sources) {
      const quoted = source.startsWith("'");
      if (source === '*' || ANY_HOST_SCHEMES.has(source.toLowerCase())) {
        problems.push(`${name} allows any host (${source})`);
      } else if (!quoted && source.includes('.') && !LOOPBACK_HOST.test(source)) {
        problems.push(`${name} allows the remote host ${source}`);
      }
    }
  }
  return problems;
}

const META_TAG = /<meta\b[^>]*>/gi;
const ATTRIBUTE = /([a-zA-Z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The policy of the page's `<meta http-equiv="Content-Security-Policy">`, if any. */
export function findCspMetaTag(html: string): string | undefined {
  for (const [tag] of html.matchAll(META_TAG)) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(ATTRIBUTE)) {
      attributes.set(match[1].toLowerCase(), decodeEntities(match[2] ?? match[3]));
    }
    if (attributes.get('http-equiv')?.toLowerCase() === 'content-security-policy') {
      return attributes.get('content');
    }
  }
  return undefined;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&apos;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}
