import { z } from 'zod';

/**
 * Every message the schema library writes itself (an invalid enum in a query, a missing key) is
 * French, on the server and in the renderer: messages set in the schemas still win. A value of the
 * wrong kind where the schema names no message (a body that is a list, a query key sent twice) is
 * SPEC.md §8's generic 'Données invalides', a missing one 'Ce champ est requis', rather than the
 * library's sentence about types; a text too long says its limit in words. Imported by every module that builds schemas (api/common.schema.ts,
 * the renderer's form schemas), so that it holds wherever a schema is.
 */
z.config({
  ...z.locales.fr(),
  // In a browser the pages' content security policy forbids eval: zod would probe for it (to
  // compile its object parsers) and the browser would report a violation. Read when a schema is
  // built, hence this module first.
  jitless: typeof document !== 'undefined',
  customError: (issue) => {
    // A text longer than its schema allows, said as a person would rather than as the library does.
    if (issue.code === 'too_big' && issue.origin === 'string') {
      return `Ce texte ne doit pas dépasser ${String(issue.maximum)} caractères`;
    }
    if (issue.code !== 'invalid_type') return undefined;
    return issue.input === undefined ? 'Ce champ est requis' : 'Données invalides';
  },
});
