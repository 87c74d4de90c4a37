import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments } from '../../db/schema';

export async function findEstablishment(db: Db, id: string) {
  const rows = await db.select().from(establishments).where(eq(establishments.id, id));
  return rows[0];
}

export async function updateEstablishment(db: Db, id: string, values: Partial<typeof establishments.$inferInsert>) {
  const rows = await db
    .update(establishments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(establishments.id, id))
    .returning();
  return rows[0];
}
