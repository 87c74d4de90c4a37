// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { shareableInvitationUrl } from '@renderer/features/invitation/links/invite-url';

const link = {
  token: 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY',
  url: 'http://127.0.0.1:8787/invitation/aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY',
};

afterEach(() => {
  delete window.parc;
});

describe('the invitation address shared, copied and drawn as a QR code (SPEC.md §9)', () => {
  it('is {origin}/invitation/{token} on the site the organizer is on, whatever the server calls itself', () => {
    expect(shareableInvitationUrl(link, 'https://reservation.parc-aventure-landes.fr')).toBe(
      'https://reservation.parc-aventure-landes.fr/invitation/aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY',
    );
    expect(shareableInvitationUrl(link)).toBe(`${window.location.origin}/invitation/aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY`);
  });

  it('is the server’s public address in the desktop app, which has no web origin', () => {
    window.parc = { mode: 'desktop' } as unknown as NonNullable<typeof window.parc>;
    expect(shareableInvitationUrl(link, 'app://parc')).toBe(
      'http://127.0.0.1:8787/invitation/aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY',
    );
  });
});
