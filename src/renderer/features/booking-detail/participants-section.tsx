import { Badge, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { UserMinus } from 'lucide-react';
import type { BookingDetail, BookingParticipant } from '@shared/api/customer-booking.schema';
import { INVITATION_MESSAGES } from '@shared/invitation-messages';
import { canManageParticipants } from '@shared/editing-rule';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatShortDate } from '@renderer/shared/format/format';
import { useFormattedPhone } from '@renderer/shared/format/phone';
import { notify } from '@renderer/shared/ui/toaster';
import { ConfirmDialog } from '@renderer/shared/ui/confirm-dialog';
import { BreakableEmail } from '@renderer/shared/ui/breakable';
import { GUEST_OF_HONOUR_LABEL, GUESTS_OF_HONOUR_STATUSES } from '@shared/group-labels';
import { useRemoveParticipant } from './api/remove-participant';
import { useResendAccessMail } from './api/resend-access-mail';
import { countOf, plural } from '@shared/plural';
import { useSetGuestOfHonour } from './api/set-guest-of-honour';

/** The participant's phone as shown everywhere: '06 12 34 56 78' (docs/decisions.md, "Phone numbers"). */
function ParticipantPhone({ phone }: { phone: string }) {
  return <Text color="fg.muted">{useFormattedPhone(phone)}</Text>;
}

function ParticipantRow({
  participant,
  onRemove,
  onResendAccess,
  guestOfHonour,
}: {
  participant: BookingParticipant;
  onRemove?: () => Promise<boolean>;
  /** The organizer's, for a participant who joined but has not connected yet. */
  onResendAccess?: () => void;
  /** The organizer's toggle (docs/decisions.md, "Group shares"); absent for anyone else. */
  guestOfHonour?: { onChange: (value: boolean) => void; pending: boolean };
}) {
  const titleId = `participant-${participant._id}-name`;
  const name = `${participant.firstName} ${participant.lastName}`;
  // SPEC.md §2: 'Rejoint' once the participant has connected (docs/decisions.md, "Connected participants").
  const joined = participant.hasConnected;
  return (
    <Card.Root as="li" variant="outline" size="sm" aria-labelledby={titleId} data-testid="participant">
      <Card.Body>
        <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="0" minW="0">
            <Heading as="h3" size="sm" id={titleId}>
              {name}
            </Heading>
            {participant.email && (
              <Text color="fg.muted">
                <BreakableEmail email={participant.email} />
              </Text>
            )}
            {participant.phone && <ParticipantPhone phone={participant.phone} />}
            {participant.joinedAt && (
              <Text color="fg.muted" fontSize="sm">
                Rejoint le {formatShortDate(participant.joinedAt)}
              </Text>
            )}
            {onResendAccess && (
              <Text color="orange.fg" fontSize="sm" data-testid="participant-not-connected">
                {INVITATION_MESSAGES.notConnected}
              </Text>
            )}
          </Stack>
          <Flex gap="2" wrap="wrap" align="center">
            <Badge colorPalette={participant.role === 'Organisateur' ? 'brand' : 'purple'} variant="outline" size="lg">
              {participant.role}
            </Badge>
            <Badge colorPalette={joined ? 'green' : 'gray'} variant="subtle" size="lg" data-testid="participant-status">
              {joined ? 'Rejoint' : 'Invité'}
            </Badge>
            {onResendAccess && (
              <Button
                variant="outline"
                size="sm"
                minH="44px"
                onClick={onResendAccess}
                aria-label={`${INVITATION_MESSAGES.resendAccess} à ${name}`}
              >
                {INVITATION_MESSAGES.resendAccess}
              </Button>
            )}
            {participant.guestOfHonour && guestOfHonour && (
              <Badge colorPalette="orange" variant="subtle" size="lg" data-testid="guest-of-honour">
                {GUEST_OF_HONOUR_LABEL}
              </Badge>
            )}
            {guestOfHonour && participant.role !== 'Organisateur' && (
              <Flex as="label" align="center" gap="2" minH="44px" px="2" cursor="pointer">
                <input
                  type="checkbox"
                  checked={participant.guestOfHonour}
                  disabled={guestOfHonour.pending}
                  onChange={(event) => guestOfHonour.onChange(event.target.checked)}
                  aria-label={`${GUEST_OF_HONOUR_LABEL} : ${name}`}
                  style={{ width: '1.25rem', height: '1.25rem', accentColor: 'var(--chakra-colors-brand-solid)' }}
                />
                <Text as="span">{GUEST_OF_HONOUR_LABEL}</Text>
              </Flex>
            )}
            {onRemove && (
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" colorPalette="red" size="sm" minH="44px" aria-label={`Retirer ${name}`}>
                    <UserMinus aria-hidden />
                    Retirer
                  </Button>
                }
                title={`Retirer ${name} ?`}
                confirmLabel="Retirer"
                danger
                onConfirm={onRemove}
              >
                <Text>Cette personne n'aura plus accès à la réservation ni à la discussion.</Text>
              </ConfirmDialog>
            )}
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * What app/ composes under the participants, for the organizer only: the invitation links (the
 * invitation feature); `canCreate` while the list of participants may still change.
 */
export type InviteLinksSlot = (detail: BookingDetail, access: { canCreate: boolean }) => ReactNode;

/**
 * 'Participants' (SPEC.md §2, permission canAddParticipants): who takes part, and for the
 * organizer the invitation links and the removal of participants while the list may change.
 */
export function ParticipantsSection({ detail, inviteLinks }: { detail: BookingDetail; inviteLinks?: InviteLinksSlot }) {
  const remove = useRemoveParticipant(detail._id);
  const resend = useResendAccessMail(detail._id);
  const guests = useSetGuestOfHonour(detail._id);
  const active = detail.bookingParticipants.filter((participant) => participant.isActive);
  const isOrganizer = detail.userRole === 'organizer';
  const canManage =
    isOrganizer &&
    canManageParticipants({
      status: detail.status,
      clientValidation: detail.clientValidation,
      userRole: detail.userRole,
    });

  const removeOne = (participant: BookingParticipant) => async () => {
    try {
      await remove.mutateAsync(participant._id);
    } catch (error) {
      notify.error(failureMessage(error, { fallback: INVITATION_MESSAGES.removeError }));
      return false;
    }
    notify.success('Participant retiré');
    return true;
  };

  const resendTo = (participant: BookingParticipant) => () => {
    resend.mutate(participant._id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(failureMessage(error, { fallback: INVITATION_MESSAGES.resendError })),
    });
  };
  // Joined, not connected yet: cannot pay their share (docs/decisions.md, "Connected participants").
  const awaitsConnection = (participant: BookingParticipant) =>
    isOrganizer &&
    participant.role !== 'Organisateur' &&
    participant.status === 'joined' &&
    !participant.hasConnected &&
    participant.customerId !== null;
  // Fixed once a share is paid (docs/decisions.md, "Group shares"), as the server says.
  const canChooseGuests =
    isOrganizer &&
    GUESTS_OF_HONOUR_STATUSES.includes(detail.status) &&
    !active.some((participant) => participant.paymentStatus === 'paid');
  const setGuest = (participant: BookingParticipant) => async (guestOfHonour: boolean) => {
    try {
      await guests.mutateAsync({ participantId: participant._id, guestOfHonour });
    } catch (error) {
      notify.error(failureMessage(error, { fallback: 'Le participant n’a pas pu être mis à jour' }));
      return;
    }
    notify.success(
      guestOfHonour
        ? `${participant.firstName} est invité d’honneur : sa part est répartie entre les autres`
        : `${participant.firstName} n’est plus invité d’honneur`,
    );
  };

  return (
    <Stack gap="6">
      <Stack gap="3">
        {active.length === 0 ? (
          <Text color="fg.muted">Aucun participant pour le moment.</Text>
        ) : (
          <>
            <Text color="fg.muted">
              {countOf(active.length, 'personne')} {plural(active.length, 'inscrite')} à cette réservation.
            </Text>
            <Stack as="ul" listStyleType="none" gap="3" aria-label="Participants de la réservation">
              {active.map((participant) => (
                <ParticipantRow
                  key={participant._id}
                  participant={participant}
                  onRemove={canManage && participant.role !== 'Organisateur' ? removeOne(participant) : undefined}
                  onResendAccess={awaitsConnection(participant) ? resendTo(participant) : undefined}
                  guestOfHonour={
                    canChooseGuests ? { onChange: setGuest(participant), pending: guests.isPending } : undefined
                  }
                />
              ))}
            </Stack>
          </>
        )}
      </Stack>
      {isOrganizer && inviteLinks?.(detail, { canCreate: canManage })}
    </Stack>
  );
}
