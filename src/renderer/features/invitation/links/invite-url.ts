import type { InviteLink } from '@shared/api/invitation.schema';
import { appMode } from '@renderer/shared/desktop';

/**
 * The address to share for an invitation link: {origin}/invitation/{token} (SPEC.md §9), the
 * origin being the site the organizer is on, so a park served under another name than the
 * server's configured one still hands out links that open. The desktop app has no web origin of
 * its own (app://): there it is the server's public address (`PUBLIC_URL`), as in the e-mails.
 */
export function shareableInvitationUrl(
  link: Pick<InviteLink, 'token' | 'url'>,
  origin: string = window.location.origin,
): string {
  return appMode() === 'web' ? `${origin}/invitation/${encodeURIComponent(link.token)}` : link.url;
}
