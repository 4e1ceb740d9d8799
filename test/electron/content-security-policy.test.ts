import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  cspProblems,
  devServerContentSecurityPolicy,
  findCspMetaTag,
} from '../../electron/main/content-security-policy.ts';

describe('Content-Security-Policy check', () => {
  it('passes a strict policy', () => {
    expect(
      cspProblems(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ws://localhost:*; object-src 'none'",
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

describe('why styles have no nonce', () => {
  it('Monaco still adds <style> elements it cannot give a nonce (switch style-src to a nonce once this fails)', async () => {
    const monaco = new URL('../../node_modules/monaco-editor/esm/vs/base/browser/', import.meta.url);
    for (const file of ['domStylesheets.js', 'ui/contextview/contextview.js']) {
      const source = await readFile(new URL(file, monaco), 'utf8');
      expect(source, file).toContain("document.createElement('style')");
      expect(source, file).not.toMatch(/nonce/i);
    }
  });
});
