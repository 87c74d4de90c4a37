import { customerAuthCalls } from './auth.contract';
import type { CallDefinition } from './contract';
import { messageCalls } from './messages.contract';
import { onsiteCalls } from './onsite.contract';
import { paymentCalls } from './payments.contract';
import { contractCalls } from './contracts.contract';
import { customerBookingCalls } from './customer-bookings.contract';
import { groupCalls } from './group.contract';
import { invitationCalls } from './invitations.contract';
import { publicCalls } from './public.contract';
import { staffCatalogueCalls } from './staff-catalogue.contract';
import { staffCalls } from './staff.contract';

/**
 * Every call definition of the API, by area: the route table (docs/decisions.md, "One definition
 * per call"). tests/api/call-definitions.test.ts checks that the server registers exactly these.
 * The renderer imports an area's contract file, never this index (it would pull every schema).
 */
export const ALL_CALLS = {
  public: publicCalls,
  staff: staffCalls,
  staffCatalogue: staffCatalogueCalls,
  messages: messageCalls,
  payments: paymentCalls,
  customerAuth: customerAuthCalls,
  customerBookings: customerBookingCalls,
  invitations: invitationCalls,
  contracts: contractCalls,
  group: groupCalls,
  onsite: onsiteCalls,
} as const satisfies Record<string, Record<string, CallDefinition>>;

/** Each area's tag in the OpenAPI document, described in French (a new area must say what it holds). */
export const AREA_DESCRIPTIONS: Record<keyof typeof ALL_CALLS, string> = {
  public: 'Catalogue, établissement et demandes de réservation publiques (sans session)',
  staff: "Back-office : connexion de l'équipe, demandes, comptes, boîte d'envoi",
  staffCatalogue: 'Back-office : catalogue et coordonnées du parc (administrateurs)',
  messages: 'Messagerie de la réservation (client et équipe)',
  payments: 'Paiements, cautions et remboursements',
  customerAuth: 'Compte client : inscription, connexion, profil',
  customerBookings: 'Réservations du client',
  invitations: "Liens d'invitation et inscription des participants",
  contracts: 'Contrat PDF de la réservation',
  group: 'Paiement du groupe : invités d’honneur, relances des parts, aperçu du remboursement de chaque payeur',
  onsite: 'Sur place : pass personnel, décharge, accueil et borne (groupes sans réservation)',
};

/** Every call with its area and its name in that area (the OpenAPI document's tag and operationId). */
export function listNamedCalls(): Array<{ area: keyof typeof ALL_CALLS; name: string; call: CallDefinition }> {
  return Object.entries(ALL_CALLS).flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, CallDefinition>).map(([name, call]) => ({
      area: area as keyof typeof ALL_CALLS,
      name,
      call,
    })),
  );
}

export function listAllCalls(): CallDefinition[] {
  return Object.values(ALL_CALLS).flatMap((area) => Object.values(area) as CallDefinition[]);
}
