import { QUEUE_SORTS, staffQueueQuery, type QueueSort, type StaffQueueQuery } from '@shared/api/staff.schema';
import type { BookingStatus, EventType } from '@shared/labels';

/**
 * The queue's view lives in the URL (?status=…&q=…) so a view can be bookmarked or sent to
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
  return params;
}

/** A filter changed: the list starts again from its first page (the pages follow by cursor, not in the URL). */
export function withFilter(filters: QueueFilters, changes: Partial<QueueFilters>): QueueFilters {
  const next: QueueFilters = { ...filters, ...changes };
  for (const key of FILTER_KEYS) if (next[key] === '' || next[key] === undefined) delete next[key as FilterKey];
  return next;
}

/**
 * What GET /v1/staff/booking-requests receives: the first page, or with `cursor` (the previous
 * answer's `nextCursor`) the one after it, so a far page costs what the first does.
 */
export function queueApiQuery(filters: QueueFilters, cursor?: string): StaffQueueQuery {
  return { ...filters, limit: QUEUE_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
}

export function hasActiveFilters(filters: QueueFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}
