import type pg from 'pg';
import { RestoreRefusedError } from './backup-versions.ts';
import { quoteIdentifier, withClient } from './database-tables.ts';

/** What an empty database held before a restore, so that a failed one can take away all it made. */
export type EmptyDatabase = { schemas: string[]; extensions: string[]; routines: string[]; types: string[] };

/** An extension's own functions and types go with it. */
const NOT_OF_AN_EXTENSION = (oid: string) =>
  `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;
const USER_SCHEMAS =
  "n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_(toast|temp)'";

async function inventory(client: pg.Client): Promise<EmptyDatabase & { relations: string[] }> {
  const list = async (query: string) =>
    (await client.query<{ name: string }>(query)).rows.map(({ name }) => name);
  return {
    relations: await list(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${USER_SCHEMAS} order by 1`,
    ),
    schemas: await list(`select nspname as name from pg_namespace n where ${USER_SCHEMAS}`),
    extensions: await list('select extname as name from pg_extension'),
    routines: await list(
      `select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and ${NOT_OF_AN_EXTENSION('p.oid')}`,
    ),
    types: await list(
      `select t.oid::regtype::text as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' and t.typtype in ('e', 'd') and ${NOT_OF_AN_EXTENSION('t.oid')}`,
    ),
  };
}

/** Refuses a database holding any table, view or sequence; answers what else it holds. */
export async function refuseNonEmptyDatabase(databaseUrl: string, shownAs: string): Promise<EmptyDatabase> {
  return withClient(databaseUrl, async (client) => {
    const { relations, ...held } = await inventory(client);
    if (relations.length > 0)
      throw new RestoreRefusedError(
        `The database ${shownAs} is not empty (${relations.slice(0, 3).join(', ')}${relations.length > 3 ? ', …' : ''}): ` +
          'restore only into an empty database (e.g. `createdb reformer_restored`).',
      );
    return held;
  });
}

/**
 * After a failed restore, drops what it made — the schemas, tables, functions, types and extensions the
 * empty database did not hold — in one transaction, so the database is empty again and a new attempt may run.
 */
export async function emptyDatabaseAgain(databaseUrl: string, before: EmptyDatabase): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const now = await inventory(client);
    const added = (list: string[], kept: string[]) => list.filter((name) => !kept.includes(name));
    await client.query('begin');
    for (const schema of added(now.schemas, before.schemas))
      await client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`);
    const { rows } = await client.query<{ name: string; kind: string }>(
      `select c.oid::regclass::text as name, c.relkind as kind from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        -- Sequences last: an identity column's goes with its table, and dropping it first is refused.
        order by c.relkind = 'S'`,
    );
    const dropKind: Record<string, string> = {
      v: 'view',
      m: 'materialized view',
      S: 'sequence',
      f: 'foreign table',
    };
    for (const { name, kind } of rows)
      await client.query(`drop ${dropKind[kind] ?? 'table'} if exists ${name} cascade`);
    for (const routine of added(now.routines, before.routines))
      await client.query(`drop routine if exists ${routine} cascade`);
    for (const type of added(now.types, before.types))
      await client.query(`drop type if exists ${type} cascade`);
    for (const extension of added(now.extensions, before.extensions))
      await client.query(`drop extension if exists ${quoteIdentifier(extension)} cascade`);
    await client.query('commit');
  });
}
