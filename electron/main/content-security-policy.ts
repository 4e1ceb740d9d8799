/**
 * The renderer's Content-Security-Policy: the meta tag in renderer/index.html, the same page
 * whether Electron serves it over app:// or a browser opens the web build; the build refuses
 * an index.html without one or with a weak one (electron.vite.config.ts runs `cspProblems`).
 * During `npm run dev` main also sends `devServerContentSecurityPolicy` as a header on the dev
 * server's responses.
 *
 * Styles are nonce-based: index.html's policy allows <style> elements that carry the page's
 * nonce, and style attributes (`style-src-attr 'unsafe-inline'`: Monaco writes them in its
 * markup; with img-src and font-src limited to the page itself they cannot fetch anything).
 * index.html holds STYLE_NONCE_PLACEHOLDER where the nonce goes, in the policy and in the
 * `<meta property="csp-nonce">` tag the page reads it from (renderer/src/app/style-nonce.ts
 * gives it to every <style> the page's scripts create, Monaco's included); whoever serves the
 * page puts a fresh nonce there on every load (`withFreshStyleNonce`: the app:// handler and
 * `vite preview`). The dev server leaves the placeholder as it is: the page still works, with
 * a fixed nonce, as is fine for a server on the loopback.
 *
 * No Node or Electron imports: the build config imports this file.
 */

/** What index.html holds where the per-load style nonce goes (base64 letters only). */
export const STYLE_NONCE_PLACEHOLDER = 'softbodyStyleNoncePlaceholder';

/** 16 random bytes, base64: a CSP nonce (the spec asks for at least 128 bits). */
export function randomStyleNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** `html` with a fresh nonce wherever the placeholder stands: call once per served page. */
export function withFreshStyleNonce(html: string, nonce: string = randomStyleNonce()): string {
  return html.replaceAll(STYLE_NONCE_PLACEHOLDER, nonce);
}

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
    `style-src 'self' 'nonce-${STYLE_NONCE_PLACEHOLDER}'`,
    "style-src-attr 'unsafe-inline'",
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
  const styleElements = directives.get('style-src-elem') ?? directives.get('style-src') ?? defaultSrc ?? [];
  if (styleElements.includes("'unsafe-inline'")) {
    problems.push("style elements are allowed by 'unsafe-inline' (give them the page's nonce instead)");
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
