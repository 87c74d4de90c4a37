import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

/** The outbox table's writes (the mail module owns it; docs/architecture.md, "Modules"). */

export async function insertOutboxMail(db: Db, values: typeof outbox.$inferInsert) {
  await db.insert(outbox).values(values);
}

/** Deletes the mails stored before `limit`; returns how many. */
export async function deleteMailsBefore(db: Db, limit: Date): Promise<number> {
  const deleted = await db.delete(outbox).where(lt(outbox.createdAt, limit)).returning({ id: outbox.id });
  return deleted.length;
}

/** Deletes the mails sent to an address, any case; returns how many. */
export async function deleteMailsTo(db: Db, address: string): Promise<number> {
  const deleted = await db
    .delete(outbox)
    .where(sql`lower(${outbox.to}) = lower(${address})`)
    .returning({ id: outbox.id });
  return deleted.length;
}
