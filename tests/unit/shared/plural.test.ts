import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countOf, plural } from '../../../src/shared/plural';

describe('French plurals (Intl.PluralRules)', () => {
  it('keeps 0 and 1 singular, 2 and more plural', () => {
    expect(countOf(0, 'place')).toBe('0 place');
    expect(countOf(1, 'participant')).toBe('1 participant');
    expect(countOf(2, 'participant')).toBe('2 participants');
    expect(countOf(100, 'demande')).toBe('100 demandes');
    expect(countOf(1_000_000, 'e-mail')).toBe('1000000 e-mails');
  });

  it('takes an irregular plural', () => {
    expect(plural(1, 'travail', 'travaux')).toBe('travail');
    expect(plural(3, 'travail', 'travaux')).toBe('travaux');
  });
});

it('no source file writes a French plural by hand any more (`n > 1 ? …`)', () => {
  const root = fileURLToPath(new URL('../../../src', import.meta.url));
  const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) =>
      /\w > 1 \? '[^']*s\b/.test(readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')),
    );
  expect(offenders).toEqual([]);
});
