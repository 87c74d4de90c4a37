import { Box, Button, Field, Flex, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { QUEUE_SORTS, type QueueSort } from '@shared/api/staff.schema';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, EVENT_TYPE_LABELS, EVENT_TYPES } from '@shared/labels';
import { hasActiveFilters, withFilter, type QueueFilters } from './queue-filters';

export const SORT_LABELS: Record<QueueSort, string> = {
  priority: 'À traiter d’abord',
  startDate: 'Date de l’événement (proche d’abord)',
  '-startDate': 'Date de l’événement (lointaine d’abord)',
  createdAt: 'Création (ancienne d’abord)',
  '-createdAt': 'Création (récente d’abord)',
  reference: 'Référence (croissante)',
  '-reference': 'Référence (décroissante)',
};

const VALIDATION_OPTIONS = [
  { value: 'pending', label: 'En attente' },
  { value: 'validated', label: 'Validée' },
];

function SelectFilter({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function SearchForm({
  initial,
  inputRef,
  onSearch,
}: {
  initial: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onSearch: (q: string | undefined) => void;
}) {
  const [q, setQ] = useState(initial);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(q.trim() || undefined);
      }}
    >
      <Flex gap="2" align="flex-end" mb="3">
        <Field.Root flex="1">
          <Field.Label fontSize="sm">Rechercher (référence, nom, email)</Field.Label>
          <Input
            ref={inputRef}
            size="sm"
            type="search"
            value={q}
            maxLength={100}
            onChange={(event) => setQ(event.currentTarget.value)}
            aria-keyshortcuts="/"
          />
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="brand">
          <Search aria-hidden />
          Rechercher
        </Button>
      </Flex>
    </form>
  );
}

/**
 * The queue's filters. Selects and dates apply at once (each change is one URL change, so the
 * browser's back button undoes it); the search applies on Entrée or its button.
 */
export function QueueFiltersBar({
  filters,
  onChange,
}: {
  filters: QueueFilters;
  onChange: (next: QueueFilters) => void;
}) {
  const searchRef = useRef<HTMLInputElement>(null);

  // '/' jumps to the search box, as in most back-offices, unless the user is typing somewhere.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        searchRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const set = (changes: Partial<Omit<QueueFilters, 'page'>>) => onChange(withFilter(filters, changes));
  // On a phone the selects fold away under one button, so the list is not pushed off the screen.
  const [unfolded, setUnfolded] = useState(false);
  const active = ['status', 'clientValidation', 'adminValidation', 'from', 'to', 'bookingType'].filter(
    (key) => filters[key as keyof QueueFilters] !== undefined,
  ).length;

  return (
    <Box as="section" aria-label="Filtres des demandes" borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
      {/* Keyed by the URL's q: back/forward or a count link resets the box to what the list shows. */}
      <SearchForm key={filters.q ?? ''} initial={filters.q ?? ''} inputRef={searchRef} onSearch={(q) => set({ q })} />
      <Button
        size="sm"
        variant="outline"
        display={{ base: 'inline-flex', md: 'none' }}
        aria-expanded={unfolded}
        aria-controls="queue-filters"
        onClick={() => setUnfolded((value) => !value)}
      >
        <SlidersHorizontal aria-hidden />
        {unfolded ? 'Masquer les filtres' : 'Afficher les filtres'}
        {active > 0 && ` (${active} actif${active > 1 ? 's' : ''})`}
      </Button>
      <SimpleGrid
        id="queue-filters"
        columns={{ base: 1, sm: 2, lg: 4 }}
        gap="3"
        display={{ base: unfolded ? 'grid' : 'none', md: 'grid' }}
        mt={{ base: unfolded ? '3' : '0', md: '0' }}
      >
        <SelectFilter
          label="Statut"
          value={filters.status ?? ''}
          onChange={(v) => set({ status: (v || undefined) as QueueFilters['status'] })}
        >
          <option value="">Tous les statuts</option>
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {BOOKING_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter
          label="Validation client"
          value={filters.clientValidation ?? ''}
          onChange={(v) => set({ clientValidation: (v || undefined) as QueueFilters['clientValidation'] })}
        >
          <option value="">Toutes</option>
          {VALIDATION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter
          label="Validation équipe"
          value={filters.adminValidation ?? ''}
          onChange={(v) => set({ adminValidation: (v || undefined) as QueueFilters['adminValidation'] })}
        >
          <option value="">Toutes</option>
          {VALIDATION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter
          label="Type d’événement"
          value={filters.bookingType ?? ''}
          onChange={(v) => set({ bookingType: (v || undefined) as QueueFilters['bookingType'] })}
        >
          <option value="">Tous les types</option>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {EVENT_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectFilter>
        <Field.Root>
          <Field.Label fontSize="sm">Événement à partir du</Field.Label>
          <Input
            size="sm"
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => set({ from: event.currentTarget.value || undefined })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label fontSize="sm">Événement jusqu’au</Field.Label>
          <Input
            size="sm"
            type="date"
            value={filters.to ?? ''}
            onChange={(event) => set({ to: event.currentTarget.value || undefined })}
          />
        </Field.Root>
        <SelectFilter label="Trier par" value={filters.sort} onChange={(v) => set({ sort: v as QueueSort })}>
          {QUEUE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </SelectFilter>
        {hasActiveFilters(filters) && (
          <Flex align="flex-end">
            <Button size="sm" variant="outline" onClick={() => onChange({ sort: filters.sort, page: 1 })}>
              <X aria-hidden />
              Effacer les filtres
            </Button>
          </Flex>
        )}
      </SimpleGrid>
    </Box>
  );
}
