import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { lazyChakraGlobalStyles } from '../../../scripts/vite/lazy-chakra-global';

const require = createRequire(import.meta.url);
const chakraEsm = join(require.resolve('@chakra-ui/react'), '..', '..', 'esm');
const systemFile = join(chakraEsm, 'styled-system', 'system.js');

type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string } | null;

function transformOf(plugin: Plugin): Transform {
  return plugin.transform as unknown as Transform;
}

const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

describe('lazyChakraGlobalStyles (docs/decisions.md, performance rule 14)', () => {
  const transform = transformOf(lazyChakraGlobalStyles());

  it("turns the installed Chakra's eager global styles into a getter computed once, when read", () => {
    const code = readFileSync(systemFile, 'utf8');
    const result = transform.call(context, code, systemFile);
    expect(result).not.toBeNull();
    expect(result!.code).not.toContain('const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];');
    expect(result!.code).toContain('let _global;');
    expect(result!.code).toContain(
      'get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },',
    );
  });

  it('leaves every other module alone', () => {
    expect(transform.call(context, 'const a = 1;', join(chakraEsm, 'styled-system', 'css.js'))).toBeNull();
  });

  it('stops the build when a Chakra upgrade changed the code it rewrites', () => {
    expect(() => transform.call(context, 'export function createSystem() {}', systemFile)).toThrow(
      'Chakra styled-system/system.js a changé : revoir scripts/vite/lazy-chakra-global.ts (docs/decisions.md, règle 14).',
    );
  });
});
