import pg from 'pg';

/**
 * The application's tables as the database itself lists them: every ordinary table of the `public` schema
 * (drizzle's and better-auth's alike, and any a hand-written migration made). Not drizzle's ledger (a restore
 * writes its own as it migrates) nor pg-boss's schema (decision 036).
 */
export type DatabaseTable = { schema: string; name: string; columns: string[] };

/**
 * Settings under which COPY's text is the same on every PostgreSQL major and in both directions, as pg_dump
 * sets them; `row_security = off` makes a read or write that a policy would filter fail instead of silently
 * leaving rows out (decision 019: the connecting user owns the tables, so no policy applies to it).
 */
export const COPY_SESSION_SETTINGS = [
  "set client_encoding = 'UTF8'",
  "set datestyle = 'ISO, YMD'",
  "set intervalstyle = 'postgres'",
  "set timezone = 'UTC'",
  'set extra_float_digits = 3',
  'set row_security = off',
].join('; ');

/** One connection for `run`, closed after it. */
export async function withClient<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualifiedName = (table: { schema: string; name: string }) =>
  `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;

/** The tables, each after every table its foreign keys reference, so loading them in this order satisfies them. */
export async function listTablesInLoadOrder(client: pg.ClientBase): Promise<DatabaseTable[]> {
  const { rows: tables } = await client.query<{ oid: number; name: string; columns: string[] }>(
    `select c.oid, c.relname as name,
            array(select a.attname from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                   order by a.attnum)::text[] as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
      order by c.relname`,
  );
  const { rows: references } = await client.query<{ child: number; parent: number }>(
    `select conrelid as child, confrelid as parent from pg_constraint
      where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`,
  );
  const byOid = new Map(tables.map((table) => [table.oid, table]));
  const parents = new Map(tables.map((table) => [table.oid, new Set<number>()]));
  for (const { child, parent } of references) if (byOid.has(parent)) parents.get(child)?.add(parent);
  const ordered: DatabaseTable[] = [];
  const placed = new Set<number>();
  while (placed.size < tables.length) {
    const ready = tables.filter(
      (table) =>
        !placed.has(table.oid) && [...(parents.get(table.oid) ?? [])].every((oid) => placed.has(oid)),
    );
    if (ready.length === 0) {
      const left = tables.filter((table) => !placed.has(table.oid)).map((table) => table.name);
      throw new Error(
        `The foreign keys between these tables form a cycle, so no load order exists: ${left.join(', ')}`,
      );
    }
    for (const table of ready) {
      placed.add(table.oid);
      ordered.push({ schema: 'public', name: table.name, columns: table.columns });
    }
  }
  return ordered;
}

/** Every sequence a column of a public table owns (serial, identity), so a restore can move it past the rows. */
export async function ownedSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ sequence: string; table: string; column: string }>(
    `select s.oid::regclass::text as sequence, t.oid::regclass::text as table, a.attname as column
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and t.relnamespace = 'public'::regnamespace`,
  );
  return rows;
}
