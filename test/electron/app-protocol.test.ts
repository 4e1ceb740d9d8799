import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appProtocolResponse,
  handleAppProtocol,
  registerAppScheme,
} from '../../electron/main/app-protocol.ts';
import { contentTypeFor, resolveAppRequest } from '../../electron/main/app-url.ts';
import { STYLE_NONCE_PLACEHOLDER } from '../../electron/main/content-security-policy.ts';
import type { Logger } from '../../electron/main/log.ts';

const root = join(tmpdir(), 'renderer-root');

describe('resolveAppRequest', () => {
  it('maps app://softbody/ paths to files below the renderer folder', () => {
    expect(resolveAppRequest(root, 'app://softbody/index.html')).toBe(join(root, 'index.html'));
    expect(resolveAppRequest(root, 'app://softbody/')).toBe(join(root, 'index.html'));
    expect(resolveAppRequest(root, 'app://softbody/assets/main-1a2b.js?v=1#x')).toBe(
      join(root, 'assets', 'main-1a2b.js'),
    );
    expect(resolveAppRequest(root, 'app://softbody/assets/a%20b.css')).toBe(join(root, 'assets', 'a b.css'));
  });

  it.each([
    ['dot segments the URL parser leaves encoded', 'app://softbody/..%2f..%2fetc%2fpasswd'],
    ['an encoded backslash', 'app://softbody/..%5c..%5csecret'],
    ['a NUL', 'app://softbody/index.html%00.png'],
    ['broken percent-encoding', 'app://softbody/%E0%A4%A'],
    ['another host', 'app://elsewhere/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['no URL at all', 'index.html'],
  ])('refuses %s', (_what, url) => {
    expect(resolveAppRequest(root, url)).toBeUndefined();
  });

  it('keeps plain dot segments inside the folder (the URL parser resolves them first)', () => {
    expect(resolveAppRequest(root, 'app://softbody/../../etc/passwd')).toBe(join(root, 'etc', 'passwd'));
  });
});

describe('contentTypeFor', () => {
  it('serves WebAssembly, modules and pages with the types browsers require', () => {
    expect(contentTypeFor('a/sim.wasm')).toBe('application/wasm');
    expect(contentTypeFor('a/worker.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('blob')).toBe('application/octet-stream');
  });
});

describe('the app:// handler', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'sb-app-'));
    await mkdir(join(folder, 'renderer', 'assets'), { recursive: true });
    await writeFile(join(folder, 'renderer', 'index.html'), '<!doctype html>');
    await writeFile(join(folder, 'renderer', 'assets', 'sim.wasm'), new Uint8Array([0, 97, 115, 109]));
    await writeFile(join(folder, 'secret.txt'), 'SECRET');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('answers with the file and its content type', async () => {
    const response = await appProtocolResponse(join(folder, 'renderer'), 'app://softbody/assets/sim.wasm');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/wasm');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([0, 97, 115, 109]));
  });

  it('makes the page cross-origin isolated: COOP and COEP on the page and on every file it loads', async () => {
    for (const url of ['app://softbody/index.html', 'app://softbody/assets/sim.wasm']) {
      const response = await appProtocolResponse(join(folder, 'renderer'), url);
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
  });

  it('answers 404 for a file outside the renderer folder, reached by any encoding', async () => {
    for (const url of ['app://softbody/..%2fsecret.txt', 'app://softbody/%2e%2e/secret.txt']) {
      const response = await appProtocolResponse(join(folder, 'renderer'), url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).toBe('Not found');
    }
  });

  it('serves pages with a fresh style nonce on every load, other files as they are', async () => {
    const page = `<meta http-equiv="Content-Security-Policy" content="style-src 'nonce-${STYLE_NONCE_PLACEHOLDER}'">`;
    await writeFile(join(folder, 'renderer', 'nonce.html'), page);
    await writeFile(join(folder, 'renderer', 'assets', 'note.txt'), STYLE_NONCE_PLACEHOLDER);
    const load = async (url: string) => (await appProtocolResponse(join(folder, 'renderer'), url)).text();
    const [first, second] = [
      await load('app://softbody/nonce.html'),
      await load('app://softbody/nonce.html'),
    ];
    const nonceOf = (html: string) => html.match(/'nonce-([^']+)'/)?.[1];
    expect(nonceOf(first)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(await load('app://softbody/assets/note.txt')).toBe(STYLE_NONCE_PLACEHOLDER);
  });

  it('answers 404 for a missing file', async () => {
    expect((await appProtocolResponse(join(folder, 'renderer'), 'app://softbody/nope.js')).status).toBe(404);
  });

  it('registers the scheme as standard and secure, and handles it', async () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() };
    registerAppScheme(protocol);
    expect(protocol.registerSchemesAsPrivileged.mock.calls[0][0]).toEqual([
      {
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }),
      },
    ]);
    const log: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    handleAppProtocol(protocol, join(folder, 'renderer'), log);
    const [scheme, handler] = protocol.handle.mock.calls[0];
    expect(scheme).toBe('app');
    const page = await handler(new Request('app://softbody/index.html'));
    expect(await page.text()).toBe('<!doctype html>');
    expect((await handler(new Request('app://softbody/..%2fsecret.txt'))).status).toBe(404);
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
