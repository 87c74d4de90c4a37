import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@shared/api/staff.schema';
import { auditActionLabel, auditChanges } from '@renderer/admin/request/request-history-labels';
import { formatDateTime } from '@renderer/shared/format/format';

// The back-office's history in French (SPEC.md: an interface entirely in French): what the server
// writes to the audit trail (src/server/modules, every recordAudit) read as the team reads it.

function entry(action: string, before: AuditEntry['before'], after: AuditEntry['after']): AuditEntry {
  return {
    _id: 'a1',
    actorType: 'staff',
    actorId: 's1',
    actorName: 'Alice Bernard',
    action,
    before,
    after,
    createdAt: '2026-11-20T09:00:00.000Z',
  };
}

/** The state every staff move records on both sides (booking-snapshot.ts's stateOf). */
const STATE = { status: 'draft', clientValidation: 'validated', adminValidation: 'pending', paymentStatus: 'unpaid' };

describe('audit trail: action titles', () => {
  it.each([
    ['client_validate', 'Validation par le client'],
    ['validate', 'Validation par l’équipe'],
    ['payment_config', 'Configuration du paiement'],
    ['cheque_received', 'Chèque de caution reçu'],
    ['cancel', 'Annulation'],
    ['complete', 'Réservation terminée'],
    ['schedule', 'Programme modifié'],
    ['option_released', 'Option libérée (échéance dépassée)'],
    ['auto_complete', 'Terminée automatiquement'],
    ['refund', 'Remboursement'],
    ['deposit_capture', 'Encaissement sur la caution'],
    ['payments_released', 'Paiements en cours et cautions libérés'],
    ['client_edit', 'Modification par le client'],
    ['invite_link_created', 'Lien d’invitation créé'],
    ['invite_link_revoked', 'Lien d’invitation révoqué'],
    ['participant_invited', 'Participant invité'],
    ['participant_joined', 'Participant inscrit'],
    ['participant_removed', 'Participant retiré'],
    ['payment_received', 'Paiement reçu'],
    ['deposit_authorized', 'Caution autorisée'],
    ['hold_released', 'Caution libérée'],
    ['payment_refused', 'Paiement refusé et rendu'],
    ['late_refund', 'Remboursement du paiement refusé'],
    ['payment_confirmed', 'Réservation confirmée par le paiement'],
    ['check_in', 'Arrivée enregistrée à l’accueil'],
    ['waiver_on_site', 'Décharge signée à l’accueil'],
    ['check_out', 'Départ du groupe enregistré'],
  ])('%s reads “%s”', (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });

  it('reads an action it does not know in French, never as its code', () => {
    expect(auditActionLabel('hold_expired_warning')).toBe('Autre action enregistrée');
    expect(auditActionLabel('toString')).toBe('Autre action enregistrée');
  });
});

describe('audit trail: what changed', () => {
  it('reads the payment config as a French summary and leaves out what did not change', () => {
    const changes = auditChanges(
      entry(
        'payment_config',
        { ...STATE, paymentConfig: null },
        {
          ...STATE,
          status: 'prebooked',
          adminValidation: 'validated',
          paymentConfig: {
            type: 'collective_payment',
            dueAt: '2026-11-22T17:05:00.000Z',
            percentage: null,
            totalCents: 54000,
            amountCents: null,
          },
        },
      ),
    );
    expect(changes).toEqual([
      'Statut : Brouillon → Pré-réservée',
      'Validation équipe : En attente → Validée',
      'Conditions de paiement : aucune → Paiement collectif, total 540,00\u00a0€, échéance le 22/11/2026 à 18:05',
    ]);
  });

  it('names a deposit and a partial payment’s share in the summary', () => {
    const deposit = auditChanges(
      entry(
        'payment_config',
        {
          paymentConfig: {
            type: 'deposit_check',
            totalCents: 123450,
            amountCents: 30000,
            percentage: null,
            dueAt: '2026-12-01T10:00:00.000Z',
          },
        },
        {
          paymentConfig: {
            type: 'partial_payment_card',
            totalCents: 123450,
            amountCents: null,
            percentage: 30,
            dueAt: '2026-12-01T10:00:00.000Z',
          },
        },
      ),
    );
    expect(deposit).toEqual([
      'Conditions de paiement : Chèque de caution, total 1\u00a0234,50\u00a0€, caution de 300,00\u00a0€, ' +
        'échéance le 01/12/2026 à 11:00 → Acompte par carte, total 1\u00a0234,50\u00a0€, ' +
        'acompte de 30 %, échéance le 01/12/2026 à 11:00',
    ]);
  });

  it('reads the customer’s validation and the payment status with their French labels', () => {
    expect(
      auditChanges(entry('client_validate', { clientValidation: 'pending' }, { clientValidation: 'validated' })),
    ).toEqual(['Validation client : En attente → Validée']);
    expect(
      auditChanges(
        entry(
          'cheque_received',
          { ...STATE, status: 'prebooked' },
          {
            ...STATE,
            status: 'confirmed',
            paymentStatus: 'paid',
            chequeCents: 30000,
          },
        ),
      ),
    ).toEqual([
      'Statut : Pré-réservée → Confirmée',
      'Paiement : Non payée → Payée',
      'Montant du chèque : 300,00\u00a0€',
    ]);
  });

  it('hides a row whose value reads the same on both sides (“Paiement : Non payée → Non payée”)', () => {
    const changes = auditChanges(entry('validate', STATE, { ...STATE, adminValidation: 'validated' }));
    expect(changes).toEqual(['Validation équipe : En attente → Validée']);
  });

  it('reads a cancellation with its reason, the refund the terms give and the payments to release', () => {
    const changes = auditChanges(
      entry(
        'cancel',
        { ...STATE, status: 'prebooked' },
        {
          ...STATE,
          status: 'canceled',
          reason: 'Météo défavorable',
          refundQuote: {
            daysBefore: 25,
            rate: 80,
            paidCents: 54000,
            grossCents: 43200,
            feeCents: 1000,
            refundCents: 42200,
          },
          paymentsToRelease: [{ paymentId: 'p1', kind: 'deposit', status: 'authorized', amountCents: 30000 }],
        },
      ),
    );
    expect(changes).toEqual([
      'Statut : Pré-réservée → Annulée',
      'Motif : Météo défavorable',
      'Remboursement prévu par les conditions : 422,00\u00a0€ (80 % de 540,00\u00a0€ payés, frais de 10,00\u00a0€ retenus)',
      'Paiements à libérer : Caution par carte · 300,00\u00a0€ · Autorisé',
    ]);
  });

  it('reads a refund made by the team, without the unchanged status', () => {
    const changes = auditChanges(
      entry(
        'refund',
        { status: 'canceled', paymentStatus: 'paid', refundedCents: 0 },
        {
          status: 'canceled',
          paymentStatus: 'paid',
          refundedCents: 42200,
          refund: {
            outcome: 'completed',
            amountCents: 42200,
            rate: 80,
            feeCents: 1000,
            paidCents: 54000,
            cancelDay: '2026-11-12',
            parts: [{ paymentId: 'p1', kind: 'full', cents: 42200 }],
          },
        },
      ),
    );
    expect(changes).toEqual([
      'Total remboursé : 0,00\u00a0€ → 422,00\u00a0€',
      'Remboursement : Effectué : 422,00\u00a0€ (80 % de 540,00\u00a0€ payés, frais de 10,00\u00a0€ retenus), annulation du 12/11/2026',
    ]);
  });

  it('reads a capture on the card hold without its internal payment id', () => {
    const changes = auditChanges(
      entry(
        'deposit_capture',
        { paymentId: 'p1', hold: 'authorized', amountCents: 30000 },
        { paymentId: 'p1', hold: 'captured', capturedCents: 12000, releasedCents: 18000 },
      ),
    );
    expect(changes).toEqual([
      'Caution : Autorisée → Encaissée',
      'Montant de la caution : 300,00\u00a0€',
      'Montant encaissé : 120,00\u00a0€',
      'Montant libéré : 180,00\u00a0€',
    ]);
  });

  it('reads the release of open payments, the option released and the automatic completion', () => {
    expect(
      auditChanges(
        entry(
          'payments_released',
          { payments: [{ paymentId: 'p1', kind: 'share', status: 'pending', amountCents: 5400 }] },
          { payments: [{ paymentId: 'p1', kind: 'share', status: 'canceled', amountCents: 5400 }] },
        ),
      ),
    ).toEqual([
      'Paiements : Part d’un participant · 54,00\u00a0€ · En attente → Part d’un participant · 54,00\u00a0€ · Annulé',
    ]);
    expect(
      auditChanges(
        entry(
          'option_released',
          { status: 'prebooked', paymentStatus: 'unpaid', dueAt: '2026-11-21T09:00:00.000Z' },
          { status: 'canceled' },
        ),
      ),
    ).toEqual(['Statut : Pré-réservée → Annulée', 'Paiement : Non payée', 'Échéance : 21/11/2026 à 10:00']);
    expect(
      auditChanges(entry('auto_complete', { status: 'confirmed' }, { status: 'completed', endDate: '2026-12-05' })),
    ).toEqual(['Statut : Confirmée → Terminée', 'Dernier jour : samedi 5 décembre 2026']);
  });

  it('reads a schedule change with French days', () => {
    const changes = auditChanges(
      entry(
        'schedule',
        { participants: 8, startDate: '2026-12-05', endDate: '2026-12-05', lines: ['2026-12-05 10:00 Paintball ×8'] },
        {
          participants: 10,
          startDate: '2026-12-05',
          endDate: '2026-12-05',
          lines: ['2026-12-05 10:00 Paintball ×10', '2026-12-05 Accrobranche ×10'],
        },
      ),
    );
    expect(changes).toEqual([
      'Participants : 8 → 10',
      'Programme : 05/12/2026 10:00 Paintball ×8 → 05/12/2026 10:00 Paintball ×10 ; 05/12/2026 Accrobranche ×10',
    ]);
  });

  it('reads the organizer’s edit: the count, the days and the lines as they changed', () => {
    const changes = auditChanges(
      entry(
        'client_edit',
        { startDate: '2026-12-05', endDate: '2026-12-05', lines: ['2026-12-05 Parcours aventure ×14'] },
        {
          startDate: '2026-12-06',
          endDate: '2026-12-06',
          lines: ['2026-12-06 Parcours aventure ×14', '2026-12-06 12:00 Tir à l’arc ×14'],
        },
      ),
    );
    expect(changes).toEqual([
      'Premier jour : samedi 5 décembre 2026 → dimanche 6 décembre 2026',
      'Dernier jour : samedi 5 décembre 2026 → dimanche 6 décembre 2026',
      'Programme : 05/12/2026 Parcours aventure ×14 → 06/12/2026 Parcours aventure ×14 ; 06/12/2026 12:00 Tir à l’arc ×14',
    ]);
  });

  it('reads invitation links by their settings and status, never their id', () => {
    expect(
      auditChanges(entry('invite_link_created', null, { inviteLinkId: 'l1', maxUses: null, expiresAt: null })),
    ).toEqual(['Utilisations maximales : illimitées', 'Expire le : jamais']);
    expect(
      auditChanges(
        entry('invite_link_created', null, { inviteLinkId: 'l1', maxUses: 3, expiresAt: '2026-12-01T10:00:00.000Z' }),
      ),
    ).toEqual(['Utilisations maximales : 3', 'Expire le : 01/12/2026 à 11:00']);
    expect(
      auditChanges(
        entry(
          'invite_link_revoked',
          { inviteLinkId: 'l1', linkStatus: 'active' },
          { inviteLinkId: 'l1', linkStatus: 'revoked' },
        ),
      ),
    ).toEqual(['Lien : Actif → Révoqué']);
  });

  it('reads the day on site: an arrival, a waiver signed at reception and the group’s departure', () => {
    expect(
      auditChanges(
        entry('check_in', null, {
          participantId: 'p1',
          participant: 'Jules Bernard',
          checkedInAt: '2026-11-20T09:05:00.000Z',
        }),
      ),
    ).toEqual(['Participant : Jules Bernard', `Arrivée : ${formatDateTime('2026-11-20T09:05:00.000Z')}`]);
    expect(
      auditChanges(
        entry('waiver_on_site', null, {
          participantId: 'p1',
          participant: 'Jules Bernard',
          signedName: 'jules bernard',
          waiverVersion: 'decharge-2026-01',
        }),
      ),
    ).toEqual([
      'Participant : Jules Bernard',
      'Nom saisi : jules bernard',
      'Version de la décharge : decharge-2026-01',
    ]);
    expect(auditChanges(entry('check_out', null, { checkedOutAt: '2026-11-20T16:30:00.000Z', arrived: 4 }))).toEqual([
      `Départ : ${formatDateTime('2026-11-20T16:30:00.000Z')}`,
      'Arrivés : 4',
    ]);
    expect(formatDateTime('2026-11-20T16:30:00.000Z')).toContain('17:30');
  });

  it('names the participant an entry is about, and their participation before → after', () => {
    expect(
      auditChanges(
        entry(
          'participant_joined',
          { participantId: 'p1', participantStatus: 'invited' },
          { participantId: 'p1', participant: 'Jules Bernard', participantStatus: 'joined' },
        ),
      ),
    ).toEqual(['Participant : Jules Bernard', 'Participation : Invité → Inscrit']);
    expect(
      auditChanges(
        entry(
          'participant_removed',
          { participantId: 'p1', participant: 'Zoé Petit', participantStatus: 'joined' },
          { participantId: 'p1', participantStatus: 'removed' },
        ),
      ),
    ).toEqual(['Participant : Zoé Petit', 'Participation : Inscrit → Retiré']);
  });

  it('reads a card payment, the confirmation it brings, a refused payment and its refund', () => {
    const full = { paymentId: 'p1', kind: 'full', amountCents: 45000 };
    expect(
      auditChanges(
        entry(
          'payment_received',
          { payments: [{ ...full, status: 'pending' }], paymentStatus: 'unpaid' },
          { payments: [{ ...full, status: 'completed' }], paymentStatus: 'paid' },
        ),
      ),
    ).toEqual([
      'Paiements : Paiement complet · 450,00 € · En attente → Paiement complet · 450,00 € · Réussi',
      'Paiement : Non payée → Payée',
    ]);
    expect(auditChanges(entry('payment_confirmed', { status: 'prebooked' }, { status: 'confirmed' }))).toEqual([
      'Statut : Pré-réservée → Confirmée',
    ]);
    expect(
      auditChanges(
        entry(
          'payment_refused',
          { payments: [{ ...full, status: 'pending' }] },
          { payments: [{ ...full, status: 'refunded' }], reason: 'Délai de paiement expiré' },
        ),
      ),
    ).toEqual([
      'Paiements : Paiement complet · 450,00 € · En attente → Paiement complet · 450,00 € · Remboursé',
      'Motif : Délai de paiement expiré',
    ]);
    expect(
      auditChanges(
        entry('late_refund', { paymentId: 'p1', refundedCents: 0 }, { paymentId: 'p1', refundedCents: 45000 }),
      ),
    ).toEqual(['Total remboursé : 0,00 € → 450,00 €']);
  });

  it('never shows JSON nor a field’s code for a field it does not know', () => {
    const changes = auditChanges(
      entry(
        'refund',
        { newCounter: 1, someDetail: { a: 1 } },
        { newCounter: 2, someDetail: { a: 2 }, feeExtraCents: 500 },
      ),
    );
    expect(changes).toEqual(['Autre détail : 1 → 2', 'Autre montant : 5,00\u00a0€']);
    expect(changes.join('\n')).not.toMatch(/[{}"]|newCounter|someDetail/);
  });
});
