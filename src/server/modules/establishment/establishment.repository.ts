import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { updateStampedRow } from '../../db/update-row';
import { establishments } from '../../db/schema';

export async function findEstablishment(db: Db, id: string) {
  const rows = await db.select().from(establishments).where(eq(establishments.id, id));
  return rows[0];
}

export function updateEstablishment(db: Db, id: string, values: Partial<typeof establishments.$inferInsert>) {
  return updateStampedRow(db, establishments, id, values);
}
