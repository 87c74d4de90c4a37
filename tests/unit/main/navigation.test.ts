import { describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import { appOrigins, hardenWebContents, isAllowedExternalUrl, isAppUrl } from '../../../src/main/navigation';

vi.mock('electron', () => ({}));

const origins = appOrigins(undefined);

describe('isAppUrl', () => {
  it.each(['app://parc/', 'app://parc/reservation/3f1c', 'app://parc/mon-espace?onglet=invitations#haut'])(
    'allows %s',
    (url) => {
      expect(isAppUrl(url, origins)).toBe(true);
    },
  );

  it.each([
    'https://evil.com',
    'https://evil.com/app://parc/',
    'app://parc.evil.com/',
    'app://parc:8080/',
    'app://evil.com@parc/',
    'app://parc@evil.com/',
    'app://other/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'http://parc/',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isAppUrl(url, origins)).toBe(false);
  });

  it('allows the electron-vite dev server only when it is configured', () => {
    const dev = appOrigins('http://localhost:5173/');
    expect(isAppUrl('http://localhost:5173/connexion', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppUrl('http://localhost:5173/', origins)).toBe(false);
  });
});

describe('isAllowedExternalUrl', () => {
  it.each(['https://www.parc-aventure-landes.fr/', 'https://parc-aventure-landes.fr/tarifs'])(
    'sends the park website %s to the system browser',
    (url) => {
      expect(isAllowedExternalUrl(url)).toBe(true);
    },
  );

  it.each([
    'http://www.parc-aventure-landes.fr/',
    'https://www.parc-aventure-landes.fr.evil.com/',
    'https://user@www.parc-aventure-landes.fr/',
    'https://www.parc-aventure-landes.fr:8443/',
    'https://evil.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
  ])('keeps %s closed', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
  });
});

describe('hardenWebContents', () => {
  function fakeContents() {
    const listeners = new Map<string, (...args: unknown[]) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: (name: string, listener: (...args: unknown[]) => void) => listeners.set(name, listener),
      setWindowOpenHandler: (handler: typeof openHandler) => {
        openHandler = handler;
      },
    };
    return {
      contents: contents as unknown as WebContents,
      emit: (name: string, details: object) => {
        const event = { ...details, preventDefault: vi.fn() };
        listeners.get(name)?.(event);
        return event.preventDefault;
      },
      open: (url: string) => openHandler?.({ url }),
    };
  }

  it('cancels navigation away from the app and keeps in-app navigation', () => {
    const fake = fakeContents();
    hardenWebContents(fake.contents, origins, vi.fn());
    expect(fake.emit('will-navigate', { url: 'https://evil.com/' })).toHaveBeenCalled();
    expect(fake.emit('will-navigate', { url: 'app://parc/connexion' })).not.toHaveBeenCalled();
  });

  it('cancels a top-frame redirect off the app but not one inside a sub-frame (Stripe)', () => {
    const fake = fakeContents();
    hardenWebContents(fake.contents, origins, vi.fn());
    const top = fake.emit('will-redirect', { url: 'https://evil.com/', isMainFrame: true });
    const sub = fake.emit('will-redirect', { url: 'https://hooks.stripe.com/', isMainFrame: false });
    expect(top).toHaveBeenCalled();
    expect(sub).not.toHaveBeenCalled();
  });

  it('refuses <webview>', () => {
    const fake = fakeContents();
    hardenWebContents(fake.contents, origins, vi.fn());
    expect(fake.emit('will-attach-webview', {})).toHaveBeenCalled();
  });

  it('denies every new window, opening only the park website in the system browser', () => {
    const fake = fakeContents();
    const openExternal = vi.fn(() => Promise.resolve());
    hardenWebContents(fake.contents, origins, openExternal);
    expect(fake.open('https://www.parc-aventure-landes.fr/')).toEqual({ action: 'deny' });
    expect(fake.open('https://evil.com/')).toEqual({ action: 'deny' });
    expect(fake.open('app://parc/')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(openExternal).toHaveBeenCalledWith('https://www.parc-aventure-landes.fr/');
  });
});
