import { Badge, Box, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { RouterLink } from '@renderer/shared/ui/router-link';
import type { z } from 'zod';
import type { plannerActivity, plannerBooking, plannerGroup, plannerSlot } from '@shared/api/staff.schema';
import { CATEGORY_LABELS, type CatalogueCategory } from '@shared/labels';
import { BookingStatusBadge } from '@renderer/shared/ui/booking-badges';
import { dayRange, hourMarks, placeSlots, toMinutes } from './timeline';
import { countOf, plural } from '@shared/plural';

type PlannerActivity = z.infer<typeof plannerActivity>;
type PlannerSlot = z.infer<typeof plannerSlot>;
type PlannerGroup = z.infer<typeof plannerGroup>;
type PlannerBooking = z.infer<typeof plannerBooking>;

/** The grid's unit in minutes: slots start on any 5-minute mark. */
const UNIT = 5;
const PER_HOUR = 60 / UNIT;

/** The places a slot has left (the server does not send them: `capacity - booked`); null without a capacity. */
export function placesLeftOf(slot: Pick<PlannerSlot, 'capacity' | 'booked'>): number | null {
  return slot.capacity === null ? null : Math.max(0, slot.capacity - slot.booked);
}

export function placesLeftText(slot: PlannerSlot): string {
  const left = placesLeftOf(slot);
  if (left === null) return `${slot.booked} pers. · sans limite`;
  if (left <= 0) return `${slot.booked}/${slot.capacity} · complet`;
  return `${slot.booked}/${slot.capacity} · ${countOf(left, 'place')} ${plural(left, 'restante')}`;
}

function fillPalette(slot: PlannerSlot): string {
  const left = placesLeftOf(slot);
  if (slot.capacity === null || left === null) return 'gray';
  if (left <= 0) return 'red';
  return left / slot.capacity < 0.2 ? 'orange' : 'green';
}

/** Each group with its booking, which the answer sends once for all its lines (`bookings`). */
function GroupList({ groups, bookings }: { groups: PlannerGroup[]; bookings: readonly PlannerBooking[] }) {
  if (groups.length === 0)
    return (
      <Text fontSize="xs" color="fg.muted">
        Aucun groupe
      </Text>
    );
  return (
    <Stack as="ul" gap="1" listStyleType="none">
      {groups.map((group, index) => {
        const booking = bookings[group.booking];
        if (!booking) return null;
        return (
          <Flex as="li" key={`${booking._id}-${index}`} gap="1" align="center" wrap="wrap" fontSize="xs">
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={`/admin/demandes/${encodeURIComponent(booking._id)}`}>
                {booking.bookingRequestId}
              </RouterLink>
            </Link>
            <span>
              {booking.organizerName} · {group.participants} pers.
            </span>
            <BookingStatusBadge status={booking.status} size="xs" />
          </Flex>
        );
      })}
    </Stack>
  );
}

function SlotBlock({ slot, bookings }: { slot: PlannerSlot; bookings: readonly PlannerBooking[] }) {
  const palette = fillPalette(slot);
  const ratio = slot.capacity ? Math.min(1, slot.booked / slot.capacity) : 0;
  return (
    <Box
      borderWidth="1px"
      borderColor={`${palette}.muted`}
      borderStartWidth="4px"
      borderStartColor={`${palette}.solid`}
      rounded="md"
      p="2"
      bg="bg"
      h="full"
    >
      <Text fontWeight="semibold" fontSize="sm">
        {slot.startTime} – {slot.endTime}
      </Text>
      <Text fontSize="xs" color={`${palette}.fg`} fontWeight="medium" data-testid="places-left">
        {placesLeftText(slot)}
      </Text>
      {slot.capacity !== null && (
        <Box h="1.5" bg="bg.muted" rounded="full" my="1" aria-hidden>
          <Box h="full" w={`${ratio * 100}%`} bg={`${palette}.solid`} rounded="full" />
        </Box>
      )}
      <GroupList groups={slot.groups} bookings={bookings} />
    </Box>
  );
}

/**
 * One activity's day: its slots on an hour axis (a CSS grid of quarter hours, overlapping slots
 * on separate rows) from `md` up; a plain list in time order on phones.
 */
export function ActivityTimeline({
  activity,
  bookings,
}: {
  activity: PlannerActivity;
  bookings: readonly PlannerBooking[];
}) {
  const range = dayRange(activity.slots);
  const { placed } = placeSlots(activity.slots, range);
  const columns = (range.end - range.start) / UNIT;
  const column = (time: string) => Math.round((toMinutes(time) - range.start) / UNIT) + 1;
  return (
    <Card.Root
      as="section"
      variant="outline"
      aria-labelledby={`activity-${activity._id}`}
      data-testid="planner-activity"
    >
      <Card.Body gap="3" p={{ base: '3', md: '4' }}>
        <Flex gap="2" align="center" wrap="wrap">
          <Heading as="h2" size="md" id={`activity-${activity._id}`}>
            {activity.name}
          </Heading>
          <Badge size="sm" variant="outline">
            {activity.kind === 'service'
              ? 'Prestation'
              : (CATEGORY_LABELS[activity.category as CatalogueCategory] ?? activity.category)}
          </Badge>
        </Flex>
        {activity.slots.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            Aucun créneau ce jour-là.
          </Text>
        ) : (
          <Box>
            <Box
              display={{ base: 'none', md: 'grid' }}
              gridTemplateColumns={`repeat(${columns}, minmax(0, 1fr))`}
              aria-hidden
              mb="1"
            >
              {hourMarks(range)
                .slice(0, -1)
                .map((hour, index) => (
                  <Text
                    key={hour}
                    gridColumn={`${index * PER_HOUR + 1} / span ${PER_HOUR}`}
                    fontSize="xs"
                    color="fg.muted"
                    borderStartWidth="1px"
                    ps="1"
                  >
                    {String(hour).padStart(2, '0')}h
                  </Text>
                ))}
            </Box>
            <Box
              as="ol"
              listStyleType="none"
              display={{ base: 'flex', md: 'grid' }}
              flexDirection="column"
              gap="2"
              gridTemplateColumns={{ md: `repeat(${columns}, minmax(0, 1fr))` }}
              aria-label={`Créneaux de ${activity.name}`}
            >
              {placed.map(({ slot, lane }) => (
                <Box
                  as="li"
                  key={`${slot.startTime}-${slot.endTime}`}
                  gridColumn={{ md: `${column(slot.startTime)} / ${column(slot.endTime)}` }}
                  gridRow={{ md: String(lane + 1) }}
                  minW="0"
                >
                  <SlotBlock slot={slot} bookings={bookings} />
                </Box>
              ))}
            </Box>
          </Box>
        )}
        {activity.unscheduled.length > 0 && (
          <Box>
            <Text fontSize="sm" fontWeight="semibold">
              Sans créneau ce jour-là
            </Text>
            <GroupList groups={activity.unscheduled} bookings={bookings} />
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
