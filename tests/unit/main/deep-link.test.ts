import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { deepLinkFromArgv, describeForLog, parseDeepLink } from '../../../src/main/deep-link';

vi.mock('electron', () => ({}));

const ALLOWED_ROUTE = /^\/(invitation\/[A-Za-z0-9_-]{10,200}|booking\/[0-9a-f-]{36})$/;
const TOKEN = 'Qm9uam91ci1sZXMtYW1pcw_-';
const BOOKING_ID = '5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c';

describe('parseDeepLink', () => {
  it.each([
    [`parcaventure://invitation/${TOKEN}`, `/invitation/${TOKEN}`],
    [`parcaventure://invitation/${TOKEN}/`, `/invitation/${TOKEN}`],
    [`PARCAVENTURE://invitation/${TOKEN}`, `/invitation/${TOKEN}`],
    [`parcaventure://booking/${BOOKING_ID}`, `/booking/${BOOKING_ID}`],
    [`parcaventure://booking/${BOOKING_ID.toUpperCase()}`, `/booking/${BOOKING_ID}`],
    [`parcaventure://invitation/${'a'.repeat(10)}`, `/invitation/${'a'.repeat(10)}`],
    [`parcaventure://invitation/${'a'.repeat(200)}`, `/invitation/${'a'.repeat(200)}`],
  ])('opens %s as %s', (link, route) => {
    expect(parseDeepLink(link)).toBe(route);
  });

  it.each([
    'parcaventure://invitation/../../etc/passwd',
    'parcaventure://invitation/../../',
    `parcaventure://invitation/../${TOKEN}`,
    'parcaventure://booking/%2e%2e',
    `parcaventure://booking/%2e%2e/${BOOKING_ID}`,
    `parcaventure://invitation/${TOKEN}%2f..%2fadmin`,
    `parcaventure://invitation/${TOKEN}?next=https://evil.com`,
    `parcaventure://invitation/${TOKEN}#x`,
    `parcaventure://invitation/${TOKEN}/extra`,
    `parcaventure://invitation/${'a'.repeat(9)}`,
    `parcaventure://invitation/${'a'.repeat(201)}`,
    `parcaventure://invitation/${TOKEN.slice(0, 12)}=`,
    `parcaventure://invitation/${TOKEN.slice(0, 12)}+/`,
    'parcaventure://booking/not-a-uuid',
    `parcaventure://booking/${BOOKING_ID}0`,
    `parcaventure://booking/${BOOKING_ID.replace(/-/g, '')}`,
    `parcaventure://admin/${BOOKING_ID}`,
    `parcaventure://INVITATION/${TOKEN}`,
    `parcaventure:invitation/${TOKEN}`,
    `parcaventure:///invitation/${TOKEN}`,
    `parcaventure://user@invitation/${TOKEN}`,
    `parcaventure://invitation//${TOKEN}`,
    `parcaventure://invitation/${TOKEN}\n`,
    ` parcaventure://invitation/${TOKEN}`,
    `parcaventure://invitation/${TOKEN}\u0000`,
    `javascript:alert(1)//parcaventure://invitation/${TOKEN}`,
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    `file:///invitation/${TOKEN}`,
    `https://www.parc-aventure-landes.fr/invitation/${TOKEN}`,
    `app://parc/invitation/${TOKEN}`,
    '',
  ])('refuses %j', (link) => {
    expect(parseDeepLink(link)).toBeNull();
  });

  it.each([undefined, null, 42, {}, ['parcaventure://invitation/abcdefghijkl'], Symbol('x')])(
    'refuses the non-string %s',
    (value) => {
      expect(parseDeepLink(value)).toBeNull();
    },
  );

  it('refuses a link longer than any the app writes', () => {
    expect(parseDeepLink(`parcaventure://invitation/${'a'.repeat(200)}/${'/'.repeat(400)}`)).toBeNull();
  });
});

describe('parseDeepLink fuzzed', () => {
  const prefixes = [
    '',
    'parcaventure://',
    'parcaventure://invitation/',
    'parcaventure://booking/',
    'PARCAVENTURE://Invitation/',
    'parcaventure://invitation/../../',
    'parcaventure://booking/%2e%2e',
    'parcaventure://booking/..%2f',
    'parcaventure://invitation/%00',
    'parcaventure:/\\invitation/',
    'javascript:',
    'javascript://parcaventure://invitation/',
    'data:text/html,',
    'file:///',
    'app://parc/',
    '//',
  ];
  const alphabets = [
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
    '0123456789abcdefABCDEF-',
    './%2e%2f\\?#@:;=&+ \t\n\u0000\u202e\uFEFFé',
  ];

  function randomPiece(): string {
    const [size = 0, flavour = 0, pick = 0] = randomBytes(3);
    const bytes = randomBytes(1 + (size % 240));
    if (flavour % 4 === 0) return bytes.toString('latin1');
    if (flavour % 4 === 1) return bytes.toString('base64url');
    if (flavour % 4 === 2) return [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    const alphabet = alphabets[pick % alphabets.length]!;
    return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  }

  it('never throws and never returns a route outside the allowlist (5000 random links)', () => {
    let routes = 0;
    for (let i = 0; i < 5000; i += 1) {
      const prefix = prefixes[i % prefixes.length]!;
      const tail = i % 7 === 0 ? `${randomPiece()}/${randomPiece()}` : randomPiece();
      const link = `${prefix}${tail}`;
      const parse = () => parseDeepLink(link);
      expect(parse).not.toThrow();
      const route = parse();
      if (route !== null) {
        routes += 1;
        expect(route).toMatch(ALLOWED_ROUTE);
      }
    }
    // Random base64url after the invitation prefix must produce real routes, or the fuzz proves little.
    expect(routes).toBeGreaterThan(0);
  });

  it('maps every valid random token and uuid to exactly its route', () => {
    for (let i = 0; i < 500; i += 1) {
      const token = randomBytes(8 + (i % 140)).toString('base64url');
      expect(parseDeepLink(`parcaventure://invitation/${token}`)).toBe(`/invitation/${token}`);
      const hex = randomBytes(16).toString('hex');
      const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      expect(parseDeepLink(`parcaventure://booking/${id}`)).toBe(`/booking/${id}`);
    }
  });
});

describe('deepLinkFromArgv', () => {
  it('finds the link among Chromium switches (second instance on Windows and Linux)', () => {
    const argv = [
      'C:\\Parc\\Parc Aventure.exe',
      '--allow-file-access-from-files',
      `parcaventure://invitation/${TOKEN}`,
    ];
    expect(deepLinkFromArgv(argv)).toBe(`parcaventure://invitation/${TOKEN}`);
    expect(deepLinkFromArgv(['/usr/bin/parc', '--kiosk'])).toBeUndefined();
  });
});

describe('describeForLog', () => {
  it('shows the shape of a refused link, never its content', () => {
    const described = describeForLog(`parcaventure://invitation/${TOKEN}?x`);
    expect(described).toBe(`parcaventure: link of ${`parcaventure://invitation/${TOKEN}?x`.length} characters`);
    expect(described).not.toContain(TOKEN);
    expect(describeForLog(42)).toBe('number');
  });
});
