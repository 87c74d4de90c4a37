import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkCycle, noChunkCycles } from '../../../scripts/vite/chunk-cycles';

/** An app whose two groups, each without its dependencies, need each other: x.js → y.js → z.js. */
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
  'main.js': "import { x } from './x.js';\ndocument.title = x();\n",
  'x.js': "import { y } from './y.js';\nexport const x = () => y() + 'x';\n",
  'y.js': "import { z } from './z.js';\nexport const y = () => z() + 'y';\n",
  'z.js': "export const z = () => document.title + 'z';\n",
};

const root = mkdtempSync(join(tmpdir(), 'chunk-cycles-'));
for (const [file, content] of Object.entries(FILES)) writeFileSync(join(root, file), content);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const buildWith = (groups: { name: string; test: RegExp }[]) =>
  build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [noChunkCycles()],
    build: {
      write: false,
      minify: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: groups.map((group) => ({ ...group, includeDependenciesRecursively: false })),
          },
        },
      },
    },
  });

describe('noChunkCycles (docs/decisions.md, performance rule 5)', () => {
  it('finds the chain of files that import each other, and nothing in a tree', () => {
    const tree = new Map([
      ['a.js', ['b.js', 'c.js']],
      ['b.js', ['c.js']],
      ['c.js', []],
    ]);
    expect(chunkCycle(tree)).toBeUndefined();
    const cycle = new Map([
      ['a.js', ['b.js']],
      ['b.js', ['c.js']],
      ['c.js', ['b.js']],
    ]);
    expect(chunkCycle(cycle)).toEqual(['b.js', 'c.js', 'b.js']);
  });

  it('stops a build whose groups make two chunks import each other', async () => {
    await expect(
      buildWith([
        { name: 'outer', test: /[\\/][xz]\.js$/ },
        { name: 'middle', test: /[\\/]y\.js$/ },
      ]),
    ).rejects.toThrow(/Des fichiers JavaScript s’importent l’un l’autre : assets\/(?:outer|middle)-[\w-]+\.js → /);
  });

  it('lets a build whose groups follow the imports through', async () => {
    await expect(
      buildWith([
        { name: 'outer', test: /[\\/][xy]\.js$/ },
        { name: 'inner', test: /[\\/]z\.js$/ },
      ]),
    ).resolves.toBeDefined();
  });
});
