import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { RouterLink } from '@renderer/shared/ui/router-link';
import type { PaymentConfigBody, StaffBookingDetail } from '@shared/api/staff.schema';
import { errorMessage, httpStatus } from '@renderer/shared/api/error-message';
import { formatDateTime, formatLongDate } from '@renderer/shared/format/format';
import { BookingStatusBadge, bookingTypeLabel } from '@renderer/shared/ui/booking-badges';
import { notify } from '@renderer/shared/ui/toaster';
import { PaymentOperations } from './payment-operations';
import { RefundFollowUp } from './refund-follow-up';
import { ParticipantPayments } from './participant-payments';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { ErrorState, LoadingState } from '../ui/admin-page';
import { PaymentAlertBadges, PaymentStatusBadge, ValidationBadge, WaitingOnTeamBadge } from '../ui/badges';
import { PaymentConfigForm } from './payment-config-form';
import { useParkSettings } from '../establishment/api/park-settings';
import { RequestActions } from './request-actions';
import { useRequestDetail } from './api/get-request-detail';
import { useRequestAction, type RequestAction } from './api/run-request-action';
import { AuditTrailSection, EmailsSection, PaymentSection } from './request-history';
import { JobsSection } from './request-jobs';
import {
  CustomerSection,
  EventSection,
  ParticipantsSection,
  RequestSection,
  ScheduleSection,
} from './request-sections';
import { plural } from '@shared/plural';

export interface StaffRequestPageProps {
  /**
   * The staff chat panel of this booking. The chat is another feature: app/ composes it here,
   * so this feature never imports it. Without it the page has no Discussion section.
   */
  renderChat?: (booking: StaffBookingDetail) => ReactNode;
  /**
   * The schedule editor, composed by app/ (the customer's editor, saving through
   * `useScheduleSave`); shown while the rules let the team edit, the read-only programme otherwise.
   */
  renderScheduleEditor?: (booking: StaffBookingDetail) => ReactNode;
}

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2">
      <RouterLink to="/admin">
        <ArrowLeft aria-hidden />
        Retour aux demandes
      </RouterLink>
    </Button>
  );
}

function Header({ detail }: { detail: StaffBookingDetail }) {
  return (
    <Stack gap="2" as="header">
      <Text color="fg.muted" fontWeight="medium">
        {bookingTypeLabel(detail.type, detail.bookingType)} · {formatLongDate(detail.startDate)} · {detail.participants}{' '}
        {plural(detail.participants, 'participant')}
      </Text>
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-all">
        Demande {detail.bookingRequestId}
      </Heading>
      <Flex gap="2" wrap="wrap" align="center" data-testid="request-badges">
        <BookingStatusBadge status={detail.status} />
        <ValidationBadge who="client" value={detail.clientValidation} />
        <ValidationBadge who="équipe" value={detail.adminValidation} />
        <PaymentStatusBadge status={detail.paymentStatus} />
        <PaymentAlertBadges alerts={detail.paymentAlerts} />
        {detail.waitingOnTeam && <WaitingOnTeamBadge />}
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        Créée le {formatDateTime(detail.createdAt)} · modifiée le {formatDateTime(detail.lastModified)}
      </Text>
    </Stack>
  );
}

function Detail({
  detail,
  renderChat,
  renderScheduleEditor,
}: {
  detail: StaffBookingDetail;
  renderChat?: StaffRequestPageProps['renderChat'];
  renderScheduleEditor?: StaffRequestPageProps['renderScheduleEditor'];
}) {
  const action = useRequestAction(detail._id);
  const settings = useParkSettings();
  /** Runs an action with its French toast; true when it succeeded (the dialog may close). */
  const run = async (request: RequestAction): Promise<boolean> => {
    try {
      const { message } = await action.mutateAsync(request);
      notify.success(message);
      return true;
    } catch (error) {
      notify.error(errorMessage(error));
      return false;
    }
  };
  // The form waits for the park's settings (its ceiling); if they fail, the server alone checks it.
  const configForm =
    detail.allowedActions.paymentConfig && !settings.isPending ? (
      <Stack gap="3" borderTopWidth="1px" pt="4">
        <Heading as="h3" size="md">
          {detail.paymentConfig ? 'Modifier la configuration du paiement' : 'Configurer le paiement'}
        </Heading>
        <PaymentConfigForm
          key={detail.paymentConfig?.updatedAt ?? 'new'}
          detail={detail}
          cardDepositMaxEuros={settings.data?.cardDepositMaxEuros}
          busy={action.isPending}
          onSubmit={(body: PaymentConfigBody) => run({ kind: 'payment-config', body })}
        />
      </Stack>
    ) : undefined;

  return (
    <Stack gap="4">
      <BackLink />
      <Header detail={detail} />
      <RequestSection id="actions" title="Actions" gap="3">
        <RequestActions detail={detail} busy={action.isPending} run={run} />
      </RequestSection>
      <Stack gap="4" direction={{ base: 'column', xl: 'row' }} align="stretch">
        <Stack gap="4" flex="3" minW="0">
          <PaymentSection
            detail={detail}
            form={
              <>
                <PaymentOperations detail={detail} />
                <RefundFollowUp bookingId={detail._id} />
                {configForm}
              </>
            }
          />
          {detail.paymentConfig?.type === 'collective_payment' && <ParticipantPayments bookingId={detail._id} />}
          <CustomerSection detail={detail} />
          <EventSection detail={detail} />
          {renderScheduleEditor && detail.allowedActions.schedule ? (
            <RequestSection id="programme" title="Programme">
              {renderScheduleEditor(detail)}
            </RequestSection>
          ) : (
            <ScheduleSection detail={detail} />
          )}
          <ParticipantsSection detail={detail} />
        </Stack>
        <Stack gap="4" flex="2" minW="0">
          {renderChat && (
            <RequestSection id="discussion" title="Discussion">
              {renderChat(detail)}
            </RequestSection>
          )}
          <AuditTrailSection detail={detail} />
          <JobsSection bookingId={detail._id} />
          <EmailsSection detail={detail} />
        </Stack>
      </Stack>
    </Stack>
  );
}

/** /admin/demandes/:id: everything about one request and the team's actions on it. */
export function StaffRequestPage({ renderChat, renderScheduleEditor }: StaffRequestPageProps) {
  const { id = '' } = useParams();
  const query = useRequestDetail(id);
  const notFound = query.isError && httpStatus(query.error) === 404;
  usePageTitle(query.data ? `Demande ${query.data.bookingRequestId}` : notFound ? 'Demande introuvable' : 'Demande');

  if (query.isPending) return <LoadingState label="Chargement de la demande…" />;
  if (query.isError) {
    return (
      <Stack gap="4">
        <BackLink />
        {notFound ? (
          <Heading as="h1" size="xl">
            Demande introuvable
          </Heading>
        ) : (
          <>
            <Heading as="h1" size="xl">
              Demande
            </Heading>
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          </>
        )}
      </Stack>
    );
  }
  return <Detail detail={query.data} renderChat={renderChat} renderScheduleEditor={renderScheduleEditor} />;
}
