import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSystem as chakraCreateSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chakraSystemInSteps } from '../../../scripts/vite/chakra-system-steps';

const require = createRequire(import.meta.url);
const chakraEsm = join(require.resolve('@chakra-ui/react'), '..', '..', 'esm');
const systemFile = join(chakraEsm, 'styled-system', 'system.js');

type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string } | null;
const transform = chakraSystemInSteps().transform as unknown as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

type Configs = Parameters<typeof chakraCreateSystem>;
type StepsSystem = typeof chakraCreateSystem & {
  prepareConfig(...configs: Configs): void;
  prepareTokens(...configs: Configs): unknown;
};

describe('chakraSystemInSteps (docs/decisions.md, performance rule 15)', () => {
  // The rewritten module is written beside Chakra's, so that its relative imports resolve, and
  // imported for real.
  const rewrittenFile = join(chakraEsm, 'styled-system', `system.steps-test-${process.pid}.js`);
  let createSystem: StepsSystem;
  const park = defineConfig({ theme: { tokens: { colors: { brand: { 500: { value: '#35833e' } } } } } });

  beforeAll(async () => {
    const result = transform.call(context, readFileSync(systemFile, 'utf8'), systemFile);
    writeFileSync(rewrittenFile, result!.code);
    createSystem = ((await import(pathToFileURL(rewrittenFile).href)) as { createSystem: StepsSystem }).createSystem;
  });
  afterAll(() => rmSync(rewrittenFile, { force: true }));

  it('gives createSystem two steps whose results the next call with the same configurations takes, once', () => {
    const configs: Configs = [defaultConfig, park];
    createSystem.prepareConfig(...configs);
    const tokens = createSystem.prepareTokens(...configs);
    expect(tokens).toBeDefined();
    const system = createSystem(...configs);
    expect(system.tokens).toBe(tokens);
    // Taken once: the next system builds its own.
    expect(createSystem(...configs).tokens).not.toBe(tokens);
  });

  it('builds the same system in steps as at once, and as Chakra’s own createSystem', () => {
    const configs: Configs = [defaultConfig, park];
    createSystem.prepareConfig(...configs);
    createSystem.prepareTokens(...configs);
    const inSteps = createSystem(...configs);
    const atOnce = createSystem(...configs);
    const chakras = chakraCreateSystem(...configs);
    const style = { color: 'brand.500', bg: 'red.solid', p: '4', _hover: { color: 'fg.muted' } };
    expect(inSteps.css(style)).toEqual(chakras.css(style));
    expect(atOnce.css(style)).toEqual(chakras.css(style));
    expect(inSteps.token('colors.brand.500')).toBe('#35833e');
    expect(inSteps.tokens.allTokens.map((token) => token.name)).toEqual(
      chakras.tokens.allTokens.map((token) => token.name),
    );
  });

  it('ignores steps run for other configuration objects', () => {
    createSystem.prepareConfig(defaultConfig, park);
    const tokens = createSystem.prepareTokens(defaultConfig, park);
    const other = defineConfig({ theme: { tokens: { colors: { brand: { 500: { value: '#000000' } } } } } });
    const system = createSystem(defaultConfig, other);
    expect(system.tokens).not.toBe(tokens);
    expect(system.token('colors.brand.500')).toBe('#000000');
    // Tokens asked before the configuration was merged: nothing to take.
    expect(createSystem.prepareTokens(defaultConfig, other)).toBeUndefined();
  });

  it('leaves every other module alone', () => {
    expect(transform.call(context, 'const a = 1;', join(chakraEsm, 'styled-system', 'css.js'))).toBeNull();
  });

  it('stops the build when a Chakra upgrade changed the code it rewrites', () => {
    expect(() => transform.call(context, 'export function createSystem() {}', systemFile)).toThrow(
      'Chakra styled-system/system.js a changé : revoir scripts/vite/chakra-system-steps.ts (docs/decisions.md, règle 15).',
    );
  });
});
