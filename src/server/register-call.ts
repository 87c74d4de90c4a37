import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import type { CallAccess, CallBody, CallDefinition, CallParams, CallQuery, CallReply } from '../shared/api/contract';

/**
 * Registers the Fastify route of one call definition (src/shared/api/contract.ts;
 * docs/decisions.md, "One definition per call"). The definition gives the method, the path, the
 * schemas (validation, serialisation and the OpenAPI document), the success status and
 * `config.access`; the default guard follows the access (customer → `requireCustomer`, staff →
 * `requireStaff`, public → none). What only the server knows stays here, in `options`: a
 * stricter or wider guard (`requireAdmin`, `requireAnySession`, a guard that accepts both kinds
 * of session), rate limits, body limits, content-type parsers of a multipart or webhook route.
 */

/** The request as a handler of call C sees it: params, query and body already parsed. */
export type CallRequest<C extends CallDefinition> = FastifyRequest<{
  Params: CallParams<C>;
  Querystring: CallQuery<C>;
  Body: CallBody<C>;
}>;

export type CallHandler<C extends CallDefinition> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<CallReply<C> | FastifyReply> | CallReply<C> | FastifyReply;

export interface CallOptions {
  /** Replaces the guard the access implies (e.g. `app.requireAdmin`); `[]` for none. */
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  /** Route config besides `access` (rate limits, ...). */
  config?: Omit<NonNullable<RouteOptions['config']>, 'access'>;
  bodyLimit?: number;
  /** Schema parts the definition cannot carry (e.g. `hide`, extra response statuses). */
  schema?: FastifySchema;
}

function defaultGuard(app: FastifyInstance, access: CallAccess): onRequestHookHandler[] {
  if (access === 'customer') return [app.requireCustomer as unknown as onRequestHookHandler];
  if (access === 'staff') return [app.requireStaff as unknown as onRequestHookHandler];
  return [];
}

export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: CallOptions = {},
): void {
  const status = call.status ?? 200;
  const schema: FastifySchema = {
    summary: call.summary,
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    ...options.schema,
    ...(call.response
      ? { response: { ...(options.schema?.response as object | undefined), [status]: call.response } }
      : {}),
  };
  app.route({
    method: call.method,
    url: call.path,
    schema,
    config: { ...options.config, access: call.access },
    onRequest: options.onRequest ?? defaultGuard(app, call.access),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      if (status !== 200) reply.code(status);
      return handler(request as CallRequest<C>, reply);
    },
  });
}

/** The `data` of a call whose answer is `{ success: true, message?, data }`. */
export type CallData<C extends CallDefinition> = CallReply<C> extends { success: true; data: infer D } ? D : never;

/**
 * The message of such an answer: required when the schema requires one, allowed when it names an
 * optional one, refused when it has none (the serializer would drop it).
 */
type MessageOption<C extends CallDefinition> =
  CallReply<C> extends { message: string }
    ? { message: string }
    : 'message' extends keyof CallReply<C>
      ? { message?: string }
      : { message?: never };

export type DataCallOptions<C extends CallDefinition> = CallOptions & MessageOption<C>;

export type DataCallHandler<C extends CallDefinition> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<CallData<C>> | CallData<C>;

/**
 * `registerCall` for the common answer `{ success: true, message?, data }`: the handler returns
 * the data only, `options.message` is the fixed French message (if any).
 */
export function registerDataCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: DataCallHandler<C>,
  ...[options]: object extends DataCallOptions<C> ? [DataCallOptions<C>?] : [DataCallOptions<C>]
): void {
  const { message, ...callOptions } = (options ?? {}) as CallOptions & { message?: string };
  registerCall(
    app,
    call,
    async (request, reply) => {
      const data = await handler(request, reply);
      const answer = message === undefined ? { success: true, data } : { success: true, message, data };
      // The one cast: TypeScript cannot tie `CallData<C>` and `MessageOption<C>` back to `CallReply<C>`.
      return answer as CallReply<C>;
    },
    callOptions,
  );
}
