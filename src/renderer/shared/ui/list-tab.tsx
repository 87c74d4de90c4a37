import { EmptyState, Heading, Stack, Text } from '@chakra-ui/react';
import { emptyStateSlotRecipe } from '@chakra-ui/react/theme';
import { useDeferredValue, type ReactNode } from 'react';
import { ErrorState, LoadingState } from './list-states';
import { pageReload } from './page-reload';
import { SectionCard } from './section-card';

/**
 * The parts of the customer dashboard's tabs, whichever feature owns the tab (reservations and
 * profile: dashboard; invitations: invitation; payments: payments), composed in app/dashboard-route.
 */

/** A list that failed to load: the message of SPEC.md §8 and a Retry that reloads the page (SPEC.md §2). */
export function ListError({ message }: { message: string }) {
  return (
    <ErrorState message={message} hint="Vérifiez votre connexion puis réessayez." onRetry={() => pageReload.reload()} />
  );
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
  // The list draws in a deferred render, in slices the browser can answer between, not in the
  // one task that delivers the answer (docs/decisions.md, performance rule 22).
  // Also when the answer is already in at mount (asked for at start-up): null first, then the list.
  const data = useDeferredValue(query.data ?? null, null);
  // A failure too: a first render that hydrates a shell drawn loading shows it loading.
  const failed = useDeferredValue(query.isError, false);
  const pending = query.isPending || (data === null && query.data !== undefined) || query.isError !== failed;
  return (
    <Stack gap="6" as="section" aria-labelledby={id}>
      <Stack gap="1">
        <Heading as="h2" id={id} size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{lead}</Text>
      </Stack>
      {pending ? (
        // The whole screen while loading: the footer stays below the fold (docs/decisions.md, performance rule 19).
        <LoadingState label={loadingLabel} minH="100dvh" />
      ) : failed || !data ? (
        <ListError message={errorMessage} />
      ) : data.length === 0 ? (
        empty
      ) : (
        <Stack gap="4" as="ul" listStyleType="none" aria-label={listLabel}>
          {data.map((item) => (
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
 * The empty state of a dashboard list: its icon, what is missing, what it means, maybe an action;
 * `compact` inside a tab's section (Paiements) rather than as the whole tab.
 */
export function EmptyTab({
  testId,
  icon,
  title,
  children,
  action,
  compact = false,
}: {
  testId?: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  compact?: boolean;
}) {
  const frame = compact
    ? ({ size: 'sm', bg: 'bg.subtle', rounded: 'lg' } as const)
    : ({ borderWidth: '1px', borderStyle: 'dashed', rounded: 'xl' } as const);
  return (
    <EmptyState.Root recipe={emptyStateSlotRecipe} {...frame} data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator color={compact ? 'fg.muted' : 'brand.fg'}>{icon}</EmptyState.Indicator>
        <Stack gap={compact ? '1' : '2'} textAlign="center" align="center">
          <EmptyState.Title as="p">{title}</EmptyState.Title>
          <EmptyState.Description>{children}</EmptyState.Description>
        </Stack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
