import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueListResponse } from '../../src/shared/api/catalogue.schema';
import { establishmentInfoResponse } from '../../src/shared/api/establishment.schema';
import {
  staffCatalogueItemResponse,
  staffCatalogueListResponse,
  type CatalogueItemBody,
} from '../../src/shared/api/staff.schema';
import { bookingItems, catalogueItems, uploads } from '../../src/server/db/schema';
import { bearer, expectError, expectValidation, nextAddress } from '../support/auth';
import { bookingInState } from '../support/booking-states';
import { catalogueBySlug } from '../support/booking-requests';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: TestStaff;

beforeAll(async () => {
  // The public cache on, as in production: an edit must still show at once in this instance.
  t = await createTestApp({ env: { CATALOGUE_CACHE_SECONDS: '300' } });
  admin = await createStaffWithSession(t.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const NEW_ACTIVITY: CatalogueItemBody = {
  name: 'Laser game forestier',
  category: 'aventure',
  description: 'Deux équipes, un bois, des capteurs.',
  pricing: { basePrice: 19.5, pricingType: 'per_person' },
  duration: 60,
  isFeatured: true,
  timeSlots: [
    { day: 'saturday', startTime: '10:00', endTime: '11:00', capacity: 24 },
    { day: 'saturday', startTime: '14:00', endTime: '15:00' },
  ],
};

async function publicActivities() {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/public-booking-requests/activities?isActive=true' });
  return catalogueListResponse.parse(res.json()).data;
}

function multipart(filename: string, content: Buffer, contentType = 'image/png') {
  const boundary = '----parc-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(id: string, filename: string, content: Buffer, contentType?: string) {
  const body = multipart(filename, content, contentType);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/catalogue/activities/${id}/picture`,
    headers: { ...bearer(admin.token), ...body.headers },
    payload: body.payload,
    remoteAddress: nextAddress(),
  });
}

describe('catalogue editing', () => {
  it('creates an activity with its slots; the public list shows it at once despite its cache', async () => {
    expect((await publicActivities()).map((item) => item.name)).not.toContain(NEW_ACTIVITY.name);
    const res = await staffCall(t.app, 'POST', '/catalogue/activities', admin.token, NEW_ACTIVITY);
    expect(res.statusCode, res.body).toBe(201);
    const created = staffCatalogueItemResponse.strict().parse(res.json());
    expect(created.message).toBe('Élément du catalogue créé');
    expect(created.data).toMatchObject({
      kind: 'activity',
      isActive: true,
      isFeatured: true,
      pricing: { basePrice: 19.5, pricingType: 'per_person' },
    });
    expect(created.data.timeSlots.map((slot) => [slot.startTime, slot.capacity])).toEqual([
      ['10:00', 24],
      ['14:00', null],
    ]);
    const listed = (await publicActivities()).find((item) => item._id === created.data._id);
    expect(listed).toMatchObject({ name: NEW_ACTIVITY.name, isFeatured: true });
  });

  it('refuses invalid items with French messages and stores nothing', async () => {
    const before = (await t.db.select().from(catalogueItems)).length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...NEW_ACTIVITY, name: '  ' }, 'name', 'Le nom est requis'],
      [{ ...NEW_ACTIVITY, category: 'cuisine' }, 'category', 'Veuillez choisir une catégorie'],
      [
        { ...NEW_ACTIVITY, pricing: { basePrice: -1, pricingType: 'flat' } },
        'pricing.basePrice',
        'Le prix doit être un nombre positif',
      ],
      [{ ...NEW_ACTIVITY, duration: 12.5 }, 'duration', 'La durée doit être un nombre entier de minutes'],
      [
        { ...NEW_ACTIVITY, timeSlots: [{ day: 'monday', startTime: '11:00', endTime: '10:00' }] },
        'timeSlots.0.endTime',
        'L’heure de fin doit être après l’heure de début',
      ],
      [
        { ...NEW_ACTIVITY, timeSlots: [{ day: 'monday', startTime: '25:00', endTime: '26:00' }] },
        'timeSlots.0.startTime',
        'Heure invalide (format HH:MM)',
      ],
      [
        { ...NEW_ACTIVITY, timeSlots: [{ day: 'monday', startTime: '10:00', endTime: '11:00', capacity: 0 }] },
        'timeSlots.0.capacity',
        'La capacité doit être un nombre entier positif',
      ],
      [
        {
          ...NEW_ACTIVITY,
          timeSlots: [
            { day: 'monday', startTime: '10:00', endTime: '11:00' },
            { day: 'monday', startTime: '10:00', endTime: '12:00' },
          ],
        },
        'timeSlots',
        'Deux créneaux commencent à la même heure le même jour',
      ],
    ];
    for (const [body, field, message] of cases) {
      expectValidation(await staffCall(t.app, 'POST', '/catalogue/activities', admin.token, body), field, message);
    }
    expect(await t.db.select().from(catalogueItems)).toHaveLength(before);
  });

  it('changes a price for new lines only: lines already in bookings keep theirs', async () => {
    const catalogue = await catalogueBySlug(t.db);
    const paintball = catalogue.get('paintball')!;
    const booking = await bookingInState(t, 'draft', { slugs: ['paintball'], participants: 10 });
    const res = await staffCall(t.app, 'PUT', `/catalogue/activities/${paintball.id}`, admin.token, {
      pricing: { basePrice: 27, pricingType: 'per_person' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffCatalogueItemResponse.parse(res.json())).toMatchObject({
      message: 'Élément du catalogue mis à jour',
      data: { pricing: { basePrice: 27 } },
    });
    const [line] = await t.db.select().from(bookingItems).where(eq(bookingItems.bookingId, booking.id));
    expect(line!.basePriceCents).toBe(paintball.basePriceCents);
    expect((await publicActivities()).find((item) => item._id === paintball.id)!.pricing.basePrice).toBe(27);
    const later = await bookingInState(t, 'draft', { slugs: ['paintball'] });
    const [newLine] = await t.db.select().from(bookingItems).where(eq(bookingItems.bookingId, later.id));
    expect(newLine!.basePriceCents).toBe(2700);
  });

  it('deactivates rather than deletes, and lists inactive items to the team', async () => {
    const catalogue = await catalogueBySlug(t.db);
    const vtt = catalogue.get('balade-vtt')!;
    const res = await staffCall(t.app, 'PUT', `/catalogue/activities/${vtt.id}`, admin.token, { isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await publicActivities()).map((item) => item._id)).not.toContain(vtt.id);
    const all = staffCatalogueListResponse.parse(
      (await staffCall(t.app, 'GET', '/catalogue/activities', admin.token)).json(),
    ).data;
    expect(all.find((item) => item._id === vtt.id)).toMatchObject({ isActive: false });
    expect((await staffCall(t.app, 'DELETE', `/catalogue/activities/${vtt.id}`, admin.token)).statusCode).toBe(404);
    expect(await t.db.select().from(catalogueItems).where(eq(catalogueItems.id, vtt.id))).toHaveLength(1);
    expectError(
      await staffCall(t.app, 'PUT', '/catalogue/services/' + vtt.id, admin.token, { isActive: true }),
      404,
      'Élément du catalogue non trouvé',
    );
  });
});

describe('catalogue pictures', () => {
  it('re-encodes a PNG as WebP, stores it in the database and serves it', async () => {
    const item = (await catalogueBySlug(t.db)).get('parcours-aventure')!;
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6a32' } })
      .png()
      .toBuffer();
    const res = await upload(item.id, 'photo.png', png);
    expect(res.statusCode, res.body).toBe(200);
    const body = staffCatalogueItemResponse.parse(res.json());
    expect(body.message).toBe('Image enregistrée');
    expect(body.data.image).toMatch(/^\/uploads\/catalogue-pictures\/[0-9a-f-]{36}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: body.data.image! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect((await publicActivities()).find((entry) => entry._id === item.id)!.image).toBe(body.data.image);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/uploads/catalogue-pictures/00000000-0000-4000-8000-000000000000.webp',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a renamed executable, an oversized file and a missing file, storing nothing', async () => {
    const item = (await catalogueBySlug(t.db)).get('paintball')!;
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4000, 1)]);
    expectError(
      await upload(item.id, 'photo.png', elf),
      400,
      'Format d’image non accepté : JPEG, PNG ou WebP uniquement',
    );
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 0)]);
    expectError(
      await upload(item.id, 'vacances.jpg', exe, 'image/jpeg'),
      400,
      'Format d’image non accepté : JPEG, PNG ou WebP uniquement',
    );
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expectError(
      await upload(item.id, 'anim.gif', gif, 'image/gif'),
      400,
      'Format d’image non accepté : JPEG, PNG ou WebP uniquement',
    );
    const big = Buffer.concat([
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      Buffer.alloc(5 * 1024 * 1024),
    ]);
    expectError(await upload(item.id, 'grande.png', big), 400, 'L’image ne doit pas dépasser 5 Mo');
    const none = await staffCall(t.app, 'POST', `/catalogue/activities/${item.id}/picture`, admin.token, {});
    expectError(none, 400, 'Veuillez choisir une image');
    expect(await t.db.select().from(uploads).where(eq(uploads.purpose, 'catalogue'))).toHaveLength(1);
    const [row] = await t.db.select().from(catalogueItems).where(eq(catalogueItems.id, item.id));
    expect(row!.imageUrl).toBe(item.imageUrl);
  });

  it('refuses damaged pictures with a French message (never a server error), storing nothing', async () => {
    const item = (await catalogueBySlug(t.db)).get('paintball')!;
    const stored = async () => (await t.db.select().from(uploads).where(eq(uploads.purpose, 'catalogue'))).length;
    const before = await stored();
    const unreadable = 'Cette image ne peut pas être lue';
    const damaged: Array<[string, Buffer, string, string]> = [
      // A PNG signature and three bytes: file-type itself fails reading it (EndOfStreamError).
      [
        'signature.png',
        Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('abc')]),
        'image/png',
        unreadable,
      ],
      ['coupée.jpg', Buffer.from('ffd8ffe000104a464946', 'hex'), 'image/jpeg', unreadable],
      ['coupée.webp', Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 ', 'latin1'), 'image/webp', unreadable],
      ['coupée.gif', Buffer.from('GIF89a'), 'image/gif', 'Format d’image non accepté : JPEG, PNG ou WebP uniquement'],
    ];
    for (const [name, content, type, message] of damaged) {
      const body = expectError(await upload(item.id, name, content, type), 400, message, 'INVALID_PICTURE');
      expect(body.details).toEqual({ file: message });
    }
    expect(await stored()).toBe(before);
    const [row] = await t.db.select().from(catalogueItems).where(eq(catalogueItems.id, item.id));
    expect(row!.imageUrl).toBe(item.imageUrl);
  });
});

describe('establishment', () => {
  it('updates the public info (footer, legal pages, e-mails) and refuses bad values', async () => {
    const body = {
      name: 'Parc Aventure des Landes',
      description: 'Activités de plein air pour les groupes.',
      address: { street: '12 route du Lac', zipCode: '40200', city: 'Mimizan', country: 'France' },
      phone: '05 58 00 00 00',
      email: 'Accueil@Parc-Aventure-Landes.fr',
      website: 'https://parc-aventure-landes.fr',
    };
    const res = await staffCall(t.app, 'PUT', '/establishment', admin.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Informations de l’établissement mises à jour' });
    const info = establishmentInfoResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/establishment/info' })).json(),
    ).data;
    expect(info).toMatchObject({
      address: { street: '12 route du Lac', city: 'Mimizan' },
      email: 'accueil@parc-aventure-landes.fr',
      phone: '+33558000000',
    });
    expectValidation(
      await staffCall(t.app, 'PUT', '/establishment', admin.token, { ...body, email: 'pas-un-email' }),
      'email',
      'Email invalide',
    );
    expectValidation(
      await staffCall(t.app, 'PUT', '/establishment', admin.token, { ...body, phone: 'appelez-nous' }),
      'phone',
      'Format de téléphone invalide',
    );
    expectValidation(
      await staffCall(t.app, 'PUT', '/establishment', admin.token, { ...body, website: 'javascript:alert(1)' }),
      'website',
      'Adresse du site invalide (https://…)',
    );
  });
});
