import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { alternativesOf, everyModulePathUsed, modulesAt, unmatchedPaths } from '../../../scripts/vite/module-paths';
import { prerender } from '../../../scripts/vite/prerender';

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
  'main.js':
    "import { a } from './parts/field-a.js';\nimport { b } from './parts/field-b.js';\ndocument.title = a() + b();\n",
  // Functions the bundle keeps (a constant would be inlined into main.js, its module gone from the bundle).
  'parts/field-a.js': "export const a = () => document.title + 'a';\n",
  'parts/field-b.js': "export const b = () => document.title + 'b';\n",
};

const root = mkdtempSync(join(tmpdir(), 'module-paths-'));
mkdirSync(join(root, 'parts'));
for (const [file, content] of Object.entries(FILES)) writeFileSync(join(root, file), content);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const buildWith = (paths: string[]) => {
  const fields = modulesAt(paths);
  return build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [everyModulePathUsed({ fields })],
    build: {
      write: false,
      minify: false,
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'fields', test: fields.test }] } } },
    },
  });
};

describe('modulesAt and everyModulePathUsed (docs/decisions.md, performance rule 5)', () => {
  it('reads `*` as part of one name and `{a,b}` as one of the names, on either separator', () => {
    const { test } = modulesAt(['node_modules/pkg/dist/{field,input}/*.js', 'src/ui/form-field.tsx']);
    expect(test.test('/app/node_modules/pkg/dist/field/index.js')).toBe(true);
    expect(test.test('C:\\app\\node_modules\\pkg\\dist\\input\\input.js')).toBe(true);
    expect(test.test('/app/node_modules/pkg/dist/select/index.js')).toBe(false);
    // `*` stays within one name.
    expect(test.test('/app/node_modules/pkg/dist/field/deep/index.js')).toBe(false);
    expect(test.test('/app/src/ui/form-field.tsx')).toBe(true);
    expect(test.test('/app/src/ui/form-field.tsx.map')).toBe(false);
  });

  it('takes every `{a,b}` alone, so that each name must match a module', () => {
    expect(alternativesOf('x/{a,b}/{c,d}.js')).toEqual(['x/a/c.js', 'x/a/d.js', 'x/b/c.js', 'x/b/d.js']);
    expect(alternativesOf('x/y.js')).toEqual(['x/y.js']);
    const group = modulesAt(['lib/{field,fieldset}.js', 'lib/*-context.js']);
    expect(unmatchedPaths(group, ['/app/lib/field.js', '/app/lib/use-context.js'])).toEqual(['lib/fieldset.js']);
    expect(unmatchedPaths(group, ['/app/lib/field.js'])).toEqual(['lib/fieldset.js', 'lib/*-context.js']);
  });

  it('stops a build where a path names no module, and lets one through where each does', async () => {
    await expect(buildWith(['parts/{field-a,field-c}.js'])).rejects.toThrow(
      'Aucun module ne correspond à ces chemins : « parts/field-c.js » (groupe fields).',
    );
    const built = await buildWith(['parts/field-*.js']);
    const output = (Array.isArray(built) ? built[0] : built) as { output: { fileName: string }[] };
    expect(output.output.map((file) => file.fileName).some((name) => /^assets\/fields-/.test(name))).toBe(true);
  });
});

describe('the pre-rendering after a failed build', () => {
  it('does nothing when the bundle was not written, so that the guard’s message is the one shown', async () => {
    const plugin = prerender({ root, entry: join(root, 'main.js'), alias: {} });
    const outDir = join(root, 'never-written');
    (plugin.configResolved as (config: unknown) => void)({ root, build: { ssr: false, outDir } });
    const { handler } = plugin.closeBundle as { handler: () => Promise<void> };
    // Run, it would build the pre-rendering and read `${outDir}/index.html`: ENOENT.
    await expect(handler()).resolves.toBeUndefined();
  });
});
