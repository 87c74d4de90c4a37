import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments } from '../../db/schema';

export async function findEstablishment(db: Db, id: string) {
  const rows = await db.select().from(establishments).where(eq(establishments.id, id));
  return rows[0];
}
