import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Chakra's Spinner is a bare `span`: an `aria-label` on an element with no role is ignored by
 * screen readers and flagged by axe (`aria-prohibited-attr`). A labelled spinner therefore carries
 * `role="status"` (docs/decisions.md, "Labelled spinners"). The JSX is parsed, not grepped, so an
 * element spread over several lines or holding an expression is read whole.
 */
const ROOT = join(import.meta.dirname, '../../..');
const RENDERER = join(ROOT, 'src/renderer');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** Each `<Spinner>` that has an aria-label but no `role="status"`, as `file:line`. */
function unlabelledRoleSpinners(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'Spinner') {
      const attributes = node.attributes.properties.filter(ts.isJsxAttribute);
      const named = (name: string) => attributes.find((attribute) => attribute.name.getText() === name);
      const role = named('role')?.initializer;
      const hasStatusRole = role !== undefined && ts.isStringLiteral(role) && role.text === 'status';
      if ((named('aria-label') || named('aria-labelledby')) && !hasStatusRole) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${fileName}:${line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('labelled spinners', () => {
  it('flags a Spinner that has an aria-label but no role="status"', () => {
    const sample = [
      'export const A = () => <Spinner size="lg" aria-label="Chargement du pass" />;',
      'export const B = () => (',
      '  <Spinner',
      '    size="lg"',
      '    aria-label={label}',
      '  />',
      ');',
      'export const C = () => <Spinner role="alert" aria-label="Chargement" />;',
      'export const D = () => <Spinner role="status" aria-label="Chargement" />;',
      'export const E = () => <Spinner aria-hidden />;',
    ].join('\n');
    expect(unlabelledRoleSpinners('sample.tsx', sample)).toEqual(['sample.tsx:1', 'sample.tsx:3', 'sample.tsx:8']);
  });

  it('gives role="status" to every labelled Spinner of src/renderer', () => {
    const files = tsxFiles(RENDERER);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((path) =>
      unlabelledRoleSpinners(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
