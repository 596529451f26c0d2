import { type CustomerStatus, type CustomerValues, OFF_THE_BOOKS_STATUSES } from '@reformer/domain/customers';
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  getViewSelectedFields,
  isNull,
  like,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { keptCustomerCount } from '../../db/customer-counts.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { pageWithTotal } from '../../db/page-with-total.ts';
import { preparedStatement } from '../../db/prepared.ts';
import {
  customers,
  customersInOrganization,
  scheduleSessions,
  sessionAttendance,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../db/search-pattern.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Filter = { words: string[]; status?: CustomerStatus; page: number; limit: number };

const {
  searchText: _searchText,
  sortName: _sortName,
  organizationId: _organizationId,
  ...customerColumns
} = getTableColumns(customers);

/**
 * Lists and searches read the organization's customers through the view that keeps the trigram index plan
 * under row-level security (db/schema/customers.ts); everything else reads and writes the table.
 */
const listed = customersInOrganization;
const {
  searchText: _listedSearchText,
  sortName: _listedSortName,
  organizationId: _listedOrganizationId,
  ...listedColumns
} = getViewSelectedFields(listed) as typeof listed._.selectedFields;

/** Byte-wise order of the unaccented name, the same on every server whatever its locale. */
const byName = sql`${listed.sortName} collate "C"`;

/** Every word must appear in the searchable text. */
function listWhere(
  organizationId: string | Placeholder,
  filter: { words: (string | Placeholder)[]; status?: CustomerStatus | Placeholder },
): SQL | undefined {
  return and(
    eq(listed.organizationId, organizationId),
    filter.status ? eq(listed.status, filter.status) : onTheBooks(listed.status),
    ...filter.words.map((word) => like(listed.searchText, word)),
  );
}

/**
 * The page and the total of one search shape (how many words, whether a status is chosen), built once: the
 * search runs on every keystroke of the customers screen. The values arrive as placeholders. The page carries
 * the total as an uncorrelated subquery — one statement and one round trip instead of two, each part keeping
 * its own plan (the page stops after `limit` rows in name order; a window count would read every match first);
 * `total` alone answers a page past the last, which has no row to carry it (decision 018).
 */
function preparedSearch(db: Database, wordCount: number, byStatus: boolean) {
  const shape = `${wordCount}w${byStatus ? '_status' : ''}`;
  const where = () =>
    listWhere(sql.placeholder('organizationId'), {
      words: Array.from({ length: wordCount }, (_, i) => sql.placeholder(`word${i}`)),
      status: byStatus ? sql.placeholder('status') : undefined,
    });
  // Nothing searched: the kept count; a search counts its matches.
  const counting = () =>
    wordCount === 0
      ? keptCustomerCount(
          db,
          sql.placeholder('organizationId'),
          byStatus ? sql.placeholder('status') : undefined,
        )
      : db.select({ value: count() }).from(listed).where(where());
  return {
    page: preparedStatement(db, `customers_page_${shape}`, (name) =>
      db
        .select({ ...listedColumns, total: sql<number>`(${counting()})::int` })
        .from(listed)
        .where(where())
        .orderBy(byName, asc(listed.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    ),
    total: preparedStatement(db, `customers_total_${shape}`, (name) => counting().prepare(name)),
  };
}

export async function listCustomers(db: Database, organizationId: string, filter: Filter) {
  const { page, total } = preparedSearch(db, filter.words.length, filter.status !== undefined);
  const values: Record<string, unknown> = {
    organizationId,
    status: filter.status,
    limit: filter.limit,
    offset: (filter.page - 1) * filter.limit,
  };
  filter.words.forEach((word, i) => {
    values[`word${i}`] = containsPattern(word);
  });
  return pageWithTotal(await page.execute(values), filter.page, async () => {
    const [counted] = await total.execute(values);
    return counted?.value ?? 0;
  });
}

export async function listAllCustomers(db: Database, organizationId: string, words: string[]) {
  return db
    .select(listedColumns)
    .from(listed)
    .where(listWhere(organizationId, { words: words.map(containsPattern) }))
    .orderBy(byName, asc(listed.id));
}

export async function findCustomer(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)));
  return row ?? null;
}

/**
 * The customer, share-locked until the transaction ends: a purge (which updates the row first) waits for a
 * data export reading the rest of their record, so an export is never half erased.
 */
export async function findCustomerForShare(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)))
    .for('share');
  return row ?? null;
}

export async function insertCustomer(
  db: Database,
  organizationId: string,
  id: string,
  values: CustomerValues,
) {
  const [row] = await db
    .insert(customers)
    .values({ organizationId, id, ...values })
    .returning(customerColumns);
  return row;
}

export async function updateCustomer(
  db: Database | Tx,
  organizationId: string,
  id: string,
  values: Partial<Omit<CustomerRow, 'organizationId' | 'id' | 'searchText' | 'createdAt'>>,
) {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)))
    .returning(customerColumns);
  return row ?? null;
}

/**
 * A change that applies only while the customer is in none of `unlessStatus` (by default: still on the
 * books). Decided by the UPDATE itself, so a purge or delete that commits first wins: PostgreSQL re-checks
 * the condition on the row a concurrent transaction just wrote.
 */
export async function updateCustomerUnless(
  db: Database,
  organizationId: string,
  id: string,
  values: Partial<Omit<CustomerRow, 'organizationId' | 'id' | 'searchText' | 'sortName' | 'createdAt'>>,
  unlessStatus: readonly CustomerRow['status'][] = OFF_THE_BOOKS_STATUSES,
) {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        eq(customers.id, id),
        notInArray(customers.status, [...unlessStatus]),
      ),
    )
    .returning(customerColumns);
  return row ?? null;
}

/**
 * A customer who leaves the books leaves the sessions ahead they were added to; sessions that have started
 * and check-ins stay as history.
 */
export async function removeFromUpcomingSessions(
  tx: Tx,
  organizationId: string,
  customerId: string,
  now: Date,
) {
  await tx.delete(sessionAttendance).where(
    and(
      eq(sessionAttendance.organizationId, organizationId),
      eq(sessionAttendance.customerId, customerId),
      eq(sessionAttendance.source, 'ADDED'),
      isNull(sessionAttendance.checkedInAt),
      sql`exists (select 1 from ${scheduleSessions} s
          where s.organization_id = ${sessionAttendance.organizationId} and s.id = ${sessionAttendance.sessionId}
            and s.starts_at > ${now})`,
    ),
  );
}
