import { Box, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PAYMENT_TYPE_LABELS, type PaymentType, type StaffBookingDetail } from '@shared/api/staff.schema';
import { formatDateTime, formatEuros } from '@renderer/shared/format/format';
import { DetailItem, DetailList } from '@renderer/shared/ui/detail-list';
import { PaymentStatusBadge } from '../ui/badges';
import { RequestSection } from './request-sections';
import { AdminTable } from '../ui/scroll-table';
import { auditActionLabel, auditChanges, PAYMENT_KIND_LABELS, PAYMENT_RECORD_STATUS } from './request-history-labels';

/** What the customer is asked for now: a deposit is a hold or a cheque, not money paid now. */
const DUE_NOW_LABELS: Partial<Record<PaymentType, string>> = {
  deposit_card: 'Caution par empreinte bancaire',
  deposit_check: 'Caution par chèque',
};

/** The payment state; the config form (when allowed) is given by the page as `form`. */
export function PaymentSection({ detail, form }: { detail: StaffBookingDetail; form?: ReactNode }) {
  const config = detail.paymentConfig;
  const state = detail.paymentState;
  return (
    <RequestSection id="paiement" title="Paiement">
      <DetailList>
        <DetailItem label="État">
          <PaymentStatusBadge status={state.status} />
        </DetailItem>
        <DetailItem label="Encaissé">{formatEuros(state.paidAmount)}</DetailItem>
        {state.refundedAmount > 0 && <DetailItem label="Remboursé">{formatEuros(state.refundedAmount)}</DetailItem>}
        {config && (
          <>
            <DetailItem label="Mode de paiement">{PAYMENT_TYPE_LABELS[config.type]}</DetailItem>
            <DetailItem label="Total du devis">{formatEuros(config.totalAmount)}</DetailItem>
            <DetailItem label={DUE_NOW_LABELS[config.type] ?? 'À régler maintenant'}>
              {formatEuros(config.amountDue)}
            </DetailItem>
            {config.percentage !== null && <DetailItem label="Pourcentage">{config.percentage} %</DetailItem>}
            <DetailItem label="Échéance">{formatDateTime(config.dueDate)}</DetailItem>
            {config.instructions && (
              <DetailItem label="Instructions">
                <Text whiteSpace="pre-wrap">{config.instructions}</Text>
              </DetailItem>
            )}
          </>
        )}
      </DetailList>
      {!config && <Text color="fg.muted">Le paiement n’est pas encore configuré.</Text>}
      {state.payments.length > 0 && (
        <AdminTable label="Paiements" caption columns={['Date', 'Nature', { label: 'Montant', end: true }, 'État']}>
          {state.payments.map((payment) => (
            <Table.Row key={payment._id}>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(payment.createdAt)}</Table.Cell>
              <Table.Cell>{PAYMENT_KIND_LABELS[payment.kind]}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatEuros(payment.amount)}
              </Table.Cell>
              <Table.Cell>
                {PAYMENT_RECORD_STATUS[payment.status]}
                {payment.failureMessage && ` : ${payment.failureMessage}`}
              </Table.Cell>
            </Table.Row>
          ))}
        </AdminTable>
      )}
      {form}
    </RequestSection>
  );
}

export function EmailsSection({ detail }: { detail: StaffBookingDetail }) {
  return (
    <RequestSection id="emails" title={`E-mails envoyés (${detail.emails.length})`}>
      {detail.emails.length === 0 ? (
        <Text color="fg.muted">Aucun e-mail envoyé pour cette réservation.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {detail.emails.map((email) => (
            <li key={email._id}>
              <Box as="details" borderWidth="1px" rounded="md" px="3" py="2">
                <Box as="summary" cursor="pointer">
                  <Text as="span" fontWeight="medium">
                    {email.subject}
                  </Text>{' '}
                  <Text as="span" color="fg.muted" fontSize="sm">
                    · {email.to} · {formatDateTime(email.createdAt)}
                  </Text>
                </Box>
                <Text whiteSpace="pre-wrap" fontSize="sm" mt="2">
                  {email.text}
                </Text>
              </Box>
            </li>
          ))}
        </Stack>
      )}
    </RequestSection>
  );
}

export function AuditTrailSection({ detail }: { detail: StaffBookingDetail }) {
  return (
    <RequestSection id="historique" title="Historique">
      {detail.auditTrail.length === 0 ? (
        <Text color="fg.muted">Aucune action enregistrée.</Text>
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" data-testid="audit-trail">
          {detail.auditTrail.map((entry) => (
            <Box as="li" key={entry._id} borderStartWidth="3px" borderColor="brand.solid" ps="3">
              <Text fontWeight="medium">{auditActionLabel(entry.action)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(entry.createdAt)} · {entry.actorName}
              </Text>
              {auditChanges(entry).map((change) => (
                <Text key={change} fontSize="sm" wordBreak="break-word">
                  {change}
                </Text>
              ))}
            </Box>
          ))}
        </Stack>
      )}
    </RequestSection>
  );
}
