import ts from 'typescript';
import type { Plugin } from 'vite';

/** The API's call definitions, shared by the server and the renderer (src/shared/api/contract.ts). */
const CONTRACT_MODULE = /[\\/]src[\\/]shared[\\/]api[\\/][^\\/]+\.contract\.ts$/;

/** What tells an object literal of a contract module is a call definition, or a part of one. */
const CALL_KEYS = new Set(['method', 'path', 'access']);

/**
 * What only the server and the API document read of a call: its schemas and its documentation.
 * The renderer reads a call's method, path, access and 401 rule; it parses answers with the
 * response schema in development and tests only (`call-api.ts`, `PARSE_RESPONSES`).
 */
export const SERVER_ONLY_KEYS = [
  'params',
  'query',
  'body',
  'response',
  'headers',
  'requestContent',
  'binaryResponse',
  'errors',
  'summary',
  'description',
] as const;

const propertyName = (property: ts.ObjectLiteralElementLike) =>
  (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
  (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    ? property.name.text
    : undefined;

/**
 * A contract module as the web build's renderer needs it: every call definition without its
 * schemas and documentation. Their imports are then unused, and the TypeScript transform drops
 * them, so that a page calling the API no longer loads zod, the schema modules and the phone
 * library with its calls (docs/decisions.md, performance rule 24). Types are left as written.
 */
export function withoutServerOnlyParts(code: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const serverOnly = new Set<string>(SERVER_ONLY_KEYS);
  const transformer: ts.TransformerFactory<ts.SourceFile> = (context) => {
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isObjectLiteralExpression(node)) {
        const names = node.properties.map(propertyName);
        if (names.some((name) => name !== undefined && CALL_KEYS.has(name))) {
          const kept = node.properties.filter((_, index) => !serverOnly.has(names[index] ?? ''));
          return ts.visitEachChild(context.factory.updateObjectLiteralExpression(node, kept), visit, context);
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (file) => ts.visitNode(file, visit) as ts.SourceFile;
  };
  const [result] = ts.transform(source, [transformer]).transformed;
  return ts.createPrinter().printFile(result!);
}

/** The web build's renderer reads its call definitions without what only the server reads. */
export function clientContracts(): Plugin {
  return {
    name: 'parc:client-contracts',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!CONTRACT_MODULE.test(file)) return null;
      return { code: withoutServerOnlyParts(code, file), map: null };
    },
  };
}
