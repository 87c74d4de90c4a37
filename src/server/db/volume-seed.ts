/**
 * The volume generator (docs/decisions.md, "Volume and indexes"): three years of realistic
 * bookings written by the database itself (`generate_series`, multi-row INSERT … SELECT), batch
 * by batch, each batch one transaction recorded in `volume_seed_batches` so that a stopped run
 * resumes where it was. Every value comes from `md5(seed, table, row)`: the same seed gives the
 * same rows (ids, references, names, dates), whatever the batch size or the interruptions.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client';
import { seedDatabase } from './seed';
import { ESTABLISHMENT_SEED } from './seed-data';

export interface VolumeOptions {
  bookings: number;
  seed: number;
  /** The day the three years are laid around (YYYY-MM-DD): ~2.5 years past, ~0.5 year ahead. */
  today: string;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * References are `GRP-<year>-<seed × 1,000,000 + row>`: two seeds never collide, and the
 * application's own sequence continues after them.
 */
/** Every 5,000th booking (from the 8th) has a long chat: 2,500 messages. */
export const LONG_CHAT_EVERY = 5000;
export const LONG_CHAT_OFFSET = 7;
export const LONG_CHAT_MESSAGES = 2500;

const FIRST_NAMES = [
  'Héloïse',
  'Zoé',
  'Noémie',
  'Loïc',
  'Gaëlle',
  'François',
  'Jérôme',
  'Cédric',
  'Anaïs',
  'Maëlys',
  'Léa',
  'Chloé',
  'Emma',
  'Lucas',
  'Hugo',
  'Louis',
  'Jules',
  'Inès',
  'Camille',
  'Théo',
  'Mathéo',
  'Océane',
  'Élodie',
  'Benoît',
  'Agnès',
  'Rémi',
  'Sébastien',
  'Manon',
  'Nathan',
  'Clément',
];
const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Lefebvre',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
  'Légaré',
  'Béranger',
  'Chênevert',
  'Noël',
  'Hervé',
  'Barthélémy',
  'Frédéric',
  'Gérard',
  'Cléments',
  'Aubé',
];
const CHAT_LINES = [
  'Bonjour, pouvez-vous confirmer l’horaire du parcours ?',
  'Nous serons finalement quelques-uns de plus.',
  'Merci pour votre retour rapide !',
  'Le parking est-il accessible aux minibus ?',
  'Bonjour, c’est bien noté de notre côté.',
  'Pouvez-vous nous envoyer le devis mis à jour ?',
  'Un participant a une allergie aux fruits à coque.',
  'Parfait, à samedi !',
];
const AUDIT_ACTIONS = ['client_validate', 'validate', 'payment_config', 'participant_joined', 'cancel'];

/** An SQL array literal of texts. */
function textArray(values: readonly string[]): string {
  return `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;
}

/** The unaccented, lower-case form of a name, for the generated e-mail addresses. */
function plain(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** A deterministic number in [0, 2^32) from the seed, a salt and an SQL expression (the row). */
function hashOf(seed: number, salt: string, expr: string): string {
  return `(('x' || substr(md5('${seed}:${salt}:' || (${expr})::text), 1, 8))::bit(32)::bigint)`;
}

/** A deterministic UUID from the seed, a salt and an SQL expression. */
function uuidOf(seed: number, salt: string, expr: string): string {
  return `md5('${seed}:${salt}:' || (${expr})::text)::uuid`;
}

async function exec(db: Db, text: string) {
  return db.execute(sql.raw(text));
}

/** How many customers the bookings are spread over (about three bookings each). */
export function customerCount(bookings: number): number {
  return Math.max(10, Math.ceil(bookings / 3));
}

/** Fills the database; returns the batches written now (0 when everything was already there). */
export async function seedVolume(db: Db, options: VolumeOptions): Promise<{ written: number; skipped: number }> {
  const { bookings, seed, today } = options;
  if (!Number.isInteger(seed) || seed < 0) throw new Error('--seed doit être un entier positif.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error('--today doit être une date AAAA-MM-JJ.');
  const batchSize = options.batchSize ?? 2000;
  await seedDatabase(db);
  await exec(db, `create table if not exists volume_seed_runs (seed integer primary key, today date not null)`);
  await exec(
    db,
    `create table if not exists volume_seed_batches (seed integer not null, batch text not null, primary key (seed, batch))`,
  );
  await exec(db, `insert into volume_seed_runs (seed, today) values (${seed}, '${today}') on conflict do nothing`);
  // A resumed run keeps the day its first run laid the data around.
  const run = rowsOf<{ today: string | Date }>(
    await exec(db, `select to_char(today, 'YYYY-MM-DD') as today from volume_seed_runs where seed = ${seed}`),
  )[0]!;
  const anchor = String(run.today);
  const done = new Set(
    rowsOf<{ batch: string }>(await exec(db, `select batch from volume_seed_batches where seed = ${seed}`)).map(
      (r) => r.batch,
    ),
  );
  const catalogue = rowsOf<{ id: string; kind: string; name: string; category: string; price: number }>(
    await exec(
      db,
      `select id, kind, name, category, base_price_cents as price from catalogue_items
       where establishment_id = '${ESTABLISHMENT_SEED.id}' and is_active order by sort_order, slug`,
    ),
  );
  const activities = catalogue.filter((c) => c.kind === 'activity');
  if (activities.length === 0) throw new Error('Le catalogue est vide : lancez d’abord les migrations et le seed.');

  const customers = customerCount(bookings);
  const batches: { key: string; lo: number; hi: number; kind: 'customers' | 'bookings' }[] = [];
  for (let lo = 0; lo < customers; lo += batchSize * 2)
    batches.push({ key: `c:${lo}`, lo, hi: Math.min(customers, lo + batchSize * 2), kind: 'customers' });
  for (let lo = 0; lo < bookings; lo += batchSize)
    batches.push({ key: `b:${lo}`, lo, hi: Math.min(bookings, lo + batchSize), kind: 'bookings' });

  const total = batches.length;
  let finished = 0;
  let written = 0;
  for (const batch of batches) {
    if (!done.has(batch.key)) {
      await db.transaction(async (tx) => {
        const run = (text: string) => exec(tx as unknown as Db, text);
        if (batch.kind === 'customers') await run(customersSql(seed, batch.lo, batch.hi));
        else
          for (const statement of bookingSql(seed, batch.lo, batch.hi, anchor, customers, catalogue))
            await run(statement);
        await run(`insert into volume_seed_batches (seed, batch) values (${seed}, '${batch.key}')`);
      });
      written += 1;
    }
    finished += 1;
    options.onProgress?.(finished, total);
  }
  // The application's own references continue after the generated ones.
  await exec(
    db,
    `select setval('booking_reference_seq', greatest((select last_value from booking_reference_seq), ${seed * 1_000_000 + bookings + 1}))`,
  );
  return { written, skipped: total - written };
}

function customersSql(seed: number, lo: number, hi: number): string {
  const h = (salt: string) => hashOf(seed, salt, 'k');
  const first = `(${textArray(FIRST_NAMES)})[1 + ${h('cf')} % ${FIRST_NAMES.length}]`;
  const last = `(${textArray(LAST_NAMES)})[1 + ${h('cl')} % ${LAST_NAMES.length}]`;
  const plainFirst = `(${textArray(FIRST_NAMES.map(plain))})[1 + ${h('cf')} % ${FIRST_NAMES.length}]`;
  const plainLast = `(${textArray(LAST_NAMES.map(plain))})[1 + ${h('cl')} % ${LAST_NAMES.length}]`;
  return `insert into customers (id, establishment_id, email, first_name, last_name, phone, status, created_at, updated_at)
    select ${uuidOf(seed, 'c', 'k')}, '${ESTABLISHMENT_SEED.id}',
      ${plainFirst} || '.' || ${plainLast} || '.' || k || '@exemple.fr', ${first}, ${last},
      '06' || lpad((${h('cp')} % 100000000)::text, 8, '0'), 'active', now(), now()
    from generate_series(${lo}, ${hi - 1}) k
    on conflict do nothing`;
}

function bookingSql(
  seed: number,
  lo: number,
  hi: number,
  anchor: string,
  customers: number,
  catalogue: { id: string; kind: string; name: string; category: string; price: number }[],
): string[] {
  const h = (salt: string, expr = 'i') => hashOf(seed, salt, expr);
  const bookingId = (expr = 'i') => uuidOf(seed, 'b', expr);
  const types = textArray(['evg-evjf', 'anniv', 'group', 'company', 'act']);
  const evg = textArray(['evg', 'evjf', 'evgay', 'evc']);
  const company = textArray(['sem', 'ce']);
  const range = `generate_series(${lo}, ${hi - 1}) i`;
  const ids = textArray(catalogue.map((c) => c.id));
  const kinds = textArray(catalogue.map((c) => c.kind));
  const names = textArray(catalogue.map((c) => c.name));
  const categories = textArray(catalogue.map((c) => c.category));
  const prices = `array[${catalogue.map((c) => c.price).join(',')}]::int[]`;
  const n = catalogue.length;
  // Spread over 1,095 days, a third of the bookings moved to the Saturday of their week.
  const day0 = `(date '${anchor}' - 900 + (${h('d')} % 1095)::int)`;
  const bookings = `
    with base as (
      select i, ${bookingId()} as id, ${day0} as d0, (${h('s')} % 100)::int as s, (${h('t')} % 5)::int as t, (${h('u')} % 4)::int as u,
        ${uuidOf(seed, 'c', `${h('cust')} % ${customers}`)} as customer_id,
        (2 + ${h('p')} % 40)::int as participants, ${h('sat')} % 3 = 0 as saturday, (${h('ca')} % 120)::int as lead_days
      from ${range}
    ), dated as (
      select *, case when saturday then d0 + (6 - extract(dow from d0)::int) else d0 end as day from base
    ), shaped as (
      select *,
        case when day < date '${anchor}' then (case when s < 12 then 'canceled' else 'completed' end)
             else (case when s < 35 then 'draft' when s < 60 then 'prebooked' when s < 90 then 'confirmed' else 'canceled' end)
        end as status,
        ((day - lead_days)::timestamp + make_interval(mins => (s * 7)::int)) at time zone 'Europe/Paris' as created
      from dated
    )
    insert into booking_requests (id, reference, establishment_id, customer_id, booking_type, type, participants,
      start_date, end_date, main_contact, note, event_data, status, client_validation, admin_validation,
      payment_status, cancel_reason, canceled_at, created_at, updated_at)
    select b.id, 'GRP-' || extract(year from b.created at time zone 'Europe/Paris')::int || '-' || lpad((${seed * 1_000_000} + b.i)::text, greatest(6, length((${seed * 1_000_000} + b.i)::text)), '0'),
      '${ESTABLISHMENT_SEED.id}', b.customer_id, (${types})[1 + b.t],
      case b.t when 0 then (${evg})[1 + b.u] when 3 then (${company})[1 + b.u % 2] else (${types})[1 + b.t] end,
      b.participants, b.day, b.day + (case when b.s % 10 = 0 then 1 else 0 end),
      jsonb_build_object('firstName', c.first_name, 'lastName', c.last_name, 'email', c.email, 'phone', c.phone),
      case when b.s % 4 = 0 then 'Nous arriverons vers 9 h 30.' else '' end, '{}'::jsonb, b.status,
      case when b.status in ('draft') then 'pending' else 'validated' end,
      case when b.status in ('confirmed', 'completed') then 'validated' else 'pending' end,
      case when b.status in ('confirmed', 'completed') then (case when b.s % 3 = 0 then 'partial' else 'paid' end) else 'unpaid' end,
      case when b.status = 'canceled' then 'Annulation à la demande du client.' end,
      case when b.status = 'canceled' then b.created + interval '3 days' end,
      b.created, b.created + make_interval(days => (b.s % 5)::int)
    from shaped b join customers c on c.id = b.customer_id`;
  const items = `
    insert into booking_items (id, booking_id, kind, catalogue_item_id, name, category, scheduled_date, start_time,
      end_time, participants, base_price_cents, pricing_type, sort_order, created_at)
    select ${uuidOf(seed, 'li', `b.id::text || ':' || j`)}, b.id, (${kinds})[x], (${ids})[x]::uuid, (${names})[x], (${categories})[x],
      b.start_date, lpad((9 + j * 2)::text, 2, '0') || ':00', lpad((11 + j * 2)::text, 2, '0') || ':00', b.participants,
      (${prices})[x], 'per_person', j, b.created_at
    from booking_requests b
    cross join lateral generate_series(0, (${h('ln', 'b.id')} % 3)::int) j
    cross join lateral (select 1 + (${h('lx', "b.id::text || ':' || j")} % ${n})::int as x) pick
    where b.id in (select ${bookingId()} from ${range})`;
  const participants = `
    insert into booking_participants (id, booking_id, customer_id, first_name, last_name, email, phone, role,
      has_connected, joined_at, invitation_status, payment_status, created_at)
    select ${uuidOf(seed, 'pa', `b.id::text || ':' || j`)}, b.id, case when j = 0 then b.customer_id end,
      case when j = 0 then b.main_contact->>'firstName' else (${textArray(FIRST_NAMES)})[1 + (${h('pf', 'b.id::text || j')} % ${FIRST_NAMES.length})::int] end,
      case when j = 0 then b.main_contact->>'lastName' else (${textArray(LAST_NAMES)})[1 + (${h('pl', 'b.id::text || j')} % ${LAST_NAMES.length})::int] end,
      case when j = 0 then b.main_contact->>'email' else 'invite' || j || '.' || substr(b.id::text, 1, 8) || '@exemple.fr' end,
      null, case when j = 0 then 'Organisateur' else 'Participant' end,
      j = 0 or j % 3 <> 0, case when j = 0 or j % 3 <> 0 then b.created_at + make_interval(hours => j) end,
      case when j = 0 or j % 3 <> 0 then 'joined' else 'invited' end,
      case when b.payment_status = 'paid' then 'paid' else 'pending' end, b.created_at + make_interval(hours => j)
    from booking_requests b
    cross join lateral generate_series(0, (${h('np', 'b.id')} % 11)::int) j
    where b.id in (select ${bookingId()} from ${range})`;
  const messageCount = `case when i % ${LONG_CHAT_EVERY} = ${LONG_CHAT_OFFSET} then ${LONG_CHAT_MESSAGES} else (${h('nm')} % 19)::int end`;
  const messages = `
    insert into messages (id, booking_id, author_type, author_customer_id, author_name, content, status, created_at)
    select ${uuidOf(seed, 'm', "b.id::text || ':' || j")}, b.id, case when j % 2 = 0 then 'client' else 'team' end,
      case when j % 2 = 0 then b.customer_id end,
      case when j % 2 = 0 then (b.main_contact->>'firstName') || ' ' || (b.main_contact->>'lastName') else 'Équipe du parc' end,
      (${textArray(CHAT_LINES)})[1 + (j % ${CHAT_LINES.length})], 'active', b.created_at + make_interval(mins => j * 37)
    from (select i, ${bookingId()} as id, ${messageCount} as n from ${range}) g
    join booking_requests b on b.id = g.id
    cross join lateral generate_series(1, g.n) j`;
  const payments = `
    insert into payments (id, booking_id, payer_customer_id, kind, amount_cents, status, provider, provider_intent_id,
      idempotency_key, captured_cents, created_at, updated_at)
    select ${uuidOf(seed, 'py', "b.id::text || ':' || j")}, b.id, b.customer_id,
      case when j = 0 then 'deposit' when j = 2 then 'refund' else 'share' end,
      1000 + (${h('pam', 'b.id::text || j')} % 50000)::int,
      case when b.status = 'canceled' then 'canceled' when j = 2 then 'refunded' else 'completed' end,
      case when j = 1 then 'manual' else 'stripe' end,
      case when j = 1 then null else 'pi_vol_${seed}_' || replace(b.id::text, '-', '') || '_' || j end,
      'vol:${seed}:' || b.id || ':' || j, 0, b.created_at + make_interval(days => j + 1), b.created_at + make_interval(days => j + 1)
    from booking_requests b
    cross join lateral generate_series(0, case when b.status = 'draft' then -1 else (${h('npy', 'b.id')} % 3)::int end) j
    where b.id in (select ${bookingId()} from ${range})`;
  const links = `
    insert into invite_links (id, booking_id, kind, token, is_active, max_uses, used_count, created_by_customer_id, created_at)
    select ${uuidOf(seed, 'il', 'b.id')}, b.id, 'link', 'vol${seed}' || replace(b.id::text, '-', ''), b.status <> 'canceled',
      case when b.start_date < date '${anchor}' then 10 end, (${h('iu', 'b.id')} % 5)::int, b.customer_id, b.created_at
    from booking_requests b
    where b.id in (select ${bookingId()} from ${range}) and ${h('il', 'b.id')} % 3 <> 0`;
  const audit = `
    insert into audit_log (id, booking_id, actor_type, actor_name, action, before, after, created_at)
    select ${uuidOf(seed, 'au', "b.id::text || ':' || j")}, b.id, case when j = 0 then 'customer' else 'staff' end,
      case when j = 0 then (b.main_contact->>'firstName') else 'Équipe du parc' end,
      (${textArray(AUDIT_ACTIONS)})[1 + j], jsonb_build_object('status', 'draft'), jsonb_build_object('status', b.status),
      b.created_at + make_interval(hours => j + 1)
    from booking_requests b
    cross join lateral generate_series(0, case b.status when 'draft' then -1 when 'prebooked' then 0 when 'canceled' then 4 else 2 end) j
    where b.id in (select ${bookingId()} from ${range})`;
  return [bookings, items, participants, messages, payments, links, audit];
}
