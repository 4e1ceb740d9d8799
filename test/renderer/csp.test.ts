import { describe, expect, test } from 'vitest';
import { STYLE_NONCE_PLACEHOLDER } from '../../electron/main/content-security-policy.ts';
import indexHtml from '../../renderer/index.html?raw';
import { DEV_SERVER_SOCKET_SOURCES, widenCspDirective } from '../../renderer/vite-csp.ts';

function policyOf(html: string): Map<string, string[]> {
  const content = html.match(/http-equiv="Content-Security-Policy"\s+content="([^"]*)"/)?.[1];
  if (!content) throw new Error('no CSP meta tag');
  return new Map(
    content
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('Content-Security-Policy of the renderer', () => {
  test('the page policy allows only its own scripts, styles and connections', () => {
    const policy = policyOf(indexHtml);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    // <style> elements need the page's nonce (served fresh on each load, stamped on the elements
    // Monaco creates by app/style-nonce.ts); Monaco's markup also carries style attributes.
    expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${STYLE_NONCE_PLACEHOLDER}'`]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });

  test('the page has no inline script or style for the policy to block', () => {
    expect(indexHtml).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(indexHtml).not.toMatch(/<style|style="/);
  });

  test('the dev server policy adds the loopback hot-reload WebSocket and nothing else', () => {
    const dev = policyOf(widenCspDirective(indexHtml, 'connect-src', DEV_SERVER_SOCKET_SOURCES));
    const built = policyOf(indexHtml);
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws://localhost:*', 'ws://127.0.0.1:*']);
    for (const [name, sources] of built) if (name !== 'connect-src') expect(dev.get(name)).toEqual(sources);
  });
});
