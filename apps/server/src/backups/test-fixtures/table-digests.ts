import pg from 'pg';
import {
  COPY_SESSION_SETTINGS,
  listTablesInLoadOrder,
  qualifiedName,
  quoteIdentifier,
} from '../database-tables.ts';

export type TableDigest = { rows: number; md5: string };

/**
 * Each application table's row count and the MD5 of its rows as text, ordered by primary key — equal digests,
 * equal tables, whichever PostgreSQL major holds them (the settings fix how dates and numbers are written).
 * `snapshot`: read as of a snapshot another transaction exported (the backup's).
 */
export async function tableDigests(
  databaseUrl: string,
  snapshot?: string,
): Promise<Record<string, TableDigest>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(COPY_SESSION_SETTINGS);
    await client.query('begin isolation level repeatable read read only');
    if (snapshot) await client.query(`set transaction snapshot '${snapshot}'`);
    const digests: Record<string, TableDigest> = {};
    for (const table of await listTablesInLoadOrder(client)) {
      const { rows: key } = await client.query<{ column: string }>(
        `select a.attname as column from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
        [qualifiedName(table)],
      );
      const order = key.length ? key.map(({ column }) => quoteIdentifier(column)).join(', ') : 't::text';
      const { rows } = await client.query<TableDigest>(
        `select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by ${order})), '') as md5
           from ${qualifiedName(table)} t`,
      );
      digests[table.name] = rows[0] as TableDigest;
    }
    await client.query('commit');
    return digests;
  } finally {
    await client.end();
  }
}
