import { PAYMENT_TYPE_LABELS, type AuditAction, type AuditEntry, type PaymentRecord } from '@shared/api/staff.schema';
import { BOOKING_STATUS_LABELS } from '@shared/labels';
import { formatDateTime, formatEuros, formatLongDate } from '@renderer/shared/format/format';
import { PAYMENT_STATUS_LABELS } from '../ui/badges';

/**
 * The French reading of the audit trail. The server writes its entries in its own words (action
 * codes, field names, cents, ISO dates, status codes: src/server/modules, every `recordAudit`);
 * the team reads them here in theirs, and never a raw code or JSON.
 */

export const PAYMENT_KIND_LABELS: Record<PaymentRecord['kind'], string> = {
  full: 'Paiement complet',
  partial: 'Acompte',
  deposit: 'Caution par carte',
  share: 'Part d’un participant',
  cheque: 'Chèque de caution',
  refund: 'Remboursement',
  capture: 'Prélèvement sur caution',
  guarantee: 'Garantie de l’organisateur',
};

export const PAYMENT_RECORD_STATUS: Record<PaymentRecord['status'], string> = {
  pending: 'En attente',
  requires_action: 'Authentification demandée',
  authorized: 'Autorisé',
  completed: 'Réussi',
  failed: 'Échoué',
  canceled: 'Annulé',
  refunded: 'Remboursé',
};

/** One title per action the server writes (AUDIT_ACTIONS): a code added there without one fails the typecheck. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  client_validate: 'Validation par le client',
  client_edit: 'Modification par le client',
  invite_link_created: 'Lien d’invitation créé',
  invite_link_revoked: 'Lien d’invitation révoqué',
  participant_invited: 'Participant invité',
  participant_joined: 'Participant inscrit',
  participant_removed: 'Participant retiré',
  guest_of_honour: 'Invité d’honneur modifié',
  optional_line: 'Activité rendue facultative ou obligatoire',
  opt_out: 'Participation à une activité facultative modifiée',
  guarantee_saved: 'Garantie de l’organisateur enregistrée',
  due_choice: 'Choix de l’organisateur à l’échéance',
  share_reminder_staff: 'Rappel envoyé par l’équipe',
  deadline_reminders: 'Rappels automatiques avant l’échéance',
  due_choice_asked: 'Choix demandé à l’organisateur (J-2)',
  guarantee_failed: 'Garantie refusée',
  guarantee_refund: 'Avance remboursée à l’organisateur',
  share_refund: 'Part diminuée : surplus remboursé au payeur',
  surprise: 'Mode surprise modifié',
  validate: 'Validation par l’équipe',
  payment_config: 'Configuration du paiement',
  cheque_received: 'Chèque de caution reçu',
  cancel: 'Annulation',
  complete: 'Réservation terminée',
  schedule: 'Programme modifié',
  option_released: 'Option libérée (échéance dépassée)',
  auto_complete: 'Terminée automatiquement',
  refund: 'Remboursement',
  refund_retried: 'Remboursement en échec relancé',
  refund_resolved: 'Remboursement en échec réglé à la main',
  deposit_capture: 'Encaissement sur la caution',
  payments_released: 'Paiements en cours et cautions libérés',
  payment_received: 'Paiement reçu',
  deposit_authorized: 'Caution autorisée',
  hold_released: 'Caution libérée',
  payment_refused: 'Paiement refusé et rendu',
  late_refund: 'Remboursement du paiement refusé',
  payment_confirmed: 'Réservation confirmée par le paiement',
  check_in: 'Arrivée enregistrée à l’accueil',
  waiver_on_site: 'Décharge signée à l’accueil',
  check_out: 'Départ du groupe enregistré',
};

/** An action this screen does not know yet (a newer server) still reads in French. */
export const UNKNOWN_ACTION_LABEL = 'Autre action enregistrée';

export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction] : UNKNOWN_ACTION_LABEL;
}

const VALIDATION_LABELS: Record<string, string> = { pending: 'En attente', validated: 'Validée' };
const HOLD_LABELS: Record<string, string> = { authorized: 'Autorisée', captured: 'Encaissée', released: 'Libérée' };
const REFUND_OUTCOME_LABELS: Record<string, string> = { completed: 'Effectué', failed: 'Échoué', pending: 'En cours' };
const PARTICIPATION_LABELS: Record<string, string> = { invited: 'Invité', joined: 'Inscrit', removed: 'Retiré' };
const LINK_STATUS_LABELS: Record<string, string> = { active: 'Actif', revoked: 'Révoqué' };

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Cents as the interface shows money: 54000 → '540,00 €'. */
function euros(cents: unknown): string {
  return isNumber(cents) ? formatEuros(cents / 100) : '—';
}

function labelOf(labels: Record<string, string>) {
  return (value: unknown) =>
    typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value]! : plainValue(value);
}

const ISO_DAY_START = /^(\d{4})-(\d{2})-(\d{2})(?=$|\s)/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** An event day '2026-11-22' as '22/11/2026' (calendar days carry no time zone). */
function shortDay(value: string): string {
  return value.replace(ISO_DAY_START, (_, year: string, month: string, day: string) => `${day}/${month}/${year}`);
}

function instant(value: unknown): string {
  return typeof value === 'string' && ISO_INSTANT.test(value) ? formatDateTime(value) : plainValue(value);
}

function longDay(value: unknown): string {
  return (typeof value === 'string' && formatLongDate(value)) || plainValue(value);
}

function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return formatDateTime(value);
    return shortDay(value);
  }
  if (Array.isArray(value)) return value.length === 0 ? 'aucun' : value.map(plainValue).join(' ; ');
  return 'détail enregistré';
}

/** 'Paiement collectif, total 540,00 €, échéance le 22/11/2026 à 18:05'. */
function paymentConfigSummary(value: unknown): string {
  if (!isFields(value)) return value === null || value === undefined ? 'aucune' : plainValue(value);
  const type = typeof value.type === 'string' ? value.type : '';
  const parts = [
    Object.hasOwn(PAYMENT_TYPE_LABELS, type)
      ? PAYMENT_TYPE_LABELS[type as keyof typeof PAYMENT_TYPE_LABELS]
      : 'Mode de paiement inconnu',
  ];
  if (isNumber(value.totalCents)) parts.push(`total ${euros(value.totalCents)}`);
  if (isNumber(value.amountCents)) {
    parts.push(`${type.startsWith('deposit') ? 'caution' : 'acompte'} de ${euros(value.amountCents)}`);
  }
  if (isNumber(value.percentage)) parts.push(`acompte de ${value.percentage} %`);
  if (typeof value.dueAt === 'string') parts.push(`échéance le ${instant(value.dueAt)}`);
  return parts.join(', ');
}

/** '432,00 € (80 % de 540,00 € payés, frais de 10,00 € retenus)'. */
function refundFigures(refundCents: unknown, rate: unknown, paidCents: unknown, feeCents: unknown): string {
  if (paidCents === 0) return `${euros(refundCents)} (rien n’a été payé)`;
  const details = [
    isNumber(rate) && isNumber(paidCents) ? `${rate} % de ${euros(paidCents)} payés` : null,
    isNumber(feeCents) && feeCents > 0 ? `frais de ${euros(feeCents)} retenus` : null,
  ].filter(Boolean);
  return details.length > 0 ? `${euros(refundCents)} (${details.join(', ')})` : euros(refundCents);
}

function yesNo(value: unknown): string {
  return value === true ? 'Oui' : value === false ? 'Non' : plainValue(value);
}

/** The refund the terms give at a cancellation (src/shared/refund-policy.ts's quote). */
function refundQuoteSummary(value: unknown): string {
  if (!isFields(value)) return plainValue(value);
  return refundFigures(value.refundCents, value.rate, value.paidCents, value.feeCents);
}

/** A refund made by the team: 'Effectué : 432,00 € (…), annulation du 12/11/2026'. */
function refundSummary(value: unknown): string {
  if (!isFields(value)) return plainValue(value);
  const outcome = labelOf(REFUND_OUTCOME_LABELS)(value.outcome);
  const figures = refundFigures(value.amountCents, value.rate, value.paidCents, value.feeCents);
  const day = typeof value.cancelDay === 'string' ? `, annulation du ${shortDay(value.cancelDay)}` : '';
  return `${outcome} : ${figures}${day}`;
}

/** Payments as the payments module traces them: 'Caution par carte · 300,00 € · Autorisé'. */
function paymentList(value: unknown): string {
  if (!Array.isArray(value)) return plainValue(value);
  if (value.length === 0) return 'aucun';
  return value
    .map((payment) => {
      if (!isFields(payment)) return plainValue(payment);
      const kind = labelOf(PAYMENT_KIND_LABELS)(payment.kind);
      const status = labelOf(PAYMENT_RECORD_STATUS)(payment.status);
      return `${kind} · ${euros(payment.amountCents)} · ${status}`;
    })
    .join(' ; ');
}

/** The schedule's lines ('2026-11-22 10:00 Accrobranche ×12') with French days. */
function scheduleLines(value: unknown): string {
  if (!Array.isArray(value)) return plainValue(value);
  return value.length === 0 ? 'aucune activité' : value.map((line) => plainValue(line)).join(' ; ');
}

interface AuditField {
  label: string;
  format: (value: unknown) => string;
}

const field = (label: string, format: (value: unknown) => string): AuditField => ({ label, format });

export const AUDIT_FIELDS: Record<string, AuditField | null> = {
  status: field('Statut', labelOf(BOOKING_STATUS_LABELS)),
  clientValidation: field('Validation client', labelOf(VALIDATION_LABELS)),
  adminValidation: field('Validation équipe', labelOf(VALIDATION_LABELS)),
  paymentStatus: field('Paiement', labelOf(PAYMENT_STATUS_LABELS)),
  cancelReason: field('Motif', plainValue),
  reason: field('Motif', plainValue),
  canceledAt: field('Annulée le', instant),
  paymentConfig: field('Conditions de paiement', paymentConfigSummary),
  dueAt: field('Échéance', instant),
  chequeCents: field('Montant du chèque', euros),
  refundQuote: field('Remboursement prévu par les conditions', refundQuoteSummary),
  parkCancels: field('Annulation par le parc', yesNo),
  withFee: field('Frais de 10 € retenus', yesNo),
  refund: field('Remboursement', refundSummary),
  refundedCents: field('Total remboursé', euros),
  hold: field('Caution', labelOf(HOLD_LABELS)),
  amountCents: field('Montant de la caution', euros),
  capturedCents: field('Montant encaissé', euros),
  releasedCents: field('Montant libéré', euros),
  payments: field('Paiements', paymentList),
  canceledIntents: field('Paiements en cours annulés', paymentList),
  paymentsToRelease: field('Paiements à libérer', paymentList),
  participants: field('Participants', plainValue),
  startDate: field('Premier jour', longDay),
  endDate: field('Dernier jour', longDay),
  lines: field('Programme', scheduleLines),
  participant: field('Participant', plainValue),
  participantStatus: field('Participation', labelOf(PARTICIPATION_LABELS)),
  maxUses: field('Utilisations maximales', (value) => (value === null ? 'illimitées' : plainValue(value))),
  expiresAt: field('Expire le', (value) => (value === null ? 'jamais' : instant(value))),
  linkStatus: field('Lien', labelOf(LINK_STATUS_LABELS)),
  checkedInAt: field('Arrivée', instant),
  checkedOutAt: field('Départ', instant),
  arrived: field('Arrivés', plainValue),
  waiverVersion: field('Version de la décharge', plainValue),
  signedName: field('Nom saisi', plainValue),
  // Internal ids: they mean nothing to the team.
  paymentId: null,
  bookingId: null,
  participantId: null,
  inviteLinkId: null,
};

/** A field this screen does not know yet: its value if it reads as a value, else nothing. */
const UNKNOWN_FIELD = field('Autre détail', plainValue);

function fieldOf(key: string, values: unknown[]): AuditField | null {
  if (Object.hasOwn(AUDIT_FIELDS, key)) return AUDIT_FIELDS[key]!;
  if (values.some(isFields)) return null;
  if (key.endsWith('Cents')) return field('Autre montant', euros);
  return UNKNOWN_FIELD;
}

/**
 * 'Statut : Brouillon → Pré-réservée' for each field the entry changed, in French; a field whose
 * value reads the same before and after says nothing and is left out.
 */
export function auditChanges(entry: AuditEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  // Who an entry is about (a participant) reads first, whichever side names them.
  const keys = new Set(['participant', ...Object.keys(before), ...Object.keys(after)]);
  const lines: string[] = [];
  for (const key of keys) {
    const hasBefore = Object.hasOwn(before, key);
    const hasAfter = Object.hasOwn(after, key);
    if (!hasBefore && !hasAfter) continue;
    const spec = fieldOf(key, [before[key], after[key]]);
    if (!spec) continue;
    const was = hasBefore ? spec.format(before[key]) : null;
    const is = hasAfter ? spec.format(after[key]) : null;
    if (was !== null && is !== null) {
      if (was !== is) lines.push(`${spec.label} : ${was} → ${is}`);
    } else {
      lines.push(`${spec.label} : ${is ?? was}`);
    }
  }
  return lines;
}
