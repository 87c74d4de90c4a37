import { Box, Button, Field, Flex, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { QUEUE_SORTS, type QueueSort } from '@shared/api/staff.schema';
import { BOOKING_STATUS_LABELS, BOOKING_STATUSES, EVENT_TYPE_LABELS, EVENT_TYPES } from '@shared/labels';
import { hasActiveFilters, withFilter, type QueueFilters } from './queue-filters';
import { countOf } from '@shared/plural';

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

const STATUS_OPTIONS = BOOKING_STATUSES.map((status) => ({ value: status, label: BOOKING_STATUS_LABELS[status] }));
const TYPE_OPTIONS = EVENT_TYPES.map((type) => ({ value: type, label: EVENT_TYPE_LABELS[type] }));
const SORT_OPTIONS = QUEUE_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }));

/** The selects that narrow the list; the empty value is no filter. */
const SELECT_FILTERS: ReadonlyArray<{
  key: 'status' | 'clientValidation' | 'adminValidation' | 'bookingType';
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  anyLabel: string;
}> = [
  { key: 'status', label: 'Statut', options: STATUS_OPTIONS, anyLabel: 'Tous les statuts' },
  { key: 'clientValidation', label: 'Validation client', options: VALIDATION_OPTIONS, anyLabel: 'Toutes' },
  { key: 'adminValidation', label: 'Validation équipe', options: VALIDATION_OPTIONS, anyLabel: 'Toutes' },
  { key: 'bookingType', label: 'Type d’événement', options: TYPE_OPTIONS, anyLabel: 'Tous les types' },
];

/** A select of the bar; `anyLabel` is the first option, the empty value (no filter). */
function SelectFilter({
  label,
  value,
  options,
  anyLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  anyLabel?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root recipe={nativeSelectSlotRecipe} size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {anyLabel !== undefined && <option value="">{anyLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input
        size="sm"
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
      />
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
          <Field.Label fontSize="sm">Rechercher (référence, nom, e-mail)</Field.Label>
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

  const set = (changes: Partial<QueueFilters>) => onChange(withFilter(filters, changes));
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
        {active > 0 && ` (${countOf(active, 'actif')})`}
      </Button>
      <SimpleGrid
        id="queue-filters"
        columns={{ base: 1, sm: 2, lg: 4 }}
        gap="3"
        display={{ base: unfolded ? 'grid' : 'none', md: 'grid' }}
        mt={{ base: unfolded ? '3' : '0', md: '0' }}
      >
        {SELECT_FILTERS.map((filter) => (
          <SelectFilter
            key={filter.key}
            label={filter.label}
            value={filters[filter.key] ?? ''}
            options={filter.options}
            anyLabel={filter.anyLabel}
            onChange={(v) => set({ [filter.key]: v || undefined })}
          />
        ))}
        <DateFilter label="Événement à partir du" value={filters.from} onChange={(from) => set({ from })} />
        <DateFilter label="Événement jusqu’au" value={filters.to} onChange={(to) => set({ to })} />
        <SelectFilter
          label="Trier par"
          value={filters.sort}
          options={SORT_OPTIONS}
          onChange={(v) => set({ sort: v as QueueSort })}
        />
        {hasActiveFilters(filters) && (
          <Flex align="flex-end">
            <Button size="sm" variant="outline" onClick={() => onChange({ sort: filters.sort })}>
              <X aria-hidden />
              Effacer les filtres
            </Button>
          </Flex>
        )}
      </SimpleGrid>
    </Box>
  );
}
