/**
 * French plurals through `Intl.PluralRules` (0 and 1 are singular in French), in place of
 * hand-written `n > 1 ? 's' : ''`. Pure: shared by the server and the renderer.
 */
const rules = new Intl.PluralRules('fr-FR');

/** The word for `count`: `singular`, or `pluralForm` (by default `singular` + 's'). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return rules.select(count) === 'one' ? singular : pluralForm;
}

/** The count and its word: '1 participant', '0 place', '3 places'. */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${count} ${plural(count, singular, pluralForm)}`;
}
