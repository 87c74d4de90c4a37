/**
 * The park team's back-office calls (DESIGN.md §5), under /api/v1/staff: the index of
 * the area files, so that a call's schemas are imported from one place.
 */
export * from './staff-common.schema';
export * from './staff-accounts.schema';
export * from './staff-requests.schema';
export * from './staff-catalogue.schema';
export * from './staff-desk.schema';
