import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API endpoints the server uses (PaymentIntents create, retrieve,
 * capture, cancel; refunds), on 127.0.0.1:0. It keeps Stripe's idempotency behaviour (same
 * Idempotency-Key → same response) and records every request, so tests can check amounts,
 * capture methods and keys. `confirm()` plays the customer's card step in Stripe.js.
 */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: 'automatic' | 'manual';
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { message: string } | null;
  created: number;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

export const WEBHOOK_SECRET = 'whsec_test_standin_secret';

export interface StripeStandIn {
  env: Record<string, string>;
  requests: RecordedRequest[];
  intents: Map<string, StandInIntent>;
  /** The card step: 'succeeded' (automatic) or 'requires_capture' (manual) unless told otherwise. */
  confirm(id: string, status?: string): StandInIntent;
  /** A signed webhook request for an event about `intent`. */
  webhook(
    type: string,
    intent: StandInIntent,
    options?: { id?: string; secret?: string; timestamp?: number },
  ): {
    payload: string;
    headers: Record<string, string>;
    eventId: string;
  };
  /** While true, Stripe cannot be reached for refunds (the connection drops, nothing is recorded as done). */
  refundsDown: boolean;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const stripe = new Stripe('sk_test_standin', { telemetry: false });

  const handle = async (
    method: string,
    path: string,
    form: Record<string, string>,
  ): Promise<{ status: number; body: unknown }> => {
    const missing = (id: string) => ({
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` },
      },
    });
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${randomBytes(10).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_capturable: 0,
        amount_received: 0,
        currency: form.currency ?? 'eur',
        capture_method: form.capture_method === 'manual' ? 'manual' : 'automatic',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        status: 'requires_payment_method',
        metadata,
        description: form.description ?? null,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    if (match) {
      const intent = intents.get(match[1]!);
      if (!intent) return missing(match[1]!);
      if (method === 'GET') return { status: 200, body: intent };
      if (match[2] === 'capture') {
        if (intent.status !== 'requires_capture') {
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: 'not capturable',
              },
            },
          };
        }
        intent.amount_received = Number(form.amount_to_capture ?? intent.amount);
        intent.amount_capturable = 0;
        intent.status = 'succeeded';
        return { status: 200, body: intent };
      }
      if (match[2] === 'cancel') {
        intent.status = 'canceled';
        intent.amount_capturable = 0;
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return {
        status: 200,
        body: {
          id: `re_${randomBytes(8).toString('hex')}`,
          object: 'refund',
          amount: Number(form.amount),
          status: 'succeeded',
          payment_intent: form.payment_intent,
        },
      };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unknown ${method} ${path}` } } };
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (request.url ?? '/').split('?')[0]!;
      const key = request.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({ method: request.method ?? 'GET', path, idempotencyKey, form });
      if (standIn.refundsDown && path === '/v1/refunds') {
        request.socket.destroy();
        return;
      }
      const cacheKey = idempotencyKey ? `${request.method} ${path} ${idempotencyKey}` : undefined;
      const reply = (cacheKey && replies.get(cacheKey)) || (await handle(request.method ?? 'GET', path, form));
      if (cacheKey && !replies.has(cacheKey)) replies.set(cacheKey, JSON.parse(JSON.stringify(reply)) as typeof reply);
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      response.end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const standIn: StripeStandIn = {
    refundsDown: false,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    requests,
    intents,
    confirm(id, status) {
      const intent = intents.get(id)!;
      intent.status = status ?? (intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded');
      if (intent.status === 'succeeded') intent.amount_received = intent.amount;
      if (intent.status === 'requires_capture') intent.amount_capturable = intent.amount;
      return { ...intent };
    },
    webhook(type, intent, options = {}) {
      const eventId = options.id ?? `evt_${randomBytes(10).toString('hex')}`;
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object: intent },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? WEBHOOK_SECRET,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });
      return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, eventId };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
