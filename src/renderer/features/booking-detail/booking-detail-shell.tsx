import { Alert, Badge, Box, Button, Center, Container, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, CalendarDays, Lock } from 'lucide-react';
import { __iconData as usersIcon } from 'lucide-react/icons/users';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { RouterLink } from '@renderer/shared/ui/router-link';
import type { BookingDetail } from '@shared/api/customer-booking.schema';
import { BOOKING_EDIT_MESSAGES } from '@shared/booking-messages';
import { canEditBooking, lockMessage } from '@shared/editing-rule';
import { httpStatus } from '@renderer/shared/api/error-message';
import { formatLongDate, participantCount } from '@renderer/shared/format/format';
import { BookingStatusBadge, bookingTypeLabel } from '@renderer/shared/ui/booking-badges';
import { notify } from '@renderer/shared/ui/toaster';
import { usePageTitle } from '@renderer/shared/ui/use-page-title';
import { useBookingDetail } from './api/get-booking-detail';
import { BookingProgress } from './booking-progress';
import type { InviteLinksSlot } from './participants-section';
import { ValidateRequestButton } from './validate-request-dialog';
import { SurpriseSwitch } from './surprise-section';
import { Reference } from '@renderer/shared/ui/breakable';
import { SectionCard } from '@renderer/shared/ui/section-card';
import { preloadLater } from '@renderer/shared/preload-later';

// The sections under the progress: their forms, dialogs and lists load once the top has painted.
const BookingSections = lazy(() => import('./booking-sections').then((m) => ({ default: m.BookingSections })));

export const LOAD_ERROR = 'Erreur lors du chargement de la réservation';
const NOT_FOUND = BOOKING_EDIT_MESSAGES.notFound;
export const PARTICIPANT_HINT =
  "Seul l'organisateur peut modifier la date, le nombre de participants et les activités de cette réservation.";
const LOCKED_FALLBACK = 'Votre réservation ne peut plus être modifiée.';

function BackLink() {
  return (
    <Button asChild variant="ghost" colorPalette="brand" size="lg" alignSelf="flex-start" ms="-3">
      <RouterLink to="/dashboard">
        <ArrowLeft aria-hidden />
        Retour au tableau de bord
      </RouterLink>
    </Button>
  );
}

function ErrorPage({ title, text }: { title: string; text: string }) {
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }}>
      <Stack gap="5" align="center" textAlign="center" role="alert">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to="/dashboard">
            <ArrowLeft aria-hidden />
            Retour au tableau de bord
          </RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}

function Header({ detail }: { detail: BookingDetail }) {
  const isParticipant = detail.userRole === 'participant';
  const joined = detail.participantDetails?.hasConnected ?? false;
  return (
    <Stack gap="3" as="header">
      <Stack gap="1">
        <Text color="fg.muted" fontWeight="medium">
          {bookingTypeLabel(detail.type, detail.bookingType)}
        </Text>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Réservation <Reference value={detail.bookingRequestId} />
        </Heading>
      </Stack>
      <Flex gap={{ base: '1', sm: '5' }} direction={{ base: 'column', sm: 'row' }} color="fg.muted" wrap="wrap">
        <Flex as="p" gap="2" align="center">
          <CalendarDays aria-hidden size={18} />
          <span>{formatLongDate(detail.startDate)}</span>
        </Flex>
        <Flex as="p" gap="2" align="center">
          <LineIcon icon={usersIcon} aria-hidden size={18} />
          <span>{participantCount(detail.participants)}</span>
        </Flex>
      </Flex>
      <Flex gap="2" wrap="wrap" data-testid="header-badges">
        <BookingStatusBadge status={detail.status} forInvitee={isParticipant} />
        <Badge colorPalette={isParticipant ? 'purple' : 'brand'} variant="outline" size="lg" data-testid="role-badge">
          {isParticipant ? 'Participant' : 'Organisateur'}
        </Badge>
        {isParticipant && (
          <Badge colorPalette={joined ? 'green' : 'gray'} variant="subtle" size="lg" data-testid="participation-badge">
            {joined ? 'Rejoint' : 'Invité'}
          </Badge>
        )}
      </Flex>
    </Stack>
  );
}

/**
 * Renders `children` once the page's top has painted: two frames after the commit that draws it,
 * and once the module preloads the page names for them are in <head> (shared/preload-later.ts).
 * Until then, and while their chunk loads, their place fills the screen, so that the footer stays
 * below it and nothing moves (docs/decisions.md, performance rules 19 and 26).
 */
function AfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    // The frame after the one that draws the top: by then that one is on screen. Their chunks'
    // preloads go in first, a few per task (performance rule 7).
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        void preloadLater().then(() => {
          if (!gone) timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
        });
      });
    });
    return () => {
      gone = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const place = <Box minH="100dvh" aria-hidden />;
  return painted ? <Suspense fallback={place}>{children}</Suspense> : place;
}

function LockNotice({ detail, message }: { detail: BookingDetail; message: string }) {
  const isParticipant = detail.userRole === 'participant';
  return (
    <Alert.Root status={isParticipant ? 'info' : 'warning'} data-testid="lock-notice">
      <Alert.Indicator>
        <Lock />
      </Alert.Indicator>
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        <Alert.Description>
          {isParticipant
            ? PARTICIPANT_HINT
            : 'Pour toute demande de changement, contactez notre équipe : elle vous répond sous 24h.'}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * What app/ composes into the Discussion section (the chat feature): a feature never imports
 * another, so the page receives it.
 */
export type DiscussionSlot = (detail: BookingDetail) => { content: ReactNode; badge?: ReactNode };

/** What app/ composes into the Paiement section (the payments feature), shown in a Suspense boundary. */
export type PaymentSlot = (detail: BookingDetail) => ReactNode;

/** What app/ composes into the « Mon pass » section of a confirmed booking (the onsite feature: the pass and the waiver). */
export type PassSlot = (detail: BookingDetail) => ReactNode;

/**
 * The sections other features own, composed by app/booking-detail-route.tsx: the chat
 * (Discussion), the organizer's invitation links (under Participants) and the payment (Paiement,
 * shown only when the booking has one).
 */
export interface BookingDetailSlots {
  discussion?: DiscussionSlot;
  inviteLinks?: InviteLinksSlot;
  payment?: PaymentSlot;
  pass?: PassSlot;
}

function Detail({ routeId, detail, slots }: { routeId: string; detail: BookingDetail; slots: BookingDetailSlots }) {
  const state = { status: detail.status, clientValidation: detail.clientValidation, userRole: detail.userRole };
  // SPEC.md §4: the server's permissions may lock what the rule alone would allow, never the reverse.
  const canEditInfo = canEditBooking(state) && detail.permissions.canModify;
  const canEditActivities = canEditBooking(state) && detail.permissions.canModifyActivities;
  const locked = !canEditInfo || !canEditActivities;
  const showValidate =
    detail.userRole === 'organizer' && detail.clientValidation === 'pending' && detail.status === 'draft';

  return (
    <Container maxW="5xl" py={{ base: '4', md: '8' }}>
      <Stack gap={{ base: '5', md: '6' }}>
        <BackLink />
        <Header detail={detail} />
        <SectionCard headingId="progress-title" title="Avancement" p={{ base: '4', md: '6' }} variant="outline">
          <BookingProgress detail={detail} />
          {showValidate && <ValidateRequestButton bookingId={detail._id} />}
          <SurpriseSwitch routeId={routeId} detail={detail} />
        </SectionCard>
        {locked && <LockNotice detail={detail} message={lockMessage(state) ?? LOCKED_FALLBACK} />}
        <AfterPaint>
          <BookingSections
            routeId={routeId}
            detail={detail}
            slots={slots}
            canEditInfo={canEditInfo}
            canEditActivities={canEditActivities}
          />
        </AfterPaint>
      </Stack>
    </Container>
  );
}

/**
 * Booking detail of SPEC.md §2, at /booking/{bookingId}: loading, errors, the header and the
 * booking's own sections; app/ composes the others in (`BookingDetailSlots`).
 */
export function BookingDetailShell(slots: BookingDetailSlots) {
  const { bookingId = '' } = useParams();
  const query = useBookingDetail(bookingId);
  // The booking draws in a deferred render, in slices the browser can answer between, not in the
  // one task that delivers the answer (docs/decisions.md, performance rule 22).
  // Also when the answer is already in at mount (asked for beside the chunk): null first, then the booking.
  const detail = useDeferredValue(query.data ?? null, null);
  const notFound = query.isError && httpStatus(query.error) === 404;
  usePageTitle(
    notFound ? NOT_FOUND : query.data ? `Réservation ${query.data.bookingRequestId}` : 'Détail de la réservation',
  );

  useEffect(() => {
    // Queued: the toaster renders synchronously, which React refuses during a commit.
    if (query.isError && !notFound)
      queueMicrotask(() => notify.error(LOAD_ERROR, { id: `booking-load-error-${bookingId}` }));
  }, [query.isError, notFound, bookingId]);

  if (query.isPending || (detail === null && query.data !== undefined)) {
    return (
      // The whole screen while loading: the footer stays below the fold (docs/decisions.md, performance rule 19).
      <Center minH="100dvh" role="status" aria-live="polite">
        <Stack align="center" gap="3">
          <Spinner size="xl" color="brand.solid" aria-hidden />
          <Text color="fg.muted">Chargement de la réservation…</Text>
        </Stack>
      </Center>
    );
  }
  if (query.isError) {
    return notFound ? (
      <ErrorPage title={NOT_FOUND} text="Cette réservation n’existe pas ou vous n’y avez pas accès." />
    ) : (
      <ErrorPage
        title={LOAD_ERROR}
        text="La réservation n’a pas pu être affichée. Vérifiez votre connexion, puis réessayez depuis votre espace client."
      />
    );
  }
  return <Detail routeId={bookingId} detail={detail ?? query.data} slots={slots} />;
}
