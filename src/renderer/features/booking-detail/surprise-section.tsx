import { Flex, Stack, Text } from '@chakra-ui/react';
import { Gift } from 'lucide-react';
import type { BookingDetail } from '@shared/api/customer-booking.schema';
import { failureMessage } from '@renderer/shared/api/error-message';
import { formatLongDate } from '@renderer/shared/format/format';
import { notify } from '@renderer/shared/ui/toaster';
import { SectionCard } from '@renderer/shared/ui/section-card';
import { useUpdateBooking } from './api/update-booking';

/** The event types whose programme may be kept a surprise (docs/decisions.md, "Group shares"). */
const SURPRISE_EVENT_TYPES: readonly string[] = ['evg-evjf', 'anniv'];

/** What a guest of honour of a surprise sees in place of the programme: the date and « Surprise ». */
export function SurpriseCard({ detail }: { detail: BookingDetail }) {
  return (
    <SectionCard headingId="surprise-title" title="Surprise" p={{ base: '4', md: '6' }} variant="outline">
      <Flex gap="3" align="start" data-testid="surprise-card">
        <Gift size={28} aria-hidden />
        <Stack gap="1">
          <Text fontWeight="semibold">Le programme est une surprise !</Text>
          <Text>
            Rendez-vous le {formatLongDate(detail.startDate)} au parc. Vos proches ont tout prévu : laissez-vous guider.
          </Text>
        </Stack>
      </Flex>
    </SectionCard>
  );
}

/** The organizer's switch for surprise mode (stag, hen and birthday events only). */
export function SurpriseSwitch({ routeId, detail }: { routeId: string; detail: BookingDetail }) {
  const update = useUpdateBooking(routeId, detail._id);
  if (detail.userRole !== 'organizer' || !SURPRISE_EVENT_TYPES.includes(detail.bookingType)) return null;
  if (detail.status === 'canceled' || detail.status === 'completed') return null;
  const onChange = (surprise: boolean) =>
    update.mutate(
      { surprise },
      {
        onSuccess: () =>
          notify.success(
            surprise
              ? 'Mode surprise activé : les invités d’honneur ne voient plus le programme'
              : 'Mode surprise désactivé',
          ),
        onError: (error) =>
          notify.error(failureMessage(error, { fallback: 'Le mode surprise n’a pas pu être modifié' })),
      },
    );
  return (
    <Flex as="label" align="center" gap="3" minH="44px" cursor="pointer">
      <input
        type="checkbox"
        role="switch"
        checked={detail.surprise}
        disabled={update.isPending}
        onChange={(event) => onChange(event.target.checked)}
        style={{ width: '1.25rem', height: '1.25rem', accentColor: 'var(--chakra-colors-brand-solid)' }}
      />
      <Text as="span">Mode surprise : les invités d’honneur ne voient ni le programme ni les prix</Text>
    </Flex>
  );
}
