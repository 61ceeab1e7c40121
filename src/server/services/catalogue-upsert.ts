import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * Upserts catalogue rows by their stable key: new rows are added, changed ones are updated in
 * place (ids, and everything that refers to them, stay), rows already equal are not written.
 * Running it twice, or on two instances at once, changes nothing.
 */
export async function upsertCatalogue<T extends PgTable>(
  db: Db,
  table: T,
  key: PgColumn,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(
    ([, column]) => column.name !== key.name && !column.primary && Object.hasOwn(rows[0]!, propertyOf(table, column)),
  );
  const set: Record<string, SQL> = {};
  for (const [property, column] of columns) set[property] = sql.raw(`excluded."${column.name}"`);
  const current = sql.join(
    columns.map(([, column]) => sql`${column}`),
    sql`, `,
  );
  const incoming = sql.raw(columns.map(([, column]) => `excluded."${column.name}"`).join(', '));
  await db
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target: key, set, setWhere: sql`(${current}) IS DISTINCT FROM (${incoming})` });
}

function propertyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  return entry ? entry[0] : column.name;
}
