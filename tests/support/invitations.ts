import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  inviteLinkResponse,
  joinInvitationResponse,
  type CreateInviteLinkBody,
  type InviteLink,
} from '../../src/shared/api/invitation.schema';
import type { Db } from '../../src/server/db/client';
import { bookingParticipants, customers, inviteLinks, sessions } from '../../src/server/db/schema';
import { bearer, nextAddress } from './auth';
import { cb } from './customer-bookings';

/** Helpers of the invitation API tests (tests/api/invitations-*.test.ts). */

/** Texts of SPEC.md §5, §8 and docs/decisions.md, "Joining", written out so that a changed text fails a test. */
export const INVITE_MSG = {
  exhausted: "Ce lien d'invitation a atteint sa limite d'utilisation",
  tokenInvalid: "Token d'invitation invalide",
  tokenMissing: "Token d'invitation manquant",
  revoked: "Ce lien d'invitation a été révoqué par l'organisateur",
  expired: "Ce lien d'invitation a expiré",
  closed: "Cette réservation n'accepte plus de nouveaux participants",
  loginFirst:
    "Un compte existe déjà avec cet e-mail. Connectez-vous d'abord, puis rouvrez ce lien d'invitation pour rejoindre la réservation.",
  alreadyMember: 'Vous faites déjà partie de cette réservation',
  joined: 'Inscription confirmée !',
  joinedByEmail:
    'Inscription confirmée ! Un e-mail contenant un mot de passe temporaire vient de vous être envoyé : connectez-vous avec lui pour accéder à la réservation.',
  onlyOrganizerLinks: "Seul l'organisateur peut gérer les liens d'invitation",
  linksLocked: "Votre demande est validée : il n'est plus possible de créer de lien d'invitation",
  linkNotFound: "Lien d'invitation non trouvé",
  onlyActiveRevoked: 'Seul un lien actif peut être révoqué',
  maxUses: "Le nombre maximum d'invités doit être illimité, 1, 3, 5 ou 10",
  expiresAtInvalid: "Date d'expiration invalide",
  expiresAtPast: "La date d'expiration ne peut pas être dans le passé",
  full: (max: number) => `La liste des participants est complète : ${max} personnes au maximum pour cette réservation`,
  tooMany: 'Trop de requêtes, veuillez patienter',
} as const;

/** POST /{id}/invite-links (201 expected), parsed. */
export async function createLink(
  app: FastifyInstance,
  token: string,
  bookingId: string,
  body: CreateInviteLinkBody = {},
) {
  const res = await cb(app, 'POST', `/${bookingId}/invite-links`, token, body);
  expect(res.statusCode, res.body).toBe(201);
  const parsed = inviteLinkResponse.strict().parse(res.json());
  expect(parsed.message).toBe("Lien d'invitation créé");
  return parsed.data;
}

export function getInvitation(app: FastifyInstance, token: string, remoteAddress = nextAddress()) {
  return app.inject({ method: 'GET', url: `/api/v1/invitations/${token}`, remoteAddress });
}

export interface JoinForm {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  phone?: unknown;
  password?: unknown;
  confirmPassword?: unknown;
}

export function join(app: FastifyInstance, inviteToken: string, form: JoinForm, sessionToken?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/invitations/${inviteToken}/join`,
    headers: sessionToken ? bearer(sessionToken) : {},
    remoteAddress: nextAddress(),
    payload: form as Record<string, unknown>,
  });
}

/** A join that must succeed (200), parsed. */
export async function joinOk(app: FastifyInstance, inviteToken: string, form: JoinForm, sessionToken?: string) {
  const res = await join(app, inviteToken, form, sessionToken);
  expect(res.statusCode, res.body).toBe(200);
  return joinInvitationResponse.strict().parse(res.json());
}

export async function linkRow(db: Db, id: string) {
  const [row] = await db.select().from(inviteLinks).where(eq(inviteLinks.id, id));
  expect(row, `invite link ${id} not stored`).toBeDefined();
  return row!;
}

/** Sets a link's state directly (revoked, expired, used), as time or the organizer would. */
export async function setLink(db: Db, link: Pick<InviteLink, '_id'>, values: Partial<typeof inviteLinks.$inferInsert>) {
  await db.update(inviteLinks).set(values).where(eq(inviteLinks.id, link._id));
}

/** Rows that a join may write: to check that a refused join wrote nothing. */
export async function joinCounts(db: Db) {
  const [[c], [s], [p], [l]] = await Promise.all([
    db.select({ n: count() }).from(customers),
    db.select({ n: count() }).from(sessions),
    db.select({ n: count() }).from(bookingParticipants),
    db.select({ n: count() }).from(inviteLinks),
  ]);
  const uses = await db.select({ id: inviteLinks.id, used: inviteLinks.usedCount }).from(inviteLinks);
  return {
    customers: c!.n,
    sessions: s!.n,
    participants: p!.n,
    links: l!.n,
    uses: uses.sort((a, b) => a.id.localeCompare(b.id)),
  };
}

/** Runs `act` and checks that no account, session, participant, link or use was written. */
export async function expectNothingWritten<T>(db: Db, act: () => Promise<T>): Promise<T> {
  const before = await joinCounts(db);
  const result = await act();
  expect(await joinCounts(db)).toEqual(before);
  return result;
}

export function participantsOfBooking(db: Db, bookingId: string) {
  return db.select().from(bookingParticipants).where(eq(bookingParticipants.bookingId, bookingId));
}
