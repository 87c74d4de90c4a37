/**
 * The database schema, one file per area in `schema/` (docs/architecture.md, "Layers"): this file
 * only re-exports them, so drizzle-kit and `db/client.ts` see one schema and no area file ever
 * imports this index (no import cycle).
 */
export * from './schema/core';
export * from './schema/staff';
export * from './schema/invitations';
export * from './schema/messages';
export * from './schema/payments';
export * from './schema/onsite';
