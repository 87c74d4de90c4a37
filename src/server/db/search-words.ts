/** The staff search's words, the same on both sides (docs/decisions.md, "Volume and indexes"). */
/** Lower-case letters with their accents removed, as `schema/columns.ts` `searchVectorOf` writes them in SQL (docs/decisions.md, "Volume and indexes"). */
export const ACCENTED = 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿœæ';
export const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyoa';

/** The same words in TypeScript, for the query side. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'o')
    .replace(/æ/g, 'a')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}
