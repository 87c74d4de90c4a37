import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../src/server/db/client';
import { firstRowWhere } from '../../../src/server/db/first-row';
import { customers } from '../../../src/server/db/schema';

describe('firstRowWhere', () => {
  it('refuses a missing condition before reading anything (it would read any row, past the owner check)', async () => {
    const select = vi.fn();
    const db = { select } as unknown as Db;
    await expect(firstRowWhere(db, customers, undefined)).rejects.toThrow('firstRowWhere : condition manquante');
    expect(select).not.toHaveBeenCalled();
  });
});
