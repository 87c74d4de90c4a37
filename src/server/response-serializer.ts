import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeParse, $ZodType } from 'zod/v4/core';

/**
 * The answers' serializer: the call's response schema checks the answer and keeps only the
 * fields it names (nothing a handler adds by mistake leaks out), then JSON.stringify.
 *
 * It PARSES where fastify-type-provider-zod's serializer ENCODES: the same result for schemas
 * without codecs or transforms, which is what a response schema is (plain JSON data; the test
 * tests/unit/server/response-serializer.test.ts walks every call's response schema to keep it so),
 * and zod's compiled fast path makes parsing a booking detail about 2.5 times cheaper than
 * encoding it (docs/decisions.md, performance rule 12).
 */
const plainSerializer = createSerializerCompiler({});

export const responseSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema;
  if (!(schema instanceof $ZodType)) return plainSerializer(route as never);
  return (data: unknown) => serializeAnswer(schema, data, route);
};

/**
 * The same check and JSON for a handler that keeps its answer as text (a read kept in memory):
 * an answer its schema refuses is a server error (500), never sent.
 */
export function serializeAnswer(
  schema: $ZodType,
  data: unknown,
  route: { method: string | string[]; url?: string },
): string {
  const result = safeParse(schema, data);
  if (result.error) {
    throw new ResponseSerializationError(String(route.method), route.url ?? '', { cause: result.error });
  }
  return JSON.stringify(result.data);
}
