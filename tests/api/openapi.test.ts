import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: { properties?: Record<string, Record<string, unknown>>; required?: string[] } }>;
  };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
  'x-access'?: string;
}
type Document = {
  openapi: string;
  info: { title: string };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, { enum?: string[] }>; required?: string[] }>;
    responses: Record<string, { description: string; content: Record<string, { schema: { $ref?: string } }> }>;
  };
};

async function documentAt(url: string): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as Document;
}

describe('GET /api/docs', () => {
  it('serves an OpenAPI 3.1 document without a session, the same at /api/docs/json', async () => {
    const doc = await documentAt('/api/docs');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Parc Aventure des Landes — API de réservation de groupes');
    expect(await documentAt('/api/docs/json')).toEqual(doc);
  });

  it('lists every registered API route with its path parameters, and not the docs themselves', async () => {
    const doc = await documentAt('/api/docs');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/customer-auth/login',
        '/api/v1/public-booking-requests',
        '/api/v1/customer-booking-requests/{id}',
        '/api/v1/customer-booking-requests/{id}/participants/{participantId}',
        '/api/v1/establishment/activities/{id}',
      ]),
    );
    expect(doc.paths['/api/docs']).toBeUndefined();
    const remove = doc.paths['/api/v1/customer-booking-requests/{id}/participants/{participantId}']?.delete;
    expect(remove?.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['id', 'participantId']);
  });

  it('describes bodies and responses from the zod schemas declared on the routes', async () => {
    const doc = await documentAt('/api/docs');
    const register = doc.paths['/api/v1/customer-auth/register']?.post;
    const body = register?.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'password']));
    expect(Object.keys(register?.responses ?? {})).toContain('201');
    const list = doc.paths['/api/v1/public-booking-requests/activities']?.get;
    expect(list?.parameters?.find((p) => p.name === 'isActive')?.in).toBe('query');
  });

  it('marks each operation with who may call it, and asks public routes for no bearer token', async () => {
    const doc = await documentAt('/api/docs');
    expect(doc.paths['/api/v1/customer-auth/login']?.post?.['x-access']).toBe('public');
    expect(doc.paths['/api/v1/customer-auth/login']?.post?.security).toBeUndefined();
    expect(doc.paths['/api/v1/establishment/info']?.get?.['x-access']).toBe('public');
    const detail = doc.paths['/api/v1/customer-booking-requests/{id}']?.get;
    expect(detail?.['x-access']).toBe('customer');
    expect(detail?.security).toEqual([{ bearer: [] }]);
  });

  it('names each operation after its call (operationId <area>.<name>, tag <area>, summary, description), every tag described', async () => {
    const doc = await documentAt('/api/docs');
    const login = doc.paths['/api/v1/customer-auth/login']?.post;
    expect(login?.operationId).toBe('customerAuth.login');
    expect(login?.tags).toEqual(['customerAuth']);
    expect(login?.summary).toBe('Connexion par email et mot de passe');
    expect(login?.description).toBe('Connexion par email et mot de passe. Accès : public, sans session.');
    expect(doc.paths['/api/v1/staff/auth/login']?.post?.operationId).toBe('staff.login');
    expect(doc.tags?.find((tag) => tag.name === 'customerAuth')?.description).toBe(
      'Compte client : inscription, connexion, profil',
    );
    const used = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
    expect(new Set(doc.tags?.map((tag) => tag.name))).toEqual(used);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('documents the error answers by $ref to the shared Error envelope, as the access, method and path imply', async () => {
    const doc = await documentAt('/api/docs');
    const error = doc.components.schemas.Error;
    expect(error?.required).toEqual(expect.arrayContaining(['success', 'error', 'message', 'code']));
    expect(error?.properties?.code?.enum).toEqual(
      expect.arrayContaining(['VALIDATION_ERROR', 'NOT_FOUND', 'SLOT_FULL']),
    );
    expect(doc.components.responses.Conflict?.content['application/json']?.schema.$ref).toBe(
      '#/components/schemas/Error',
    );
    expect(doc.components.responses.Conflict?.description).toContain('EMAIL_TAKEN');

    const statuses = (op: Operation | undefined) => Object.keys(op?.responses ?? {});
    // A customer's object with a body: every refusal.
    const update = doc.paths['/api/v1/customer-booking-requests/{id}']?.put;
    expect(statuses(update)).toEqual(['200', '400', '401', '403', '404', '409', '500']);
    expect(update?.responses['404']?.$ref).toBe('#/components/responses/NotFound');
    // A public read without input: neither 401/403 nor 404 nor 409.
    expect(statuses(doc.paths['/api/v1/establishment/info']?.get)).toEqual(['200', '500']);
    // A public login: 401 (its definition declares INVALID_CREDENTIALS) and 429 (its rate limit).
    expect(statuses(doc.paths['/api/v1/customer-auth/login']?.post)).toEqual([
      '200',
      '400',
      '401',
      '409',
      '429',
      '500',
    ]);
    // A public read by token, rate-limited: 429 as well.
    expect(statuses(doc.paths['/api/v1/invitations/{token}']?.get)).toEqual(['200', '400', '404', '429', '500']);
  });

  it('shares the most reused schemas in components and refers to them', async () => {
    const doc = await documentAt('/api/docs');
    for (const name of ['BookingDetail', 'BookingLine', 'TimeSlot', 'BookingParticipant', 'ChatMessage']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(JSON.stringify(doc.paths)).toContain('"$ref":"#/components/schemas/BookingDetail"');
  });

  it('describes the binary downloads, the multipart uploads and the signed Stripe webhook', async () => {
    const doc = await documentAt('/api/docs');
    const contract = doc.paths['/api/v1/contracts/{filename}']?.get?.responses['200'];
    expect(Object.keys(contract?.content ?? {})).toEqual(['application/pdf']);
    const picture = doc.paths['/uploads/catalogue-pictures/{name}']?.get?.responses['200'];
    expect(Object.keys(picture?.content ?? {})).toEqual(['image/webp']);
    const attachment = doc.paths['/uploads/attachments/{name}']?.get?.responses['200'];
    expect(Object.keys(attachment?.content ?? {})).toContain('application/pdf');

    const upload = doc.paths['/api/v1/staff/catalogue/{kind}/{id}/picture']?.post?.requestBody;
    expect(upload?.content['multipart/form-data']?.schema.required).toEqual(['file']);
    expect(upload?.content['multipart/form-data']?.schema.properties?.file?.format).toBe('binary');
    const post = doc.paths['/api/v1/messages/booking/{id}']?.post?.requestBody;
    expect(Object.keys(post?.content ?? {})).toEqual(['application/json', 'multipart/form-data']);

    const webhook = doc.paths['/api/v1/payments/stripe/webhook']?.post;
    expect(webhook?.parameters).toEqual([
      expect.objectContaining({ in: 'header', name: 'stripe-signature', required: true }),
    ]);
    expect(Object.keys(webhook?.requestBody?.content ?? {})).toEqual(['application/json']);
  });

  it('has no path with an empty segment or a trailing slash', async () => {
    const doc = await documentAt('/api/docs');
    const stray = Object.keys(doc.paths).filter(
      (path) => path.includes('//') || (path.length > 1 && path.endsWith('/')),
    );
    expect(stray).toEqual([]);
  });
});
