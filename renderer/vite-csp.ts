/**
 * Vite plugin for the dev server only: the built page keeps index.html's strict CSP as
 * written; `vite` (dev) additionally opens a hot-reload WebSocket to its own loopback
 * server, which CSP2 browsers do not count as 'self' (Chromium does), so the loopback
 * ws: origins are added to connect-src while serving. Both vite.web.config.ts and the
 * electron-vite renderer config can use it.
 */
import type { Plugin } from 'vite';

/** Adds `sources` to the `directive` of every CSP meta tag in `html`. */
export function widenCspDirective(html: string, directive: string, sources: string[]): string {
  return html.replace(
    /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/gi,
    (_match, head: string, policy: string, tail: string) => {
      const parts = policy.split(';').map((part) => part.trim());
      const index = parts.findIndex((part) => part.split(/\s+/)[0] === directive);
      if (index < 0) parts.push(`${directive} ${sources.join(' ')}`);
      else parts[index] = `${parts[index]} ${sources.join(' ')}`;
      return `${head}${parts.filter(Boolean).join('; ')}${tail}`;
    },
  );
}

/** Where the dev server's hot-reload socket may be: this machine only, any port. */
export const DEV_SERVER_SOCKET_SOURCES = ['ws://localhost:*', 'ws://127.0.0.1:*'];

export function devCspPlugin(): Plugin {
  return {
    name: 'softbody:dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) => widenCspDirective(html, 'connect-src', DEV_SERVER_SOCKET_SOURCES),
  };
}
