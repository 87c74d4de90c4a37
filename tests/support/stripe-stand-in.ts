import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API endpoints the server uses (PaymentIntents create, retrieve,
 * capture, cancel; SetupIntents create, retrieve; refunds create, retrieve), on 127.0.0.1:0, that
 * refuses what Stripe refuses, with Stripe's error bodies and statuses:
 * - an Idempotency-Key replays its first answer only for the same endpoint and parameters; reused
 *   with others it is a 400 `idempotency_error` (https://docs.stripe.com/api/idempotent_requests);
 * - a capture above `amount_capturable` is a 400 `amount_too_large`, a capture or cancel in the
 *   wrong state a 400 `payment_intent_unexpected_state` (a paid intent cannot be canceled);
 * - a refund of an unknown intent is a 404 `resource_missing`, of an unpaid one a 400
 *   `payment_intent_unexpected_state`, above what is paid minus what is refunded a 400
 *   `amount_too_large` (`charge_already_refunded` when nothing is left).
 * Its objects are typed by the `stripe` package (`Stripe.PaymentIntent`, `Stripe.Refund`,
 * `Stripe.SetupIntent`, `Stripe.Event`) and its events carry the SDK's own api_version. It records
 * every request, so tests can check amounts, capture methods and keys. `confirm()` plays the
 * customer's card step in Stripe.js; `refundsPending` then `settleRefund()` play a refund that is
 * accepted, then succeeds or fails days later (https://docs.stripe.com/refunds#failed-refunds).
 * Saved cards: customers create; a SetupIntent (usage off_session) confirmed with `confirmSetup(id,
 * card)`; a PaymentIntent created with `confirm`, `off_session` and that payment method is held
 * (`requires_capture`) or refused as Stripe refuses it, with a 402 `card_error` carrying the
 * intent left in `requires_payment_method` (`card_declined`, `authentication_required`,
 * https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method). Its charge (in
 * `latest_charge`, expanded when asked) has `payment_method_details.card.capture_before`: 7 days
 * after the authorization, 30 for the extended-authorization card when the intent asked for it
 * (`request_extended_authorization: 'if_available'`); past it an uncaptured hold is canceled, as
 * Stripe does. Its time is `clock()`, which a test moves with the server's.
 */
export type StandInIntent = Stripe.PaymentIntent;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
  /** The Stripe-Version header the SDK sent. */
  apiVersion: string | undefined;
}

export const WEBHOOK_SECRET = 'whsec_test_standin_secret';

/**
 * The saved cards a test chooses (`confirmSetup(id, card)`). The first three are Stripe's own test
 * payment methods; Stripe has no fixed test payment method for extended authorization, so that one
 * is the stand-in's.
 */
export const STAND_IN_CARDS = {
  visa: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  authenticationRequired: 'pm_card_authenticationRequired',
  extendedAuthorization: 'pm_card_visa_extendedAuthorization',
} as const;
export type StandInCard = keyof typeof STAND_IN_CARDS;

/** What the stand-in keeps of a charge: the fields of `Stripe.Charge` a hold's reader uses. */
export type StandInCharge = Pick<
  Stripe.Charge,
  'id' | 'object' | 'amount' | 'amount_captured' | 'captured' | 'created' | 'currency' | 'status' | 'payment_intent'
> & {
  payment_method_details: {
    type: 'card';
    card: Partial<Pick<Stripe.Charge.PaymentMethodDetails.Card, 'capture_before' | 'extended_authorization'>>;
  };
};

const DAY_SECONDS = 24 * 60 * 60;

/** What a test can make the stand-in send: an event about an intent, a refund or a setup intent. */
export type StandInEventObject = Stripe.PaymentIntent | Stripe.Refund | Stripe.SetupIntent;

export interface StripeStandIn {
  env: Record<string, string>;
  requests: RecordedRequest[];
  intents: Map<string, Stripe.PaymentIntent>;
  refunds: Map<string, Stripe.Refund>;
  setupIntents: Map<string, Stripe.SetupIntent>;
  customers: Map<string, Stripe.Customer>;
  charges: Map<string, StandInCharge>;
  /** The stand-in's time (ms); a test moves it with the server's clock. */
  clock: () => number;
  /** The card step: 'succeeded' (automatic) or 'requires_capture' (manual) unless told otherwise. */
  confirm(id: string, status?: Stripe.PaymentIntent.Status): Stripe.PaymentIntent;
  /** The card saved for later (a SetupIntent confirmed in Stripe.js), by default a card that holds. */
  confirmSetup(id: string, card?: StandInCard): Stripe.SetupIntent;
  /** A pending refund reaches its end, as Stripe reports it in `refund.updated` / `refund.failed`. */
  settleRefund(id: string, outcome: 'succeeded' | 'failed'): Stripe.Refund;
  /** A signed webhook request for an event about `object`. */
  webhook(
    type: Stripe.Event.Type,
    object: StandInEventObject,
    options?: { id?: string; secret?: string; timestamp?: number },
  ): {
    payload: string;
    headers: Record<string, string>;
    eventId: string;
    event: Stripe.Event;
  };
  /** While true, Stripe cannot be reached for refunds (the connection drops, nothing is recorded as done). */
  refundsDown: boolean;
  /** While true, new refunds are accepted as `pending` (a bank transfer back, a card that may fail). */
  refundsPending: boolean;
  close(): Promise<void>;
}

interface Reply {
  status: number;
  body: unknown;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

let standInClock: () => number = () => Date.now();
const now = () => Math.floor(standInClock() / 1000);
const id = (prefix: string, bytes = 12) => `${prefix}_${randomBytes(bytes).toString('hex')}`;

/** Stripe's error body (https://docs.stripe.com/api/errors), typed by the SDK's raw error. */
function stripeError(
  status: number,
  type: Stripe.StripeRawError['type'],
  message: string,
  code?: string,
  param?: string,
): Reply {
  const error = {
    type,
    message,
    ...(code ? { code, doc_url: `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}` } : {}),
    ...(param ? { param } : {}),
  } satisfies Stripe.StripeRawError;
  return { status, body: { error } };
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

function newIntent(form: Record<string, string>): Stripe.PaymentIntent {
  const intentId = id('pi');
  return {
    id: intentId,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: Number(form.amount),
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods:
      form['automatic_payment_methods[enabled]'] === 'true'
        ? {
            enabled: true,
            ...(form['automatic_payment_methods[allow_redirects]'] === 'never'
              ? { allow_redirects: 'never' as const }
              : {}),
          }
        : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: (form.capture_method as Stripe.PaymentIntent.CaptureMethod | undefined) ?? 'automatic_async',
    client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
    confirmation_method: form.confirmation_method === 'manual' ? 'manual' : 'automatic',
    created: now(),
    currency: form.currency ?? 'eur',
    customer: form.customer ?? null,
    customer_account: null,
    description: form.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: metadataOf(form),
    next_action: null,
    on_behalf_of: null,
    payment_method: form.payment_method ?? null,
    payment_method_configuration_details: null,
    payment_method_options:
      form['payment_method_options[card][request_extended_authorization]'] === 'if_available'
        ? { card: { request_extended_authorization: 'if_available' } as Stripe.PaymentIntent.PaymentMethodOptions.Card }
        : null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_group: null,
  } satisfies Stripe.PaymentIntent;
}

function newSetupIntent(form: Record<string, string>): Stripe.SetupIntent {
  const setupId = id('seti');
  return {
    id: setupId,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${setupId}_secret_${randomBytes(8).toString('hex')}`,
    created: now(),
    customer: form.customer ?? null,
    description: form.description ?? null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: metadataOf(form),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: form.usage ?? 'off_session',
  } satisfies Stripe.SetupIntent;
}

const unexpectedState = (what: string, intent: Stripe.PaymentIntent) =>
  stripeError(
    400,
    'invalid_request_error',
    `This PaymentIntent's ${what} could not be performed because it has a status of ${intent.status}.`,
    'payment_intent_unexpected_state',
  );

function newCustomer(form: Record<string, string>): Stripe.Customer {
  return {
    id: id('cus', 7),
    object: 'customer',
    balance: 0,
    created: now(),
    default_source: null,
    description: form.description ?? null,
    email: form.email ?? null,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadataOf(form),
    shipping: null,
  } satisfies Stripe.Customer;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  standInClock = () => Date.now();
  const customers = new Map<string, Stripe.Customer>();
  const charges = new Map<string, StandInCharge>();
  /** Payment methods attached to a customer by a confirmed SetupIntent. */
  const savedMethods = new Map<string, string>();
  const intents = new Map<string, Stripe.PaymentIntent>();
  const refunds = new Map<string, Stripe.Refund>();
  const setupIntents = new Map<string, Stripe.SetupIntent>();
  const requests: RecordedRequest[] = [];
  /** Per key: the endpoint and parameters of its first use, and the answer given then. */
  const replies = new Map<string, { fingerprint: string; reply: Reply }>();
  const stripe = new Stripe('sk_test_standin', { telemetry: false });

  const missing = (kind: string, objectId: string, param?: string) =>
    stripeError(404, 'invalid_request_error', `No such ${kind}: '${objectId}'`, 'resource_missing', param);

  /** What is still refundable: received minus refunds not failed or canceled. */
  const refundable = (intent: Stripe.PaymentIntent) =>
    intent.amount_received -
    [...refunds.values()]
      .filter(
        (refund) =>
          refund.payment_intent === intent.id && (refund.status === 'pending' || refund.status === 'succeeded'),
      )
      .reduce((sum, refund) => sum + refund.amount, 0);

  const capture = (intent: Stripe.PaymentIntent, form: Record<string, string>): Reply => {
    if (intent.status !== 'requires_capture') return unexpectedState('capture', intent);
    const amount = form.amount_to_capture === undefined ? intent.amount_capturable : Number(form.amount_to_capture);
    if (amount > intent.amount_capturable) {
      return stripeError(
        400,
        'invalid_request_error',
        `The amount to capture (${amount}) is greater than the amount capturable (${intent.amount_capturable}) on this PaymentIntent.`,
        'amount_too_large',
        'amount_to_capture',
      );
    }
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    intent.status = 'succeeded';
    const charge = typeof intent.latest_charge === 'string' ? charges.get(intent.latest_charge) : undefined;
    if (charge) Object.assign(charge, { captured: true, amount_captured: amount });
    return { status: 200, body: intent };
  };

  const cancel = (intent: Stripe.PaymentIntent, form: Record<string, string>): Reply => {
    // https://docs.stripe.com/api/payment_intents/cancel: not once succeeded or canceled.
    if (intent.status === 'succeeded' || intent.status === 'canceled') return unexpectedState('cancel', intent);
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    intent.canceled_at = now();
    intent.cancellation_reason = (form.cancellation_reason as Stripe.PaymentIntent.CancellationReason) ?? null;
    return { status: 200, body: intent };
  };

  const refund = (form: Record<string, string>): Reply => {
    const intentId = form.payment_intent;
    if (!intentId)
      return stripeError(
        400,
        'invalid_request_error',
        'Missing required param: charge.',
        'parameter_missing',
        'charge',
      );
    const intent = intents.get(intentId);
    if (!intent) return missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      return stripeError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'payment_intent_unexpected_state',
        'payment_intent',
      );
    }
    const left = refundable(intent);
    if (left <= 0) {
      return stripeError(
        400,
        'invalid_request_error',
        `Charge for ${intent.id} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (amount > left) {
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
        'amount_too_large',
        'amount',
      );
    }
    const created = {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: null,
      created: now(),
      currency: intent.currency,
      customer: null,
      customer_account: null,
      metadata: metadataOf(form),
      payment_intent: intent.id,
      payment_method: null,
      reason: (form.reason as Stripe.Refund.Reason | undefined) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: standIn.refundsPending ? 'pending' : 'succeeded',
      transfer_reversal: null,
    } satisfies Stripe.Refund;
    refunds.set(created.id, created);
    return { status: 200, body: created };
  };

  /** Stripe cancels a hold not captured by its charge's `capture_before`. */
  const lapse = (intent: Stripe.PaymentIntent) => {
    const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id;
    const charge = chargeId ? charges.get(chargeId) : undefined;
    if (
      intent.status === 'requires_capture' &&
      charge?.payment_method_details.card.capture_before &&
      charge.payment_method_details.card.capture_before <= now()
    ) {
      intent.status = 'canceled';
      intent.amount_capturable = 0;
      intent.canceled_at = charge.payment_method_details.card.capture_before;
      intent.cancellation_reason = 'automatic';
    }
  };

  /** The intent as answered: its charge expanded when the request asked for it. */
  const shown = (intent: Stripe.PaymentIntent, form: Record<string, string>): Stripe.PaymentIntent => {
    const expand = Object.entries(form).some(([key, value]) => key.startsWith('expand[') && value === 'latest_charge');
    const charge = typeof intent.latest_charge === 'string' ? charges.get(intent.latest_charge) : undefined;
    // A StandInCharge holds the Stripe.Charge fields a hold's reader uses (its type says which).
    return expand && charge ? { ...intent, latest_charge: charge as unknown as Stripe.Charge } : intent;
  };

  /** `confirm: true` with a saved payment method, off-session: held, or refused as the card says. */
  const confirmOffSession = (intent: Stripe.PaymentIntent, form: Record<string, string>): Reply => {
    const method = form.payment_method;
    if (!method || !intent.customer || savedMethods.get(method) !== intent.customer) {
      return stripeError(
        400,
        'invalid_request_error',
        `The provided PaymentMethod ${method ?? ''} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
        'payment_method_not_available',
        'payment_method',
      );
    }
    const refusal = method.startsWith(`${STAND_IN_CARDS.declined}_`)
      ? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
      : method.startsWith(`${STAND_IN_CARDS.authenticationRequired}_`)
        ? {
            code: 'authentication_required',
            decline_code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
          }
        : null;
    if (refusal) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...refusal };
      const error = {
        type: 'card_error',
        ...refusal,
        payment_intent: structuredClone(intent),
      } satisfies Stripe.StripeRawError & { payment_intent: Stripe.PaymentIntent };
      return { status: 402, body: { error } };
    }
    if (intent.capture_method !== 'manual') {
      // A payment captured at once (https://docs.stripe.com/payments/save-and-reuse): the money is received.
      const paid: StandInCharge = {
        id: id('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_captured: intent.amount,
        captured: true,
        created: now(),
        currency: intent.currency,
        status: 'succeeded',
        payment_intent: intent.id,
        payment_method_details: { type: 'card', card: {} },
      };
      charges.set(paid.id, paid);
      intent.latest_charge = paid.id;
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return { status: 200, body: shown(intent, form) };
    }
    const extended =
      method.startsWith(`${STAND_IN_CARDS.extendedAuthorization}_`) &&
      form['payment_method_options[card][request_extended_authorization]'] === 'if_available';
    const charge: StandInCharge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      captured: false,
      created: now(),
      currency: intent.currency,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method_details: {
        type: 'card',
        card: {
          capture_before: now() + (extended ? 30 : 7) * DAY_SECONDS,
          extended_authorization: { status: extended ? 'enabled' : 'disabled' },
        },
      },
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    intent.status = 'requires_capture';
    intent.amount_capturable = intent.amount;
    return { status: 200, body: shown(intent, form) };
  };

  const handle = (method: string, path: string, form: Record<string, string>): Reply | undefined => {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = newCustomer(form);
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent = newIntent(form);
      intents.set(intent.id, intent);
      if (form.confirm === 'true' && form.off_session === 'true') return confirmOffSession(intent, form);
      return { status: 200, body: intent };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    if (intentPath) {
      const intent = intents.get(intentPath[1]!);
      if (!intent) return missing('payment_intent', intentPath[1]!, 'intent');
      lapse(intent);
      if (method === 'GET' && !intentPath[2]) return { status: 200, body: shown(intent, form) };
      if (method === 'POST' && intentPath[2] === 'capture') return capture(intent, form);
      if (method === 'POST' && intentPath[2] === 'cancel') return cancel(intent, form);
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const setup = newSetupIntent(form);
      setupIntents.set(setup.id, setup);
      return { status: 200, body: setup };
    }
    const setupPath = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (setupPath && method === 'GET') {
      const setup = setupIntents.get(setupPath[1]!);
      return setup ? { status: 200, body: setup } : missing('setup_intent', setupPath[1]!, 'intent');
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(form);
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (refundPath && method === 'GET') {
      const found = refunds.get(refundPath[1]!);
      return found ? { status: 200, body: found } : missing('refund', refundPath[1]!, 'id');
    }
    return undefined;
  };

  const answer = (method: string, path: string, raw: string, key: string | undefined): Reply => {
    const form = Object.fromEntries(new URLSearchParams(raw));
    const fingerprint = `${method} ${path} ${raw}`;
    const first = key ? replies.get(key) : undefined;
    if (first && first.fingerprint !== fingerprint) {
      return stripeError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (first) return first.reply;
    const reply =
      handle(method, path, form) ??
      stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    // Stripe keeps the first answer of a key, an error included (https://docs.stripe.com/api/idempotent_requests).
    if (key && method === 'POST') {
      replies.set(key, { fingerprint, reply: JSON.parse(JSON.stringify(reply)) as Reply });
    }
    return reply;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? 'GET';
      const [path = '/', query = ''] = (request.url ?? '/').split('?');
      // A GET's parameters (`expand[]`) are in its query string.
      const raw = method === 'GET' ? query : await readBody(request);
      const key = request.headers['idempotency-key'];
      const version = request.headers['stripe-version'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({
        method,
        path,
        idempotencyKey,
        form: Object.fromEntries(new URLSearchParams(raw)),
        apiVersion: typeof version === 'string' ? version : undefined,
      });
      if (standIn.refundsDown && path === '/v1/refunds') {
        request.socket.destroy();
        return;
      }
      const reply = answer(method, path, raw, idempotencyKey);
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': id('req', 6),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      });
      response.end(JSON.stringify(reply.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const standIn: StripeStandIn = {
    refundsDown: false,
    refundsPending: false,
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
    refunds,
    setupIntents,
    customers,
    charges,
    get clock() {
      return standInClock;
    },
    set clock(value) {
      standInClock = value;
    },
    confirm(intentId, status) {
      const intent = intents.get(intentId)!;
      intent.status = status ?? (intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded');
      if (intent.status === 'succeeded') intent.amount_received = intent.amount;
      intent.payment_method ??= id('pm');
      if (intent.status === 'requires_capture') {
        intent.amount_capturable = intent.amount;
        // A hold confirmed on-session: its charge says until when it can be captured (7 days).
        const charge: StandInCharge = {
          id: id('ch'),
          object: 'charge',
          amount: intent.amount,
          amount_captured: 0,
          captured: false,
          created: now(),
          currency: intent.currency,
          status: 'succeeded',
          payment_intent: intent.id,
          payment_method_details: {
            type: 'card',
            card: { capture_before: now() + 7 * DAY_SECONDS, extended_authorization: { status: 'disabled' } },
          },
        };
        charges.set(charge.id, charge);
        intent.latest_charge = charge.id;
      }
      return structuredClone(intent);
    },
    confirmSetup(setupId, card = 'visa') {
      const setup = setupIntents.get(setupId)!;
      setup.status = 'succeeded';
      // Attaching a test payment method gives a new one each time, as Stripe does (its name says the card).
      setup.payment_method ??= `${STAND_IN_CARDS[card]}_${randomBytes(6).toString('hex')}`;
      if (typeof setup.customer === 'string') savedMethods.set(setup.payment_method as string, setup.customer);
      return structuredClone(setup);
    },
    settleRefund(refundId, outcome) {
      const found = refunds.get(refundId)!;
      if (found.status !== 'pending') throw new Error(`refund ${refundId} is ${found.status}, not pending`);
      found.status = outcome;
      if (outcome === 'failed') found.failure_reason = 'expired_or_canceled_card';
      return structuredClone(found);
    },
    webhook(type, object, options = {}) {
      const eventId = options.id ?? id('evt', 10);
      const event = {
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      } satisfies Omit<Stripe.EventBase, 'data'> & { type: Stripe.Event.Type; data: { object: StandInEventObject } };
      const payload = JSON.stringify(event);
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? WEBHOOK_SECRET,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });
      return {
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        eventId,
        event: event as Stripe.Event,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
