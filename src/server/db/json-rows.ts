import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A table's row read from PostgreSQL JSON (`row_to_json`, `json_agg`), mapped the way drizzle maps
 * the same row from a plain select: column names to properties, each value through the column's
 * own driver mapping (timestamps to Date, jsonb parsed, dates kept as strings). Used by the read
 * models that load several tables in one round trip (docs/decisions.md, "One query per detail").
 */
export function fromJsonRow<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** Every row of a JSON array (`json_agg`, possibly null for no rows) mapped with `fromJsonRow`. */
export function fromJsonRows<T extends Table>(table: T, json: unknown): InferSelectModel<T>[] {
  if (!Array.isArray(json)) return [];
  return json.map((item) => fromJsonRow(table, item as Record<string, unknown>));
}
