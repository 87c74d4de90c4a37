import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { pureRouterDeclarations, rendererTreeshake, sideEffectFreeHoist } from '../../../scripts/vite/chakra-treeshake';

// Pages bundled against the installed packages, as the renderer's builds bundle them.
const root = mkdtempSync(join(tmpdir(), 'pure-router-'));
symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function bundle(main: string, plugins: Plugin[]): Promise<string> {
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(join(root, 'main.js'), main);
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { write: false, minify: false, rolldownOptions: { treeshake: rendererTreeshake } },
  })) as Rolldown.RolldownOutput;
  return output.output
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n');
}

describe('pureRouterDeclarations (docs/decisions.md, performance rule 3)', () => {
  // The app's use of react-router: a route table, no <Form>, no fetcher.
  const page =
    "import { createElement } from 'react';\nimport { MemoryRouter, useRoutes } from 'react-router-dom';\n" +
    "function App() { return useRoutes([{ path: '/', element: createElement('p', null, 'Accueil') }]); }\n" +
    'window.app = createElement(MemoryRouter, null, createElement(App));\n';

  it('keeps only the components and hooks a page uses', async () => {
    const without = await bundle(page, []);
    const withPlugin = await bundle(page, [pureRouterDeclarations()]);
    for (const code of [without, withPlugin]) expect(code).toContain('function useRoutes');
    // <Form> and the submit machinery behind it were kept before, unused.
    expect(without).toContain('function useSubmit');
    expect(withPlugin).not.toContain('function useSubmit');
    expect(withPlugin).not.toContain('"Form"');
    expect(withPlugin.length).toBeLessThan(without.length);
  });
});

describe('sideEffectFreeHoist (docs/decisions.md, performance rule 3)', () => {
  // What Chakra uses of Emotion: its cache provider and the `css` prop's element.
  const page =
    "import { CacheProvider, jsx } from '@emotion/react';\nimport createCache from '@emotion/cache';\n" +
    "window.app = jsx(CacheProvider, { value: createCache({ key: 'css' }) }, jsx('p', { css: { color: 'red' } }));\n";

  it('leaves hoist-non-react-statics and react-is out when withTheme is not used', async () => {
    const without = await bundle(page, []);
    const withPlugin = await bundle(page, [sideEffectFreeHoist()]);
    // The unminified bundle names each module it holds in a comment.
    expect(without).toContain('node_modules/hoist-non-react-statics/');
    expect(without).toContain('node_modules/react-is/');
    expect(withPlugin).not.toContain('node_modules/hoist-non-react-statics/');
    expect(withPlugin).not.toContain('node_modules/react-is/');
    expect(withPlugin).toContain('EmotionCacheContext');
  });
});
