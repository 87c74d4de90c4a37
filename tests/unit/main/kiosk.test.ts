import { describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import { isBlockedKioskInput, lockKioskContents, type KeyInput } from '../../../src/main/kiosk';
import { appOrigins, hardenWebContents, isNavigationAllowed } from '../../../src/main/navigation';
import { isRouteAllowedInKiosk } from '../../../src/shared/desktop-bridge';

vi.mock('electron', () => ({}));

const key = (keyName: string, modifiers: Partial<KeyInput> = {}): KeyInput => ({
  type: 'keyDown',
  key: keyName,
  control: false,
  meta: false,
  shift: false,
  alt: false,
  ...modifiers,
});

describe('isBlockedKioskInput', () => {
  it.each([
    ['F12', key('F12')],
    ['Ctrl+Shift+I', key('I', { control: true, shift: true })],
    ['Ctrl+Shift+J', key('J', { control: true, shift: true })],
    ['Ctrl+Shift+C', key('C', { control: true, shift: true })],
    ['Cmd+Alt+I', key('i', { meta: true, alt: true })],
    ['F5', key('F5')],
    ['Ctrl+R', key('r', { control: true })],
    ['Ctrl+Shift+R', key('R', { control: true, shift: true })],
    ['Cmd+R', key('r', { meta: true })],
    ['Ctrl+F5', key('F5', { control: true })],
    ['BrowserRefresh', key('BrowserRefresh')],
    ['Ctrl+U (view source)', key('u', { control: true })],
    ['Ctrl+P (print dialog)', key('p', { control: true })],
    ['F11 (leave full screen)', key('F11')],
    ['Ctrl+W', key('w', { control: true })],
    ['Ctrl++ (zoom)', key('+', { control: true })],
    ['Alt+Left (history)', key('ArrowLeft', { alt: true })],
    ['BrowserBack', key('BrowserBack')],
    ['rawKeyDown F12', { ...key('F12'), type: 'rawKeyDown' }],
  ])('blocks %s', (_label, input) => {
    expect(isBlockedKioskInput(input)).toBe(true);
  });

  it.each([
    ['typing a letter', key('r')],
    ['typing a capital', key('R', { shift: true })],
    ['Ctrl+C (copy)', key('c', { control: true })],
    ['Ctrl+V (paste)', key('v', { control: true })],
    ['Ctrl+A', key('a', { control: true })],
    ['Backspace', key('Backspace')],
    ['Enter', key('Enter')],
    ['Tab', key('Tab')],
    ['ArrowLeft in a field', key('ArrowLeft')],
    ['the key-up of F5', { ...key('F5'), type: 'keyUp' }],
  ])('lets %s through', (_label, input) => {
    expect(isBlockedKioskInput(input)).toBe(false);
  });
});

describe('lockKioskContents', () => {
  function fakeContents() {
    const listeners = new Map<string, (...args: unknown[]) => void>();
    const contents = {
      on: (name: string, listener: (...args: unknown[]) => void) => listeners.set(name, listener),
      closeDevTools: vi.fn(),
      setVisualZoomLevelLimits: vi.fn(() => Promise.resolve()),
    };
    return { contents, listeners };
  }

  it('cancels blocked keys before the page sees them, closes dev tools and disables pinch-zoom', () => {
    const { contents, listeners } = fakeContents();
    lockKioskContents(contents as unknown as WebContents);
    const reload = { preventDefault: vi.fn() };
    listeners.get('before-input-event')!(reload, key('F5'));
    expect(reload.preventDefault).toHaveBeenCalled();
    const typing = { preventDefault: vi.fn() };
    listeners.get('before-input-event')!(typing, key('a'));
    expect(typing.preventDefault).not.toHaveBeenCalled();
    listeners.get('devtools-opened')!();
    expect(contents.closeDevTools).toHaveBeenCalled();
    expect(contents.setVisualZoomLevelLimits).toHaveBeenCalledWith(1, 1);
  });
});

describe('isRouteAllowedInKiosk', () => {
  it.each([
    '/',
    '',
    '/reservation',
    '/invitation/abcdefghijkl',
    '/booking/5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c',
    '/administration-des-groupes',
    '/contact?admin=1',
    '/login',
  ])('allows %j', (path) => {
    expect(isRouteAllowedInKiosk(path)).toBe(true);
  });

  it.each([
    '/admin',
    '/admin/',
    '/admin/reservations',
    '/ADMIN',
    '/Admin/x',
    '//admin',
    '/%61dmin',
    '/%2fadmin',
    '/%252fadmin',
    '/\\admin',
    '/admin;x=1',
    '/admin?x',
    '/admin#x',
    '/ admin ',
    '/%E0%A4%A',
    `/${'%25'.repeat(6)}61dmin`,
  ])('refuses %j', (path) => {
    expect(isRouteAllowedInKiosk(path)).toBe(false);
  });
});

describe('kiosk navigation lock in main', () => {
  const origins = appOrigins(undefined);

  it('refuses a document navigation to a staff route in the kiosk only', () => {
    expect(isNavigationAllowed('app://parc/admin/reservations', origins, true)).toBe(false);
    expect(isNavigationAllowed('app://parc/%61dmin', origins, true)).toBe(false);
    expect(isNavigationAllowed('app://parc/reservation', origins, true)).toBe(true);
    expect(isNavigationAllowed('app://parc/admin/reservations', origins, false)).toBe(true);
    expect(isNavigationAllowed('https://evil.com/', origins, false)).toBe(false);
  });

  it('never opens the system browser from the kiosk, even for the park website', () => {
    const listeners = new Map<string, (details: { url: string; preventDefault: () => void }) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: (name: string, listener: (details: { url: string; preventDefault: () => void }) => void) =>
        listeners.set(name, listener),
      setWindowOpenHandler: (handler: typeof openHandler) => {
        openHandler = handler;
      },
    };
    const openExternal = vi.fn(() => Promise.resolve());
    hardenWebContents(contents as unknown as WebContents, origins, openExternal, { kiosk: true });
    expect(openHandler!({ url: 'https://www.parc-aventure-landes.fr/' })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
    const navigation = { url: 'app://parc/admin', preventDefault: vi.fn() };
    listeners.get('will-navigate')!(navigation);
    expect(navigation.preventDefault).toHaveBeenCalled();
  });
});
