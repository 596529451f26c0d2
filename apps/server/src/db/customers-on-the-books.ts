import { type CustomerStatus, OFF_THE_BOOKS_STATUSES } from '@reformer/domain/customers';
import { type AnyColumn, notInArray, type SQL, sql } from 'drizzle-orm';

/** A customer's status column, of `customers` or of an alias or view of it. */
type CustomerStatusColumn = AnyColumn<{ data: CustomerStatus }>;

/**
 * The condition "this customer is still on the books" in SQL, built from the domain's OFF_THE_BOOKS_STATUSES
 * so every query leaves out the same customers and a new off-the-books status reaches them all at once.
 */
export function onTheBooks(status: CustomerStatusColumn): SQL {
  return notInArray(status, [...OFF_THE_BOOKS_STATUSES]);
}

// For the queries that wrote the statuses into their text: it stays as it was, and so do their plans. The
// statuses are the domain's enum constants, written unescaped.
const offTheBooksList = sql.raw(OFF_THE_BOOKS_STATUSES.map((status) => `'${status}'`).join(', '));

/** `onTheBooks` with the statuses written into the SQL text: `status not in ('DELETED', 'PURGED')`. */
export function onTheBooksLiterally(status: CustomerStatusColumn): SQL {
  return sql`${status} not in (${offTheBooksList})`;
}
