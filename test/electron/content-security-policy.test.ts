import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  cspProblems,
  devServerContentSecurityPolicy,
  findCspMetaTag,
  randomStyleNonce,
  STYLE_NONCE_PLACEHOLDER,
  withFreshStyleNonce,
} from '../../electron/main/content-security-policy.ts';

describe('Content-Security-Policy check', () => {
  it('passes a strict policy', () => {
    expect(
      cspProblems(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'nonce-abc'; style-src-attr 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ws://localhost:*; object-src 'none'",
      ),
    ).toEqual([]);
    expect(cspProblems(devServerContentSecurityPolicy(new URL('http://localhost:5173')))).toEqual([]);
  });

  it.each([
    ["script-src 'self'", "it has no default-src (use default-src 'self')"],
    ['default-src *', "default-src allows more than 'self': *"],
    ["default-src 'self'; script-src 'self' 'unsafe-inline'", "script-src allows 'unsafe-inline'"],
    ["default-src 'self'; script-src 'self' 'unsafe-eval'", "script-src allows 'unsafe-eval'"],
    [
      "default-src 'self'; script-src 'self' https://cdn.example.com",
      'script-src allows https://cdn.example.com',
    ],
    [
      "default-src 'self'; style-src 'self' 'unsafe-inline'",
      "style elements are allowed by 'unsafe-inline' (give them the page's nonce instead)",
    ],
    [
      "default-src 'self'; style-src 'self' 'nonce-abc'; style-src-elem 'unsafe-inline'",
      "style elements are allowed by 'unsafe-inline' (give them the page's nonce instead)",
    ],
    ["default-src 'self'; img-src https:", 'img-src allows any host (https:)'],
    ["default-src 'self'; connect-src api.example.com", 'connect-src allows the remote host api.example.com'],
  ])('flags %s', (policy, problem) => {
    expect(cspProblems(policy)).toContain(problem);
  });

  it('reads the policy from a meta tag, in any attribute order and quoting', () => {
    expect(findCspMetaTag(`<meta content="default-src 'self'" http-equiv="Content-Security-Policy">`)).toBe(
      "default-src 'self'",
    );
    expect(
      findCspMetaTag(`<meta http-equiv='content-security-policy' content='default-src &#39;none&#39;'>`),
    ).toBe("default-src 'none'");
    expect(findCspMetaTag('<meta charset="utf-8">')).toBeUndefined();
  });

  it('holds for the renderer page the app ships (production has no CSP header)', async () => {
    const html = await readFile(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const policy = findCspMetaTag(html);
    expect(policy, 'renderer/index.html needs a Content-Security-Policy meta tag').toBeDefined();
    expect(cspProblems(policy ?? '')).toEqual([]);
  });
});

describe('the per-load style nonce', () => {
  it('is 16 random bytes in base64, new on every call', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => randomStyleNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(atob(nonce)).toHaveLength(16);
    }
  });

  it('replaces every placeholder of the shipped page, in its policy and its nonce meta tag', async () => {
    const html = await readFile(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    expect(html.split(STYLE_NONCE_PLACEHOLDER).length - 1).toBe(2);
    const served = withFreshStyleNonce(html, 'AAAAAAAAAAAAAAAAAAAAAA==');
    expect(served).not.toContain(STYLE_NONCE_PLACEHOLDER);
    const policy = findCspMetaTag(served) ?? '';
    expect(policy).toContain("style-src 'self' 'nonce-AAAAAAAAAAAAAAAAAAAAAA=='");
    expect(served).toContain('<meta property="csp-nonce" nonce="AAAAAAAAAAAAAAAAAAAAAA==" />');
    expect(withFreshStyleNonce(html)).not.toBe(withFreshStyleNonce(html));
  });
});
