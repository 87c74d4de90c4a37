import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { updateStampedRow } from '../../db/update-row';
import { establishments } from '../../db/schema';
import { firstRowWhere } from '../../db/first-row';

export async function findEstablishment(db: Db, id: string) {
  return firstRowWhere(db, establishments, eq(establishments.id, id));
}

export function updateEstablishment(db: Db, id: string, values: Partial<typeof establishments.$inferInsert>) {
  return updateStampedRow(db, establishments, id, values);
}
