import { describe, expect, it } from 'vitest';
import { deepLinkRoute } from '@renderer/app/kiosk/deep-link-route';
import { parseDeepLink } from '../../../src/main/deep-link';

// `parcaventure://booking/{id}` on the staff desktop (DESIGN.md §6): main parses the link
// (src/main/deep-link.ts), the renderer opens the booking's screen for whoever is signed in.
const ID = '0fdb9eab-a2c4-4a2e-9311-a0be9f33d746';

describe('deep link routes in the renderer', () => {
  it('opens a booking on its back-office screen when a team member is signed in', () => {
    const route = parseDeepLink(`parcaventure://booking/${ID.toUpperCase()}`);
    expect(route).toBe(`/booking/${ID}`);
    expect(deepLinkRoute(route!, true)).toBe(`/admin/demandes/${ID}`);
  });

  it('opens it on the customer’s booking page otherwise', () => {
    expect(deepLinkRoute(`/booking/${ID}`, false)).toBe(`/booking/${ID}`);
  });

  it('leaves every other route as main sent it', () => {
    expect(deepLinkRoute('/invitation/abcdefghijKLMN', true)).toBe('/invitation/abcdefghijKLMN');
    expect(deepLinkRoute('/', true)).toBe('/');
    expect(deepLinkRoute(`/booking/${ID}/extra`, true)).toBe(`/booking/${ID}/extra`);
    expect(deepLinkRoute('/booking/not-a-uuid', true)).toBe('/booking/not-a-uuid');
  });

  it('main refuses what is not a booking or an invitation link', () => {
    expect(parseDeepLink(`parcaventure://booking/${ID}/../admin`)).toBeNull();
    expect(parseDeepLink(`https://booking/${ID}`)).toBeNull();
    expect(parseDeepLink(`parcaventure://admin/demandes/${ID}`)).toBeNull();
  });
});
