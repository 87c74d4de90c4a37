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
