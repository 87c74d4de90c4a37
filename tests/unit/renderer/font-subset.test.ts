import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The interface's one font file is cut to the characters scripts/subset-font.sh lists, and
 * fonts.css tells the browser the same range: a character added to one list and not the other
 * would be asked of a file that does not have it, or drawn by the fallback font for no reason
 * (docs/decisions.md, performance rule 8).
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const ranges = (text: string) =>
  text
    .split(',')
    .map((range) => range.trim())
    .filter(Boolean);

describe('police de l’interface', () => {
  it('déclare dans fonts.css exactement les caractères du fichier découpé', () => {
    const script = readFileSync(resolve(ROOT, 'scripts/subset-font.sh'), 'utf8');
    const css = readFileSync(resolve(ROOT, 'src/renderer/shared/fonts.css'), 'utf8');
    const cut = ranges(/^UNICODES='([^']+)'$/m.exec(script)![1]!);
    const declared = ranges(/unicode-range:([^;]+);/.exec(css)![1]!);
    expect(declared).toEqual(cut);
    // French needs its capitals, œ, the typographic apostrophe, the narrow no-break space of
    // numbers and the euro sign.
    expect(cut).toEqual(
      expect.arrayContaining(['U+00C0', 'U+00C6-00CB', 'U+0152-0153', 'U+2018-2019', 'U+202F', 'U+20AC']),
    );
  });

  it('garde le fichier préchargé sous 16 Kio (48 Kio avant le découpage)', () => {
    const size = statSync(resolve(ROOT, 'src/renderer/shared/fonts/inter-fr-wght.woff2')).size;
    expect(size).toBeGreaterThan(8 * 1024);
    expect(size).toBeLessThan(16 * 1024);
  });
});
