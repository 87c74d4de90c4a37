import { Badge, Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2, Circle, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { __iconData as clockIcon } from 'lucide-react/icons/clock';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import type { BookingDetail } from '@shared/api/customer-booking.schema';
import type { NextStepItem } from '@shared/api/payments.schema';
import { isPaymentExpired } from '@shared/payment-rules';
import { useEstablishmentInfo } from '@renderer/shared/api/establishment';
import { DetailItem, DetailList } from '@renderer/shared/ui/detail-list';
import { formatEuros } from '@renderer/shared/format/format';
import { failureMessage } from '@renderer/shared/api/error-message';
import { notify } from '@renderer/shared/ui/toaster';
import { CollectiveCard } from './collective-card';
import { useRemindShares } from './api/remind-shares';
import { ContractActions } from './contract-actions';
import { DepositPanel } from './deposit-panel';
import { DueChoiceCard, GuaranteeSetup } from './guarantee-panel';
import { paymentAmountRows } from './payment-amounts';
import { useCollectiveStatus } from './api/get-collective-status';
import { useNextSteps } from './api/get-next-steps';
import { useStripeConfig } from './api/get-stripe-config';
import { ExpiredBanners, TestModeBanner } from './payment-banners';
import { PaymentDialog } from './payment-dialog';

const STEP_ICONS: Record<NextStepItem['status'], ReactNode> = {
  completed: <CheckCircle2 aria-hidden size={20} />,
  in_progress: <LineIcon icon={clockIcon} aria-hidden size={20} />,
  current: <Circle aria-hidden size={20} />,
  upcoming: <Circle aria-hidden size={20} />,
  expired: <TriangleAlert aria-hidden size={20} />,
};

function NextSteps({ steps }: { steps: NextStepItem[] }) {
  return (
    <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-label="Prochaines étapes" data-testid="next-steps">
      {steps.map((step) => {
        return (
          <HStack as="li" key={step.title} align="flex-start" gap="3">
            <Box
              color={step.status === 'expired' ? 'fg.error' : step.status === 'completed' ? 'brand.solid' : 'fg.muted'}
              pt="0.5"
            >
              {STEP_ICONS[step.status]}
            </Box>
            <Stack gap="0.5">
              <Text fontWeight="semibold">{step.title}</Text>
              <Text color="fg.muted">{step.description}</Text>
            </Stack>
          </HStack>
        );
      })}
    </Stack>
  );
}

/**
 * The Paiement section of the booking detail (SPEC.md §2, §4): type, amount, instructions, next
 * steps, the collective card, the card deposit flow, the payment modal and the contract.
 */
export default function PaymentSection({ detail }: { detail: BookingDetail }) {
  const config = detail.payment.config!;
  const stripe = useStripeConfig();
  const steps = useNextSteps(detail._id);
  const collective = useCollectiveStatus(detail._id, config.type === 'collective_payment');
  const reminders = useRemindShares(detail._id);
  const remindOne = (participantId?: string) =>
    reminders.mutate(participantId, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(failureMessage(error, { fallback: 'Le rappel n’a pas pu être envoyé' })),
    });
  const { info } = useEstablishmentInfo();
  const email = info.email;
  const expired = isPaymentExpired({ status: detail.status, dueDate: config.dueDate });
  // A walk-in is confirmed at once and takes payments until paid (docs/decisions.md, "Walk-ins").
  const walkInUnpaid = config.walkIn === true && detail.status === 'confirmed' && detail.payment.status !== 'paid';
  const open = (detail.status === 'prebooked' || walkInUnpaid) && !expired;
  const isOrganizer = detail.userRole === 'organizer';
  const own = detail.bookingParticipants.find((person) => person.customerId === detail.connectedUserId);
  // The collective status as last fetched, else as the detail carried it.
  const collectiveStatus = collective.data ?? detail.payment.collective;
  const ownShare = collectiveStatus?.participants.find((person) => person.id === own?._id);
  const rows = paymentAmountRows({
    config,
    status: detail.payment.status,
    total: detail.payment.totalAmount ?? 0,
    collective: collectiveStatus,
    isOrganizer,
    ownShare,
  });

  return (
    <Stack gap="5" data-testid="payment-section">
      {stripe.data?.payment_mode === 'test' && <TestModeBanner />}
      {expired && <ExpiredBanners dueDate={config.dueDate} email={email} />}
      <Box data-testid="payment-amounts">
        <DetailList>
          {rows.map((row) => (
            <DetailItem key={row.label} label={row.label}>
              {row.value}
            </DetailItem>
          ))}
        </DetailList>
      </Box>
      {config.instructions && (
        <Card.Root variant="subtle">
          <Card.Body gap="1">
            <Heading as="h3" size="sm">
              Instructions
            </Heading>
            <Text whiteSpace="pre-line">{config.instructions}</Text>
          </Card.Body>
        </Card.Root>
      )}
      <Stack gap="3">
        <Heading as="h3" size="md">
          Prochaines étapes
        </Heading>
        {steps.data && <NextSteps steps={steps.data} />}
      </Stack>
      {config.type === 'collective_payment' && collectiveStatus && (
        <CollectiveCard
          status={collectiveStatus}
          reminders={isOrganizer && open ? { remind: remindOne, pending: reminders.isPending } : undefined}
        />
      )}
      {isOrganizer && open && collectiveStatus?.guarantee && (
        <>
          <DueChoiceCard bookingId={detail._id} guarantee={collectiveStatus.guarantee} />
          <GuaranteeSetup bookingId={detail._id} guarantee={collectiveStatus.guarantee} />
        </>
      )}
      {open &&
        config.type === 'collective_payment' &&
        own &&
        ownShare?.paymentStatus === 'pending' &&
        own.hasConnected && (
          <PaymentDialog
            bookingId={detail._id}
            payer={{ kind: 'participant', participantId: own._id }}
            deposit={false}
            label={`Payer ma part (${formatEuros(ownShare.paymentAmount ?? 0)})`}
            amount={ownShare.paymentAmount ?? 0}
          />
        )}
      {open &&
        isOrganizer &&
        detail.payment.status === 'unpaid' &&
        (config.type === 'full_payment_organizer' || config.type === 'partial_payment_card') && (
          <PaymentDialog
            bookingId={detail._id}
            payer={{ kind: 'organizer' }}
            deposit={false}
            label={`Payer ${formatEuros(config.amount)}`}
            amount={config.amount}
          />
        )}
      {config.type === 'deposit_card' && <DepositPanel bookingId={detail._id} canAct={open && isOrganizer} />}
      {config.type === 'deposit_check' && (
        <Text>
          Remettez votre chèque de caution de {formatEuros(config.amount)} à notre équipe : la réservation est confirmée
          dès sa réception.
        </Text>
      )}
      {(detail.status === 'confirmed' || detail.status === 'completed') && (
        <Badge colorPalette="green" size="lg" alignSelf="flex-start" data-testid="payment-confirmed">
          Réservation confirmée
        </Badge>
      )}
      <ContractActions contractUrl={config.contractUrl} />
    </Stack>
  );
}
