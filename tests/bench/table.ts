/** The one table `npm run bench` prints: each figure next to its reference, ratio, target and whether it is held. */

export type Row = [string, string, string, string, string, string];

export const rows: Row[] = [['mesure', 'produit', 'référence', 'ratio', 'cible', 'tenue']];

/** Adds a row; `held` (when the row has a target) prints « oui » or « NON ». */
export function row(cells: [string, string, string?, string?, string?], held?: boolean): void {
  const [label, product, reference = '', ratioText = '', target = ''] = cells;
  rows.push([label, product, reference, ratioText, target, held === undefined ? '' : held ? 'oui' : 'NON']);
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const ratio = (a: number, b: number) => (b === 0 ? '' : (a / b).toFixed(2));

export function printedTable(): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  return rows.map((cells) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')).join('\n');
}

/** The public pages' score against the bare-stack reference page's (docs/decisions.md, "Performance"). */
export const SCORE_RATIO = 1.1;

/**
 * Whether a score is at least SCORE_RATIO times the reference's, in whole numbers: 99 against 90
 * is 1.10 and meets it, where `99 >= 1.1 * 90` is false (1.1 * 90 is 99.00000000000001 in binary).
 */
export function meetsScoreRatio(product: number, reference: number): boolean {
  return product * 100 >= Math.round(SCORE_RATIO * 100) * reference;
}
