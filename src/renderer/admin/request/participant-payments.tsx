import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { groupCalls } from '@shared/api/group.contract';
import type { ParticipantShare } from '@shared/api/payments.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatDateTime, formatEuros } from '@renderer/shared/format/format';
import { notify } from '@renderer/shared/ui/toaster';
import { staffApi } from '@renderer/admin/session/staff-client';
import { RequestSection } from './request-sections';

const sharesKey = (id: string) => ['staff', 'request', id, 'shares'] as const;

const STATUS: Record<ParticipantShare['paymentStatus'], { label: string; palette: string }> = {
  paid: { label: 'Payé', palette: 'green' },
  pending: { label: 'En attente', palette: 'orange' },
  not_required: { label: 'Non requis', palette: 'gray' },
};

/**
 * « Paiements des participants » (docs/decisions.md, "Group shares"): each share, paid / pending /
 * not required, paid on, last reminder; the team reminds one person or all who have not paid, at
 * most once a day each (the server says so in French when it is too soon).
 */
export function ParticipantPayments({ bookingId }: { bookingId: string }) {
  const queryClient = useQueryClient();
  const shares = useQuery({
    queryKey: sharesKey(bookingId),
    queryFn: async () => (await callApi(staffApi, groupCalls.staffShares, { params: { id: bookingId } })).data,
  });
  const remind = useMutation({
    mutationFn: async (participantId?: string) =>
      (
        await callApi(staffApi, groupCalls.staffRemindShares, {
          params: { id: bookingId },
          body: participantId ? { participantId } : {},
        })
      ).message,
    onSuccess: (message) => notify.success(message),
    onError: (error) => notify.error(failureMessage(error, { fallback: 'Le rappel n’a pas pu être envoyé' })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'request', bookingId] }),
  });
  const status = shares.data;
  if (!status) return null;
  return (
    <RequestSection id="paiements-participants" title="Paiements des participants" gap="3">
      <Text color="fg.muted">
        {status.paidParticipants} / {status.totalParticipants} parts payées · {formatEuros(status.paidAmount)} sur{' '}
        {formatEuros(status.totalAmount)}
      </Text>
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
        {status.participants.map((person) => {
          const badge = STATUS[person.paymentStatus];
          return (
            <Flex as="li" key={person.id} gap="2" wrap="wrap" align="center" data-testid="participant-payment">
              <Stack gap="0" flex="1" minW="12rem">
                <Text fontWeight="medium">
                  {person.name}
                  {person.role === 'Organisateur' ? ' (organisateur)' : ''}
                  {person.guestOfHonour ? ' · invité d’honneur' : ''}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  Part : {person.paymentAmount !== null ? formatEuros(person.paymentAmount) : '—'}
                  {person.paidAt ? ` · payé le ${formatDateTime(person.paidAt)}` : ''}
                  {' · '}
                  {person.lastReminderAt
                    ? `dernier rappel le ${formatDateTime(person.lastReminderAt)}`
                    : 'aucun rappel'}
                </Text>
              </Stack>
              <Badge colorPalette={badge.palette} variant="subtle">
                {badge.label}
              </Badge>
              {person.paymentStatus === 'pending' && (
                <Button
                  size="sm"
                  variant="outline"
                  minH="44px"
                  disabled={remind.isPending}
                  onClick={() => remind.mutate(person.id)}
                  aria-label={`Relancer ${person.name}`}
                >
                  Relancer
                </Button>
              )}
            </Flex>
          );
        })}
      </Stack>
      {!status.isComplete && (
        <Button
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          variant="outline"
          colorPalette="brand"
          minH="44px"
          loading={remind.isPending}
          onClick={() => remind.mutate(undefined)}
        >
          Relancer tous les impayés
        </Button>
      )}
    </RequestSection>
  );
}
