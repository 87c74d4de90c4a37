import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Rolldown } from 'vite';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { pureAnatomies, rendererTreeshake } from '../../../scripts/vite/chakra-treeshake';

// A page that draws a card only, bundled against the installed Chakra.
const root = mkdtempSync(join(tmpdir(), 'pure-anatomies-'));
symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
writeFileSync(
  join(root, 'index.html'),
  '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
);
writeFileSync(
  join(root, 'main.js'),
  "import { cardAnatomy } from '@chakra-ui/react/anatomy';\ndocument.title = cardAnatomy.keys().join(' ');\n",
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function bundle(plugins: ReturnType<typeof pureAnatomies>[]): Promise<string> {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { write: false, minify: false, rolldownOptions: { treeshake: rendererTreeshake } },
  })) as Rolldown.RolldownOutput;
  return output.output
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n');
}

describe('pureAnatomies (docs/decisions.md, performance rule 3)', () => {
  it('keeps only the anatomies a page uses', async () => {
    const without = await bundle([]);
    const withPlugin = await bundle([pureAnatomies()]);
    for (const code of [without, withPlugin]) expect(code).toContain('"card"');
    // Chakra declares the color picker's anatomy with `.extendWith("channelText")`: kept before.
    expect(without).toContain('"channelText"');
    expect(withPlugin).not.toContain('"channelText"');
    expect(withPlugin).not.toContain('"itemCommand"');
    expect(withPlugin.length).toBeLessThan(without.length);
  });
});
