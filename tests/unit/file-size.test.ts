import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No source file over 350 lines (migrations and seed data aside): a file that grows
 * past it is split where its parts have names of their own (docs/architecture.md).
 */
const ROOT = join(import.meta.dirname, '../..');
const LIMIT = 350;
const EXEMPT = [/^src\/server\/db\/migrations\//, /^src\/server\/db\/seed-data\.ts$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('source file size', () => {
  it(`keeps every file of src/ at ${LIMIT} lines or fewer`, () => {
    const files = sourceFiles(join(ROOT, 'src'))
      .map((path) => relative(ROOT, path).split('\\').join('/'))
      .filter((path) => !EXEMPT.some((pattern) => pattern.test(path)));
    expect(files.length).toBeGreaterThan(300);
    const tooLong = files
      .map((path) => ({ path, lines: readFileSync(join(ROOT, path), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > LIMIT);
    expect(tooLong).toEqual([]);
  });
});
