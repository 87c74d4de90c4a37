import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy, contentTypeOf, resolveAppRequest } from '../../../src/main/app-protocol';

vi.mock('electron', () => ({}));

const root = join('/opt', 'parc', 'out', 'renderer');
const files = new Set([
  join(root, 'index.html'),
  join(root, 'assets', 'index-abc.js'),
  join(root, 'assets', 'inter.woff2'),
]);
const isFile = (path: string) => Promise.resolve(files.has(path));
const resolve = (url: string) => resolveAppRequest(root, url, isFile);

describe('resolveAppRequest', () => {
  it('serves index.html at the root', async () => {
    expect(await resolve('app://parc/')).toEqual({ kind: 'file', path: join(root, 'index.html') });
  });

  it('serves a built asset', async () => {
    expect(await resolve('app://parc/assets/index-abc.js')).toEqual({
      kind: 'file',
      path: join(root, 'assets', 'index-abc.js'),
    });
  });

  it.each(['app://parc/reservation/3f1c', 'app://parc/mon-espace/', 'app://parc/connexion?x=1'])(
    'answers the client route %s with index.html',
    async (url) => {
      expect(await resolve(url)).toEqual({ kind: 'file', path: join(root, 'index.html') });
    },
  );

  it('answers 404 for a missing file with an extension', async () => {
    expect(await resolve('app://parc/assets/missing.js')).toEqual({ kind: 'not-found' });
  });

  it.each([
    'app://parc/..%2f..%2fetc%2fpasswd',
    'app://parc/assets/..%2F..%2F..%2Fetc/passwd',
    'app://parc/%2e%2e%2f%2e%2e%2fetc/passwd',
    'app://parc/assets%2f..%2f..%2fsecret',
    'app://parc/..%5c..%5cwindows%5cwin.ini',
    'app://parc/%2Fetc%2Fpasswd',
    'app://parc//etc/passwd',
    'app://parc/C:/Windows/win.ini',
    'app://parc/C%3A%5CWindows',
    'app://parc/index.html%00.js',
    'app://parc/%E0%A4%A',
    'app://other/index.html',
    'app://parc.evil.com/index.html',
    'app://user@parc/index.html',
    'file:///etc/passwd',
    'https://parc/index.html',
    'not a url',
  ])('refuses %s', async (url) => {
    expect(await resolve(url)).toEqual({ kind: 'forbidden' });
  });

  it.each(['app://parc/../../etc/passwd', 'app://parc/%2e%2e/%2E%2E/etc/passwd'])(
    'never leaves the renderer folder for %s (the URL parser folds the dot segments)',
    async (url) => {
      const result = await resolve(url);
      if (result.kind === 'file') expect(result.path.startsWith(root)).toBe(true);
      expect(result).toEqual({ kind: 'file', path: join(root, 'index.html') });
    },
  );
});

describe('contentTypeOf', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a.JS', 'text/javascript; charset=utf-8'],
    ['f.woff2', 'font/woff2'],
    ['x.unknown', 'application/octet-stream'],
  ])('%s is %s', (file, type) => {
    expect(contentTypeOf(file)).toBe(type);
  });
});

describe('contentSecurityPolicy', () => {
  it('lets the app reach only itself, the configured API and Stripe', () => {
    const csp = contentSecurityPolicy('http://127.0.0.1:8787/base');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:8787 https://api.stripe.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
