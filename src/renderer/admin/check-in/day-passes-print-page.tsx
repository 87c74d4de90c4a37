import { Box, Button, Flex, Grid, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, Printer } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isCalendarDay } from '@shared/api/booking-request.schema';
import type { DayPass, DayPassBooking } from '@shared/api/onsite-day.schema';
import { todayInParis } from '@shared/booking-days';
import { usePrintAvailable } from '@renderer/shared/desktop';
import { printDayPasses } from '@renderer/shared/desktop-print';
import { formatLongDate } from '@renderer/shared/format/format';
import { PRINT_STARTED, printFailedMessage } from '@renderer/shared/ui/print-button';
import { RouterLink } from '@renderer/shared/ui/router-link';
import { notify } from '@renderer/shared/ui/toaster';
import { AdminPage, QueryStates } from '../ui/admin-page';
import { useDayPasses } from './api/day-passes';

export const NO_PASSES_TO_PRINT = 'Aucun pass à imprimer pour ce jour';

/** Seen on screen only: the printed sheet carries the passes and nothing to click. */
const SCREEN_ONLY = { _print: { display: 'none' } } as const;

/** One pass as it is cut out and handed over: big enough to scan, never split across two pages. */
function PassBlock({ pass, booking }: { pass: DayPass; booking: DayPassBooking }) {
  const name = `${pass.firstName} ${pass.lastName}`;
  return (
    <Stack
      as="li"
      align="center"
      gap="1"
      p="3"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      textAlign="center"
      breakInside="avoid"
      _print={{ breakInside: 'avoid', borderColor: 'black', borderStyle: 'dashed' }}
    >
      <Image
        src={pass.qrPng}
        alt={`QR code du pass de ${name}`}
        w={{ base: '48', md: '44' }}
        h={{ base: '48', md: '44' }}
        _print={{ w: '45mm', h: '45mm' }}
        css={{ imageRendering: 'pixelated' }}
      />
      <Text fontWeight="bold" fontSize="lg" overflowWrap="anywhere">
        {name}
      </Text>
      <Text fontSize="sm">Réservation {booking.bookingRequestId}</Text>
      <Text fontSize="sm" overflowWrap="anywhere">
        Organisateur : {booking.organizerName}
      </Text>
    </Stack>
  );
}

/** A booking's passes under its heading; from the second booking on, each starts a new sheet. */
function BookingPasses({ booking, first }: { booking: DayPassBooking; first: boolean }) {
  const headingId = `pass-${booking.bookingId}`;
  return (
    <Box as="section" aria-labelledby={headingId} _print={{ breakBefore: first ? 'auto' : 'page' }}>
      <Heading as="h2" size="md" id={headingId} mb="3" overflowWrap="anywhere">
        {booking.bookingRequestId} · {booking.organizerName}
      </Heading>
      <Grid
        as="ul"
        listStyleType="none"
        ps="0"
        gap="3"
        templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
        _print={{ gridTemplateColumns: 'repeat(3, 1fr)', gap: '4mm' }}
        aria-label={`Pass de la réservation ${booking.bookingRequestId}`}
      >
        {booking.passes.map((pass) => (
          <PassBlock key={pass.participantId} pass={pass} booking={booking} />
        ))}
      </Grid>
    </Box>
  );
}

/**
 * The print button: the browser's print of this page on the web; on the desktop app, main prints
 * the passes in one job then each contract (docs/decisions.md, "On site"), and says what happened.
 */
function PrintDayButton({ day }: { day: string }) {
  const desktop = usePrintAvailable();
  const [printing, setPrinting] = useState(false);
  const print = async () => {
    if (!desktop) return window.print();
    setPrinting(true);
    try {
      const result = await printDayPasses(day);
      if (result.ok) notify.success(PRINT_STARTED);
      else notify.error(printFailedMessage(result.error));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <Button colorPalette="brand" size="lg" loading={printing} loadingText="Impression…" onClick={() => void print()}>
      <Printer aria-hidden />
      Imprimer
    </Button>
  );
}

/**
 * /admin/accueil/impression?date=yyyy-MM-dd: the day's passes laid out for printing, one block
 * per pass, grouped by booking (GET /staff/day/{date}/passes). Without a valid date, today in Paris.
 */
export function DayPassesPrintPage() {
  const [params] = useSearchParams();
  const asked = params.get('date');
  const day = asked && isCalendarDay(asked) ? asked : todayInParis();
  const query = useDayPasses(day);
  const desktop = usePrintAvailable();
  const bookings = query.data?.bookings.filter((booking) => booking.passes.length > 0) ?? [];

  return (
    <AdminPage
      title="Pass du jour à imprimer"
      lead={formatLongDate(day)}
      actions={
        <Flex gap="2" wrap="wrap" {...SCREEN_ONLY}>
          <Button asChild variant="outline" size="lg">
            <RouterLink to="/admin/accueil">
              <ArrowLeft aria-hidden />
              Retour à l’accueil
            </RouterLink>
          </Button>
          {bookings.length > 0 && <PrintDayButton day={day} />}
        </Flex>
      }
    >
      <QueryStates query={query} loadingLabel="Chargement des pass du jour…">
        {() =>
          bookings.length === 0 ? (
            <Text color="fg.muted">{NO_PASSES_TO_PRINT}</Text>
          ) : (
            <Stack gap="6">
              <Text color="fg.muted" {...SCREEN_ONLY}>
                {desktop
                  ? 'L’application imprime tous les pass en une fois, puis le contrat de chaque réservation qui en a un.'
                  : 'Chaque pass est imprimé entier ; chaque réservation commence sur une nouvelle page.'}
              </Text>
              {bookings.map((booking, index) => (
                <BookingPasses key={booking.bookingId} booking={booking} first={index === 0} />
              ))}
            </Stack>
          )
        }
      </QueryStates>
    </AdminPage>
  );
}
