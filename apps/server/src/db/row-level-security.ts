import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { isUuid } from '../lib/uuid.ts';
import type { Database, QueuedClient, Transaction } from './client.ts';

/**
 * The second wall between tenants (issue #17, decision 019): every table with an `organization_id` column
 * answers only the rows of the organization set for the current transaction, whatever the SQL asks for.
 * Requests under /organizations/{orgId} run as this role, which neither owns the tables nor bypasses
 * row-level security; migrations, jobs and the identity routes keep the connecting user.
 */
export const TENANT_ROLE = 'reformer_tenant';

/** The transaction-local setting the policies read; unset (or empty) means no organization: 0 rows. */
export const ORGANIZATION_SETTING = 'app.organization_id';

/** The fields of Drizzle's session on a pool that a transaction's own session is built from. */
type SessionArguments = ConstructorParameters<typeof NodePgSession>;
type PooledSession = {
  client: pg.Pool;
  dialect: SessionArguments[1];
  schema: SessionArguments[2];
  options: SessionArguments[3];
};

/** Each pooled connection's transaction object, built once for the connection's life. */
const transactions = new WeakMap<pg.PoolClient, Transaction>();

/**
 * The transaction object on `client`. Drizzle's database constructor builds a relational query builder for
 * every table of the schema, which cost a few per cent of the server's CPU under the list load when done per
 * request (decision 018); the object holds nothing of a request — its connection, the dialect, the schema —
 * and the pool lends a connection to one request at a time. Keyed by connection, prepared.ts's statements
 * bound to it are reused too.
 */
function transactionOn(client: pg.PoolClient, pooled: PooledSession): Transaction {
  let tx = transactions.get(client);
  if (!tx) {
    const session = new NodePgSession(client, pooled.dialect, pooled.schema, pooled.options);
    tx = new NodePgTransaction(pooled.dialect, session, pooled.schema) as unknown as Transaction;
    transactions.set(client, tx);
  }
  return tx;
}

/**
 * `run` in a transaction on the tenant pool that names `organizationId` (any other text names none: 0 rows).
 * BEGIN and the setting are one simple query, written into the text because a checked UUID cannot carry
 * anything else, and it goes out in one write with the transaction's first statement (the tenant pool
 * pipelines, db/client.ts): a list request is two round trips, its page and COMMIT (decision 018). Its
 * answer is awaited before COMMIT: it fails only with its connection (which then runs nothing after it),
 * and had it failed otherwise, the statements after it would have named no organization — no tenant row
 * seen or written — and their result is not returned. The transaction object is Drizzle's own, so a
 * service's nested `transaction()` is a savepoint as usual; `row-level-security.test.ts` pins the two Drizzle
 * internals this takes (the session's fields, the classes' constructors).
 */
export async function organizationTransaction<T>(
  tenantDb: Database,
  organizationId: string,
  run: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const pooled = (tenantDb as unknown as { session: PooledSession }).session;
  const client = (await pooled.client.connect()) as pg.PoolClient & QueuedClient;
  const tx = transactionOn(client, pooled);
  const organization = isUuid(organizationId) ? organizationId : '';
  let lost: Error | undefined;
  const opened = client.openWith(
    `begin; select set_config('${ORGANIZATION_SETTING}', '${organization}', true)`,
  );
  // Awaited below; a failure to open fails the transaction there, never as an unhandled rejection.
  opened.catch(() => {});
  try {
    const result = await run(tx);
    client.sendOpening();
    await opened;
    await client.query('commit');
    return result;
  } catch (error) {
    client.sendOpening();
    // A connection that cannot even roll back is broken: the pool must discard it, not lend it again.
    await client.query('rollback').catch((rollbackError: Error) => {
      lost = rollbackError;
    });
    throw error;
  } finally {
    client.release(lost);
  }
}

const currentOrganization = `nullif(current_setting('${ORGANIZATION_SETTING}', true), '')::uuid`;

/**
 * Run after every migration, so a table added later is walled the day it lands without anyone writing a
 * policy for it: the role, its grants, and one policy per tenant table, all idempotent. Under an advisory
 * lock, because two instances starting on one PostgreSQL would otherwise race on the catalog.
 */
export async function ensureRowLevelSecurity(client: pg.ClientBase): Promise<RowLevelSecurityReport> {
  await client.query('begin');
  try {
    await client.query("select pg_advisory_xact_lock(hashtext('reformer.row-level-security'))");
    await ensureTenantRole(client);
    const enumFiltersIndexed = await ensureLeakproofEnumEquality(client);
    await client.query(`grant usage on schema public to ${TENANT_ROLE}`);
    await client.query(
      `grant select, insert, update, delete on all tables in schema public to ${TENANT_ROLE}`,
    );
    await client.query(`grant usage, select on all sequences in schema public to ${TENANT_ROLE}`);
    // Only what is missing: altering a table takes a lock that would stall a running instance's requests.
    for (const { table, walled, policy } of await tenantTables(client)) {
      if (!walled) await client.query(`alter table public."${table}" enable row level security`);
      if (!policy)
        await client.query(
          `create policy tenant_isolation on public."${table}" to ${TENANT_ROLE}
             using (organization_id = ${currentOrganization}) with check (organization_id = ${currentOrganization})`,
        );
    }
    await client.query('commit');
    return { enumFiltersIndexed };
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** What the wall could not set up for speed (it is up either way). */
export type RowLevelSecurityReport = {
  /** Whether a filter on an enum column (a status, a payment method) may use its statistics and indexes. */
  enumFiltersIndexed: boolean;
};

/** Enum equality and inequality: they compare two OIDs, so they can neither fail nor tell anything else. */
const ENUM_EQUALITY = ['pg_catalog.enum_eq(anyenum, anyenum)', 'pg_catalog.enum_ne(anyenum, anyenum)'];

/** What an administrator runs, once per database (and again after a restore), when the user may not. */
export const LEAKPROOF_ENUM_EQUALITY = ENUM_EQUALITY.map(
  (signature) => `ALTER FUNCTION ${signature} LEAKPROOF;`,
);

/**
 * Behind a policy PostgreSQL uses a condition as an index condition, and reads the column's statistics for
 * it, only when the condition's function is LEAKPROOF (it could otherwise reveal rows of another organization
 * before the policy filters them, to SQL written to make it fail). Enum equality is not marked so by
 * PostgreSQL, though it compares two OIDs and can neither fail nor have side effects: behind the wall the
 * enrollment list filtered by status read every enrollment of the organization instead of its status's index,
 * and took about three times as long as without the wall (decision 019). Only the application's own SQL runs
 * as the tenant role — no tenant writes SQL or functions —, so marking the two functions leakproof gives
 * nothing away. Only a superuser may (the embedded PostgreSQL's user is one); otherwise, or if PostgreSQL
 * refuses, nothing changes but the report, and the wall goes up as before.
 */
export async function ensureLeakproofEnumEquality(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ leakproof: boolean; superuser: boolean }>(
    `select bool_and(p.proleakproof) as leakproof,
            (select rolsuper from pg_roles where rolname = current_user) as superuser
       from pg_proc p where p.oid = any($1::regprocedure[])`,
    [ENUM_EQUALITY],
  );
  const [state] = rows;
  if (state?.leakproof) return true;
  if (!state?.superuser) return false;
  await client.query('savepoint leakproof');
  try {
    for (const statement of LEAKPROOF_ENUM_EQUALITY) await client.query(statement);
    await client.query('release savepoint leakproof');
    return true;
  } catch {
    await client.query('rollback to savepoint leakproof');
    return false;
  }
}

/** Every table of the public schema that carries an organization's rows, and whether it is walled yet. */
export async function tenantTables(
  client: pg.ClientBase,
): Promise<{ table: string; walled: boolean; policy: boolean }[]> {
  const { rows } = await client.query<{ table: string; walled: boolean; policy: boolean }>(
    `select c.relname as table, c.relrowsecurity as walled,
            exists (select 1 from pg_policies p
                     where p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'tenant_isolation') as policy
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind in ('r', 'p')
        and exists (select 1 from pg_attribute a
                     where a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped)
      order by c.relname`,
  );
  return rows;
}

async function ensureTenantRole(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ exists: boolean; member: boolean }>(
    `select exists (select 1 from pg_roles where rolname = $1) as exists,
            coalesce(pg_has_role(current_user, (select oid from pg_roles where rolname = $1), 'member'), false) as member`,
    [TENANT_ROLE],
  );
  try {
    // Roles belong to the whole PostgreSQL server: another database (a parallel test run) may create it first.
    if (!rows[0]?.exists) {
      await client.query('savepoint create_role');
      try {
        await client.query(`create role ${TENANT_ROLE} nologin nosuperuser nobypassrls`);
        await client.query('release savepoint create_role');
      } catch (error) {
        await client.query('rollback to savepoint create_role');
        if ((error as { code?: string }).code !== '23505' && (error as { code?: string }).code !== '42710')
          throw error;
      }
    }
    if (!rows[0]?.member) await client.query(`grant ${TENANT_ROLE} to current_user`);
  } catch (error) {
    throw new Error(
      `Row-level security needs a role "${TENANT_ROLE}" that the database user may switch to, and this user ` +
        `may not create it (${(error as Error).message}). Ask the database administrator to run: ` +
        `create role ${TENANT_ROLE} nologin; grant ${TENANT_ROLE} to <the user in DATABASE_URL>;`,
    );
  }
}
