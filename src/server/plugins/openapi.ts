import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_COMPONENTS, errorResponse } from '../../shared/api/common.schema';
import { AREA_DESCRIPTIONS, listNamedCalls } from '../../shared/api/calls';
import { redirectsOn401, type CallDefinition } from '../../shared/api/contract';
import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';
import { routeAccess, type RouteAccess } from '../route-access';

/**
 * The OpenAPI document of every route, made from the call definitions (src/shared/api/*.contract.ts)
 * and the zod schemas they carry (nothing to keep in step by hand), served as JSON at GET /api/docs
 * and /api/docs/json. Registered before the routes so that @fastify/swagger's onRoute hook sees them.
 * Everything per operation is derived from its definition, never written per route
 * (docs/decisions.md, "The API document"): operationId = `<area>.<name>` of the call in ALL_CALLS, tag = its area, summary
 * and description from `summary`/`description`, `x-access` from `config.access`
 * (docs/architecture.md, "Route access"), error answers from the access, method, parameters and
 * rate limit, binary answers, hand-read bodies and headers from `binaryResponse`, `requestContent` and `headers`.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  responses?: Record<string, unknown>;
  requestBody?: unknown;
}
interface OpenApiObject extends Json {
  paths?: Record<string, Record<string, Operation>>;
  components?: Json & { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

/** Where an operation's error statuses wait between the route transform and the document's. */
const ERROR_STATUSES_KEY = 'x-error-statuses';

const ACCESS_TEXT: Record<RouteAccess, string> = {
  public: 'Accès : public, sans session.',
  customer: 'Accès : session client (jeton bearer).',
  staff: "Accès : session de l'équipe du parc (jeton bearer).",
};

/** The shared error answers, one per status, each naming the codes of src/shared/errors.ts it may carry. */
const ERROR_RESPONSES: Record<number, { name: string; text: string }> = {
  400: { name: 'BadRequest', text: 'Requête refusée : données invalides ou règle non respectée' },
  401: { name: 'Unauthenticated', text: 'Appelant inconnu : session absente ou expirée, identifiants incorrects' },
  402: { name: 'CardRefused', text: 'Carte refusée par le prestataire de paiement' },
  403: { name: 'Forbidden', text: 'Action refusée à cet appelant ou dans cet état' },
  404: { name: 'NotFound', text: "Ressource non trouvée (ou qui n'est pas à l'appelant)" },
  409: { name: 'Conflict', text: "L'état de l'objet refuse l'action" },
  413: { name: 'PayloadTooLarge', text: 'Requête trop volumineuse' },
  415: { name: 'UnsupportedMediaType', text: 'Type de contenu non pris en charge' },
  429: { name: 'RateLimited', text: 'Trop de requêtes, veuillez patienter' },
  500: { name: 'ServerError', text: 'Erreur serveur' },
  502: { name: 'ProviderError', text: 'Le prestataire de paiement a échoué' },
};

function codesOf(status: number): ErrorCode[] {
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);
}

/** The error statuses a call can answer, from its definition and its route's rate limit. */
export function errorStatusesOf(call: CallDefinition, rateLimited: boolean): number[] {
  const statuses = new Set<number>([500]);
  const hasInput = Boolean(call.params ?? call.query ?? call.body ?? call.headers ?? call.requestContent);
  if (hasInput || call.method !== 'GET') statuses.add(400);
  if (call.access !== 'public' || redirectsOn401(call)) statuses.add(401);
  if (call.access !== 'public') statuses.add(403);
  if (call.path.includes('/:')) statuses.add(404);
  if (call.method !== 'GET') statuses.add(409);
  if (rateLimited) statuses.add(429);
  for (const code of call.errors ?? []) statuses.add(ERROR_STATUS[code]);
  return [...statuses].sort((a, b) => a - b);
}

const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
  return rest;
};

/** Every `$ref` reached from `value`, following component schemas and responses. */
function referencedComponents(doc: OpenApiObject): Set<string> {
  const seen = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && !seen.has(child)) {
        seen.add(child);
        const [, , kind, name] = child.split('/');
        if (kind && name) visit((doc.components?.[kind] as Json | undefined)?.[name]);
      } else visit(child);
    }
  };
  visit(doc.paths);
  return seen;
}

/** Drops the components no operation uses (zod's registry gives an input and an output form of each). */
function pruneComponents(doc: OpenApiObject): void {
  const used = referencedComponents(doc);
  for (const kind of ['schemas', 'responses'] as const) {
    const components = doc.components?.[kind];
    if (!components) continue;
    for (const name of Object.keys(components)) {
      if (!used.has(`#/components/${kind}/${name}`)) delete components[name];
    }
  }
}

function completeDocument(doc: OpenApiObject): OpenApiObject {
  const calls = new Map(listNamedCalls().map((entry) => [`${entry.call.method} ${entry.call.path}`, entry]));
  const areas = new Set<string>();
  const errorResponses: Record<string, unknown> = {};
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      const named = calls.get(`${method.toUpperCase()} ${fastifyPath}`);
      const statuses = (operation[ERROR_STATUSES_KEY] as number[] | undefined) ?? [];
      delete operation[ERROR_STATUSES_KEY];
      if (!named) continue;
      const { area, call } = named;
      areas.add(area);
      const responses: Record<string, unknown> = { ...operation.responses };
      const success = responses[String(call.status ?? 200)] as Json | undefined;
      if (success) success.description = call.summary;
      if (call.binaryResponse) {
        const status = String(call.status ?? 200);
        responses[status] = {
          description: call.summary,
          content: Object.fromEntries(
            call.binaryResponse.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
          ),
        };
      }
      for (const status of statuses) {
        const response = ERROR_RESPONSES[status];
        if (!response) continue;
        responses[String(status)] = { $ref: `#/components/responses/${response.name}` };
        errorResponses[response.name] = {
          description: `${response.text}. Codes : ${codesOf(status).join(', ')}.`,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        };
      }
      operation.responses = responses;
      if (call.headers) {
        const { properties = {}, required = [] } = jsonSchemaOf(call.headers) as {
          properties?: Record<string, unknown>;
          required?: string[];
        };
        const headers = Object.entries(properties).map(([name, schema]) => ({
          in: 'header',
          name,
          required: required.includes(name),
          schema,
        }));
        operation.parameters = [...((operation.parameters as unknown[] | undefined) ?? []), ...headers];
      }
      if (call.requestContent) {
        operation.requestBody = {
          required: true,
          content: Object.fromEntries(
            Object.entries(call.requestContent).map(([type, schema]) => [type, { schema: jsonSchemaOf(schema) }]),
          ),
        };
      }
    }
  }
  const { $schema: _ignored, ...errorSchema } = z.toJSONSchema(errorResponse, { io: 'output' });
  const properties = errorSchema.properties as Record<string, Json>;
  properties.code = { ...properties.code, enum: Object.keys(ERROR_STATUS) };
  const completed: OpenApiObject = {
    ...doc,
    tags: [...areas].sort().map((name) => ({
      name,
      description: AREA_DESCRIPTIONS[name as keyof typeof AREA_DESCRIPTIONS],
    })),
    components: {
      ...doc.components,
      schemas: { ...doc.components?.schemas, Error: { ...errorSchema, description: "L'enveloppe de toute erreur" } },
      responses: errorResponses,
    },
  };
  pruneComponents(completed);
  return completed;
}

async function openApiPlugin(app: FastifyInstance) {
  const calls = new Map(listNamedCalls().map((entry) => [`${entry.call.method} ${entry.call.path}`, entry]));
  const zodTransform = createJsonSchemaTransform({
    skipList: ['/api/docs', '/api/docs/json'],
    schemaRegistry: API_COMPONENTS,
  });
  const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: API_COMPONENTS });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parc Aventure des Landes — API de réservation de groupes',
        description:
          'Réponses `{ success: true, data, message? }` ; erreurs `{ success: false, error, message, code, details? }`.',
        version: '1',
        contact: { name: 'Parc Aventure des Landes' },
      },
      servers: [{ url: '/', description: 'Le serveur qui sert ce document' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (input) => {
      const transformed = zodTransform(input);
      const access = routeAccess(input.route.config, input.url);
      const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
      const named = calls.get(`${String(method)} ${input.url}`);
      const rateLimited = Boolean((input.route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          ...(named
            ? {
                operationId: `${named.area}.${named.name}`,
                tags: [named.area],
                summary: named.call.summary,
                description: `${named.call.description ?? named.call.summary}. ${ACCESS_TEXT[access]}`,
                [ERROR_STATUSES_KEY]: errorStatusesOf(named.call, rateLimited),
              }
            : {}),
          ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
          'x-access': access,
        },
      } as typeof transformed;
    },
    transformObject: (input) => completeDocument(zodTransformObject(input) as OpenApiObject) as never,
  });

  const serve = async () => app.swagger();
  app.get('/api/docs', { schema: { hide: true }, config: { access: 'public' } }, serve);
  app.get('/api/docs/json', { schema: { hide: true }, config: { access: 'public' } }, serve);
}

export default fp(openApiPlugin, { name: 'openapi' });
