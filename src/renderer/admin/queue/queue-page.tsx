import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '@renderer/shared/ui/router-link';
import type { QueueCounts } from '@shared/api/staff.schema';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES } from '@shared/labels';
import { AdminPage, ErrorState, LoadingState } from '../ui/admin-page';
import { useQueue } from './api/get-queue';
import { filtersFromSearch, searchFromFilters, withFilter, type QueueFilters } from './queue-filters';
import { QueueFiltersBar } from './queue-filters-bar';
import { QueueTable } from './queue-table';
import { countOf } from '@shared/plural';

function hrefOf(filters: QueueFilters): string {
  const search = searchFromFilters(filters).toString();
  return search ? `?${search}` : '?';
}

/** The counts per status as links: one click (or Entrée) narrows the list, and the URL says so. */
function StatusCounts({ counts, filters }: { counts: QueueCounts; filters: QueueFilters }) {
  const waitingView = withFilter(filters, {
    status: 'draft',
    clientValidation: 'validated',
    adminValidation: 'pending',
  });
  const isWaitingView = filters.clientValidation === 'validated' && filters.adminValidation === 'pending';
  const entries = [
    {
      key: 'all',
      label: 'Toutes',
      count: counts.all,
      to: withFilter(filters, { status: undefined }),
      current: !filters.status && !isWaitingView,
    },
    { key: 'waiting', label: 'À traiter', count: counts.waitingOnTeam, to: waitingView, current: isWaitingView },
    ...BOOKING_STATUSES.map((status) => ({
      key: status,
      label: BOOKING_STATUS_LABELS[status],
      count: counts[status],
      to: withFilter(filters, { status, clientValidation: undefined, adminValidation: undefined }),
      current: filters.status === status && !isWaitingView,
    })),
  ];
  return (
    <Box as="nav" aria-label="Demandes par statut" overflowX="auto">
      <Flex as="ul" gap="2" listStyleType="none" wrap="wrap">
        {entries.map((entry) => (
          <li key={entry.key}>
            <Button asChild size="xs" variant={entry.current ? 'solid' : 'outline'} colorPalette="brand">
              <RouterLink
                to={hrefOf(entry.to)}
                aria-current={entry.current ? 'page' : undefined}
                data-testid={`count-${entry.key}`}
              >
                {entry.label} ({entry.count})
              </RouterLink>
            </Button>
          </li>
        ))}
      </Flex>
    </Box>
  );
}

/** /admin: the request queue, its view kept in the URL. */
export function QueuePage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const query = useQueue(filters);
  const setFilters = (next: QueueFilters) => setParams(searchFromFilters(next));

  const pages = query.data?.pages;
  const first = pages?.[0];
  const items = pages?.flatMap((page) => page.bookingRequests) ?? [];
  return (
    <AdminPage
      title="Demandes de réservation"
      lead="Les demandes validées par le client et en attente de l’équipe passent en premier."
    >
      {first ? (
        <StatusCounts counts={first.counts} filters={filters} />
      ) : (
        // The counts' row, kept while they load, so that the filters under it do not move when they come
        // (docs/decisions.md, performance rule 19).
        query.isPending && <Box minH="8" aria-hidden="true" data-testid="status-counts-placeholder" />
      )}
      <QueueFiltersBar filters={filters} onChange={setFilters} />
      {query.isPending && <LoadingState label="Chargement des demandes…" />}
      {query.isError && !first && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {first && (
        <Stack gap="3" aria-busy={query.isFetching}>
          <Text role="status" fontSize="sm" color="fg.muted">
            {first.pagination.total === 0
              ? 'Aucune demande ne correspond à ces filtres.'
              : items.length < first.pagination.total
                ? `${countOf(first.pagination.total, 'demande')} · ${items.length} affichées`
                : countOf(first.pagination.total, 'demande')}
          </Text>
          {items.length > 0 && <QueueTable items={items} />}
          {query.isFetchNextPageError && <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} />}
          {query.hasNextPage && !query.isFetchNextPageError && (
            <Flex justify="center">
              <Button
                variant="outline"
                colorPalette="brand"
                loading={query.isFetchingNextPage}
                loadingText="Chargement…"
                onClick={() => void query.fetchNextPage()}
              >
                Afficher plus
              </Button>
            </Flex>
          )}
        </Stack>
      )}
    </AdminPage>
  );
}
