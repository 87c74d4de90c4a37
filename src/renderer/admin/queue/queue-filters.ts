import { QUEUE_SORTS, staffQueueQuery, type QueueSort, type StaffQueueQuery } from '@shared/api/staff.schema';
import type { BookingStatus, EventType } from '@shared/labels';

/**
 * The queue's view lives in the URL (?status=…&q=…&page=2) so a view can be bookmarked or sent to
 * a colleague. Each parameter is read on its own: one bad value (a hand-edited link) is dropped,
 * never the whole view.
 */
export interface QueueFilters {
  status?: BookingStatus;
  clientValidation?: 'pending' | 'validated';
  adminValidation?: 'pending' | 'validated';
  from?: string;
  to?: string;
  bookingType?: EventType;
  q?: string;
  sort: QueueSort;
  page: number;
}

export const DEFAULT_SORT: QueueSort = 'priority';
export const QUEUE_PAGE_SIZE = 25;

const FILTER_KEYS = ['status', 'clientValidation', 'adminValidation', 'from', 'to', 'bookingType', 'q'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function field<K extends keyof typeof staffQueueQuery.shape>(key: K, raw: string | null) {
  if (raw === null || raw.trim() === '') return undefined;
  const parsed = staffQueueQuery.shape[key].safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export function filtersFromSearch(params: URLSearchParams): QueueFilters {
  const filters: QueueFilters = {
    sort: (QUEUE_SORTS as readonly string[]).includes(params.get('sort') ?? '')
      ? (params.get('sort') as QueueSort)
      : DEFAULT_SORT,
    page: (field('page', params.get('page')) as number | undefined) ?? 1,
  };
  for (const key of FILTER_KEYS) {
    const value = field(key, params.get(key));
    if (value !== undefined && value !== '') Object.assign(filters, { [key]: value });
  }
  return filters;
}

/** The URL form, without defaults, in a stable order (the same view always has the same link). */
export function searchFromFilters(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Changing any filter goes back to page 1; changing only the page keeps the rest. */
export function withFilter(filters: QueueFilters, changes: Partial<Omit<QueueFilters, 'page'>>): QueueFilters {
  const next: QueueFilters = { ...filters, ...changes, page: 1 };
  for (const key of FILTER_KEYS) if (next[key] === '' || next[key] === undefined) delete next[key as FilterKey];
  return next;
}

export function withPage(filters: QueueFilters, page: number): QueueFilters {
  return { ...filters, page: Math.max(1, page) };
}

/** What GET /v1/staff/booking-requests receives. */
export function queueApiQuery(filters: QueueFilters): StaffQueueQuery {
  return { ...filters, limit: QUEUE_PAGE_SIZE };
}

export function hasActiveFilters(filters: QueueFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}
