import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: comments cite docs/decisions.md by a section or a rule's bold
 * title (`docs/decisions.md, "Joining"`) or by a performance rule's number
 * (`docs/decisions.md, performance rule 15`), never an issue number. Each citation must name
 * something decisions.md still holds, so renaming a rule means updating its citations.
 */
const ROOT = join(import.meta.dirname, '../..');
const SCANNED = ['src', 'scripts', 'eslint-rules', 'tests', 'eslint.config.js', 'docs/architecture.md', 'README.md'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|sql|sh|md)$/;

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const child = `${path}/${entry.name}`;
    if (entry.isDirectory()) return files(child);
    return TEXT.test(entry.name) ? [child] : [];
  });
}

/** The file's text with each line's comment markers dropped, so a citation cut by a line break reads whole. */
function joined(text: string): string {
  return text.replace(/\s*\n\s*(?:\*(?!\/)|\/\/|--|#)?\s*/g, ' ');
}

function decisions(): { titles: Set<string>; performanceRules: Set<number> } {
  const text = readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8');
  const titles = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{2,3} (.+)$/gm)) titles.add(heading!.trim());
  for (const [, title] of text.matchAll(/^\s*(?:- |\d+\. )\*\*(.+?)\*\*/gm)) titles.add(title!.replace(/\.$/, ''));
  const performance = text.slice(text.indexOf('\n## Performance'));
  const performanceRules = new Set([...performance.matchAll(/^(\d+)\. \*\*/gm)].map(([, n]) => Number(n)));
  return { titles, performanceRules };
}

const sources = SCANNED.flatMap(files).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

describe('citations of docs/decisions.md', () => {
  const { titles, performanceRules } = decisions();

  it('name a section or a rule that decisions.md holds', () => {
    const cited = sources.flatMap(({ path, text }) =>
      [...joined(text).matchAll(/decisions\.md,? ?"([^"]+)"/g)].map(([, title]) => ({ path, title: title! })),
    );
    expect(cited.length).toBeGreaterThan(30);
    expect(cited.filter(({ title }) => !titles.has(title))).toEqual([]);
  });

  it('name performance rules by a number decisions.md still has', () => {
    expect(performanceRules.size).toBeGreaterThan(10);
    const cited = sources.flatMap(({ path, text }) =>
      [...joined(text).matchAll(/decisions\.md,? (?:[Pp]erformance rules?|règle) (\d+)(?: and (\d+))?/g)].flatMap(
        ([, first, second]) => [first, second].filter(Boolean).map((rule) => ({ path, rule: Number(rule) })),
      ),
    );
    expect(cited.length).toBeGreaterThan(30);
    expect(cited.filter(({ rule }) => !performanceRules.has(rule))).toEqual([]);
  });

  it('stand in for issue numbers: no file of src/ cites an issue', () => {
    const citing = sources
      .filter(({ path }) => path.startsWith('src/'))
      .filter(({ text }) => /\bissues? #?\d/i.test(joined(text)))
      .map(({ path }) => path);
    expect(citing).toEqual([]);
  });
});
