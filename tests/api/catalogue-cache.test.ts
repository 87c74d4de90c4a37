import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueListResponse } from '../../src/shared/api/catalogue.schema';
import { createTestApp, type TestApp } from '../support/test-app';

const LIST = '/api/v1/public-booking-requests/activities?isActive=true';

/**
 * The public catalogue lists are kept by each instance until the database changes, at most
 * CATALOGUE_CACHE_SECONDS (docs/decisions.md, performance rule 16): a change made anywhere (this
 * instance, another one, psql) shows in the next list, never after a delay.
 */
describe('public catalogue lists kept in memory (CATALOGUE_CACHE_SECONDS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOGUE_CACHE_SECONDS: '60' } });
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * SQL run without this instance's own write reporting: a second connection on PostgreSQL (the
   * instance's pool reports every write it runs); on PGlite the trigger's notification is the
   * instance's only news of a change anyway.
   */
  async function unseen(statements: string[]) {
    if (!t.databaseUrl) {
      for (const statement of statements) await t.db.execute(sql.raw(statement));
      return;
    }
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  }

  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: LIST });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    return { body: res.body, items: catalogueListResponse.parse(res.json()).data };
  };

  it('serves a list it keeps as long as nothing tells it of a change', async () => {
    const first = await list();
    const item = first.items[0]!;
    await unseen([
      'alter table catalogue_items disable trigger user',
      `update catalogue_items set name = 'Parcours secret' where id = '${item._id}'`,
      'alter table catalogue_items enable trigger user',
    ]);
    // Kept: the change was made without the notification every write normally sends.
    expect((await list()).body).toBe(first.body);
    // Another list (no filter) is built afresh and already shows the change.
    const unfiltered = catalogueListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/public-booking-requests/activities' })).json(),
    );
    expect(unfiltered.data.find((entry) => entry._id === item._id)?.name).toBe('Parcours secret');
  });

  it('shows a change at once when the database tells of it, well within the delay', async () => {
    const before = await list();
    const item = before.items[0]!;
    await unseen([`update catalogue_items set name = 'Parcours aventure des cimes' where id = '${item._id}'`]);
    // The trigger's notification reaches the instance (PGlite: at commit; PostgreSQL: through
    // its listening connection, milliseconds), 60 s before the list would have expired.
    await vi.waitFor(
      async () =>
        expect((await list()).items.find((entry) => entry._id === item._id)?.name).toBe('Parcours aventure des cimes'),
      { timeout: 3000, interval: 20 },
    );
  });

  it('a write through this instance shows in the very next list', async () => {
    const before = await list();
    const item = before.items[0]!;
    await t.db.execute(sql`update catalogue_items set is_active = false where id = ${item._id}`);
    expect((await list()).items.map((entry) => entry._id)).not.toContain(item._id);
  });

  it('still refuses another park before any kept answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: LIST, headers: { 'x-parc-id': 'autre-parc' } });
    expect(res.statusCode).toBe(400);
  });
});
