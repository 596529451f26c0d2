import type { CustomerStatus, CustomerValues } from '@reformer/domain/customers';
import { and, asc, count, eq, getTableColumns, like, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Filter = { words: string[]; status?: CustomerStatus; page: number; limit: number };

const {
  searchText: _searchText,
  sortName: _sortName,
  organizationId: _organizationId,
  ...customerColumns
} = getTableColumns(customers);

/** Byte-wise order of the unaccented name, the same on every server whatever its locale. */
const byName = sql`${customers.sortName} collate "C"`;

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Deleted and purged customers leave the lists; every word must appear in the searchable text. */
function listWhere(organizationId: string, filter: Pick<Filter, 'words' | 'status'>): SQL | undefined {
  return and(
    eq(customers.organizationId, organizationId),
    filter.status ? eq(customers.status, filter.status) : notInArray(customers.status, ['DELETED', 'PURGED']),
    ...filter.words.map((word) => like(customers.searchText, `%${escapeLike(word)}%`)),
  );
}

export async function listCustomers(db: Database, organizationId: string, filter: Filter) {
  const where = listWhere(organizationId, filter);
  // Page and total side by side: on PostgreSQL they run on two pooled connections at once.
  const [rows, [total]] = await Promise.all([
    db
      .select(customerColumns)
      .from(customers)
      .where(where)
      .orderBy(byName, asc(customers.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ value: count() }).from(customers).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function listAllCustomers(db: Database, organizationId: string, words: string[]) {
  return db
    .select(customerColumns)
    .from(customers)
    .where(listWhere(organizationId, { words }))
    .orderBy(byName, asc(customers.id));
}

export async function findCustomer(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)));
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

/** Edits apply only to customers still on the books: a purge or delete that commits first wins. */
export async function updateActiveCustomer(
  db: Database,
  organizationId: string,
  id: string,
  values: Partial<Omit<CustomerRow, 'organizationId' | 'id' | 'searchText' | 'sortName' | 'createdAt'>>,
) {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        eq(customers.id, id),
        notInArray(customers.status, ['DELETED', 'PURGED']),
      ),
    )
    .returning(customerColumns);
  return row ?? null;
}
