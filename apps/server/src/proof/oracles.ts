import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  dashboardDays,
  dashboardMarks,
  dashboardMoney,
  dashboardMoneyMarks,
  dashboardSessionDays,
  sessionCounts,
} from '../db/schema/index.ts';

export type Digest = Map<string, string>;

/** The rows of a raw statement (node-postgres result; the Database type leaves it unknown). */
async function rows<T>(db: Database, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as { rows: T[] }).rows;
}

/**
 * The tables whose rows belong to a tenant: every table with an organization_id column, plus the
 * organizations themselves and the users (names, e-mails). Read from the catalog, so a table added by a
 * new migration is covered the day it lands.
 */
async function tenantTables(db: Database): Promise<string[]> {
  const result = await rows<{ table_name: string }>(
    db,
    sql`
    select distinct table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'organization_id'
    union select 'organizations' union select 'users'
    order by 1`,
  );
  return result.map((row) => row.table_name);
}

/**
 * The audit row a member's read of its own organization's medical records, or of a customer's whole record
 * (decision 021), writes (ARCHITECTURE §5: every read is audited): a read action, by a member of the row's
 * organization, naming a customer of it and only records of that customer. A read across tenants — an outsider's, or one naming another organization's
 * customer or record — is none of these, so it still changes the digest.
 */
const OWN_AUDITED_READ = `t.action in ('medical_record.viewed', 'medical_record.listed', 'customer.data_exported')
  and exists (select 1 from memberships m where m.organization_id = t.organization_id and m.user_id = t.actor_id)
  and exists (select 1 from customers c where c.organization_id = t.organization_id and c.id::text = t.entity_id)
  and not exists (
    select 1 from jsonb_array_elements_text(coalesce(t.details -> 'recordIds', '[]')) as named(id)
    where not exists (
      select 1 from medical_records r
      where r.organization_id = t.organization_id and r.customer_id::text = t.entity_id and r.id::text = named.id))`;

type DigestOptions = {
  /** Leave out of audit_log the rows of `OWN_AUDITED_READ`: a read the probe lets through writes them. */
  ownAuditedReads?: 'ignore';
  /**
   * Leave out the kept figures (decision 018): a member's dashboard or calendar read recomputes its own
   * organization's marked dates, as a cache fills. They are derived from the other tables, which stay digested;
   * the refresh runs in the reader's organization transaction, whose row-level security refuses another's rows.
   */
  keptFigures?: 'ignore';
};

/** The dashboard's and the calendar's kept figures and their marks (db/schema/dashboard.ts). */
const KEPT_FIGURES = new Set<string>(
  [
    dashboardDays,
    dashboardMarks,
    dashboardSessionDays,
    dashboardMoney,
    dashboardMoneyMarks,
    sessionCounts,
  ].map(getTableName),
);

/** md5 of each tenant table's rows in a stable order: equal digests mean nothing was written. */
export async function tenantDigest(db: Database, options: DigestOptions = {}): Promise<Digest> {
  const tables = (await tenantTables(db)).filter(
    (table) => options.keptFigures !== 'ignore' || !KEPT_FIGURES.has(table),
  );
  const where = (table: string) =>
    table === 'audit_log' && options.ownAuditedReads === 'ignore' ? ` where not (${OWN_AUDITED_READ})` : '';
  const selects = tables.map(
    (table) =>
      `select '${table}' as name, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from "${table}" t${where(table)}`,
  );
  const result = await rows<{ name: string; digest: string }>(db, sql.raw(selects.join(' union all ')));
  return new Map(result.map((row) => [row.name, row.digest]));
}

export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/** The other tenant's ids, names and e-mails found in an answer (compared without case). */
export function leakedSecrets(text: string, secrets: readonly string[]): string[] {
  const haystack = text.toLowerCase();
  return secrets.filter((secret) => haystack.includes(secret.toLowerCase()));
}

/** ARCHITECTURE §6: every non-2xx answer is `{ error: { code, message } }` with both non-empty. */
export function hasErrorShape(body: unknown): boolean {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return (
    typeof error?.code === 'string' &&
    error.code.length > 0 &&
    typeof error.message === 'string' &&
    error.message.length > 0
  );
}
