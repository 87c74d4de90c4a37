import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../src/server/db/client';
import { bookingParticipants } from '../../src/server/db/schema';
import { bearer, nextAddress, registerCustomer, type RegisteredCustomer } from './auth';
import { catalogueBySlug } from './booking-requests';
import { createBooking } from './customer-bookings';
import type { TestApp } from './test-app';

/** Helpers of the chat API tests (tests/api/messages*.test.ts, tests/api/chat-poll*.test.ts). */

export const MESSAGES = '/api/v1/messages';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function msgCall(app: FastifyInstance, method: Method, url: string, token?: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A chat poll: a GET of `url` that shows the ETag of an earlier answer when given. */
export function pollChat(app: FastifyInstance, url: string, token: string, etag?: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), ...(etag ? { 'if-none-match': etag } : {}) },
    remoteAddress: nextAddress(),
  });
}

type PersonName = { firstName: string; lastName: string };

/** The chat the poll tests read: an organizer's booking (one parcours-aventure line) that a participant joined. */
export async function chatOfTwo(
  t: Pick<TestApp, 'app' | 'db'>,
  organizerName: PersonName,
  participantName: PersonName,
) {
  const [organizer, participant] = await Promise.all([
    registerCustomer(t.app, organizerName),
    registerCustomer(t.app, participantName),
  ]);
  const catalogue = await catalogueBySlug(t.db);
  const booking = await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('parcours-aventure')! }] });
  await addJoinedParticipant(t.db, booking._id, participant);
  return { organizer, participant, bookingId: booking._id };
}

export interface FilePart {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----parc${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'attachments'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function postMultipart(
  app: FastifyInstance,
  token: string,
  bookingId: string,
  fields: Record<string, string>,
  files: FilePart[],
) {
  const body = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url: `${MESSAGES}/booking/${bookingId}`,
    headers: { ...bearer(token), ...body.headers },
    remoteAddress: nextAddress(),
    payload: body.payload,
  });
}

/** Adds `customer` to a booking as a participant row, as the invitations module does when someone joins. */
export async function addJoinedParticipant(
  db: Db,
  bookingId: string,
  customer: RegisteredCustomer,
  options: { isActive?: boolean; firstName?: string; lastName?: string } = {},
) {
  const [row] = await db
    .insert(bookingParticipants)
    .values({
      bookingId,
      customerId: customer.id,
      firstName: options.firstName ?? 'Jules',
      lastName: options.lastName ?? 'Bernard',
      email: customer.email,
      role: 'Participant',
      hasConnected: true,
      joinedAt: new Date(),
      invitationStatus: 'joined',
      isActive: options.isActive ?? true,
    })
    .returning();
  return row!;
}

/** A small real picture with EXIF metadata (camera and GPS-like comment) that re-encoding must drop. */
export async function photo(format: 'jpeg' | 'png' | 'webp' = 'jpeg', size = 32): Promise<Buffer> {
  const image = sharp({ create: { width: size, height: size, channels: 3, background: '#2a6a32' } }).withExif({
    IFD0: { Make: 'AppareilSecret', Model: 'Modele-42', ImageDescription: 'Maison de Jules, 12 rue des Pins' },
  });
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp().toBuffer();
  return image.jpeg().toBuffer();
}

/** A minimal, valid one-page PDF. */
export function pdf(extra = ''): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R ${extra}>> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}
