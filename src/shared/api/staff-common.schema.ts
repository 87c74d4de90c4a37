import { z } from 'zod';
import { isCalendarDay } from './booking-request.schema';
import { emailAddress, EUROS_MAX, EUROS_TOO_HIGH } from './common.schema';
import { FIELD_MESSAGES } from '../field-messages';
import { wholeEurosLabel } from '../money';

/**
 * What every area of the back-office schemas shares: the team's French messages, the French-worded
 * field helpers and the path parameters. The areas: staff-accounts, staff-requests, staff-catalogue,
 * staff-desk; `staff.schema.ts` is their index.
 */

// ─── Messages ────────────────────────────────────────────────────────────────────────────────

export const STAFF_MESSAGES = {
  loggedIn: 'Connexion réussie',
  loggedOut: 'Déconnexion réussie',
  setupDone: 'Compte administrateur créé',
  setupInvalid: 'Ce lien de création du premier compte est invalide ou a expiré',
  setupClosed: 'Un compte du personnel existe déjà : connectez-vous',
  emailTaken: 'Un compte du personnel existe déjà avec cet e-mail',
  adminOnly: 'Action réservée aux administrateurs',
  validated: 'Demande validée par l’équipe',
  validateNeedsClient: 'Le client doit d’abord valider sa demande',
  alreadyValidated: 'La demande est déjà validée par l’équipe',
  paymentConfigSaved: 'Configuration du paiement enregistrée : le devis a été envoyé au client',
  paymentConfigNeedsClient: 'Le client doit d’abord valider sa demande avant la configuration du paiement',
  paymentConfigClosed: 'Le paiement ne peut plus être configuré pour cette réservation',
  paymentConfigAmount: 'Le montant de la caution est requis',
  paymentConfigAmountTooHigh: 'Le montant de la caution ne peut pas dépasser le total',
  /** A card deposit may exceed the total, up to the park's ceiling (docs/decisions.md, "Card deposit ceiling"). */
  paymentConfigCardDepositTooHigh: (maxEuros: number) =>
    `Le montant de la caution par carte ne peut pas dépasser ${wholeEurosLabel(maxEuros)}`,
  paymentConfigCardDepositHint: (maxEuros: number) =>
    `Jusqu’à ${wholeEurosLabel(maxEuros)}, même au-delà du total du devis`,
  cardDepositMaxInvalid: 'Le plafond de la caution par carte doit être un nombre entier d’euros entre 1 et 100 000',
  settingsSaved: 'Réglages du parc enregistrés',
  paymentConfigPercentage: 'Le pourcentage doit être compris entre 1 et 100',
  paymentConfigTotal: 'Le montant total doit être supérieur à 0',
  paymentConfigDueDate: 'La date d’échéance doit être dans le futur',
  paymentConfigDueAfterStart: 'La date d’échéance ne peut pas être après le premier jour de l’événement',
  paymentConfigDueBeforeHold: (day: string) =>
    `Pour une caution par carte, la date d’échéance ne peut pas précéder le ${day}, premier jour où l’empreinte peut être prise`,
  paymentConfigType: 'Veuillez choisir un mode de paiement',
  paymentConfigAlreadyPaid: 'Un paiement a déjà été reçu : le mode de paiement ne peut plus changer',
  mailResent: 'E-mail remis dans la file d’envoi',
  mailNotFound: 'E-mail introuvable',
  mailNotFailed: 'Seul un e-mail en échec peut être renvoyé',
  chequeReceived: 'Chèque de caution enregistré : la réservation est confirmée',
  chequeNotDepositCheck: 'Cette réservation n’est pas réglée par chèque de caution',
  chequeNotPrebooked: 'Seule une réservation pré-réservée peut être confirmée',
  canceled: 'Réservation annulée',
  cancelReason: 'Le motif d’annulation est requis',
  alreadyCanceled: 'Cette réservation est déjà annulée',
  completed: 'Réservation terminée',
  completeTooEarly: 'La réservation ne peut être terminée qu’à partir de son premier jour',
  scheduleSaved: 'Programme mis à jour',
  scheduleClosed: 'Le programme d’une réservation annulée ou terminée ne peut plus être modifié',
  catalogueCreated: 'Élément du catalogue créé',
  catalogueUpdated: 'Élément du catalogue mis à jour',
  pictureSaved: 'Image enregistrée',
  pictureMissing: 'Veuillez choisir une image',
  pictureType: 'Format d’image non accepté : JPEG, PNG ou WebP uniquement',
  pictureTooLarge: 'L’image ne doit pas dépasser 5 Mo',
  pictureUnreadable: 'Cette image ne peut pas être lue',
  establishmentSaved: 'Informations de l’établissement mises à jour',
  nameRequired: 'Le nom est requis',
  categoryInvalid: 'Veuillez choisir une catégorie',
  priceInvalid: 'Le prix doit être un nombre positif',
  durationInvalid: 'La durée doit être un nombre entier de minutes',
  timeInvalid: 'Heure invalide (format HH:MM)',
  slotOrder: 'L’heure de fin doit être après l’heure de début',
  slotDuplicate: 'Deux créneaux commencent à la même heure le même jour',
  capacityInvalid: 'La capacité doit être un nombre entier positif',
  emailInvalid: FIELD_MESSAGES.emailInvalid,
  phoneInvalid: FIELD_MESSAGES.phoneFormat,
  dateInvalid: 'Date invalide (format AAAA-MM-JJ)',
  catalogueNotFound: 'Élément du catalogue non trouvé',
  accountCreated: 'Compte du personnel créé',
  accountUpdated: 'Compte du personnel mis à jour',
  accountNotFound: 'Compte du personnel non trouvé',
  lastAdmin: 'Il doit rester au moins un administrateur actif',
  selfDisable: 'Vous ne pouvez pas désactiver votre propre compte',
} as const;

/** Zod's own messages are English: every input field of these calls names its French one. */
export const tooLong = (max: number) => `Ce texte ne peut pas dépasser ${max} caractères`;
export const flag = () => z.boolean({ error: 'Valeur invalide : oui ou non attendu' });
/** A whole number from 1 to `max` in a JSON body (a capacity, a duration, a percentage), one message for every refusal. */
export const wholeFrom1 = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message);

/** An optional 'yyyy-MM-dd' filter that names a real calendar day. */
export const optionalDay = z
  .string()
  .refine((value) => isCalendarDay(value), STAFF_MESSAGES.dateInvalid)
  .optional();

/** An amount in euros, with its French message (and one of its own when it is too high). */
export const euros = (message: string) =>
  z.number({ error: message }).finite(message).min(0, message).max(EUROS_MAX, EUROS_TOO_HIGH);

export const emailField = emailAddress(FIELD_MESSAGES.emailRequired, FIELD_MESSAGES.emailInvalid);

// ─── Path parameters ─────────────────────────────────────────────────────────────────────────

export const staffIdParams = z.object({ id: z.string() });
export const catalogueKindParams = z.object({ kind: z.enum(['activities', 'services']) });
export const catalogueItemParams = z.object({ kind: z.enum(['activities', 'services']), id: z.string() });
