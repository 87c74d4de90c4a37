import { describe, expect, it, vi } from 'vitest';
import { apiBaseUrlFromEnv, modeFromArgv, parseConfigFile, rendererArguments } from '../../../src/main/config';
import { isPermissionAllowed } from '../../../src/main/permissions';
import { appOrigins } from '../../../src/main/navigation';
import { DESKTOP_ARGS, readDesktopArg } from '../../../src/shared/desktop-bridge';

vi.mock('electron', () => ({}));

describe('modeFromArgv', () => {
  it('is kiosk with --kiosk and desktop otherwise', () => {
    expect(modeFromArgv(['/usr/bin/parc', '.', '--kiosk'])).toBe('kiosk');
    expect(modeFromArgv(['/usr/bin/parc', '.'])).toBe('desktop');
    expect(modeFromArgv(['/usr/bin/parc', '--kiosked'])).toBe('desktop');
  });
});

describe('the config file in userData', () => {
  it('is optional', () => {
    expect(parseConfigFile(undefined)).toEqual({});
  });

  it('turns the app into the kiosk and points it at the API', () => {
    const config = parseConfigFile('{ "mode": "kiosk", "apiUrl": "https://api.parc.fr/" }');
    expect(modeFromArgv(['/usr/bin/parc'], config)).toBe('kiosk');
    expect(apiBaseUrlFromEnv({}, config)).toBe('https://api.parc.fr');
  });

  it('yields to --kiosk and PARC_API_URL', () => {
    const config = parseConfigFile('{ "mode": "desktop", "apiUrl": "https://api.parc.fr" }');
    expect(modeFromArgv(['/usr/bin/parc', '--kiosk'], config)).toBe('kiosk');
    expect(apiBaseUrlFromEnv({ PARC_API_URL: 'https://10.0.0.2:8787' }, config)).toBe('https://10.0.0.2:8787');
  });

  it.each(['{', '[]', '{"mode":"borne"}', '{"apiUrl": 3}', '{"mode":"kiosk","extra":true}'])(
    'fails loudly on %s',
    (text) => {
      expect(() => parseConfigFile(text)).toThrow(/config\.json/);
    },
  );

  it('names the file when its apiUrl is wrong', () => {
    expect(() => apiBaseUrlFromEnv({}, { apiUrl: 'file:///etc' })).toThrow('apiUrl of config.json must be http(s)');
  });
});

describe('apiBaseUrlFromEnv', () => {
  it('defaults to the local API', () => {
    expect(apiBaseUrlFromEnv({})).toBe('http://127.0.0.1:8787');
    expect(apiBaseUrlFromEnv({ PARC_API_URL: '  ' })).toBe('http://127.0.0.1:8787');
  });

  it('refuses plain http to another computer: tokens and passwords would cross the network in clear', () => {
    for (const value of ['http://10.0.0.2:8787', 'http://api.parc.fr', 'http://127.0.0.1.nip.io']) {
      expect(() => apiBaseUrlFromEnv({ PARC_API_URL: value })).toThrow('PARC_API_URL must use https');
    }
    expect(() => apiBaseUrlFromEnv({}, { apiUrl: 'http://192.168.1.10' })).toThrow(
      'apiUrl of config.json must use https',
    );
  });

  it('accepts plain http to this computer only', () => {
    expect(apiBaseUrlFromEnv({ PARC_API_URL: 'http://localhost:8787' })).toBe('http://localhost:8787');
    expect(apiBaseUrlFromEnv({ PARC_API_URL: 'http://127.0.0.2:8787/' })).toBe('http://127.0.0.2:8787');
    expect(apiBaseUrlFromEnv({ PARC_API_URL: 'http://[::1]:8787' })).toBe('http://[::1]:8787');
  });

  it('keeps a configured base URL without its trailing slash', () => {
    expect(apiBaseUrlFromEnv({ PARC_API_URL: 'https://api.parc.fr/' })).toBe('https://api.parc.fr');
  });

  it.each(['not a url', 'file:///etc', 'javascript:alert(1)', 'https://u:p@api.fr', 'https://api.fr/?x=1'])(
    'fails loudly on %s',
    (value) => {
      expect(() => apiBaseUrlFromEnv({ PARC_API_URL: value })).toThrow(/PARC_API_URL/);
    },
  );
});

describe('rendererArguments', () => {
  it('round-trips through what the preload reads', () => {
    const argv = ['/usr/bin/parc', ...rendererArguments('kiosk', 'https://api.parc.fr')];
    expect(readDesktopArg(argv, DESKTOP_ARGS.mode)).toBe('kiosk');
    expect(readDesktopArg(argv, DESKTOP_ARGS.apiUrl)).toBe('https://api.parc.fr');
  });
});

describe('isPermissionAllowed', () => {
  const origins = appOrigins(undefined);

  it('lets the app write to the clipboard only', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://parc/', origins)).toBe(true);
  });

  it.each([
    ['clipboard-sanitized-write', 'https://js.stripe.com/'],
    ['clipboard-read', 'app://parc/'],
    ['media', 'app://parc/'],
    ['geolocation', 'app://parc/'],
    ['notifications', 'app://parc/'],
    ['openExternal', 'app://parc/'],
  ])('refuses %s to %s', (permission, url) => {
    expect(isPermissionAllowed(permission, url, origins)).toBe(false);
  });
});
