import { STAFF_KEY } from './query-keys';

/** The back-office's query keys (query-keys.ts): logging the team member out drops all of them. */
export const staffQueryKeys = {
  all: [STAFF_KEY] as const,
  session: (token: string | null) => [STAFF_KEY, 'session', token] as const,
  setupLink: (token: string) => [STAFF_KEY, 'setup-link', token] as const,
  queue: () => [STAFF_KEY, 'queue'] as const,
  request: (id: string) => [STAFF_KEY, 'request', id] as const,
  requestJobs: (id: string) => [STAFF_KEY, 'request', id, 'jobs'] as const,
  planner: (date: string) => [STAFF_KEY, 'planner', date] as const,
  weeklyStats: () => [STAFF_KEY, 'stats', 'weekly'] as const,
  outbox: (filters: object) => [STAFF_KEY, 'outbox', filters] as const,
  catalogue: (kind: string) => [STAFF_KEY, 'catalogue', kind] as const,
  accounts: () => [STAFF_KEY, 'accounts'] as const,
  checkInBoard: (date: string) => [STAFF_KEY, 'check-in-board', date] as const,
  dayPasses: (date: string) => [STAFF_KEY, 'day-passes', date] as const,
  settings: () => [STAFF_KEY, 'settings'] as const,
};
