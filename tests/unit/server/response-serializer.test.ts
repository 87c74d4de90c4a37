import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from '../../../src/server/response-serializer';
import { listAllCalls } from '../../../src/shared/api/calls';

/**
 * The answers' serializer parses with the response schema instead of encoding
 * (src/server/response-serializer.ts): the same only while no response schema holds a
 * transform, a pipe or a codec. This walks every call's response schema to keep it so.
 */
type Def = { type: string } & Record<string, unknown>;

const isSchema = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

function oneWayParts(schema: z.ZodType, path: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  const found = ['transform', 'pipe'].includes(def.type) ? [`${path} (${def.type})`] : [];
  for (const [key, value] of Object.entries(def)) {
    const children =
      key === 'shape' && value ? Object.entries(value) : Array.isArray(value) ? value.entries() : [[key, value]];
    for (const [name, child] of children) {
      if (isSchema(child)) found.push(...oneWayParts(child, `${path}.${String(name)}`, seen));
    }
  }
  return found;
}

const serialize = (schema: z.ZodType) =>
  responseSerializer({ schema, method: 'GET', url: '/essai', httpStatus: '200' } as never) as (data: unknown) => string;

describe('the response serializer', () => {
  it('finds no transform, pipe or codec in any response schema', () => {
    const calls = listAllCalls().filter((call) => call.response);
    expect(calls.length).toBeGreaterThan(50);
    const parts = calls.flatMap((call) => oneWayParts(call.response!, `${call.method} ${call.path}`));
    expect(parts).toEqual([]);
  });

  it('would notice one (the walk is not blind)', () => {
    const schema = z.object({ data: z.array(z.object({ name: z.string().transform((value) => value.trim()) })) });
    expect(oneWayParts(schema, 'essai')).toEqual([
      'essai.data.element.name (pipe)',
      'essai.data.element.name.out (transform)',
    ]);
  });

  it('keeps only the fields the schema names and writes JSON', () => {
    const schema = z.object({ success: z.literal(true), data: z.object({ name: z.string() }) });
    const json = serialize(schema)({ success: true, data: { name: 'Camille', passwordHash: 'secret' } });
    expect(JSON.parse(json)).toEqual({ success: true, data: { name: 'Camille' } });
  });

  it('refuses an answer its schema does not describe', () => {
    const schema = z.object({ success: z.literal(true), count: z.number() });
    expect(() => serialize(schema)({ success: true, count: 'deux' })).toThrow();
  });
});
