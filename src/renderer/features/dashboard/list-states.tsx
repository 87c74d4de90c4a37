import { Alert, Button, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Eye, MessageCircle } from 'lucide-react';
import { RouterLink } from '../../shared/ui/router-link';
import type { ReactNode } from 'react';
import { DetailItem } from '../../shared/ui/detail-list';
import { ErrorState, LoadingState } from '../../shared/ui/list-states';
import { pageReload } from '../../shared/ui/page-reload';
import { SectionCard } from '../../shared/ui/section-card';

/** A list that failed to load: the message of SPEC.md §8 and a Retry that reloads the page (SPEC.md §2). */
export function ListError({ message }: { message: string }) {
  return (
    <ErrorState message={message} hint="Vérifiez votre connexion puis réessayez." onRetry={() => pageReload.reload()} />
  );
}

/** One label and value of a booking card. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return <DetailItem label={label}>{children}</DetailItem>;
}

export function participantCount(count: number): string {
  return `${count} participant${count > 1 ? 's' : ''}`;
}

/** A dashboard tab that lists the customer's bookings: its title, then loading, error, empty state or the list. */
export function ListTab<T extends { _id: string }>({
  id,
  title,
  lead,
  query,
  loadingLabel,
  errorMessage,
  empty,
  listLabel,
  renderItem,
}: {
  id: string;
  title: string;
  lead: string;
  query: { isPending: boolean; isError: boolean; data?: T[] };
  loadingLabel: string;
  errorMessage: string;
  empty: ReactNode;
  listLabel: string;
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <Stack gap="6" as="section" aria-labelledby={id}>
      <Stack gap="1">
        <Heading as="h2" id={id} size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{lead}</Text>
      </Stack>
      {query.isPending ? (
        <LoadingState label={loadingLabel} />
      ) : query.isError || !query.data ? (
        <ListError message={errorMessage} />
      ) : query.data.length === 0 ? (
        empty
      ) : (
        <Stack gap="4" as="ul" listStyleType="none" aria-label={listLabel}>
          {query.data.map((item) => (
            <li key={item._id}>{renderItem(item)}</li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** A titled card of a dashboard tab (Profil, Paiements), a region named by its h3. */
export function TabSection({ id, ...section }: { id: string; title: string; gap?: '5'; children: ReactNode }) {
  return <SectionCard headingId={id} level="h3" variant="outline" {...section} />;
}

/**
 * 'Voir détails' of a booking card, or 'Discuter' (its discussion section), named for screen
 * readers by the booking's reference.
 */
export function BookingLink({
  booking,
  discussion = false,
}: {
  booking: { _id: string; bookingRequestId: string };
  discussion?: boolean;
}) {
  return (
    <Button asChild colorPalette="brand" variant={discussion ? 'outline' : 'solid'} size="lg">
      <RouterLink to={`/booking/${booking._id}${discussion ? '#discussion' : ''}`}>
        {discussion ? <MessageCircle aria-hidden /> : <Eye aria-hidden />}
        {discussion ? 'Discuter' : 'Voir détails'}{' '}
        <VisuallyHidden>de la réservation {booking.bookingRequestId}</VisuallyHidden>
      </RouterLink>
    </Button>
  );
}

/** The notice of a booking card while the booking is still a draft. */
export function DraftNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
