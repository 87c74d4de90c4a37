import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SERVER_ONLY_KEYS, withoutServerOnlyParts } from '../../../scripts/vite/client-contracts';

const API = resolve(import.meta.dirname, '../../../src/shared/api');
const CONTRACTS = readdirSync(API).filter((file) => file.endsWith('.contract.ts'));

/** The module as the bundler gets it: TypeScript removed, unused imports dropped (verbatimModuleSyntax off). */
function asBuilt(file: string): string {
  const code = withoutServerOnlyParts(readFileSync(join(API, file), 'utf8'), file);
  return ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
}

/** Every `key: ` of an object literal in a module's code (property assignments and shorthands). */
function propertyKeys(code: string): string[] {
  const source = ts.createSourceFile('m.ts', code, ts.ScriptTarget.ES2022, true);
  const keys: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && ts.isIdentifier(node.name))
      keys.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

describe('clientContracts (docs/decisions.md, performance rule 24)', () => {
  it('finds the contract modules', () => {
    expect(CONTRACTS).toContain('messages.contract.ts');
    expect(CONTRACTS.length).toBeGreaterThanOrEqual(10);
  });

  it.each(CONTRACTS)('%s keeps each call’s method, path and access, and nothing only the server reads', (file) => {
    const before = propertyKeys(readFileSync(join(API, file), 'utf8'));
    const after = propertyKeys(asBuilt(file));
    for (const key of ['method', 'path', 'access', 'redirectOn401', 'status'])
      expect(after.filter((name) => name === key).length, key).toBe(before.filter((name) => name === key).length);
    expect(after.filter((name) => (SERVER_ONLY_KEYS as readonly string[]).includes(name))).toEqual([]);
  });

  it.each(CONTRACTS)('%s no longer imports zod nor a schema module', (file) => {
    const imports = [...asBuilt(file).matchAll(/from\s+['"]([^'"]+)['"]/g)].map((match) => match[1]);
    expect(imports.filter((from) => from === 'zod' || from!.endsWith('.schema'))).toEqual([]);
  });

  it('leaves a call group, and an object that is no call, as they are', () => {
    const code = `
      const POST = { method: 'POST', access: 'customer', body: postBody, response: answer, summary: 'Envoi' } as const;
      export const calls = {
        post: defineCall({ ...POST, path: '/api/v1/x' }),
        query: defineCall({ method: 'GET', path: '/api/v1/y', access: 'public', query: q, response: r, summary: 'Liste' }),
      };
      export const LABELS = { body: 'Corps', response: 'Réponse' };
    `;
    const out = withoutServerOnlyParts(code, 'x.contract.ts');
    expect(out).toContain("const POST = { method: 'POST', access: 'customer' } as const;");
    expect(out).toContain("post: defineCall({ ...POST, path: '/api/v1/x' })");
    expect(out).toContain("query: defineCall({ method: 'GET', path: '/api/v1/y', access: 'public' })");
    expect(out).toContain("export const LABELS = { body: 'Corps', response: 'Réponse' };");
  });
});
