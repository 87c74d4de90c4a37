import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageListResponse, messageResponse } from '../../src/shared/api/messages.schema';
import { messages, uploads } from '../../src/server/db/schema';
import { bearer, expectError, expectUnauthenticated, registerCustomer, type RegisteredCustomer } from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { createBooking } from '../support/customer-bookings';
import { addJoinedParticipant, MESSAGES, msgCall, pdf, photo, postMultipart, type FilePart } from '../support/messages';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let organizer: RegisteredCustomer;
let participant: RegisteredCustomer;
let stranger: RegisteredCustomer;
let staff: TestStaff;
let bookingId: string;

const TYPE_REFUSED = (name: string) =>
  `Le fichier « ${name} » n’est pas accepté : seuls les images JPEG, PNG, WebP et les documents PDF le sont`;

async function storedCounts() {
  const [[m], [u]] = await Promise.all([
    t.db.select({ n: count() }).from(messages).where(eq(messages.bookingId, bookingId)),
    t.db.select({ n: count() }).from(uploads),
  ]);
  return { messages: Number(m!.n), uploads: Number(u!.n) };
}

function getUpload(path: string, token?: string) {
  return t.app.inject({ method: 'GET', url: `/uploads/${path}`, headers: token ? bearer(token) : {} });
}

beforeAll(async () => {
  t = await createTestApp();
  [organizer, participant, stranger] = await Promise.all([
    registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' }),
    registerCustomer(t.app, { firstName: 'Jules', lastName: 'Bernard' }),
    registerCustomer(t.app, { firstName: 'Inès', lastName: 'Moreau' }),
  ]);
  staff = await createStaffWithSession(t.db);
  const catalogue = await catalogueBySlug(t.db);
  bookingId = (await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('paintball')! }] }))._id;
  await addJoinedParticipant(t.db, bookingId, participant);
});

afterAll(async () => {
  await t?.close();
});

describe('accepted attachments', () => {
  it('stores images re-encoded without their metadata, and PDFs as they are, served to the booking’s people only', async () => {
    const jpeg = await photo('jpeg');
    expect(jpeg.includes(Buffer.from('AppareilSecret'))).toBe(true);
    const res = await postMultipart(t.app, organizer.token, bookingId, { content: 'Le plan et une photo' }, [
      { name: 'photo du groupe.jpg', type: 'image/jpeg', data: jpeg },
      { name: 'écran.png', type: 'image/png', data: await photo('png') },
      { name: 'vue.webp', type: 'image/webp', data: await photo('webp') },
      // Declared types are ignored: the content says PDF.
      { name: 'plan-d’accès.pdf', type: 'application/octet-stream', data: pdf() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { data } = messageResponse.strict().parse(res.json());
    expect(data.attachments.map((a) => [a.originalName, a.mimetype])).toEqual([
      ['photo du groupe.jpg', 'image/jpeg'],
      ['écran.png', 'image/png'],
      ['vue.webp', 'image/webp'],
      ['plan-d_accès.pdf', 'application/pdf'],
    ]);
    for (const attachment of data.attachments)
      expect(attachment.relativePath).toMatch(/^attachments\/[0-9a-f-]{36}\.(jpg|png|webp|pdf)$/);

    const listed = messageListResponse.parse(
      (await msgCall(t.app, 'GET', `${MESSAGES}/booking/${bookingId}`, participant.token)).json(),
    );
    expect(listed.data.messages.at(-1)!.attachments).toEqual(data.attachments);

    const [image, , , document] = data.attachments;
    for (const token of [organizer.token, participant.token, staff.token]) {
      const served = await getUpload(image!.relativePath, token);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain("default-src 'none'");
      expect(served.headers['content-security-policy']).toContain('sandbox');
      expect(served.headers['content-disposition']).toContain('inline');
      expect(served.rawPayload.includes(Buffer.from('AppareilSecret'))).toBe(false);
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
      expect(image!.size).toBe(served.rawPayload.length);
    }
    const servedPdf = await getUpload(document!.relativePath, participant.token);
    expect(servedPdf.headers['content-disposition']).toMatch(
      /^attachment; filename="plan-d_acc_s\.pdf"; filename\*=UTF-8''plan-d_acc%C3%A8s\.pdf$/,
    );
    expect(servedPdf.rawPayload.equals(pdf())).toBe(true);

    expectError(await getUpload(image!.relativePath, stranger.token), 404, 'Pièce jointe non trouvée');
    expectUnauthenticated(await getUpload(image!.relativePath));
    expectError(
      await getUpload('attachments/00000000-0000-4000-8000-000000000000.jpg', organizer.token),
      404,
      'Pièce jointe non trouvée',
    );
  });

  it('keeps only a clean file name: no path, no ../, the extension of the real type', async () => {
    const names = ['../../etc/passwd.jpg', '..\\..\\Windows\\boot.jpg', '..', 'facture.pdf.exe', '.htaccess'];
    const res = await postMultipart(
      t.app,
      organizer.token,
      bookingId,
      { content: 'Des noms tordus' },
      await Promise.all(names.map(async (name) => ({ name, type: 'image/jpeg', data: await photo() }))),
    );
    expect(res.statusCode, res.body).toBe(201);
    const stored = messageResponse.parse(res.json()).data.attachments.map((a) => a.originalName);
    expect(stored).toEqual(['passwd.jpg', 'boot.jpg', 'piece-jointe.jpg', 'facture_pdf.jpg', 'piece-jointe.jpg']);
  });

  it('drops the files of a deleted message', async () => {
    const res = await postMultipart(t.app, participant.token, bookingId, { content: 'Photo à retirer' }, [
      { name: 'a.jpg', type: 'image/jpeg', data: await photo() },
    ]);
    const { data } = messageResponse.parse(res.json());
    await msgCall(t.app, 'DELETE', `${MESSAGES}/${data._id}`, participant.token);
    expectError(await getUpload(data.attachments[0]!.relativePath, participant.token), 404, 'Pièce jointe non trouvée');
  });
});

describe('refused attachments: nothing is stored', () => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
  const html = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>');
  const exe = Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
    Buffer.alloc(300),
  ]);

  const cases: Array<[string, () => Promise<FilePart[]>, string]> = [
    ['an SVG', async () => [{ name: 'logo.svg', type: 'image/svg+xml', data: svg }], TYPE_REFUSED('logo.svg')],
    [
      'an SVG named as a PNG',
      async () => [{ name: 'logo.png', type: 'image/png', data: svg }],
      TYPE_REFUSED('logo.png'),
    ],
    ['an HTML page', async () => [{ name: 'page.html', type: 'text/html', data: html }], TYPE_REFUSED('page.html')],
    [
      'an HTML page named as a JPEG',
      async () => [{ name: 'photo.jpg', type: 'image/jpeg', data: html }],
      TYPE_REFUSED('photo.jpg'),
    ],
    [
      'a polyglot JPEG carrying HTML',
      async () => [{ name: 'poly.jpg', type: 'image/jpeg', data: Buffer.concat([await photo(), html]) }],
      TYPE_REFUSED('poly.jpg'),
    ],
    [
      'JPEG magic bytes in front of HTML',
      async () => [
        { name: 'faux.jpg', type: 'image/jpeg', data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]) },
      ],
      TYPE_REFUSED('faux.jpg'),
    ],
    [
      'a renamed executable',
      async () => [{ name: 'vacances.jpg', type: 'image/jpeg', data: exe }],
      TYPE_REFUSED('vacances.jpg'),
    ],
    [
      'a PDF that runs JavaScript',
      async () => [
        {
          name: 'devis.pdf',
          type: 'application/pdf',
          data: pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >> '),
        },
      ],
      TYPE_REFUSED('devis.pdf'),
    ],
    [
      'a PDF whose JavaScript action is spelt with #xx escapes',
      async () => [
        {
          name: 'devis-masqué.pdf',
          type: 'application/pdf',
          data: pdf('/OpenAction << /S /Java#53cript /J#53 (app.alert(1)) >> '),
        },
      ],
      TYPE_REFUSED('devis-masqué.pdf'),
    ],
    [
      'a truncated image',
      async () => [{ name: 'cassée.png', type: 'image/png', data: (await photo('png', 64)).subarray(0, 60) }],
      'Le fichier « cassée.png » est illisible ou endommagé',
    ],
    [
      'a PNG signature followed by a few bytes of garbage',
      async () => [
        {
          name: 'signature.png',
          type: 'image/png',
          data: Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('abc')]),
        },
      ],
      'Le fichier « signature.png » est illisible ou endommagé',
    ],
    [
      'a JPEG cut after its header',
      async () => [{ name: 'coupée.jpg', type: 'image/jpeg', data: Buffer.from('ffd8ffe000104a464946', 'hex') }],
      'Le fichier « coupée.jpg » est illisible ou endommagé',
    ],
    [
      'a WebP cut after its header',
      async () => [
        { name: 'coupée.webp', type: 'image/webp', data: Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 ', 'latin1') },
      ],
      'Le fichier « coupée.webp » est illisible ou endommagé',
    ],
    [
      'a GIF cut after its header',
      async () => [{ name: 'coupée.gif', type: 'image/gif', data: Buffer.from('GIF89a') }],
      TYPE_REFUSED('coupée.gif'),
    ],
    [
      'a file over 10 MB',
      async () => [
        { name: 'énorme.pdf', type: 'application/pdf', data: Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024)]) },
      ],
      'Le fichier « énorme.pdf » dépasse la taille maximale de 10 Mo',
    ],
    [
      'six files',
      async () =>
        Promise.all(
          Array.from({ length: 6 }, async (_, i) => ({ name: `p${i}.jpg`, type: 'image/jpeg', data: await photo() })),
        ),
      'Vous pouvez joindre au maximum 5 fichiers par message',
    ],
  ];

  for (const [what, files, message] of cases) {
    it(`refuses ${what}`, async () => {
      const before = await storedCounts();
      const res = await postMultipart(
        t.app,
        organizer.token,
        bookingId,
        { content: 'Voici le fichier' },
        await files(),
      );
      const body = expectError(res, 400, message, 'VALIDATION_ERROR');
      expect(body.details?.attachments).toBe(message);
      expect(await storedCounts()).toEqual(before);
    });
  }

  it('checks the text of a multipart post like a JSON one', async () => {
    const before = await storedCounts();
    const res = await postMultipart(t.app, organizer.token, bookingId, { content: '   ' }, [
      { name: 'a.jpg', type: 'image/jpeg', data: await photo() },
    ]);
    expectError(res, 400, 'Le message ne peut pas être vide', 'VALIDATION_ERROR');
    expect(await storedCounts()).toEqual(before);
  });

  it('reads no file from someone who cannot see the booking', async () => {
    const before = await storedCounts();
    const res = await postMultipart(t.app, stranger.token, bookingId, { content: 'Intrus' }, [
      { name: 'a.jpg', type: 'image/jpeg', data: await photo() },
    ]);
    expectError(res, 404, 'Réservation non trouvée');
    expect(await storedCounts()).toEqual(before);
  });
});
