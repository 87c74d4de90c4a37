import { Badge } from '@chakra-ui/react';
import type { PaymentState } from '@shared/api/staff.schema';
import { PAYMENT_ALERT_LABELS, type PaymentAlert } from '@shared/payment-alerts';
import { formatDateTime } from '@renderer/shared/format/format';

type Validation = 'pending' | 'validated';

/** 'Client : validée' reads better in a dense table than two bare words. */
export function ValidationBadge({ who, value }: { who: 'client' | 'équipe'; value: Validation }) {
  const validated = value === 'validated';
  return (
    <Badge colorPalette={validated ? 'green' : 'orange'} variant="outline" size="sm" whiteSpace="nowrap">
      {who === 'client' ? 'Client' : 'Équipe'} : {validated ? 'validée' : 'en attente'}
    </Badge>
  );
}

export const PAYMENT_STATUS_LABELS: Record<PaymentState['status'], string> = {
  unpaid: 'Non payée',
  partial: 'Partiellement payée',
  paid: 'Payée',
  authorized: 'Caution autorisée',
};

const PAYMENT_STATUS_PALETTES: Record<PaymentState['status'], string> = {
  unpaid: 'gray',
  partial: 'yellow',
  paid: 'green',
  authorized: 'blue',
};

export function PaymentStatusBadge({ status }: { status: PaymentState['status'] }) {
  return (
    <Badge colorPalette={PAYMENT_STATUS_PALETTES[status]} variant="subtle" size="sm" whiteSpace="nowrap">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

export function WaitingOnTeamBadge() {
  return (
    <Badge colorPalette="accent" variant="solid" size="sm" whiteSpace="nowrap">
      À traiter
    </Badge>
  );
}

/**
 * The payment alerts of a booking (src/shared/payment-alerts.ts): an overdue payment, a card hold
 * about to lapse or lapsed, with its date (the due date passed, or when the hold lapses).
 */
export function PaymentAlertBadges({ alerts }: { alerts: PaymentAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <>
      {alerts.map((alert) => (
        <Badge
          key={alert.kind}
          colorPalette={alert.kind === 'hold_expiring' ? 'orange' : 'red'}
          variant={alert.kind === 'hold_expiring' ? 'subtle' : 'solid'}
          size="sm"
          whiteSpace="nowrap"
          data-testid="payment-alert"
        >
          {PAYMENT_ALERT_LABELS[alert.kind]} · {formatDateTime(alert.at)}
        </Badge>
      ))}
    </>
  );
}
